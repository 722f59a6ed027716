/*
 * mysql_binlog_typed.h: the typed binlog decoder of mysql_binlog_typed.c
 * (mysql_binlog_rows into a row type, mysql_binlog_load), shared with
 * mysql_binlog_apply_rows (mysql_binlog_apply_rows.c), which keeps one
 * bt_cache per table and points bt_state.cache at the one it decodes.
 */
#ifndef WC_MYSQL_BINLOG_TYPED_H
#define WC_MYSQL_BINLOG_TYPED_H

#include "compat.h"

#include "funcapi.h"
#include "lib/stringinfo.h"

#include "mysql_binlog.h"
#include "mysql_binlog_glue.h"
#include "mysql_row.h"
#include "row_target.h"
#include "table_load.h"

/* How a binlog value reaches mysql_row_value. */
typedef enum
{
	BT_BINARY,					/* the bytes as the binary protocol has them */
	BT_INT24,					/* 3 bytes, an integer (rt_from_uint64) */
	BT_YEAR,					/* 1 byte (years since 1900), the year */
	BT_TEXT,					/* the rendered text (quotes dropped): DECIMAL,
								 * unnamed ENUM/SET */
	BT_DECIMAL,					/* DECIMAL of at most 18 digits into numeric:
								 * its digits */
	BT_TEMPORAL,				/* DATE, TIME, DATETIME, TIMESTAMP: their
								 * fields */
	BT_STRING,					/* the bytes after the length prefix */
	BT_JSON_STRING,				/* a rendered JSON string, unescaped to UTF-8:
								 * ENUM/SET names, UCS-2/UTF-16/UTF-32 text */
	BT_DOCUMENT					/* the rendered text as UTF-8: MySQL JSON */
} bt_how;

/* A TABLE_MAP column bound to an attribute. */
typedef struct bt_col
{
	mysql_row_column rc;		/* protocol type, charset, target */
	uint8		how;			/* bt_how */
	uint8		binlog_type;	/* real type in the log */
	uint8		prefix;			/* length-prefix bytes of a string */
	uint32		pad_to;			/* BINARY(n): its length */
} bt_col;

/*
 * Cached per call site: the row type, checked on every call, and the
 * binding of the last TABLE_MAP of the table, kept while its column part is
 * byte for byte the same and the row type unchanged.
 */
typedef struct bt_cache
{
	row_type	type;
	MemoryContext bcxt;			/* holds the binding; NULL: none */
	uint8	   *key;			/* TABLE_MAP body after the post-header */
	size_t		keylen;
	int			ncols;
	bt_col	   *cols;
} bt_cache;

/* Which value is being converted, for the error context line. */
typedef struct bt_where
{
	int64		event;
	int64		row;
	const char *qualified;
	const bt_col *col;
	int			colno;
	uint64		offset;
} bt_where;

typedef struct bt_state
{
	MemoryContext fn_mcxt;		/* where bindings live (the call site's) */
	ReturnSetInfo *rsinfo;
	bt_cache   *cache;
	binlog_maps maps;
	const char *schema;			/* the table asked for, UTF-8 */
	size_t		schema_len;
	const char *table;
	size_t		table_len;
	bool		have_id;		/* a TABLE_MAP of the table is in force */
	uint64		table_id;
	wc_binlog_json_opts opts;
	wc_binlog_out out;			/* rendered values */
	StringInfoData str;			/* unescaped JSON strings */
	wc_binlog_cell *cells;
	wc_binlog_cell *before;		/* PARTIAL_UPDATE_ROWS: the before image's cells */
	uint32		cells_cap;
	MemoryContext rowcxt;
	TupleDesc	store_desc;		/* the result rows' descriptor, images unpacked */
	wc_table_load *load;		/* mysql_binlog_load: the table; else NULL */
	bool		want_after;		/* mysql_binlog_load: after images, else
								 * before images */
	bt_where	where;
} bt_state;

/* Set up s for decoding with cache bc (bindings under fn_mcxt), in the
 * current memory context. */
extern void binlog_typed_init(bt_state *s, bt_cache *bc, MemoryContext fn_mcxt);

/* Bind TABLE_MAP ev (table t) to s->cache's row type unless its column part
 * is the one bound already. */
extern void binlog_typed_bind(bt_state *s, const wc_binlog_state *st, const wc_binlog_event *ev,
							  const wc_binlog_table *t, const char *qualified);

/* Room for ncols cells in s->cells and s->before. */
extern void binlog_typed_reserve(bt_state *s, uint32 ncols);

/* The decoded image in s->cells into s->cache's row type's values and
 * nulls (absent columns NULL), in the current memory context. */
extern void binlog_typed_fill(bt_state *s, const wc_binlog_event *ev, const wc_binlog_table *t,
							  const char *qualified);

/* The error context callback (arg: a bt_where). */
extern void binlog_typed_context(void *arg);

#endif							/* WC_MYSQL_BINLOG_TYPED_H */
