/*
 * mysql_packet.c: SQL functions for MySQL packet framing and reassembly and
 * for text rows, Column Definition 41 and OK packets (core:
 * src/core/mysql_packet.c).
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "mysql_glue.h"
#include "mysql_lenenc.h"
#include "mysql_packet.h"

PG_FUNCTION_INFO_V1(mysql_packet_frame);
Datum
mysql_packet_frame(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	int32		seq = PG_GETARG_INT32(1);
	size_t		n = VARSIZE_ANY_EXHDR(payload);
	int			ok;
	size_t		size = wc_mysql_frame_size(n, &ok);
	bytea	   *r;

	if (seq < 0 || seq > 255)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("mysql_packet_frame: sequence id %d is out of range", seq),
				 errdetail("A sequence id is one byte, 0 to 255.")));
	if (!ok)
		size = SIZE_MAX;
	mysql_check_bytea_size(size, "mysql_packet_frame");
	r = (bytea *) palloc(VARHDRSZ + size);
	SET_VARSIZE(r, VARHDRSZ + size);
	wc_mysql_frame_write((uint8 *) VARDATA(r), (const uint8 *) VARDATA_ANY(payload), n,
						 (uint8) seq);
	PG_RETURN_BYTEA_P(r);
}

/* State of mysql_packets between calls. */
typedef struct packets_state
{
	bytea	   *stream;
	size_t		pos;
	int			index;
} packets_state;

PG_FUNCTION_INFO_V1(mysql_packets);
Datum
mysql_packets(PG_FUNCTION_ARGS)
{
	FuncCallContext *fctx;
	packets_state *state;
	const uint8 *buf;
	size_t		len;
	wc_mysql_packet pkt;
	wc_mysql_error err;
	wc_mysql_status st;
	size_t		next;
	bytea	   *payload;
	Datum		values[3];
	bool		nulls[3] = {false, false, false};

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext old;

		fctx = SRF_FIRSTCALL_INIT();
		old = MemoryContextSwitchTo(fctx->multi_call_memory_ctx);
		state = (packets_state *) palloc(sizeof(packets_state));
		state->stream = PG_GETARG_BYTEA_PP(0);
		state->pos = 0;
		state->index = 0;
		fctx->user_fctx = state;
		if (get_call_result_type(fcinfo, NULL, &fctx->tuple_desc) != TYPEFUNC_COMPOSITE)
			elog(ERROR, "mysql_packets called in context that cannot accept type record");
		fctx->tuple_desc = BlessTupleDesc(fctx->tuple_desc);
		MemoryContextSwitchTo(old);
	}
	fctx = SRF_PERCALL_SETUP();
	state = (packets_state *) fctx->user_fctx;
	buf = (const uint8 *) VARDATA_ANY(state->stream);
	len = VARSIZE_ANY_EXHDR(state->stream);
	if (state->pos >= len)
		SRF_RETURN_DONE(fctx);

	st = wc_mysql_packet_next(buf, len, state->pos, &pkt, &next, &err);
	if (st != WC_MYSQL_OK)
	{
		char		what[32];

		snprintf(what, sizeof(what), "packet %d", state->index + 1);
		mysql_raise("mysql_packets", what, st, &err);
	}
	payload = (bytea *) palloc(VARHDRSZ + pkt.length);
	SET_VARSIZE(payload, VARHDRSZ + pkt.length);
	wc_mysql_packet_gather(buf, &pkt, (uint8 *) VARDATA(payload));
	state->pos = next;
	state->index++;

	values[0] = Int32GetDatum(pkt.seq);
	values[1] = PointerGetDatum(payload);
	values[2] = Int64GetDatum((int64) pkt.offset);
	SRF_RETURN_NEXT(fctx, HeapTupleGetDatum(heap_form_tuple(fctx->tuple_desc, values, nulls)));
}

