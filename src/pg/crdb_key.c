/*
 * crdb_key.c: fmgr glue of CockroachDB SQL keys: crdb_key_pretty,
 * crdb_key_elements, crdb_key_table_prefix, crdb_key_encode_value,
 * crdb_key_decode_value, crdb_key_encode, crdb_key_populate_record and
 * crdb_mvcc_key_pretty.  Byte work happens in src/core/crdb_key*.c; this
 * file turns elements into Datums of the column types (doc/crdb_key.md has
 * the type mapping) and back.  Column and value types are row_target plans
 * (row_target.h) with a key_kind each; conversions that every codec makes
 * go through its builders, the CockroachDB-only ones (inet, timetz, the
 * timestamp and interval forms, jsonb, pg_lsn, bit strings) are here.
 */
#include "compat.h"

#include <math.h>
#include <sys/socket.h>

#include "access/htup_details.h"
#include "common/int.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "nodes/nodeFuncs.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/datetime.h"
#include "utils/fmgrprotos.h"
#include "utils/inet.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/numeric.h"
#include "utils/pg_lsn.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"
#include "utils/uuid.h"
#include "utils/varbit.h"

#include "crdb_key.h"
#include "hlc.h"
#include "mvcc.h"
#include "row_target.h"
#include "wc_jsonb.h"
#include "wc_report.h"

#define SUBJECT "CockroachDB key"

/* CockroachDB's infinity instants (seconds, nanoseconds). */
#define CRDB_INF_SEC	INT64_C(9224318102399)
#define CRDB_INF_NSEC	INT64_C(999999000)
#define CRDB_NINF_SEC	INT64_C(-210898425600)
/* Unix epoch to PostgreSQL epoch */
#define EPOCH_DIFF_SECS ((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY)
#define EPOCH_DIFF_DAYS (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE)

/* The kind of a column type, set in rt_attr->kind by key_resolve (0: none). */
typedef enum key_kind
{
	KK_NONE = 0,
	KK_INT2, KK_INT4, KK_INT8, KK_BOOL, KK_OID, KK_FLOAT4, KK_FLOAT8, KK_NUMERIC,
	KK_TEXT, KK_BPCHAR, KK_VARCHAR, KK_NAME, KK_BYTEA, KK_UUID, KK_INET, KK_DATE, KK_TIME,
	KK_TIMETZ, KK_TIMESTAMP, KK_TIMESTAMPTZ, KK_INTERVAL, KK_BIT, KK_VARBIT, KK_JSONB,
	KK_PGLSN, KK_ARRAY, KK_RECORD
} key_kind;

static void key_fail(wc_error *err, int64 element) WC_NORETURN;
static void value_fail(wc_status st, size_t off, const char *field, int64 element) WC_NORETURN;
static void unsupported_type(Oid typid) WC_NORETURN;

/* Digits before the decimal point that a numeric can hold. */
#define WC_NUMERIC_MAX_INT_DIGITS 131072

/*
 * Where a conversion happens: the error context line of a value that its
 * column type cannot take (range, typmod, domain).  Errors of the key's
 * bytes say where in their detail and drop these lines (key_where_pop).
 */
typedef struct key_where_ctx
{
	int64		element;
	size_t		at;
	const char *column;
} key_where_ctx;

static void
key_where(void *arg)
{
	key_where_ctx *w = (key_where_ctx *) arg;

	if (w->column)
		errcontext("CockroachDB key element %lld (column \"%s\") at byte offset %zu",
				   (long long) w->element, w->column, w->at);
	else
		errcontext("CockroachDB key element %lld at byte offset %zu",
				   (long long) w->element, w->at);
}

static void
key_where_pop(void)
{
	while (error_context_stack && error_context_stack->callback == key_where)
		error_context_stack = error_context_stack->previous;
}

/* Report a core error with the element index. */
static void
key_fail(wc_error *err, int64 element)
{
	key_where_pop();
	if (element > 0)
		wc_at_index(err, err->status, "element", element);
	wc_report(err, SUBJECT);
}

static void
value_fail(wc_status st, size_t off, const char *field, int64 element)
{
	wc_error	err;

	wc_fail(&err, st, off);
	wc_in_field(&err, st, field);
	key_fail(&err, element);
}

static void
unsupported_type(Oid typid)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("type %s has no CockroachDB key encoding", format_type_be(typid)),
			 errhint("Collated strings and enums can be decoded as bytea.")));
}

/* Text columns: UTF-8 in the key, to the database encoding. */
static void
key_resolve_text(rt_attr *a)
{
	rt_encoding *e = palloc(sizeof(rt_encoding));

	rt_encoding_init(e, PG_UTF8, a);
	a->extra = e;
}

/*
 * row_target's resolve callback: the key_kind of a (resolved) column type;
 * arrays of arrays or of composites and types without a key encoding are
 * refused.
 */
static void
key_resolve(rt_attr *a, int level, void *arg)
{
	static const struct
	{
		Oid			typid;
		key_kind	kind;
	}			kinds[] =
	{
		{INT2OID, KK_INT2}, {INT4OID, KK_INT4}, {INT8OID, KK_INT8}, {BOOLOID, KK_BOOL},
		{OIDOID, KK_OID}, {FLOAT4OID, KK_FLOAT4}, {FLOAT8OID, KK_FLOAT8},
		{NUMERICOID, KK_NUMERIC}, {TEXTOID, KK_TEXT}, {BPCHAROID, KK_BPCHAR},
		{VARCHAROID, KK_VARCHAR}, {NAMEOID, KK_NAME}, {BYTEAOID, KK_BYTEA}, {UUIDOID, KK_UUID},
		{INETOID, KK_INET}, {DATEOID, KK_DATE}, {TIMEOID, KK_TIME}, {TIMETZOID, KK_TIMETZ},
		{TIMESTAMPOID, KK_TIMESTAMP}, {TIMESTAMPTZOID, KK_TIMESTAMPTZ},
		{INTERVALOID, KK_INTERVAL}, {BITOID, KK_BIT}, {VARBITOID, KK_VARBIT},
		{JSONBOID, KK_JSONB}, {PG_LSNOID, KK_PGLSN}
	};

	for (int i = 0; i < (int) lengthof(kinds); i++)
		if (kinds[i].typid == a->base)
		{
			a->kind = kinds[i].kind;
			if (a->kind >= KK_TEXT && a->kind <= KK_NAME)
				key_resolve_text(a);
			return;
		}
	if (a->elem && a->elem->kind != KK_ARRAY && a->elem->kind != KK_RECORD)
		a->kind = KK_ARRAY;
	else if (a->rec)
		a->kind = KK_RECORD;
	else
		unsupported_type(a->typid);
}

/*
 * A value type cached per call site (crdb_key_encode_value,
 * crdb_key_decode_value, each argument of crdb_key_encode): resolved once,
 * checked on every call against the named row types in it.
 */
static rt_attr *
key_value_type(row_type *t, Oid typid, int32 typmod, FunctionCallInfo fcinfo)
{
	t->resolve = key_resolve;
	(void) rt_value_type_of(t, typid, typmod, fcinfo->flinfo->fn_mcxt);
	return &t->atts[0];
}

/* The type modifier of argument argno of the call (NULL::varchar(3) has
 * one), -1 when unknown. */
static int32
arg_typmod(FunctionCallInfo fcinfo, int argno)
{
	Node	   *e = fcinfo->flinfo->fn_expr;
	List	   *args;

	if (e == NULL || !IsA(e, FuncExpr))
		return -1;
	args = ((FuncExpr *) e)->args;
	if (argno < 0 || argno >= list_length(args))
		return -1;
	return exprTypmod((Node *) list_nth(args, argno));
}

/* ------------------------------------------------------------ directions */

/* Directions from a text[] ('asc'/'desc', case-insensitive; NULL entries
 * and missing ones are "not given").  Returns a palloc'd array. */
