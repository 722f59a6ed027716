/*
 * mysql_binlog_tables.c: mysql_binlog_tables and mysql_binlog_tables_lo,
 * what the TABLE_MAPs of a binlog file say of its tables' columns (core:
 * src/core/mysql_binlog_schema.c for the type names), one row per column
 * of each table shape: a table's columns are listed at its first TABLE_MAP
 * and again at each one that differs from every one listed before (an
 * ALTER TABLE between them).  The walk and the maps are the binlog glue's
 * (mysql_binlog_glue.h).
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "common/hashfn.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "mysql_binlog.h"
#include "mysql_binlog_glue.h"
#include "mysql_binlog_schema.h"
#include "wc_report.h"

#define TABLES_NCOLS 11

/* A table shape listed: the TABLE_MAP body after its table id and flags. */
typedef struct tables_shape
{
	uint32		hash;			/* the key */
	int			n;				/* shapes of this hash */
	uint8	  **body;
	size_t	   *len;
} tables_shape;

typedef struct tables_ctx
{
	ReturnSetInfo *rsinfo;
	binlog_maps maps;
	HTAB	   *shapes;
	MemoryContext cxt;			/* the call's */
	MemoryContext row;			/* reset after each TABLE_MAP */
} tables_ctx;

/* Which column of which TABLE_MAP an error is about (error context). */
typedef struct tables_where
{
	uint32		col;
	uint64		offset;
} tables_where;

static void
tables_context(void *arg)
{
	const tables_where *w = (const tables_where *) arg;

	errcontext("column %u of the TABLE_MAP_EVENT at byte offset %llu", w->col + 1,
			   (unsigned long long) w->offset);
}

/* Is this TABLE_MAP's shape new?  (Remembered when it is.) */
static bool
tables_new_shape(tables_ctx *c, const wc_binlog_state *st, const wc_binlog_event *ev)
{
	size_t		skip = wc_binlog_post_header_len(st, ev->h.type);
	const uint8 *b = ev->body + Min(skip, ev->body_len);
	size_t		n = ev->body_len - Min(skip, ev->body_len);
	uint32		h = hash_bytes(b, (int) n);
	bool		found;
	tables_shape *s = hash_search(c->shapes, &h, HASH_ENTER, &found);
	MemoryContext old;

	if (!found)
		s->n = 0;
	for (int i = 0; i < s->n; i++)
		if (s->len[i] == n && memcmp(s->body[i], b, n) == 0)
			return false;
	old = MemoryContextSwitchTo(c->cxt);
	s->body = s->n ? repalloc(s->body, sizeof(uint8 *) * (s->n + 1)) : palloc(sizeof(uint8 *));
	s->len = s->n ? repalloc(s->len, sizeof(size_t) * (s->n + 1)) : palloc(sizeof(size_t));
	s->body[s->n] = palloc(Max(n, 1));
	memcpy(s->body[s->n], b, n);
	s->len[s->n] = n;
	s->n++;
	MemoryContextSwitchTo(old);
	return true;
}

/* The names of an ENUM or SET column (NULL for another): as many as the
 * map says, each a byte or more of its list (checked before the array is
 * allocated). */
static Datum
tables_enum_values(const wc_binlog_column *col, bool *isnull)
{
	Datum	   *d;
	const uint8 *s;
	size_t		n,
				pos = 0;

	*isnull = col->values == NULL;
	if (*isnull)
		return (Datum) 0;
	if (col->nvalues > col->values_len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid MySQL binlog: %u ENUM or SET value names in %zu bytes",
						col->nvalues, col->values_len)));
	d = palloc(sizeof(Datum) * Max(col->nvalues, 1));
	for (uint32 k = 0; k < col->nvalues; k++)
	{
		if ((k & 4095) == 0)
			CHECK_FOR_INTERRUPTS();
		if (!wc_binlog_enum_next(col, &pos, &s, &n))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
					 errmsg("invalid MySQL binlog: the ENUM or SET value names end after %u of %u", k,
							col->nvalues)));
		d[k] = binlog_utf8_text(s, n, "an ENUM or SET value name");
	}
	return PointerGetDatum(construct_array(d, (int) col->nvalues, TEXTOID, -1, false, TYPALIGN_INT));
}