/*
 * The columns of a checked text row as bytea[] (NULL elements for 0xFB),
 * built in place: one pass sizes the array, one palloc, one pass copies each
 * column's bytes straight from the payload (no per-element bytea, no second
 * copy as construct_md_array would make).
 */
static Datum
text_row_array(const uint8 *buf, size_t len, size_t ncols)
{
	size_t		pos = 0;
	size_t		data = 0;
	size_t		nnulls = 0;
	size_t		overhead,
				total,
				fixed = sizeof(ArrayType) + 2 * sizeof(int);
	ArrayType  *a;
	bits8	   *bitmap;
	char	   *d;

	if (ncols == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(BYTEAOID));
	for (size_t i = 0; i < ncols; i++)
	{
		wc_mysql_slice s;

		/* checked by wc_mysql_text_row_count: OK or NULL */
		(void) wc_mysql_lenenc_str_get(buf, len, pos, &s, &pos, NULL);
		if (s.is_null)
			nnulls++;
		else
			data += INTALIGN(VARHDRSZ + s.len);
	}
	overhead = nnulls ? ARR_OVERHEAD_WITHNULLS(1, ncols) : ARR_OVERHEAD_NONULLS(1);
	total = overhead + data;
	if (total > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("mysql_text_row_decode: array of %zu columns would take %zu bytes, more than the maximum of %zu",
						ncols, total, (size_t) MaxAllocSize)));
	a = (ArrayType *) palloc(total);
	SET_VARSIZE(a, total);
	a->ndim = 1;
	a->dataoffset = nnulls ? (int32) overhead : 0;
	a->elemtype = BYTEAOID;
	ARR_DIMS(a)[0] = (int) ncols;
	ARR_LBOUND(a)[0] = 1;
	/* null bitmap (all "null" until set) and alignment padding */
	memset((char *) a + fixed, 0, overhead - fixed);
	bitmap = nnulls ? (bits8 *) a + fixed : NULL;
	d = (char *) a + overhead;	/* ARR_DATA_PTR, in both layouts */
	pos = 0;
	for (size_t i = 0; i < ncols; i++)
	{
		wc_mysql_slice s;
		size_t		n;

		(void) wc_mysql_lenenc_str_get(buf, len, pos, &s, &pos, NULL);
		if (s.is_null)
			continue;
		if (bitmap)
			bitmap[i / 8] |= (bits8) (1 << (i % 8));
		n = VARHDRSZ + s.len;
		SET_VARSIZE(d, n);
		if (s.len)
			memcpy(VARDATA(d), buf + s.off, s.len);
		if (INTALIGN(n) > n)
			memset(d + n, 0, INTALIGN(n) - n);
		d += INTALIGN(n);
	}
	PG_RETURN_ARRAYTYPE_P(a);
}

/* Check a text row (and its column count when expect >= 0). */
static size_t
text_row_check(const uint8 *buf, size_t len, int64 expect)
{
	size_t		ncols = 0;
	wc_mysql_error err;
	wc_mysql_status st = wc_mysql_text_row_count(buf, len, &ncols, &err);

	if (st != WC_MYSQL_OK)
	{
		char		what[48];

		snprintf(what, sizeof(what), "column %d (string<lenenc>)", err.field + 1);
		mysql_raise("mysql_text_row_decode", what, st, &err);
	}
	/* a payload of 1 GB of 0xFB would be 10^9 NULL columns */
	if (ncols > MaxArraySize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("mysql_text_row_decode: row of %zu columns exceeds the maximum array size (%d)",
						ncols, (int) MaxArraySize)));
	if (expect >= 0 && (uint64) expect != ncols)
	{
		err.offset = len;
		err.need = (uint64) expect;
		err.have = ncols;
		err.field = -1;
		err.prefix = 0;
		mysql_raise("mysql_text_row_decode", "row", WC_MYSQL_ERR_COLUMN_COUNT, &err);
	}
	return ncols;
}

PG_FUNCTION_INFO_V1(mysql_text_row_decode);
Datum
mysql_text_row_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	size_t		len = VARSIZE_ANY_EXHDR(payload);

	return text_row_array(buf, len, text_row_check(buf, len, -1));
}

