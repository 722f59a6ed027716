/*
 * mysql_row.c: mysql_row_populate_record(), a decoded text or binary row
 * and its column definitions turned into a PostgreSQL row (core:
 * src/core/mysql_binary.c for values and temporal fields,
 * src/core/mysql_packet.c for rows and column definitions).
 *
 * Each MySQL value becomes the target column's type: integers straight
 * (range-checked, BIGINT UNSIGNED through numeric), DECIMAL into numeric,
 * temporal values into date/timestamp/timestamptz/time and strings into
 * text/varchar built directly where that gives what the input function
 * would, everything else through its canonical text form and the target
 * type's input function; strings converted from the column's character set
 * first (the conversion looked up once per column).  Zero dates become NULL.
 * Every error carries a context line naming the row, the column and the
 * MySQL type.
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/namespace.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/datetime.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"

#include "byteorder.h"
#include "mysql_binary.h"
#include "mysql_glue.h"
#include "mysql_lenenc.h"
#include "mysql_packet.h"
#include "mysql_row.h"
#include "wc_jsonb.h"


typedef mysql_row_column row_column;
typedef mysql_row_where row_where;

/*
 * One set of decoded column definitions matched to the record's columns,
 * in a memory context of its own (freed when it is evicted).
 */
typedef struct row_entry
{
	MemoryContext cxt;
	uint8	   *key;			/* the columns array's bytes past its header */
	size_t		keylen;
	int			ncols;
	row_column *cols;
	uint8	   *types;
} row_entry;

/*
 * Cached per call site: the record type (looked up once), its tuple
 * descriptor (checked against the type cache's identifier on every call,
 * so that ALTER TABLE between two calls is seen) and the last few column
 * definition arrays (rows of alternating result sets do not rebuild).
 */
#define ROW_CACHE_SLOTS 4

typedef struct row_cache
{
	mysql_row_type type;		/* the row type, checked on every call */
	row_entry  *slot[ROW_CACHE_SLOTS];
	int			victim;			/* next slot to replace */
} row_cache;

static void
row_context(void *arg)
{
	row_where  *w = (row_where *) arg;
	const char *tn;

	if (!w->col)
		return;
	tn = wc_mysql_type_name(w->col->type);
	if (w->row > 0)
		errcontext("row %lld, column %d (\"%s\", MySQL type %s%s)", (long long) w->row,
				   w->colno + 1, w->col->name, tn ? tn : "?",
				   w->col->flags & WC_MYSQL_FLAG_UNSIGNED ? " UNSIGNED" : "");
	else
		errcontext("column %d (\"%s\", MySQL type %s%s)", w->colno + 1, w->col->name,
				   tn ? tn : "?", w->col->flags & WC_MYSQL_FLAG_UNSIGNED ? " UNSIGNED" : "");
}

/* PostgreSQL encoding of a MySQL character set; -1 for none. */
static int
pg_encoding_of(wc_mysql_charset cs)
{
	switch (cs)
	{
		case WC_MYSQL_CS_UTF8: return PG_UTF8;
		case WC_MYSQL_CS_ASCII: return PG_SQL_ASCII;
		case WC_MYSQL_CS_LATIN1: return PG_WIN1252;
		case WC_MYSQL_CS_LATIN2: return PG_LATIN2;
		case WC_MYSQL_CS_LATIN5: return PG_LATIN5;
		case WC_MYSQL_CS_CP1250: return PG_WIN1250;
		case WC_MYSQL_CS_CP1251: return PG_WIN1251;
		case WC_MYSQL_CS_CP1256: return PG_WIN1256;
		case WC_MYSQL_CS_CP1257: return PG_WIN1257;
		case WC_MYSQL_CS_CP866: return PG_WIN866;
		case WC_MYSQL_CS_KOI8R: return PG_KOI8R;
		case WC_MYSQL_CS_KOI8U: return PG_KOI8U;
		case WC_MYSQL_CS_GREEK: return PG_ISO_8859_7;
		case WC_MYSQL_CS_HEBREW: return PG_ISO_8859_8;
		case WC_MYSQL_CS_SJIS: return PG_SJIS;
		case WC_MYSQL_CS_UJIS: return PG_EUC_JP;
		case WC_MYSQL_CS_EUCKR: return PG_EUC_KR;
		case WC_MYSQL_CS_GB2312: return PG_EUC_CN;
		case WC_MYSQL_CS_GBK: return PG_GBK;
		case WC_MYSQL_CS_BIG5: return PG_BIG5;
		default: return -1;
	}
}

