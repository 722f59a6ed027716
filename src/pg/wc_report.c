/*
 * wc_report.c: the one glue reporter (see wc_report.h and doc/errors.md).
 *
 * Primary message: "invalid <subject>: <status text>[ in <field>]", or for
 * the range classes "<subject> out of range".  Detail: where (byte offset,
 * element/packet/column) and what was expected and found.  Hint: the rule
 * the input broke, when the status's row has one.  Messages name the data,
 * never the SQL function.
 */
#include "compat.h"

#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "catalog/pg_type.h"
#include "utils/elog.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "wc_report.h"

int
wc_class_errcode(wc_class klass)
{
	switch (klass)
	{
		case WC_CLASS_TEXT:
			return ERRCODE_INVALID_TEXT_REPRESENTATION;
		case WC_CLASS_RANGE:
			return ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE;
		case WC_CLASS_DATETIME:
			return ERRCODE_DATETIME_FIELD_OVERFLOW;
		case WC_CLASS_PARAMETER:
			return ERRCODE_INVALID_PARAMETER_VALUE;
		case WC_CLASS_TOO_LARGE:
			return ERRCODE_PROGRAM_LIMIT_EXCEEDED;
		case WC_CLASS_NONE:
		case WC_CLASS_BINARY:
			break;
	}
	return ERRCODE_INVALID_BINARY_REPRESENTATION;
}

/* One value of expected/found as the row shows it. */
static void
show_value(StringInfo s, wc_show show, uint64 v)
{
	if (show == WC_SHOW_HEX)
		appendStringInfo(s, "0x%02llx", (unsigned long long) v);
	else if (show == WC_SHOW_BYTES)
		appendStringInfo(s, "%llu byte%s", (unsigned long long) v, v == 1 ? "" : "s");
	else
		appendStringInfo(s, "%llu", (unsigned long long) v);
}

/* The status's text with the field joined as its row says. */
static void
status_text(StringInfo s, const wc_status_info *row, const char *field)
{
	if (field && row->field_lead)
		appendStringInfo(s, "%s%s", row->field_lead, field);
	else if (field)
		appendStringInfo(s, "%s in %s", row->message, field);
	else
		appendStringInfoString(s, row->message);
}

/*
 * The detail: "At byte offset 7 (element 2): expected 8 bytes, found 3."
 * With text (the status's text, which the primary message leaves out)
 * "At byte offset 0: wall time is outside ..., found 9, maximum 8."
 */
static void
wc_where(const wc_error *err, const wc_status_info *row, bool text, StringInfo s)
{
	wc_show		show = row->show;
	bool		ef = (err->has & (WC_HAS_EXPECTED | WC_HAS_FOUND)) != 0;

	if (err->has & WC_HAS_OFFSET)
		appendStringInfo(s, "At byte offset %zu", err->offset);
	if (err->has & WC_HAS_INDEX)
		appendStringInfo(s, "%s%s %lld%s", s->len ? " (" : "In ",
						 err->index_kind ? err->index_kind : "item",
						 (long long) err->index, s->len ? ")" : "");
	if (text)
	{
		if (s->len)
			appendStringInfoString(s, ": ");
		status_text(s, row, err->field);
	}
	if (ef)
	{
		appendStringInfoString(s, !s->len ? "" : text ? ", " : ": ");
		if (show == WC_SHOW_LIMIT)
		{
			if (err->has & WC_HAS_FOUND)
				appendStringInfo(s, "found %llu", (unsigned long long) err->found);
			if (err->has & WC_HAS_EXPECTED)
				appendStringInfo(s, "%smaximum %llu", (err->has & WC_HAS_FOUND) ? ", " : "",
								 (unsigned long long) err->expected);
		}
		else
		{
			if (err->has & WC_HAS_EXPECTED)
			{
				appendStringInfoString(s, "expected ");
				show_value(s, show, err->expected);
			}
			if (err->has & WC_HAS_FOUND)
			{
				appendStringInfoString(s, (err->has & WC_HAS_EXPECTED) ? ", found " : "found ");
				show_value(s, show, err->found);
			}
		}
	}
	if (s->len)
	{
		/* a sentence starts with a capital letter, whatever came first */
		if (s->data[0] >= 'a' && s->data[0] <= 'z')
			s->data[0] += 'A' - 'a';
		appendStringInfoChar(s, '.');
	}
}

