/*
 * mysql_binlog_typed.c: mysql_binlog_rows(binlog, schema_name, table_name,
 * base), the row changes of one table of a binlog decoded straight into
 * base's row type (core: src/core/mysql_binlog*.c; conversions:
 * src/pg/mysql_row.c).
 *
 * Each column of the table's TABLE_MAP is bound once to an attribute of
 * the row type (by name when the map carries names, else by position) and
 * to a MySQL protocol type, so that every value reaches its attribute by
 * mysql_row_populate_record's rules: integers, FLOAT and DOUBLE from their
 * bytes (which a binlog stores as the binary protocol does), temporal
 * values from the fields the core decodes (the jsonb path prints the
 * same), DECIMAL into numeric from its digits (up to 18) or else through
 * the text the jsonb path renders, strings from their bytes and character
 * set.  Row events of other tables
 * are framed and checked but not decoded.
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "common/shortest_dec.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"

#include "mysql_binary.h"
#include "mysql_binlog_partial.h"
#include "mysql_binlog_typed.h"
#include "wc_report.h"

static const char *const bt_change_names[4] = {NULL, "insert", "update", "delete"};

void
binlog_typed_context(void *arg)
{
	bt_where   *w = (bt_where *) arg;
	const char *tn;

	if (!w->col)
		return;
	tn = wc_binlog_column_type_name(w->col->binlog_type);
	errcontext("MySQL binlog event %lld, row %lld (table %s), column %d (\"%s\", MySQL type %s%s) at byte offset %llu",
			   (long long) w->event, (long long) w->row, w->qualified, w->colno + 1,
			   w->col->rc.name, tn ? tn : "?",
			   w->col->rc.flags & WC_MYSQL_FLAG_UNSIGNED ? " UNSIGNED" : "",
			   (unsigned long long) w->offset);
}

/* ---- binding ---- */

/* The protocol type and route of a TABLE_MAP column. */
static void
bt_col_kind(bt_col *b, const wc_binlog_column *c)
{
	uint8		t = c->real_type;

	b->binlog_type = t;
	b->rc.type = t;
	b->rc.charset = c->charset ? c->charset : 63;
	if (c->is_unsigned)
		b->rc.flags |= WC_MYSQL_FLAG_UNSIGNED;
	switch (t)
	{
		case WC_BINLOG_T_TINY:
		case WC_BINLOG_T_SHORT:
		case WC_BINLOG_T_LONG:
		case WC_BINLOG_T_LONGLONG:
		case WC_BINLOG_T_FLOAT:
		case WC_BINLOG_T_DOUBLE:
		case WC_BINLOG_T_NULL:
			b->how = BT_BINARY;
			break;
		case WC_BINLOG_T_INT24:
			b->how = BT_INT24;
			break;
		case WC_BINLOG_T_YEAR:
			b->how = BT_YEAR;
			break;
		case WC_BINLOG_T_BIT:
			b->how = BT_BINARY;
			b->rc.column_length = (c->meta >> 8) * 8 + (c->meta & 0xff);
			break;
		case WC_BINLOG_T_NEWDECIMAL:
			/* into numeric (bt_bind): BT_DECIMAL when short enough */
			b->how = BT_TEXT;
			break;
		case WC_BINLOG_T_DATE:
		case WC_BINLOG_T_TIME:
		case WC_BINLOG_T_DATETIME:
			b->how = BT_TEMPORAL;
			break;
		case WC_BINLOG_T_NEWDATE:
			b->how = BT_TEMPORAL;
			b->rc.type = WC_MYSQL_TYPE_DATE;
			break;
		case WC_BINLOG_T_TIME2:
			b->how = BT_TEMPORAL;
			b->rc.type = WC_MYSQL_TYPE_TIME;
			break;
		case WC_BINLOG_T_DATETIME2:
			b->how = BT_TEMPORAL;
			b->rc.type = WC_MYSQL_TYPE_DATETIME;
			break;
		case WC_BINLOG_T_TIMESTAMP:
		case WC_BINLOG_T_TIMESTAMP2:
			b->how = BT_TEMPORAL;
			b->rc.type = WC_MYSQL_TYPE_TIMESTAMP;
			b->rc.utc = true;
			break;
		case WC_BINLOG_T_ENUM:
		case WC_BINLOG_T_SET:
			if (c->values == NULL)
			{
				/* the 1-based index or the bit mask */
				b->how = BT_TEXT;
				b->rc.type = WC_MYSQL_TYPE_LONGLONG;
				b->rc.flags |= WC_MYSQL_FLAG_UNSIGNED;
			}
			else
			{
				b->how = BT_JSON_STRING;
				b->rc.type = WC_MYSQL_TYPE_STRING;
				b->rc.charset = 45;		/* utf8mb4: the rendered names */
			}
			break;
		case WC_BINLOG_T_STRING:
		case WC_BINLOG_T_VARCHAR:
		case WC_BINLOG_T_VAR_STRING:
		case WC_BINLOG_T_TINY_BLOB:
		case WC_BINLOG_T_MEDIUM_BLOB:
		case WC_BINLOG_T_LONG_BLOB:
		case WC_BINLOG_T_BLOB:
			b->prefix = wc_binlog_length_prefix(c);
			if (c->charset && wc_mysql_charset_of((uint16) Min(c->charset, PG_UINT16_MAX)) ==
				WC_MYSQL_CS_UNKNOWN)
			{
				/* UCS-2, UTF-16, UTF-32 (or a set neither side converts):
				 * the core converts them to UTF-8 or names the collation */
				b->how = BT_JSON_STRING;
				b->rc.charset = 45;
			}
			else
				b->how = BT_STRING;
			if (t == WC_BINLOG_T_STRING && c->charset == 63)
				b->pad_to = c->max_len;
			break;
		case WC_BINLOG_T_GEOMETRY:
		case WC_BINLOG_T_VECTOR:
			b->how = BT_STRING;
			b->prefix = wc_binlog_length_prefix(c);
			b->rc.charset = 63;
			break;
		case WC_BINLOG_T_JSON:
		default:
			/* MySQL JSON; an unknown type is named by the core's error */
			b->how = BT_DOCUMENT;
			b->rc.charset = 45;
			break;
	}
}

