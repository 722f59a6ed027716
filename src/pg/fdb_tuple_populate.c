/*
 * fdb_tuple_populate.c: SQL glue that fills rows from packed FoundationDB
 * tuples: fdb_tuple_populate_record (one walk of the tuple into a row,
 * element i into column i, nested tuples into composite and array columns)
 * and fdb_tuple_load (the same rules for every key of an array, inserted
 * into a table).  The conversion plan of a row type is cached per call site.
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
#include "fdb_pg.h"
#include "table_load.h"

/* ======================================================================
 * fdb_tuple_populate_record(base anyelement, t fdb_tuple): one walk of
 * the tuple into a row, element i into column i
 * ====================================================================== */

typedef enum PopKind
{
	P_INT2,
	P_INT4,
	P_INT8,
	P_NUMERIC,
	P_TEXT,						/* text, varchar (typmod applied) */
	P_NAME,
	P_BYTEA,
	P_FLOAT4,
	P_FLOAT8,
	P_BOOL,
	P_UUID,
	P_VERSIONSTAMP,
	P_TUPLE,
	P_RECORD,
	P_ARRAY
} PopKind;

struct PopRecord;

/* How one column (or array element) is filled; resolved once per row type. */
typedef struct PopColumn
{
	Oid			typid;
	int32		typmod;
	PopKind		kind;
	const char *name;			/* column name, for messages */
	struct PopRecord *rec;		/* P_RECORD */
	struct PopColumn *elem;		/* P_ARRAY: the element type */
	int16		elmlen;			/* P_ARRAY: element storage */
	bool		elmbyval;
	char		elmalign;
	int16		attlen;			/* top-level column: its storage, for */
	char		attalign;		/* pop_fill_fast */
} PopColumn;

typedef struct PopRecord
{
	Oid			typid;
	int32		typmod;
	TupleDesc	desc;			/* a copy in fn_mcxt */
	int			ncols;			/* live (not dropped) columns */
	int		   *attno;			/* live column i -> attribute index */
	PopColumn  *cols;
	Datum	   *values;			/* per-call work arrays, natts long */
	bool	   *nulls;
	bool		fast;			/* every live column has a direct form */
	wc_fdb_elem *elems;			/* fast: the elements read, ncols long */
} PopRecord;

/* A named row type the cache depends on, and the descriptor it was built from. */
typedef struct PopWatch
{
	TypeCacheEntry *tce;
	uint64		tupdesc_id;
} PopWatch;

/*
 * Cached per call site (fn_extra).  What depends only on the call site (the
 * argument's declared type, the extension's type OIDs) is looked up once;
 * the row type's conversion plan (top, and every nested row type, in the
 * context cxt) is checked on every call against the type cache's
 * descriptor identifiers (an integer compare per named row type), and
 * rebuilt when ALTER TABLE / ALTER TYPE changed one of them.
 */
typedef struct PopCtx
{
	MemoryContext mcxt;			/* where pop_record_info allocates */
	Oid			vs_oid;
	Oid			tuple_oid;
	Oid			argtype;		/* declared type of the base argument */
	bool		arg_is_row;
	wc_fdb_reader r;
	int			depth;
	int			path[32];		/* element index at each level, for messages */
	PopRecord  *top;
	MemoryContext cxt;			/* holds top and watch */
	PopWatch   *watch;
	int			nwatch;
	int			watchcap;
} PopCtx;

static PopRecord *pop_record_info(PopCtx *c, Oid typid, int32 typmod, int level);

/* "4" or "4.2.1": where an element is, for messages (counting from 1). */
static char *
pop_path(PopCtx *c)
{
	StringInfoData s;
	int			i;

	initStringInfo(&s);
	for (i = 0; i <= c->depth && i < (int) lengthof(c->path); i++)
		appendStringInfo(&s, i ? ".%d" : "%d", c->path[i] + 1);	/* from 1 */
	return s.data;
}

