/*
 * mysql_int.c: SQL functions for MySQL fixed-width little-endian integers
 * int<N> (core: src/core/mysql_int.h).
 */
#include "compat.h"

#include "mysql_glue.h"
#include "mysql_int.h"

/* bytea of v as int<width>, after the core's width and range checks. */
static Datum
int_le_bytea(uint64 v, int32 width, const char *func)
{
	wc_mysql_error err;
	wc_mysql_status st = wc_mysql_int_check(v, width, &err);
	bytea	   *r;
	char		what[16];

	if (st != WC_MYSQL_OK)
	{
		snprintf(what, sizeof(what), "int<%d>", width);
		mysql_raise(func, what, st, &err);
	}
	r = (bytea *) palloc(VARHDRSZ + width);
	SET_VARSIZE(r, VARHDRSZ + width);
	wc_mysql_int_write((uint8 *) VARDATA(r), v, width);
	PG_RETURN_BYTEA_P(r);
}

/* Width first, so a bad width is reported whatever the value. */
static void
check_width(int32 width, const char *func)
{
	wc_mysql_error err;

	if (wc_mysql_int_check(0, width, &err) != WC_MYSQL_OK)
		mysql_raise(func, "int<N>", WC_MYSQL_ERR_WIDTH, &err);
}

PG_FUNCTION_INFO_V1(mysql_int_le_numeric);
Datum
mysql_int_le_numeric(PG_FUNCTION_ARGS)
{
	int32		width = PG_GETARG_INT32(1);

	char		what[16];

	check_width(width, "mysql_int_le");
	snprintf(what, sizeof(what), "int<%d>", width);
	return int_le_bytea(mysql_numeric_uint64_for(PG_GETARG_NUMERIC(0), "mysql_int_le", what,
												 wc_mysql_int_max(width)),
						width, "mysql_int_le");
}

/* bigint and int overloads share this; v < 0 is out of range. */
static Datum
int_le_signed(int64 v, int32 width)
{
	check_width(width, "mysql_int_le");
	if (v < 0)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("mysql_int_le: value " INT64_FORMAT " is out of range for int<%d>", v, width),
				 errdetail("Values of int<%d> range from 0 to " UINT64_FORMAT ".", width,
						   wc_mysql_int_max(width))));
	return int_le_bytea((uint64) v, width, "mysql_int_le");
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
	size_t		pos = mysql_pos_arg(PG_GETARG_INT32(1), len, "mysql_int_le_decode");
	int32		width = PG_GETARG_INT32(2);
	uint64		v = 0;
	wc_mysql_error err;
	wc_mysql_status st;
	char		what[16];

	st = wc_mysql_int_get((const uint8 *) VARDATA_ANY(buf), len, pos, width, &v, &err);
	if (st != WC_MYSQL_OK)
	{
		snprintf(what, sizeof(what), "int<%d>", width);
		mysql_raise("mysql_int_le_decode", what, st, &err);
	}
	return mysql_uint64_numeric(v);
}
