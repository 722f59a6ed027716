/*
 * fdb_tuple_populate.c: SQL glue that fills rows from packed FoundationDB
 * tuples: fdb_tuple_populate_record (one walk of the tuple into a row,
 * element i into column i, nested tuples into composite and array columns)
 * and fdb_tuple_load (the same rules for every key of an array, inserted
 * into a table).  The row type's plan (src/pg/row_target.h) is cached per
 * call site; elements convert through the row layer's builders.
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/syscache.h"
#include "utils/typcache.h"
#include "utils/uuid.h"

#include "fdb_tuple.h"
#include "fdb_tuple_glue.h"
#include "row_target.h"
#include "table_load.h"

/* ======================================================================
 * fdb_tuple_populate_record(base anyelement, t fdb_tuple): one walk of
 * the tuple into a row, element i into column i
 * ====================================================================== */

/*
 * Cached per call site (fn_extra).  What depends only on the call site (the
 * argument's declared type, the extension's type OIDs) is looked up once;
 * the row type's plan (type, src/pg/row_target.h) is checked on every call
 * against the type cache's descriptor identifiers and rebuilt when ALTER
 * TABLE / ALTER TYPE changed one of them.  Each attribute's kind is an
 * fdb_kind (fdb_tuple_glue.h), set by pop_resolve.
 */
typedef struct pop_ctx
{
	row_type	type;
	Oid			vs_oid;
	Oid			tuple_oid;
	Oid			argtype;		/* declared type of the base argument */
	bool		arg_is_row;
	bool		fast;			/* the top row has a direct form (pop_fill_fast) */
	wc_fdb_elem *elems;			/* fast: the elements read, nlive long */
	wc_fdb_reader r;
	int			depth;
	int			path[32];		/* element index at each level, for messages */
	const rt_attr *cur;			/* being converted, for the error context */
} pop_ctx;

/* "4" or "4.2.1": where an element is (levels 0 .. level), counting from 1. */
static char *
pop_path(pop_ctx *c, int level)
{
	StringInfoData s;
	int			i;

	initStringInfo(&s);
	for (i = 0; i <= level && i < (int) lengthof(c->path); i++)
		appendStringInfo(&s, i ? ".%d" : "%d", c->path[i] + 1);
	return s.data;
}

/* The error context while an element is converted: where it is and where
 * it goes (PostgreSQL's own messages, a typmod's or a domain's, name
 * neither). */
static void
pop_context(void *arg)
{
	pop_ctx	   *c = (pop_ctx *) arg;

	if (c->cur == NULL)
		return;
	if (c->cur->attno < 0)
		errcontext("element %s of the tuple, into an element of column \"%s\" (%s)",
				   pop_path(c, c->depth), c->cur->name,
				   format_type_with_typemod(c->cur->typid, c->cur->typmod));
	else
		errcontext("element %s of the tuple, into column \"%s\" (%s)",
				   pop_path(c, c->depth), c->cur->name,
				   format_type_with_typemod(c->cur->typid, c->cur->typmod));
}

/* The row layer's resolve callback: a's fdb_kind (resolve_arg: the pop_ctx). */
static void
pop_resolve(rt_attr *a, int level, void *arg)
{
	pop_ctx	   *c = (pop_ctx *) arg;

	switch (a->base)
	{
		case INT2OID: a->kind = FDB_K_INT2; return;
		case INT4OID: a->kind = FDB_K_INT4; return;
		case INT8OID: a->kind = FDB_K_INT8; return;
		case NUMERICOID: a->kind = FDB_K_NUMERIC; return;
		case TEXTOID:
		case VARCHAROID:
		case NAMEOID:
			a->kind = a->base == NAMEOID ? FDB_K_NAME : FDB_K_TEXT;
			a->extra = palloc(sizeof(rt_encoding));
			rt_encoding_init((rt_encoding *) a->extra, PG_UTF8, a);
			return;
		case BYTEAOID: a->kind = FDB_K_BYTEA; return;
		case FLOAT4OID: a->kind = FDB_K_FLOAT4; return;
		case FLOAT8OID: a->kind = FDB_K_FLOAT8; return;
		case BOOLOID: a->kind = FDB_K_BOOL; return;
		case UUIDOID: a->kind = FDB_K_UUID; return;
	}
	if (a->base == c->vs_oid)
		a->kind = FDB_K_VERSIONSTAMP;
	else if (a->base == c->tuple_oid)
		a->kind = FDB_K_TUPLE;
	else if (a->rec)
		a->kind = FDB_K_RECORD;
	else if (a->elem)
		a->kind = FDB_K_ARRAY;
	else
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("column \"%s\" has type %s, which no tuple element converts to",
						a->name, format_type_be(a->typid))));
}