/* Drop every cached column definition array. */
static void
row_cache_clear_slots(row_cache *rc)
{
	for (int i = 0; i < ROW_CACHE_SLOTS; i++)
	{
		if (rc->slot[i])
			MemoryContextDelete(rc->slot[i]->cxt);
		rc->slot[i] = NULL;
	}
	rc->victim = 0;
}

/* The call site's cache, its row type current (column caches dropped when
 * the type changed). */
static row_cache *
row_cache_type(FunctionCallInfo fcinfo)
{
	row_cache  *rc = (row_cache *) fcinfo->flinfo->fn_extra;

	if (rc == NULL)
	{
		rc = (row_cache *) MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(row_cache));
		fcinfo->flinfo->fn_extra = rc;
	}
	if (mysql_row_type_check(&rc->type, fcinfo, 0, "first argument"))
		row_cache_clear_slots(rc);
	return rc;
}

/*
 * Decode the column definitions and match them to the record's columns.
 * The entry is built in a context of its own under the current (per-call)
 * one, so that an error part-way leaves nothing behind; on success it moves
 * under the call site's context and replaces the oldest slot.
 */
static row_entry *
row_entry_build(FunctionCallInfo fcinfo, row_cache *rc, struct varlena *packed)
{
	ArrayType  *columns = DatumGetArrayTypeP(PointerGetDatum(packed));
	size_t		keylen = VARSIZE_ANY_EXHDR(packed);
	MemoryContext cxt;
	MemoryContext old;
	row_entry  *re;
	Datum	   *elems;
	bool	   *enulls;
	int			n;
	int			att = 0;

	if (ARR_NDIM(columns) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("column definitions must be a one-dimensional array")));
	cxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_row_populate_record columns",
								ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(cxt);
	re = (row_entry *) palloc(sizeof(row_entry));
	re->cxt = cxt;
	re->key = (uint8 *) palloc(keylen);
	re->keylen = keylen;
	memcpy(re->key, VARDATA_ANY(packed), keylen);
	deconstruct_array(columns, BYTEAOID, -1, false, TYPALIGN_INT, &elems, &enulls, &n);
	re->ncols = n;
	re->cols = (row_column *) palloc(sizeof(row_column) * (n ? n : 1));
	re->types = (uint8 *) palloc(n ? n : 1);
	for (int i = 0; i < n; i++)
	{
		bytea	   *def;

		if (enulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("column definition %d is NULL", i + 1)));
		while (att < rc->type.tupdesc->natts && TupleDescAttr(rc->type.tupdesc, att)->attisdropped)
			att++;
		if (att >= rc->type.tupdesc->natts)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%d column definitions for a record of fewer columns", n)));
		def = DatumGetByteaPP(elems[i]);
		mysql_row_column_init(&re->cols[i], (const uint8 *) VARDATA_ANY(def),
							  VARSIZE_ANY_EXHDR(def), i, att, &rc->type.targets[att]);
		re->types[i] = re->cols[i].type;
		att++;
	}
	while (att < rc->type.tupdesc->natts && TupleDescAttr(rc->type.tupdesc, att)->attisdropped)
		att++;
	if (att < rc->type.tupdesc->natts)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%d column definitions for a record of more columns", n)));
	pfree(elems);
	pfree(enulls);
	MemoryContextSwitchTo(old);

	/* complete: publish it */
	MemoryContextSetParent(cxt, fcinfo->flinfo->fn_mcxt);
	if (rc->slot[rc->victim])
		MemoryContextDelete(rc->slot[rc->victim]->cxt);
	rc->slot[rc->victim] = re;
	rc->victim = (rc->victim + 1) % ROW_CACHE_SLOTS;
	return re;
}

/*
 * The cached definitions for this columns array, built on a miss.  The
 * array is compared as it is stored (a short header not widened, which
 * would copy it on every row); it is expanded only to build an entry.
 */
static row_entry *
row_entry_get(FunctionCallInfo fcinfo, row_cache *rc, Datum columns)
{
	struct varlena *packed = pg_detoast_datum_packed((struct varlena *) DatumGetPointer(columns));
	size_t		keylen = VARSIZE_ANY_EXHDR(packed);

	for (int i = 0; i < ROW_CACHE_SLOTS; i++)
	{
		row_entry  *re = rc->slot[i];

		if (re && re->keylen == keylen && memcmp(re->key, VARDATA_ANY(packed), keylen) == 0)
			return re;
	}
	return row_entry_build(fcinfo, rc, packed);
}

