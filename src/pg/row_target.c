/*
 * row_target.c: typed rows for every codec (see row_target.h): the row type
 * plan cached per call site and checked against every watched descriptor,
 * and the builders from decoded values into a target type.
 */
#include "compat.h"

#include "catalog/namespace.h"
#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/datetime.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"

#include "row_target.h"
#include "wc_jsonb.h"
#include "wc_report.h"

/* ================================================================ plans */

/* A plan being built: its context and the watch list so far. */
typedef struct rt_build
{
	row_type   *t;
	MemoryContext cxt;
	rt_watch   *watch;
	int			nwatch;
	int			cap;
} rt_build;

static rt_row *rt_row_build(rt_build *b, Oid typid, int32 typmod, int level);

/* Resolve one attribute (or array element) of type typid. */
static void
rt_attr_resolve(rt_build *b, rt_attr *a, Oid typid, int32 typmod, const char *name,
				int attno, int level)
{
	Oid			typinput;
	Oid			elem;

	check_stack_depth();
	a->typid = typid;
	a->typmod = typmod;
	a->basetypmod = typmod;
	a->base = getBaseTypeAndTypmod(typid, &a->basetypmod);
	a->domain = a->base != typid;
	if (!a->domain)
		a->basetypmod = typmod;
	get_typlenbyvalalign(a->base, &a->typlen, &a->typbyval, &a->typalign);
	getTypeInputInfo(a->base, &typinput, &a->ioparam);
	fmgr_info_cxt(typinput, &a->input, b->cxt);
	a->mcxt = b->cxt;
	a->name = name;
	a->range_name = b->t->name_columns ? name : NULL;
	a->attno = attno;
	if (OidIsValid(elem = get_element_type(a->base)))
	{
		a->elem = palloc0(sizeof(rt_attr));
		rt_attr_resolve(b, a->elem, elem, a->basetypmod, name, -1, level + 1);
	}
	else if (a->base != RECORDOID && type_is_rowtype(a->base))
		a->rec = rt_row_build(b, a->base, -1, level + 1);
	if (b->t->resolve)
		b->t->resolve(a, level, b->t->resolve_arg);
}

/* Watch a named row type's descriptor; its copy. */
static TupleDesc
rt_watch_add(rt_build *b, Oid typid)
{
	TypeCacheEntry *tce = lookup_type_cache(typid, TYPECACHE_TUPDESC);

	if (tce->tupDesc == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("type %s is not a composite type", format_type_be(typid)),
				 errhint("Use the composite type itself, not a domain over it.")));
	if (b->nwatch == b->cap)
	{
		b->cap = b->cap ? b->cap * 2 : 4;
		b->watch = b->watch ? repalloc(b->watch, sizeof(rt_watch) * b->cap) :
			palloc(sizeof(rt_watch) * b->cap);
	}
	b->watch[b->nwatch].tce = tce;
	b->watch[b->nwatch].tupdesc_id = tce->tupDesc_identifier;
	b->nwatch++;
	return CreateTupleDescCopy(tce->tupDesc);
}

/* One row type's plan, in b->cxt (the current context). */
static rt_row *
rt_row_build(rt_build *b, Oid typid, int32 typmod, int level)
{
	rt_row	   *r;
	int			n;

	if (level > RT_MAX_NESTING)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("row types nested more than %d levels", RT_MAX_NESTING)));
	r = palloc0(sizeof(rt_row));
	r->typid = typid;
	r->typmod = typmod;
	if (typid != RECORDOID)
		r->tupdesc = rt_watch_add(b, typid);
	else
	{
		/* an anonymous record type: registered once, never changes */
		TupleDesc	td = lookup_rowtype_tupdesc(typid, typmod);

		r->tupdesc = CreateTupleDescCopy(td);
		ReleaseTupleDesc(td);
	}
	n = r->natts = r->tupdesc->natts;
	r->live = palloc(sizeof(int) * Max(n, 1));
	r->atts = palloc0(sizeof(rt_attr) * Max(n, 1));
	r->values = palloc(sizeof(Datum) * Max(n, 1));
	r->nulls = palloc(sizeof(bool) * Max(n, 1));
	for (int i = 0; i < n; i++)
	{
		Form_pg_attribute att = TupleDescAttr(r->tupdesc, i);

		r->nulls[i] = true;
		if (att->attisdropped)
			continue;
		r->live[r->nlive++] = i;
		rt_attr_resolve(b, &r->atts[i], att->atttypid, att->atttypmod,
						pstrdup(NameStr(att->attname)), i, level);
	}
	return r;
}

