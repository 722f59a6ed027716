/*
 * mysql_int.c: SQL functions for MySQL fixed-width little-endian integers
 * int<N> (core: src/core/mysql_int.h).
 */
#include "compat.h"

#include "mysql_glue.h"
#include "mysql_int.h"

/* bytea of v as int<width>, after the core's width and range checks. */
static Datum
int_le_bytea(uint64 v, int32 width)
{
	wc_error	err;
	bytea	   *r;

	if (wc_mysql_int_check(v, width, &err) != WC_OK)
		wc_report(&err, "MySQL int<N>");
	r = (bytea *) palloc(VARHDRSZ + width);
	SET_VARSIZE(r, VARHDRSZ + width);
	wc_mysql_int_write((uint8 *) VARDATA(r), v, width);
	PG_RETURN_BYTEA_P(r);
}

/* Width first, so a bad width is reported whatever the value. */
static void
check_width(int32 width)
{
	wc_error	err;

	if (wc_mysql_int_check(0, width, &err) != WC_OK)
		wc_report(&err, "MySQL int<N>");
}

PG_FUNCTION_INFO_V1(mysql_int_le_numeric);
Datum
mysql_int_le_numeric(PG_FUNCTION_ARGS)
{
	int32		width = PG_GETARG_INT32(1);

	char		what[16];

	check_width(width);
	snprintf(what, sizeof(what), "int<%d>", width);
	return int_le_bytea(mysql_numeric_uint64_for(PG_GETARG_NUMERIC(0), what,
												 wc_mysql_int_max(width)),
						width);
}

/* bigint and int overloads share this; v < 0 is out of range. */
static Datum
int_le_signed(int64 v, int32 width)
{
	check_width(width);
	if (v < 0 || (uint64) v > wc_mysql_int_max(width))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value " INT64_FORMAT " is out of range for int<%d>", v, width),
				 errdetail("Values of int<%d> range from 0 to " UINT64_FORMAT ".", width,
						   wc_mysql_int_max(width))));
	return int_le_bytea((uint64) v, width);
}

PG_FUNCTION_INFO_V1(mysql_int_le_int8);
Datum
mysql_int_le_int8(PG_FUNCTION_ARGS)
{
	return int_le_signed(PG_GETARG_INT64(0), PG_GETARG_INT32(1));
}

/* int overload: keeps mysql_int_le(1, 2) from being ambiguous. */
PG_FUNCTION_INFO_V1(mysql_int_le_int4);
Datum
mysql_int_le_int4(PG_FUNCTION_ARGS)
{
	return int_le_signed(PG_GETARG_INT32(0), PG_GETARG_INT32(1));
}

PG_FUNCTION_INFO_V1(mysql_int_le_decode);
Datum
mysql_int_le_decode(PG_FUNCTION_ARGS)
{
	bytea	   *buf = PG_GETARG_BYTEA_PP(0);
	size_t		len = VARSIZE_ANY_EXHDR(buf);
	size_t		pos = mysql_pos_arg(PG_GETARG_INT32(1), len);
	int32		width = PG_GETARG_INT32(2);
	uint64		v = 0;
	wc_error err;

	if (wc_mysql_int_get((const uint8 *) VARDATA_ANY(buf), len, pos, width, &v, &err) != WC_OK)
		wc_report(&err, "MySQL int<N>");
	return mysql_uint64_numeric(v);
}