static uint8 *
parse_dirs(ArrayType *arr, int *ndirs)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n,
				i;
	uint8	   *d;

	if (arr == NULL)
	{
		*ndirs = 0;
		return NULL;
	}
	if (ARR_NDIM(arr) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("CockroachDB key directions must be a one-dimensional array")));
	deconstruct_array(arr, TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, &n);
	d = palloc(n ? n : 1);
	for (i = 0; i < n; i++)
	{
		char	   *s;

		if (nulls[i])
		{
			d[i] = WC_CRDB_ANY;
			continue;
		}
		s = TextDatumGetCString(elems[i]);
		if (pg_strcasecmp(s, "asc") == 0)
			d[i] = WC_CRDB_ASC;
		else if (pg_strcasecmp(s, "desc") == 0)
			d[i] = WC_CRDB_DESC;
		else
		{
			wc_error	err;

			wc_fail(&err, WC_ERR_PARAMETER, 0);
			err.has = 0;
			wc_in_field(&err, WC_ERR_PARAMETER, "direction (must be 'asc' or 'desc')");
			wc_at_index(&err, WC_ERR_PARAMETER, "direction", i + 1);
			wc_report(&err, "CockroachDB key directions");
		}
	}
	*ndirs = n;
	return d;
}

static inline int
dir_at(const uint8 *dirs, int ndirs, int i)
{
	return i < ndirs ? dirs[i] : WC_CRDB_ANY;
}

/* ------------------------------------------------------------ decoding */

/* One decode: the key, the current element's index (1-based), and whether
 * it fills a row (crdb_key_populate_record). */
typedef struct key_dec
{
	const uint8 *p;
	size_t		len;
	int64		element;
	bool		populate;
} key_dec;

static Datum decode_typed(key_dec *k, rt_attr *a, size_t *pos, int dir, bool *isnull);

static int64
get_varint(key_dec *k, size_t *pos, int dir)
{
	wc_error	err;
	int64_t		v;

	if (wc_crdb_varint_get(k->p, k->len, pos, dir, &v, &err) != WC_OK)
		key_fail(&err, k->element);
	return v;
}

/* A value that its column type cannot hold, in the shared wording. */
static void
key_range(const rt_attr *a, const char *fmt, int64 v)
{
	char		buf[64];

	snprintf(buf, sizeof(buf), fmt, (long long) v);
	wc_report_range(buf, a->typid, NULL);
}

/* An element of another encoding than its column's, not convertible: the
 * key does not match the row type (22P03, as any wrong marker). */
static void
key_mismatch(key_dec *k, const rt_attr *a, size_t at)
{
	const char *enc = wc_crdb_enc_name(wc_crdb_key_peek(k->p[at]));

	key_where_pop();
	if (a->name)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("element %lld (%s) cannot be converted to column \"%s\" of type %s",
						(long long) k->element, enc, a->name, format_type_be(a->typid)),
				 errdetail("At byte offset %zu.", at)));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
			 errmsg("element %lld (%s) cannot be converted to type %s",
					(long long) k->element, enc, format_type_be(a->typid)),
			 errdetail("At byte offset %zu.", at)));
}

/* The payload of a bytes element into a palloc'd buffer, VARHDRSZ bytes
 * in (room for a varlena header). */
static uint8 *
decode_bytes(key_dec *k, size_t *pos, int dir, size_t *n, size_t *start)
{
	size_t		s,
				e;
	int			bd;
	wc_error	err;
	uint8	   *buf;

	if (wc_crdb_bytes_get(k->p, k->len, pos, dir, &s, &e, n, &bd, &err) != WC_OK)
		key_fail(&err, k->element);
	if (*n > MaxAllocSize - VARHDRSZ - 1)
		value_fail(WC_ERR_TOO_LARGE, s, "bytes", k->element);
	buf = palloc(*n + VARHDRSZ + 1);
	wc_crdb_bytes_copy(k->p + s, e - s, bd, buf + VARHDRSZ);
	*start = s;
	return buf;
}

/*
 * A decimal element: its text as CockroachDB prints it (numeric_in and
 * float8in read it), the digits and power of ten in *d.  One beyond what a
 * numeric holds (a scale above 16383, more than 131072 digits before the
 * point) is out of range for a's type.
 */
static char *
decode_decimal(key_dec *k, const rt_attr *a, size_t *pos, int dir, wc_crdb_decimal *d)
{
	wc_error	err;
	wc_crdb_out o = {NULL, 0, 0};
	char	   *txt;

	if (wc_crdb_decimal_get(k->p, k->len, pos, dir, d, &err) != WC_OK)
		key_fail(&err, k->element);
	wc_crdb_decimal_text(d, &o);
	txt = palloc(o.len + 1);
	o.buf = txt;
	o.cap = o.len;
	o.len = 0;
	wc_crdb_decimal_text(d, &o);
	txt[o.len] = '\0';
	if (d->kind == WC_CRDB_DEC_FINITE)
	{
		int64		exp10;
		char	   *digits = palloc(2 * d->mant_len + 1);
		size_t		nd = wc_crdb_decimal_digits(d, digits, &exp10);

		pfree(digits);
		if (exp10 < -NUMERIC_MAX_DISPLAY_SCALE ||
			exp10 + (int64) nd > WC_NUMERIC_MAX_INT_DIGITS)
			wc_report_range(txt, a->typid, NULL);
	}
	return txt;
}

/* An integral decimal into an integer column (range-checked by the
 * builder); one with a fraction, or not finite, is no integer. */
static Datum
decimal_to_int(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	size_t		at = *pos;
	wc_crdb_decimal d;
	char	   *txt = decode_decimal(k, a, pos, dir, &d);
	char	   *digits;
	int64		exp10;
	size_t		nd;
	char		buf[24];
	uint64		v = 0;

	if (d.kind == WC_CRDB_DEC_ZERO)
		return rt_from_int64(a, 0);
	if (d.kind != WC_CRDB_DEC_FINITE)
		key_mismatch(k, a, at);
	digits = palloc(2 * d.mant_len + 1);
	nd = wc_crdb_decimal_digits(&d, digits, &exp10);
	/* trailing zeros of the coefficient may cover a negative exponent */
	while (exp10 < 0 && nd > 1 && digits[nd - 1] == '0')
		nd--, exp10++;
	if (exp10 < 0)
		key_mismatch(k, a, at);
	if ((int64) nd + exp10 > 20)
		wc_report_range(txt, a->typid, NULL);
	snprintf(buf, sizeof(buf), "%s%.*s%.*s", d.neg ? "-" : "", (int) nd, digits,
			 (int) exp10, "00000000000000000000");
	for (const char *c = buf + (d.neg ? 1 : 0); *c; c++)
	{
		if (v > (PG_UINT64_MAX - (uint64) (*c - '0')) / 10)
			wc_report_range(buf, a->typid, NULL);
		v = v * 10 + (uint64) (*c - '0');
	}
	return rt_from_uint64(a, d.neg, v);
}

/* smallint, integer, bigint: a varint, or an integral decimal. */
static Datum
decode_integer(key_dec *k, rt_attr *a, size_t *pos, int dir, wc_crdb_enc enc)
{
	if (enc == WC_CRDB_ENC_DECIMAL)
		return decimal_to_int(k, a, pos, dir);
	if (enc != WC_CRDB_ENC_VARINT && enc != WC_CRDB_ENC_UNKNOWN)
		key_mismatch(k, a, *pos);
	return rt_from_int64(a, get_varint(k, pos, dir));
}

/* boolean (0 or 1), oid and pg_lsn: varints. */
static Datum
decode_varint_typed(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	size_t		at = *pos;
	int64		v;
	uint64_t	u;
	wc_error	err;

	if (a->kind == KK_PGLSN)
	{
		if (wc_crdb_uvarint_get(k->p, k->len, pos, dir, &u, &err) != WC_OK)
			key_fail(&err, k->element);
		return rt_domain_check(a, LSNGetDatum((XLogRecPtr) u), false);
	}
	v = get_varint(k, pos, dir);
	if (a->kind == KK_BOOL)
	{
		if (v != 0 && v != 1)
			value_fail(WC_ERR_BAD_VALUE, at, "boolean (must be 0 or 1)", k->element);
		return rt_domain_check(a, BoolGetDatum(v == 1), false);
	}
	if (v < 0 || v > (int64) PG_UINT32_MAX)
		key_range(a, "%lld", v);
	return rt_domain_check(a, ObjectIdGetDatum((Oid) v), false);
}

