/*
 * fdb_tuple_read.c: SQL glue that reads packed FoundationDB tuples: the
 * fdb_tuple type's I/O, getters, fdb_tuple_elements, fdb_tuple_to_jsonb,
 * key ranges and validation, and the element conversions these share with
 * fdb_tuple_populate.c.  Inputs are read in place (PG_GETARG_BYTEA_PP);
 * getters skip earlier elements without converting them.
 */
#include "compat.h"

#include <math.h>

#include "access/htup_details.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/jsonb.h"
#include "utils/numeric.h"
#include "utils/sortsupport.h"
#include "utils/uuid.h"
#include "utils/varlena.h"

#include "fdb_tuple.h"
#include "fdb_tuple_glue.h"
#include "srf.h"
#include "bytea_in.h"
#include "bytea_text.h"

#define ARG_BYTES(n, p, len) \
	bytea	   *arg_##n = PG_GETARG_BYTEA_PP(n); \
	const uint8_t *p = (const uint8_t *) VARDATA_ANY(arg_##n); \
	size_t		len = VARSIZE_ANY_EXHDR(arg_##n)

/* Allocate a bytea of len data bytes (header set). */
bytea *
fdb_new_bytea(size_t len)
{
	return (bytea *) wc_alloc_varlena(len, "result");
}

/* Text form of a packed tuple, validated in the same walk (22P03 naming
 * what for a tuple that does not decode). */
static char *
tuple_text(const char *what, const uint8_t *p, size_t len)
{
	size_t		bound = wc_fdb_text_bound(p, len),
				n;
	char	   *out;
	wc_fdb_reader	r;
	wc_status	st;

	if (bound > MaxAllocSize)
		wc_report_too_large("text form of a FoundationDB tuple", bound, "bytes", MaxAllocSize);
	out = palloc(bound);
	st = wc_fdb_text_write_checked(p, len, out, GetDatabaseEncoding() != PG_UTF8, &n, &r);
	if (st != WC_OK)
		fdb_reader_error(&r, st);
	return out;
}

/* A decoded string element (0-based index idx) as text in the server
 * encoding; messages count elements from 1. */
text *
fdb_string_to_text(const char *fname, const wc_fdb_elem *e, int64 idx)
{
	char	   *s;

	if (e->escaped)
		ereport(ERROR,
				(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
				 errmsg("string element %lld contains U+0000, which text cannot hold",
						(long long) idx + 1),
				 errhint("Read it with fdb_tuple_get_bytea() to get its UTF-8 bytes.")));
	if (GetDatabaseEncoding() == PG_UTF8)
		return cstring_to_text_with_len((const char *) e->ptr, (int) e->len);
	s = pg_any_to_server((const char *) e->ptr, (int) e->len, PG_UTF8);
	if (s == (const char *) e->ptr)
		return cstring_to_text_with_len(s, (int) e->len);
	return cstring_to_text(s);
}

/* An integer element as numeric. */
Datum
fdb_int_to_numeric(const wc_fdb_elem *e)
{
	char		dec[WC_FDB_DECIMAL_MAX];

	if (e->type == WC_FDB_INT)
		return NumericGetDatum(int64_to_numeric(e->v.i));
	wc_fdb_int_to_decimal(e, dec);
	return DirectFunctionCall3(numeric_in, CStringGetDatum(dec),
							   ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1));
}

/* The nested tuple element e as a packed tuple (bytea). */
bytea *
fdb_unnest_bytea(const wc_fdb_elem *e)
{
	bytea	   *b = fdb_new_bytea(wc_fdb_unnest_size(e));

	wc_fdb_unnest_write((uint8_t *) VARDATA(b), e);
	return b;
}

/* The bytes or string element e, unescaped, as bytea. */
bytea *
fdb_payload_bytea(const wc_fdb_elem *e)
{
	bytea	   *b = fdb_new_bytea(e->len);

	wc_fdb_unescape((uint8_t *) VARDATA(b), e);
	return b;
}

/* ======================================================================
 * The fdb_tuple type
 * ====================================================================== */

/*
 * fdb_tuple's hex input: bytea's hex form "\x...", the usual export of a
 * binary key column, validated as a packed tuple with the cast's errors.
 */
static Datum
fdb_tuple_in_hex(const char *s, size_t n, Node *escontext)
{
	size_t		count = 0;
	bytea	   *b = wc_bytea_in(s, n, "fdb_tuple", escontext);
	wc_fdb_reader	r;
	wc_status	st;

	if (b == NULL)
		return (Datum) 0;
	st = wc_fdb_validate((const uint8_t *) VARDATA(b), VARSIZE(b) - VARHDRSZ, &count, &r);
	if (st != WC_OK)
	{
		wc_error	err;

		wc_fdb_error(&r, st, &err);
		wc_report_save(&err, "FoundationDB tuple", escontext);
		return (Datum) 0;
	}
	return PointerGetDatum(b);
}

PG_FUNCTION_INFO_V1(fdb_tuple_in);
Datum
fdb_tuple_in(PG_FUNCTION_ARGS)
{
	char	   *s = PG_GETARG_CSTRING(0);
	const char *u = s;
	size_t		n = strlen(s),
				outlen = 0;
	wc_error	err;
	bytea	   *b;

	if (wc_bytea_text_is_hex(s, n))
		return fdb_tuple_in_hex(s, n, fcinfo->context);
	if (GetDatabaseEncoding() != PG_UTF8)
	{
		u = pg_server_to_any(s, (int) n, PG_UTF8);
		n = strlen(u);
	}
	/* short input (every key in practice): parse once into a buffer of the
	 * bound; long input: size first, so as not to allocate 3x its length */
	b = n <= WC_FDB_TEXT_ONE_PASS_MAX ? fdb_new_bytea(wc_fdb_text_parse_bound(n)) : NULL;
	if (wc_fdb_text_parse(u, n, b ? (uint8_t *) VARDATA(b) : NULL, &outlen, &err) != WC_OK)
	{
		wc_report_input(&err, "fdb_tuple", s, fcinfo->context);
		PG_RETURN_DATUM((Datum) 0);
	}
	if (b != NULL)
		SET_VARSIZE(b, VARHDRSZ + outlen);
	else
	{
		b = fdb_new_bytea(outlen);
		wc_fdb_text_parse(u, n, (uint8_t *) VARDATA(b), &outlen, &err);
	}
	PG_RETURN_BYTEA_P(b);
}

PG_FUNCTION_INFO_V1(fdb_tuple_out);
Datum
fdb_tuple_out(PG_FUNCTION_ARGS)
{
	ARG_BYTES(0, p, len);

	PG_RETURN_CSTRING(tuple_text("fdb_tuple_out", p, len));
}

PG_FUNCTION_INFO_V1(fdb_tuple_recv);
Datum
fdb_tuple_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	size_t		n = (size_t) (buf->len - buf->cursor);
	bytea	   *b = fdb_new_bytea(n);

	pq_copymsgbytes(buf, VARDATA(b), (int) n);
	fdb_validate_checked((const uint8_t *) VARDATA(b), n);
	PG_RETURN_BYTEA_P(b);
}