/* Has column a a direct form in pop_fill_fast? */
static bool
pop_fast_column(const rt_attr *a)
{
	if (a->domain)
		return false;
	switch (a->kind)
	{
		case FDB_K_INT2:
		case FDB_K_INT4:
		case FDB_K_INT8:
		case FDB_K_FLOAT4:
		case FDB_K_FLOAT8:
		case FDB_K_BOOL:
			return a->typbyval;
		case FDB_K_UUID:
			return a->typlen == UUID_LEN;
		case FDB_K_TEXT:
			return a->typlen == -1 && (a->base == TEXTOID || a->basetypmod < 0);
		case FDB_K_BYTEA:
			return a->typlen == -1;
		case FDB_K_NUMERIC:
			return a->typlen == -1 && a->basetypmod < 0;
		default:
			return false;
	}
}

/* The plan of typid, and what pop_fill_fast derives from it when rebuilt. */
static void
pop_plan(pop_ctx *c, Oid typid, MemoryContext fn_mcxt)
{
	row_type   *t = &c->type;
	bool		fast;

	if (!row_type_of(t, typid, fn_mcxt))
		return;
	fast = GetDatabaseEncoding() == PG_UTF8 && t->tupdesc->natts <= MaxTupleAttributeNumber;
	for (int i = 0; i < t->nlive && fast; i++)
		fast = pop_fast_column(&t->atts[t->top->live[i]]);
	c->fast = fast;
	c->elems = fast ? MemoryContextAlloc(t->cxt, sizeof(wc_fdb_elem) * Max(t->nlive, 1)) : NULL;
}

/* Error: this element cannot go into this column. */
static void
pop_mismatch(pop_ctx *c, const wc_fdb_elem *e, const rt_attr *a)
{
	c->cur = NULL;				/* the message says it all */
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("element %s (%s) cannot be converted to column \"%s\" of type %s",
					pop_path(c, c->depth), wc_fdb_type_name(e->type), a->name,
					format_type_be(a->typid))));
}

static void
pop_read(pop_ctx *c, wc_fdb_elem *e)
{
	wc_status	st = wc_fdb_read(&c->r, e);

	if (st != WC_OK)
	{
		wc_error	err;

		wc_fdb_error(&c->r, st, &err);
		wc_report(&err, "FoundationDB tuple");
	}
}

/* Past the end of the nested tuple just opened. */
static void
pop_skip_nested(pop_ctx *c)
{
	size_t		target = c->r.depth - 1;
	wc_fdb_elem	t;

	while (c->r.depth > target)
	{
		CHECK_FOR_INTERRUPTS();
		pop_read(c, &t);
	}
}

static Datum pop_value(pop_ctx *c, const rt_attr *a, wc_fdb_elem *e, bool *isnull);

/*
 * The tuple (top) or nested tuple has n elements where rec has another
 * number of columns; e is the element just read (the first without a column
 * when n > rec->nlive).  Counts the rest, then reports.
 */
static void
pop_count_error(pop_ctx *c, const rt_row *rec, bool top, int64 n, wc_fdb_elem *e)
{
	const char *what = top ? "the tuple" : psprintf("nested tuple %s", pop_path(c, c->depth - 1));

	c->cur = NULL;
	while (e->type != WC_FDB_END && e->type != WC_FDB_NESTED_END)
	{
		CHECK_FOR_INTERRUPTS();
		n++;
		if (e->type == WC_FDB_NESTED)
			pop_skip_nested(c);
		pop_read(c, e);
	}
	rt_report_count(what, "elements", n, rec->typid, rec->nlive);
}

/* The elements of the nested tuple just opened, into rec's values and
 * nulls; the reader ends past its terminator (or at the end, at top
 * level). */