PG_FUNCTION_INFO_V1(mysql_text_row_decode_n);
Datum
mysql_text_row_decode_n(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	int32		expect = PG_GETARG_INT32(1);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	size_t		len = VARSIZE_ANY_EXHDR(payload);

	if (expect < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("mysql_text_row_decode: column count %d is negative", expect)));
	return text_row_array(buf, len, text_row_check(buf, len, expect));
}

/* A column definition string as text, or NULL; it must be valid in the
 * database encoding. */
static Datum
column_def_text(const uint8 *buf, const wc_mysql_slice *s, int field, bool *isnull)
{
	*isnull = s->is_null;
	if (s->is_null)
		return (Datum) 0;
	if (!pg_verifymbstr((const char *) buf + s->off, (int) s->len, true))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("mysql_column_def_decode: field \"%s\" at byte offset %zu is not valid %s",
						wc_mysql_column_def_fields[field], s->off, GetDatabaseEncodingName())));
	return PointerGetDatum(cstring_to_text_with_len((const char *) buf + s->off, (int) s->len));
}

PG_FUNCTION_INFO_V1(mysql_column_def_decode);
Datum
mysql_column_def_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	size_t		len = VARSIZE_ANY_EXHDR(payload);
	wc_mysql_column_def cd;
	wc_mysql_error err;
	wc_mysql_status st;
	Datum		values[11];
	bool		nulls[11];

	st = wc_mysql_column_def_decode(buf, len, &cd, &err);
	if (st != WC_MYSQL_OK)
	{
		char		what[64];

		if (st == WC_MYSQL_ERR_TRAILING)
			snprintf(what, sizeof(what), "column definition");
		else
			snprintf(what, sizeof(what), "field \"%s\"", wc_mysql_column_def_fields[err.field]);
		mysql_raise("mysql_column_def_decode", what, st, &err);
	}
	for (int i = 0; i < WC_MYSQL_CD_NSTRINGS; i++)
		values[i] = column_def_text(buf, &cd.str[i], i, &nulls[i]);
	values[6] = Int32GetDatum(cd.charset);
	values[7] = Int64GetDatum((int64) cd.column_length);
	values[8] = Int32GetDatum(cd.type);
	values[9] = Int32GetDatum(cd.flags);
	values[10] = Int32GetDatum(cd.decimals);
	memset(nulls + 6, 0, 5 * sizeof(bool));
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

PG_FUNCTION_INFO_V1(mysql_ok_packet_decode);
Datum
mysql_ok_packet_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	size_t		len = VARSIZE_ANY_EXHDR(payload);
	wc_mysql_ok ok;
	wc_mysql_error err;
	wc_mysql_status st;
	Datum		values[5];
	bool		nulls[5] = {false, false, false, false, false};

	st = wc_mysql_ok_decode(buf, len, &ok, &err);
	if (st != WC_MYSQL_OK)
	{
		char		what[64];

		snprintf(what, sizeof(what), "%s%s%s", err.field == WC_MYSQL_OK_HEADER ? "OK packet " : "field \"",
				 wc_mysql_ok_fields[err.field], err.field == WC_MYSQL_OK_HEADER ? "" : "\"");
		mysql_raise("mysql_ok_packet_decode", what, st, &err);
	}
	nulls[0] = ok.affected_rows_null;
	values[0] = ok.affected_rows_null ? (Datum) 0 : mysql_uint64_numeric(ok.affected_rows);
	nulls[1] = ok.last_insert_id_null;
	values[1] = ok.last_insert_id_null ? (Datum) 0 : mysql_uint64_numeric(ok.last_insert_id);
	values[2] = Int32GetDatum(ok.status_flags);
	values[3] = Int32GetDatum(ok.warnings);
	values[4] = PointerGetDatum(mysql_bytea(buf + ok.info.off, ok.info.len));
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}