/* Cast bytea -> fdb_tuple: validates, keeps the bytes. */
PG_FUNCTION_INFO_V1(fdb_tuple_from_bytea);
Datum
fdb_tuple_from_bytea(PG_FUNCTION_ARGS)
{
	ARG_BYTES(0, p, len);

	fdb_validate_checked(p, len);
	PG_RETURN_BYTEA_P(arg_0);
}

/*
 * btree sort support: bytewise order is bytea's in the C collation, so
 * PostgreSQL's own varlena sort support applies, abbreviated keys included.
 */
PG_FUNCTION_INFO_V1(fdb_tuple_sortsupport);
Datum
fdb_tuple_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);
	MemoryContext old = MemoryContextSwitchTo(ssup->ssup_cxt);

	varstr_sortsupport(ssup, BYTEAOID, C_COLLATION_OID);
	MemoryContextSwitchTo(old);
	PG_RETURN_VOID();
}

PG_FUNCTION_INFO_V1(fdb_tuple_is_valid);
Datum
fdb_tuple_is_valid(PG_FUNCTION_ARGS)
{
	ARG_BYTES(0, p, len);

	PG_RETURN_BOOL(wc_fdb_validate(p, len, NULL, NULL) == WC_OK);
}

PG_FUNCTION_INFO_V1(fdb_tuple_length);
Datum
fdb_tuple_length(PG_FUNCTION_ARGS)
{
	ARG_BYTES(0, p, len);

	PG_RETURN_INT32((int32) fdb_validate_checked(p, len));
}

