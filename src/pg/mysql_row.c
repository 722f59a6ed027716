/*
 * mysql_row.c: mysql_row_populate_record(), a decoded text or binary row
 * and its column definitions turned into a PostgreSQL row (core:
 * src/core/mysql_binary.c for values and temporal fields,
 * src/core/mysql_packet.c for rows and column definitions).
 *
 * Each MySQL value becomes the target column's type through the shared
 * builders of row_target.c: integers straight (range-checked, BIGINT
 * UNSIGNED through numeric), DECIMAL into numeric, temporal values into
 * date/timestamp/timestamptz/time and strings into text/varchar built
 * directly where that gives what the input function would, everything else
 * through its canonical text form and the target type's input function;
 * strings converted from the column's character set first (the conversion
 * looked up once per column).  Zero dates become NULL.
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
	row_type	type;			/* the row type, checked on every call */
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
	if (row_type_check(&rc->type, fcinfo, 0, "first argument"))
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
	int			att;

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
		if (i >= rc->type.nlive)
			rt_report_count("the row", "column definitions", n, rc->type.rectype,
							rc->type.nlive);
		att = rc->type.top->live[i];
		def = DatumGetByteaPP(elems[i]);
		mysql_row_column_init(&re->cols[i], (const uint8 *) VARDATA_ANY(def),
							  VARSIZE_ANY_EXHDR(def), i, att, &rc->type.atts[att]);
		re->types[i] = re->cols[i].type;
	}
	if (n < rc->type.nlive)
		rt_report_count("the row", "column definitions", n, rc->type.rectype, rc->type.nlive);
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

/* Value via the target type's input function. */
static inline Datum
from_text(const row_column *c, char *s)
{
	return rt_from_cstring(c->t, s);
}

/* An integer (neg: -v) into the target column. */
static inline Datum
from_integer(const row_column *c, bool neg, uint64 v)
{
	return rt_from_uint64(c->t, neg, v);
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

/* Zero dates to NULL; impossible fields are an error; else the value.
 * MySQL counts years astronomically (its year 0 is a leap year before year
 * 1), as rt_from_datetime does. */
Datum
mysql_row_datetime(const row_column *c, const wc_mysql_datetime *dt, bool *isnull)
{
	rt_datetime f = {dt->year, dt->month, dt->day, dt->hour, dt->minute, dt->second,
	dt->microsecond};

	return rt_from_datetime(c->t, &f, c->type == WC_MYSQL_TYPE_DATE, c->utc, isnull);
}

Datum
mysql_row_time(const row_column *c, const wc_mysql_time *t)
{
	rt_duration d = {t->negative != 0, t->days, t->hour, t->minute, t->second,
	t->microsecond};

	return rt_from_time(c->t, &d, "MySQL TIME");
}

/* Bytes of a string column: bytea as they are, text converted. */
static Datum
from_string(const row_column *c, const uint8 *p, size_t n)
{
	if (c->enc.src < 0 && c->t->base != BYTEAOID)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("collation %u has a character set PostgreSQL cannot convert", c->charset)));
	return rt_from_text(c->t, &c->enc, p, n);
}

/* BIT(n): big-endian bytes to a bit string of column_length bits, or to
 * their unsigned value for a numeric target. */
static inline Datum
from_bit(const row_column *c, const uint8 *p, size_t n)
{
	return rt_from_bits(c->t, p, n, c->column_length ? c->column_length : n * 8);
}

/* A DECIMAL's text (both protocols send it so): into numeric without
 * numeric_in when it is short, else through the input function. */
static Datum
from_decimal_text(const row_column *c, const uint8 *p, size_t n)
{
	bool		neg;
	uint64		v;
	int			scale;

	if (c->t->base == NUMERICOID && text_decimal(p, n, &neg, &v, &scale))
		return rt_from_decimal(c->t, neg, v, scale);
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
				return rt_from_float4(c->t, f);
			}
		case WC_MYSQL_TYPE_DOUBLE:
			{
				float8		d;
				uint64		u = wc_load_le64(p);

				memcpy(&d, &u, 8);
				return rt_from_float8(c->t, d);
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
 * Shared with mysql_conversation_rows() and the typed binlog rows
 * ====================================================================== */

void
mysql_row_column_init(mysql_row_column *c, const uint8 *b, size_t len, int i, int att,
					  const rt_attr *t)
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
	c->t = t;
	mysql_row_column_charset(c);
}

void
mysql_row_column_charset(mysql_row_column *c)
{
	wc_mysql_charset cs = wc_mysql_charset_of(c->charset);

	rt_encoding_init(&c->enc, cs == WC_MYSQL_CS_BINARY ? GetDatabaseEncoding() :
					 pg_encoding_of(cs), c->t);
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