static void
pop_fill_values(pop_ctx *c, rt_row *rec, bool top)
{
	wc_fdb_elem	e;
	int			i;

	for (i = 0; i < rec->nlive; i++)
	{
		int			a = rec->live[i];

		CHECK_FOR_INTERRUPTS();
		c->path[Min(c->depth, (int) lengthof(c->path) - 1)] = i;
		pop_read(c, &e);
		if (e.type == WC_FDB_END || e.type == WC_FDB_NESTED_END)
			pop_count_error(c, rec, top, i, &e);
		rec->values[a] = pop_value(c, &rec->atts[a], &e, &rec->nulls[a]);
	}
	pop_read(c, &e);
	if (e.type != (top ? WC_FDB_END : WC_FDB_NESTED_END))
		pop_count_error(c, rec, top, rec->nlive, &e);
}

/* The same, as a row value. */
static Datum
pop_fill_record(pop_ctx *c, rt_row *rec, bool top)
{
	pop_fill_values(c, rec, top);
	return HeapTupleGetDatum(heap_form_tuple(rec->tupdesc, rec->values, rec->nulls));
}

/* The elements of the nested tuple just opened, as an array of a's type. */
static Datum
pop_fill_array(pop_ctx *c, const rt_attr *a)
{
	const rt_attr *el = a->elem;
	int			n = 0,
				cap = 8,
				dims[1],
				lbs[1] = {1};
	Datum	   *vals = palloc(sizeof(Datum) * cap);
	bool	   *nulls = palloc(sizeof(bool) * cap);
	wc_fdb_elem	e;

	for (;;)
	{
		CHECK_FOR_INTERRUPTS();
		c->path[Min(c->depth, (int) lengthof(c->path) - 1)] = n;
		pop_read(c, &e);
		if (e.type == WC_FDB_NESTED_END)
			break;
		if (n == cap)
		{
			if (cap >= (int) (MaxAllocSize / sizeof(Datum) / 2))
				wc_report_too_large("array", (size_t) cap, "elements", (size_t) cap);
			cap *= 2;
			vals = repalloc(vals, sizeof(Datum) * cap);
			nulls = repalloc(nulls, sizeof(bool) * cap);
		}
		vals[n] = pop_value(c, el, &e, &nulls[n]);
		n++;
	}
	if (n == 0)
		return PointerGetDatum(construct_empty_array(el->typid));
	dims[0] = n;
	return PointerGetDatum(construct_md_array(vals, nulls, 1, dims, lbs, el->typid,
											  el->typlen, el->typbyval, el->typalign));
}

/* The nested tuple e (just opened) as a value of a's type. */
static Datum
pop_nested(pop_ctx *c, const rt_attr *a, wc_fdb_elem *e)
{
	Datum		d;

	if (a->kind == FDB_K_TUPLE)
	{
		size_t		start = e->offset;

		pop_skip_nested(c);
		e->ptr = c->r.buf + start;
		e->len = c->r.pos - start;
		d = PointerGetDatum(fdb_unnest_bytea(e));
	}
	else
	{
		if (a->kind != FDB_K_RECORD && a->kind != FDB_K_ARRAY)
			pop_mismatch(c, e, a);
		check_stack_depth();
		c->depth++;
		d = a->kind == FDB_K_RECORD ? pop_fill_record(c, a->rec, false) : pop_fill_array(c, a);
		c->depth--;
	}
	if (unlikely(a->domain))
	{
		c->cur = a;
		rt_domain_check_value(a, d, false);
		c->cur = NULL;
	}
	return d;
}

/* A big integer element (beyond 64 bits) into an integer or numeric. */
static Datum
pop_bigint(const rt_attr *a, const wc_fdb_elem *e)
{
	char		dec[WC_FDB_DECIMAL_MAX];
	size_t		n = wc_fdb_int_to_decimal(e, dec);
	bool		neg = dec[0] == '-';

	if (a->kind != FDB_K_NUMERIC)
		wc_report_range(dec, a->typid, a->range_name);
	return rt_from_decimal_digits(a, neg, dec + neg, (int) (n - neg), 0);
}

/* A float or double element into numeric, as the casts float4/float8 ->
 * numeric make it, the typmod applied. */
static Datum
pop_float_numeric(const rt_attr *a, const wc_fdb_elem *e)
{
	Datum		d;

	if (e->type == WC_FDB_DOUBLE)
	{
		float8		f;

		memcpy(&f, &e->v.f64, 8);
		d = DirectFunctionCall1(float8_numeric, Float8GetDatum(f));
	}
	else
	{
		float4		f;

		memcpy(&f, &e->v.f32, 4);
		d = DirectFunctionCall1(float4_numeric, Float4GetDatum(f));
	}
	if (a->basetypmod >= 0)
		d = DirectFunctionCall2(numeric, d, Int32GetDatum(a->basetypmod));
	return rt_domain_check(a, d, false);
}