/* real, double precision and numeric: a float, decimal or varint. */
static Datum
decode_number(key_dec *k, rt_attr *a, size_t *pos, int dir, wc_crdb_enc enc)
{
	wc_error	err;
	double		v;
	wc_crdb_decimal d;

	switch (enc)
	{
		case WC_CRDB_ENC_VARINT:
			return rt_from_int64(a, get_varint(k, pos, dir));
		case WC_CRDB_ENC_DECIMAL:
			return rt_from_cstring(a, decode_decimal(k, a, pos, dir, &d));
		case WC_CRDB_ENC_FLOAT:
			break;
		case WC_CRDB_ENC_UNKNOWN:
			if (a->kind == KK_NUMERIC)
				(void) decode_decimal(k, a, pos, dir, &d);
			break;
		default:
			key_mismatch(k, a, *pos);
	}
	if (wc_crdb_float_get(k->p, k->len, pos, dir, &v, &err) != WC_OK)
		key_fail(&err, k->element);
	return rt_from_float8(a, v);
}

/* text, varchar, bpchar and name: UTF-8 bytes; bytea: the bytes. */
static Datum
decode_string(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	size_t		n,
				s;
	uint8	   *b = decode_bytes(k, pos, dir, &n, &s);
	const rt_encoding *e = (const rt_encoding *) a->extra;

	/*
	 * text in a UTF-8 database: the bytes themselves when they are text
	 * (rt_from_text takes the others, and words their errors)
	 */
	if (a->kind == KK_TEXT && e->src == GetDatabaseEncoding() &&
		memchr(b + VARHDRSZ, 0, n) == NULL &&
		pg_verify_mbstr(PG_UTF8, (const char *) b + VARHDRSZ, (int) n, true))
	{
		SET_VARSIZE(b, n + VARHDRSZ);
		return rt_domain_check(a, PointerGetDatum(b), false);
	}
	if (a->kind != KK_BYTEA)
		return rt_from_text(a, e, b + VARHDRSZ, n);
	SET_VARSIZE(b, n + VARHDRSZ);
	return rt_domain_check(a, PointerGetDatum(b), false);
}

/* uuid and inet: a bytes element, its payload checked per type. */
static Datum
decode_uuid_inet(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	size_t		n,
				s;
	uint8	   *b = decode_bytes(k, pos, dir, &n, &s);
	const uint8 *q = b + VARHDRSZ;
	pg_uuid_t  *u;
	inet	   *r;
	int			alen;

	if (a->kind == KK_UUID)
	{
		if (n != UUID_LEN)
			value_fail(WC_ERR_BAD_VALUE, s, "uuid (payload must be 16 bytes)", k->element);
		u = palloc(sizeof(pg_uuid_t));
		memcpy(u->data, q, UUID_LEN);
		return rt_domain_check(a, UUIDPGetDatum(u), false);
	}
	/* inet: family (0 IPv4, 1 IPv6), prefix length, address */
	if (n < 1 || q[0] > 1)
		value_fail(WC_ERR_BAD_VALUE, s, "inet (family must be 0 or 1)", k->element);
	alen = q[0] == 0 ? 4 : 16;
	if (n != (size_t) alen + 2)
		value_fail(WC_ERR_BAD_VALUE, s, q[0] == 0 ? "inet (IPv4 payload must be 6 bytes)" :
				   "inet (IPv6 payload must be 18 bytes)", k->element);
	if (q[1] > alen * 8)
		value_fail(WC_ERR_BAD_VALUE, s + 1, "inet (prefix length)", k->element);
	r = palloc0(sizeof(inet));
	ip_family(r) = q[0] == 0 ? PGSQL_AF_INET : PGSQL_AF_INET6;
	ip_bits(r) = q[1];
	memcpy(ip_addr(r), q + 2, alen);
	SET_INET_VARSIZE(r);
	return rt_domain_check(a, InetPGetDatum(r), false);
}

/* date (days since 1970, the int64 extremes for +-infinity) and time (µs). */
static Datum
decode_date_time(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	int64		v = get_varint(k, pos, dir);
	DateADT		r;

	if (a->kind == KK_TIME)
	{
		if (v < 0 || v > USECS_PER_DAY)
			key_range(a, "%lld microseconds", v);
		return rt_domain_check(a, TimeADTGetDatum(v), false);
	}
	if (v == PG_INT64_MAX)
		DATE_NOEND(r);
	else if (v == PG_INT64_MIN)
		DATE_NOBEGIN(r);
	else
	{
		if (v < PG_INT32_MIN || v > PG_INT32_MAX ||
			!IS_VALID_DATE((int32) (v - EPOCH_DIFF_DAYS)))
			key_range(a, "%lld days since 1970-01-01", v);
		r = (DateADT) (v - EPOCH_DIFF_DAYS);
	}
	return rt_domain_check(a, DateADTGetDatum(r), false);
}

/* timetz: µs of the day and the zone's offset in seconds west of UTC. */
static Datum
decode_timetz(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	int64_t		tod;
	int32_t		west;
	wc_error	err;
	TimeTzADT  *r;

	if (wc_crdb_timetz_get(k->p, k->len, pos, dir, &tod, &west, &err) != WC_OK)
		key_fail(&err, k->element);
	if (west < -TZDISP_LIMIT || west > TZDISP_LIMIT)
		key_range(a, "%lld seconds west of UTC", west);
	if (tod < 0 || tod > USECS_PER_DAY)
		key_range(a, "%lld microseconds", tod);
	r = palloc(sizeof(TimeTzADT));
	r->time = tod;
	r->zone = west;
	return rt_domain_check(a, TimeTzADTPGetDatum(r), false);
}

/*
 * timestamp and timestamptz: seconds and nanoseconds since 1970 (CockroachDB's
 * infinities for +-infinity), whole microseconds only.
 */
static Datum
decode_timestamp(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	size_t		at = *pos;
	int64_t		s,
				ns;
	wc_error	err;
	Timestamp	r;

	if (wc_crdb_time_get(k->p, k->len, pos, dir, &s, &ns, &err) != WC_OK)
		key_fail(&err, k->element);
	if (s == CRDB_INF_SEC && ns == CRDB_INF_NSEC)
		TIMESTAMP_NOEND(r);
	else if (s == CRDB_NINF_SEC && ns == 0)
		TIMESTAMP_NOBEGIN(r);
	else
	{
		int64		us;

		if (ns % 1000 != 0)
			value_fail(WC_ERR_BAD_VALUE, at, "timestamp (not a whole microsecond)", k->element);
		if (pg_mul_s64_overflow(s, USECS_PER_SEC, &us) ||
			pg_add_s64_overflow(us, ns / 1000, &us) ||
			pg_sub_s64_overflow(us, EPOCH_DIFF_SECS * USECS_PER_SEC, &us) ||
			!IS_VALID_TIMESTAMP(us))
			key_range(a, "%lld seconds since 1970-01-01", s);
		r = us;
	}
	return rt_domain_check(a, TimestampGetDatum(r), false);
}

/* interval: months, days and nanoseconds, whole microseconds only. */
static Datum
decode_interval(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	size_t		at = *pos;
	int64_t		months,
				days,
				nanos;
	wc_error	err;
	Interval   *r;

	if (wc_crdb_duration_get(k->p, k->len, pos, dir, &months, &days, &nanos, &err) != WC_OK)
		key_fail(&err, k->element);
	if (nanos % 1000 != 0)
		value_fail(WC_ERR_BAD_VALUE, at, "interval (not a whole microsecond)", k->element);
	if (months < PG_INT32_MIN || months > PG_INT32_MAX)
		key_range(a, "%lld months", months);
	if (days < PG_INT32_MIN || days > PG_INT32_MAX)
		key_range(a, "%lld days", days);
	r = palloc(sizeof(Interval));
	r->month = (int32) months;
	r->day = (int32) days;
	r->time = nanos / 1000;
	return rt_domain_check(a, IntervalPGetDatum(r), false);
}

/* bit and varbit: the bits, then the type's length check through bit()/varbit(). */
static Datum
decode_bits(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	size_t		at = *pos;
	size_t		words;
	uint64_t	nbits;
	int			bd;
	wc_error	err;
	VarBit	   *r;
	Datum		d;

	if (wc_crdb_bitarray_get(k->p, k->len, pos, dir, &words, &nbits, &bd, &err) != WC_OK)
		key_fail(&err, k->element);
	if (nbits > VARBITMAXLEN)
		value_fail(WC_ERR_TOO_LARGE, at, "bit string", k->element);
	r = palloc(VARBITTOTALLEN(nbits));
	SET_VARSIZE(r, VARBITTOTALLEN(nbits));
	VARBITLEN(r) = (int32) nbits;
	wc_crdb_bitarray_copy(k->p, words, bd, nbits, VARBITS(r));
	d = VarBitPGetDatum(r);
	if (a->kind == KK_BIT || a->basetypmod >= 0)
		d = DirectFunctionCall3(a->kind == KK_BIT ? bit : varbit, d,
								Int32GetDatum(a->basetypmod), BoolGetDatum(false));
	return rt_domain_check(a, d, false);
}