/* (Re)build t's plan when stale: aside, published when complete.  typmod:
 * an anonymous record's (-1 for a named row type). */
static bool
rt_refresh(row_type *t, int32 typmod, MemoryContext fn_mcxt)
{
	rt_build	b = {0};
	MemoryContext old;
	rt_row	   *top;

	if (!row_type_stale(t))
		return false;
	b.t = t;
	b.cxt = AllocSetContextCreate(CurrentMemoryContext, "wirecodec row type",
								  ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(b.cxt);
	top = rt_row_build(&b, t->rectype, typmod, 0);
	MemoryContextSwitchTo(old);
	MemoryContextSetParent(b.cxt, fn_mcxt);
	if (t->cxt)
		MemoryContextDelete(t->cxt);
	t->cxt = b.cxt;
	t->top = top;
	t->watch = b.watch;
	t->nwatch = b.nwatch;
	t->tupdesc = top->tupdesc;
	t->atts = top->atts;
	t->values = top->values;
	t->nulls = top->nulls;
	t->nlive = top->nlive;
	return true;
}

bool
row_type_check(row_type *t, FunctionCallInfo fcinfo, int argno, const char *argname)
{
	if (t->tce == NULL)
	{
		Oid			rectype = get_fn_expr_argtype(fcinfo->flinfo, argno);
		TypeCacheEntry *tce;

		if (!OidIsValid(rectype) || rectype == RECORDOID || !type_is_rowtype(rectype))
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("%s must be of a composite type, not %s", argname,
							OidIsValid(rectype) ? format_type_be(rectype) : "unknown"),
					 errhint("Pass NULL::your_table or NULL::your_composite_type.")));
		tce = lookup_type_cache(rectype, TYPECACHE_TUPDESC);
		if (tce->tupDesc == NULL)
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("%s must be of a composite type, not %s", argname,
							format_type_be(rectype)),
					 errhint("Use the composite type itself, not a domain over it.")));
		t->rectype = rectype;
		t->tce = tce;
	}
	return rt_refresh(t, -1, fcinfo->flinfo->fn_mcxt);
}

bool
row_type_of(row_type *t, Oid rectype, MemoryContext fn_mcxt)
{
	if (t->tce == NULL || t->rectype != rectype)
	{
		if (t->cxt)
			MemoryContextDelete(t->cxt);
		t->cxt = NULL;
		t->top = NULL;
		t->nwatch = 0;
		t->rectype = rectype;
		t->tce = lookup_type_cache(rectype, TYPECACHE_TUPDESC);
	}
	return rt_refresh(t, -1, fn_mcxt);
}

/* ============================================================= builders */

void
rt_domain_check_value(const rt_attr *a, Datum d, bool isnull)
{
	domain_check(d, isnull, a->typid, (void **) &((rt_attr *) a)->domain_extra, a->mcxt);
}

/*
 * jsonb from its text, parsed in a context of its own that the next value
 * resets (also after an error): the parser's tokens and value tree, several
 * times the document, do not pile up in a caller's context that lives for
 * many rows (mysql_binlog_apply keeps a run's values until its statement);
 * the result is copied out.
 */
static Datum
rt_jsonb_from_cstring(char *s)
{
	static MemoryContext cxt = NULL;
	MemoryContext old;
	Datum		d;

	if (cxt == NULL)
		cxt = AllocSetContextCreate(TopMemoryContext, "wirecodec jsonb input",
									ALLOCSET_DEFAULT_SIZES);
	else
		MemoryContextReset(cxt);
	old = MemoryContextSwitchTo(cxt);
	d = wc_jsonb_from_cstring(s, strlen(s));
	MemoryContextSwitchTo(old);
	return PointerGetDatum(DatumGetJsonbPCopy(d));
}

