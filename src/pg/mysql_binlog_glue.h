/*
 * mysql_binlog_glue.h: pieces shared by the binlog glue files
 * (mysql_binlog.c, mysql_binlog_typed.c, mysql_binlog_partial.c,
 * mysql_binlog_apply*.c), written in mysql_binlog_glue.c: event sources
 * (bytea or large object), the walk of the events that carry rows, table
 * maps by table id, row errors and render buffers.
 */
#ifndef WC_MYSQL_BINLOG_GLUE_H
#define WC_MYSQL_BINLOG_GLUE_H

#include "compat.h"

#include "utils/hsearch.h"

#include "mysql_binlog.h"

/* Where events come from: a bytea's bytes, or a large object read in
 * windows of 1 MB or one event, whichever is larger (memory bounded by the
 * largest event). */
typedef struct binlog_src
{
	const uint8 *data;
	size_t		len;
	bool		is_lo;
	Oid			lo;
	bytea	   *win;			/* large object: the bytes read last */
	uint64		win_off;		/* their offset; data/len point into win */
	uint64		from;			/* binlog_walk passes over the events before
								 * this offset but the FORMAT_DESCRIPTION (0:
								 * none), as mysql_binlog_apply_slice hides
								 * them */
	int64		from_index;		/* > 1: the event at from is this one, and
								 * binlog_walk goes there straight from the
								 * FORMAT_DESCRIPTION (0: walks to it) */
} binlog_src;

/* The source of argument 0: a bytea, or the oid of a large object. */
extern void binlog_src_init(binlog_src *s, FunctionCallInfo fcinfo, bool is_lo);
extern void binlog_src_close(binlog_src *s);

/* Check the magic (ERROR 22P03 without it). */
extern void binlog_begin(binlog_src *s, wc_binlog_state *st);

/* The next event, checked; false at the end of the file. */
extern bool binlog_next(binlog_src *s, wc_binlog_state *st, wc_binlog_event *ev);

/* After the first event (complete: whether there was a whole one), which
 * must be the FORMAT_DESCRIPTION: straight to the event at byte offset
 * from, numbered index, as a walk of the events between would reach it
 * (the caller knows both from an earlier walk). */
extern void binlog_jump(wc_binlog_state *st, bool complete, const wc_binlog_event *first,
						uint64 from, int64 index);

/* What binlog_walk calls: for each TABLE_MAP, and for each row event
 * (TRANSACTION_PAYLOAD_EVENTs are decompressed and their events walked in
 * place, with the payload event's index and log_pos).  rows numbers its
 * rows on from row (0, or in a payload the number the payload's previous
 * row events returned, so that event_index, row_in_event orders the rows)
 * and returns the last number it gave. */
typedef struct binlog_walk_ops
{
	void		(*table_map) (void *arg, const wc_binlog_state *st, const wc_binlog_event *ev);
	int64		(*rows) (void *arg, const wc_binlog_state *st, const wc_binlog_event *ev, int64 row);
} binlog_walk_ops;

/* Every event of src in file order (begin, frame and check each, close);
 * row events in a memory context reset after each. */
extern void binlog_walk(binlog_src *src, const binlog_walk_ops *ops, void *arg);

/* text of the UTF-8 bytes p[0 .. n) (a name from the log) in the database
 * encoding; what names it in the error (22P03) when it is not UTF-8. */
extern Datum binlog_utf8_text(const uint8 *p, size_t n, const char *what);

/* The table maps seen so far, by table id. */
typedef struct binlog_maps
{
	HTAB	   *htab;
	MemoryContext cxt;
} binlog_maps;

extern void binlog_maps_init(binlog_maps *m, MemoryContext cxt);
extern void binlog_maps_add(binlog_maps *m, const wc_binlog_state *st, const wc_binlog_event *ev);

/* The map of table_id (ERROR 22P03 when none was announced); schema and
 * name as text, qualified as "schema.table". */
extern const wc_binlog_table *binlog_maps_find(binlog_maps *m, const wc_binlog_event *ev,
											   uint64 table_id, Datum *schema, Datum *name,
											   const char **qualified);

/* Decode a row event's header, inflating a MariaDB compressed one. */
extern void binlog_rows_prepare(const wc_binlog_state *st, const wc_binlog_event *ev,
								wc_binlog_rows *r);

/* MariaDB's compressed record, inflated into a palloc'd buffer (max > 0:
 * its first max bytes at most, the rest not inflated). */
extern uint8 *binlog_inflate_record(const uint8 *p, size_t n, uint64 off, size_t max,
									size_t *out_len, const wc_binlog_event *ev);

/* The events of a TRANSACTION_PAYLOAD_EVENT, decompressed (palloc'd). */
extern uint8 *binlog_payload_events(const wc_binlog_event *ev, size_t *out_len);

/* ERROR for a row image, naming row, event, table and column. */
extern void binlog_row_error(const wc_error *err, const wc_binlog_event *ev,
							 const wc_binlog_table *t, const char *qualified, int64 row)
			WC_NORETURN;

/* A JSON path the core gave (UTF-8) for a message: as it is in a UTF-8
 * database, else with its non-ASCII bytes as '?'; NULL for none. */
extern char *binlog_json_path_text(const char *utf8);

/* The same for an error while rendering with opts: the JSON path inside a
 * MySQL JSON document named too, when the core gave one. */
extern void binlog_render_error(const wc_error *err, const wc_binlog_event *ev,
								const wc_binlog_table *t, const char *qualified, int64 row,
								const wc_binlog_json_opts *opts) WC_NORETURN;

/*
 * The most text one render may produce (the core stops counting with 54000
 * soon after): a row image or a JSON document bound for jsonb, 256 MB, the
 * most a jsonb holds (its offsets have 28 bits); one value for the typed
 * functions, MaxAllocSize - 1, the largest text a palloc'd buffer holds with
 * its NUL.  Either is below 1 GB, so that render buffers never need huge
 * allocations.
 */
#define BINLOG_JSONB_TEXT_LIMIT ((size_t) 0x0FFFFFFF)
#define BINLOG_VALUE_TEXT_LIMIT ((size_t) MaxAllocSize - 1)

/* Set up opts (PostgreSQL's shortest float formatting, a buffer for the
 * path of an error) and out (an initial buffer of cap bytes, the limit). */
extern void binlog_render_init(wc_binlog_json_opts *opts, wc_binlog_out *out, size_t cap,
							   size_t limit);

/* After a render that did not fit: grow out to len + 1 bytes and return
 * true (the caller renders again); false when it fit. */
extern bool binlog_render_grow(wc_binlog_out *out);

#endif							/* WC_MYSQL_BINLOG_GLUE_H */