/*
 * jsonb: the core renders the value as JSON text in UTF-8, once to measure
 * and once into a buffer of exactly that size; jsonb parses the text.
 */
static Datum
decode_jsonb(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	wc_crdb_out o = {NULL, 0, 0};
	size_t		start = *pos;
	wc_error	err;
	char	   *txt;

	if (wc_crdb_json_get(k->p, k->len, pos, dir, &o, &err) != WC_OK)
		key_fail(&err, k->element);
	txt = palloc(o.len + 1);
	o.buf = txt;
	o.cap = o.len;
	o.len = 0;
	*pos = start;
	(void) wc_crdb_json_get(k->p, k->len, pos, dir, &o, &err);
	txt[o.len] = '\0';
	(void) pg_verify_mbstr(PG_UTF8, txt, (int) o.len, false);
	return rt_domain_check(a, wc_jsonb_from_utf8(txt, o.len), false);
}

static Datum
decode_array(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	int			is_desc,
				done,
				isnull;
	wc_error	err;
	int			n = 0,
				cap = 8;
	Datum	   *vals = palloc(sizeof(Datum) * cap);
	bool	   *nulls = palloc(sizeof(bool) * cap);
	int			dims[1],
				lbs[1] = {1};
	rt_attr    *e = a->elem;

	if (wc_crdb_array_open(k->p, k->len, pos, dir, &is_desc, &err) != WC_OK)
		key_fail(&err, k->element);
	for (;;)
	{
		CHECK_FOR_INTERRUPTS();
		if (wc_crdb_array_next(k->p, k->len, pos, is_desc, &done, &isnull, &err) != WC_OK)
			key_fail(&err, k->element);
		if (done)
			break;
		if (n == cap)
		{
			cap *= 2;
			vals = repalloc(vals, sizeof(Datum) * cap);
			nulls = repalloc(nulls, sizeof(bool) * cap);
		}
		if (isnull)
		{
			vals[n] = (Datum) 0;
			nulls[n++] = true;
			continue;
		}
		if (k->p[*pos] == (is_desc ? 0xff : 0x00))
			value_fail(WC_ERR_BAD_BYTE, *pos, "array element (NULL marker)", k->element);
		vals[n] = decode_typed(k, e, pos, is_desc ? WC_CRDB_DESC : WC_CRDB_ASC, &nulls[n]);
		n++;
	}
	dims[0] = n;
	if (n == 0)
		return rt_domain_check(a, PointerGetDatum(construct_empty_array(e->typid)), false);
	return rt_domain_check(a, PointerGetDatum(construct_md_array(vals, nulls, 1, dims, lbs, e->typid,
																 e->typlen, e->typbyval, e->typalign)),
						   false);
}

/*
 * The fields of a composite, one element each, in direction dir; a dropped
 * column is NULL without reading.  Filling a row (populate), a key that
 * ends before a field is a row type with more columns than the key has
 * values (22023), as at the top level.
 */
static Datum
decode_record(key_dec *k, rt_attr *a, size_t *pos, int dir)
{
	rt_row	   *r = a->rec;

	for (int i = 0; i < r->natts; i++)
		r->nulls[i] = true;
	for (int c = 0; c < r->nlive; c++)
	{
		int			i = r->live[c];

		if (c > 0)
			k->element++;
		if (k->populate && *pos >= k->len)
		{
			key_where_pop();
			rt_report_count(psprintf("column \"%s\" of the key", a->name ? a->name : "?"),
							"values", c, r->typid, r->nlive);
		}
		r->values[i] = decode_typed(k, &r->atts[i], pos, dir, &r->nulls[i]);
	}
	return HeapTupleGetDatum(heap_form_tuple(r->tupdesc, r->values, r->nulls));
}

/* The encodings a kind reads (others are converted or refused). */
static Datum
decode_kind(key_dec *k, rt_attr *a, size_t *pos, int dir, wc_crdb_enc enc)
{
	static const wc_crdb_enc want[] = {
		[KK_BOOL] = WC_CRDB_ENC_VARINT, [KK_OID] = WC_CRDB_ENC_VARINT,
		[KK_TEXT] = WC_CRDB_ENC_BYTES, [KK_BPCHAR] = WC_CRDB_ENC_BYTES,
		[KK_VARCHAR] = WC_CRDB_ENC_BYTES, [KK_NAME] = WC_CRDB_ENC_BYTES,
		[KK_BYTEA] = WC_CRDB_ENC_BYTES, [KK_UUID] = WC_CRDB_ENC_BYTES,
		[KK_INET] = WC_CRDB_ENC_BYTES, [KK_DATE] = WC_CRDB_ENC_VARINT,
		[KK_TIME] = WC_CRDB_ENC_VARINT, [KK_TIMETZ] = WC_CRDB_ENC_TIMETZ,
		[KK_TIMESTAMP] = WC_CRDB_ENC_TIME, [KK_TIMESTAMPTZ] = WC_CRDB_ENC_TIME,
		[KK_INTERVAL] = WC_CRDB_ENC_DURATION, [KK_BIT] = WC_CRDB_ENC_BITARRAY,
		[KK_VARBIT] = WC_CRDB_ENC_BITARRAY, [KK_JSONB] = WC_CRDB_ENC_JSON,
		[KK_PGLSN] = WC_CRDB_ENC_VARINT, [KK_ARRAY] = WC_CRDB_ENC_ARRAY,
	};
	wc_crdb_enc base;

	/* the descending forms of the self-describing encodings */
	base = enc == WC_CRDB_ENC_BYTES_DESC || enc == WC_CRDB_ENC_BITARRAY_DESC ||
		enc == WC_CRDB_ENC_ARRAY_DESC || enc == WC_CRDB_ENC_JSON_DESC ? enc - 1 : enc;
	/* a marker of no value (NULL in the other direction, say): the core
	 * decoder names the byte */
	if (enc == WC_CRDB_ENC_NULL || enc == WC_CRDB_ENC_NOTNULL)
		enc = WC_CRDB_ENC_UNKNOWN;
	if (a->kind < (int) lengthof(want) && want[a->kind] != 0 && base != want[a->kind] &&
		enc != WC_CRDB_ENC_UNKNOWN)
		key_mismatch(k, a, *pos);
	switch ((key_kind) a->kind)
	{
		case KK_INT2:
		case KK_INT4:
		case KK_INT8:
			return decode_integer(k, a, pos, dir, enc);
		case KK_FLOAT4:
		case KK_FLOAT8:
		case KK_NUMERIC:
			return decode_number(k, a, pos, dir, enc);
		case KK_BOOL:
		case KK_OID:
		case KK_PGLSN:
			return decode_varint_typed(k, a, pos, dir);
		case KK_TEXT:
		case KK_BPCHAR:
		case KK_VARCHAR:
		case KK_NAME:
		case KK_BYTEA:
			return decode_string(k, a, pos, dir);
		case KK_UUID:
		case KK_INET:
			return decode_uuid_inet(k, a, pos, dir);
		case KK_DATE:
		case KK_TIME:
			return decode_date_time(k, a, pos, dir);
		case KK_TIMETZ:
			return decode_timetz(k, a, pos, dir);
		case KK_TIMESTAMP:
		case KK_TIMESTAMPTZ:
			return decode_timestamp(k, a, pos, dir);
		case KK_INTERVAL:
			return decode_interval(k, a, pos, dir);
		case KK_BIT:
		case KK_VARBIT:
			return decode_bits(k, a, pos, dir);
		case KK_JSONB:
			return decode_jsonb(k, a, pos, dir);
		case KK_ARRAY:
			return decode_array(k, a, pos, dir);
		default:
			unsupported_type(a->typid);
	}
}

/*
 * Decode one element at *pos as type a in direction dir (ASC, DESC, or ANY
 * for "not given": NULL and the self-describing encodings follow their
 * marker, the others read ascending).  A composite is its fields, one
 * element each.
 */