static void
pop_resolve(PopCtx *c, PopColumn *col, Oid typid, int32 typmod, const char *name, int level)
{
	Oid			base = getBaseType(typid);
	Oid			elem;

	check_stack_depth();
	col->typid = typid;
	col->typmod = typmod;
	col->name = name;
	if (base != typid)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("column \"%s\" has domain type %s, which is not supported",
						name, format_type_be(typid)),
				 errhint("Use the domain's base type in the row type and cast afterwards.")));
	switch (typid)
	{
		case INT2OID: col->kind = P_INT2; return;
		case INT4OID: col->kind = P_INT4; return;
		case INT8OID: col->kind = P_INT8; return;
		case NUMERICOID: col->kind = P_NUMERIC; return;
		case TEXTOID:
		case VARCHAROID: col->kind = P_TEXT; return;
		case NAMEOID: col->kind = P_NAME; return;
		case BYTEAOID: col->kind = P_BYTEA; return;
		case FLOAT4OID: col->kind = P_FLOAT4; return;
		case FLOAT8OID: col->kind = P_FLOAT8; return;
		case BOOLOID: col->kind = P_BOOL; return;
		case UUIDOID: col->kind = P_UUID; return;
	}
	if (typid == c->vs_oid)
		col->kind = P_VERSIONSTAMP;
	else if (typid == c->tuple_oid)
		col->kind = P_TUPLE;
	else if (type_is_rowtype(typid) && typid != RECORDOID)
	{
		col->kind = P_RECORD;
		col->rec = pop_record_info(c, typid, typmod, level + 1);
	}
	else if (OidIsValid(elem = get_element_type(typid)))
	{
		col->kind = P_ARRAY;
		col->elem = MemoryContextAllocZero(c->mcxt, sizeof(PopColumn));
		pop_resolve(c, col->elem, elem, typmod, name, level + 1);
		get_typlenbyvalalign(elem, &col->elmlen, &col->elmbyval, &col->elmalign);
	}
	else
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("column \"%s\" has type %s, which no tuple element converts to",
						name, format_type_be(typid))));
}

/* Row type info of typid/typmod, kept in fn_mcxt. */
static PopRecord *
pop_record_info(PopCtx *c, Oid typid, int32 typmod, int level)
{
	MemoryContext old = MemoryContextSwitchTo(c->mcxt);
	PopRecord  *rec = palloc0(sizeof(PopRecord));
	int			i;

	if (level > 16)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("row types nested more than 16 levels")));
	rec->typid = typid;
	rec->typmod = typmod;
	if (typid != RECORDOID)
	{
		/* a named row type: watch its descriptor */
		TypeCacheEntry *tce = lookup_type_cache(typid, TYPECACHE_TUPDESC);

		if (tce->tupDesc == NULL)
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("type %s is not a composite type",
							format_type_be(typid)),
					 errhint("Use the composite type itself, not a domain over it.")));
		rec->desc = CreateTupleDescCopy(tce->tupDesc);
		if (c->nwatch == c->watchcap)
		{
			c->watchcap = c->watchcap ? c->watchcap * 2 : 4;
			c->watch = c->watch ? repalloc(c->watch, sizeof(PopWatch) * c->watchcap) :
				palloc(sizeof(PopWatch) * c->watchcap);
		}
		c->watch[c->nwatch].tce = tce;
		c->watch[c->nwatch].tupdesc_id = tce->tupDesc_identifier;
		c->nwatch++;
	}
	else
	{
		/* an anonymous record type: registered once, never changes */
		TupleDesc	td = lookup_rowtype_tupdesc(typid, typmod);

		rec->desc = CreateTupleDescCopy(td);
		ReleaseTupleDesc(td);
	}
	rec->attno = palloc(sizeof(int) * Max(rec->desc->natts, 1));
	rec->cols = palloc0(sizeof(PopColumn) * Max(rec->desc->natts, 1));
	rec->values = palloc(sizeof(Datum) * Max(rec->desc->natts, 1));
	rec->nulls = palloc(sizeof(bool) * Max(rec->desc->natts, 1));
	for (i = 0; i < rec->desc->natts; i++)
	{
		Form_pg_attribute a = TupleDescAttr(rec->desc, i);

		rec->nulls[i] = true;
		if (a->attisdropped)
			continue;
		rec->attno[rec->ncols] = i;
		pop_resolve(c, &rec->cols[rec->ncols], a->atttypid, a->atttypmod,
					pstrdup(NameStr(a->attname)), level);
		rec->ncols++;
	}
	/* the direct form (pop_fill_fast) for the top row of scalar columns */
	rec->fast = level == 0 && GetDatabaseEncoding() == PG_UTF8 &&
		rec->desc->natts <= MaxTupleAttributeNumber;
	for (i = 0; i < rec->ncols && rec->fast; i++)
	{
		PopColumn  *col = &rec->cols[i];
		Form_pg_attribute a = TupleDescAttr(rec->desc, rec->attno[i]);

		col->attlen = a->attlen;
		col->attalign = a->attalign;
		switch (col->kind)
		{
			case P_INT2:
			case P_INT4:
			case P_INT8:
			case P_FLOAT4:
			case P_FLOAT8:
			case P_BOOL:
				rec->fast = a->attbyval;
				break;
			case P_UUID:
				rec->fast = a->attlen == UUID_LEN;
				break;
			case P_TEXT:
				rec->fast = a->attlen == -1 &&
					(col->typid == TEXTOID || col->typmod < 0);
				break;
			case P_BYTEA:
				rec->fast = a->attlen == -1;
				break;
			case P_NUMERIC:
				rec->fast = a->attlen == -1 && col->typmod < 0;
				break;
			default:
				rec->fast = false;
				break;
		}
	}
	if (rec->fast)
		rec->elems = palloc(sizeof(wc_fdb_elem) * Max(rec->ncols, 1));
	MemoryContextSwitchTo(old);
	return rec;
}

