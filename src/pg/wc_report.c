/*
 * wc_report.c: the one glue reporter (see wc_report.h).
 *
 * Message form: "invalid <subject>: <status text> [<field>]" as the primary
 * message (out of range: "<subject> out of range: ..."), the location and the
 * expected/found values in the detail.  Messages name the data, not the SQL
 * function.
 */
#include "compat.h"

#include "lib/stringinfo.h"
#include "utils/elog.h"

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
		case WC_CLASS_UNSUPPORTED:
			return ERRCODE_FEATURE_NOT_SUPPORTED;
		case WC_CLASS_NONE:
		case WC_CLASS_BINARY:
			break;
	}
	return ERRCODE_INVALID_BINARY_REPRESENTATION;
}

/* "At byte offset 7 (element 2, field "integer"): expected 8, found 3." */
static void
wc_where(const wc_error *err, StringInfo s)
{
	bool		open = false;

	if (err->has & WC_HAS_OFFSET)
		appendStringInfo(s, "At byte offset %zu", err->offset);
	if (err->has & WC_HAS_INDEX)
	{
		appendStringInfo(s, "%s%s %lld", s->len ? " (" : "In ",
						 err->index_kind ? err->index_kind : "item", (long long) err->index);
		open = s->len > 0 && (err->has & WC_HAS_OFFSET);
	}
	if (open)
		appendStringInfoChar(s, ')');
	if (err->has & (WC_HAS_EXPECTED | WC_HAS_FOUND))
	{
		appendStringInfoString(s, s->len ? ": " : "");
		if (err->has & WC_HAS_EXPECTED)
			appendStringInfo(s, "expected %llu", (unsigned long long) err->expected);
		if ((err->has & WC_HAS_EXPECTED) && (err->has & WC_HAS_FOUND))
			appendStringInfoString(s, ", ");
		if (err->has & WC_HAS_FOUND)
			appendStringInfo(s, "found %llu", (unsigned long long) err->found);
	}
	if (s->len)
		appendStringInfoChar(s, '.');
}

void
wc_report_save(const wc_error *err, const char *subject, Node *escontext)
{
	const wc_status_info *row = wc_status_row(err->status);
	StringInfoData where;

	initStringInfo(&where);
	wc_where(err, &where);
	errsave(escontext,
			(errcode(wc_class_errcode(row->klass)),
			 row->klass == WC_CLASS_RANGE || row->klass == WC_CLASS_DATETIME ?
			 errmsg("%s out of range: %s%s%s", subject, row->message,
					err->field ? " in " : "", err->field ? err->field : "") :
			 errmsg("invalid %s: %s%s%s", subject, row->message,
					err->field ? " " : "", err->field ? err->field : ""),
			 where.len ? errdetail_internal("%s", where.data) : 0));
}

void
wc_report(const wc_error *err, const char *subject)
{
	wc_report_save(err, subject, NULL);
	pg_unreachable();
}
