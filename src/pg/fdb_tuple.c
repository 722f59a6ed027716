/*
 * fdb_tuple.c: SQL glue of the FoundationDB tuple layer.
 *
 * Packing walks the SQL arguments into a list of core events (no byte is
 * written here), asks the core for the exact size, allocates once and lets
 * the core write.  Each argument position's type is a row_target value
 * plan kept in fn_extra (its kinds set by fdb_resolve), checked on every
 * call against the named row types in it; a row value packs through the
 * plan's nested row plan, or through a plan of the value's own type (an
 * anonymous record).  Decoding reads the bytea in place
 * (PG_GETARG_BYTEA_PP) through the core's streaming reader.
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "nodes/primnodes.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/syscache.h"
#include "utils/typcache.h"
#include "utils/uuid.h"

#include "fdb_tuple.h"
#include "fdb_tuple_glue.h"
#include "row_target.h"

/* ======================================================================
 * Errors
 * ====================================================================== */

void
fdb_reader_error(const wc_fdb_reader *r, wc_status st)
{
	wc_error	err;

	wc_fdb_error(r, st, &err);
	wc_report(&err, "FoundationDB tuple");
}

size_t
fdb_validate_checked(const uint8_t *p, size_t len)
{
	wc_fdb_reader	r;
	size_t		count = 0;
	wc_status	st = wc_fdb_validate(p, len, &count, &r);

	if (st != WC_OK)
		fdb_reader_error(&r, st);
	return count;
}

/* ======================================================================
 * Packing
 * ====================================================================== */

/*
 * One argument position: the plan of its type (row_target's, one value:
 * atts[0], kind an fdb_kind), checked on every call against the named row
 * types in it.
 */
typedef struct fdb_arg
{
	row_type	t;
	Oid			typid;			/* as the call declares it */
	/* a constant top-level argument of a scalar kind is encoded once */
	bool		is_const;
	bool		raw_ready;
	uint8_t    *raw;
	size_t		rawlen;
} fdb_arg;

typedef struct fdb_events
{
	wc_fdb_elem   *ev;
	int			n;
	int			cap;
} fdb_events;

typedef struct fdb_pack_cache
{
	MemoryContext mcxt;
	Oid			tuple_oid;
	Oid			vs_oid;
	bool		variadic;		/* explicit VARIADIC array */
	int			nargs;
	int			encoding;		/* server encoding */
	fdb_events	events;			/* reused from call to call */
	fdb_arg		args[FLEXIBLE_ARRAY_MEMBER];
} fdb_pack_cache;

/* Our own types, found by name in the schema of the calling function. */
static void
find_own_types(fdb_pack_cache *c, Oid fn_oid)
{
	Oid			nsp = get_func_namespace(fn_oid);

	c->tuple_oid = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
								   CStringGetDatum("fdb_tuple"), ObjectIdGetDatum(nsp));
	c->vs_oid = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
								CStringGetDatum("fdb_versionstamp"), ObjectIdGetDatum(nsp));
}

/*
 * row_target's resolve callback: the fdb_kind of a (resolved) type.  A row
 * slot gets a plan of its own in a->extra for a value whose type is not
 * the slot's (an anonymous record, a record variable), built when seen.
 * A type without a tuple encoding is refused when a value of it comes
 * (a NULL of it packs as NULL).
 */