/* Error: this element cannot go into this column. */
static void
pop_mismatch(PopCtx *c, const wc_fdb_elem *e, const PopColumn *col)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("element %s (%s) cannot be converted to column \"%s\" of type %s",
					pop_path(c), wc_fdb_type_name(e->type), col->name, format_type_be(col->typid))));
}

static void
pop_range(PopCtx *c, const wc_fdb_elem *e, const PopColumn *col)
{
	char		dec[WC_FDB_DECIMAL_MAX];

	wc_fdb_int_to_decimal(e, dec);
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("element %s (integer) is out of range for column \"%s\" of type %s",
					pop_path(c), col->name, format_type_be(col->typid)),
			 errdetail("Value: %s.", dec)));
}

static void
pop_read(PopCtx *c, wc_fdb_elem *e)
{
	wc_status	st = wc_fdb_read(&c->r, e);

	if (st != WC_OK)
	{
		wc_error	err;

		wc_fdb_error(&c->r, st, &err);
		wc_report(&err, "FoundationDB tuple");
	}
}

static Datum pop_value(PopCtx *c, const PopColumn *col, wc_fdb_elem *e, bool *isnull);

/* The elements of the nested tuple just opened, into rec's values and
 * nulls; the reader ends past its terminator (or at the end, at top
 * level). */
static void
pop_fill_values(PopCtx *c, PopRecord *rec, bool top)
{
	wc_fdb_elem	e;
	int			i;

	for (i = 0; i < rec->ncols; i++)
	{
		int			a = rec->attno[i];

		CHECK_FOR_INTERRUPTS();
		c->path[Min(c->depth, (int) lengthof(c->path) - 1)] = i;
		pop_read(c, &e);
		if (e.type == WC_FDB_END || e.type == WC_FDB_NESTED_END)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s has %d elements, the row type %s has %d columns",
							top ? "the tuple" : psprintf("nested tuple %s", pop_path(c)),
							i, format_type_be(rec->typid), rec->ncols),
					 errdetail("Column \"%s\" has no element.", rec->cols[i].name)));
		rec->values[a] = pop_value(c, &rec->cols[i], &e, &rec->nulls[a]);
	}
	pop_read(c, &e);
	if (e.type != (top ? WC_FDB_END : WC_FDB_NESTED_END))
	{
		c->path[Min(c->depth, (int) lengthof(c->path) - 1)] = rec->ncols;
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s has more elements than the %d columns of row type %s",
						top ? "the tuple" : "a nested tuple", rec->ncols, format_type_be(rec->typid)),
				 errdetail("Element %s (%s) has no column.", pop_path(c), wc_fdb_type_name(e.type))));
	}
}

/* The same, as a row value. */
static Datum
pop_fill_record(PopCtx *c, PopRecord *rec, bool top)
{
	pop_fill_values(c, rec, top);
	return HeapTupleGetDatum(heap_form_tuple(rec->desc, rec->values, rec->nulls));
}

