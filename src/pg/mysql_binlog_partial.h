/*
 * mysql_binlog_partial.h: the interface of mysql_binlog_partial.c, a
 * PARTIAL_UPDATE_ROWS_EVENT's after image with its partial JSON cells
 * applied to the before image's documents.  Used by mysql_binlog.c
 * (mysql_binlog_rows) and mysql_binlog_typed.c (the typed row functions).
 */
#ifndef WC_MYSQL_BINLOG_PARTIAL_H
#define WC_MYSQL_BINLOG_PARTIAL_H

#include "compat.h"

#include "mysql_binlog.h"

/* What one row needs: its table, both images, a render buffer and the
 * names its errors give. */
typedef struct binlog_partial_ctx
{
	const wc_binlog_table *t;
	const wc_binlog_cell *before;	/* the before image's cells */
	const wc_binlog_cell *after;	/* the after image's, partial ones included */
	const wc_binlog_json_opts *opts;
	wc_binlog_out *out;			/* a render buffer (grown as needed) */
	const wc_binlog_event *ev;
	const char *qualified;
	int64		row;
} binlog_partial_ctx;

/* Copy after into saved and make after's partial cells absent (so that the
 * rest renders); true when there was one. */
extern bool binlog_partial_split(const wc_binlog_table *t, wc_binlog_cell *after,
								 wc_binlog_cell *saved);

/* The jsonb document of column col, whose after cell is partial: the
 * before image's document with the diffs applied in order (ERROR 22P03
 * naming row, event, table, column and path when one does not apply). */
extern Datum binlog_partial_column(binlog_partial_ctx *pc, uint32 col);

/* after (the image rendered without its partial cells) with each partial
 * column's document set: ERROR 22P03 naming row, event, table, column and
 * path when a diff does not apply. */
extern Datum binlog_partial_after(binlog_partial_ctx *pc, Datum after);

#endif							/* WC_MYSQL_BINLOG_PARTIAL_H */