/* The column's name (or "@n") in the database encoding. */
static void
bt_col_name(bt_col *b, const wc_binlog_column *c, int i)
{
	if (c->name)
	{
		char	   *u = pnstrdup((const char *) c->name, c->name_len);

		strlcpy(b->rc.name, pg_any_to_server(u, (int) c->name_len, PG_UTF8), sizeof(b->rc.name));
	}
	else
		snprintf(b->rc.name, sizeof(b->rc.name), "@%d", i + 1);
}

/* The live attribute of td named name: exact, else the one equal ignoring
 * ASCII case; -1 for none. */
static int
bt_attr_by_name(TupleDesc td, const char *name)
{
	int			found = -1;

	for (int a = 0; a < td->natts; a++)
	{
		Form_pg_attribute att = TupleDescAttr(td, a);

		if (att->attisdropped)
			continue;
		if (strcmp(NameStr(att->attname), name) == 0)
			return a;
		if (found < 0 && pg_strcasecmp(NameStr(att->attname), name) == 0)
			found = a;
	}
	return found;
}

static void
bt_bind_error(const wc_binlog_event *ev, const char *qualified, int colno, const char *msg)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("MySQL binlog event %lld (TABLE_MAP_EVENT, table %s): %s",
					(long long) ev->index, qualified, msg),
			 colno > 0 ?
			 errdetail("At byte offset %llu (column %d).", (unsigned long long) ev->offset, colno) :
			 errdetail("At byte offset %llu.", (unsigned long long) ev->offset)));
}

/*
 * Bind the columns of TABLE_MAP t (event ev, body key[0 .. keylen) after
 * its post-header) to the row type.  Built in a context of its own and
 * published when complete.
 */