/* ======================================================================
 * Getters
 * ====================================================================== */

/* Find element idx (argument 1) of the tuple in argument 0. */
static void
get_element(FunctionCallInfo fcinfo, const char *fname, wc_fdb_elem *e)
{
	ARG_BYTES(0, p, len);
	int32		idx = PG_GETARG_INT32(1);
	wc_fdb_reader	r;
	int			found;
	wc_status	st = wc_fdb_get(p, len, idx, e, &found, &r);

	if (st != WC_OK)
		fdb_reader_error(&r, st);
	if (!found)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("index %d is out of range for a tuple of %zu elements",
						idx, fdb_validate_checked(p, len))));
}

/* Error: element idx (0-based; messages count from 1) is not of the wanted type. */
static void
wrong_type(FunctionCallInfo fcinfo, const char *fname, const wc_fdb_elem *e, const char *want)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("element %lld is of type %s, not %s",
					(long long) PG_GETARG_INT32(1) + 1, wc_fdb_type_name(e->type), want),
			 errdetail("At index %d (indexes count from 0, elements from 1).", PG_GETARG_INT32(1))));
}

/* Declare a getter: finds the element, NULL for a null, checks the type. */
#define GETTER_START(fname, cond, want) \
	wc_fdb_elem	e; \
	get_element(fcinfo, fname, &e); \
	if (e.type == WC_FDB_NULL) \
		PG_RETURN_NULL(); \
	if (!(cond)) \
		wrong_type(fcinfo, fname, &e, want)