/* The elements of the nested tuple just opened, as an array. */
static Datum
pop_fill_array(PopCtx *c, const PopColumn *col)
{
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
			cap *= 2;
			vals = repalloc(vals, sizeof(Datum) * cap);
			nulls = repalloc(nulls, sizeof(bool) * cap);
		}
		vals[n] = pop_value(c, col->elem, &e, &nulls[n]);
		n++;
	}
	if (n == 0)
		return PointerGetDatum(construct_empty_array(col->elem->typid));
	dims[0] = n;
	return PointerGetDatum(construct_md_array(vals, nulls, 1, dims, lbs, col->elem->typid,
											  col->elmlen, col->elmbyval, col->elmalign));
}

/* Element e (just read) as a value of col's type: one case per column type
 * the populate functions fill. */
static Datum
pop_value(PopCtx *c, const PopColumn *col, wc_fdb_elem *e, bool *isnull)
{
	*isnull = false;
	if (e->type == WC_FDB_NULL)
	{
		*isnull = true;
		return (Datum) 0;
	}
	if (e->type == WC_FDB_NESTED)
	{
		Datum		d;
		size_t		start = e->offset,
					target = c->r.depth - 1;

		if (col->kind == P_TUPLE)
		{
			wc_fdb_elem	t;

			while (c->r.depth > target)
				pop_read(c, &t);
			e->ptr = c->r.buf + start;
			e->len = c->r.pos - start;
			return PointerGetDatum(fdb_unnest_bytea(e));
		}
		if (col->kind != P_RECORD && col->kind != P_ARRAY)
			pop_mismatch(c, e, col);
		check_stack_depth();
		c->depth++;
		d = col->kind == P_RECORD ? pop_fill_record(c, col->rec, false) : pop_fill_array(c, col);
		c->depth--;
		return d;
	}
	switch (col->kind)
	{
		case P_INT2:
		case P_INT4:
		case P_INT8:
			if (e->type != WC_FDB_INT && e->type != WC_FDB_BIGINT)
				break;
			if (e->type == WC_FDB_BIGINT ||
				(col->kind == P_INT2 && (e->v.i < PG_INT16_MIN || e->v.i > PG_INT16_MAX)) ||
				(col->kind == P_INT4 && (e->v.i < PG_INT32_MIN || e->v.i > PG_INT32_MAX)))
				pop_range(c, e, col);
			return col->kind == P_INT2 ? Int16GetDatum((int16) e->v.i) :
				col->kind == P_INT4 ? Int32GetDatum((int32) e->v.i) : Int64GetDatum(e->v.i);
		case P_NUMERIC:
			if (e->type != WC_FDB_INT && e->type != WC_FDB_BIGINT)
				break;
			if (col->typmod >= 0)
				return DirectFunctionCall2(numeric, fdb_int_to_numeric(e), Int32GetDatum(col->typmod));
			return fdb_int_to_numeric(e);
		case P_TEXT:
		case P_NAME:
			if (e->type != WC_FDB_STRING)
				break;
			{
				text	   *t = fdb_string_to_text("fdb_tuple_populate_record", e, c->path[0]);

				if (col->kind == P_NAME)
					return DirectFunctionCall1(namein, CStringGetDatum(text_to_cstring(t)));
				if (col->typid == VARCHAROID && col->typmod >= 0)
					return DirectFunctionCall3(varchar, PointerGetDatum(t),
											   Int32GetDatum(col->typmod), BoolGetDatum(false));
				return PointerGetDatum(t);
			}
		case P_BYTEA:
			if (e->type != WC_FDB_BYTES && e->type != WC_FDB_STRING)
				break;
			return PointerGetDatum(fdb_payload_bytea(e));
		case P_FLOAT4:
			if (e->type != WC_FDB_FLOAT)
				break;
			{
				float4		f;

				memcpy(&f, &e->v.f32, 4);
				return Float4GetDatum(f);
			}
		case P_FLOAT8:
			if (e->type == WC_FDB_DOUBLE)
			{
				float8		f;

				memcpy(&f, &e->v.f64, 8);
				return Float8GetDatum(f);
			}
			if (e->type == WC_FDB_FLOAT)
			{
				/* widening is exact */
				float4		f;

				memcpy(&f, &e->v.f32, 4);
				return Float8GetDatum((float8) f);
			}
			break;
		case P_BOOL:
			if (e->type != WC_FDB_BOOL)
				break;
			return BoolGetDatum(e->v.b != 0);
		case P_UUID:
			if (e->type != WC_FDB_UUID)
				break;
			{
				pg_uuid_t  *u = palloc(sizeof(pg_uuid_t));

				memcpy(u->data, e->ptr, UUID_LEN);
				return UUIDPGetDatum(u);
			}
		case P_VERSIONSTAMP:
			if (e->type != WC_FDB_VERSIONSTAMP)
				break;
			{
				uint8_t    *v = palloc(12);

				memcpy(v, e->ptr, 12);
				return PointerGetDatum(v);
			}
		case P_TUPLE:
		case P_RECORD:
		case P_ARRAY:
			break;
	}
	pop_mismatch(c, e, col);
	return (Datum) 0;
}