Datum
rt_from_cstring(const rt_attr *a, char *s)
{
	Datum		d;

	if (a->base == JSONBOID)
		d = rt_jsonb_from_cstring(s);
	else
		d = InputFunctionCall((FmgrInfo *) &a->input, s, a->ioparam, a->basetypmod);
	return rt_domain_check(a, d, false);
}

/* A numeric's typmod applied (none: as it is). */
static Datum
rt_numeric_typmod(const rt_attr *a, Numeric n)
{
	Datum		d = NumericGetDatum(n);

	if (a->basetypmod >= 0)
		d = DirectFunctionCall2(numeric, d, Int32GetDatum(a->basetypmod));
	return d;
}

Datum
rt_from_uint64(const rt_attr *a, bool negative, uint64 v)
{
	char		buf[32];
	Datum		d;

	switch (a->base)
	{
		case INT2OID:
		case INT4OID:
		case INT8OID:
			{
				int64		lim = a->base == INT2OID ? PG_INT16_MAX :
					a->base == INT4OID ? PG_INT32_MAX : PG_INT64_MAX;

				if (negative ? v > (uint64) lim + 1 : v > (uint64) lim)
				{
					snprintf(buf, sizeof(buf), "%s%llu", negative ? "-" : "",
							 (unsigned long long) v);
					wc_report_range(buf, a->typid, a->range_name);
				}
				if (a->base == INT2OID)
					d = Int16GetDatum(negative ? (int16) (0 - v) : (int16) v);
				else if (a->base == INT4OID)
					d = Int32GetDatum(negative ? (int32) (0 - v) : (int32) v);
				else
					d = Int64GetDatum(negative ? (int64) (0 - v) : (int64) v);
				return rt_domain_check(a, d, false);
			}
		case NUMERICOID:
			if (v <= (uint64) PG_INT64_MAX)
				return rt_domain_check(a, rt_numeric_typmod(a, int64_to_numeric(negative ? -(int64) v : (int64) v)), false);
			break;
		case FLOAT8OID:
			return rt_domain_check(a, Float8GetDatum(negative ? -(float8) v : (float8) v), false);
		default:
			break;
	}
	snprintf(buf, sizeof(buf), "%s%llu", negative ? "-" : "", (unsigned long long) v);
	return rt_from_cstring(a, buf);
}

Datum
rt_from_int64(const rt_attr *a, int64 v)
{
	return rt_from_uint64(a, v < 0, v < 0 ? 0 - (uint64) v : (uint64) v);
}

Datum
rt_from_decimal_digits(const rt_attr *a, bool negative, const char *digits, int ndigits,
					   int scale)
{
	char	   *s = palloc(ndigits + scale + 4);
	char	   *p = s;
	int			lead = 0;
	int			intd;

	/* leading zeros dropped, at least one integer digit, no sign on zero */
	while (lead < ndigits - scale - 1 && digits[lead] == '0')
		lead++;
	digits += lead;
	ndigits -= lead;
	intd = ndigits - scale;
	if (negative)
	{
		/* no sign on zero; digits need not be NUL-terminated */
		for (int i = 0; i < ndigits; i++)
			if (digits[i] != '0')
			{
				*p++ = '-';
				break;
			}
	}
	if (intd <= 0)
	{
		*p++ = '0';
		*p++ = '.';
		memset(p, '0', -intd);
		p += -intd;
		memcpy(p, digits, ndigits);
		p += ndigits;
	}
	else
	{
		memcpy(p, digits, intd);
		p += intd;
		if (scale)
		{
			*p++ = '.';
			memcpy(p, digits + intd, scale);
			p += scale;
		}
	}
	*p = '\0';
	return rt_from_cstring(a, s);
}

