/*
 * mysql_binlog.c: SQL functions over MySQL and MariaDB binary log files
 * (core: src/core/mysql_binlog*.c): mysql_binlog_events and
 * mysql_binlog_rows, over a bytea or a large object read in chunks.
 *
 * Events come from a source (the bytes of a bytea, or a large object read
 * one event at a time into a buffer the size of the largest event), are
 * framed and checked by the core, and turned into rows of a tuplestore
 * (materialize mode).  Sources, table maps and the walk of the events that
 * carry rows are the shared glue's (mysql_binlog_glue.c); a
 * PARTIAL_UPDATE_ROWS_EVENT's JSON diffs are applied by
 * mysql_binlog_partial.c.
 */
#include "compat.h"

#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"

#include "mysql_binlog.h"
#include "mysql_binlog_glue.h"
#include "mysql_binlog_partial.h"
#include "wc_jsonb.h"
#include "wc_report.h"

/* ---- mysql_binlog_events ---- */

static Datum
binlog_events(FunctionCallInfo fcinfo, bool is_lo)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	binlog_src	s,
			   *src = &s;
	wc_binlog_state st;
	wc_binlog_event ev;
	MemoryContext tmp = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog_events",
											  ALLOCSET_DEFAULT_SIZES);

	binlog_src_init(src, fcinfo, is_lo);
	binlog_begin(src, &st);
	InitMaterializedSRF(fcinfo, 0);
	while (binlog_next(src, &st, &ev))
	{
		Datum		values[9];
		bool		nulls[9] = {0};
		const char *name = wc_binlog_event_type_name(ev.h.type);
		MemoryContext old = MemoryContextSwitchTo(tmp);

		values[0] = Int64GetDatum(ev.index);
		values[1] = Int64GetDatum((int64) ev.offset);
		values[2] = Int32GetDatum(ev.h.type);
		if (name)
			values[3] = CStringGetTextDatum(name);
		else
			nulls[3] = true;
		values[4] = Int64GetDatum((int64) ev.h.server_id);
		values[5] = Int64GetDatum((int64) ev.h.log_pos);
		values[6] = Int32GetDatum(ev.h.flags);
		values[7] = TimestampTzGetDatum(time_t_to_timestamptz((pg_time_t) ev.h.timestamp));
		values[8] = PointerGetDatum(wc_varlena_copy(ev.body, ev.body_len, "MySQL binlog value"));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(tmp);
	}
	binlog_src_close(src);
	MemoryContextDelete(tmp);
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(mysql_binlog_events);
Datum
mysql_binlog_events(PG_FUNCTION_ARGS)
{
	return binlog_events(fcinfo, false);
}

PG_FUNCTION_INFO_V1(mysql_binlog_events_lo);
Datum
mysql_binlog_events_lo(PG_FUNCTION_ARGS)
{
	return binlog_events(fcinfo, true);
}

/* ---- mysql_binlog_rows ---- */

typedef struct binlog_rows_ctx
{
	ReturnSetInfo *rsinfo;
	binlog_maps maps;
	wc_binlog_json_opts opts;
	wc_binlog_out out;
	wc_binlog_cell *cells;
	uint32		cells_cap;
	wc_binlog_cell *before;		/* PARTIAL_UPDATE_ROWS: the before image's cells */
	wc_binlog_cell *saved;		/* and the after image's, partial ones included */
	MemoryContext tmp;
} binlog_rows_ctx;

static const char *const binlog_change_names[4] = {NULL, "insert", "update", "delete"};

/* Render one image as jsonb. */
static Datum
binlog_image_jsonb(binlog_rows_ctx *c, const wc_binlog_table *t, const wc_binlog_event *ev,
				   const char *qualified, int64 row)
{
	wc_error	err;

	do
	{
		c->out.len = 0;
		if (wc_binlog_image_json(t, c->cells, &c->opts, &c->out, &err) != WC_OK)
			binlog_render_error(&err, ev, t, qualified, row, &c->opts);
	} while (binlog_render_grow(&c->out));
	return wc_jsonb_from_utf8((char *) c->out.p, c->out.len);
}

/* The rows of one row event (body already inflated where needed),
 * numbered on from row; returns the last number. */
