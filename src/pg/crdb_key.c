/*
 * crdb_key.c: fmgr glue of CockroachDB SQL keys: crdb_key_pretty,
 * crdb_key_elements, crdb_key_table_prefix, crdb_key_encode_value,
 * crdb_key_decode_value, crdb_key_encode, crdb_key_populate_record and
 * crdb_mvcc_key_pretty.  Byte work happens in src/core/crdb_key*.c; this
 * file turns elements into Datums of the column types (doc/crdb_key.md has
 * the type mapping) and back.
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

typedef enum KeyKind
{
	KK_INT2, KK_INT4, KK_INT8, KK_BOOL, KK_OID, KK_FLOAT4, KK_FLOAT8, KK_NUMERIC,
	KK_TEXT, KK_BPCHAR, KK_VARCHAR, KK_NAME, KK_BYTEA, KK_UUID, KK_INET, KK_DATE, KK_TIME,
	KK_TIMETZ, KK_TIMESTAMP, KK_TIMESTAMPTZ, KK_INTERVAL, KK_BIT, KK_VARBIT, KK_JSONB,
	KK_PGLSN, KK_ARRAY, KK_RECORD
} KeyKind;

/* A column type resolved once per call site. */
typedef struct KeyType
{
	Oid			typid;			/* as declared (may be a domain) */
	Oid			base;
	int32		typmod;
	KeyKind		kind;
	bool		domain;
	void	   *domain_extra;
	/* arrays */
	struct KeyType *elem;
	int16		elmlen;
	bool		elmbyval;
	char		elmalign;
	/* records */
	TupleDesc	tupdesc;
	int			natts;
	struct KeyType *atts;		/* natts of them; dropped columns have typid 0 */
} KeyType;

static void keytype_init(KeyType *t, Oid typid, int32 typmod, MemoryContext mcxt, int depth);
static void key_fail(wc_error *err, int64 element) WC_NORETURN;
static void value_fail(wc_status st, size_t off, const char *field, int64 element) WC_NORETURN;
static void unsupported_type(Oid typid) WC_NORETURN;

/* Digits before the decimal point that a numeric can hold. */
#define WC_NUMERIC_MAX_INT_DIGITS 131072