static void
fdb_resolve(rt_attr *a, int level, void *arg)
{
	static const struct
	{
		Oid			typid;
		fdb_kind	kind;
	}			kinds[] =
	{
		{UNKNOWNOID, FDB_K_UNKNOWN_LIT}, {TEXTOID, FDB_K_TEXT},
		{VARCHAROID, FDB_K_TEXT}, {BPCHAROID, FDB_K_BPCHAR}, {NAMEOID, FDB_K_NAME},
		{BYTEAOID, FDB_K_BYTEA}, {INT2OID, FDB_K_INT2}, {INT4OID, FDB_K_INT4},
		{INT8OID, FDB_K_INT8}, {NUMERICOID, FDB_K_NUMERIC}, {FLOAT4OID, FDB_K_FLOAT4},
		{FLOAT8OID, FDB_K_FLOAT8}, {BOOLOID, FDB_K_BOOL}, {UUIDOID, FDB_K_UUID},
		{JSONBOID, FDB_K_JSONB}
	};
	fdb_pack_cache *c = (fdb_pack_cache *) arg;

	for (int i = 0; i < (int) lengthof(kinds); i++)
		if (kinds[i].typid == a->base)
		{
			a->kind = kinds[i].kind;
			return;
		}
	if (OidIsValid(c->tuple_oid) && a->base == c->tuple_oid)
		a->kind = FDB_K_TUPLE;
	else if (OidIsValid(c->vs_oid) && a->base == c->vs_oid)
		a->kind = FDB_K_VERSIONSTAMP;
	else if (a->rec != NULL || a->base == RECORDOID)
	{
		row_type   *own = palloc0(sizeof(row_type));

		own->resolve = fdb_resolve;
		own->resolve_arg = c;
		a->extra = own;
		a->kind = FDB_K_RECORD;
	}
	else if (a->elem != NULL)
		a->kind = FDB_K_ARRAY;
	else
		a->kind = FDB_K_UNSUPPORTED;
}

/* (Re)plan argument i (when its plan is stale). */
static void
plan_arg(fdb_pack_cache *c, int i)
{
	fdb_arg	   *arg = &c->args[i];

	arg->t.resolve = fdb_resolve;
	arg->t.resolve_arg = c;
	(void) rt_value_type_of(&arg->t, arg->typid, -1, c->mcxt);
}

/*
 * Is argument i a literal (a Const node)?  Only then may its encoding be
 * kept in fn_extra.  get_fn_expr_arg_stable() is not enough: it also accepts
 * a PARAM_EXTERN Param, and PL/pgSQL variables are such Params whose value
 * changes from one evaluation to the next of the same expression state
 * (a loop reuses the simple-expression state, and fn_extra with it).
 */
static bool
arg_is_const(FmgrInfo *flinfo, int i)
{
	Node	   *expr = flinfo->fn_expr;
	List	   *args;

	if (expr == NULL || !IsA(expr, FuncExpr))
		return false;
	args = ((FuncExpr *) expr)->args;
	return i < list_length(args) && IsA(list_nth(args, i), Const);
}

static fdb_pack_cache *
pack_cache(FunctionCallInfo fcinfo)
{
	fdb_pack_cache *c = (fdb_pack_cache *) fcinfo->flinfo->fn_extra;
	int			i;

	if (c != NULL)
		return c;
	c = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt,
							   offsetof(fdb_pack_cache, args) + sizeof(fdb_arg) * Max(PG_NARGS(), 1));
	c->mcxt = fcinfo->flinfo->fn_mcxt;
	c->nargs = PG_NARGS();
	c->variadic = get_fn_expr_variadic(fcinfo->flinfo);
	c->encoding = GetDatabaseEncoding();
	find_own_types(c, fcinfo->flinfo->fn_oid);
	for (i = 0; i < c->nargs; i++)
	{
		Oid			t = get_fn_expr_argtype(fcinfo->flinfo, i);

		if (!OidIsValid(t))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("could not determine the type of argument %d of the tuple packer", i + 1)));
		c->args[i].typid = t;
		plan_arg(c, i);
		c->args[i].is_const = !c->variadic && arg_is_const(fcinfo->flinfo, i) &&
			c->args[i].t.atts[0].kind < FDB_K_JSONB;
	}
	c->events.cap = 16;
	c->events.ev = MemoryContextAlloc(c->mcxt, sizeof(wc_fdb_elem) * c->events.cap);
	fcinfo->flinfo->fn_extra = c;
	return c;
}