/* A scalar element e as a value of a's type through the row layer's
 * builders: one case per kind of column. */
static Datum
pop_scalar(pop_ctx *c, const rt_attr *a, const wc_fdb_elem *e)
{
	switch (a->kind)
	{
		case FDB_K_INT2:
		case FDB_K_INT4:
		case FDB_K_INT8:
		case FDB_K_NUMERIC:
			if (e->type == WC_FDB_INT)
				return rt_from_int64(a, e->v.i);
			if (e->type == WC_FDB_BIGINT)
				return pop_bigint(a, e);
			if (a->kind == FDB_K_NUMERIC && (e->type == WC_FDB_DOUBLE || e->type == WC_FDB_FLOAT))
				return pop_float_numeric(a, e);
			break;
		case FDB_K_TEXT:
		case FDB_K_NAME:
			if (e->type != WC_FDB_STRING)
				break;
			if (e->escaped)
				ereport(ERROR,
						(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
						 errmsg("string element %s contains U+0000, which text cannot hold",
								pop_path(c, c->depth)),
						 errhint("Use a bytea column for it.")));
			return rt_from_text(a, (const rt_encoding *) a->extra, e->ptr, e->len);
		case FDB_K_BYTEA:
			if (e->type != WC_FDB_BYTES && e->type != WC_FDB_STRING)
				break;
			return rt_domain_check(a, PointerGetDatum(fdb_payload_bytea(e)), false);
		case FDB_K_FLOAT4:
		case FDB_K_FLOAT8:
			if (e->type == WC_FDB_FLOAT)
			{
				float4		f;

				memcpy(&f, &e->v.f32, 4);
				return rt_from_float4(a, f);
			}
			if (e->type == WC_FDB_DOUBLE)
			{
				float8		f;

				memcpy(&f, &e->v.f64, 8);
				return rt_from_float8(a, f);
			}
			break;
		case FDB_K_BOOL:
			if (e->type != WC_FDB_BOOL)
				break;
			return rt_domain_check(a, BoolGetDatum(e->v.b != 0), false);
		case FDB_K_UUID:
			if (e->type != WC_FDB_UUID)
				break;
			{
				pg_uuid_t  *u = palloc(sizeof(pg_uuid_t));

				memcpy(u->data, e->ptr, UUID_LEN);
				return rt_domain_check(a, UUIDPGetDatum(u), false);
			}
		case FDB_K_VERSIONSTAMP:
			if (e->type != WC_FDB_VERSIONSTAMP)
				break;
			{
				uint8_t    *v = palloc(12);

				memcpy(v, e->ptr, 12);
				return rt_domain_check(a, PointerGetDatum(v), false);
			}
		default:
			break;
	}
	pop_mismatch(c, e, a);
	return (Datum) 0;
}

/* Element e (just read) as a value of a's type. */
static Datum
pop_value(pop_ctx *c, const rt_attr *a, wc_fdb_elem *e, bool *isnull)
{
	Datum		d;

	*isnull = e->type == WC_FDB_NULL;
	if (*isnull)
	{
		if (unlikely(a->domain))
		{
			c->cur = a;
			rt_domain_check_value(a, (Datum) 0, true);
			c->cur = NULL;
		}
		return (Datum) 0;
	}
	if (e->type == WC_FDB_NESTED)
		return pop_nested(c, a, e);
	c->cur = a;
	d = pop_scalar(c, a, e);
	c->cur = NULL;
	return d;
}

/* ----------------------------------------------------------------------
 * The usual row in one pass and one allocation: the elements of a flat
 * tuple read into c->elems, then the row written in place as
 * heap_form_tuple lays it out (short varlena headers where they fit),
 * without a Datum, a palloc or a copy per column.
 * ---------------------------------------------------------------------- */

/* Does element e go straight into column a?  For a numeric column, the
 * integer's numeric payload then stands in for the element's. */