Datum
rt_from_decimal(const rt_attr *a, bool negative, uint64 v, int scale)
{
	char		digits[24];
	int			nd;

	/*
	 * Below 2^63 / 1000: int64_div_fast_to_numeric scales its argument by up
	 * to 1000 in int64 (older minor releases have no overflow fallback).
	 */
	if (a->base == NUMERICOID && v < UINT64CONST(9223372036854775))
		return rt_domain_check(a, rt_numeric_typmod(a, int64_div_fast_to_numeric(negative ? -(int64) v : (int64) v, scale)), false);
	nd = snprintf(digits, sizeof(digits), "%llu", (unsigned long long) v);
	return rt_from_decimal_digits(a, negative, digits, nd, scale);
}

Datum
rt_from_float4(const rt_attr *a, float4 f)
{
	if (a->base == FLOAT4OID)
		return rt_domain_check(a, Float4GetDatum(f), false);
	if (a->base == FLOAT8OID)
		return rt_domain_check(a, Float8GetDatum((float8) f), false);
	return rt_from_cstring(a, DatumGetCString(DirectFunctionCall1(float4out, Float4GetDatum(f))));
}

Datum
rt_from_float8(const rt_attr *a, float8 d)
{
	if (a->base == FLOAT8OID)
		return rt_domain_check(a, Float8GetDatum(d), false);
	return rt_from_cstring(a, DatumGetCString(DirectFunctionCall1(float8out, Float8GetDatum(d))));
}

/* ----------------------------------------------------------------- text */

void
rt_encoding_init(rt_encoding *e, int src_enc, const rt_attr *a)
{
	int			db = GetDatabaseEncoding();
	Oid			proc;

	if (src_enc == PG_SQL_ASCII)
		src_enc = PG_UTF8;
	e->src = src_enc;
	e->conv = NULL;
	if (src_enc < 0 || a->base == BYTEAOID || src_enc == db || db == PG_SQL_ASCII)
		return;
	proc = FindDefaultConversionProc(src_enc, db);
	if (!OidIsValid(proc))
		return;
	e->conv = (FmgrInfo *) palloc(sizeof(FmgrInfo));
	fmgr_info(proc, e->conv);
}

/* Are p[0 .. n) all ASCII (valid in every encoding, converted to
 * themselves)? */
static bool
all_ascii(const uint8 *p, size_t n)
{
	uint8		hi = 0;

	for (size_t i = 0; i < n; i++)
		hi |= p[i];
	return (hi & 0x80) == 0;
}

/* p[0 .. n), valid in e->src, in the database encoding (p itself when no
 * conversion changes it), as pg_do_encoding_conversion does with the
 * cached conversion. */
static char *
rt_convert(const rt_encoding *e, const uint8 *p, size_t n)
{
	char	   *r;

	if (e->conv == NULL || n >= MaxAllocHugeSize / MAX_CONVERSION_GROWTH)
		return (char *) pg_do_encoding_conversion((unsigned char *) p, (int) n, e->src,
												  GetDatabaseEncoding());
	r = MemoryContextAllocHuge(CurrentMemoryContext, n * MAX_CONVERSION_GROWTH + 1);
	(void) FunctionCall6(e->conv, Int32GetDatum(e->src), Int32GetDatum(GetDatabaseEncoding()),
						 CStringGetDatum((const char *) p), CStringGetDatum(r), Int32GetDatum((int) n),
						 BoolGetDatum(false));
	return r;
}

Datum
rt_from_bytes(const rt_attr *a, const uint8 *p, size_t n)
{
	bytea	   *b;

	if (a->base != BYTEAOID)
	{
		rt_encoding e = {GetDatabaseEncoding(), NULL};

		return rt_from_text(a, &e, p, n);
	}
	b = (bytea *) wc_varlena_copy(p, n, "bytea value");
	return rt_domain_check(a, PointerGetDatum(b), false);
}

