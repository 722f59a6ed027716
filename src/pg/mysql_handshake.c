/*
 * mysql_handshake.c: SQL functions for the connection phase: Initial
 * Handshake v10, Handshake Response 41, Auth Switch Request (core:
 * src/core/mysql_handshake.c).
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "mysql_glue.h"
#include "mysql_handshake.h"

PG_FUNCTION_INFO_V1(mysql_handshake_decode);
Datum
mysql_handshake_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	wc_mysql_handshake hs;
	wc_error err;
	wc_status st;
	Datum		values[8];
	bool		nulls[8] = {false, false, false, false, false, false, false, false};
	bytea	   *scramble;
	size_t		n2;

	st = wc_mysql_handshake_decode(buf, VARSIZE_ANY_EXHDR(payload), &hs, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL initial handshake");
	values[0] = Int32GetDatum(hs.protocol_version);
	values[1] = mysql_utf8_text(buf + hs.server_version.off, hs.server_version.len, "server_version",
								hs.server_version.off);
	values[2] = Int64GetDatum((int64) hs.connection_id);
	values[3] = Int64GetDatum((int64) hs.capabilities);
	nulls[4] = nulls[5] = !hs.has_tail;
	values[4] = Int32GetDatum(hs.charset);
	values[5] = Int32GetDatum(hs.status_flags);
	/* the scramble: part 1 and part 2 together */
	n2 = hs.auth_data_2.is_null ? 0 : hs.auth_data_2.len;
	scramble = (bytea *) palloc(VARHDRSZ + 8 + n2);
	SET_VARSIZE(scramble, VARHDRSZ + 8 + n2);
	memcpy(VARDATA(scramble), buf + hs.auth_data_1.off, 8);
	if (n2)
		memcpy(VARDATA(scramble) + 8, buf + hs.auth_data_2.off, n2);
	values[6] = PointerGetDatum(scramble);
	values[7] = mysql_utf8_text_or_null(buf, &hs.auth_plugin,
										"auth_plugin_name", &nulls[7]);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

PG_FUNCTION_INFO_V1(mysql_handshake_response_decode);
Datum
mysql_handshake_response_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	wc_mysql_handshake_response hr;
	wc_error err;
	wc_status st;
	Datum		values[11];
	bool		nulls[11];

	memset(nulls, 0, sizeof(nulls));
	st = wc_mysql_handshake_response_decode(buf, VARSIZE_ANY_EXHDR(payload), &hr, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL handshake response");
	values[0] = Int64GetDatum((int64) hr.capabilities);
	values[1] = Int64GetDatum((int64) hr.max_packet_size);
	values[2] = Int32GetDatum(hr.charset);
	values[3] = BoolGetDatum(hr.ssl_request);
	values[4] = mysql_utf8_text_or_null(buf, &hr.username, "username", &nulls[4]);
	values[5] = mysql_bytea_or_null(buf, &hr.auth_response, &nulls[5]);
	values[6] = mysql_utf8_text_or_null(buf, &hr.database, "database", &nulls[6]);
	values[7] = mysql_utf8_text_or_null(buf, &hr.auth_plugin, "client_plugin_name",
										&nulls[7]);
	nulls[8] = nulls[9] = hr.attrs.is_null;
	if (!hr.attrs.is_null)
	{
		Datum	   *keys = palloc(sizeof(Datum) * (hr.nattrs ? hr.nattrs : 1));
		Datum	   *vals = palloc(sizeof(Datum) * (hr.nattrs ? hr.nattrs : 1));
		size_t		pos = hr.attrs.off,
					end = hr.attrs.off + hr.attrs.len;

		for (size_t i = 0; i < hr.nattrs; i++)
		{
			wc_mysql_slice k,
						v;

			wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
			wc_mysql_attr_next(buf, end, pos, &k, &v, &pos);
			keys[i] = mysql_utf8_text(buf + k.off, k.len, "connection attribute name", k.off);
			vals[i] = mysql_utf8_text(buf + v.off, v.len, "connection attribute value", v.off);
		}
		values[8] = PointerGetDatum(construct_array(keys, (int) hr.nattrs, TEXTOID, -1, false,
													TYPALIGN_INT));
		values[9] = PointerGetDatum(construct_array(vals, (int) hr.nattrs, TEXTOID, -1, false,
													TYPALIGN_INT));
	}
	nulls[10] = hr.zstd_level < 0;
	values[10] = Int32GetDatum(hr.zstd_level);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

PG_FUNCTION_INFO_V1(mysql_auth_switch_decode);
Datum
mysql_auth_switch_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	wc_mysql_auth_switch as;
	wc_error err;
	wc_status st;
	Datum		values[2];
	bool		nulls[2];

	st = wc_mysql_auth_switch_decode(buf, VARSIZE_ANY_EXHDR(payload), &as, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL auth switch request");
	values[0] = mysql_utf8_text_or_null(buf, &as.plugin,
										"plugin_name", &nulls[0]);
	values[1] = mysql_bytea_or_null(buf, &as.data, &nulls[1]);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}