static void
bt_bind(bt_state *s, const wc_binlog_event *ev, const wc_binlog_table *t, const char *qualified,
		const uint8 *key, size_t keylen)
{
	bt_cache   *bc = s->cache;
	row_type   *rt = &bc->type;
	TupleDesc	td = rt->tupdesc;
	MemoryContext cxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog_rows binding",
											  ALLOCSET_SMALL_SIZES);
	MemoryContext old = MemoryContextSwitchTo(cxt);
	bt_col	   *cols = palloc0(sizeof(bt_col) * Max(t->ncols, 1));
	int			att = 0;

	if ((int) t->ncols != rt->nlive)
		rt_report_count_at(psprintf("table %s (MySQL binlog event %lld, TABLE_MAP_EVENT)",
									qualified, (long long) ev->index),
						   "table columns", t->ncols, rt->rectype, rt->nlive,
						   psprintf("At byte offset %llu.", (unsigned long long) ev->offset),
						   NULL);
	for (uint32 i = 0; i < t->ncols; i++)
	{
		bt_col	   *b = &cols[i];
		int			a;

		bt_col_name(b, &t->cols[i], (int) i);
		if (t->has_names)
		{
			/* the log's names differ even ignoring case: one column an
			 * attribute */
			a = bt_attr_by_name(td, b->rc.name);
			if (a < 0)
				bt_bind_error(ev, qualified, (int) i + 1,
							  psprintf("column \"%s\" is not an attribute of type %s",
									   b->rc.name, format_type_be(rt->rectype)));
		}
		else
		{
			while (TupleDescAttr(td, att)->attisdropped)
				att++;
			a = att++;
		}
		bt_col_kind(b, &t->cols[i]);
		b->rc.attnum = a;
		b->rc.t = &rt->atts[a];
		mysql_row_column_charset(&b->rc);
		if (b->binlog_type == WC_BINLOG_T_NEWDECIMAL && b->rc.t->base == NUMERICOID &&
			t->cols[i].precision <= 18)
			b->how = BT_DECIMAL;
	}
	bc->key = palloc(Max(keylen, 1));
	memcpy(bc->key, key, keylen);
	MemoryContextSwitchTo(old);

	MemoryContextSetParent(cxt, s->fn_mcxt);
	if (bc->bcxt)
		MemoryContextDelete(bc->bcxt);
	bc->bcxt = cxt;
	bc->keylen = keylen;
	bc->ncols = (int) t->ncols;
	bc->cols = cols;
}

/* A TABLE_MAP: remember it, and bind it when it is the table's. */
static void
bt_table_map(bt_state *s, const wc_binlog_state *st, const wc_binlog_event *ev)
{
	wc_error	err;
	uint64		id;
	uint32		ncols;
	const wc_binlog_table *t;
	const char *qualified;

	binlog_maps_add(&s->maps, st, ev);
	if (wc_binlog_table_map_peek(st, ev, &id, &ncols, &err) != WC_OK)
		wc_report(&err, "MySQL binlog TABLE_MAP_EVENT");
	t = binlog_maps_find(&s->maps, ev, id, NULL, NULL, &qualified);
	if (t->schema_len != s->schema_len || t->name_len != s->table_len ||
		memcmp(t->schema, s->schema, s->schema_len) != 0 ||
		memcmp(t->name, s->table, s->table_len) != 0)
	{
		if (s->have_id && s->table_id == id)
			s->have_id = false;
		return;
	}
	s->have_id = true;
	s->table_id = id;
	binlog_typed_bind(s, st, ev, t, qualified);
}

void
binlog_typed_bind(bt_state *s, const wc_binlog_state *st, const wc_binlog_event *ev,
				  const wc_binlog_table *t, const char *qualified)
{
	bt_cache   *bc = s->cache;
	size_t		phl = Min(wc_binlog_post_header_len(st, WC_BINLOG_TABLE_MAP_EVENT), ev->body_len);

	if (bc->bcxt && bc->keylen == ev->body_len - phl &&
		memcmp(bc->key, ev->body + phl, bc->keylen) == 0)
		return;
	bt_bind(s, ev, t, qualified, ev->body + phl, ev->body_len - phl);
}

/* ---- values ---- */

/* A JSON string as the core renders it ("..." with \" \\ \n \r \t \u00XX)
 * into s->str as UTF-8. */