/* Double the event array (it lives in fn_mcxt and is reused). */
static void
grow_events(fdb_events *ev)
{
	if (ev->cap >= (int) (MaxAllocSize / sizeof(wc_fdb_elem) / 2))
		wc_report_too_large("tuple", (size_t) ev->cap + 1, "elements", (size_t) ev->cap);
	ev->cap *= 2;
	ev->ev = repalloc(ev->ev, sizeof(wc_fdb_elem) * ev->cap);
}

/* Append one event. */
static inline wc_fdb_elem *
push_event(fdb_pack_cache *c, wc_fdb_type type)
{
	fdb_events *ev = &c->events;
	wc_fdb_elem   *e;

	if (unlikely(ev->n >= ev->cap))
		grow_events(ev);
	e = &ev->ev[ev->n++];
	e->type = type;
	e->escaped = 0;
	e->neg = 0;
	e->compl = 0;
	return e;
}

typedef struct pack_ctx
{
	fdb_pack_cache *c;
	const char *fname;
	int			argpos;			/* 1-based argument position, for messages */
} pack_ctx;

/*
 * A string in the server encoding, as UTF-8 bytes.  The result needs no
 * UTF-8 check of ours: a conversion yields valid UTF-8, and from SQL_ASCII
 * (no conversion possible) pg_server_to_any() verifies the bytes as UTF-8
 * itself (22021 on failure).
 */
static void
push_text(pack_ctx *x, const char *p, size_t len)
{
	wc_fdb_elem   *e;

	if (x->c->encoding != PG_UTF8)
	{
		char	   *u = pg_server_to_any(p, (int) len, PG_UTF8);

		if (u != p)
			len = strlen(u);
		p = u;
	}
	e = push_event(x->c, WC_FDB_STRING);
	e->ptr = (const uint8_t *) p;
	e->len = len;
}

/*
 * An integral numeric as a big integer event.  Returns false (pushing
 * nothing) when the value is NaN, infinite or has a fractional part.
 */
static bool
push_numeric(pack_ctx *x, Numeric num)
{
	rt_numeric_digits nd;
	char	   *s;
	int			intlen;
	uint8_t    *mag;
	size_t		maglen;
	int			neg;
	wc_status	st;
	wc_fdb_elem   *e;

	if (!rt_numeric_digits_of(NumericGetDatum(num), &nd))
		return false;
	/* integral: the digits after the point are zeros (or the value is 0) */
	intlen = nd.ndigits - nd.scale;
	if (intlen <= 0)
	{
		if (strcmp(nd.digits, "0") != 0)
			return false;
		intlen = 1;
	}
	else if ((int) strspn(nd.digits + intlen, "0") != nd.scale)
		return false;
	s = nd.digits;
	if (nd.negative)
		s = psprintf("-%.*s", intlen, nd.digits);
	mag = palloc(WC_FDB_MAX_INT_BYTES + 8);
	st = wc_fdb_decimal_to_mag(s, (size_t) intlen + nd.negative, mag, &maglen, &neg);
	if (st == WC_ERR_RANGE)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("argument %d is out of range for a tuple integer", x->argpos),
				 errdetail("Tuple integers hold at most 255 bytes of magnitude: -(2^2040-1) to 2^2040-1.")));
	if (st != WC_OK)
		elog(ERROR, "unexpected numeric digits: \"%s\"", nd.digits);
	e = push_event(x->c, WC_FDB_BIGINT);
	e->ptr = mag;
	e->len = maglen;
	e->neg = (uint8_t) neg;
	return true;
}

static void push_value(pack_ctx *x, const rt_attr *a, Datum d, bool isnull);