static int64
binlog_rows_event(binlog_rows_ctx *c, const wc_binlog_state *st, const wc_binlog_event *ev,
				  const wc_binlog_rows *r, int64 row)
{
	Datum		schema,
				name;
	const char *qualified;
	const wc_binlog_table *t = binlog_maps_find(&c->maps, ev, r->table_id, &schema, &name,
												&qualified);
	size_t		pos = 0;
	Datum		change = CStringGetTextDatum(binlog_change_names[r->change]);
	Datum		gtid = st->have_gtid ? CStringGetTextDatum(st->gtid) : (Datum) 0;

	if (t->ncols > c->cells_cap)
	{
		c->cells = repalloc(c->cells, sizeof(wc_binlog_cell) * t->ncols);
		c->before = repalloc(c->before, sizeof(wc_binlog_cell) * t->ncols);
		c->saved = repalloc(c->saved, sizeof(wc_binlog_cell) * t->ncols);
		c->cells_cap = t->ncols;
	}
	while (pos < r->rows_len)
	{
		Datum		values[9];
		bool		nulls[9] = {0};
		wc_error	err;
		MemoryContext old;

		CHECK_FOR_INTERRUPTS();
		row++;
		old = MemoryContextSwitchTo(c->tmp);
		values[0] = Int64GetDatum(ev->index);
		values[1] = Int64GetDatum((int64) ev->h.log_pos);
		values[2] = gtid;
		nulls[2] = !st->have_gtid;
		values[3] = schema;
		values[4] = name;
		values[5] = change;
		values[6] = Int64GetDatum(row);
		nulls[7] = nulls[8] = true;
		if (wc_binlog_image_decode(r, t, false, &pos, c->cells, &err) != WC_OK)
			binlog_row_error(&err, ev, t, qualified, row);
		if (r->change == WC_BINLOG_INSERT)
		{
			values[8] = binlog_image_jsonb(c, t, ev, qualified, row);
			nulls[8] = false;
		}
		else
		{
			values[7] = binlog_image_jsonb(c, t, ev, qualified, row);
			nulls[7] = false;
		}
		if (r->change == WC_BINLOG_UPDATE)
		{
			bool		partial = false;

			if (r->partial)
				memcpy(c->before, c->cells, sizeof(wc_binlog_cell) * t->ncols);
			if (wc_binlog_image_decode(r, t, true, &pos, c->cells, &err) != WC_OK)
				binlog_row_error(&err, ev, t, qualified, row);
			if (r->partial)
				partial = binlog_partial_split(t, c->cells, c->saved);
			values[8] = binlog_image_jsonb(c, t, ev, qualified, row);
			nulls[8] = false;
			if (partial)
			{
				binlog_partial_ctx pc = {.t = t, .before = c->before, .after = c->saved,
					.opts = &c->opts, .out = &c->out, .ev = ev, .qualified = qualified,
				.row = row};

				values[8] = binlog_partial_after(&pc, values[8]);
			}
		}
		tuplestore_putvalues(c->rsinfo->setResult, c->rsinfo->setDesc, values, nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(c->tmp);
	}
	return row;
}

static void
binlog_rows_table_map(void *arg, const wc_binlog_state *st, const wc_binlog_event *ev)
{
	binlog_maps_add(&((binlog_rows_ctx *) arg)->maps, st, ev);
}

static int64
binlog_rows_rows(void *arg, const wc_binlog_state *st, const wc_binlog_event *ev, int64 row)
{
	wc_binlog_rows r;

	binlog_rows_prepare(st, ev, &r);
	return binlog_rows_event((binlog_rows_ctx *) arg, st, ev, &r, row);
}

static Datum
binlog_rows(FunctionCallInfo fcinfo, bool is_lo)
{
	static const binlog_walk_ops ops = {binlog_rows_table_map, binlog_rows_rows};
	binlog_src	src;
	binlog_rows_ctx c;

	InitMaterializedSRF(fcinfo, 0);
	memset(&c, 0, sizeof(c));
	c.rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	binlog_render_init(&c.opts, &c.out, 8192, BINLOG_JSONB_TEXT_LIMIT);
	c.cells_cap = 64;
	c.cells = palloc(sizeof(wc_binlog_cell) * c.cells_cap);
	c.before = palloc(sizeof(wc_binlog_cell) * c.cells_cap);
	c.saved = palloc(sizeof(wc_binlog_cell) * c.cells_cap);
	c.tmp = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog_rows row",
								  ALLOCSET_DEFAULT_SIZES);
	binlog_maps_init(&c.maps, CurrentMemoryContext);
	binlog_src_init(&src, fcinfo, is_lo);
	binlog_walk(&src, &ops, &c);
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(mysql_binlog_rows);
Datum
mysql_binlog_rows(PG_FUNCTION_ARGS)
{
	return binlog_rows(fcinfo, false);
}

PG_FUNCTION_INFO_V1(mysql_binlog_rows_lo);
Datum
mysql_binlog_rows_lo(PG_FUNCTION_ARGS)
{
	return binlog_rows(fcinfo, true);
}