static Datum
decode_typed(key_dec *k, rt_attr *a, size_t *pos, int dir, bool *isnull)
{
	size_t		at = *pos;
	const uint8 *p = k->p;
	key_where_ctx w;
	ErrorContextCallback cb;
	Datum		d;

	*isnull = false;
	if (a->kind == KK_RECORD)
		return rt_domain_check(a, decode_record(k, a, pos, dir), false);
	if (at >= k->len)
		value_fail(WC_ERR_TRUNCATED, at, "key element", k->element);
	if ((p[at] == 0x00 && dir != WC_CRDB_DESC) || (p[at] == 0xff && dir != WC_CRDB_ASC))
	{
		*pos = at + 1;
		*isnull = true;
		return rt_domain_check(a, (Datum) 0, true);
	}
	if (p[at] == 0x01 || p[at] == 0xfe)
		value_fail(WC_ERR_BAD_BYTE, at, "value (the not-NULL marker is not a value)", k->element);
	w.element = k->element;
	w.at = at;
	w.column = a->name;
	cb.callback = key_where;
	cb.arg = &w;
	cb.previous = error_context_stack;
	error_context_stack = &cb;
	d = decode_kind(k, a, pos, dir, wc_crdb_key_peek(p[at]));
	error_context_stack = cb.previous;
	return d;
}

/* ------------------------------------------------------------ encoding */

static void encode_typed(rt_attr *t, Datum d, bool isnull, int dir, StringInfo buf);

static uint8 *
reserve(StringInfo buf, int n)
{
	enlargeStringInfo(buf, n);
	return (uint8 *) buf->data + buf->len;
}

static void
put_varint(StringInfo buf, int64 v, int dir)
{
	uint8	   *o = reserve(buf, 9);

	buf->len += (int) wc_crdb_varint_put(o, v, dir);
}

static void
put_bytes(StringInfo buf, const uint8 *s, size_t n, int dir)
{
	size_t		sz = wc_crdb_bytes_size(s, n);
	uint8	   *o;

	if (sz > MaxAllocSize - (size_t) buf->len - 1)
		value_fail(WC_ERR_TOO_LARGE, 0, "encoded key", 0);
	o = reserve(buf, (int) sz);
	buf->len += (int) wc_crdb_bytes_put(o, s, n, dir);
}

/*
 * numeric: its digits and scale (rt_numeric_digits_of) in CockroachDB's
 * decimal encoding; NaN and the infinities by their names.
 */
static void
put_numeric(StringInfo buf, Datum num, int dir)
{
	rt_numeric_digits nd;
	size_t		sz;
	uint8	   *o;

	if (!rt_numeric_digits_of(num, &nd))
	{
		/* "NaN", "Infinity" or "-Infinity" */
		const char *s = DatumGetCString(DirectFunctionCall1(numeric_out, num));

		o = reserve(buf, 1);
		buf->len += (int) wc_crdb_decimal_put(o, s, strlen(s), dir);
		return;
	}
	sz = wc_crdb_decimal_digits_put(NULL, nd.negative, nd.digits, nd.ndigits, -(int64) nd.scale, dir);
	o = reserve(buf, (int) sz);
	buf->len += (int) wc_crdb_decimal_digits_put(o, nd.negative, nd.digits, nd.ndigits,
												 -(int64) nd.scale, dir);
	pfree(nd.digits);
}

/* ---- JSON values (spec 3.12): descending markers are 0x99 - ascending ---- */

#define JK_EMPTY_ARRAY	0x45
#define JK_NULL			0x46
#define JK_STRING		0x47
#define JK_NUMBER		0x48
#define JK_FALSE		0x49
#define JK_TRUE			0x4a
#define JK_ARRAY		0x4b
#define JK_OBJECT		0x4c

static void encode_json_container(JsonbContainer *c, bool desc, StringInfo buf);

static void
json_marker(StringInfo buf, int m, bool desc)
{
	appendStringInfoChar(buf, (char) (desc ? 0x99 - m : m));
}

static void
json_end(StringInfo buf, bool desc)
{
	appendStringInfoChar(buf, desc ? (char) 0xff : 0x00);
}

static void
encode_json_value(JsonbValue *v, bool desc, StringInfo buf)
{
	int			dir = desc ? WC_CRDB_DESC : WC_CRDB_ASC;

	switch (v->type)
	{
		case jbvNull:
			json_marker(buf, JK_NULL, desc);
			break;
		case jbvBool:
			json_marker(buf, v->val.boolean ? JK_TRUE : JK_FALSE, desc);
			break;
		case jbvString:
			{
				char	   *u = pg_server_to_any(v->val.string.val, v->val.string.len, PG_UTF8);
				size_t		n = u == v->val.string.val ? (size_t) v->val.string.len : strlen(u);

				json_marker(buf, JK_STRING, desc);
				put_bytes(buf, (const uint8 *) u, n, dir);
				json_end(buf, desc);
				break;
			}
		case jbvNumeric:
			json_marker(buf, JK_NUMBER, desc);
			put_numeric(buf, NumericGetDatum(v->val.numeric), dir);
			json_end(buf, desc);
			break;
		case jbvBinary:
			encode_json_container(v->val.binary.data, desc, buf);
			break;
		default:
			elog(ERROR, "unexpected jsonb value type %d", (int) v->type);
	}
}

typedef struct json_pair
{
	JsonbValue	key;
	JsonbValue	val;
} json_pair;

/* Object keys in CockroachDB's order: bytewise, a prefix first. */
static int
json_pair_cmp(const void *a, const void *b)
{
	const JsonbValue *x = &((const json_pair *) a)->key;
	const JsonbValue *y = &((const json_pair *) b)->key;
	int			n = Min(x->val.string.len, y->val.string.len);
	int			r = memcmp(x->val.string.val, y->val.string.val, n);

	if (r)
		return r;
	return (x->val.string.len > y->val.string.len) - (x->val.string.len < y->val.string.len);
}

static void
encode_json_container(JsonbContainer *c, bool desc, StringInfo buf)
{
	JsonbIterator *it;
	JsonbValue	v;
	JsonbIteratorToken tok;
	int			dir = desc ? WC_CRDB_DESC : WC_CRDB_ASC;

	check_stack_depth();
	if (JsonContainerIsScalar(c))
	{
		if (!JsonbExtractScalar(c, &v))
			elog(ERROR, "jsonb scalar expected");
		encode_json_value(&v, desc, buf);
		return;
	}
	it = JsonbIteratorInit(c);
	tok = JsonbIteratorNext(&it, &v, true);
	if (tok == WJB_BEGIN_ARRAY)
	{
		int			n = v.val.array.nElems;

		json_marker(buf, n == 0 ? JK_EMPTY_ARRAY : JK_ARRAY, desc);
		put_varint(buf, n, dir);
		while ((tok = JsonbIteratorNext(&it, &v, true)) == WJB_ELEM)
		{
			CHECK_FOR_INTERRUPTS();
			encode_json_value(&v, desc, buf);
		}
		json_end(buf, desc);
		return;
	}
	if (tok == WJB_BEGIN_OBJECT)
	{
		int			n = v.val.object.nPairs,
					k = 0,
					i;
		json_pair  *pairs = palloc(sizeof(json_pair) * (n ? n : 1));

		while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_END_OBJECT && tok != WJB_DONE)
		{
			CHECK_FOR_INTERRUPTS();
			if (tok == WJB_KEY && k < n)
				pairs[k].key = v;
			else if (tok == WJB_VALUE && k < n)
				pairs[k++].val = v;
		}
		qsort(pairs, k, sizeof(json_pair), json_pair_cmp);
		json_marker(buf, JK_OBJECT, desc);
		put_varint(buf, k, dir);
		for (i = 0; i < k; i++)
		{
			encode_json_value(&pairs[i].key, desc, buf);
			encode_json_value(&pairs[i].val, desc, buf);
		}
		json_end(buf, desc);
		return;
	}
	elog(ERROR, "unexpected jsonb iterator token %d", (int) tok);
}

/*
 * A composite: its fields in order, a field the type resolution left out (a
 * dropped column) not at all; a NULL composite is every field NULL.
 */