PG_FUNCTION_INFO_V1(fdb_tuple_element_type);
Datum
fdb_tuple_element_type(PG_FUNCTION_ARGS)
{
	wc_fdb_elem	e;

	get_element(fcinfo, "fdb_tuple_element_type", &e);
	PG_RETURN_TEXT_P(cstring_to_text(wc_fdb_type_name(e.type)));
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_text);
Datum
fdb_tuple_get_text(PG_FUNCTION_ARGS)
{
	GETTER_START("fdb_tuple_get_text", e.type == WC_FDB_STRING, "string");
	PG_RETURN_TEXT_P(fdb_string_to_text("fdb_tuple_get_text", &e, PG_GETARG_INT32(1)));
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_bytea);
Datum
fdb_tuple_get_bytea(PG_FUNCTION_ARGS)
{
	GETTER_START("fdb_tuple_get_bytea", e.type == WC_FDB_BYTES || e.type == WC_FDB_STRING,
				 "bytes or string");
	PG_RETURN_BYTEA_P(fdb_payload_bytea(&e));
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_int8);
Datum
fdb_tuple_get_int8(PG_FUNCTION_ARGS)
{
	GETTER_START("fdb_tuple_get_int8", e.type == WC_FDB_INT || e.type == WC_FDB_BIGINT, "integer");
	if (e.type == WC_FDB_BIGINT)
	{
		char		dec[WC_FDB_DECIMAL_MAX];

		wc_fdb_int_to_decimal(&e, dec);
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("element %lld is out of range for type bigint",
						(long long) PG_GETARG_INT32(1) + 1),
				 errdetail("At index %d (indexes count from 0, elements from 1): the value is %s.",
						   PG_GETARG_INT32(1), dec),
				 errhint("Use fdb_tuple_get_numeric().")));
	}
	PG_RETURN_INT64(e.v.i);
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_numeric);
Datum
fdb_tuple_get_numeric(PG_FUNCTION_ARGS)
{
	GETTER_START("fdb_tuple_get_numeric", e.type == WC_FDB_INT || e.type == WC_FDB_BIGINT, "integer");
	PG_RETURN_DATUM(fdb_int_to_numeric(&e));
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_float4);
Datum
fdb_tuple_get_float4(PG_FUNCTION_ARGS)
{
	float4		f;

	GETTER_START("fdb_tuple_get_float4", e.type == WC_FDB_FLOAT, "float");
	memcpy(&f, &e.v.f32, 4);
	PG_RETURN_FLOAT4(f);
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_float8);
Datum
fdb_tuple_get_float8(PG_FUNCTION_ARGS)
{
	float8		f;

	GETTER_START("fdb_tuple_get_float8", e.type == WC_FDB_DOUBLE, "double");
	memcpy(&f, &e.v.f64, 8);
	PG_RETURN_FLOAT8(f);
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_bool);
Datum
fdb_tuple_get_bool(PG_FUNCTION_ARGS)
{
	GETTER_START("fdb_tuple_get_bool", e.type == WC_FDB_BOOL, "boolean");
	PG_RETURN_BOOL(e.v.b != 0);
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_uuid);
Datum
fdb_tuple_get_uuid(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u;

	GETTER_START("fdb_tuple_get_uuid", e.type == WC_FDB_UUID, "uuid");
	u = palloc(sizeof(pg_uuid_t));
	memcpy(u->data, e.ptr, UUID_LEN);
	PG_RETURN_UUID_P(u);
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_versionstamp);
Datum
fdb_tuple_get_versionstamp(PG_FUNCTION_ARGS)
{
	uint8_t    *v;

	GETTER_START("fdb_tuple_get_versionstamp", e.type == WC_FDB_VERSIONSTAMP, "versionstamp");
	v = palloc(12);
	memcpy(v, e.ptr, 12);
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(fdb_tuple_get_tuple);
Datum
fdb_tuple_get_tuple(PG_FUNCTION_ARGS)
{
	GETTER_START("fdb_tuple_get_tuple", e.type == WC_FDB_NESTED, "tuple");
	PG_RETURN_BYTEA_P(fdb_unnest_bytea(&e));
}

/* ======================================================================
 * Whole-tuple readers
 * ====================================================================== */

/* Text of one element for fdb_tuple_elements(); NULL for a null. */
static text *
element_text(const wc_fdb_elem *e, int64 idx)
{
	char		buf[64];

	switch (e->type)
	{
		case WC_FDB_NULL:
			return NULL;
		case WC_FDB_STRING:
			return fdb_string_to_text("fdb_tuple_elements", e, idx);
		case WC_FDB_BYTES:
			return DatumGetTextPP(DirectFunctionCall1(textin,
													  DirectFunctionCall1(byteaout,
																		  PointerGetDatum(fdb_payload_bytea(e)))));
		case WC_FDB_INT:
		case WC_FDB_BIGINT:
			{
				char		dec[WC_FDB_DECIMAL_MAX];

				wc_fdb_int_to_decimal(e, dec);
				return cstring_to_text(dec);
			}
		case WC_FDB_FLOAT:
			{
				float4		f;

				memcpy(&f, &e->v.f32, 4);
				return cstring_to_text(DatumGetCString(DirectFunctionCall1(float4out, Float4GetDatum(f))));
			}
		case WC_FDB_DOUBLE:
			{
				float8		f;

				memcpy(&f, &e->v.f64, 8);
				return cstring_to_text(DatumGetCString(DirectFunctionCall1(float8out, Float8GetDatum(f))));
			}
		case WC_FDB_BOOL:
			return cstring_to_text(e->v.b ? "true" : "false");
		case WC_FDB_UUID:
			return cstring_to_text(DatumGetCString(DirectFunctionCall1(uuid_out, PointerGetDatum(e->ptr))));
		case WC_FDB_VERSIONSTAMP:
			wc_fdb_vs_format(e->ptr, buf);
			return cstring_to_text(buf);
		case WC_FDB_NESTED:
			{
				bytea	   *b = fdb_unnest_bytea(e);

				return cstring_to_text(tuple_text("fdb_tuple", (const uint8_t *) VARDATA(b), VARSIZE(b) - VARHDRSZ));
			}
		default:
			elog(ERROR, "unexpected tuple element type %d", (int) e->type);
	}
	return NULL;
}

/*
 * fdb_tuple_elements(bytea): one row per top-level element.  Value-per-call
 * rather than materialized: a materialized SRF leaves its tuple descriptor
 * and store in the per-query context, which grows by every call when the
 * function runs once per row of a large table; this state lives in the
 * multi-call context, freed when the set is done.
 */
typedef struct fdb_elements_state
{
	wc_fdb_reader	r;
	const uint8_t *p;
	int32		idx;
} fdb_elements_state;

PG_FUNCTION_INFO_V1(fdb_tuple_elements);
Datum
fdb_tuple_elements(PG_FUNCTION_ARGS)
{
	FuncCallContext *fctx;
	fdb_elements_state *st;
	wc_fdb_elem	e;

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext old;

		fctx = SRF_FIRSTCALL_INIT();
		old = MemoryContextSwitchTo(fctx->multi_call_memory_ctx);
		{
			/* detoasted (if at all) once, in the multi-call context */
			ARG_BYTES(0, p, len);

			fdb_validate_checked(p, len);
			st = palloc(sizeof(*st));
			st->p = p;
			st->idx = 0;
			wc_fdb_reader_init(&st->r, p, len);
		}
		fctx->tuple_desc = srf_row_desc(fcinfo, "fdb_tuple_elements: return type must be a row type");
		fctx->user_fctx = st;
		MemoryContextSwitchTo(old);
	}
	fctx = SRF_PERCALL_SETUP();
	st = (fdb_elements_state *) fctx->user_fctx;
	CHECK_FOR_INTERRUPTS();
	if (wc_fdb_skip(&st->r, &e) == WC_OK && e.type != WC_FDB_END)
	{
		Datum		values[3];
		bool		nulls[3] = {false, false, false};
		text	   *v;

		if (e.type == WC_FDB_NESTED)
		{
			e.ptr = st->p + e.offset;
			e.len = st->r.pos - e.offset;
		}
		v = element_text(&e, st->idx);
		values[0] = Int32GetDatum(st->idx);
		values[1] = PointerGetDatum(cstring_to_text(wc_fdb_type_name(e.type)));
		values[2] = PointerGetDatum(v);
		nulls[2] = v == NULL;
		st->idx++;
		SRF_RETURN_NEXT(fctx, HeapTupleGetDatum(heap_form_tuple(fctx->tuple_desc, values, nulls)));
	}
	SRF_RETURN_DONE(fctx);
}

