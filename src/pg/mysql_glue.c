/*
 * mysql_glue.c: shared helpers of the MySQL protocol glue (see
 * mysql_glue.h): numeric <-> unsigned 64-bit, argument checks, UTF-8 text.
 * Errors of the core go through wc_report (src/pg/wc_report.h).
 */
#include "compat.h"

#include "funcapi.h"
#include "utils/builtins.h"
#include "mb/pg_wchar.h"
#include "utils/memutils.h"

#include "mysql_glue.h"
#include "srf.h"
#include "wc_report.h"

/* Constants of the numeric conversions, built once per backend. */
static Numeric n_zero,
			n_int64_max,
			n_two63,
			n_uint64_max;

static void
init_constants(void)
{
	MemoryContext old;

	if (n_uint64_max)
		return;
	old = MemoryContextSwitchTo(TopMemoryContext);
	n_zero = int64_to_numeric(0);
	n_int64_max = int64_to_numeric(PG_INT64_MAX);
	n_two63 = DatumGetNumeric(DirectFunctionCall3(numeric_in,
												  CStringGetDatum("9223372036854775808"),
												  ObjectIdGetDatum(InvalidOid),
												  Int32GetDatum(-1)));
	n_uint64_max = DatumGetNumeric(DirectFunctionCall3(numeric_in,
													   CStringGetDatum("18446744073709551615"),
													   ObjectIdGetDatum(InvalidOid),
													   Int32GetDatum(-1)));
	MemoryContextSwitchTo(old);
}

static inline int
ncmp(Numeric a, Numeric b)
{
	return DatumGetInt32(DirectFunctionCall2(numeric_cmp, NumericGetDatum(a),
											 NumericGetDatum(b)));
}

Datum
mysql_uint64_numeric(uint64 v)
{
	if (v <= (uint64) PG_INT64_MAX)
		return NumericGetDatum(int64_to_numeric((int64) v));
	init_constants();
	return NumericGetDatum(numeric_add_opt_error(int64_to_numeric((int64) (v - ((uint64) 1 << 63))),
												 n_two63, NULL));
}

/* ERROR: num (finite) is below 0 or above the maximum of what (NULL:
 * any unsigned 64-bit value). */
static void WC_NORETURN
numeric_out_of_range(Numeric num, const char *what, uint64 max)
{
	char	   *v = DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(num)));

	if (what)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value %s is out of range for %s", v, what),
				 errdetail("Values of %s range from 0 to " UINT64_FORMAT ".", what, max)));
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("value %s is out of range", v),
			 errdetail("Values range from 0 to 18446744073709551615.")));
}

/* ERROR: num (in range) has a fraction. */
static void WC_NORETURN
numeric_not_integer(Numeric num)
{
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("value %s is not an integer", DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(num))))));
}

/* No fraction digits (2.000 is an integer, 2.5 is not). */
static inline bool
numeric_integral(Numeric num)
{
	return DatumGetInt32(DirectFunctionCall1(numeric_min_scale, NumericGetDatum(num))) == 0;
}

static inline int64
numeric_to_int64(Numeric num)
{
	return DatumGetInt64(DirectFunctionCall1(numeric_int8, NumericGetDatum(num)));
}

/*
 * Four calls on the common path (0 <= num <= INT64_MAX): two comparisons,
 * the fraction check, numeric_int8.  The sign is checked before
 * numeric_int8, which would otherwise raise its own "bigint out of range"
 * (not naming func) below -2^63.  Above INT64_MAX, 2^63 is subtracted first
 * so numeric_int8 still applies; no detour through text.
 */
uint64
mysql_numeric_uint64(Numeric num)
{
	return mysql_numeric_uint64_for(num, NULL, PG_UINT64_MAX);
}

uint64
mysql_numeric_uint64_for(Numeric num, const char *what, uint64 max)
{
	uint64		v;

	if (numeric_is_nan(num))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("NaN is not an unsigned integer")));
	if (numeric_is_inf(num))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("infinity is out of range"),
				 what ? errdetail("Values of %s range from 0 to " UINT64_FORMAT ".", what, max) :
				 errdetail("Values range from 0 to 18446744073709551615.")));
	init_constants();
	if (ncmp(num, n_int64_max) <= 0)
	{
		if (ncmp(num, n_zero) < 0)
			numeric_out_of_range(num, what, max);
		if (!numeric_integral(num))
			numeric_not_integer(num);
		v = (uint64) numeric_to_int64(num);
	}
	else
	{
		if (ncmp(num, n_uint64_max) > 0)
			numeric_out_of_range(num, what, max);
		if (!numeric_integral(num))
			numeric_not_integer(num);
		v = (uint64) numeric_to_int64(numeric_sub_opt_error(num, n_two63, NULL)) +
			((uint64) 1 << 63);
	}
	if (v > max)
		numeric_out_of_range(num, what, max);
	return v;
}

size_t
mysql_pos_arg(int32 pos, size_t len)
{
	if (pos < 0 || (size_t) pos > len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("pos %d is outside the %zu-byte buffer", pos, len),
				 errdetail("pos is a 0-based byte offset from 0 to the buffer length.")));
	return (size_t) pos;
}

uint64
mysql_num_params_arg(int32 num_params)
{
	if (num_params < 0 || num_params > 65535)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("num_params %d is out of range", num_params),
				 errdetail("A prepared statement has 0 to 65535 parameters (COM_STMT_PREPARE OK's num_params).")));
	return (uint64) num_params;
}

TupleDesc
mysql_result_desc(FunctionCallInfo fcinfo)
{
	return srf_cached_row_desc(fcinfo, "function returning record called in context that cannot accept type record");
}

Datum
mysql_utf8_text(const uint8 *p, size_t n, const char *what, size_t off)
{
	char	   *conv;
	text	   *t;

	if (!pg_verify_mbstr(PG_UTF8, (const char *) p, (int) n, true))
	{
		wc_error	err;

		wc_in_field(&err, wc_fail(&err, WC_ERR_UTF8, off), what);
		wc_report(&err, "MySQL packet");
	}
	/* the standard conversion error (22P05) when a character has no
	 * equivalent; in SQL_ASCII the checked UTF-8 bytes stay as they are */
	conv = pg_any_to_server((const char *) p, (int) n, PG_UTF8);
	t = cstring_to_text_with_len(conv, conv == (const char *) p ? (int) n : (int) strlen(conv));
	if (conv != (const char *) p)
		pfree(conv);
	return PointerGetDatum(t);
}

Datum
mysql_utf8_text_or_null(const uint8 *buf, const wc_mysql_slice *s,
						const char *what, bool *isnull)
{
	*isnull = s->is_null;
	if (s->is_null)
		return (Datum) 0;
	return mysql_utf8_text(buf + s->off, s->len, what, s->off);
}

Datum
mysql_bytea_or_null(const uint8 *buf, const wc_mysql_slice *s, bool *isnull)
{
	*isnull = s->is_null;
	if (s->is_null)
		return (Datum) 0;
	return PointerGetDatum(wc_varlena_copy(buf + s->off, s->len, "result"));
}

uint64
mysql_caps_arg(int64 caps)
{
	/* a bigint carries the 64 flag bits as they are */
	return (uint64) caps;
}