/* Report a core error with the element index. */
static void
key_fail(wc_error *err, int64 element)
{
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

static void
keytype_init(KeyType *t, Oid typid, int32 typmod, MemoryContext mcxt, int depth)
{
	int32		btypmod = typmod;
	Oid			base;

	if (depth > 16)
		unsupported_type(typid);
	memset(t, 0, sizeof(*t));
	base = getBaseTypeAndTypmod(typid, &btypmod);
	t->typid = typid;
	t->base = base;
	t->typmod = base == typid ? typmod : btypmod;
	t->domain = base != typid;
	switch (base)
	{
		case INT2OID: t->kind = KK_INT2; break;
		case INT4OID: t->kind = KK_INT4; break;
		case INT8OID: t->kind = KK_INT8; break;
		case BOOLOID: t->kind = KK_BOOL; break;
		case OIDOID: t->kind = KK_OID; break;
		case FLOAT4OID: t->kind = KK_FLOAT4; break;
		case FLOAT8OID: t->kind = KK_FLOAT8; break;
		case NUMERICOID: t->kind = KK_NUMERIC; break;
		case TEXTOID: t->kind = KK_TEXT; break;
		case BPCHAROID: t->kind = KK_BPCHAR; break;
		case VARCHAROID: t->kind = KK_VARCHAR; break;
		case NAMEOID: t->kind = KK_NAME; break;
		case BYTEAOID: t->kind = KK_BYTEA; break;
		case UUIDOID: t->kind = KK_UUID; break;
		case INETOID: t->kind = KK_INET; break;
		case DATEOID: t->kind = KK_DATE; break;
		case TIMEOID: t->kind = KK_TIME; break;
		case TIMETZOID: t->kind = KK_TIMETZ; break;
		case TIMESTAMPOID: t->kind = KK_TIMESTAMP; break;
		case TIMESTAMPTZOID: t->kind = KK_TIMESTAMPTZ; break;
		case INTERVALOID: t->kind = KK_INTERVAL; break;
		case BITOID: t->kind = KK_BIT; break;
		case VARBITOID: t->kind = KK_VARBIT; break;
		case JSONBOID: t->kind = KK_JSONB; break;
		case PG_LSNOID: t->kind = KK_PGLSN; break;
		default:
			{
				Oid			elem = get_element_type(base);

				if (OidIsValid(elem))
				{
					t->kind = KK_ARRAY;
					t->elem = MemoryContextAlloc(mcxt, sizeof(KeyType));
					keytype_init(t->elem, elem, -1, mcxt, depth + 1);
					if (t->elem->kind == KK_ARRAY || t->elem->kind == KK_RECORD)
						unsupported_type(typid);
					get_typlenbyvalalign(elem, &t->elmlen, &t->elmbyval, &t->elmalign);
				}
				else if (type_is_rowtype(base) && base != RECORDOID)
				{
					TupleDesc	td = lookup_rowtype_tupdesc(base, -1);
					MemoryContext old = MemoryContextSwitchTo(mcxt);
					int			i;

					t->kind = KK_RECORD;
					t->tupdesc = CreateTupleDescCopy(td);
					ReleaseTupleDesc(td);
					BlessTupleDesc(t->tupdesc);
					MemoryContextSwitchTo(old);
					t->natts = t->tupdesc->natts;
					t->atts = MemoryContextAllocZero(mcxt, sizeof(KeyType) * (t->natts ? t->natts : 1));
					for (i = 0; i < t->natts; i++)
					{
						Form_pg_attribute a = TupleDescAttr(t->tupdesc, i);

						if (!a->attisdropped)
							keytype_init(&t->atts[i], a->atttypid, a->atttypmod, mcxt, depth + 1);
					}
				}
				else
					unsupported_type(typid);
			}
	}
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

static Datum decode_typed(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir,
						  bool *isnull, int64 element);

static int64
get_varint(const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	wc_error	err;
	int64_t		v;

	if (wc_crdb_varint_get(p, len, pos, dir, &v, &err) != WC_OK)
		key_fail(&err, element);
	return v;
}

/* A decoded text value must be UTF-8 without NUL bytes (22021). */
static void
text_check_utf8(const char *buf, size_t n, size_t payload_off, int64 element)
{
	const char *nul = memchr(buf, 0, n);

	if (nul != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
				 errmsg("invalid CockroachDB key: text value contains a NUL byte"),
				 errdetail("At payload byte %zu of the value starting at byte offset %zu (element %lld).",
						   (size_t) (nul - buf), payload_off - 1, (long long) element)));
	if (!pg_verify_mbstr(PG_UTF8, buf, (int) n, true))
		ereport(ERROR,
				(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
				 errmsg("invalid CockroachDB key: text value is not valid UTF-8"),
				 errdetail("In the value starting at byte offset %zu (element %lld).",
						   payload_off - 1, (long long) element)));
}

static Datum
decode_text(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	size_t		s,
				e,
				n;
	int			bd;
	wc_error	err;
	char	   *buf;
	char	   *conv;
	text	   *res;

	if (wc_crdb_bytes_get(p, len, pos, dir, &s, &e, &n, &bd, &err) != WC_OK)
		key_fail(&err, element);
	if (n > MaxAllocSize - VARHDRSZ - 1)
		value_fail(WC_ERR_TOO_LARGE, s, "text", element);
	/* the text value itself, unescaped in place */
	res = palloc(VARHDRSZ + n + 1);
	buf = VARDATA(res);
	wc_crdb_bytes_copy(p + s, e - s, bd, (uint8 *) buf);
	buf[n] = '\0';
	/* UTF-8 without NUL (22021), then the server encoding */
	text_check_utf8(buf, n, s, element);
	conv = GetDatabaseEncoding() == PG_UTF8 ? buf : pg_any_to_server(buf, (int) n, PG_UTF8);
	if (t->kind == KK_NAME)
		return DirectFunctionCall1(namein, CStringGetDatum(conv));
	if (conv != buf)
		res = cstring_to_text(conv);
	else
		SET_VARSIZE(res, VARHDRSZ + n);
	if (t->kind == KK_VARCHAR && t->typmod >= 0)
		return DirectFunctionCall3(varchar, PointerGetDatum(res), Int32GetDatum(t->typmod),
								   BoolGetDatum(false));
	if (t->kind == KK_BPCHAR)
		return DirectFunctionCall3(bpchar, PointerGetDatum(res), Int32GetDatum(t->typmod),
								   BoolGetDatum(false));
	return PointerGetDatum(res);
}

/* The payload of a bytes element into a palloc'd buffer. */
static uint8 *
decode_bytes(const uint8 *p, size_t len, size_t *pos, int dir, size_t *n, size_t *start,
			 int64 element)
{
	size_t		s,
				e;
	int			bd;
	wc_error	err;
	uint8	   *buf;

	if (wc_crdb_bytes_get(p, len, pos, dir, &s, &e, n, &bd, &err) != WC_OK)
		key_fail(&err, element);
	buf = palloc(*n + VARHDRSZ);
	wc_crdb_bytes_copy(p + s, e - s, bd, buf + VARHDRSZ);
	*start = s;
	return buf;
}

static Datum
decode_numeric(const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	wc_crdb_decimal d;
	wc_error	err;
	size_t		at = *pos;
	wc_crdb_out o = {NULL, 0, 0};
	char	   *txt;

	if (wc_crdb_decimal_get(p, len, pos, dir, &d, &err) != WC_OK)
		key_fail(&err, element);
	if (d.kind == WC_CRDB_DEC_FINITE)
	{
		int64		exp10;
		char	   *digits = palloc(2 * d.mant_len + 1);
		size_t		nd = wc_crdb_decimal_digits(&d, digits, &exp10);

		pfree(digits);
		if (exp10 < -NUMERIC_MAX_DISPLAY_SCALE)
			value_fail(WC_ERR_RANGE, at, "numeric (scale above 16383)", element);
		if (exp10 + (int64) nd > WC_NUMERIC_MAX_INT_DIGITS)
			value_fail(WC_ERR_RANGE, at, "numeric (more than 131072 digits before the point)", element);
	}
	wc_crdb_decimal_text(&d, &o);
	txt = palloc(o.len + 1);
	o.buf = txt;
	o.cap = o.len;
	o.len = 0;
	wc_crdb_decimal_text(&d, &o);
	txt[o.len] = '\0';
	return DirectFunctionCall3(numeric_in, CStringGetDatum(txt), ObjectIdGetDatum(InvalidOid),
							   Int32GetDatum(-1));
}

static Datum
decode_array(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
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

	if (wc_crdb_array_open(p, len, pos, dir, &is_desc, &err) != WC_OK)
		key_fail(&err, element);
	for (;;)
	{
		CHECK_FOR_INTERRUPTS();
		if (wc_crdb_array_next(p, len, pos, is_desc, &done, &isnull, &err) != WC_OK)
			key_fail(&err, element);
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
		vals[n] = decode_typed(t->elem, p, len, pos, is_desc ? WC_CRDB_DESC : WC_CRDB_ASC,
							   &nulls[n], element);
		if (nulls[n])
			value_fail(WC_ERR_BAD_BYTE, *pos - 1, "array element (NULL marker)", element);
		n++;
	}
	dims[0] = n;
	if (n == 0)
		return PointerGetDatum(construct_empty_array(t->elem->typid));
	return PointerGetDatum(construct_md_array(vals, nulls, 1, dims, lbs, t->elem->typid,
											  t->elmlen, t->elmbyval, t->elmalign));
}

/*
 * The fields of a composite, in order, each in direction dir; a field the
 * type resolution left out (a dropped column) is NULL without reading.
 */
static Datum
decode_record(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	Datum	   *vals = palloc(sizeof(Datum) * (t->natts ? t->natts : 1));
	bool	   *nulls = palloc(sizeof(bool) * (t->natts ? t->natts : 1));
	int			i;

	for (i = 0; i < t->natts; i++)
	{
		if (t->atts[i].typid == InvalidOid)
		{
			vals[i] = (Datum) 0;
			nulls[i] = true;
			continue;
		}
		vals[i] = decode_typed(&t->atts[i], p, len, pos, dir, &nulls[i], element);
	}
	return HeapTupleGetDatum(heap_form_tuple(t->tupdesc, vals, nulls));
}

/* smallint, integer, bigint, boolean and oid: a varint, range-checked. */
static Datum
decode_integer(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	size_t		at = *pos;
	int64		v = get_varint(p, len, pos, dir, element);

	switch (t->kind)
	{
		case KK_INT2:
			if (v < PG_INT16_MIN || v > PG_INT16_MAX)
				value_fail(WC_ERR_RANGE, at, "smallint", element);
			return Int16GetDatum((int16) v);
		case KK_INT4:
			if (v < PG_INT32_MIN || v > PG_INT32_MAX)
				value_fail(WC_ERR_RANGE, at, "integer", element);
			return Int32GetDatum((int32) v);
		case KK_BOOL:
			if (v != 0 && v != 1)
				value_fail(WC_ERR_BAD_VALUE, at, "boolean (must be 0 or 1)", element);
			return BoolGetDatum(v == 1);
		case KK_OID:
			if (v < 0 || v > (int64) PG_UINT32_MAX)
				value_fail(WC_ERR_RANGE, at, "oid", element);
			return ObjectIdGetDatum((Oid) v);
		default:
			return Int64GetDatum(v);
	}
}

/* real and double precision: a float8 in the key, real range-checked. */
static Datum
decode_float(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	size_t		at = *pos;
	double		v;
	float4		f;
	wc_error	err;

	if (wc_crdb_float_get(p, len, pos, dir, &v, &err) != WC_OK)
		key_fail(&err, element);
	if (t->kind == KK_FLOAT8)
		return Float8GetDatum(v);
	f = (float4) v;
	if ((isinf(f) && !isinf(v)) || (f == 0 && v != 0))
		value_fail(WC_ERR_RANGE, at, "real", element);
	return Float4GetDatum(f);
}

/* bytea, uuid and inet: a bytes element, its payload checked per type. */
static Datum
decode_bytes_typed(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	size_t		n,
				s;
	uint8	   *b = decode_bytes(p, len, pos, dir, &n, &s, element);
	const uint8 *q = b + VARHDRSZ;
	pg_uuid_t  *u;
	inet	   *r;
	int			alen;

	if (t->kind == KK_BYTEA)
	{
		SET_VARSIZE(b, n + VARHDRSZ);
		return PointerGetDatum(b);
	}
	if (t->kind == KK_UUID)
	{
		if (n != UUID_LEN)
			value_fail(WC_ERR_BAD_VALUE, s, "uuid (payload must be 16 bytes)", element);
		u = palloc(sizeof(pg_uuid_t));
		memcpy(u->data, q, UUID_LEN);
		return UUIDPGetDatum(u);
	}
	/* inet: family (0 IPv4, 1 IPv6), prefix length, address */
	if (n < 1 || q[0] > 1)
		value_fail(WC_ERR_BAD_VALUE, s, "inet (family must be 0 or 1)", element);
	alen = q[0] == 0 ? 4 : 16;
	if (n != (size_t) alen + 2)
		value_fail(WC_ERR_BAD_VALUE, s, q[0] == 0 ? "inet (IPv4 payload must be 6 bytes)" :
				   "inet (IPv6 payload must be 18 bytes)", element);
	if (q[1] > alen * 8)
		value_fail(WC_ERR_BAD_VALUE, s + 1, "inet (prefix length)", element);
	r = palloc0(sizeof(inet));
	ip_family(r) = q[0] == 0 ? PGSQL_AF_INET : PGSQL_AF_INET6;
	ip_bits(r) = q[1];
	memcpy(ip_addr(r), q + 2, alen);
	SET_INET_VARSIZE(r);
	return InetPGetDatum(r);
}

/* date (days since 1970, the int64 extremes for +-infinity) and time (µs). */
static Datum
decode_date_time(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	size_t		at = *pos;
	int64		v = get_varint(p, len, pos, dir, element);
	DateADT		r;

	if (t->kind == KK_TIME)
	{
		if (v < 0 || v > USECS_PER_DAY)
			value_fail(WC_ERR_DATETIME_RANGE, at, "time", element);
		return TimeADTGetDatum(v);
	}
	if (v == PG_INT64_MAX)
		DATE_NOEND(r);
	else if (v == PG_INT64_MIN)
		DATE_NOBEGIN(r);
	else
	{
		if (v < PG_INT32_MIN || v > PG_INT32_MAX ||
			!IS_VALID_DATE((int32) (v - EPOCH_DIFF_DAYS)))
			value_fail(WC_ERR_DATETIME_RANGE, at, "date", element);
		r = (DateADT) (v - EPOCH_DIFF_DAYS);
	}
	return DateADTGetDatum(r);
}

/* timetz: µs of the day and the zone's offset in seconds west of UTC. */
static Datum
decode_timetz(const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	size_t		at = *pos;
	int64_t		tod;
	int32_t		west;
	wc_error	err;
	TimeTzADT  *r;

	if (wc_crdb_timetz_get(p, len, pos, dir, &tod, &west, &err) != WC_OK)
		key_fail(&err, element);
	if (west < -TZDISP_LIMIT || west > TZDISP_LIMIT)
		value_fail(WC_ERR_DATETIME_RANGE, at, "time zone offset of timetz", element);
	if (tod < 0 || tod > USECS_PER_DAY)
		value_fail(WC_ERR_DATETIME_RANGE, at, "timetz", element);
	r = palloc(sizeof(TimeTzADT));
	r->time = tod;
	r->zone = west;
	return TimeTzADTPGetDatum(r);
}

/*
 * timestamp and timestamptz: seconds and nanoseconds since 1970 (CockroachDB's
 * infinities for +-infinity), whole microseconds only.
 */
static Datum
decode_timestamp(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	size_t		at = *pos;
	int64_t		s,
				ns;
	wc_error	err;
	Timestamp	r;

	if (wc_crdb_time_get(p, len, pos, dir, &s, &ns, &err) != WC_OK)
		key_fail(&err, element);
	if (s == CRDB_INF_SEC && ns == CRDB_INF_NSEC)
		TIMESTAMP_NOEND(r);
	else if (s == CRDB_NINF_SEC && ns == 0)
		TIMESTAMP_NOBEGIN(r);
	else
	{
		int64		us;

		if (ns % 1000 != 0)
			value_fail(WC_ERR_BAD_VALUE, at, "timestamp (not a whole microsecond)", element);
		if (pg_mul_s64_overflow(s, USECS_PER_SEC, &us) ||
			pg_add_s64_overflow(us, ns / 1000, &us) ||
			pg_sub_s64_overflow(us, EPOCH_DIFF_SECS * USECS_PER_SEC, &us) ||
			!IS_VALID_TIMESTAMP(us))
			value_fail(WC_ERR_DATETIME_RANGE, at, "timestamp", element);
		r = us;
	}
	return t->kind == KK_TIMESTAMP ? TimestampGetDatum(r) : TimestampTzGetDatum(r);
}

/* interval: months, days and nanoseconds, whole microseconds only. */
static Datum
decode_interval(const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	size_t		at = *pos;
	int64_t		months,
				days,
				nanos;
	wc_error	err;
	Interval   *r;

	if (wc_crdb_duration_get(p, len, pos, dir, &months, &days, &nanos, &err) != WC_OK)
		key_fail(&err, element);
	if (nanos % 1000 != 0)
		value_fail(WC_ERR_BAD_VALUE, at, "interval (not a whole microsecond)", element);
	if (months < PG_INT32_MIN || months > PG_INT32_MAX)
		value_fail(WC_ERR_DATETIME_RANGE, at, "interval months", element);
	if (days < PG_INT32_MIN || days > PG_INT32_MAX)
		value_fail(WC_ERR_DATETIME_RANGE, at, "interval days", element);
	r = palloc(sizeof(Interval));
	r->month = (int32) months;
	r->day = (int32) days;
	r->time = nanos / 1000;
	return IntervalPGetDatum(r);
}

/* bit and varbit: the bits, then the type's length check through bit()/varbit(). */
static Datum
decode_bits(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	size_t		at = *pos;
	size_t		words;
	uint64_t	nbits;
	int			bd;
	wc_error	err;
	VarBit	   *r;
	Datum		d;

	if (wc_crdb_bitarray_get(p, len, pos, dir, &words, &nbits, &bd, &err) != WC_OK)
		key_fail(&err, element);
	if (nbits > VARBITMAXLEN)
		value_fail(WC_ERR_TOO_LARGE, at, "bit string", element);
	r = palloc(VARBITTOTALLEN(nbits));
	SET_VARSIZE(r, VARBITTOTALLEN(nbits));
	VARBITLEN(r) = (int32) nbits;
	wc_crdb_bitarray_copy(p, words, bd, nbits, VARBITS(r));
	d = VarBitPGetDatum(r);
	if (t->kind == KK_BIT || t->typmod >= 0)
		d = DirectFunctionCall3(t->kind == KK_BIT ? bit : varbit, d,
								Int32GetDatum(t->typmod), BoolGetDatum(false));
	return d;
}

/*
 * jsonb: the core renders the value as JSON text in UTF-8, once to measure
 * and once into a buffer of exactly that size; jsonb parses the text.
 */
static Datum
decode_jsonb(const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	wc_crdb_out o = {NULL, 0, 0};
	size_t		start = *pos;
	wc_error	err;
	char	   *txt;

	if (wc_crdb_json_get(p, len, pos, dir, &o, &err) != WC_OK)
		key_fail(&err, element);
	txt = palloc(o.len + 1);
	o.buf = txt;
	o.cap = o.len;
	o.len = 0;
	*pos = start;
	(void) wc_crdb_json_get(p, len, pos, dir, &o, &err);
	txt[o.len] = '\0';
	(void) pg_verify_mbstr(PG_UTF8, txt, (int) o.len, false);
	return wc_jsonb_from_utf8(txt, o.len);
}

/* pg_lsn: an unsigned varint. */
static Datum
decode_lsn(const uint8 *p, size_t len, size_t *pos, int dir, int64 element)
{
	uint64_t	v;
	wc_error	err;

	if (wc_crdb_uvarint_get(p, len, pos, dir, &v, &err) != WC_OK)
		key_fail(&err, element);
	return LSNGetDatum((XLogRecPtr) v);
}

/*
 * Decode one element at *pos as type t in direction dir (ASC, DESC, or ANY
 * for "not given": NULL and the self-describing encodings follow their
 * marker, the others read ascending).
 */
static Datum
decode_typed(KeyType *t, const uint8 *p, size_t len, size_t *pos, int dir, bool *isnull,
			 int64 element)
{
	size_t		at = *pos;
	Datum		d;

	*isnull = false;
	if (t->kind == KK_RECORD)
	{
		d = decode_record(t, p, len, pos, dir, element);
		goto done;
	}
	if (at >= len)
		value_fail(WC_ERR_TRUNCATED, at, "key element", element);
	if ((p[at] == 0x00 && dir != WC_CRDB_DESC) || (p[at] == 0xff && dir != WC_CRDB_ASC))
	{
		*pos = at + 1;
		*isnull = true;
		d = (Datum) 0;
		goto done;
	}
	if (p[at] == 0x01 || p[at] == 0xfe)
		value_fail(WC_ERR_BAD_BYTE, at, "value (the not-NULL marker is not a value)", element);
	switch (t->kind)
	{
		case KK_INT2:
		case KK_INT4:
		case KK_INT8:
		case KK_BOOL:
		case KK_OID:
			d = decode_integer(t, p, len, pos, dir, element);
			break;
		case KK_FLOAT4:
		case KK_FLOAT8:
			d = decode_float(t, p, len, pos, dir, element);
			break;
		case KK_NUMERIC:
			d = decode_numeric(p, len, pos, dir, element);
			break;
		case KK_TEXT:
		case KK_BPCHAR:
		case KK_VARCHAR:
		case KK_NAME:
			d = decode_text(t, p, len, pos, dir, element);
			break;
		case KK_BYTEA:
		case KK_UUID:
		case KK_INET:
			d = decode_bytes_typed(t, p, len, pos, dir, element);
			break;
		case KK_DATE:
		case KK_TIME:
			d = decode_date_time(t, p, len, pos, dir, element);
			break;
		case KK_TIMETZ:
			d = decode_timetz(p, len, pos, dir, element);
			break;
		case KK_TIMESTAMP:
		case KK_TIMESTAMPTZ:
			d = decode_timestamp(t, p, len, pos, dir, element);
			break;
		case KK_INTERVAL:
			d = decode_interval(p, len, pos, dir, element);
			break;
		case KK_BIT:
		case KK_VARBIT:
			d = decode_bits(t, p, len, pos, dir, element);
			break;
		case KK_JSONB:
			d = decode_jsonb(p, len, pos, dir, element);
			break;
		case KK_PGLSN:
			d = decode_lsn(p, len, pos, dir, element);
			break;
		case KK_ARRAY:
			d = decode_array(t, p, len, pos, dir, element);
			break;
		default:
			unsupported_type(t->typid);
	}
done:
	if (t->domain)
		domain_check(d, *isnull, t->typid, &t->domain_extra, CurrentMemoryContext);
	return d;
}

/* ------------------------------------------------------------ encoding */

static void encode_typed(KeyType *t, Datum d, bool isnull, int dir, StringInfo buf);

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

/* numeric: its numeric_out text in CockroachDB's decimal encoding. */
static void
put_numeric(StringInfo buf, Datum num, int dir)
{
	char	   *s = DatumGetCString(DirectFunctionCall1(numeric_out, num));
	size_t		n = strlen(s),
				sz;
	wc_error	err;
	uint8	   *o;

	if (wc_crdb_decimal_size(s, n, dir, &sz, &err) != WC_OK)
		elog(ERROR, "numeric_out gave unexpected text \"%s\"", s);
	o = reserve(buf, (int) sz);
	buf->len += (int) wc_crdb_decimal_put(o, s, n, dir);
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

typedef struct JsonPair
{
	JsonbValue	key;
	JsonbValue	val;
} JsonPair;

/* Object keys in CockroachDB's order: bytewise, a prefix first. */
static int
json_pair_cmp(const void *a, const void *b)
{
	const JsonbValue *x = &((const JsonPair *) a)->key;
	const JsonbValue *y = &((const JsonPair *) b)->key;
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
			encode_json_value(&v, desc, buf);
		json_end(buf, desc);
		return;
	}
	if (tok == WJB_BEGIN_OBJECT)
	{
		int			n = v.val.object.nPairs,
					k = 0,
					i;
		JsonPair   *pairs = palloc(sizeof(JsonPair) * (n ? n : 1));

		while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_END_OBJECT && tok != WJB_DONE)
		{
			if (tok == WJB_KEY && k < n)
				pairs[k].key = v;
			else if (tok == WJB_VALUE && k < n)
				pairs[k++].val = v;
		}
		qsort(pairs, k, sizeof(JsonPair), json_pair_cmp);
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
encode_record(KeyType *t, Datum d, bool isnull, int dir, StringInfo buf)
{
	HeapTupleHeader th;
	HeapTupleData tup;
	Datum	   *vals;
	bool	   *nulls;
	int			i;
	TupleDesc	td = t->tupdesc;

	if (isnull)
	{
		for (i = 0; i < t->natts; i++)
			if (t->atts[i].typid != InvalidOid)
				encode_typed(&t->atts[i], (Datum) 0, true, dir, buf);
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
	for (i = 0; i < td->natts; i++)
		if (t->atts[i].typid != InvalidOid)
			encode_typed(&t->atts[i], vals[i], nulls[i], dir, buf);
}

/* text, varchar, bpchar (without its trailing blanks) and name, in UTF-8. */
static void
encode_text(KeyType *t, Datum d, int dir, StringInfo buf)
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
encode_date_time(KeyType *t, Datum d, int dir, StringInfo buf)
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
encode_array(KeyType *t, Datum d, int dir, StringInfo buf)
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
	deconstruct_array(a, t->elem->typid, t->elmlen, t->elmbyval, t->elmalign,
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
encode_typed(KeyType *t, Datum d, bool isnull, int dir, StringInfo buf)
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

/* One resolved type per call site, rebuilt when the argument type changes. */
/*
 * A zeroed per-call-site cache of size bytes in mcxt, a new context of its
 * own; the cache's first member is that context.  The previous cache's
 * context prev (NULL if none) is deleted first.  The caller fills the cache
 * and then hangs it on fn_extra.
 */
static void *
crdb_cache_new(FunctionCallInfo fcinfo, MemoryContext prev, MemoryContext mcxt, Size size)
{
	MemoryContext *c;

	if (prev)
		MemoryContextDelete(prev);
	fcinfo->flinfo->fn_extra = NULL;
	c = (MemoryContext *) MemoryContextAllocZero(mcxt, size);
	*c = mcxt;
	return c;
}

typedef struct TypeCache
{
	MemoryContext cxt;			/* holds this cache; deleted when replaced */
	Oid			typid;
	int32		typmod;
	KeyType		t;
} TypeCache;

static KeyType *
cached_type(FunctionCallInfo fcinfo, int argno)
{
	TypeCache  *c = (TypeCache *) fcinfo->flinfo->fn_extra;
	Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, argno);

	if (!OidIsValid(typid))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("could not determine the type of the value")));
	if (c == NULL || c->typid != typid)
	{
		c = crdb_cache_new(fcinfo, c ? c->cxt : NULL,
						   AllocSetContextCreate(fcinfo->flinfo->fn_mcxt, "crdb_key type cache",
												 ALLOCSET_SMALL_SIZES),
						   sizeof(TypeCache));
		c->typid = typid;
		keytype_init(&c->t, typid, -1, c->cxt, 0);
		fcinfo->flinfo->fn_extra = c;
	}
	return &c->t;
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
	KeyType    *t = cached_type(fcinfo, 0);
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
	KeyType    *t = cached_type(fcinfo, 1);
	bytea	   *e;
	const uint8 *p;
	size_t		len,
				pos = 0;
	int			dir;
	bool		isnull;
	Datum		d;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(2))
		PG_RETURN_NULL();
	e = PG_GETARG_BYTEA_PP(0);
	p = (const uint8 *) VARDATA_ANY(e);
	len = VARSIZE_ANY_EXHDR(e);
	dir = PG_GETARG_BOOL(2) ? WC_CRDB_DESC : WC_CRDB_ASC;
	d = decode_typed(t, p, len, &pos, dir, &isnull, 1);
	if (pos != len)
	{
		wc_error	err;

		wc_fail_found(&err, WC_ERR_TRAILING, pos, len - pos);
		wc_report(&err, SUBJECT);
	}
	if (isnull)
		PG_RETURN_NULL();
	PG_RETURN_DATUM(d);
}