/* A jsonb string value. */
static void
push_jsonb_string(JsonbParseState **st, const char *s, int len)
{
	JsonbValue	v;

	v.type = jbvString;
	v.val.string.val = (char *) s;
	v.val.string.len = len;
	pushJsonbValue(st, WJB_ELEM, &v);
}

/* A finite float as a jsonb number (shortest exact decimal), or a string
 * for NaN and infinities. */
static void
push_jsonb_float(JsonbParseState **st, char *txt, bool finite, bool is_float)
{
	JsonbValue	v;
	size_t		n = strlen(txt);

	if (!finite)
	{
		const char *s = strstr(txt, "nan") ? "NaN" : txt[0] == '-' ? "-Infinity" : "Infinity";

		push_jsonb_string(st, s, (int) strlen(s));
		return;
	}
	if (is_float && n > 0 && txt[n - 1] == 'f')
		txt[n - 1] = '\0';
	v.type = jbvNumeric;
	v.val.numeric = DatumGetNumeric(DirectFunctionCall3(numeric_in, CStringGetDatum(txt),
														ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1)));
	pushJsonbValue(st, WJB_ELEM, &v);
}

PG_FUNCTION_INFO_V1(fdb_tuple_to_jsonb);
Datum
fdb_tuple_to_jsonb(PG_FUNCTION_ARGS)
{
	ARG_BYTES(0, p, len);
	JsonbParseState *st = NULL;
	JsonbValue *res;
	wc_fdb_reader	r;
	wc_fdb_elem	e;
	JsonbValue	v;
	char		buf[64];

	fdb_validate_checked(p, len);
	wc_fdb_reader_init(&r, p, len);
	pushJsonbValue(&st, WJB_BEGIN_ARRAY, NULL);
	while (wc_fdb_read(&r, &e) == WC_OK && e.type != WC_FDB_END)
	{
		CHECK_FOR_INTERRUPTS();
		switch (e.type)
		{
			case WC_FDB_NESTED:
				pushJsonbValue(&st, WJB_BEGIN_ARRAY, NULL);
				break;
			case WC_FDB_NESTED_END:
				pushJsonbValue(&st, WJB_END_ARRAY, NULL);
				break;
			case WC_FDB_NULL:
				v.type = jbvNull;
				pushJsonbValue(&st, WJB_ELEM, &v);
				break;
			case WC_FDB_BOOL:
				v.type = jbvBool;
				v.val.boolean = e.v.b != 0;
				pushJsonbValue(&st, WJB_ELEM, &v);
				break;
			case WC_FDB_STRING:
				{
					text	   *t = fdb_string_to_text("fdb_tuple_to_jsonb", &e,
												  (int64) (r.depth == 0 ? r.index - 1 : r.index));

					push_jsonb_string(&st, VARDATA_ANY(t), (int) VARSIZE_ANY_EXHDR(t));
					break;
				}
			case WC_FDB_BYTES:
				{
					char	   *hex = DatumGetCString(DirectFunctionCall1(byteaout,
																		  PointerGetDatum(fdb_payload_bytea(&e))));

					push_jsonb_string(&st, hex, (int) strlen(hex));
					break;
				}
			case WC_FDB_INT:
			case WC_FDB_BIGINT:
				v.type = jbvNumeric;
				v.val.numeric = DatumGetNumeric(fdb_int_to_numeric(&e));
				pushJsonbValue(&st, WJB_ELEM, &v);
				break;
			case WC_FDB_FLOAT:
				{
					float4		f;

					memcpy(&f, &e.v.f32, 4);
					wc_fdb_format_float(e.v.f32, buf);
					push_jsonb_float(&st, buf, isfinite(f), true);
					break;
				}
			case WC_FDB_DOUBLE:
				{
					float8		f;

					memcpy(&f, &e.v.f64, 8);
					wc_fdb_format_double(e.v.f64, buf);
					push_jsonb_float(&st, buf, isfinite(f), false);
					break;
				}
			case WC_FDB_UUID:
				{
					char	   *s = DatumGetCString(DirectFunctionCall1(uuid_out, PointerGetDatum(e.ptr)));

					push_jsonb_string(&st, s, (int) strlen(s));
					break;
				}
			case WC_FDB_VERSIONSTAMP:
				{
					/*
					 * A jsonb string keeps a pointer to its text until the
					 * array is built: each one needs its own copy, never
					 * the buffer the next float or versionstamp reuses.
					 */
					char	   *vs = palloc(WC_FDB_VS_TEXT_MAX);

					push_jsonb_string(&st, vs, (int) wc_fdb_vs_format(e.ptr, vs));
					break;
				}
			default:
				break;
		}
	}
	res = pushJsonbValue(&st, WJB_END_ARRAY, NULL);
	PG_RETURN_POINTER(JsonbValueToJsonb(res));
}