static void
bt_unescape(bt_state *s, const uint8 *p, size_t n)
{
	resetStringInfo(&s->str);
	for (size_t i = 1; i + 1 < n; i++)
	{
		if (p[i] != '\\')
		{
			size_t		j = i + 1;

			while (j + 1 < n && p[j] != '\\')
				j++;
			appendBinaryStringInfo(&s->str, (const char *) p + i, (int) (j - i));
			i = j - 1;
			continue;
		}
		i++;
		switch (p[i])
		{
			case 'n':
				appendStringInfoChar(&s->str, '\n');
				break;
			case 'r':
				appendStringInfoChar(&s->str, '\r');
				break;
			case 't':
				appendStringInfoChar(&s->str, '\t');
				break;
			case 'u':
				{
					/* only control characters are written this way */
					unsigned	v = 0;

					for (int k = 1; k <= 4 && i + k + 1 < n; k++)
						v = v << 4 | (unsigned) (p[i + k] <= '9' ? p[i + k] - '0' : (p[i + k] | 0x20) - 'a' + 10);
					appendStringInfoChar(&s->str, (char) v);
					i += 4;
					break;
				}
			default:
				appendStringInfoChar(&s->str, (char) p[i]);
				break;
		}
	}
}

/* The core's error about column i's value (the message names the column). */
static void
bt_value_error(bt_state *s, const wc_binlog_event *ev, const wc_binlog_table *t,
			   const char *qualified, uint32 i, wc_error *err)
{
	wc_at_index(err, wc_in_field(err, err->status, wc_binlog_column_type_name(t->cols[i].real_type)),
				"column", (int64) i + 1);
	s->where.col = NULL;
	binlog_render_error(err, ev, t, qualified, s->where.row, &s->opts);
}

/* Render column i's value as the jsonb path does (errors name the column). */
static void
bt_render(bt_state *s, const wc_binlog_event *ev, const wc_binlog_table *t, const char *qualified,
		  uint32 i, const wc_binlog_cell *cell)
{
	wc_error	err;

	do
	{
		s->out.len = 0;
		if (wc_binlog_value_json(&t->cols[i], cell, &s->opts, &s->out, &err) != WC_OK)
			bt_value_error(s, ev, t, qualified, i, &err);
	} while (binlog_render_grow(&s->out));
}