/*
 * The usual row in one pass and one allocation: the elements of a flat
 * tuple read into rec->elems, then the row written in place as
 * heap_form_tuple lays it out (short varlena headers where they fit),
 * without a Datum, a palloc or a copy per column.  Returns 0 when the key
 * is anything else (an element that does not convert directly, a NUL in a
 * string, a nested tuple, a count that does not match, an invalid key):
 * the caller then reads it again with pop_fill_record, which converts it
 * or reports what is wrong and where.
 */
static Datum
pop_fill_fast(PopCtx *c, PopRecord *rec)
{
	wc_fdb_elem *el = rec->elems;
	TupleDesc	desc = rec->desc;
	int			natts = desc->natts,
				i;
	bool		hasnull = rec->ncols < natts,	/* dropped columns */
				hasvar = false;
	size_t		hoff,
				dlen = 0,
				len;
	HeapTupleHeader td;
	char	   *data;
	bits8	   *bits;
	wc_fdb_elem	end;

	for (i = 0; i < rec->ncols; i++)
	{
		wc_fdb_elem *e = &el[i];
		const PopColumn *col = &rec->cols[i];

		if (wc_fdb_read(&c->r, e) != WC_OK)
			return (Datum) 0;
		if (e->type == WC_FDB_NULL)
		{
			hasnull = true;
			continue;
		}
		switch (col->kind)
		{
			case P_INT2:
				if (e->type != WC_FDB_INT || e->v.i < PG_INT16_MIN || e->v.i > PG_INT16_MAX)
					return (Datum) 0;
				break;
			case P_INT4:
				if (e->type != WC_FDB_INT || e->v.i < PG_INT32_MIN || e->v.i > PG_INT32_MAX)
					return (Datum) 0;
				break;
			case P_INT8:
				if (e->type != WC_FDB_INT)
					return (Datum) 0;
				break;
			case P_FLOAT4:
				if (e->type != WC_FDB_FLOAT)
					return (Datum) 0;
				break;
			case P_FLOAT8:
				if (e->type != WC_FDB_DOUBLE && e->type != WC_FDB_FLOAT)
					return (Datum) 0;
				break;
			case P_BOOL:
				if (e->type != WC_FDB_BOOL)
					return (Datum) 0;
				break;
			case P_UUID:
				if (e->type != WC_FDB_UUID)
					return (Datum) 0;
				break;
			case P_TEXT:
				if (e->type != WC_FDB_STRING || e->escaped)
					return (Datum) 0;
				break;
			case P_BYTEA:
				if (e->type != WC_FDB_BYTES && e->type != WC_FDB_STRING)
					return (Datum) 0;
				break;
			case P_NUMERIC:
				if (e->type != WC_FDB_INT)
					return (Datum) 0;
				{
					/* the numeric's varlena payload stands in for the element's */
					Numeric		n = int64_to_numeric(e->v.i);

					e->ptr = (const uint8_t *) VARDATA(n);
					e->len = VARSIZE(n) - VARHDRSZ;
				}
				break;
			default:
				return (Datum) 0;
		}
		/* its size, as heap_compute_data_size counts it */
		if (col->attlen > 0)
			dlen = att_align_nominal(dlen, col->attalign) + col->attlen;
		else if (e->len + VARHDRSZ_SHORT <= VARATT_SHORT_MAX)
		{
			dlen += e->len + VARHDRSZ_SHORT;
			hasvar = true;
		}
		else
		{
			if (e->len > MaxAllocSize)
				return (Datum) 0;
			dlen = att_align_nominal(dlen, col->attalign) + e->len + VARHDRSZ;
			hasvar = true;
		}
	}
	if (wc_fdb_read(&c->r, &end) != WC_OK || end.type != WC_FDB_END)
		return (Datum) 0;

	hoff = offsetof(HeapTupleHeaderData, t_bits);
	if (hasnull)
		hoff += BITMAPLEN(natts);
	hoff = MAXALIGN(hoff);
	len = hoff + dlen;
	if (len > MaxAllocSize)
		return (Datum) 0;

	/* zeroed: the header's unused fields, the bitmap and alignment padding */
	td = (HeapTupleHeader) palloc0(len);
	ItemPointerSetInvalid(&td->t_ctid);
	HeapTupleHeaderSetNatts(td, natts);
	td->t_hoff = (uint8) hoff;
	td->t_infomask = (hasnull ? HEAP_HASNULL : 0) | (hasvar ? HEAP_HASVARWIDTH : 0);
	WC_SET_DATUM_HEADER(td, desc, len);
	bits = hasnull ? td->t_bits : NULL;
	data = (char *) td + hoff;
	dlen = 0;
	for (i = 0; i < rec->ncols; i++)
	{
		const wc_fdb_elem *e = &el[i];
		const PopColumn *col = &rec->cols[i];
		int			attno = rec->attno[i];
		char	   *p;

		if (e->type == WC_FDB_NULL)
			continue;
		if (bits)
			bits[attno >> 3] |= (bits8) (1 << (attno & 7));
		if (col->attlen == -1 && e->len + VARHDRSZ_SHORT <= VARATT_SHORT_MAX)
		{
			p = data + dlen;
			SET_VARSIZE_SHORT(p, e->len + VARHDRSZ_SHORT);
			p += VARHDRSZ_SHORT;
			dlen += e->len + VARHDRSZ_SHORT;
		}
		else
		{
			dlen = att_align_nominal(dlen, col->attalign);
			p = data + dlen;
			if (col->attlen == -1)
			{
				SET_VARSIZE(p, e->len + VARHDRSZ);
				p += VARHDRSZ;
				dlen += e->len + VARHDRSZ;
			}
			else
				dlen += col->attlen;
		}
		switch (col->kind)
		{
			case P_INT2:
				*(int16 *) p = (int16) e->v.i;
				break;
			case P_INT4:
				*(int32 *) p = (int32) e->v.i;
				break;
			case P_INT8:
				*(int64 *) p = e->v.i;
				break;
			case P_FLOAT4:
				memcpy(p, &e->v.f32, 4);
				break;
			case P_FLOAT8:
				if (e->type == WC_FDB_DOUBLE)
					memcpy(p, &e->v.f64, 8);
				else
				{
					float4		f;
					float8		d;

					memcpy(&f, &e->v.f32, 4);
					d = (float8) f;		/* widening is exact */
					memcpy(p, &d, 8);
				}
				break;
			case P_BOOL:
				*(bool *) p = e->v.b != 0;
				break;
			case P_UUID:
				memcpy(p, e->ptr, UUID_LEN);
				break;
			case P_TEXT:
			case P_NUMERIC:
				memcpy(p, e->ptr, e->len);
				break;
			case P_BYTEA:
				if (e->escaped)
					wc_fdb_unescape((uint8_t *) p, e);
				else
					memcpy(p, e->ptr, e->len);
				break;
			default:
				Assert(false);
		}
	}
	Assert(hoff + dlen == len);
	return PointerGetDatum(td);
}