static void
encode_record(rt_attr *t, Datum d, bool isnull, int dir, StringInfo buf)
{
	HeapTupleHeader th;
	HeapTupleData tup;
	Datum	   *vals;
	bool	   *nulls;
	int			i;
	rt_row	   *r = t->rec;
	TupleDesc	td = r->tupdesc;

	if (isnull)
	{
		for (i = 0; i < r->nlive; i++)
			encode_typed(&r->atts[r->live[i]], (Datum) 0, true, dir, buf);
		return;
	}
	th = DatumGetHeapTupleHeader(d);
	if (HeapTupleHeaderGetTypeId(th) != t->base && HeapTupleHeaderGetTypeId(th) != RECORDOID)
		unsupported_type(HeapTupleHeaderGetTypeId(th));
	tup.t_len = HeapTupleHeaderGetDatumLength(th);
	ItemPointerSetInvalid(&tup.t_self);
	tup.t_tableOid = InvalidOid;
	tup.t_data = th;
	vals = palloc(sizeof(Datum) * (td->natts ? td->natts : 1));
	nulls = palloc(sizeof(bool) * (td->natts ? td->natts : 1));
	heap_deform_tuple(&tup, td, vals, nulls);
	for (i = 0; i < r->nlive; i++)
		encode_typed(&r->atts[r->live[i]], vals[r->live[i]], nulls[r->live[i]], dir, buf);
}

/* text, varchar, bpchar (without its trailing blanks) and name, in UTF-8. */
static void
encode_text(rt_attr *t, Datum d, int dir, StringInfo buf)
{
	const char *s;
	int			n;
	char	   *u;

	if (t->kind == KK_NAME)
	{
		s = NameStr(*DatumGetName(d));
		n = strlen(s);
	}
	else
	{
		text	   *x = DatumGetTextPP(d);

		s = VARDATA_ANY(x);
		n = VARSIZE_ANY_EXHDR(x);
		if (t->kind == KK_BPCHAR)
			while (n > 0 && s[n - 1] == ' ')
				n--;
	}
	u = pg_server_to_any(s, n, PG_UTF8);
	if (u != s)
		n = strlen(u);
	put_bytes(buf, (const uint8 *) u, n, dir);
}

/* inet: family (0 IPv4, 1 IPv6), prefix length and address as bytes. */
static void
encode_inet(Datum d, int dir, StringInfo buf)
{
	inet	   *x = DatumGetInetPP(d);
	uint8		b[18];
	int			alen = ip_family(x) == PGSQL_AF_INET ? 4 : 16;

	b[0] = ip_family(x) == PGSQL_AF_INET ? 0 : 1;
	b[1] = ip_bits(x);
	memcpy(b + 2, ip_addr(x), alen);
	put_bytes(buf, b, alen + 2, dir);
}

/*
 * date (days since 1970, the int64 extremes for +-infinity), time (µs) and
 * timetz (µs of the day, the zone's offset in seconds west of UTC).
 */
static void
encode_date_time(rt_attr *t, Datum d, int dir, StringInfo buf)
{
	DateADT		v;
	TimeTzADT  *x;
	uint8	   *o;

	switch (t->kind)
	{
		case KK_DATE:
			v = DatumGetDateADT(d);
			put_varint(buf, DATE_IS_NOEND(v) ? PG_INT64_MAX : DATE_IS_NOBEGIN(v) ? PG_INT64_MIN :
					   (int64) v + EPOCH_DIFF_DAYS, dir);
			break;
		case KK_TIME:
			put_varint(buf, DatumGetTimeADT(d), dir);
			break;
		default:
			x = DatumGetTimeTzADTP(d);
			o = reserve(buf, 19);
			buf->len += (int) wc_crdb_timetz_put(o, x->time, x->zone, dir);
			break;
	}
}

/* timestamp and timestamptz: seconds and nanoseconds since 1970. */
static void
encode_timestamp(Datum d, int dir, StringInfo buf)
{
	Timestamp	v = DatumGetTimestamp(d);
	int64		s,
				ns;
	uint8	   *o = reserve(buf, 19);

	if (TIMESTAMP_IS_NOEND(v))
		s = CRDB_INF_SEC, ns = CRDB_INF_NSEC;
	else if (TIMESTAMP_IS_NOBEGIN(v))
		s = CRDB_NINF_SEC, ns = 0;
	else
	{
		int64		us = v + EPOCH_DIFF_SECS * USECS_PER_SEC;

		s = us / USECS_PER_SEC;
		ns = (us % USECS_PER_SEC) * 1000;
		if (ns < 0)
		{
			ns += INT64CONST(1000000000);
			s--;
		}
	}
	buf->len += (int) wc_crdb_time_put(o, s, ns, dir);
}

/* interval: months, days and nanoseconds. */
static void
encode_interval(Datum d, int dir, StringInfo buf)
{
	Interval   *x = DatumGetIntervalP(d);
	int64		nanos;
	wc_error	err;
	size_t		n;
	uint8	   *o = reserve(buf, 28);

	if (pg_mul_s64_overflow(x->time, 1000, &nanos))
		value_fail(WC_ERR_DATETIME_RANGE, 0, "interval sort key", 0);
	if (wc_crdb_duration_put(o, x->month, x->day, nanos, dir, &n, &err) != WC_OK)
	{
		err.has = 0;
		wc_report(&err, SUBJECT);
	}
	buf->len += (int) n;
}

/* A one-dimensional array: its elements between the array markers. */
static void
encode_array(rt_attr *t, Datum d, int dir, StringInfo buf)
{
	ArrayType  *a = DatumGetArrayTypeP(d);
	Datum	   *vals;
	bool	   *nulls;
	int			n,
				i;
	int			desc = dir == WC_CRDB_DESC;

	if (ARR_NDIM(a) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("multi-dimensional arrays have no CockroachDB key encoding"),
				 errdetail("The array has %d dimensions.", ARR_NDIM(a))));
	deconstruct_array(a, t->elem->typid, t->elem->typlen, t->elem->typbyval, t->elem->typalign,
					  &vals, &nulls, &n);
	appendStringInfoChar(buf, desc ? 0x40 : 0x3f);
	for (i = 0; i < n; i++)
	{
		if (nulls[i])
			appendStringInfoChar(buf, desc ? (char) 0xfe : 0x01);
		else
			encode_typed(t->elem, vals[i], false, dir, buf);
	}
	appendStringInfoChar(buf, desc ? (char) 0xff : 0x00);
}

static void
encode_typed(rt_attr *t, Datum d, bool isnull, int dir, StringInfo buf)
{
	uint8	   *o;

	if (t->kind == KK_RECORD)
	{
		encode_record(t, d, isnull, dir, buf);
		return;
	}
	if (isnull)
	{
		appendStringInfoChar(buf, dir == WC_CRDB_DESC ? (char) 0xff : 0x00);
		return;
	}
	switch (t->kind)
	{
		case KK_INT2:
			put_varint(buf, DatumGetInt16(d), dir);
			break;
		case KK_INT4:
			put_varint(buf, DatumGetInt32(d), dir);
			break;
		case KK_INT8:
			put_varint(buf, DatumGetInt64(d), dir);
			break;
		case KK_BOOL:
			put_varint(buf, DatumGetBool(d) ? 1 : 0, dir);
			break;
		case KK_OID:
			put_varint(buf, (int64) DatumGetObjectId(d), dir);
			break;
		case KK_FLOAT4:
		case KK_FLOAT8:
			o = reserve(buf, 9);
			buf->len += (int) wc_crdb_float_put(o, t->kind == KK_FLOAT4 ?
												(double) DatumGetFloat4(d) : DatumGetFloat8(d), dir);
			break;
		case KK_NUMERIC:
			put_numeric(buf, d, dir);
			break;
		case KK_TEXT:
		case KK_VARCHAR:
		case KK_BPCHAR:
		case KK_NAME:
			encode_text(t, d, dir, buf);
			break;
		case KK_BYTEA:
			{
				bytea	   *x = DatumGetByteaPP(d);

				put_bytes(buf, (const uint8 *) VARDATA_ANY(x), VARSIZE_ANY_EXHDR(x), dir);
				break;
			}
		case KK_UUID:
			put_bytes(buf, DatumGetUUIDP(d)->data, UUID_LEN, dir);
			break;
		case KK_INET:
			encode_inet(d, dir, buf);
			break;
		case KK_DATE:
		case KK_TIME:
		case KK_TIMETZ:
			encode_date_time(t, d, dir, buf);
			break;
		case KK_TIMESTAMP:
		case KK_TIMESTAMPTZ:
			encode_timestamp(d, dir, buf);
			break;
		case KK_INTERVAL:
			encode_interval(d, dir, buf);
			break;
		case KK_BIT:
		case KK_VARBIT:
			{
				VarBit	   *x = DatumGetVarBitP(d);

				o = reserve(buf, (int) wc_crdb_bitarray_size(VARBITLEN(x)));
				buf->len += (int) wc_crdb_bitarray_put(o, VARBITS(x), VARBITLEN(x), dir);
				break;
			}
		case KK_PGLSN:
			o = reserve(buf, 9);
			buf->len += (int) wc_crdb_uvarint_put(o, DatumGetLSN(d), dir);
			break;
		case KK_ARRAY:
			encode_array(t, d, dir, buf);
			break;
		case KK_JSONB:
			encode_json_container(&DatumGetJsonbP(d)->root, dir == WC_CRDB_DESC, buf);
			break;
		default:
			unsupported_type(t->typid);
	}
}