/* Elements of a one-dimensional array, in order. */
static void
push_array_elements(pack_ctx *x, const rt_attr *a, Datum d)
{
	ArrayType  *arr = DatumGetArrayTypeP(d);
	ArrayIterator it;
	Datum		v;
	bool		isnull;

	if (ARR_NDIM(arr) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("argument %d is a multidimensional array", x->argpos),
				 errdetail("Only one-dimensional arrays pack as nested tuples.")));
	it = array_create_iterator(arr, 0, NULL);
	while (array_iterate(it, &v, &isnull))
	{
		CHECK_FOR_INTERRUPTS();
		push_value(x, a->elem, v, isnull);
	}
	array_free_iterator(it);
}

/*
 * The fields of a composite value, as a nested tuple, through the slot's
 * row plan (checked with the argument's) when the value is of the slot's
 * row type, else through the slot's own plan of the value's type (an
 * anonymous record: one per typmod seen last).
 */
static void
push_record(pack_ctx *x, const rt_attr *a, Datum d)
{
	HeapTupleHeader th = DatumGetHeapTupleHeader(d);
	Oid			typ = HeapTupleHeaderGetTypeId(th);
	rt_row	   *r = a->rec;
	HeapTupleData tmp;

	if (r == NULL || r->typid != typ)
	{
		row_type   *own = (row_type *) a->extra;

		(void) rt_record_type_of(own, typ, HeapTupleHeaderGetTypMod(th), a->mcxt);
		r = own->top;
	}
	tmp.t_len = HeapTupleHeaderGetDatumLength(th);
	ItemPointerSetInvalid(&tmp.t_self);
	tmp.t_tableOid = InvalidOid;
	tmp.t_data = th;
	heap_deform_tuple(&tmp, r->tupdesc, r->values, r->nulls);
	push_event(x->c, WC_FDB_NESTED);
	for (int c = 0; c < r->nlive; c++)
	{
		int			i = r->live[c];

		push_value(x, &r->atts[i], r->values[i], r->nulls[i]);
	}
	push_event(x->c, WC_FDB_NESTED_END);
}

/* A jsonb value: arrays nest, scalars map naturally, objects are errors. */
static void
push_jsonb(pack_ctx *x, Jsonb *jb)
{
	JsonbIterator *it = JsonbIteratorInit(&jb->root);
	JsonbValue	v;
	JsonbIteratorToken tok;
	bool		raw_scalar = JB_ROOT_IS_SCALAR(jb);

	while ((tok = JsonbIteratorNext(&it, &v, false)) != WJB_DONE)
	{
		switch (tok)
		{
			case WJB_BEGIN_ARRAY:
				if (!raw_scalar)
					push_event(x->c, WC_FDB_NESTED);
				break;
			case WJB_END_ARRAY:
				if (!raw_scalar)
					push_event(x->c, WC_FDB_NESTED_END);
				break;
			case WJB_BEGIN_OBJECT:
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("argument %d holds a jsonb object", x->argpos),
						 errdetail("Tuples have no key-value type; pass an array or a scalar.")));
				break;
			case WJB_ELEM:
			case WJB_VALUE:
				switch (v.type)
				{
					case jbvNull:
						push_event(x->c, WC_FDB_NULL);
						break;
					case jbvString:
						push_text(x, v.val.string.val, (size_t) v.val.string.len);
						break;
					case jbvBool:
						push_event(x->c, WC_FDB_BOOL)->v.b = v.val.boolean;
						break;
					case jbvNumeric:
						if (!push_numeric(x, v.val.numeric))
						{
							float8		f = DatumGetFloat8(DirectFunctionCall1(numeric_float8,
																			   NumericGetDatum(v.val.numeric)));

							memcpy(&push_event(x->c, WC_FDB_DOUBLE)->v.f64, &f, 8);
						}
						break;
					default:
						elog(ERROR, "unexpected jsonb value type %d", (int) v.type);
				}
				break;
			default:
				break;
		}
	}
}