/* crdb_key_encode(prefix, dirs, VARIADIC "any"): per-argument types cached. */
typedef struct EncodeCache
{
	int			nargs;
	Oid		   *types;
	KeyType    *t;
} EncodeCache;

PG_FUNCTION_INFO_V1(crdb_key_encode);
Datum
crdb_key_encode(PG_FUNCTION_ARGS)
{
	EncodeCache *c = (EncodeCache *) fcinfo->flinfo->fn_extra;
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
		c = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(EncodeCache));
		c->nargs = nargs;
		c->types = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(Oid) * nargs);
		c->t = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(KeyType) * nargs);
		fcinfo->flinfo->fn_extra = c;
	}
	for (i = 2; i < nargs; i++)
	{
		Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, i);

		if (typid == UNKNOWNOID)
			typid = TEXTOID;
		if (c->types[i] != typid)
		{
			keytype_init(&c->t[i], typid, -1, fcinfo->flinfo->fn_mcxt, 0);
			c->types[i] = typid;
		}
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
		encode_typed(&c->t[i], d, PG_ARGISNULL(i), dir, &buf);
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
 * call site and kept in fn_extra; it is checked against the row type's
 * tupDesc_identifier on every call, so ALTER TYPE between calls is seen.
 */
typedef struct PopCache
{
	MemoryContext cxt;			/* holds this cache; deleted when replaced */
	Oid			rectype;
	uint64		tdid;
	KeyType		t;
} PopCache;

