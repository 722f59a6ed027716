/*
 * fuzz_mysql_binlog.c: libFuzzer target for the binlog core.  The input,
 * after the binlog magic, is read as a whole file: every event is framed,
 * TABLE_MAPs are decoded into a small table of maps, row events (not the
 * compressed ones) into images rendered as JSON, TRANSACTION_PAYLOAD
 * headers decoded, the JSON diffs of partial updates read leg by leg; the
 * first input byte also runs the binary JSON decoder (bit 0) and the JSON
 * diff reader (bit 1) on the rest.  Every error offset must lie inside the file, framing must
 * advance, every cell must lie inside its event, and rendering into a
 * short buffer must count the same length as into a large one; any
 * violation abort()s, the sanitizers catch out-of-bounds reads.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_binlog.h"
#include "mysql_binlog_schema.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)
#define MAPS 4
#define COLS 64

static wc_binlog_table maps[MAPS];
static wc_binlog_column cols[MAPS][COLS];
static uint8_t bodies[MAPS][2048];
static uint8_t out[1 << 16];
static uint8_t small[16];

/* Render an image twice: into a large buffer and a 16-byte one. */
static void
render(const wc_binlog_table *t, const wc_binlog_cell *cells)
{
	wc_binlog_out a = {out, sizeof(out), 0},
				b = {small, sizeof(small), 0};
	wc_error	e1,
				e2;
	wc_status	s1 = wc_binlog_image_json(t, cells, NULL, &a, &e1);
	wc_status	s2 = wc_binlog_image_json(t, cells, NULL, &b, &e2);

	REQUIRE(s1 == s2);
	if (s1 == WC_OK)
		REQUIRE(a.len == b.len);
}

/* A partial JSON cell's diffs: each diff inside the cell, its path's legs
 * and member names (never longer than written), its value rendered twice. */
static void
diffs(const wc_binlog_cell *c)
{
	static uint8_t key[1 << 20];
	size_t		pos = 0;

	while (pos < c->len)
	{
		wc_binlog_json_diff d;
		wc_binlog_json_leg leg;
		wc_error	err;
		size_t		was = pos,
					lp = 0;

		if (wc_binlog_json_diff_next(c, &pos, &d, &err) != WC_OK)
		{
			REQUIRE(err.offset >= c->offset && err.offset <= c->offset + c->len);
			return;
		}
		REQUIRE(pos > was && pos <= c->len);
		REQUIRE(d.path >= c->p && d.path + d.path_len <= c->p + c->len);
		REQUIRE(wc_binlog_json_diff_op_name(d.op) != NULL);
		do
		{
			/* wc_binlog_json_diff_next checked the whole path */
			REQUIRE(wc_binlog_json_path_next(d.path, d.path_len, d.path_offset, &lp, &leg,
											 &err) == WC_OK);
			REQUIRE(lp <= d.path_len);
			if (leg.kind == WC_BINLOG_LEG_MEMBER)
			{
				REQUIRE(leg.key >= d.path && leg.key + leg.key_len <= d.path + d.path_len);
				REQUIRE(wc_binlog_json_leg_key(&leg, key) <= leg.key_len);
			}
		} while (leg.kind != WC_BINLOG_LEG_END);
		if (d.value)
		{
			wc_binlog_out a = {out, sizeof(out), 0},
						b = {small, sizeof(small), 0};
			wc_error	e2;
			wc_status	s1,
						s2;

			REQUIRE(d.value >= c->p && d.value + d.value_len <= c->p + c->len);
			s1 = wc_binlog_mysql_json(d.value, d.value_len, d.value_offset, NULL, &a, &err);
			s2 = wc_binlog_mysql_json(d.value, d.value_len, d.value_offset, NULL, &b, &e2);
			REQUIRE(s1 == s2);
			if (s1 == WC_OK)
				REQUIRE(a.len == b.len);
			else
				REQUIRE(err.offset <= d.value_offset + d.value_len);
		}
		else
			REQUIRE(d.op == WC_BINLOG_JSON_REMOVE);
	}
}