static void
tables_table_map(void *arg, const wc_binlog_state *st, const wc_binlog_event *ev)
{
	tables_ctx *c = (tables_ctx *) arg;
	wc_error	err;
	uint64		id;
	uint32		ncols;
	const wc_binlog_table *t;
	Datum		schema,
				name;
	const char *qualified;
	MemoryContext old;
	tables_where where;
	ErrorContextCallback cb;

	binlog_maps_add(&c->maps, st, ev);
	if (!tables_new_shape(c, st, ev))
		return;
	if (wc_binlog_table_map_peek(st, ev, &id, &ncols, &err) != WC_OK)
		wc_report(&err, "MySQL binlog TABLE_MAP_EVENT");
	t = binlog_maps_find(&c->maps, ev, id, &schema, &name, &qualified);
	old = MemoryContextSwitchTo(c->row);
	where.offset = ev->offset;
	cb.callback = tables_context;
	cb.arg = &where;
	cb.previous = error_context_stack;
	error_context_stack = &cb;
	for (uint32 i = 0; i < t->ncols; i++)
	{
		const wc_binlog_column *col = &t->cols[i];
		Datum		v[TABLES_NCOLS];
		bool		nulls[TABLES_NCOLS] = {0};
		char		buf[WC_BINLOG_TYPE_NAME_MAX];

		CHECK_FOR_INTERRUPTS();
		where.col = i;
		v[0] = Int64GetDatum(ev->index);
		v[1] = schema;
		v[2] = name;
		v[3] = Int32GetDatum((int32) i + 1);
		nulls[4] = col->name == NULL;
		v[4] = nulls[4] ? (Datum) 0 : binlog_utf8_text(col->name, col->name_len, "a column name");
		wc_binlog_mysql_type(col, buf);
		v[5] = CStringGetTextDatum(buf);
		wc_binlog_pg_type(col, t->has_charsets, buf);
		v[6] = CStringGetTextDatum(buf);
		v[7] = BoolGetDatum(col->nullable);
		v[8] = BoolGetDatum(col->primary_key);
		nulls[9] = col->charset == 0;
		v[9] = Int32GetDatum((int32) col->charset);
		v[10] = tables_enum_values(col, &nulls[10]);
		tuplestore_putvalues(c->rsinfo->setResult, c->rsinfo->setDesc, v, nulls);
	}
	error_context_stack = cb.previous;
	MemoryContextSwitchTo(old);
	MemoryContextReset(c->row);
}

static int64
tables_rows(void *arg, const wc_binlog_state *st, const wc_binlog_event *ev, int64 row)
{
	return row;
}

static Datum
binlog_tables(FunctionCallInfo fcinfo, bool is_lo)
{
	static const binlog_walk_ops ops = {tables_table_map, tables_rows};
	binlog_src	src;
	tables_ctx	c = {0};
	HASHCTL		ctl = {0};

	InitMaterializedSRF(fcinfo, 0);
	c.rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	c.cxt = CurrentMemoryContext;
	c.row = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog_tables row",
								  ALLOCSET_DEFAULT_SIZES);
	ctl.keysize = sizeof(uint32);
	ctl.entrysize = sizeof(tables_shape);
	ctl.hcxt = CurrentMemoryContext;
	c.shapes = hash_create("mysql_binlog_tables shapes", 64, &ctl, HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
	binlog_maps_init(&c.maps, CurrentMemoryContext);
	binlog_src_init(&src, fcinfo, is_lo);
	binlog_walk(&src, &ops, &c);
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(mysql_binlog_tables);
Datum
mysql_binlog_tables(PG_FUNCTION_ARGS)
{
	return binlog_tables(fcinfo, false);
}

PG_FUNCTION_INFO_V1(mysql_binlog_tables_lo);
Datum
mysql_binlog_tables_lo(PG_FUNCTION_ARGS)
{
	return binlog_tables(fcinfo, true);
}