/* Does every row type the cached plan was built from still have the
 * descriptor it had? */
static inline bool
pop_fresh(const PopCtx *c)
{
	for (int i = 0; i < c->nwatch; i++)
		if (c->watch[i].tce->tupDesc_identifier != c->watch[i].tupdesc_id)
			return false;
	return true;
}

/*
 * (Re)build the conversion plan of typid/typmod.  It is built in a context
 * of its own under the per-call one, so that an error part-way (an
 * unsupported column type) leaves the previous plan in place and nothing
 * allocated; on success the context moves under the call site's and the
 * previous plan is freed.
 */
static void
pop_build(PopCtx *c, Oid typid, int32 typmod, MemoryContext fn_mcxt)
{
	MemoryContext cxt = AllocSetContextCreate(CurrentMemoryContext,
											  "fdb_tuple_populate_record",
											  ALLOCSET_SMALL_SIZES);
	MemoryContext oldcxt = c->cxt;
	PopRecord  *oldtop = c->top;
	PopWatch   *oldwatch = c->watch;
	int			oldn = c->nwatch,
				oldcap = c->watchcap;
	PopRecord  *top;

	c->mcxt = cxt;
	c->watch = NULL;
	c->nwatch = c->watchcap = 0;
	PG_TRY();
	{
		top = pop_record_info(c, typid, typmod, 0);
	}
	PG_CATCH();
	{
		c->cxt = oldcxt;
		c->top = oldtop;
		c->watch = oldwatch;
		c->nwatch = oldn;
		c->watchcap = oldcap;
		PG_RE_THROW();
	}
	PG_END_TRY();
	MemoryContextSetParent(cxt, fn_mcxt);
	if (oldcxt)
		MemoryContextDelete(oldcxt);
	c->cxt = cxt;
	c->top = top;
}