/* Value via the target type's input function (jsonb's parse made
 * cancellable). */
static Datum
from_text(const row_column *c, char *s)
{
	if (c->atttype == JSONBOID)
		return wc_jsonb_from_cstring(s, strlen(s));
	return InputFunctionCall(c->input, s, c->ioparam, c->atttypmod);
}

/* An integer (neg: -v) into the target column. */
static Datum
from_integer(const row_column *c, bool neg, uint64 v)
{
	char		buf[32];

	switch (c->atttype)
	{
		case INT2OID:
		case INT4OID:
		case INT8OID:
			{
				int64		lim = c->atttype == INT2OID ? PG_INT16_MAX :
					c->atttype == INT4OID ? PG_INT32_MAX : PG_INT64_MAX;

				if (neg ? v > (uint64) lim + 1 : v > (uint64) lim)
					ereport(ERROR,
							(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
							 errmsg("value %s%llu is out of range for type %s", neg ? "-" : "", (unsigned long long) v,
									format_type_be(c->atttype))));
				if (c->atttype == INT2OID)
					return Int16GetDatum(neg ? (int16) (0 - v) : (int16) v);
				if (c->atttype == INT4OID)
					return Int32GetDatum(neg ? (int32) (0 - v) : (int32) v);
				return Int64GetDatum(neg ? (int64) (0 - v) : (int64) v);
			}
		case NUMERICOID:
			if (!neg && c->atttypmod < 0)
				return mysql_uint64_numeric(v);
			break;
		default:
			break;
	}
	snprintf(buf, sizeof(buf), "%s%llu", neg ? "-" : "", (unsigned long long) v);
	return from_text(c, buf);
}

Datum
mysql_row_decimal(const row_column *c, bool negative, uint64 v, int scale)
{
	char		buf[80];
	char		digits[40];
	int			nd;

	/*
	 * Below 2^63 / 1000: int64_div_fast_to_numeric scales its argument by up
	 * to 1000 in int64 (older minor releases have no overflow fallback).
	 */
	if (c->atttype == NUMERICOID && v < UINT64CONST(9223372036854775))
	{
		/* what numeric_in makes of the text, and its typmod applied */
		Datum		d = NumericGetDatum(int64_div_fast_to_numeric(negative ? -(int64) v : (int64) v,
																   scale));

		if (c->atttypmod >= 0)
			d = DirectFunctionCall2(numeric, d, Int32GetDatum(c->atttypmod));
		return d;
	}
	/* the text: no sign on zero, at least one integer digit */
	nd = snprintf(digits, sizeof(digits), "%0*llu", scale + 1, (unsigned long long) v);
	snprintf(buf, sizeof(buf), "%s%.*s%s%s", negative && v ? "-" : "", nd - scale, digits,
			 scale ? "." : "", digits + nd - scale);
	return from_text(c, buf);
}

/* The text protocol's DECIMAL form "[-]digits[.digits]" of at most 18
 * digits as magnitude, sign and scale; false for anything else. */
static bool
text_decimal(const uint8 *p, size_t n, bool *neg, uint64 *v, int *scale)
{
	size_t		i = 0;
	int			nd = 0;
	uint64		r = 0;
	size_t		point = 0;

	*neg = n > 0 && p[0] == '-';
	i = *neg;
	for (; i < n; i++)
	{
		if (p[i] == '.' && point == 0 && nd > 0)
		{
			point = i + 1;
			continue;
		}
		if (p[i] < '0' || p[i] > '9' || ++nd > 18)
			return false;
		r = r * 10 + (p[i] - '0');
	}
	if (nd == 0 || point == n)
		return false;
	*v = r;
	*scale = point ? (int) (n - point) : 0;
	return true;
}

/* Parse the text protocol's integer form. */
static void
text_integer(const uint8 *p, size_t n, bool *neg, uint64 *v)
{
	size_t		i = 0;
	uint64		r = 0;

	*neg = n > 0 && p[0] == '-';
	i = *neg;
	if (i == n)
		goto bad;
	for (; i < n; i++)
	{
		if (p[i] < '0' || p[i] > '9' || r > (PG_UINT64_MAX - (p[i] - '0')) / 10)
			goto bad;
		r = r * 10 + (p[i] - '0');
	}
	*v = r;
	return;
bad:
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid integer \"%s\"", pnstrdup((const char *) p, n))));
}