/* ------------------------------------------------------------ call-site caches */

/* The value type of argument argno, cached in fn_extra. */
static rt_attr *
cached_type(FunctionCallInfo fcinfo, int argno)
{
	row_type   *t = (row_type *) fcinfo->flinfo->fn_extra;
	Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, argno);

	if (!OidIsValid(typid))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("could not determine the type of the value")));
	if (t == NULL)
		fcinfo->flinfo->fn_extra = t =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(row_type));
	return key_value_type(t, typid, arg_typmod(fcinfo, argno), fcinfo);
}

/* ------------------------------------------------------------ SQL functions */

static text *
pretty_text(const uint8 *k, size_t n, const uint8 *dirs, int ndirs)
{
	size_t		guess = 4 * n + 32;
	text	   *r = palloc(VARHDRSZ + guess);
	uint8	   *scratch = palloc(wc_crdb_pretty_scratch(n, ndirs));
	wc_crdb_out o;

	o.buf = VARDATA(r);
	o.cap = guess;
	o.len = 0;
	wc_crdb_key_pretty(k, n, dirs, ndirs, scratch, &o);
	if (o.len > guess)
	{
		if (o.len > MaxAllocSize - VARHDRSZ)
			value_fail(WC_ERR_TOO_LARGE, 0, "printed key", 0);
		pfree(r);
		r = palloc(VARHDRSZ + o.len);
		o.buf = VARDATA(r);
		o.cap = o.len;
		o.len = 0;
		wc_crdb_key_pretty(k, n, dirs, ndirs, scratch, &o);
	}
	pfree(scratch);
	SET_VARSIZE(r, VARHDRSZ + o.len);
	return r;
}

PG_FUNCTION_INFO_V1(crdb_key_pretty);
Datum
crdb_key_pretty(PG_FUNCTION_ARGS)
{
	bytea	   *k = PG_GETARG_BYTEA_PP(0);
	int			ndirs = 0;
	uint8	   *dirs = NULL;

	if (PG_NARGS() > 1)
		dirs = parse_dirs(PG_GETARG_ARRAYTYPE_P(1), &ndirs);
	PG_RETURN_TEXT_P(pretty_text((const uint8 *) VARDATA_ANY(k), VARSIZE_ANY_EXHDR(k), dirs, ndirs));
}

PG_FUNCTION_INFO_V1(crdb_mvcc_key_pretty);
Datum
crdb_mvcc_key_pretty(PG_FUNCTION_ARGS)
{
	bytea	   *k = PG_GETARG_BYTEA_PP(0);
	const uint8 *p = (const uint8 *) VARDATA_ANY(k);
	size_t		len = VARSIZE_ANY_EXHDR(k);
	wc_mvcc_key mk;
	wc_error	err;
	text	   *pt;
	char		ts[WC_HLC_TEXT_MAX + 8];
	size_t		tl;
	text	   *r;

	if (wc_mvcc_decode(p, len, &mk, &err) != WC_OK)
		wc_report(&err, "CockroachDB MVCC key");
	pt = pretty_text(p, mk.key_len, NULL, 0);
	if (wc_hlc_is_empty(&mk.ts))
		PG_RETURN_TEXT_P(pt);
	tl = wc_hlc_format_crdb(&mk.ts, ts);
	r = palloc(VARSIZE(pt) + 1 + tl);
	memcpy(VARDATA(r), VARDATA(pt), VARSIZE(pt) - VARHDRSZ);
	VARDATA(r)[VARSIZE(pt) - VARHDRSZ] = '/';
	memcpy(VARDATA(r) + VARSIZE(pt) - VARHDRSZ + 1, ts, tl);
	SET_VARSIZE(r, VARSIZE(pt) + 1 + tl);
	PG_RETURN_TEXT_P(r);
}

PG_FUNCTION_INFO_V1(crdb_key_table_prefix);
Datum
crdb_key_table_prefix(PG_FUNCTION_ARGS)
{
	uint8		b[VARHDRSZ + 27];
	size_t		n = VARHDRSZ;
	int			i;
	static const char *const what[] = {"table ID", "index ID", "tenant ID"};
	bytea	   *r;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	for (i = 0; i < 3; i++)
		if (!PG_ARGISNULL(i) && PG_GETARG_INT64(i) < (i == 2 ? 1 : 0))
		{
			wc_error	err;

			wc_fail(&err, WC_ERR_PARAMETER, 0);
			err.has = 0;
			wc_in_field(&err, WC_ERR_PARAMETER, what[i]);
			wc_report(&err, "CockroachDB key prefix");
		}
	if (!PG_ARGISNULL(2) && PG_GETARG_INT64(2) != 1)
	{
		b[n++] = 0xfe;
		n += wc_crdb_uvarint_put(b + n, (uint64) PG_GETARG_INT64(2), WC_CRDB_ASC);
	}
	n += wc_crdb_uvarint_put(b + n, (uint64) PG_GETARG_INT64(0), WC_CRDB_ASC);
	if (!PG_ARGISNULL(1))
		n += wc_crdb_uvarint_put(b + n, (uint64) PG_GETARG_INT64(1), WC_CRDB_ASC);
	r = palloc(n);
	memcpy(r, b, n);
	SET_VARSIZE(r, n);
	PG_RETURN_BYTEA_P(r);
}

PG_FUNCTION_INFO_V1(crdb_key_encode_value);
Datum
crdb_key_encode_value(PG_FUNCTION_ARGS)
{
	rt_attr    *t = cached_type(fcinfo, 0);
	int			dir = !PG_ARGISNULL(1) && PG_GETARG_BOOL(1) ? WC_CRDB_DESC : WC_CRDB_ASC;
	StringInfoData buf;

	initStringInfo(&buf);
	appendStringInfoSpaces(&buf, VARHDRSZ);
	encode_typed(t, PG_ARGISNULL(0) ? (Datum) 0 : PG_GETARG_DATUM(0), PG_ARGISNULL(0), dir, &buf);
	SET_VARSIZE(buf.data, buf.len);
	PG_RETURN_BYTEA_P((bytea *) buf.data);
}

PG_FUNCTION_INFO_V1(crdb_key_decode_value);
Datum
crdb_key_decode_value(PG_FUNCTION_ARGS)
{
	rt_attr    *t = cached_type(fcinfo, 1);
	bytea	   *e;
	key_dec		k;
	size_t		pos = 0;
	int			dir;
	bool		isnull;
	Datum		d;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(2))
		PG_RETURN_NULL();
	e = PG_GETARG_BYTEA_PP(0);
	k.p = (const uint8 *) VARDATA_ANY(e);
	k.len = VARSIZE_ANY_EXHDR(e);
	k.element = 1;
	k.populate = false;
	dir = PG_GETARG_BOOL(2) ? WC_CRDB_DESC : WC_CRDB_ASC;
	d = decode_typed(&k, t, &pos, dir, &isnull);
	if (pos != k.len)
	{
		wc_error	err;

		wc_fail_found(&err, WC_ERR_TRAILING, pos, k.len - pos);
		wc_report(&err, SUBJECT);
	}
	if (isnull)
		PG_RETURN_NULL();
	PG_RETURN_DATUM(d);
}

/* crdb_key_encode(prefix, dirs, VARIADIC "any"): per-argument types cached. */
typedef struct encode_cache
{
	int			nargs;
	row_type   *t;
} encode_cache;