/* One value of column i into its attribute. */
static Datum
bt_value(bt_state *s, const wc_binlog_event *ev, const wc_binlog_table *t, const char *qualified,
		 uint32 i, const wc_binlog_cell *cell, bool *isnull)
{
	const bt_col *b = &s->cache->cols[i];
	const uint8 *p = cell->p;
	size_t		n = cell->len;

	if (cell->partial)
	{
		/* a partial JSON update: the before document with the diffs applied
		 * (mysql_binlog_partial.c), as UTF-8 text like a rendered one */
		binlog_partial_ctx pc = {.t = t, .before = s->before, .after = s->cells,
			.opts = &s->opts, .out = &s->out, .ev = ev, .qualified = qualified,
		.row = s->where.row};
		Jsonb	   *doc = DatumGetJsonbP(binlog_partial_column(&pc, i));
		char	   *text = JsonbToCString(NULL, &doc->root, VARSIZE(doc));
		size_t		len = strlen(text);

		if (GetDatabaseEncoding() != PG_UTF8)
		{
			text = pg_server_to_any(text, (int) len, PG_UTF8);
			len = strlen(text);
		}
		return mysql_row_value(&b->rc, false, (const uint8 *) text, len, isnull);
	}
	switch ((bt_how) b->how)
	{
		case BT_BINARY:
			return mysql_row_value(&b->rc, true, p, n, isnull);
		case BT_INT24:
			{
				uint32		u = (uint32) p[0] | (uint32) p[1] << 8 | (uint32) p[2] << 16;

				if ((p[2] & 0x80) && !(b->rc.flags & WC_MYSQL_FLAG_UNSIGNED))
					return rt_from_uint64(b->rc.t, true, (uint64) (0x1000000 - u));
				return rt_from_uint64(b->rc.t, false, u);
			}
		case BT_YEAR:
			return rt_from_uint64(b->rc.t, false, p[0] ? 1900u + p[0] : 0);
		case BT_DECIMAL:
			{
				wc_binlog_decimal d;
				wc_error	err;
				uint64		v = 0;

				if (wc_binlog_value_decimal(&t->cols[i], cell, &d, &err) != WC_OK)
					bt_value_error(s, ev, t, qualified, i, &err);
				for (int k = 0; k < d.ndigits; k++)
					v = v * 10 + (uint64) (d.digits[k] - '0');
				return rt_from_decimal(b->rc.t, d.negative, v, d.ndigits - d.point);
			}
		case BT_TEMPORAL:
			{
				wc_binlog_temporal tm;
				wc_error	err;

				if (wc_binlog_value_temporal(&t->cols[i], cell, &tm, &err) != WC_OK)
					bt_value_error(s, ev, t, qualified, i, &err);
				if (tm.kind == WC_BINLOG_TEMPORAL_TIME)
				{
					rt_duration d = {.negative = tm.negative != 0, .hour = tm.hour,
						.minute = tm.minute, .second = tm.second, .microsecond = tm.usec};

					return rt_from_time(b->rc.t, &d, "MySQL TIME");
				}
				if (tm.year <= 9999)
				{
					rt_datetime dt = {.year = tm.year, .month = tm.month, .day = tm.day,
						.hour = tm.hour, .minute = tm.minute, .second = tm.second,
					.microsecond = tm.usec};

					return rt_from_datetime(b->rc.t, &dt, b->rc.type == WC_MYSQL_TYPE_DATE,
											b->rc.utc, isnull);
				}
				/* a DATE past 9999: as its text shows it (4 digits) */
			}
			/* FALLTHROUGH */
		case BT_TEXT:
			bt_render(s, ev, t, qualified, i, cell);
			p = s->out.p;
			n = s->out.len;
			if (n >= 2 && p[0] == '"')
			{
				p++;
				n -= 2;
			}
			return mysql_row_value(&b->rc, false, p, n, isnull);
		case BT_STRING:
			if (b->pad_to > n - b->prefix && b->rc.t->base == BYTEAOID)
			{
				/* BINARY(n) is logged without its trailing 00 padding */
				bytea	   *r = (bytea *) palloc0(VARHDRSZ + b->pad_to);

				SET_VARSIZE(r, VARHDRSZ + b->pad_to);
				memcpy(VARDATA(r), p + b->prefix, n - b->prefix);
				return rt_domain_check(b->rc.t, PointerGetDatum(r), false);
			}
			return mysql_row_value(&b->rc, false, p + b->prefix, n - b->prefix, isnull);
		case BT_JSON_STRING:
			if (b->prefix && b->rc.t->base == BYTEAOID)
				/* a string into bytea: its bytes, as in any character set */
				return mysql_row_value(&b->rc, false, p + b->prefix, n - b->prefix, isnull);
			bt_render(s, ev, t, qualified, i, cell);
			bt_unescape(s, s->out.p, s->out.len);
			return mysql_row_value(&b->rc, false, (const uint8 *) s->str.data, s->str.len, isnull);
		case BT_DOCUMENT:
			bt_render(s, ev, t, qualified, i, cell);
			return mysql_row_value(&b->rc, false, s->out.p, s->out.len, isnull);
	}
	return (Datum) 0;
}

/* One decoded image into the row type's values and nulls (absent columns
 * NULL). */
void
binlog_typed_fill(bt_state *s, const wc_binlog_event *ev, const wc_binlog_table *t, const char *qualified)
{
	row_type   *rt = &s->cache->type;

	for (int a = 0; a < rt->tupdesc->natts; a++)
		rt->nulls[a] = true;
	for (uint32 i = 0; i < t->ncols; i++)
	{
		const wc_binlog_cell *cell = &s->cells[i];
		const bt_col *b = &s->cache->cols[i];
		bool		isnull = false;
		Datum		v;

		if (cell->state != WC_BINLOG_CELL_VALUE)
			continue;
		s->where.col = b;
		s->where.colno = (int) i;
		s->where.offset = cell->offset;
		v = bt_value(s, ev, t, qualified, i, cell, &isnull);
		rt->values[b->rc.attnum] = v;
		rt->nulls[b->rc.attnum] = isnull;
	}
	s->where.col = NULL;
}