/*
 * Primary message: "invalid <subject>: <status text>[ in <field>]"; for the
 * range classes "<subject> out of range", for 54000 "<subject> is too
 * large", with the status's text in the detail.
 */
void
wc_report_save(const wc_error *err, const char *subject, Node *escontext)
{
	const wc_status_info *row = wc_status_row(err->status);
	StringInfoData where;
	StringInfoData what;
	bool		range = row->klass == WC_CLASS_RANGE || row->klass == WC_CLASS_DATETIME;
	bool		large = row->klass == WC_CLASS_TOO_LARGE;

	initStringInfo(&where);
	wc_where(err, row, range || large, &where);
	initStringInfo(&what);
	if (!range && !large)
		status_text(&what, row, err->field);
	errsave(escontext,
			(errcode(wc_class_errcode(row->klass)),
			 range ? errmsg("%s out of range", subject) :
			 large ? errmsg("%s is too large", subject) :
			 errmsg("invalid %s: %s", subject, what.data),
			 where.len ? errdetail_internal("%s", where.data) : 0,
			 row->hint ? errhint("%s", row->hint) : 0));
}

void
wc_report_input(const wc_error *err, const char *type, const char *text, Node *escontext)
{
	const wc_status_info *row = wc_status_row(err->status);
	bool		range = row->klass == WC_CLASS_RANGE || row->klass == WC_CLASS_DATETIME;
	StringInfoData where;

	initStringInfo(&where);
	wc_where(err, row, true, &where);
	errsave(escontext,
			(errcode(range ? wc_class_errcode(row->klass) : ERRCODE_INVALID_TEXT_REPRESENTATION),
			 !range ?
			 errmsg("invalid input syntax for type %s: \"%s\"", type, text) :
			 errmsg("value \"%s\" is out of range for type %s", text, type),
			 errdetail_internal("%s", where.data),
			 row->hint ? errhint("%s", row->hint) : 0));
}

void
wc_report(const wc_error *err, const char *subject)
{
	wc_report_save(err, subject, NULL);
	pg_unreachable();
}

void
wc_report_range(const char *value, Oid type, const char *column)
{
	Oid			base = getBaseType(type);
	bool		temporal = base == DATEOID || base == TIMEOID || base == TIMETZOID ||
		base == TIMESTAMPOID || base == TIMESTAMPTZOID || base == INTERVALOID;

	ereport(ERROR,
			(errcode(temporal ? ERRCODE_DATETIME_VALUE_OUT_OF_RANGE :
					 ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("value %s is out of range for type %s", value, format_type_be(type)),
			 column ? errdetail("Column \"%s\".", column) : 0));
	pg_unreachable();
}

void
wc_report_too_large(const char *what, size_t n, const char *unit, size_t limit)
{
	ereport(ERROR,
			(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			 errmsg("%s of %zu %s is too large", what, n, unit),
			 errdetail("The limit is %zu %s.", limit, unit)));
	pg_unreachable();
}

void
wc_check_varlena_size(size_t n, const char *what)
{
	if (n > MaxAllocSize - VARHDRSZ)
		wc_report_too_large(what, n, "bytes", MaxAllocSize - VARHDRSZ);
}

struct varlena *
wc_alloc_varlena(size_t n, const char *what)
{
	struct varlena *r;

	wc_check_varlena_size(n, what);
	r = (struct varlena *) palloc(VARHDRSZ + n);
	SET_VARSIZE(r, VARHDRSZ + n);
	return r;
}

struct varlena *
wc_varlena_copy(const void *p, size_t n, const char *what)
{
	struct varlena *r = wc_alloc_varlena(n, what);

	if (n)
		wc_memcpy_checked(VARDATA(r), p, n);
	return r;
}
