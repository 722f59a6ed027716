/*
 * mysql_command.c: SQL functions for COM_QUERY and COM_STMT_EXECUTE
 * (core: src/core/mysql_command.c).
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "mysql_command.h"
#include "mysql_glue.h"

/*
 * The parameters of a checked block as arrays: types (the int<2> as sent:
 * type byte, 0x8000 for UNSIGNED), names (when named) and values (as
 * sent, NULL for NULL parameters).  Unbound blocks give NULL arrays.
 */
static void
params_arrays(const uint8 *buf, size_t len, const wc_mysql_params *ps,
			  Datum *values, bool *nulls)
{
	int			n = (int) ps->count;
	Datum	   *types,
			   *names,
			   *vals;
	bool	   *vnulls;
	wc_mysql_param_cursor c;
	int			dims[1];
	int			lbs[1] = {1};

	nulls[0] = nulls[1] = nulls[2] = !ps->bound;
	if (!ps->bound)
		return;
	if (ps->count > (uint64) MaxArraySize)
		wc_report_too_large("array", (size_t) ps->count, "parameters", MaxArraySize);
	dims[0] = n;
	types = palloc(sizeof(Datum) * (n ? n : 1));
	names = palloc(sizeof(Datum) * (n ? n : 1));
	vals = palloc(sizeof(Datum) * (n ? n : 1));
	vnulls = palloc(sizeof(bool) * (n ? n : 1));
	wc_mysql_param_cursor_init(ps, &c);
	for (int i = 0; i < n; i++)
	{
		wc_mysql_param p;

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		(void) wc_mysql_param_next(buf, len, ps, &c, &p, NULL);
		types[i] = Int32GetDatum(p.type | (p.is_unsigned ? 0x8000 : 0));
		if (ps->named)
			names[i] = mysql_utf8_text(buf + p.name.off, p.name.len, "parameter name",
									   p.name.off);
		vnulls[i] = p.value.is_null;
		vals[i] = p.value.is_null ? (Datum) 0 :
			PointerGetDatum(wc_varlena_copy(buf + p.value.off, p.value.len, "result"));
	}
	values[0] = PointerGetDatum(construct_array(types, n, INT4OID, 4, true, TYPALIGN_INT));
	nulls[1] = !ps->named;
	if (ps->named)
		values[1] = PointerGetDatum(construct_array(names, n, TEXTOID, -1, false, TYPALIGN_INT));
	values[2] = PointerGetDatum(construct_md_array(vals, vnulls, 1, dims, lbs, BYTEAOID, -1,
												   false, TYPALIGN_INT));
}

/* mysql_com_query_decode(payload, capabilities). */
PG_FUNCTION_INFO_V1(mysql_com_query_decode);
Datum
mysql_com_query_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	size_t		len = VARSIZE_ANY_EXHDR(payload);
	wc_mysql_com_query q;
	wc_error err;
	wc_status st;
	Datum		values[4];
	bool		nulls[4] = {false, false, false, false};

	st = wc_mysql_com_query_decode(buf, len, mysql_caps_arg(PG_GETARG_INT64(1)), &q, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL COM_QUERY");
	values[0] = PointerGetDatum(wc_varlena_copy(buf + q.query.off, q.query.len, "result"));
	params_arrays(buf, len, &q.attrs, values + 1, nulls + 1);
	if (q.attrs.count == 0)
	{
		/* no attributes: empty arrays, not NULL, when the block was sent */
		nulls[1] = nulls[2] = nulls[3] = !q.has_attributes;
		if (q.has_attributes)
		{
			values[1] = PointerGetDatum(construct_empty_array(INT4OID));
			values[2] = PointerGetDatum(construct_empty_array(TEXTOID));
			values[3] = PointerGetDatum(construct_empty_array(BYTEAOID));
		}
	}
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

/*
 * COM_STMT_EXECUTE's fields; long_data: bit i says parameter i was streamed
 * with COM_STMT_SEND_LONG_DATA (its type is in the packet, its value is not:
 * param_values holds NULL for it).  Bytes after the last parameter, which
 * the servers ignore, go to the trailing_bytes column (with_trailing) or else to
 * a NOTICE (the 0.2 signature has no column for them).
 */
static Datum
execute_decode(FunctionCallInfo fcinfo, uint64 long_data, bool with_trailing)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	size_t		len = VARSIZE_ANY_EXHDR(payload);
	uint64		num_params;
	wc_mysql_stmt_execute ex;
	wc_error err;
	wc_status st;
	Datum		values[9];
	bool		nulls[9];

	memset(nulls, 0, sizeof(nulls));
	num_params = mysql_num_params_arg(PG_GETARG_INT32(1));
	if (num_params < 64 && (long_data >> num_params) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("long_data names a parameter the statement does not have"),
				 errdetail("Bit %d is set; the statement has %d parameters (bit i: parameter i, from 0).",
						   63 - __builtin_clzll(long_data), (int) num_params)));
	st = wc_mysql_stmt_execute_decode_streamed(buf, len, mysql_caps_arg(PG_GETARG_INT64(2)),
											   num_params, long_data, &ex, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL COM_STMT_EXECUTE");
	values[0] = Int64GetDatum((int64) ex.statement_id);
	values[1] = Int32GetDatum(ex.flags);
	values[2] = Int64GetDatum((int64) ex.iteration_count);
	nulls[3] = ex.params.count == 0;
	values[3] = BoolGetDatum(ex.params.bound);
	if (ex.params.count == 0)
	{
		values[4] = PointerGetDatum(construct_empty_array(INT4OID));
		nulls[5] = true;
		values[6] = PointerGetDatum(construct_empty_array(BYTEAOID));
	}
	else
		params_arrays(buf, len, &ex.params, values + 4,
					  nulls + 4);
	values[7] = PointerGetDatum(wc_varlena_copy(buf + ex.params.values_off,
												ex.params.values_end - ex.params.values_off,
												"result"));
	nulls[8] = ex.trailing_off == len;
	if (with_trailing && ex.trailing_off < len)
		values[8] = PointerGetDatum(wc_varlena_copy(buf + ex.trailing_off,
													len - ex.trailing_off, "result"));
	else if (ex.trailing_off < len)
		ereport(NOTICE,
				(errmsg_plural("MySQL COM_STMT_EXECUTE: %zu byte after the last parameter ignored, as the servers ignore it",
							   "MySQL COM_STMT_EXECUTE: %zu bytes after the last parameter ignored, as the servers ignore them",
							   len - ex.trailing_off, len - ex.trailing_off),
				 errdetail("At byte offset %zu.", ex.trailing_off)));
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

/* mysql_com_stmt_execute_decode(payload, num_params, capabilities). */
PG_FUNCTION_INFO_V1(mysql_com_stmt_execute_decode);
Datum
mysql_com_stmt_execute_decode(PG_FUNCTION_ARGS)
{
	return execute_decode(fcinfo, 0, false);
}

/* mysql_com_stmt_execute_decode(payload, num_params, capabilities, long_data). */
PG_FUNCTION_INFO_V1(mysql_com_stmt_execute_decode_streamed);
Datum
mysql_com_stmt_execute_decode_streamed(PG_FUNCTION_ARGS)
{
	return execute_decode(fcinfo, (uint64) PG_GETARG_INT64(3), true);
}