/* One decoded image as a row of the row type. */
static Datum
bt_image(bt_state *s, const wc_binlog_event *ev, const wc_binlog_table *t, const char *qualified)
{
	row_type   *rt = &s->cache->type;

	binlog_typed_fill(s, ev, t, qualified);
	return HeapTupleGetDatum(heap_form_tuple(rt->tupdesc, rt->values, rt->nulls));
}

/* A loader's image: into the table. */
static void
bt_load_image(bt_state *s, const wc_binlog_event *ev, const wc_binlog_table *t,
			  const char *qualified)
{
	MemoryContext old = MemoryContextSwitchTo(s->rowcxt);

	binlog_typed_fill(s, ev, t, qualified);
	wc_table_load_put(s->load, s->cache->type.values, s->cache->type.nulls);
	MemoryContextSwitchTo(old);
	MemoryContextReset(s->rowcxt);
}

/* The rows of a row event into a loader's table: the images it asked for
 * (after: of inserts and updates; before: of updates and deletes), numbered
 * on from row; returns the last number. */
static int64
bt_load_rows(bt_state *s, const wc_binlog_event *ev, const wc_binlog_table *t,
			 const char *qualified, wc_binlog_rows *r, int64 row)
{
	wc_error	err;
	size_t		pos = 0;
	bool		first = s->want_after ? r->change == WC_BINLOG_INSERT : r->change != WC_BINLOG_INSERT;

	while (pos < r->rows_len)
	{
		CHECK_FOR_INTERRUPTS();
		row++;
		s->where.row = row;
		if (wc_binlog_image_decode(r, t, false, &pos, s->cells, &err) != WC_OK)
			binlog_row_error(&err, ev, t, qualified, row);
		if (first)
			bt_load_image(s, ev, t, qualified);
		if (r->change == WC_BINLOG_UPDATE)
		{
			if (r->partial)
				memcpy(s->before, s->cells, sizeof(wc_binlog_cell) * t->ncols);
			if (wc_binlog_image_decode(r, t, true, &pos, s->cells, &err) != WC_OK)
				binlog_row_error(&err, ev, t, qualified, row);
			if (s->want_after)
				bt_load_image(s, ev, t, qualified);
		}
	}
	return row;
}

/* ---- events ---- */

/* The rows of one row event of the table, numbered on from row (other
 * tables' events are skipped undecoded: row stays); returns the last
 * number. */