/* One SQL value as one element: one case per SQL type the packer takes. */
static void
push_value(pack_ctx *x, const rt_attr *a, Datum d, bool isnull)
{
	wc_fdb_elem   *e;

	if (isnull)
	{
		push_event(x->c, WC_FDB_NULL);
		return;
	}
	switch ((fdb_kind) a->kind)
	{
		case FDB_K_UNKNOWN_LIT:
			{
				const char *s = DatumGetCString(d);

				push_text(x, s, strlen(s));
				break;
			}
		case FDB_K_TEXT:
			{
				text	   *t = DatumGetTextPP(d);

				push_text(x, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
				break;
			}
		case FDB_K_BPCHAR:
			{
				/* trailing blanks are insignificant, as in a cast to text */
				text	   *t = DatumGetTextPP(d);
				const char *p = VARDATA_ANY(t);
				size_t		len = VARSIZE_ANY_EXHDR(t);

				while (len > 0 && p[len - 1] == ' ')
					len--;
				push_text(x, p, len);
				break;
			}
		case FDB_K_NAME:
			{
				const char *s = NameStr(*DatumGetName(d));

				push_text(x, s, strlen(s));
				break;
			}
		case FDB_K_BYTEA:
			{
				bytea	   *b = DatumGetByteaPP(d);

				e = push_event(x->c, WC_FDB_BYTES);
				e->ptr = (const uint8_t *) VARDATA_ANY(b);
				e->len = VARSIZE_ANY_EXHDR(b);
				break;
			}
		case FDB_K_INT2:
			push_event(x->c, WC_FDB_INT)->v.i = DatumGetInt16(d);
			break;
		case FDB_K_INT4:
			push_event(x->c, WC_FDB_INT)->v.i = DatumGetInt32(d);
			break;
		case FDB_K_INT8:
			push_event(x->c, WC_FDB_INT)->v.i = DatumGetInt64(d);
			break;
		case FDB_K_NUMERIC:
			if (!push_numeric(x, DatumGetNumeric(d)))
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("argument %d is a numeric that is not an integer", x->argpos),
						 errdetail("Value: %s.  Tuples hold integers; pack a fraction as float8.",
								   DatumGetCString(DirectFunctionCall1(numeric_out, d)))));
			break;
		case FDB_K_FLOAT4:
			{
				float4		f = DatumGetFloat4(d);

				memcpy(&push_event(x->c, WC_FDB_FLOAT)->v.f32, &f, 4);
				break;
			}
		case FDB_K_FLOAT8:
			{
				float8		f = DatumGetFloat8(d);

				memcpy(&push_event(x->c, WC_FDB_DOUBLE)->v.f64, &f, 8);
				break;
			}
		case FDB_K_BOOL:
			push_event(x->c, WC_FDB_BOOL)->v.b = DatumGetBool(d);
			break;
		case FDB_K_UUID:
			push_event(x->c, WC_FDB_UUID)->ptr = DatumGetUUIDP(d)->data;
			break;
		case FDB_K_VERSIONSTAMP:
			push_event(x->c, WC_FDB_VERSIONSTAMP)->ptr = (const uint8_t *) DatumGetPointer(d);
			break;
		case FDB_K_TUPLE:
			{
				bytea	   *b = DatumGetByteaPP(d);

				e = push_event(x->c, WC_FDB_PACKED);
				e->ptr = (const uint8_t *) VARDATA_ANY(b);
				e->len = VARSIZE_ANY_EXHDR(b);
				break;
			}
		case FDB_K_JSONB:
			push_jsonb(x, DatumGetJsonbP(d));
			break;
		case FDB_K_ARRAY:
			check_stack_depth();
			push_event(x->c, WC_FDB_NESTED);
			push_array_elements(x, a, d);
			push_event(x->c, WC_FDB_NESTED_END);
			break;
		case FDB_K_RECORD:
			check_stack_depth();
			push_record(x, a, d);
			break;
		case FDB_K_UNSUPPORTED:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("argument %d has type %s, which has no tuple encoding",
							x->argpos, format_type_be(a->typid)),
					 errhint("Cast it to text, bytea, an integer, float4/float8, numeric, bool, uuid, jsonb, an array or a row.")));
	}
}