static void
walk(const uint8_t *f, size_t n)
{
	wc_binlog_state st;
	wc_binlog_event ev;
	wc_error	err;
	int			nmaps = 0;

	if (wc_binlog_begin(&st, f, n, &err) != WC_OK)
	{
		REQUIRE(err.offset <= n);
		return;
	}
	while (st.offset < n)
	{
		uint64_t	before = st.offset;
		int			change;
		bool		compressed;

		if (wc_binlog_next(&st, f + st.offset, n - st.offset, &ev, &err) != WC_OK)
		{
			REQUIRE(err.offset <= n);
			return;
		}
		REQUIRE(st.offset > before && st.offset <= n);
		REQUIRE(ev.body >= f && ev.body + ev.body_len <= f + n);
		if (ev.h.type == WC_BINLOG_PREVIOUS_GTIDS_LOG_EVENT || ev.h.type == WC_BINLOG_GTID_LIST_EVENT)
		{
			/* the size asked first is the size the text takes */
			static char gs[1 << 16];
			size_t		need = 0,
						again = 0;
			wc_status	s1 = wc_binlog_gtid_state_text(&ev, NULL, 0, &need, &err);

			if ((s1 == WC_OK || s1 == WC_NULL) && need <= sizeof(gs))
			{
				REQUIRE(wc_binlog_gtid_state_text(&ev, gs, need, &again, &err) == s1);
				REQUIRE(again == need && strlen(gs) + 1 == need);
			}
			else if (s1 != WC_OK && s1 != WC_NULL)
				REQUIRE(err.offset <= n);
			continue;
		}
		if (ev.h.type == WC_BINLOG_TABLE_MAP_EVENT)
		{
			uint64_t	id;
			uint32_t	nc;
			wc_binlog_event copy = ev;
			int			k;

			if (wc_binlog_table_map_peek(&st, &ev, &id, &nc, &err) != WC_OK)
			{
				REQUIRE(err.offset <= n);
				continue;
			}
			if (nc > COLS || ev.body_len > sizeof(bodies[0]))
				continue;
			for (k = 0; k < nmaps; k++)
				if (maps[k].table_id == id)
					break;
			if (k == nmaps)
			{
				if (nmaps == MAPS)
					continue;
				nmaps++;
			}
			memcpy(bodies[k], ev.body, ev.body_len);
			copy.body = bodies[k];
			maps[k].cols = cols[k];
			if (wc_binlog_table_map_decode(&st, &copy, &maps[k], &err) != WC_OK)
			{
				maps[k].table_id = UINT64_MAX;
				maps[k].ncols = 0;
			}
			/* the type names of every column fit their buffer; the ENUM and
			 * SET names stay inside the map */
			for (uint32_t i = 0; i < maps[k].ncols; i++)
			{
				const wc_binlog_column *c = &maps[k].cols[i];
				char		name[WC_BINLOG_TYPE_NAME_MAX];
				const uint8_t *v;
				size_t		vn,
							vpos = 0;

				REQUIRE(wc_binlog_mysql_type(c, name) < sizeof(name) && name[0] != '\0');
				REQUIRE(wc_binlog_pg_type(c, maps[k].has_charsets, name) < sizeof(name) && name[0] != '\0');
				for (uint32_t e = 0; e < c->nvalues && wc_binlog_enum_next(c, &vpos, &v, &vn); e++)
					REQUIRE(v >= bodies[k] && v + vn <= bodies[k] + ev.body_len && vpos <= c->values_len);
			}
		}
		else if (wc_binlog_is_rows_event(ev.h.type, &change, &compressed) && !compressed)
		{
			wc_binlog_rows r;
			size_t		pos = 0;
			int			k;

			if (wc_binlog_rows_decode(&st, &ev, &r, &err) != WC_OK)
			{
				REQUIRE(err.offset <= n);
				continue;
			}
			for (k = 0; k < nmaps; k++)
				if (maps[k].table_id == r.table_id && maps[k].ncols > 0)
					break;
			if (k == nmaps)
				continue;
			while (pos < r.rows_len)
			{
				wc_binlog_cell cells[COLS];
				size_t		was = pos;

				if (wc_binlog_image_decode(&r, &maps[k], false, &pos, cells, &err) != WC_OK)
					break;
				REQUIRE(pos > was && pos <= r.rows_len);
				for (uint32_t i = 0; i < maps[k].ncols; i++)
					if (cells[i].state == WC_BINLOG_CELL_VALUE)
						REQUIRE(cells[i].p >= r.rows && cells[i].p + cells[i].len <= r.rows + r.rows_len);
				render(&maps[k], cells);
				if (change == WC_BINLOG_UPDATE)
				{
					if (wc_binlog_image_decode(&r, &maps[k], true, &pos, cells, &err) != WC_OK)
						break;
					for (uint32_t i = 0; i < maps[k].ncols; i++)
						if (cells[i].partial)
						{
							REQUIRE(r.partial && cells[i].state == WC_BINLOG_CELL_VALUE &&
									cells[i].p >= r.rows &&
									cells[i].p + cells[i].len <= r.rows + r.rows_len);
							diffs(&cells[i]);
						}
					render(&maps[k], cells);
				}
			}
		}
		else if (ev.h.type == WC_BINLOG_TRANSACTION_PAYLOAD_EVENT)
		{
			wc_binlog_payload pl;

			if (wc_binlog_payload_decode(&ev, &pl, &err) == WC_OK)
				REQUIRE(pl.data >= ev.body && pl.data + pl.data_len <= ev.body + ev.body_len);
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t file[1 << 20];
	wc_binlog_out o = {out, sizeof(out), 0};
	wc_error	err;

	if (size == 0 || size > sizeof(file) - 4)
		return 0;
	if (data[0] & 1)
	{
		char		path[48];
		wc_binlog_json_opts jo = {.path = path, .path_cap = sizeof(path)};

		/* a tree renders each byte once: at most 6 times the bytes, plus 4 */
		if (wc_binlog_mysql_json(data + 1, size - 1, 0, &jo, &o, &err) != WC_OK)
			REQUIRE(err.offset <= size && strlen(path) < sizeof(path));
		else
			REQUIRE(o.len <= 6 * (size - 1) + 4);
	}
	if (data[0] & 2)
	{
		wc_binlog_cell c = {WC_BINLOG_CELL_VALUE, data + 1, size - 1, 1, true};

		diffs(&c);
	}
	/* whole files: the input as it is when it has the magic, else behind it */
	if (size >= 4 && memcmp(data, "\xfe\x62\x69\x6e", 4) == 0)
		walk(data, size);
	else
	{
		memcpy(file, "\xfe\x62\x69\x6e", 4);
		memcpy(file + 4, data, size);
		walk(file, size + 4);
	}
	return 0;
}