/* Zero dates to NULL; impossible fields are an error; else canonical text. */
Datum
mysql_row_datetime(const row_column *c, const wc_mysql_datetime *dt, bool *isnull)
{
	char		buf[64];

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
	if (c->atttype == DATEOID || c->atttype == TIMESTAMPOID ||
		(c->atttype == TIMESTAMPTZOID && c->utc))
	{
		/* straight to the value; the day must exist in its month */
		int			j;

		if (dt->day > day_tab[isleap(dt->year)][dt->month - 1])
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("date %04u-%02u-%02u does not exist", dt->year, dt->month,
							dt->day)));
		j = date2j(dt->year, dt->month, dt->day);
		if (c->atttype == DATEOID)
			return DateADTGetDatum((DateADT) (j - POSTGRES_EPOCH_JDATE));
		/* UTC fields (utc) are the timestamptz itself */
		if (c->atttypmod < 0)
			return TimestampGetDatum((((((Timestamp) (j - POSTGRES_EPOCH_JDATE) * 24 + dt->hour) * 60 +
										 dt->minute) * 60 + dt->second) * USECS_PER_SEC) +
									 dt->microsecond);
	}
	/*
	 * MySQL counts years astronomically (its year 0 is a leap year before
	 * year 1): year 0 is PostgreSQL's 1 BC, as date2j above has it.
	 */
	if (c->type == WC_MYSQL_TYPE_DATE)
		snprintf(buf, sizeof(buf), "%04u-%02u-%02u%s", dt->year ? dt->year : 1, dt->month,
				 dt->day, dt->year ? "" : " BC");
	else
		snprintf(buf, sizeof(buf), "%04u-%02u-%02u %02u:%02u:%02u.%06u%s%s",
				 dt->year ? dt->year : 1, dt->month, dt->day, dt->hour, dt->minute, dt->second,
				 dt->microsecond, c->utc ? "+00" : "", dt->year ? "" : " BC");
	return from_text(c, buf);
}

Datum
mysql_row_time(const row_column *c, const wc_mysql_time *t)
{
	char		buf[64];

	if (t->minute > 59 || t->second > 59 || t->microsecond > 999999)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("time has a field out of range")));
	/* time and timetz hold a time of day, 00:00:00 to 24:00:00 */
	if ((c->atttype == TIMEOID || c->atttype == TIMETZOID) &&
		(t->negative || t->days * 24 + t->hour > 24 ||
		 (t->days * 24 + t->hour == 24 && (t->minute || t->second || t->microsecond))))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("MySQL TIME %s%02llu:%02u:%02u.%06u is not a time of day", t->negative ? "-" : "",
						(unsigned long long) t->days * 24 + t->hour, t->minute, t->second,
						t->microsecond),
				 errhint("Use an interval column for durations.")));
	/* a time of day straight to time (what time_in reads from the text) */
	if (c->atttype == TIMEOID && c->atttypmod < 0 && !t->negative && t->days == 0 &&
		t->hour < 24)
		return TimeADTGetDatum((((TimeADT) t->hour * 60 + t->minute) * 60 + t->second) *
							   USECS_PER_SEC + t->microsecond);
	snprintf(buf, sizeof(buf), "%s%llu:%02u:%02u.%06u", t->negative ? "-" : "",
			 (unsigned long long) t->days * 24 + t->hour, t->minute, t->second, t->microsecond);
	return from_text(c, buf);
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

/* p[0 .. n), valid in c->src_enc, in the database encoding (p itself when
 * no conversion changes it), as pg_do_encoding_conversion does with the
 * column's cached conversion. */
static char *
row_convert(const row_column *c, const uint8 *p, size_t n)
{
	char	   *r;

	if (c->conv == NULL || n >= MaxAllocHugeSize / MAX_CONVERSION_GROWTH)
		return (char *) pg_do_encoding_conversion((unsigned char *) p, (int) n, c->src_enc,
												  GetDatabaseEncoding());
	r = MemoryContextAllocHuge(CurrentMemoryContext, n * MAX_CONVERSION_GROWTH + 1);
	(void) FunctionCall6(c->conv, Int32GetDatum(c->src_enc), Int32GetDatum(GetDatabaseEncoding()),
						 CStringGetDatum((const char *) p), CStringGetDatum(r), Int32GetDatum((int) n),
						 BoolGetDatum(false));
	return r;
}