/*
 * Keep the encoding of a constant scalar argument (the event just pushed)
 * for the following calls: key prefixes are usually literals.
 */
static void
encode_const_arg(fdb_pack_cache *c, fdb_arg *ti)
{
	const wc_fdb_elem *e = &c->events.ev[c->events.n - 1];
	size_t		size;

	if (wc_fdb_elem_size(e, 0, &size) != WC_OK)
		return;
	ti->raw = MemoryContextAlloc(c->mcxt, Max(size, 1));
	ti->rawlen = (size_t) (wc_fdb_put_elem(ti->raw, e, 0) - ti->raw);
	ti->raw_ready = true;
}

/* Pack the arguments; with_vs: pack_with_versionstamp (4-byte offset).
 * NULL for an explicit VARIADIC NULL array. */
static bytea *
pack_args(FunctionCallInfo fcinfo, const char *fname, bool with_vs)
{
	fdb_pack_cache *c = (fdb_pack_cache *) fcinfo->flinfo->fn_extra;
	pack_ctx	x;
	size_t		size,
				ninc,
				erri;
	wc_status	st;
	bytea	   *result;
	size_t		extra = with_vs ? 4 : 0;
	int			i;

	if (unlikely(c == NULL))
		c = pack_cache(fcinfo);
	if (c->variadic && PG_ARGISNULL(0))
		return NULL;			/* VARIADIC NULL::type[] */
	c->events.n = 0;
	x.c = c;
	x.fname = fname;
	if (c->variadic)
	{
		/* VARIADIC array: its elements are the top-level elements */
		ArrayType  *arr = PG_GETARG_ARRAYTYPE_P(0);
		ArrayIterator it;
		Datum		v;
		bool		isnull;

		if (unlikely(row_type_stale(&c->args[0].t)))
			plan_arg(c, 0);
		if (c->args[0].t.atts[0].kind != FDB_K_ARRAY)
			elog(ERROR, "VARIADIC argument is not an array");
		it = array_create_iterator(arr, 0, NULL);
		x.argpos = 1;
		while (array_iterate(it, &v, &isnull))
		{
			CHECK_FOR_INTERRUPTS();
			push_value(&x, c->args[0].t.atts[0].elem, v, isnull);
			x.argpos++;
		}
		array_free_iterator(it);
	}
	else
	{
		for (i = 0; i < c->nargs; i++)
		{
			fdb_arg	   *ti = &c->args[i];

			if (ti->raw_ready)
			{
				wc_fdb_elem   *e = push_event(c, WC_FDB_RAW);

				e->ptr = ti->raw;
				e->len = ti->rawlen;
				continue;
			}
			if (unlikely(row_type_stale(&ti->t)))
				plan_arg(c, i);
			x.argpos = i + 1;
			push_value(&x, &ti->t.atts[0], PG_GETARG_DATUM(i), PG_ARGISNULL(i));
			if (ti->is_const)
				encode_const_arg(c, ti);
		}
	}

	st = wc_fdb_events_size(c->events.ev, (size_t) c->events.n, &size, &ninc, &erri);
	if (st == WC_ERR_RANGE)	/* push_numeric() checked the magnitude */
		elog(ERROR, "%s: an integer of more than %d bytes reached the encoder",
			 fname, WC_FDB_MAX_INT_BYTES);
	if (st != WC_OK)
	{
		/* a malformed fdb_tuple argument (its input functions validate) */
		wc_fdb_reader	r;
		const wc_fdb_elem *bad = &c->events.ev[erri];

		wc_fdb_validate(bad->ptr, bad->len, NULL, &r);
		fdb_reader_error(&r, st);
	}
	if (!with_vs && ninc > 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the tuple holds an incomplete versionstamp"),
				 errhint("Use fdb_tuple_pack_versionstamp() for a key of SET_VERSIONSTAMPED_KEY.")));
	if (with_vs && ninc != 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the tuple holds %zu incomplete versionstamps, it needs exactly one",
						ninc)));
	result = (bytea *) wc_alloc_varlena(size + extra, "packed tuple");
	if (with_vs)
	{
		/* the offset is found while writing, not by decoding the result */
		size_t		vs_off;

		wc_fdb_events_write_vs((uint8_t *) VARDATA(result), c->events.ev, (size_t) c->events.n, &vs_off);
		if (vs_off == WC_FDB_NO_VS_OFFSET)
			elog(ERROR, "%s: the incomplete versionstamp was not written", fname);
		if (wc_fdb_store_vs_offset((uint8_t *) VARDATA(result) + size, vs_off, 4) != WC_OK)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("versionstamp offset %zu does not fit in 4 bytes", vs_off)));
	}
	else
		wc_fdb_events_write((uint8_t *) VARDATA(result), c->events.ev, (size_t) c->events.n);
	return result;
}