PG_FUNCTION_INFO_V1(crdb_key_populate_record);
Datum
crdb_key_populate_record(PG_FUNCTION_ARGS)
{
	PopCache   *c = (PopCache *) fcinfo->flinfo->fn_extra;
	Oid			rectype = get_fn_expr_argtype(fcinfo->flinfo, 0);
	TypeCacheEntry *tce;
	bytea	   *k;
	const uint8 *p;
	size_t		len,
				pos = 0;
	int			ndirs,
				i,
				idx;
	uint8	   *dirs;
	wc_crdb_prefix pf;
	wc_error	err;
	Datum	   *vals;
	bool	   *nulls;
	KeyType    *t;

	if (PG_ARGISNULL(1))
		PG_RETURN_NULL();
	if (!type_is_rowtype(rectype) || rectype == RECORDOID)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("a CockroachDB key row must be of a named row type, not %s",
						format_type_be(rectype))));
	tce = lookup_type_cache(rectype, TYPECACHE_TUPDESC);
	if (tce->tupDesc == NULL)
		elog(ERROR, "type %s is not composite", format_type_be(rectype));
	if (c == NULL || c->rectype != rectype || c->tdid != tce->tupDesc_identifier)
	{
		c = crdb_cache_new(fcinfo, c ? c->cxt : NULL,
						   AllocSetContextCreate(fcinfo->flinfo->fn_mcxt, "crdb_key_populate_record cache",
												 ALLOCSET_SMALL_SIZES),
						   sizeof(PopCache));
		keytype_init(&c->t, rectype, -1, c->cxt, 0);
		c->rectype = rectype;
		c->tdid = tce->tupDesc_identifier;
		fcinfo->flinfo->fn_extra = c;
	}
	t = &c->t;
	k = PG_GETARG_BYTEA_PP(1);
	p = (const uint8 *) VARDATA_ANY(k);
	len = VARSIZE_ANY_EXHDR(k);
	dirs = parse_dirs(PG_ARGISNULL(2) ? NULL : PG_GETARG_ARRAYTYPE_P(2), &ndirs);
	if (wc_crdb_prefix_get(p, len, &pos, &pf, &err) != WC_OK)
		wc_report(&err, SUBJECT);
	idx = 1 + (pf.tenant ? 1 : 0) + 1 + (pf.has_index ? 1 : 0);
	vals = palloc(sizeof(Datum) * (t->natts ? t->natts : 1));
	nulls = palloc(sizeof(bool) * (t->natts ? t->natts : 1));
	{
		int			col = 0;

		for (i = 0; i < t->natts; i++)
		{
			if (t->atts[i].typid == InvalidOid)
			{
				vals[i] = (Datum) 0;
				nulls[i] = true;
				continue;
			}
			if (pos >= len)
			{
				wc_fail(&err, WC_ERR_TRUNCATED, pos);
				wc_in_field(&err, WC_ERR_TRUNCATED, NameStr(TupleDescAttr(t->tupdesc, i)->attname));
				key_fail(&err, idx);
			}
			vals[i] = decode_typed(&t->atts[i], p, len, &pos, dir_at(dirs, ndirs, col), &nulls[i], idx);
			idx++;
			col++;
		}
		/* the rest (family suffix, further columns) must be well formed */
		while (pos < len)
		{
			wc_crdb_enc enc;

			CHECK_FOR_INTERRUPTS();

			if (wc_crdb_elem_skip(p, len, &pos, dir_at(dirs, ndirs, col), &enc, &err) != WC_OK)
				key_fail(&err, idx);
			idx++;
			col++;
		}
	}
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(t->tupdesc, vals, nulls)));
}