PG_FUNCTION_INFO_V1(crdb_key_encode);
Datum
crdb_key_encode(PG_FUNCTION_ARGS)
{
	encode_cache *c = (encode_cache *) fcinfo->flinfo->fn_extra;
	int			nargs = PG_NARGS();
	bytea	   *prefix;
	uint8	   *dirs;
	int			ndirs,
				i;
	StringInfoData buf;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (get_fn_expr_variadic(fcinfo->flinfo))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("CockroachDB key values cannot be passed as a VARIADIC array"),
				 errhint("Pass the values as separate arguments.")));
	if (c == NULL || c->nargs != nargs)
	{
		c = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(encode_cache));
		c->nargs = nargs;
		c->t = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(row_type) * nargs);
		fcinfo->flinfo->fn_extra = c;
	}
	for (i = 2; i < nargs; i++)
	{
		Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, i);

		if (typid == UNKNOWNOID)
			typid = TEXTOID;
		(void) key_value_type(&c->t[i], typid, -1, fcinfo);
	}
	prefix = PG_GETARG_BYTEA_PP(0);
	dirs = parse_dirs(PG_ARGISNULL(1) ? NULL : PG_GETARG_ARRAYTYPE_P(1), &ndirs);
	initStringInfo(&buf);
	appendStringInfoSpaces(&buf, VARHDRSZ);
	appendBinaryStringInfo(&buf, VARDATA_ANY(prefix), VARSIZE_ANY_EXHDR(prefix));
	for (i = 2; i < nargs; i++)
	{
		int			dir = dir_at(dirs, ndirs, i - 2) == WC_CRDB_DESC ? WC_CRDB_DESC : WC_CRDB_ASC;
		Datum		d = PG_ARGISNULL(i) ? (Datum) 0 : PG_GETARG_DATUM(i);

		if (!PG_ARGISNULL(i) && get_fn_expr_argtype(fcinfo->flinfo, i) == UNKNOWNOID)
			d = CStringGetTextDatum(DatumGetCString(d));
		encode_typed(&c->t[i].atts[0], d, PG_ARGISNULL(i), dir, &buf);
	}
	SET_VARSIZE(buf.data, buf.len);
	PG_RETURN_BYTEA_P((bytea *) buf.data);
}

static text *
out_text(wc_crdb_out *o)
{
	text	   *r = (text *) (o->buf - VARHDRSZ);

	SET_VARSIZE(r, VARHDRSZ + o->len);
	return r;
}

/* The element text (sized, then written). */
static text *
element_text(const uint8 *p, size_t len, size_t pos, int dir)
{
	wc_crdb_out o = {NULL, 0, 0};
	char	   *b;

	wc_crdb_elem_text(p, len, pos, dir, &o);
	b = palloc(VARHDRSZ + o.len);
	o.buf = b + VARHDRSZ;
	o.cap = o.len;
	o.len = 0;
	wc_crdb_elem_text(p, len, pos, dir, &o);
	return out_text(&o);
}

static void
emit_element(Tuplestorestate *ts, TupleDesc td, int idx, const char *enc, text *value,
			 const char *role, const uint8 *raw, size_t rawlen)
{
	Datum		v[5];
	bool		n[5] = {false, false, false, false, false};
	bytea	   *r = palloc(VARHDRSZ + rawlen);

	memcpy(VARDATA(r), raw, rawlen);
	SET_VARSIZE(r, VARHDRSZ + rawlen);
	v[0] = Int32GetDatum(idx);
	v[1] = CStringGetTextDatum(enc);
	v[2] = PointerGetDatum(value);
	v[3] = CStringGetTextDatum(role);
	v[4] = PointerGetDatum(r);
	tuplestore_putvalues(ts, td, v, n);
}

static text *
u64_text(uint64 v)
{
	char		b[24];

	snprintf(b, sizeof(b), UINT64_FORMAT, v);
	return cstring_to_text(b);
}

PG_FUNCTION_INFO_V1(crdb_key_elements);
Datum
crdb_key_elements(PG_FUNCTION_ARGS)
{
	bytea	   *k;
	const uint8 *p;
	size_t		len;
	int			ndirs;
	uint8	   *dirs = parse_dirs(PG_ARGISNULL(1) ? NULL : PG_GETARG_ARRAYTYPE_P(1), &ndirs);
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Tuplestorestate *ts;
	TupleDesc	td;
	wc_crdb_prefix pf;
	wc_error	err;
	size_t		pos = 0;
	int			idx = 1;
	int			col = 0;

	InitMaterializedSRF(fcinfo, 0);
	ts = rsinfo->setResult;
	td = rsinfo->setDesc;
	if (PG_ARGISNULL(0))
		return (Datum) 0;
	k = PG_GETARG_BYTEA_PP(0);
	p = (const uint8 *) VARDATA_ANY(k);
	len = VARSIZE_ANY_EXHDR(k);
	if (wc_crdb_prefix_get(p, len, &pos, &pf, &err) != WC_OK)
		wc_report(&err, SUBJECT);
	if (pf.tenant)
		emit_element(ts, td, idx++, "varint", u64_text(pf.tenant), "tenant", p, pf.tenant_end);
	emit_element(ts, td, idx++, "varint", u64_text(pf.table), "table", p + pf.tenant_end,
				 pf.table_end - pf.tenant_end);
	if (pf.has_index)
		emit_element(ts, td, idx++, "varint", u64_text(pf.index), "index", p + pf.table_end,
					 pf.index_end - pf.table_end);
	while (pos < len)
	{
		size_t		start = pos;
		wc_crdb_enc enc;
		int			dir = dir_at(dirs, ndirs, col);

		CHECK_FOR_INTERRUPTS();

		if (wc_crdb_elem_skip(p, len, &pos, dir, &enc, &err) != WC_OK)
			key_fail(&err, idx);
		emit_element(ts, td, idx++, wc_crdb_enc_name(enc), element_text(p, len, start, dir),
					 "value", p + start, pos - start);
		col++;
	}
	return (Datum) 0;
}

/*
 * crdb_key_populate_record(base, key, dirs): the row type resolved once per
 * call site (row_target) and checked on every call against its descriptor
 * and those of the named row types nested in it, so ALTER TYPE or ALTER
 * TABLE between calls is seen.  Each live column takes the next element
 * after the table and index IDs (a composite column one element per field);
 * a key with fewer values than columns is an error (22023).  Elements after
 * the last column (a column family suffix, further index columns) must be
 * well formed and are otherwise ignored, unless the last column is a
 * composite: its fields end the key, so an element after them is one the
 * composite has no field for (22P03, as crdb_key_decode_value has it).
 */
PG_FUNCTION_INFO_V1(crdb_key_populate_record);
Datum
crdb_key_populate_record(PG_FUNCTION_ARGS)
{
	row_type   *t = (row_type *) fcinfo->flinfo->fn_extra;
	bytea	   *kb;
	key_dec		k;
	size_t		pos = 0;
	int			ndirs,
				c;
	uint8	   *dirs;
	wc_crdb_prefix pf;
	wc_error	err;

	if (PG_ARGISNULL(1))
		PG_RETURN_NULL();
	if (t == NULL)
	{
		t = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(row_type));
		t->resolve = key_resolve;
		fcinfo->flinfo->fn_extra = t;
	}
	(void) row_type_check(t, fcinfo, 0, "the first argument");
	kb = PG_GETARG_BYTEA_PP(1);
	k.p = (const uint8 *) VARDATA_ANY(kb);
	k.len = VARSIZE_ANY_EXHDR(kb);
	k.populate = true;
	dirs = parse_dirs(PG_ARGISNULL(2) ? NULL : PG_GETARG_ARRAYTYPE_P(2), &ndirs);
	if (wc_crdb_prefix_get(k.p, k.len, &pos, &pf, &err) != WC_OK)
		wc_report(&err, SUBJECT);
	k.element = 1 + (pf.tenant ? 1 : 0) + 1 + (pf.has_index ? 1 : 0);
	for (c = 0; c < t->nlive; c++)
	{
		int			i = t->top->live[c];

		if (pos >= k.len)
			rt_report_count("the key", "values", c, t->rectype, t->nlive);
		t->values[i] = decode_typed(&k, &t->atts[i], &pos, dir_at(dirs, ndirs, c), &t->nulls[i]);
		k.element++;
	}
	if (pos < k.len && c > 0 && t->atts[t->top->live[c - 1]].kind == KK_RECORD)
	{
		wc_fail_found(&err, WC_ERR_TRAILING, pos, k.len - pos);
		key_fail(&err, k.element);
	}
	/* the rest (family suffix, further columns) must be well formed */
	for (; pos < k.len; c++)
	{
		wc_crdb_enc enc;

		CHECK_FOR_INTERRUPTS();
		if (wc_crdb_elem_skip(k.p, k.len, &pos, dir_at(dirs, ndirs, c), &enc, &err) != WC_OK)
			key_fail(&err, k.element);
		k.element++;
	}
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(t->tupdesc, t->values, t->nulls)));
}