/* Bytes of a string column: bytea as they are, text converted. */
static Datum
from_string(const row_column *c, const uint8 *p, size_t n)
{
	char	   *s;
	size_t		len;

	if (c->atttype == BYTEAOID)
		return PointerGetDatum(mysql_bytea(p, n));
	if (c->src_enc < 0)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("collation %u has a character set PostgreSQL cannot convert", c->charset)));
	if (n > 0 && memchr(p, 0, n))
		ereport(ERROR,
				(errcode(ERRCODE_UNTRANSLATABLE_CHARACTER),
				 errmsg("string contains a 0x00 byte, which text cannot hold"),
				 errhint("Use a bytea column for it.")));
	if (all_ascii(p, n))
	{
		s = (char *) p;
		len = n;
	}
	else
	{
		(void) pg_verify_mbstr(c->src_enc, (const char *) p, (int) n, false);
		s = row_convert(c, p, n);
		len = s == (const char *) p ? n : strlen(s);
	}
	/* text, and varchar within its length, are the bytes (what textin and
	 * varcharin make of them) */
	if (c->atttype == TEXTOID ||
		(c->atttype == VARCHAROID &&
		 (c->atttypmod < (int32) VARHDRSZ || len <= (size_t) (c->atttypmod - VARHDRSZ))))
		return PointerGetDatum(cstring_to_text_with_len(s, (int) len));
	if (s == (const char *) p)
		s = pnstrdup((const char *) p, n);
	return from_text(c, s);
}

/* BIT(n): big-endian bytes to a bit string of column_length bits, or to
 * their unsigned value for a numeric target. */
static Datum
from_bit(const row_column *c, const uint8 *p, size_t n)
{
	size_t		bits = c->column_length ? c->column_length : n * 8;
	char	   *s;

	/* into a number: the bits' unsigned value (BIT(M) has M <= 64) */
	switch (c->atttype)
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
										n, format_type_be(c->atttype))));
					v = v << 8 | p[i];
				}
				return from_integer(c, false, v);
			}
		default:
			break;
	}
	if (bits > n * 8)
		bits = n * 8;
	s = palloc(bits + 1);
	for (size_t i = 0; i < bits; i++)
	{
		size_t		b = n * 8 - bits + i;

		s[i] = (p[b / 8] >> (7 - b % 8)) & 1 ? '1' : '0';
	}
	s[bits] = '\0';
	return from_text(c, s);
}

/* A DECIMAL's text (both protocols send it so): into numeric without
 * numeric_in when it is short, else through the input function. */
static Datum
from_decimal_text(const row_column *c, const uint8 *p, size_t n)
{
	bool		neg;
	uint64		v;
	int			scale;

	if (c->atttype == NUMERICOID && text_decimal(p, n, &neg, &v, &scale))
		return mysql_row_decimal(c, neg, v, scale);
	return from_text(c, pnstrdup((const char *) p, n));
}

/* One value, text protocol. */
static Datum
text_value(const row_column *c, const uint8 *p, size_t n, bool *isnull)
{
	wc_error err;

	switch (c->type)
	{
		case WC_MYSQL_TYPE_TINY:
		case WC_MYSQL_TYPE_SHORT:
		case WC_MYSQL_TYPE_INT24:
		case WC_MYSQL_TYPE_LONG:
		case WC_MYSQL_TYPE_LONGLONG:
		case WC_MYSQL_TYPE_YEAR:
			{
				bool		neg;
				uint64		v;

				text_integer(p, n, &neg, &v);
				return from_integer(c, neg, v);
			}
		case WC_MYSQL_TYPE_DATE:
		case WC_MYSQL_TYPE_DATETIME:
		case WC_MYSQL_TYPE_TIMESTAMP:
			{
				wc_mysql_datetime dt;

				if (wc_mysql_text_datetime(p, n, &dt, &err) != WC_OK)
					wc_report(&err, "MySQL DATE/DATETIME/TIMESTAMP text");
				return mysql_row_datetime(c, &dt, isnull);
			}
		case WC_MYSQL_TYPE_TIME:
			{
				wc_mysql_time t;

				if (wc_mysql_text_time(p, n, &t, &err) != WC_OK)
					wc_report(&err, "MySQL TIME text");
				return mysql_row_time(c, &t);
			}
		case WC_MYSQL_TYPE_BIT:
			return from_bit(c, p, n);
		case WC_MYSQL_TYPE_NULL:
			*isnull = true;
			return (Datum) 0;
		case WC_MYSQL_TYPE_DECIMAL:
		case WC_MYSQL_TYPE_NEWDECIMAL:
			return from_decimal_text(c, p, n);
		case WC_MYSQL_TYPE_FLOAT:
		case WC_MYSQL_TYPE_DOUBLE:
			return from_text(c, pnstrdup((const char *) p, n));
		default:
			return from_string(c, p, n);
	}
}