static int64
bt_rows_event(bt_state *s, const wc_binlog_state *st, const wc_binlog_event *ev, int64 row)
{
	wc_error	err;
	wc_binlog_rows r;
	const wc_binlog_table *t;
	const char *qualified;
	size_t		pos = 0;
	Datum		change;
	Datum		gtid;

	if (wc_binlog_rows_decode(st, ev, &r, &err) != WC_OK)
		wc_report(&err, psprintf("MySQL binlog event %lld (%s)", (long long) ev->index,
								 wc_binlog_event_type_name(ev->h.type)));
	t = binlog_maps_find(&s->maps, ev, r.table_id, NULL, NULL, &qualified);
	if (!s->have_id || r.table_id != s->table_id)
		return row;
	if (r.compressed)
	{
		size_t		len;

		r.rows = binlog_inflate_record(r.rows, r.rows_len, r.rows_offset, 0, &len, ev);
		r.rows_len = len;
	}
	binlog_typed_reserve(s, t->ncols);
	if (s->load)
	{
		s->where.event = ev->index;
		s->where.qualified = qualified;
		return bt_load_rows(s, ev, t, qualified, &r, row);
	}
	change = CStringGetTextDatum(bt_change_names[r.change]);
	gtid = st->have_gtid ? CStringGetTextDatum(st->gtid) : (Datum) 0;
	s->where.event = ev->index;
	s->where.qualified = qualified;
	while (pos < r.rows_len)
	{
		Datum		values[7];
		bool		nulls[7] = {0};
		MemoryContext old;

		CHECK_FOR_INTERRUPTS();
		row++;
		s->where.row = row;
		old = MemoryContextSwitchTo(s->rowcxt);
		values[0] = Int64GetDatum(ev->index);
		values[1] = Int64GetDatum((int64) ev->h.log_pos);
		values[2] = gtid;
		nulls[2] = !st->have_gtid;
		values[3] = change;
		values[4] = Int64GetDatum(row);
		nulls[5] = nulls[6] = true;
		if (wc_binlog_image_decode(&r, t, false, &pos, s->cells, &err) != WC_OK)
			binlog_row_error(&err, ev, t, qualified, row);
		if (r.change == WC_BINLOG_INSERT)
		{
			values[6] = bt_image(s, ev, t, qualified);
			nulls[6] = false;
		}
		else
		{
			values[5] = bt_image(s, ev, t, qualified);
			nulls[5] = false;
		}
		if (r.change == WC_BINLOG_UPDATE)
		{
			if (r.partial)
				memcpy(s->before, s->cells, sizeof(wc_binlog_cell) * t->ncols);
			if (wc_binlog_image_decode(&r, t, true, &pos, s->cells, &err) != WC_OK)
				binlog_row_error(&err, ev, t, qualified, row);
			values[6] = bt_image(s, ev, t, qualified);
			nulls[6] = false;
		}
		tuplestore_putvalues(s->rsinfo->setResult, s->store_desc, values, nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(s->rowcxt);
	}
	return row;
}

static void
bt_walk_table_map(void *arg, const wc_binlog_state *st, const wc_binlog_event *ev)
{
	bt_table_map((bt_state *) arg, st, ev);
}

static int64
bt_walk_rows(void *arg, const wc_binlog_state *st, const wc_binlog_event *ev, int64 row)
{
	return bt_rows_event((bt_state *) arg, st, ev, row);
}

void
binlog_typed_init(bt_state *s, bt_cache *bc, MemoryContext fn_mcxt)
{
	memset(s, 0, sizeof(*s));
	s->fn_mcxt = fn_mcxt;
	s->cache = bc;
	binlog_render_init(&s->opts, &s->out, 1024, BINLOG_VALUE_TEXT_LIMIT);
	initStringInfo(&s->str);
	s->cells_cap = 64;
	s->cells = palloc(sizeof(wc_binlog_cell) * s->cells_cap);
	s->before = palloc(sizeof(wc_binlog_cell) * s->cells_cap);
	s->rowcxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog_rows typed row",
									  ALLOCSET_DEFAULT_SIZES);
}

void
binlog_typed_reserve(bt_state *s, uint32 ncols)
{
	if (ncols > s->cells_cap)
	{
		s->cells = repalloc(s->cells, sizeof(wc_binlog_cell) * ncols);
		s->before = repalloc(s->before, sizeof(wc_binlog_cell) * ncols);
		s->cells_cap = ncols;
	}
}

/* The text argument as UTF-8 (the log's names are). */
static const char *
bt_utf8_arg(FunctionCallInfo fcinfo, int argno, size_t *len)
{
	text	   *t = PG_GETARG_TEXT_PP(argno);
	const char *s = pg_server_to_any(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), PG_UTF8);

	*len = s == VARDATA_ANY(t) ? VARSIZE_ANY_EXHDR(t) : strlen(s);
	return s;
}

/* The call site's cache. */
static bt_cache *
bt_cache_get(FunctionCallInfo fcinfo)
{
	bt_cache   *bc = (bt_cache *) fcinfo->flinfo->fn_extra;

	if (bc == NULL)
	{
		bc = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(bt_cache));
		fcinfo->flinfo->fn_extra = bc;
	}
	return bc;
}

/*
 * The walk of both forms: the typed rows go to the function scan's
 * tuplestore (rsinfo), or the images asked for into a loader's table.
 */
