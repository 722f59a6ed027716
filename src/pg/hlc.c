/*
 * hlc.c: fmgr glue of the hlc_timestamp type (CockroachDB HLC timestamps).
 * Parsing, printing and byte work happen in src/core/hlc.c; this file
 * turns Datums into core calls and reports core statuses with wc_report.
 */
#include "compat.h"

#include "common/hashfn.h"
#include "common/int.h"
#include "datatype/timestamp.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/sortsupport.h"
#include "utils/timestamp.h"

#include "hlc_glue.h"
#include "wc_report.h"

/* Unix epoch minus PostgreSQL epoch (2000-01-01), in microseconds. */
#define WC_UNIX_TO_PG_USECS \
	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY)

Datum
hlc_datum(const wc_hlc *v)
{
	wc_hlc	   *r = (wc_hlc *) palloc(sizeof(wc_hlc));

	r->wall = v->wall;
	r->logical = v->logical;
	r->reserved = 0;
	return PointerGetDatum(r);
}

/* ---------------------------------------------------------------- I/O */

PG_FUNCTION_INFO_V1(hlc_timestamp_in);
Datum
hlc_timestamp_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	wc_hlc	   *r = (wc_hlc *) palloc(sizeof(wc_hlc));
	wc_error	err;

	if (wc_hlc_parse(str, strlen(str), r, &err) != WC_OK)
	{
		wc_report_input(&err, "hlc_timestamp", str, fcinfo->context);
		PG_RETURN_DATUM((Datum) 0);
	}
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(hlc_timestamp_out);
Datum
hlc_timestamp_out(PG_FUNCTION_ARGS)
{
	char	   *buf = palloc(WC_HLC_TEXT_MAX);

	wc_hlc_format(PG_GETARG_HLC_P(0), buf);
	PG_RETURN_CSTRING(buf);
}

/* 12 bytes, wall then logical, big-endian; the whole buffer is the value. */
PG_FUNCTION_INFO_V1(hlc_timestamp_recv);
Datum
hlc_timestamp_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	wc_hlc	   *r = (wc_hlc *) palloc(sizeof(wc_hlc));
	wc_error	err;

	if (wc_hlc_from_bin((const uint8_t *) buf->data + buf->cursor,
						(size_t) (buf->len - buf->cursor), r, &err) != WC_OK)
		wc_report(&err, "hlc_timestamp binary form");
	buf->cursor = buf->len;
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(hlc_timestamp_send);
Datum
hlc_timestamp_send(PG_FUNCTION_ARGS)
{
	bytea	   *r = (bytea *) palloc(VARHDRSZ + WC_HLC_BIN_LEN);

	SET_VARSIZE(r, VARHDRSZ + WC_HLC_BIN_LEN);
	wc_hlc_to_bin(PG_GETARG_HLC_P(0), (uint8_t *) VARDATA(r));
	PG_RETURN_BYTEA_P(r);
}

/* --------------------------------------------------------- comparison */

#define HLC_CMP_FN(name, expr) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	int			c = wc_hlc_cmp(PG_GETARG_HLC_P(0), PG_GETARG_HLC_P(1)); \
	PG_RETURN_BOOL(expr); \
}

HLC_CMP_FN(hlc_timestamp_eq, c == 0)
HLC_CMP_FN(hlc_timestamp_ne, c != 0)
HLC_CMP_FN(hlc_timestamp_lt, c < 0)
HLC_CMP_FN(hlc_timestamp_le, c <= 0)
HLC_CMP_FN(hlc_timestamp_gt, c > 0)
HLC_CMP_FN(hlc_timestamp_ge, c >= 0)

PG_FUNCTION_INFO_V1(hlc_timestamp_cmp);
Datum
hlc_timestamp_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(wc_hlc_cmp(PG_GETARG_HLC_P(0), PG_GETARG_HLC_P(1)));
}

/* min/max transition and combine functions: return one of the inputs. */
PG_FUNCTION_INFO_V1(hlc_timestamp_smaller);
Datum
hlc_timestamp_smaller(PG_FUNCTION_ARGS)
{
	int			c = wc_hlc_cmp(PG_GETARG_HLC_P(0), PG_GETARG_HLC_P(1));

	PG_RETURN_DATUM(PG_GETARG_DATUM(c <= 0 ? 0 : 1));
}

PG_FUNCTION_INFO_V1(hlc_timestamp_larger);
Datum
hlc_timestamp_larger(PG_FUNCTION_ARGS)
{
	int			c = wc_hlc_cmp(PG_GETARG_HLC_P(0), PG_GETARG_HLC_P(1));

	PG_RETURN_DATUM(PG_GETARG_DATUM(c >= 0 ? 0 : 1));
}

static int
hlc_fastcmp(Datum x, Datum y, SortSupport ssup)
{
	return wc_hlc_cmp(DatumGetHlcP(x), DatumGetHlcP(y));
}