/* ======================================================================
 * Key ranges
 * ====================================================================== */

/* prefix || suffix as a new bytea */
static bytea *
with_suffix(const uint8_t *p, size_t len, uint8_t suffix)
{
	bytea	   *b = fdb_new_bytea(len + 1);

	memcpy(VARDATA(b), p, len);
	((uint8_t *) VARDATA(b))[len] = suffix;
	return b;
}

PG_FUNCTION_INFO_V1(fdb_tuple_range);
Datum
fdb_tuple_range(PG_FUNCTION_ARGS)
{
	ARG_BYTES(0, p, len);
	TupleDesc	td;
	Datum		values[2];
	bool		nulls[2] = {false, false};

	fdb_validate_checked(p, len);
	td = srf_row_desc(fcinfo, "fdb_tuple_range must return a record");
	values[0] = PointerGetDatum(with_suffix(p, len, 0x00));
	values[1] = PointerGetDatum(with_suffix(p, len, 0xFF));
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(td, values, nulls)));
}

PG_FUNCTION_INFO_V1(fdb_strinc);
Datum
fdb_strinc(PG_FUNCTION_ARGS)
{
	ARG_BYTES(0, p, len);
	bytea	   *b;

	while (len > 0 && p[len - 1] == 0xFF)
		len--;
	if (len == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the key must contain a byte other than 0xff")));
	b = fdb_new_bytea(len);
	memcpy(VARDATA(b), p, len);
	((uint8_t *) VARDATA(b))[len - 1]++;
	PG_RETURN_BYTEA_P(b);
}