/* One value, binary protocol. */
static Datum
binary_value(const row_column *c, const uint8 *p, size_t n, bool *isnull)
{
	bool		uns = (c->flags & WC_MYSQL_FLAG_UNSIGNED) != 0;

	switch (c->type)
	{
		case WC_MYSQL_TYPE_TINY:
			{
				int8		s = (int8) p[0];

				return uns ? from_integer(c, false, p[0]) :
					from_integer(c, s < 0, s < 0 ? (uint64) (-(int32) s) : (uint64) s);
			}
		case WC_MYSQL_TYPE_SHORT:
		case WC_MYSQL_TYPE_YEAR:
			{
				uint16		u = wc_load_le16(p);
				int16		s = (int16) u;

				return uns || c->type == WC_MYSQL_TYPE_YEAR ? from_integer(c, false, u) :
					from_integer(c, s < 0, s < 0 ? (uint64) (-(int32) s) : (uint64) s);
			}
		case WC_MYSQL_TYPE_INT24:
		case WC_MYSQL_TYPE_LONG:
			{
				uint32		u = wc_load_le32(p);
				int32		s = (int32) u;

				return uns ? from_integer(c, false, u) :
					from_integer(c, s < 0, s < 0 ? (uint64) (-(int64) s) : (uint64) s);
			}
		case WC_MYSQL_TYPE_LONGLONG:
			{
				uint64		u = wc_load_le64(p);
				int64		s = (int64) u;

				return uns ? from_integer(c, false, u) :
					from_integer(c, s < 0, s < 0 ? 0 - u : u);
			}
		case WC_MYSQL_TYPE_FLOAT:
			{
				float4		f;
				uint32		u = wc_load_le32(p);

				memcpy(&f, &u, 4);
				if (c->atttype == FLOAT4OID)
					return Float4GetDatum(f);
				if (c->atttype == FLOAT8OID)
					return Float8GetDatum((float8) f);
				return from_text(c, DatumGetCString(DirectFunctionCall1(float4out, Float4GetDatum(f))));
			}
		case WC_MYSQL_TYPE_DOUBLE:
			{
				float8		d;
				uint64		u = wc_load_le64(p);

				memcpy(&d, &u, 8);
				if (c->atttype == FLOAT8OID)
					return Float8GetDatum(d);
				return from_text(c, DatumGetCString(DirectFunctionCall1(float8out, Float8GetDatum(d))));
			}
		case WC_MYSQL_TYPE_DATE:
		case WC_MYSQL_TYPE_DATETIME:
		case WC_MYSQL_TYPE_TIMESTAMP:
			{
				wc_mysql_datetime dt;

				wc_mysql_binary_datetime(p, n, &dt);
				return mysql_row_datetime(c, &dt, isnull);
			}
		case WC_MYSQL_TYPE_TIME:
			{
				wc_mysql_time t;

				wc_mysql_binary_time(p, n, &t);
				return mysql_row_time(c, &t);
			}
		case WC_MYSQL_TYPE_NEWDECIMAL:
		case WC_MYSQL_TYPE_DECIMAL:
			return from_decimal_text(c, p, n);
		case WC_MYSQL_TYPE_BIT:
			return from_bit(c, p, n);
		case WC_MYSQL_TYPE_NULL:
			*isnull = true;
			return (Datum) 0;
		default:
			return from_string(c, p, n);
	}
}

Datum
mysql_row_value(const mysql_row_column *c, bool binary, const uint8 *p, size_t n, bool *isnull)
{
	return binary ? binary_value(c, p, n, isnull) : text_value(c, p, n, isnull);
}

/* ======================================================================
 * Shared with mysql_conversation_rows()
 * ====================================================================== */

static bool row_type_refresh(mysql_row_type *t, MemoryContext fn_mcxt);

bool
mysql_row_type_check(mysql_row_type *t, FunctionCallInfo fcinfo, int argno, const char *argname)
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
	return row_type_refresh(t, fcinfo->flinfo->fn_mcxt);
}

bool
mysql_row_type_of(mysql_row_type *t, Oid rectype, MemoryContext fn_mcxt)
{
	if (t->tce == NULL || t->rectype != rectype)
	{
		if (t->cxt)
			MemoryContextDelete(t->cxt);
		memset(t, 0, sizeof(*t));
		t->rectype = rectype;
		t->tce = lookup_type_cache(rectype, TYPECACHE_TUPDESC);
	}
	return row_type_refresh(t, fn_mcxt);
}