static inline bool
pop_fast_direct(const rt_attr *a, wc_fdb_elem *e)
{
	switch (a->kind)
	{
		case FDB_K_INT2:
			return e->type == WC_FDB_INT && e->v.i >= PG_INT16_MIN && e->v.i <= PG_INT16_MAX;
		case FDB_K_INT4:
			return e->type == WC_FDB_INT && e->v.i >= PG_INT32_MIN && e->v.i <= PG_INT32_MAX;
		case FDB_K_INT8:
			return e->type == WC_FDB_INT;
		case FDB_K_FLOAT4:
			return e->type == WC_FDB_FLOAT;
		case FDB_K_FLOAT8:
			return e->type == WC_FDB_DOUBLE || e->type == WC_FDB_FLOAT;
		case FDB_K_BOOL:
			return e->type == WC_FDB_BOOL;
		case FDB_K_UUID:
			return e->type == WC_FDB_UUID;
		case FDB_K_TEXT:
			return e->type == WC_FDB_STRING && !e->escaped;
		case FDB_K_BYTEA:
			return e->type == WC_FDB_BYTES || e->type == WC_FDB_STRING;
		case FDB_K_NUMERIC:
			if (e->type != WC_FDB_INT)
				return false;
			{
				Numeric		n = int64_to_numeric(e->v.i);

				e->ptr = (const uint8_t *) VARDATA(n);
				e->len = VARSIZE(n) - VARHDRSZ;
			}
			return true;
		default:
			return false;
	}
}

/* Add e's value in column a to the data size *dlen, as
 * heap_compute_data_size counts it; false past the allocation limit. */
static inline bool
pop_fast_size(const rt_attr *a, const wc_fdb_elem *e, size_t *dlen, bool *hasvar)
{
	if (a->typlen > 0)
		*dlen = att_align_nominal(*dlen, a->typalign) + a->typlen;
	else if (e->len + VARHDRSZ_SHORT <= VARATT_SHORT_MAX)
	{
		*dlen += e->len + VARHDRSZ_SHORT;
		*hasvar = true;
	}
	else
	{
		if (e->len > MaxAllocSize)
			return false;
		*dlen = att_align_nominal(*dlen, a->typalign) + e->len + VARHDRSZ;
		*hasvar = true;
	}
	return true;
}

/* Where e's value in column a goes at data + *dlen (a varlena's header
 * written), *dlen moved past it. */
static inline char *
pop_fast_place(const rt_attr *a, const wc_fdb_elem *e, char *data, size_t *dlen)
{
	char	   *p;

	if (a->typlen == -1 && e->len + VARHDRSZ_SHORT <= VARATT_SHORT_MAX)
	{
		p = data + *dlen;
		SET_VARSIZE_SHORT(p, e->len + VARHDRSZ_SHORT);
		*dlen += e->len + VARHDRSZ_SHORT;
		return p + VARHDRSZ_SHORT;
	}
	*dlen = att_align_nominal(*dlen, a->typalign);
	p = data + *dlen;
	if (a->typlen != -1)
	{
		*dlen += a->typlen;
		return p;
	}
	SET_VARSIZE(p, e->len + VARHDRSZ);
	*dlen += e->len + VARHDRSZ;
	return p + VARHDRSZ;
}

/* e's value in column a, written at p. */
static inline void
pop_fast_store(const rt_attr *a, const wc_fdb_elem *e, char *p)
{
	switch (a->kind)
	{
		case FDB_K_INT2:
			*(int16 *) p = (int16) e->v.i;
			break;
		case FDB_K_INT4:
			*(int32 *) p = (int32) e->v.i;
			break;
		case FDB_K_INT8:
			*(int64 *) p = e->v.i;
			break;
		case FDB_K_FLOAT4:
			memcpy(p, &e->v.f32, 4);
			break;
		case FDB_K_FLOAT8:
			if (e->type == WC_FDB_DOUBLE)
				memcpy(p, &e->v.f64, 8);
			else
			{
				float4		f;
				float8		d;

				memcpy(&f, &e->v.f32, 4);
				d = (float8) f;	/* widening is exact */
				memcpy(p, &d, 8);
			}
			break;
		case FDB_K_BOOL:
			*(bool *) p = e->v.b != 0;
			break;
		case FDB_K_UUID:
			memcpy(p, e->ptr, UUID_LEN);
			break;
		case FDB_K_TEXT:
		case FDB_K_NUMERIC:
			memcpy(p, e->ptr, e->len);
			break;
		case FDB_K_BYTEA:
			if (e->escaped)
				wc_fdb_unescape((uint8_t *) p, e);
			else
				memcpy(p, e->ptr, e->len);
			break;
		default:
			Assert(false);
	}
}