Datum
rt_from_text(const rt_attr *a, const rt_encoding *e, const uint8 *p, size_t n)
{
	char	   *s;
	size_t		len;

	if (a->base == BYTEAOID)
		return rt_from_bytes(a, p, n);
	if (e->src < 0)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("text in a character set PostgreSQL cannot convert")));
	if (n > 0 && memchr(p, 0, n))
		ereport(ERROR,
				(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
				 errmsg("string contains a 0x00 byte, which text cannot hold"),
				 errhint("Use a bytea column for it.")));
	if (all_ascii(p, n))
	{
		s = (char *) p;
		len = n;
	}
	else
	{
		(void) pg_verify_mbstr(e->src, (const char *) p, (int) n, false);
		s = rt_convert(e, p, n);
		len = s == (const char *) p ? n : strlen(s);
	}
	/* text, and varchar within its length, are the bytes (what textin and
	 * varcharin make of them) */
	if (a->base == TEXTOID ||
		(a->base == VARCHAROID &&
		 (a->basetypmod < (int32) VARHDRSZ || len <= (size_t) (a->basetypmod - VARHDRSZ))))
		return rt_domain_check(a, PointerGetDatum(cstring_to_text_with_len(s, (int) len)), false);
	if (s == (const char *) p)
		s = pnstrdup((const char *) p, n);
	return rt_from_cstring(a, s);
}

Datum
rt_from_bits(const rt_attr *a, const uint8 *p, size_t n, size_t nbits)
{
	char	   *s;

	/* into a number: the bits' unsigned value */
	switch (a->base)
	{
		case INT2OID:
		case INT4OID:
		case INT8OID:
		case NUMERICOID:
		case FLOAT4OID:
		case FLOAT8OID:
			{
				uint64		v = 0;

				for (size_t i = 0; i < n; i++)
				{
					if (v >> 56)
						ereport(ERROR,
								(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
								 errmsg("BIT value of %zu bytes is out of range for type %s",
										n, format_type_be(a->typid))));
					v = v << 8 | p[i];
				}
				return rt_from_uint64(a, false, v);
			}
		default:
			break;
	}
	if (nbits > n * 8)
		nbits = n * 8;
	s = palloc(nbits + 1);
	for (size_t i = 0; i < nbits; i++)
	{
		size_t		b = n * 8 - nbits + i;

		s[i] = (p[b / 8] >> (7 - b % 8)) & 1 ? '1' : '0';
	}
	s[nbits] = '\0';
	return rt_from_cstring(a, s);
}

/* ------------------------------------------------------------- temporal */

/* ts rounded to precision digits of a second (0 to 5), half away from
 * zero, as AdjustTimestampForTypmod rounds a timestamp's typmod */
static Timestamp
rt_round_usec(Timestamp ts, int precision)
{
	static const int64 scales[MAX_TIMESTAMP_PRECISION] = {1000000, 100000, 10000, 1000, 100, 10};

	if (ts >= 0)
		return (ts + scales[precision] / 2) / scales[precision] * scales[precision];
	return -((-ts + scales[precision] / 2) / scales[precision] * scales[precision]);
}

Datum
rt_from_datetime(const rt_attr *a, const rt_datetime *dt, bool date_only, bool utc,
				 bool *isnull)
{
	char		buf[64];
	Timestamp	ts;

	if (dt->year == 0 && dt->month == 0 && dt->day == 0)
	{
		*isnull = true;
		return (Datum) 0;
	}
	if (dt->month < 1 || dt->month > 12 || dt->day < 1 || dt->day > 31 || dt->hour > 23 ||
		dt->minute > 59 || dt->second > 59 || dt->microsecond > 999999)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("date %04u-%02u-%02u %02u:%02u:%02u has a field out of range", dt->year, dt->month, dt->day, dt->hour, dt->minute, dt->second),
				 errdetail("Only the all-zero date (0000-00-00) is read as NULL.")));
	if (a->base == DATEOID || a->base == TIMESTAMPOID || (a->base == TIMESTAMPTZOID && utc))
	{
		/* straight to the value; the day must exist in its month */
		int			j;

		if ((int) dt->day > day_tab[isleap(dt->year)][dt->month - 1])
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("date %04u-%02u-%02u does not exist", dt->year, dt->month,
							dt->day)));
		j = date2j(dt->year, dt->month, dt->day);
		if (a->base == DATEOID)
			return rt_domain_check(a, DateADTGetDatum((DateADT) (j - POSTGRES_EPOCH_JDATE)), false);
		/* UTC fields (utc) are the timestamptz itself */
		ts = (((((Timestamp) (j - POSTGRES_EPOCH_JDATE) * 24 + dt->hour) * 60 + dt->minute) * 60 +
			   dt->second) * USECS_PER_SEC) + dt->microsecond;
		/* a precision below microseconds rounds as timestamp_in rounds */
		if (a->basetypmod >= 0 && a->basetypmod < MAX_TIMESTAMP_PRECISION)
			ts = rt_round_usec(ts, a->basetypmod);
		return rt_domain_check(a, TimestampGetDatum(ts), false);
	}
	/* year 0 is PostgreSQL's 1 BC, as date2j above has it */
	if (date_only)
		snprintf(buf, sizeof(buf), "%04u-%02u-%02u%s", dt->year ? dt->year : 1, dt->month,
				 dt->day, dt->year ? "" : " BC");
	else
		snprintf(buf, sizeof(buf), "%04u-%02u-%02u %02u:%02u:%02u.%06u%s%s",
				 dt->year ? dt->year : 1, dt->month, dt->day, dt->hour, dt->minute, dt->second,
				 dt->microsecond, utc ? "+00" : "", dt->year ? "" : " BC");
	return rt_from_cstring(a, buf);
}