#ifdef WC_HAVE_INT64_ABBREV
/*
 * Abbreviated key: the wall time itself (non-negative, so signed order is
 * the type's order on it); equal walls fall back to hlc_fastcmp.  Making
 * one costs a load, so there is nothing to save by aborting.
 */
static Datum
hlc_abbrev_convert(Datum original, SortSupport ssup)
{
	return Int64GetDatum(DatumGetHlcP(original)->wall);
}

static bool
hlc_abbrev_abort(int memtupcount, SortSupport ssup)
{
	return false;
}

#ifndef WC_SSUP_SIGNED_CMP
static int
hlc_abbrev_cmp(Datum x, Datum y, SortSupport ssup)
{
	int64		a = DatumGetInt64(x);
	int64		b = DatumGetInt64(y);

	return (a > b) - (a < b);
}
#define WC_SSUP_SIGNED_CMP hlc_abbrev_cmp
#endif
#endif

PG_FUNCTION_INFO_V1(hlc_timestamp_sortsupport);
Datum
hlc_timestamp_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = hlc_fastcmp;
#ifdef WC_HAVE_INT64_ABBREV
	if (ssup->abbreviate)
	{
		ssup->abbrev_converter = hlc_abbrev_convert;
		ssup->abbrev_abort = hlc_abbrev_abort;
		ssup->abbrev_full_comparator = hlc_fastcmp;
		ssup->comparator = WC_SSUP_SIGNED_CMP;
	}
#endif
	PG_RETURN_VOID();
}

/*
 * Hashes of the 12-byte big-endian form (so the same on every platform);
 * with seed 0 the extended hash's low 32 bits equal the plain hash.
 */
PG_FUNCTION_INFO_V1(hlc_timestamp_hash);
Datum
hlc_timestamp_hash(PG_FUNCTION_ARGS)
{
	uint8_t		buf[WC_HLC_BIN_LEN];

	wc_hlc_to_bin(PG_GETARG_HLC_P(0), buf);
	return hash_any(buf, WC_HLC_BIN_LEN);
}

PG_FUNCTION_INFO_V1(hlc_timestamp_hash_extended);
Datum
hlc_timestamp_hash_extended(PG_FUNCTION_ARGS)
{
	uint8_t		buf[WC_HLC_BIN_LEN];

	wc_hlc_to_bin(PG_GETARG_HLC_P(0), buf);
	return hash_any_extended(buf, WC_HLC_BIN_LEN, (uint64) PG_GETARG_INT64(1));
}

/* hlc_range's subtype_diff: nanoseconds, the logical part as a fraction. */
PG_FUNCTION_INFO_V1(hlc_range_subdiff);
Datum
hlc_range_subdiff(PG_FUNCTION_ARGS)
{
	const wc_hlc *a = PG_GETARG_HLC_P(0);
	const wc_hlc *b = PG_GETARG_HLC_P(1);

	/* both walls are >= 0, so the difference cannot overflow */
	PG_RETURN_FLOAT8((double) (a->wall - b->wall) +
					 ((double) a->logical - (double) b->logical) / 1e10);
}

/* ---------------------------------------------------------- functions */

PG_FUNCTION_INFO_V1(hlc_timestamp_make);
Datum
hlc_timestamp_make(PG_FUNCTION_ARGS)
{
	int64		wall = PG_GETARG_INT64(0);
	int32		logical = PG_GETARG_INT32(1);
	wc_hlc		v;

	if (wc_hlc_make(wall, logical, &v) != WC_OK)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("hlc_timestamp out of range"),
				 errdetail("Wall time %lld, logical %d: the wall time must be 0 .. 9223372036854775807 and the logical 0 .. 2147483647.",
						   (long long) wall, logical)));
	return hlc_datum(&v);
}

PG_FUNCTION_INFO_V1(hlc_walltime);
Datum
hlc_walltime(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(PG_GETARG_HLC_P(0)->wall);
}

PG_FUNCTION_INFO_V1(hlc_logical);
Datum
hlc_logical(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(PG_GETARG_HLC_P(0)->logical);
}

PG_FUNCTION_INFO_V1(hlc_is_empty);
Datum
hlc_is_empty(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(wc_hlc_is_empty(PG_GETARG_HLC_P(0)));
}

/* ERROR for a step out of the range. */
static void WC_NORETURN
hlc_step_error(const char *fn, const wc_hlc *v)
{
	char		buf[WC_HLC_TEXT_MAX];

	wc_hlc_format(v, buf);
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("hlc_timestamp out of range"),
			 errdetail("%s(%s) would leave the timestamp range.", fn, buf)));
	pg_unreachable();
}

#define HLC_STEP_FN(name, corefn) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	const wc_hlc *v = PG_GETARG_HLC_P(0); \
	wc_hlc		r; \
	if (corefn(v, &r) != WC_OK) \
		hlc_step_error(#name, v); \
	return hlc_datum(&r); \
}