/* What depends only on the call site, once (fn_extra). */
static PopCtx *
pop_ctx_new(FunctionCallInfo fcinfo)
{
	Oid			nsp = get_func_namespace(fcinfo->flinfo->fn_oid);
	PopCtx	   *c = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(PopCtx));

	c->tuple_oid = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
								   CStringGetDatum("fdb_tuple"), ObjectIdGetDatum(nsp));
	c->vs_oid = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
								CStringGetDatum("fdb_versionstamp"), ObjectIdGetDatum(nsp));
	fcinfo->flinfo->fn_extra = c;
	return c;
}

PG_FUNCTION_INFO_V1(fdb_tuple_populate_record);
Datum
fdb_tuple_populate_record(PG_FUNCTION_ARGS)
{
	PopCtx	   *c = (PopCtx *) fcinfo->flinfo->fn_extra;
	Oid			typid;
	int32		typmod = -1;
	bytea	   *t;

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
		/* a row value: its own type (an anonymous record's typmod too) */
		HeapTupleHeader h = PG_GETARG_HEAPTUPLEHEADER(0);

		typid = HeapTupleHeaderGetTypeId(h);
		typmod = HeapTupleHeaderGetTypMod(h);
	}
	/* the usual call: the plan is cached and its row types unchanged */
	if (c->top == NULL || c->top->typid != typid || c->top->typmod != typmod || !pop_fresh(c))
	{
		if (!OidIsValid(typid) || typid == RECORDOID || !c->arg_is_row)
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("the first argument must be of a row type, not %s",
							OidIsValid(typid) ? format_type_be(typid) : "unknown"),
					 errhint("Pass NULL::your_table or NULL::your_composite_type.")));
		pop_build(c, typid, typmod, fcinfo->flinfo->fn_mcxt);
	}
	t = PG_GETARG_BYTEA_PP(1);
	wc_fdb_reader_init(&c->r, (const uint8_t *) VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
	c->depth = 0;
	if (c->top->fast)
	{
		Datum		d = pop_fill_fast(c, c->top);

		if (d != (Datum) 0)
			PG_RETURN_DATUM(d);
		/* not the usual row: read it again, converting or reporting */
		wc_fdb_reader_init(&c->r, (const uint8_t *) VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
	}
	PG_RETURN_DATUM(pop_fill_record(c, c->top, true));
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
	PopCtx	   *c = (PopCtx *) fcinfo->flinfo->fn_extra;
	MemoryContext rowcxt,
				old;
	wc_table_load *load;
	ArrayIterator it;
	Datum		d;
	bool		isnull;
	int64		n;

	load = wc_table_load_begin(relid, "fdb_tuple_load", "fdb_tuple_populate_record(...)");
	if (c == NULL)
		c = pop_ctx_new(fcinfo);
	if (c->top == NULL || c->top->typid != wc_table_load_rowtype(load) || !pop_fresh(c))
		pop_build(c, wc_table_load_rowtype(load), -1, fcinfo->flinfo->fn_mcxt);
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
		wc_fdb_reader_init(&c->r, (const uint8_t *) VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
		c->depth = 0;
		pop_fill_values(c, c->top, true);
		wc_table_load_put(load, c->top->values, c->top->nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(rowcxt);
	}
	array_free_iterator(it);
	MemoryContextDelete(rowcxt);
	n = wc_table_load_end(load);
	PG_RETURN_INT64(n);
}
