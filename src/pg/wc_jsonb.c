/*
 * wc_jsonb.c: JSON text into jsonb with interrupt checks (wc_jsonb.h).
 *
 * PostgreSQL's own parser (pg_parse_json) drives semantic actions that build
 * the value with pushJsonbValue, exactly as jsonb_in does: keys deduplicated
 * last-wins by pushJsonbValue, numbers through numeric_in, strings unescaped
 * by the lexer into the database encoding, a lone scalar as a raw-scalar
 * array.  Each action checks for interrupts, which the parser itself never
 * does.
 */
#include "compat.h"

#include "common/jsonapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/jsonfuncs.h"

#include "wc_jsonb.h"

typedef struct jb_state
{
	JsonbParseState *ps;
	JsonbValue *res;
} jb_state;

/* String s as v, at most what a jsonb string holds. */
static void
jb_string(JsonbValue *v, char *s)
{
	size_t		len = strlen(s);

	if (len > JENTRY_OFFLENMASK)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("string too long to represent as jsonb string"),
				 errdetail("Due to an implementation restriction, jsonb strings cannot exceed %d bytes.",
						   JENTRY_OFFLENMASK)));
	v->type = jbvString;
	v->val.string.len = (int) len;
	v->val.string.val = s;
}

/* A container's start or end (an object's keys sorted and deduplicated
 * at its end). */
static void
jb_push(void *p, JsonbIteratorToken tok)
{
	jb_state   *st = (jb_state *) p;

	CHECK_FOR_INTERRUPTS();
	st->res = pushJsonbValue(&st->ps, tok, NULL);
}

/* '{' */
static WC_JSON_ACTION
jb_object_start(void *p)
{
	jb_push(p, WJB_BEGIN_OBJECT);
	WC_JSON_ACTION_DONE;
}

/* '}' */
static WC_JSON_ACTION
jb_object_end(void *p)
{
	jb_push(p, WJB_END_OBJECT);
	WC_JSON_ACTION_DONE;
}

/* '[' */
static WC_JSON_ACTION
jb_array_start(void *p)
{
	jb_push(p, WJB_BEGIN_ARRAY);
	WC_JSON_ACTION_DONE;
}

/* ']' */
static WC_JSON_ACTION
jb_array_end(void *p)
{
	jb_push(p, WJB_END_ARRAY);
	WC_JSON_ACTION_DONE;
}

/* An object's key (unescaped by the lexer, kept as it is). */
static WC_JSON_ACTION
jb_field_start(void *p, char *fname, bool isnull)
{
	jb_state   *st = (jb_state *) p;
	JsonbValue	v;

	CHECK_FOR_INTERRUPTS();
	jb_string(&v, fname);
	st->res = pushJsonbValue(&st->ps, WJB_KEY, &v);
	WC_JSON_ACTION_DONE;
}

/* A scalar: an element, an object's value or the whole document. */
static WC_JSON_ACTION
jb_scalar(void *p, char *token, JsonTokenType type)
{
	jb_state   *st = (jb_state *) p;
	JsonbValue	v;

	CHECK_FOR_INTERRUPTS();
	switch (type)
	{
		case JSON_TOKEN_STRING:
			jb_string(&v, token);
			break;
		case JSON_TOKEN_NUMBER:
			v.type = jbvNumeric;
			v.val.numeric = DatumGetNumeric(DirectFunctionCall3(numeric_in, CStringGetDatum(token),
																ObjectIdGetDatum(InvalidOid),
																Int32GetDatum(-1)));
			break;
		case JSON_TOKEN_TRUE:
		case JSON_TOKEN_FALSE:
			v.type = jbvBool;
			v.val.boolean = type == JSON_TOKEN_TRUE;
			break;
		case JSON_TOKEN_NULL:
			v.type = jbvNull;
			break;
		default:
			elog(ERROR, "unexpected JSON token type %d", (int) type);
	}
	if (st->ps == NULL)
	{
		/* a scalar document: jsonb keeps it as a one-element raw array */
		JsonbValue	a;

		a.type = jbvArray;
		a.val.array.rawScalar = true;
		a.val.array.nElems = 1;
		pushJsonbValue(&st->ps, WJB_BEGIN_ARRAY, &a);
		pushJsonbValue(&st->ps, WJB_ELEM, &v);
		st->res = pushJsonbValue(&st->ps, WJB_END_ARRAY, NULL);
	}
	else if (st->ps->contVal.type == jbvArray)
		st->res = pushJsonbValue(&st->ps, WJB_ELEM, &v);
	else
		st->res = pushJsonbValue(&st->ps, WJB_VALUE, &v);
	WC_JSON_ACTION_DONE;
}

Datum
wc_jsonb_from_cstring(char *s, size_t len)
{
	jb_state	st = {0};
	JsonSemAction sem = {0};
	JsonLexContext *lex;

	lex = WC_JSON_LEX_CONTEXT(s, len, GetDatabaseEncoding());
	sem.semstate = &st;
	sem.object_start = jb_object_start;
	sem.object_end = jb_object_end;
	sem.array_start = jb_array_start;
	sem.array_end = jb_array_end;
	sem.object_field_start = jb_field_start;
	sem.scalar = jb_scalar;
	/* syntax errors as jsonb_in words them (22P02, with the context) */
	pg_parse_json_or_ereport(lex, &sem);
	CHECK_FOR_INTERRUPTS();
	return JsonbPGetDatum(JsonbValueToJsonb(st.res));
}

Datum
wc_jsonb_from_utf8(char *s, size_t len)
{
	s[len] = '\0';
	if (GetDatabaseEncoding() != PG_UTF8)
	{
		char	   *c = pg_any_to_server(s, (int) len, PG_UTF8);

		if (c != s)
			len = strlen(c);
		s = c;
	}
	return wc_jsonb_from_cstring(s, len);
}