/* Build t's descriptor and targets on first use or after the type changed
 * (built aside, published when complete); true when (re)built. */
static bool
row_type_refresh(mysql_row_type *t, MemoryContext fn_mcxt)
{
	MemoryContext cxt;
	MemoryContext old;
	TupleDesc	td;
	mysql_row_target *targets;
	Datum	   *values;
	bool	   *nulls;
	int			nlive = 0;

	if (t->tupdesc != NULL && t->tce->tupDesc_identifier == t->tupdesc_id)
		return false;

	(void) lookup_type_cache(t->rectype, TYPECACHE_TUPDESC);
	if (t->tce->tupDesc == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_OBJECT),
				 errmsg("type %s is no longer a composite type", format_type_be(t->rectype))));
	cxt = AllocSetContextCreate(CurrentMemoryContext, "wirecodec MySQL row type",
								ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(cxt);
	td = CreateTupleDescCopy(t->tce->tupDesc);
	values = (Datum *) palloc(Max(td->natts, 1) * sizeof(Datum));
	nulls = (bool *) palloc(Max(td->natts, 1) * sizeof(bool));
	targets = mysql_row_targets(td, cxt);
	for (int i = 0; i < td->natts; i++)
		nlive += !TupleDescAttr(td, i)->attisdropped;
	MemoryContextSwitchTo(old);
	MemoryContextSetParent(cxt, fn_mcxt);
	if (t->cxt)
		MemoryContextDelete(t->cxt);
	t->cxt = cxt;
	t->tupdesc = td;
	t->values = values;
	t->nulls = nulls;
	t->targets = targets;
	t->nlive = nlive;
	t->tupdesc_id = t->tce->tupDesc_identifier;
	return true;
}

mysql_row_target *
mysql_row_targets(TupleDesc td, MemoryContext fmgr_cxt)
{
	mysql_row_target *t = (mysql_row_target *) palloc(sizeof(mysql_row_target) * Max(td->natts, 1));

	for (int i = 0; i < td->natts; i++)
	{
		Form_pg_attribute a = TupleDescAttr(td, i);
		Oid			typinput;

		if (a->attisdropped)
		{
			memset(&t[i], 0, sizeof(t[i]));
			continue;
		}
		t[i].atttype = a->atttypid;
		t[i].atttypmod = a->atttypmod;
		getTypeInputInfo(a->atttypid, &typinput, &t[i].ioparam);
		fmgr_info_cxt(typinput, &t[i].input, fmgr_cxt);
	}
	return t;
}

void
mysql_row_column_init(mysql_row_column *c, const uint8 *b, size_t len, int i, int att,
					  const mysql_row_target *t)
{
	wc_mysql_column_def cd;
	wc_error	err;
	wc_status	st;
	size_t		w;

	st = wc_mysql_column_def_decode(b, len, WC_MYSQL_CD_EXT_DETECT, &cd, &err);
	if (st != WC_OK)
	{
		wc_at_index(&err, st, "column definition", i + 1);
		wc_report(&err, "MySQL column definition");
	}
	/* once per column of a result set: every field starts cleared (utc:
	 * the protocol sends the session's time) */
	memset(c, 0, sizeof(*c));
	c->type = cd.type;
	c->flags = cd.flags;
	c->charset = cd.charset;
	c->column_length = cd.column_length;
	if (!cd.str[WC_MYSQL_CD_NAME].is_null)
		snprintf(c->name, sizeof(c->name), "%.*s",
				 (int) Min(cd.str[WC_MYSQL_CD_NAME].len, sizeof(c->name) - 1),
				 (const char *) b + cd.str[WC_MYSQL_CD_NAME].off);
	if (wc_mysql_binary_form_of(cd.type, &w) == WC_MYSQL_BIN_INVALID)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("column %d (\"%s\") has MySQL type %d, which no result set carries",
						i + 1, c->name, cd.type)));
	c->attnum = att;
	c->atttype = t->atttype;
	c->atttypmod = t->atttypmod;
	c->input = (FmgrInfo *) &t->input;
	c->ioparam = t->ioparam;
	mysql_row_column_charset(c);
}