HLC_STEP_FN(hlc_next, wc_hlc_next)
HLC_STEP_FN(hlc_prev, wc_hlc_prev)
HLC_STEP_FN(hlc_floor_prev, wc_hlc_floor_prev)

PG_FUNCTION_INFO_V1(hlc_add);
Datum
hlc_add(PG_FUNCTION_ARGS)
{
	const wc_hlc *v = PG_GETARG_HLC_P(0);
	int64		dw = PG_GETARG_INT64(1);
	int32		dl = PG_GETARG_INT32(2);
	wc_hlc		r;

	if (wc_hlc_add(v, dw, dl, &r) != WC_OK)
	{
		char		buf[WC_HLC_TEXT_MAX];

		wc_hlc_format(v, buf);
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("hlc_timestamp out of range"),
				 errdetail("%s plus %lld nanoseconds and %d logical ticks: the wall time must stay within 0 .. 9223372036854775807 and the logical within 0 .. 2147483647; they do not carry into each other.",
						   buf, (long long) dw, dl)));
	}
	return hlc_datum(&r);
}

PG_FUNCTION_INFO_V1(hlc_to_crdb_string);
Datum
hlc_to_crdb_string(PG_FUNCTION_ARGS)
{
	char		buf[WC_HLC_CRDB_TEXT_MAX];
	size_t		n = wc_hlc_format_crdb(PG_GETARG_HLC_P(0), buf);

	PG_RETURN_TEXT_P(cstring_to_text_with_len(buf, (int) n));
}

/* --------------------------------------------------------------- casts */

/* wall.logical as numeric with 10 decimals: cluster_logical_timestamp(). */
PG_FUNCTION_INFO_V1(hlc_to_numeric);
Datum
hlc_to_numeric(PG_FUNCTION_ARGS)
{
	char		buf[WC_HLC_TEXT_MAX];

	wc_hlc_format(PG_GETARG_HLC_P(0), buf);
	return DirectFunctionCall3(numeric_in, CStringGetDatum(buf),
							   ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1));
}

PG_FUNCTION_INFO_V1(hlc_from_numeric);
Datum
hlc_from_numeric(PG_FUNCTION_ARGS)
{
	char	   *str = DatumGetCString(DirectFunctionCall1(numeric_out, PG_GETARG_DATUM(0)));
	wc_hlc		v;
	wc_error	err;

	if (wc_hlc_parse_decimal_number(str, strlen(str), &v, &err) != WC_OK)
		wc_report_input(&err, "hlc_timestamp", str, NULL);
	return hlc_datum(&v);
}

/* The wall time truncated to microseconds; never out of range. */
PG_FUNCTION_INFO_V1(hlc_to_timestamptz);
Datum
hlc_to_timestamptz(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(wc_hlc_to_unix_micros(PG_GETARG_HLC_P(0)) - WC_UNIX_TO_PG_USECS);
}

PG_FUNCTION_INFO_V1(hlc_from_timestamptz);
Datum
hlc_from_timestamptz(PG_FUNCTION_ARGS)
{
	TimestampTz ts = PG_GETARG_TIMESTAMPTZ(0);
	int64		unix_micros;
	wc_hlc		v;

	/*
	 * Timestamps up to the year 294276 exceed 2^63-1 microseconds once
	 * shifted to the Unix epoch: check the addition, not just the result.
	 */
	if (TIMESTAMP_NOT_FINITE(ts) ||
		pg_add_s64_overflow(ts, WC_UNIX_TO_PG_USECS, &unix_micros) ||
		wc_hlc_from_unix_micros(unix_micros, &v) != WC_OK)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("timestamptz \"%s\" out of range for type hlc_timestamp",
						DatumGetCString(DirectFunctionCall1(timestamptz_out, TimestampTzGetDatum(ts)))),
				 errdetail("The wall time must be 1970-01-01 00:00:00+00 .. 2262-04-11 23:47:16.854775+00.")));
	return hlc_datum(&v);
}

/* ------------------------------------------------------------ protobuf */

PG_FUNCTION_INFO_V1(hlc_timestamp_from_proto);
Datum
hlc_timestamp_from_proto(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	wc_hlc		v;
	wc_error	err;

	if (wc_hlc_proto_decode((const uint8_t *) VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), &v,
							&err) != WC_OK)
		wc_report(&err, "hlc_timestamp protobuf");
	return hlc_datum(&v);
}

PG_FUNCTION_INFO_V1(hlc_timestamp_to_proto);
Datum
hlc_timestamp_to_proto(PG_FUNCTION_ARGS)
{
	const wc_hlc *v = PG_GETARG_HLC_P(0);
	size_t		n = wc_hlc_proto_size(v);
	bytea	   *r = (bytea *) palloc(VARHDRSZ + n);

	SET_VARSIZE(r, VARHDRSZ + n);
	wc_hlc_proto_encode(v, (uint8_t *) VARDATA(r));
	PG_RETURN_BYTEA_P(r);
}