/* The row of the elements read into c->elems, dlen data bytes, written in
 * place (54000 past the allocation limit). */
static Datum
pop_fast_form(pop_ctx *c, bool hasnull, bool hasvar, size_t dlen)
{
	const row_type *t = &c->type;
	const int  *live = t->top->live;
	int			natts = t->tupdesc->natts;
	size_t		hoff = offsetof(HeapTupleHeaderData, t_bits),
				len;
	HeapTupleHeader td;
	char	   *data;
	bits8	   *bits;

	if (hasnull)
		hoff += BITMAPLEN(natts);
	hoff = MAXALIGN(hoff);
	len = hoff + dlen;
	if (len > MaxAllocSize)
		wc_report_too_large("row", len, "bytes", MaxAllocSize);

	/* zeroed: the header's unused fields, the bitmap and alignment padding */
	td = (HeapTupleHeader) palloc0(len);
	ItemPointerSetInvalid(&td->t_ctid);
	HeapTupleHeaderSetNatts(td, natts);
	td->t_hoff = (uint8) hoff;
	td->t_infomask = (hasnull ? HEAP_HASNULL : 0) | (hasvar ? HEAP_HASVARWIDTH : 0);
	WC_SET_DATUM_HEADER(td, t->tupdesc, len);
	bits = hasnull ? td->t_bits : NULL;
	data = (char *) td + hoff;
	dlen = 0;
	for (int i = 0; i < t->nlive; i++)
	{
		const wc_fdb_elem *e = &c->elems[i];
		int			attno = live[i];
		const rt_attr *a = &t->atts[attno];

		if (e->type == WC_FDB_NULL)
			continue;
		if (bits)
			bits[attno >> 3] |= (bits8) (1 << (attno & 7));
		pop_fast_store(a, e, pop_fast_place(a, e, data, &dlen));
	}
	Assert(hoff + dlen == len);
	return PointerGetDatum(td);
}

/*
 * The usual row (see above).  Returns 0 when the key is anything else (an
 * element that does not convert directly, a NUL in a string, a nested
 * tuple, a count that does not match, an invalid key): the caller then
 * reads it again with pop_fill_record, which converts it or reports what
 * is wrong and where.
 */
static Datum
pop_fill_fast(pop_ctx *c)
{
	const row_type *t = &c->type;
	const int  *live = t->top->live;
	bool		hasnull = t->nlive < t->tupdesc->natts,	/* dropped columns */
				hasvar = false;
	size_t		dlen = 0;
	wc_fdb_elem	end;

	for (int i = 0; i < t->nlive; i++)
	{
		wc_fdb_elem *e = &c->elems[i];
		const rt_attr *a = &t->atts[live[i]];

		if (wc_fdb_read(&c->r, e) != WC_OK)
			return (Datum) 0;
		if (e->type == WC_FDB_NULL)
		{
			hasnull = true;
			continue;
		}
		if (!pop_fast_direct(a, e) || !pop_fast_size(a, e, &dlen, &hasvar))
			return (Datum) 0;
	}
	if (wc_fdb_read(&c->r, &end) != WC_OK || end.type != WC_FDB_END)
		return (Datum) 0;
	return pop_fast_form(c, hasnull, hasvar, dlen);
}

/* What depends only on the call site, once (fn_extra). */
static pop_ctx *
pop_ctx_new(FunctionCallInfo fcinfo)
{
	Oid			nsp = get_func_namespace(fcinfo->flinfo->fn_oid);
	pop_ctx	   *c = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(pop_ctx));

	c->tuple_oid = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
								   CStringGetDatum("fdb_tuple"), ObjectIdGetDatum(nsp));
	c->vs_oid = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
								CStringGetDatum("fdb_versionstamp"), ObjectIdGetDatum(nsp));
	c->type.resolve = pop_resolve;
	c->type.resolve_arg = c;
	c->type.name_columns = false;	/* the error context names it */
	fcinfo->flinfo->fn_extra = c;
	return c;
}