Datum
rt_from_time(const rt_attr *a, const rt_duration *t, const char *what)
{
	char		buf[64];
	uint64		hours = t->days * 24 + (uint64) t->hour;

	if (t->minute > 59 || t->second > 59 || t->microsecond > 999999)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("time has a field out of range")));
	/* time and timetz hold a time of day, 00:00:00 to 24:00:00 */
	if ((a->base == TIMEOID || a->base == TIMETZOID) &&
		(t->negative || hours > 24 ||
		 (hours == 24 && (t->minute || t->second || t->microsecond))))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("%s %s%02llu:%02u:%02u.%06u is not a time of day", what,
						t->negative ? "-" : "", (unsigned long long) hours, t->minute,
						t->second, t->microsecond),
				 errhint("Use an interval column for durations.")));
	/* a time of day straight to time (what time_in reads from the text) */
	if (a->base == TIMEOID && a->basetypmod < 0 && !t->negative && hours < 24)
		return rt_domain_check(a, TimeADTGetDatum((((TimeADT) hours * 60 + t->minute) * 60 + t->second) *
												  USECS_PER_SEC + t->microsecond), false);
	snprintf(buf, sizeof(buf), "%s%llu:%02u:%02u.%06u", t->negative ? "-" : "",
			 (unsigned long long) hours, t->minute, t->second, t->microsecond);
	return rt_from_cstring(a, buf);
}

/* ============================================================== reverse */

bool
rt_numeric_digits_of(Datum num, rt_numeric_digits *out)
{
	Numeric		n = DatumGetNumeric(num);
	char	   *s;
	char	   *d;
	char	   *point;
	int			nd = 0;

	if (numeric_is_nan(n) || numeric_is_inf(n))
		return false;
	s = DatumGetCString(DirectFunctionCall1(numeric_out, num));
	out->negative = s[0] == '-';
	if (out->negative)
		s++;
	point = strchr(s, '.');
	out->scale = point ? (int) strlen(point + 1) : 0;
	d = palloc(strlen(s) + 1);
	for (const char *p = s; *p; p++)
		if (*p != '.' && (nd > 0 || *p != '0'))
			d[nd++] = *p;
	if (nd == 0)
	{
		d[nd++] = '0';
		out->negative = false;
	}
	d[nd] = '\0';
	out->digits = d;
	out->ndigits = nd;
	return true;
}

/* ======================================================= count mismatch */

/* unit ("elements") for a count of n: without its final s for one. */
static char *
rt_unit_for(const char *unit, int64 n)
{
	size_t		len = strlen(unit);

	if (n == 1 && len > 1 && unit[len - 1] == 's')
		return pnstrdup(unit, len - 1);
	return pstrdup(unit);
}

