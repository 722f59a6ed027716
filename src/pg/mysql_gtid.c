/*
 * mysql_gtid.c: SQL functions over MySQL and MariaDB GTID sets (core:
 * src/core/mysql_gtid.c): mysql_binlog_apply_gtid_set, which keeps the GTID
 * state of mysql_binlog_apply, and mysql_gtid_contains.
 */
#include "compat.h"

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "mysql_binlog_apply.h"
#include "mysql_gtid.h"
#include "wc_report.h"

/* One text of a call: where it is and which argument (and element) it is. */
typedef struct gtid_text
{
	const char *s;
	size_t		len;
	const char *arg;
	int			element;		/* 1-based position in an array; 0: none */
} gtid_text;

/* The error context: which argument the text that failed is. */
static void
gtid_context(void *arg)
{
	const gtid_text *t = (const gtid_text *) arg;

	if (t->element)
		errcontext("element %d of %s", t->element, t->arg);
	else
		errcontext("argument %s", t->arg);
}

/* Report err about text t: the core's status, byte offset and element in
 * the message and detail, the argument in the context. */
static void
gtid_report(const wc_error *err, const gtid_text *t) WC_NORETURN;

static void
gtid_report(const wc_error *err, const gtid_text *t)
{
	ErrorContextCallback cb = {error_context_stack, gtid_context, (void *) t};

	error_context_stack = &cb;
	wc_report(err, "GTID set");
}

/*
 * The texts t[0 .. n) parsed, in that order, into one normalized set: a
 * first pass validates and counts the members, one allocation holds them,
 * a second pass stores them.
 */
static void
gtid_parse_texts(const gtid_text *t, int n, wc_gtid_set *set)
{
	wc_gtid_set count = {0};
	wc_error	err;
	size_t		limit = MaxAllocSize / sizeof(wc_gtid);

	for (int i = 0; i < n; i++)
	{
		CHECK_FOR_INTERRUPTS();
		if (wc_gtid_set_parse(&count, t[i].s, t[i].len, &err) != WC_OK)
			gtid_report(&err, &t[i]);
	}
	if (count.n > limit)
		wc_report_too_large("GTID set", count.n, "members", limit);
	memset(set, 0, sizeof(*set));
	set->items = (wc_gtid *) palloc(Max(count.n, 1) * sizeof(wc_gtid));
	set->cap = count.n;
	for (int i = 0; i < n; i++)
	{
		CHECK_FOR_INTERRUPTS();
		if (wc_gtid_set_parse(set, t[i].s, t[i].len, &err) != WC_OK)
			gtid_report(&err, &t[i]);
	}
	wc_gtid_set_normalize(set);
}

/* The text argument argno as a gtid_text named arg. */
static gtid_text
gtid_arg(FunctionCallInfo fcinfo, int argno, const char *arg)
{
	text	   *v = PG_GETARG_TEXT_PP(argno);
	gtid_text	t = {VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), arg, 0};

	return t;
}

void
mysql_gtid_set_text(const char *s, size_t len, const char *arg, wc_gtid_set *set)
{
	gtid_text	t = {s, len, arg, 0};

	gtid_parse_texts(&t, 1, set);
}

/*
 * mysql_binlog_apply_gtid_set(gtid_set text, gtids text[]) RETURNS text: the
 * set gtid_set with the GTIDs (or sets) gtids added in log order, as
 * canonical text; NULL when nothing is in it (both NULL, or only empty
 * texts).  Not STRICT: a NULL argument or element adds nothing.
 */
PG_FUNCTION_INFO_V1(mysql_binlog_apply_gtid_set);
Datum
mysql_binlog_apply_gtid_set(PG_FUNCTION_ARGS)
{
	gtid_text  *t;
	int			n = 0,
				nelems = 0;
	Datum	   *elems = NULL;
	bool	   *nulls = NULL;
	wc_gtid_set set;
	size_t		need;
	struct varlena *r;

	if (!PG_ARGISNULL(1))
		deconstruct_array(PG_GETARG_ARRAYTYPE_P(1), TEXTOID, -1, false, TYPALIGN_INT,
						  &elems, &nulls, &nelems);
	t = (gtid_text *) palloc(sizeof(gtid_text) * (nelems + 1));
	if (!PG_ARGISNULL(0))
		t[n++] = gtid_arg(fcinfo, 0, "gtid_set");
	for (int i = 0; i < nelems; i++)
	{
		text	   *v;

		if (nulls[i])
			continue;
		v = DatumGetTextPP(elems[i]);
		t[n++] = (gtid_text)
		{
			VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), "gtids", i + 1
		};
	}
	gtid_parse_texts(t, n, &set);
	wc_gtid_set_format(&set, NULL, 0, &need);
	if (need == 0)
		PG_RETURN_NULL();
	r = wc_alloc_varlena(need, "GTID set");
	wc_gtid_set_format(&set, VARDATA(r), need, &need);
	PG_RETURN_TEXT_P(r);
}

/*
 * mysql_gtid_contains(gtid_set text, other text) RETURNS boolean: does
 * gtid_set hold every GTID of other (MariaDB: each of other's domains with
 * a seq at least other's)?
 */
PG_FUNCTION_INFO_V1(mysql_gtid_contains);
Datum
mysql_gtid_contains(PG_FUNCTION_ARGS)
{
	gtid_text	a = gtid_arg(fcinfo, 0, "gtid_set"),
				b = gtid_arg(fcinfo, 1, "other");
	wc_gtid_set sa,
				sb;

	gtid_parse_texts(&a, 1, &sa);
	gtid_parse_texts(&b, 1, &sb);
	PG_RETURN_BOOL(wc_gtid_set_contains(&sa, &sb));
}