/* Start reading tuple t; the error context pushed (pop_context). */
static void
pop_begin(pop_ctx *c, bytea *t, ErrorContextCallback *cb)
{
	wc_fdb_reader_init(&c->r, (const uint8_t *) VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
	c->depth = 0;
	c->cur = NULL;
	cb->callback = pop_context;
	cb->arg = c;
	cb->previous = error_context_stack;
	error_context_stack = cb;
}

PG_FUNCTION_INFO_V1(fdb_tuple_populate_record);
Datum
fdb_tuple_populate_record(PG_FUNCTION_ARGS)
{
	pop_ctx	   *c = (pop_ctx *) fcinfo->flinfo->fn_extra;
	Oid			typid;
	bytea	   *t;
	ErrorContextCallback cb;
	Datum		d;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	if (c == NULL)
	{
		c = pop_ctx_new(fcinfo);
		c->argtype = get_fn_expr_argtype(fcinfo->flinfo, 0);
		c->arg_is_row = OidIsValid(c->argtype) &&
			(c->argtype == RECORDOID || type_is_rowtype(c->argtype));
	}
	typid = c->argtype;
	if (!PG_ARGISNULL(0) && c->arg_is_row)
	{
		/* a row value: its own type */
		typid = HeapTupleHeaderGetTypeId(PG_GETARG_HEAPTUPLEHEADER(0));
	}
	/* the usual call: the plan is cached and its row types unchanged */
	if (c->type.top == NULL || c->type.rectype != typid || row_type_stale(&c->type))
	{
		if (!OidIsValid(typid) || typid == RECORDOID || !c->arg_is_row)
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("the first argument must be of a row type, not %s",
							OidIsValid(typid) ? format_type_be(typid) : "unknown"),
					 errhint("Pass NULL::your_table or NULL::your_composite_type.")));
		pop_plan(c, typid, fcinfo->flinfo->fn_mcxt);
	}
	t = PG_GETARG_BYTEA_PP(1);
	if (c->fast)
	{
		wc_fdb_reader_init(&c->r, (const uint8_t *) VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
		d = pop_fill_fast(c);
		if (d != (Datum) 0)
			PG_RETURN_DATUM(d);
		/* not the usual row: read it again, converting or reporting */
	}
	pop_begin(c, t, &cb);
	d = pop_fill_record(c, c->type.top, true);
	error_context_stack = cb.previous;
	PG_RETURN_DATUM(d);
}

/* ======================================================================
 * fdb_tuple_load(keys fdb_tuple[], target regclass): inserts the row of
 * every key of an array into a table (src/pg/table_load.c) by
 * fdb_tuple_populate_record's rules, and returns how many it inserted.  An
 * ordinary volatile function: each call is a whole load, begun and ended
 * within the call, so that no plan shape (an unused result, a LIMIT, a
 * cursor closed early) can leave rows buffered and never inserted.
 * ====================================================================== */

PG_FUNCTION_INFO_V1(fdb_tuple_load);
Datum
fdb_tuple_load(PG_FUNCTION_ARGS)
{
	ArrayType  *keys = PG_GETARG_ARRAYTYPE_P(0);
	Oid			relid = PG_GETARG_OID(1);
	pop_ctx	   *c = (pop_ctx *) fcinfo->flinfo->fn_extra;
	MemoryContext rowcxt,
				old;
	wc_table_load *load;
	ArrayIterator it;
	ErrorContextCallback cb;
	Datum		d;
	bool		isnull;
	int64		n;

	load = wc_table_load_begin(relid, "fdb_tuple_load", "fdb_tuple_populate_record(...)");
	if (c == NULL)
		c = pop_ctx_new(fcinfo);
	pop_plan(c, wc_table_load_rowtype(load), fcinfo->flinfo->fn_mcxt);
	rowcxt = AllocSetContextCreate(CurrentMemoryContext, "fdb_tuple_load row",
								   ALLOCSET_DEFAULT_SIZES);
	it = array_create_iterator(keys, 0, NULL);
	while (array_iterate(it, &d, &isnull))
	{
		bytea	   *t;

		CHECK_FOR_INTERRUPTS();
		if (isnull)
			continue;			/* a NULL key: no row */
		old = MemoryContextSwitchTo(rowcxt);
		t = DatumGetByteaPP(d);
		pop_begin(c, t, &cb);
		pop_fill_values(c, c->type.top, true);
		error_context_stack = cb.previous;
		wc_table_load_put(load, c->type.values, c->type.nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(rowcxt);
	}
	array_free_iterator(it);
	MemoryContextDelete(rowcxt);
	n = wc_table_load_end(load);
	PG_RETURN_INT64(n);
}
