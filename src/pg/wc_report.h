/*
 * wc_report.h: the one glue reporter of wirecodec.  Every codec's glue turns
 * a core wc_error (src/core/wc_status.h) into an ERROR, or into a soft error
 * when given an escontext (input functions on PostgreSQL 16+), with this
 * reporter and no other.  doc/errors.md states the message rules.
 */
#ifndef WC_REPORT_H
#define WC_REPORT_H

#include "compat.h"

#include "wc_status.h"

/*
 * Report err.  subject names what was being decoded, as users know it
 * ("FoundationDB tuple", "MySQL packet", "MySQL binlog event",
 * "CockroachDB key"); the primary message is the status's text about it, the
 * detail says where (byte offset, index, field) and what was expected and
 * found.  With escontext (not NULL) the error is saved and the function
 * returns; without, it does not return.
 */
extern void wc_report_save(const wc_error *err, const char *subject, Node *escontext);

/*
 * Report err about the text input text of type (an input function or a cast
 * from text): "invalid input syntax for type <type>: "<text>"" for a text
 * status, "value "<text>" is out of range for type <type>" for a range
 * status, the position, the status's text, the field and what was
 * expected and found in the detail, as PostgreSQL's
 * own input functions word them.  Every status that is not a range one is
 * reported as invalid text (22P02): the text is what the user gave.
 */
extern void wc_report_input(const wc_error *err, const char *type, const char *text,
							Node *escontext);

/* wc_report_save without an escontext: never returns. */
extern void wc_report(const wc_error *err, const char *subject) WC_NORETURN;

/*
 * A decoded value that the target type cannot hold (22003, or 22008 for a
 * date, time, timestamp or interval type): "value <value>
 * is out of range for type <type>", the column named in the detail when
 * column is not NULL (callers whose error context names it pass NULL).
 * Never returns.
 */
extern void wc_report_range(const char *value, Oid type, const char *column) WC_NORETURN;

/* The ERRCODE_* of a status class. */
extern int	wc_class_errcode(wc_class klass);

/*
 * A result that would pass PostgreSQL's 1 GB allocation limit (54000), one
 * wording for every codec: "<what> of <n> <unit> is too large", the limit
 * in the detail.  unit is "bytes", "elements", "columns", ...
 */
extern void wc_report_too_large(const char *what, size_t n, const char *unit,
								size_t limit) WC_NORETURN;

/*
 * The one allocator of bytea and text results.  wc_check_varlena_size:
 * ERROR 54000 (wc_report_too_large naming what) unless a bytea or text of
 * n data bytes can exist, for a caller that builds it in a buffer of its
 * own.  wc_alloc_varlena: a bytea (or text) of n data bytes, its header set
 * and its data left for the caller to write (not zeroed), after that
 * check.  wc_varlena_copy: the same holding p[0 .. n).
 */
extern void wc_check_varlena_size(size_t n, const char *what);
extern struct varlena *wc_alloc_varlena(size_t n, const char *what);
extern struct varlena *wc_varlena_copy(const void *p, size_t n, const char *what);

#endif							/* WC_REPORT_H */