PG_FUNCTION_INFO_V1(fdb_tuple_pack);
Datum
fdb_tuple_pack(PG_FUNCTION_ARGS)
{
	bytea	   *result = pack_args(fcinfo, "fdb_tuple_pack", false);

	if (result == NULL)
		PG_RETURN_NULL();
	PG_RETURN_BYTEA_P(result);
}

/* fdb_tuple_pack(): the empty tuple (VARIADIC "any" needs an argument). */
PG_FUNCTION_INFO_V1(fdb_tuple_pack_empty);
Datum
fdb_tuple_pack_empty(PG_FUNCTION_ARGS)
{
	bytea	   *result = (bytea *) palloc(VARHDRSZ);

	SET_VARSIZE(result, VARHDRSZ);
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(fdb_tuple_pack_versionstamp);
Datum
fdb_tuple_pack_versionstamp(PG_FUNCTION_ARGS)
{
	bytea	   *result = pack_args(fcinfo, "fdb_tuple_pack_versionstamp", true);

	if (result == NULL)
		PG_RETURN_NULL();
	PG_RETURN_BYTEA_P(result);
}

/*
 * fdb_tuple_with_versionstamp_offset(tuple, api_version): a packed tuple
 * holding exactly one incomplete versionstamp, with the offset of its
 * transaction version appended (4 bytes little-endian; 2 bytes for API
 * versions below 520), ready for SET_VERSIONSTAMPED_KEY.
 */
PG_FUNCTION_INFO_V1(fdb_tuple_with_versionstamp_offset);
Datum
fdb_tuple_with_versionstamp_offset(PG_FUNCTION_ARGS)
{
	bytea	   *t = PG_GETARG_BYTEA_PP(0);
	int32		api = PG_GETARG_INT32(1);
	size_t		len = VARSIZE_ANY_EXHDR(t);
	int			offbytes = api < 520 ? 2 : 4;
	bytea	   *result;
	wc_fdb_reader	r;
	wc_status	st;

	result = (bytea *) wc_alloc_varlena(len + (size_t) offbytes, "key with its versionstamp offset");
	memcpy(VARDATA(result), VARDATA_ANY(t), len);
	st = wc_fdb_append_vs_offset((uint8_t *) VARDATA(result), len, offbytes, &r);
	if (st == WC_FDB_VS_COUNT)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the tuple holds %zu incomplete versionstamps, it needs exactly one",
						r.n_incomplete)));
	if (st == WC_ERR_RANGE)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("versionstamp offset %zu does not fit in %d bytes",
						r.incomplete_off, offbytes)));
	if (st != WC_OK)
		fdb_reader_error(&r, st);
	PG_RETURN_BYTEA_P(result);
}