static void
bt_walk(FunctionCallInfo fcinfo, bool lo, bt_cache *bc, ReturnSetInfo *rsinfo,
		wc_table_load *load, bool want_after)
{
	static const binlog_walk_ops ops = {bt_walk_table_map, bt_walk_rows};
	bt_state	s;
	binlog_src	src;
	ErrorContextCallback cb;
	MemoryContext callcxt,
				old;

	callcxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog_rows typed",
									ALLOCSET_DEFAULT_SIZES);
	old = MemoryContextSwitchTo(callcxt);
	binlog_typed_init(&s, bc, fcinfo->flinfo->fn_mcxt);
	s.rsinfo = rsinfo;
	s.load = load;
	s.want_after = want_after;
	s.schema = bt_utf8_arg(fcinfo, 1, &s.schema_len);
	s.table = bt_utf8_arg(fcinfo, 2, &s.table_len);

	if (rsinfo)
	{
		/*
		 * The before and after images are stored with their 4-byte headers:
		 * an image packed to a 1-byte header (any under 127 bytes) would be
		 * copied back out by every field selected from it ((after).* selects
		 * each).  Readers deform the rows with their own descriptor, which
		 * reads either header.
		 */
		s.store_desc = CreateTupleDescCopy(rsinfo->setDesc);
		for (int a = 0; a < s.store_desc->natts; a++)
		{
			Form_pg_attribute att = TupleDescAttr(s.store_desc, a);

			if (att->atttypid == bc->type.rectype)
				att->attstorage = TYPSTORAGE_PLAIN;
		}
	}
	binlog_maps_init(&s.maps, callcxt);
	binlog_src_init(&src, fcinfo, lo);

	cb.callback = binlog_typed_context;
	cb.arg = &s.where;
	cb.previous = error_context_stack;
	error_context_stack = &cb;
	binlog_walk(&src, &ops, &s);
	error_context_stack = cb.previous;
	MemoryContextSwitchTo(old);
	MemoryContextDelete(callcxt);
}

static void
binlog_rows_typed(FunctionCallInfo fcinfo, bool lo)
{
	bt_cache   *bc = bt_cache_get(fcinfo);

	if (row_type_check(&bc->type, fcinfo, 3, "base") && bc->bcxt)
	{
		/* the row type changed: bind again */
		MemoryContextDelete(bc->bcxt);
		bc->bcxt = NULL;
	}
	InitMaterializedSRF(fcinfo, 0);
	if (PG_ARGISNULL(0) || PG_ARGISNULL(1) || PG_ARGISNULL(2))
		return;
	bt_walk(fcinfo, lo, bc, (ReturnSetInfo *) fcinfo->resultinfo, NULL, false);
}

/* mysql_binlog_load(binlog, schema_name, table_name, target, image): the
 * images into the table; the number of rows inserted. */
static Datum
binlog_load(FunctionCallInfo fcinfo, bool lo)
{
	bt_cache   *bc = bt_cache_get(fcinfo);
	text	   *image = PG_GETARG_TEXT_PP(4);
	const char *im = VARDATA_ANY(image);
	size_t		imlen = VARSIZE_ANY_EXHDR(image);
	bool		want_after;
	wc_table_load *load;

	if (imlen == 5 && memcmp(im, "after", 5) == 0)
		want_after = true;
	else if (imlen == 6 && memcmp(im, "before", 6) == 0)
		want_after = false;
	else
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("image must be 'after' or 'before', not \"%s\"", text_to_cstring(image))));
	load = wc_table_load_begin(PG_GETARG_OID(3), lo ? "mysql_binlog_load_lo" : "mysql_binlog_load",
							   lo ? "mysql_binlog_rows_lo(...)" : "mysql_binlog_rows(...)");
	if (row_type_of(&bc->type, wc_table_load_rowtype(load), fcinfo->flinfo->fn_mcxt) &&
		bc->bcxt)
	{
		MemoryContextDelete(bc->bcxt);
		bc->bcxt = NULL;
	}
	bt_walk(fcinfo, lo, bc, NULL, load, want_after);
	PG_RETURN_INT64(wc_table_load_end(load));
}

PG_FUNCTION_INFO_V1(mysql_binlog_rows_typed);
Datum
mysql_binlog_rows_typed(PG_FUNCTION_ARGS)
{
	binlog_rows_typed(fcinfo, false);
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(mysql_binlog_rows_typed_lo);
Datum
mysql_binlog_rows_typed_lo(PG_FUNCTION_ARGS)
{
	binlog_rows_typed(fcinfo, true);
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(mysql_binlog_load);
Datum
mysql_binlog_load(PG_FUNCTION_ARGS)
{
	return binlog_load(fcinfo, false);
}

PG_FUNCTION_INFO_V1(mysql_binlog_load_lo);
Datum
mysql_binlog_load_lo(PG_FUNCTION_ARGS)
{
	return binlog_load(fcinfo, true);
}