/* The name of live column i (0-based) of rowtype; NULL when unknown. */
static char *
rt_live_column_name(Oid rowtype, int64 i)
{
	TupleDesc	td;
	char	   *name = NULL;

	if (rowtype == RECORDOID)
		return NULL;
	td = lookup_rowtype_tupdesc(rowtype, -1);
	for (int k = 0; k < td->natts && name == NULL; k++)
	{
		Form_pg_attribute att = TupleDescAttr(td, k);

		if (!att->attisdropped && i-- == 0)
			name = pstrdup(NameStr(att->attname));
	}
	ReleaseTupleDesc(td);
	return name;
}

void
rt_report_count_at(const char *what, const char *unit, int64 n, Oid rowtype, int ncolumns,
				   const char *where, const char *hint)
{
	char	   *one = rt_unit_for(unit, 1);
	StringInfoData detail;

	initStringInfo(&detail);
	if (n > ncolumns)
	{
		/* "Element 3 has no column." */
		appendStringInfo(&detail, "%c%s %d has no column.",
						 pg_toupper((unsigned char) one[0]), one + 1, ncolumns + 1);
	}
	else
	{
		char	   *col = rt_live_column_name(rowtype, n);

		if (col)
			appendStringInfo(&detail, "Column \"%s\" has no %s.", col, one);
		else
			appendStringInfo(&detail, "Column %lld has no %s.", (long long) n + 1, one);
	}
	if (where)
		appendStringInfo(&detail, " %s", where);
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s has %lld %s, the row type %s has %d %s", what, (long long) n,
					rt_unit_for(unit, n), format_type_be(rowtype), ncolumns,
					ncolumns == 1 ? "column" : "columns"),
			 errdetail_internal("%s", detail.data),
			 hint ? errhint("%s", hint) : 0));
	pg_unreachable();
}

void
rt_report_count(const char *what, const char *unit, int64 n, Oid rowtype, int ncolumns)
{
	rt_report_count_at(what, unit, n, rowtype, ncolumns, NULL, NULL);
}

/* ======================================================= single values */

/* The plan of one value of type typid: a one-attribute row, aside. */
static rt_row *
rt_value_build(rt_build *b, Oid typid, int32 typmod)
{
	rt_row	   *r = palloc0(sizeof(rt_row));

	r->typid = typid;
	r->typmod = typmod;
	r->natts = r->nlive = 1;
	r->live = palloc0(sizeof(int));
	r->atts = palloc0(sizeof(rt_attr));
	r->values = palloc(sizeof(Datum));
	r->nulls = palloc(sizeof(bool));
	r->nulls[0] = true;
	rt_attr_resolve(b, &r->atts[0], typid, typmod, NULL, 0, 0);
	return r;
}

bool
rt_value_type_of(row_type *t, Oid typid, int32 typmod, MemoryContext fn_mcxt)
{
	rt_build	b = {0};
	MemoryContext old;
	rt_row	   *top;

	if (t->top != NULL && t->rectype == typid && t->top->typmod == typmod &&
		!row_type_stale(t))
		return false;
	b.t = t;
	b.cxt = AllocSetContextCreate(CurrentMemoryContext, "wirecodec value type",
								  ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(b.cxt);
	top = rt_value_build(&b, typid, typmod);
	MemoryContextSwitchTo(old);
	MemoryContextSetParent(b.cxt, fn_mcxt);
	if (t->cxt)
		MemoryContextDelete(t->cxt);
	*t = (row_type)
	{
		.rectype = typid, .resolve = t->resolve, .resolve_arg = t->resolve_arg,
			.name_columns = t->name_columns, .cxt = b.cxt, .top = top, .watch = b.watch,
			.nwatch = b.nwatch, .atts = top->atts, .values = top->values,
			.nulls = top->nulls, .nlive = 1
	};
	return true;
}

/* ========================================================== row values */

bool
rt_record_type_of(row_type *t, Oid typid, int32 typmod, MemoryContext fn_mcxt)
{
	if (t->top != NULL && (t->top->typid != typid || t->top->typmod != typmod))
	{
		MemoryContextDelete(t->cxt);
		t->cxt = NULL;
		t->top = NULL;
		t->nwatch = 0;
	}
	t->rectype = typid;
	return rt_refresh(t, typmod, fn_mcxt);
}
