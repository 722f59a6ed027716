/*
 * mysql_lenenc.c: SQL functions for MySQL int<lenenc>, string<lenenc> and
 * string<NUL> (core: src/core/mysql_lenenc.c).
 */
#include "compat.h"

#include "access/htup_details.h"
#include "funcapi.h"

#include "mysql_glue.h"
#include "mysql_lenenc.h"

/* bytea of the canonical int<lenenc> of v: exactly 1/3/4/9 + VARHDRSZ. */
static inline Datum
lenenc_int_bytea(uint64 v)
{
	size_t		n = wc_mysql_lenenc_int_size(v);
	bytea	   *r = (bytea *) palloc(VARHDRSZ + n);

	SET_VARSIZE(r, VARHDRSZ + n);
	wc_mysql_lenenc_int_write((uint8 *) VARDATA(r), v);
	PG_RETURN_BYTEA_P(r);
}

/* Reject a negative bigint for an unsigned encoding. */
static inline uint64
unsigned_int8(int64 v)
{
	if (unlikely(v < 0))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value " INT64_FORMAT " is out of range for int<lenenc>", v),
				 errdetail("Values range from 0 to 18446744073709551615.")));
	return (uint64) v;
}

/* A (value, next_pos) record. */
static Datum
value_pos_record(FunctionCallInfo fcinfo, Datum value, bool isnull, size_t next)
{
	Datum		values[2];
	bool		nulls[2];

	values[0] = value;
	nulls[0] = isnull;
	values[1] = Int32GetDatum((int32) next);
	nulls[1] = false;
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

PG_FUNCTION_INFO_V1(mysql_lenenc_int_int8);
Datum
mysql_lenenc_int_int8(PG_FUNCTION_ARGS)
{
	return lenenc_int_bytea(unsigned_int8(PG_GETARG_INT64(0)));
}

/* int overload: without it an integer literal matches bigint and numeric
 * equally well and the call is ambiguous. */
PG_FUNCTION_INFO_V1(mysql_lenenc_int_int4);
Datum
mysql_lenenc_int_int4(PG_FUNCTION_ARGS)
{
	return lenenc_int_bytea(unsigned_int8(PG_GETARG_INT32(0)));
}

PG_FUNCTION_INFO_V1(mysql_lenenc_int_numeric);
Datum
mysql_lenenc_int_numeric(PG_FUNCTION_ARGS)
{
	return lenenc_int_bytea(mysql_numeric_uint64(PG_GETARG_NUMERIC(0)));
}

PG_FUNCTION_INFO_V1(mysql_lenenc_int_size_numeric);
Datum
mysql_lenenc_int_size_numeric(PG_FUNCTION_ARGS)
{
	uint64		v = mysql_numeric_uint64(PG_GETARG_NUMERIC(0));

	PG_RETURN_INT32((int32) wc_mysql_lenenc_int_size(v));
}

PG_FUNCTION_INFO_V1(mysql_lenenc_int_decode);
Datum
mysql_lenenc_int_decode(PG_FUNCTION_ARGS)
{
	bytea	   *buf = PG_GETARG_BYTEA_PP(0);
	size_t		len = VARSIZE_ANY_EXHDR(buf);
	size_t		pos = mysql_pos_arg(PG_GETARG_INT32(1), len);
	uint64		v = 0;
	size_t		next = 0;
	wc_error err;
	wc_status st;

	st = wc_mysql_lenenc_int_get((const uint8 *) VARDATA_ANY(buf), len, pos, &v, &next, &err);
	if (st == WC_NULL)
		return value_pos_record(fcinfo, (Datum) 0, true, next);
	if (st != WC_OK)
		wc_report(&err, "MySQL int<lenenc>");
	return value_pos_record(fcinfo, mysql_uint64_numeric(v), false, next);
}

PG_FUNCTION_INFO_V1(mysql_lenenc_str);
Datum
mysql_lenenc_str(PG_FUNCTION_ARGS)
{
	bytea	   *src = PG_GETARG_BYTEA_PP(0);
	size_t		n = VARSIZE_ANY_EXHDR(src);
	size_t		size = wc_mysql_lenenc_str_size(n);
	bytea	   *r;

	r = (bytea *) wc_alloc_varlena(size, "result");
	wc_mysql_lenenc_str_write((uint8 *) VARDATA(r), (const uint8 *) VARDATA_ANY(src), n);
	PG_RETURN_BYTEA_P(r);
}

/* The core's string readers share one signature. */
typedef wc_status (*string_getter) (const uint8_t *buf, size_t len, size_t pos,
										  wc_mysql_slice *out, size_t *next,
										  wc_error *err);

/* (value bytea, next_pos) of the string at (buf, pos); NULL for 0xFB. */
static Datum
string_decode(FunctionCallInfo fcinfo, string_getter get, const char *subject)
{
	bytea	   *buf = PG_GETARG_BYTEA_PP(0);
	const uint8 *p = (const uint8 *) VARDATA_ANY(buf);
	size_t		len = VARSIZE_ANY_EXHDR(buf);
	size_t		pos = mysql_pos_arg(PG_GETARG_INT32(1), len);
	wc_mysql_slice s;
	size_t		next = 0;
	wc_error err;
	wc_status st = get(p, len, pos, &s, &next, &err);

	if (st == WC_NULL)
		return value_pos_record(fcinfo, (Datum) 0, true, next);
	if (st != WC_OK)
		wc_report(&err, subject);
	return value_pos_record(fcinfo, PointerGetDatum(wc_varlena_copy(p + s.off, s.len, "result")),
							false, next);
}

PG_FUNCTION_INFO_V1(mysql_lenenc_str_decode);
Datum
mysql_lenenc_str_decode(PG_FUNCTION_ARGS)
{
	return string_decode(fcinfo, wc_mysql_lenenc_str_get, "MySQL string<lenenc>");
}

PG_FUNCTION_INFO_V1(mysql_null_str);
Datum
mysql_null_str(PG_FUNCTION_ARGS)
{
	bytea	   *src = PG_GETARG_BYTEA_PP(0);
	const uint8 *p = (const uint8 *) VARDATA_ANY(src);
	size_t		n = VARSIZE_ANY_EXHDR(src);
	size_t		size = wc_mysql_null_str_size(n);
	wc_error err;
	wc_status st;
	bytea	   *r;

	st = wc_mysql_null_str_check(p, n, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL string<NUL>");
	r = (bytea *) wc_alloc_varlena(size, "result");
	wc_mysql_null_str_write((uint8 *) VARDATA(r), p, n);
	PG_RETURN_BYTEA_P(r);
}

PG_FUNCTION_INFO_V1(mysql_null_str_decode);
Datum
mysql_null_str_decode(PG_FUNCTION_ARGS)
{
	return string_decode(fcinfo, wc_mysql_null_str_get, "MySQL string<NUL>");
}