void
mysql_row_column_charset(mysql_row_column *c)
{
	wc_mysql_charset cs = wc_mysql_charset_of(c->charset);
	int			db = GetDatabaseEncoding();
	int			enc;
	Oid			proc;

	enc = cs == WC_MYSQL_CS_BINARY ? db : pg_encoding_of(cs);
	if (enc == PG_SQL_ASCII)
		enc = PG_UTF8;
	c->src_enc = enc;
	c->conv = NULL;
	if (enc < 0 || c->atttype == BYTEAOID || enc == db || db == PG_SQL_ASCII)
		return;
	proc = FindDefaultConversionProc(enc, db);
	if (!OidIsValid(proc))
		return;
	c->conv = (FmgrInfo *) palloc(sizeof(FmgrInfo));
	fmgr_info(proc, c->conv);
}

/* "MySQL text row 5 of command 3, result set 0", as much as w knows. */
static void
row_subject(char *buf, size_t size, const char *form, const mysql_row_where *w)
{
	if (w->row > 0 && w->command >= 0)
		snprintf(buf, size, "MySQL %s row %lld of command %d, result set %d", form,
				 (long long) w->row, w->command, w->result_set);
	else if (w->row > 0)
		snprintf(buf, size, "MySQL %s row %lld", form, (long long) w->row);
	else
		snprintf(buf, size, "MySQL %s row", form);
}

void
mysql_row_fill(const mysql_row_column *cols, const uint8 *types, int ncols, bool binary,
			   const uint8 *buf, size_t len,
			   Datum *values, bool *nulls, int natts, mysql_row_where *w)
{
	wc_error	err;
	wc_status	st;
	size_t		pos;
	char		subject[128];

	if (binary)
	{
		st = wc_mysql_binary_row_check(buf, len, types, ncols, &err);
		if (st != WC_OK)
		{
			row_subject(subject, sizeof(subject), "binary", w);
			wc_report(&err, subject);
		}
		pos = 1 + wc_mysql_binary_row_bitmap_size(ncols);
	}
	else
	{
		size_t		n = 0;

		st = wc_mysql_text_row_count(buf, len, &n, &err);
		if (st == WC_OK && n != (size_t) ncols)
			st = wc_fail_ef(&err, WC_MYSQL_COLUMN_COUNT, len, ncols, n);
		if (st != WC_OK)
		{
			row_subject(subject, sizeof(subject), "text", w);
			wc_report(&err, subject);
		}
		pos = 0;
	}

	for (int i = 0; i < natts; i++)
		nulls[i] = true;
	for (int i = 0; i < ncols; i++)
	{
		const row_column *c = &cols[i];
		wc_mysql_slice s;
		bool		isnull = false;
		Datum		v;

		w->col = c;
		w->colno = i;
		if (binary)
		{
			if (wc_mysql_binary_row_is_null(buf, i))
				continue;
			(void) wc_mysql_binary_value_get(buf, len, pos, c->type, &s, &pos, NULL);
			v = binary_value(c, buf + s.off, s.len, &isnull);
		}
		else
		{
			(void) wc_mysql_lenenc_str_get(buf, len, pos, &s, &pos, NULL);
			if (s.is_null)
				continue;
			v = text_value(c, buf + s.off, s.len, &isnull);
		}
		values[c->attnum] = v;
		nulls[c->attnum] = isnull;
	}
	w->col = NULL;
}

PG_FUNCTION_INFO_V1(mysql_row_populate_record);
Datum
mysql_row_populate_record(PG_FUNCTION_ARGS)
{
	bytea	   *row;
	bool		binary;
	int64		rowno;
	row_cache  *rc;
	row_entry  *re;
	const uint8 *buf;
	size_t		len;
	row_where	where = {0};
	ErrorContextCallback cb;

	if (PG_ARGISNULL(1) || PG_ARGISNULL(2))
		PG_RETURN_NULL();
	row = PG_GETARG_BYTEA_PP(1);
	binary = PG_ARGISNULL(3) ? false : PG_GETARG_BOOL(3);
	rowno = PG_ARGISNULL(4) ? 0 : PG_GETARG_INT64(4);
	rc = row_cache_type(fcinfo);
	re = row_entry_get(fcinfo, rc, PG_GETARG_DATUM(2));
	buf = (const uint8 *) VARDATA_ANY(row);
	len = VARSIZE_ANY_EXHDR(row);

	where.row = rowno;
	cb.callback = row_context;
	cb.arg = &where;
	cb.previous = error_context_stack;
	error_context_stack = &cb;
	where.command = -1;
	mysql_row_fill(re->cols, re->types, re->ncols, binary, buf, len, rc->type.values,
				   rc->type.nulls, rc->type.tupdesc->natts, &where);
	error_context_stack = cb.previous;
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(rc->type.tupdesc, rc->type.values, rc->type.nulls)));
}
