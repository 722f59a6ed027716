/*
 * test_mysql_binlog.c: unit tests of the binlog core (src/core/mysql_binlog*.c)
 * on the real binlog files of test/vectors/binlog/ (MySQL 5.1 to 8.0, MariaDB
 * 10.3 and 10.11) and on hand-made documents and hostile mutations; the
 * values of hand-made columns are test_mysql_binlog_value.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "harness.h"
#include "mysql_binlog.h"
#include "wc_unzip.h"

#define MAX_TABLES 16
#define MAX_COLS 64

/* A file of test/vectors/binlog/. */
static uint8_t *
read_file(const char *name, size_t *len)
{
	char		path[256];

	snprintf(path, sizeof(path), "binlog/%s", name);
	return wc_read_vector(path, len);
}

/* What a walk over a file saw. */
typedef struct walk
{
	int			events;
	int			rows;
	int			tables;
	int			gtids;
	char		last_gtid[80];
	char		text[1 << 16];	/* the first rows, "change before -> after\n" */
	size_t		text_len;
	wc_error	err;
	wc_status	st;
	int64_t		err_event;
} walk;

static wc_binlog_table tables[MAX_TABLES];
static wc_binlog_column cols[MAX_TABLES][MAX_COLS];
static uint8_t bodies[MAX_TABLES][4096];

static void
walk_append(walk *w, const char *s, size_t n)
{
	if (w->text_len + n < sizeof(w->text))
	{
		memcpy(w->text + w->text_len, s, n);
		w->text_len += n;
		w->text[w->text_len] = '\0';
	}
}

/* Decode every event and row of buf, inflating MariaDB's compressed rows. */
static void
walk_file(const uint8_t *buf, size_t len, walk *w)
{
	wc_binlog_state st;
	wc_binlog_event ev;
	int			ntables = 0;
	static uint8_t out[1 << 20];
	static uint8_t inflated[1 << 20];

	memset(w, 0, sizeof(*w));
	w->st = wc_binlog_begin(&st, buf, len, &w->err);
	while (w->st == WC_OK && st.offset < len)
	{
		int			change;
		bool		compressed;

		w->st = wc_binlog_next(&st, buf + st.offset, len - st.offset, &ev, &w->err);
		if (w->st != WC_OK)
		{
			w->err_event = st.index + 1;
			return;
		}
		w->events++;
		if (ev.h.type == WC_BINLOG_GTID_LOG_EVENT || ev.h.type == WC_BINLOG_GTID_EVENT)
		{
			w->gtids++;
			strcpy(w->last_gtid, st.gtid);
		}
		if (ev.h.type == WC_BINLOG_TABLE_MAP_EVENT)
		{
			uint64_t	id;
			uint32_t	nc;
			int			k;
			wc_binlog_event copy = ev;

			w->st = wc_binlog_table_map_peek(&st, &ev, &id, &nc, &w->err);
			if (w->st != WC_OK || nc > MAX_COLS || ev.body_len > sizeof(bodies[0]))
				return;
			for (k = 0; k < ntables; k++)
				if (tables[k].table_id == id)
					break;
			if (k == ntables)
			{
				if (ntables == MAX_TABLES)
					return;
				ntables++;
				w->tables++;
			}
			memcpy(bodies[k], ev.body, ev.body_len);
			copy.body = bodies[k];
			tables[k].cols = cols[k];
			w->st = wc_binlog_table_map_decode(&st, &copy, &tables[k], &w->err);
			if (w->st != WC_OK)
				return;
		}
		else if (wc_binlog_is_rows_event(ev.h.type, &change, &compressed))
		{
			wc_binlog_rows r;
			size_t		pos = 0;
			int			k;

			w->st = wc_binlog_rows_decode(&st, &ev, &r, &w->err);
			if (w->st != WC_OK)
				return;
			if (compressed)
			{
				uint32_t	raw;
				const uint8_t *z;
				size_t		zlen;
				uLongf		dlen = sizeof(inflated);

				w->st = wc_binlog_compressed_header(r.rows, r.rows_len, r.rows_offset, &raw,
													&z, &zlen, &w->err);
				if (w->st != WC_OK)
					return;
				if (uncompress(inflated, &dlen, z, zlen) != Z_OK || dlen != raw)
				{
					w->st = WC_ERR_BAD_VALUE;
					return;
				}
				r.rows = inflated;
				r.rows_len = dlen;
			}
			for (k = 0; k < ntables; k++)
				if (tables[k].table_id == r.table_id)
					break;
			if (k == ntables)
			{
				w->st = WC_BINLOG_NO_TABLE_MAP;
				return;
			}
			while (pos < r.rows_len)
			{
				wc_binlog_cell cells[MAX_COLS];
				static const char *const names[] = {"", "insert ", "update ", "delete "};

				w->rows++;
				walk_append(w, names[change], strlen(names[change]));
				for (int img = 0; img < (change == WC_BINLOG_UPDATE ? 2 : 1); img++)
				{
					wc_binlog_out o = {out, sizeof(out), 0};

					wc_binlog_cell partial[MAX_COLS];
					int			npartial = 0;

					w->st = wc_binlog_image_decode(&r, &tables[k], img == 1, &pos, cells, &w->err);
					/* partial JSON cells: listed as their diffs after the image */
					for (uint32_t i = 0; w->st == WC_OK && i < tables[k].ncols; i++)
						if (cells[i].partial)
						{
							partial[npartial++] = cells[i];
							cells[i].state = WC_BINLOG_CELL_ABSENT;
						}
					if (w->st == WC_OK)
						w->st = wc_binlog_image_json(&tables[k], cells, NULL, &o, &w->err);
					for (int i = 0; w->st == WC_OK && i < npartial; i++)
					{
						size_t		dp = 0;

						o.len += (size_t) snprintf((char *) out + o.len, sizeof(out) - o.len,
												   " diffs");
						while (w->st == WC_OK && dp < partial[i].len)
						{
							wc_binlog_json_diff d;

							w->st = wc_binlog_json_diff_next(&partial[i], &dp, &d, &w->err);
							if (w->st != WC_OK)
								break;
							o.len += (size_t) snprintf((char *) out + o.len, sizeof(out) - o.len,
													   " %s %.*s",
													   wc_binlog_json_diff_op_name(d.op),
													   (int) d.path_len, (const char *) d.path);
							if (d.value)
							{
								out[o.len++] = ' ';
								w->st = wc_binlog_mysql_json(d.value, d.value_len,
															 d.value_offset, NULL, &o, &w->err);
							}
							out[o.len++] = ';';
						}
					}
					if (w->st != WC_OK)
					{
						w->err_event = ev.index;
						return;
					}
					if (img)
						walk_append(w, " -> ", 4);
					walk_append(w, (const char *) out, o.len);
				}
				walk_append(w, "\n", 1);
			}
		}
	}
}

/* CRC-32 and the names of event types. */
static void
test_basics(void)
{
	CHECK(wc_binlog_crc32(0, (const uint8_t *) "123456789", 9) == 0xCBF43926u, "crc32 check value");
	CHECK(wc_binlog_crc32(wc_binlog_crc32(0, (const uint8_t *) "1234", 4),
						  (const uint8_t *) "56789", 5) == 0xCBF43926u, "crc32 continued");
	CHECK(strcmp(wc_binlog_event_type_name(15), "FORMAT_DESCRIPTION_EVENT") == 0, "type 15");
	CHECK(strcmp(wc_binlog_event_type_name(40), "TRANSACTION_PAYLOAD_EVENT") == 0, "type 40");
	CHECK(strcmp(wc_binlog_event_type_name(162), "GTID_EVENT") == 0, "type 162");
	CHECK(strcmp(wc_binlog_event_type_name(171), "DELETE_ROWS_COMPRESSED_EVENT") == 0, "type 171");
	CHECK(wc_binlog_event_type_name(100) == NULL && wc_binlog_event_type_name(172) == NULL,
		  "unknown types have no name");
	CHECK(strcmp(wc_binlog_column_type_name(WC_BINLOG_T_TIME2), "TIME2") == 0, "column type name");
}

/* MySQL binary JSON documents. */
static void
check_json(const char *hex, const char *want, wc_status want_st)
{
	size_t		n;
	uint8_t    *p = wc_unhex(hex, &n);
	uint8_t		buf[512];
	wc_binlog_out o = {buf, sizeof(buf) - 1, 0};
	wc_error	err = {0};
	wc_status	st = wc_binlog_mysql_json(p, n, 0, NULL, &o, &err);

	buf[o.len < sizeof(buf) ? o.len : sizeof(buf) - 1] = '\0';
	if (want_st != WC_OK)
		CHECK(st == want_st, "json %s: status %d, want %d", hex, st, want_st);
	else
		CHECK(st == WC_OK && strcmp((char *) buf, want) == 0, "json %s: %s, want %s (%d)", hex,
			  buf, want, st);
	free(p);
}

static void
test_json(void)
{
	check_json("", "null", WC_OK);
	check_json("0400", "null", WC_OK);
	check_json("0401", "true", WC_OK);
	check_json("05ffff", "-1", WC_OK);
	check_json("0affffffffffffffff", "18446744073709551615", WC_OK);
	check_json("0b000000000000f83f", "1.5", WC_OK);
	check_json("0c0361625c", "\"ab\\\\\"", WC_OK);
	/* small object {"a": 1, "b": [true]}: count 2, size, keys, values */
	check_json("00" "0200" "1b00" "1200" "0100" "1300" "0100" "050100" "021400" "61" "62"
			   "0100" "0700" "040100", "{\"a\": 1, \"b\": [true]}", WC_OK);
	/* large array [1] with 4-byte offsets and an inlined int32 */
	check_json("03" "01000000" "0d000000" "0701000000", "[1]", WC_OK);
	/* a value offset past the container */
	check_json("02" "0100" "0900" "0c2000" "0161", NULL, WC_ERR_LENGTH);
	/* an unknown value type */
	check_json("0d00", NULL, WC_ERR_UNSUPPORTED);
	/* opaque DECIMAL(4,2) 12.34 and an opaque DATE */
	check_json("0ff6" "04" "0402" "8c22", "12.34", WC_OK);
	check_json("0f0a" "08" "00000000001e9519", "\"2015-01-15\"", WC_OK);
}

/* A DAG: depth levels of small arrays whose two entries point at the one
 * child after them (text 2^depth times the innermost), into buf; returns
 * the size. */
static size_t
json_dag(uint8_t *buf, int depth)
{
	/* innermost: the string "a" as a one-element array */
	static const uint8_t leaf[] = {0x02, 0x01, 0x00, 0x09, 0x00, 0x0c, 0x07, 0x00, 0x01, 0x61};
	size_t		len = sizeof(leaf) - 1;
	uint8_t		tmp[4096];

	memcpy(buf, leaf + 1, len);
	for (int d = 0; d < depth; d++)
	{
		size_t		size = 10 + len;

		tmp[0] = 2;
		tmp[1] = 0;
		tmp[2] = (uint8_t) size;
		tmp[3] = (uint8_t) (size >> 8);
		for (int e = 0; e < 2; e++)
		{
			tmp[4 + 3 * e] = 0x02;
			tmp[5 + 3 * e] = 10;
			tmp[6 + 3 * e] = 0;
		}
		memcpy(tmp + 10, buf, len);
		memcpy(buf, tmp, size);
		len = size;
	}
	memmove(buf + 1, buf, len);
	buf[0] = 0x02;
	return len + 1;
}

static int interrupt_calls;

static void
count_interrupt(void)
{
	interrupt_calls++;
}

/* Shared, overlapping and out-of-order offsets refused; the gaps in-place
 * updates leave accepted; the limit on rendered text; interrupt checks. */
static void
test_json_bounds(void)
{
	uint8_t		doc[4096];
	uint8_t		buf[512];
	char		path[128];
	wc_binlog_json_opts opts = {0};
	wc_binlog_out o = {buf, sizeof(buf) - 1, 0, 0};
	wc_error	err = {0};
	size_t		n = json_dag(doc, 20);
	wc_status	st;

	/* 20 levels of [x, x]: 2^20 copies of "a" if shared offsets were taken */
	opts.path = path;
	opts.path_cap = sizeof(path);
	st = wc_binlog_mysql_json(doc, n, 100, &opts, &o, &err);
	CHECK(st == WC_BINLOG_JSON_OVERLAP, "DAG refused: status %d", st);
	CHECK(o.len < 200, "DAG refused before rendering much: %zu bytes", o.len);
	/* the innermost pair (level 19) is the first to share: its 2nd entry */
	CHECK(err.offset == 100 + 1 + 19 * 10 + 8 && err.expected == 100 + 1 + 19 * 10 + 10 + 9 &&
		  err.found == 100 + 1 + 19 * 10 + 10,
		  "DAG error at the second entry: offset %zu expected %llu found %llu", err.offset,
		  (unsigned long long) err.expected, (unsigned long long) err.found);
	CHECK(strcmp(path, "$[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][1]") == 0,
		  "DAG error path %s", path);

	/* a value pointing back into the entries */
	check_json("02" "0100" "0700" "0c0400", NULL, WC_BINLOG_JSON_OVERLAP);
	/* two values overlapping: "abc" at 10, "bc" at 11 */
	check_json("02" "0200" "0e00" "0c0a00" "0c0b00" "03616263", NULL, WC_BINLOG_JSON_OVERLAP);
	/* two entries, one value: ["a", "a"] only through a shared offset */
	check_json("02" "0200" "0c00" "0c0a00" "0c0a00" "0161", NULL, WC_BINLOG_JSON_OVERLAP);
	/* values out of order: "b" at 12 before "a" at 10 */
	check_json("02" "0200" "0e00" "0c0c00" "0c0a00" "01610162", NULL, WC_BINLOG_JSON_OVERLAP);
	/* {"a": "a"}: the value offset pointing at the key */
	check_json("00" "0100" "0c00" "0b000100" "0c0b00" "61", NULL, WC_BINLOG_JSON_OVERLAP);
	/* a key offset into the entries, and two keys sharing bytes */
	check_json("00" "0100" "0b00" "08000100" "0401" "00" "61", NULL, WC_BINLOG_JSON_OVERLAP);
	check_json("00" "0200" "1300" "12000100" "12000100" "040100" "040200" "61",
			   NULL, WC_BINLOG_JSON_OVERLAP);

	/* MySQL's own partial update examples (json_binary.cc): the documents
	 * JSON_SET and JSON_REMOVE leave in place, with their gaps */
	check_json("02" "0200" "1200" "0c0a00" "0c0e00" "025859" "63" "03646566",
			   "[\"XY\", \"def\"]", WC_OK);
	check_json("02" "0200" "1200" "0c0a00" "0c0d00" "025859" "0458595a57",
			   "[\"XY\", \"XYZW\"]", WC_OK);
	check_json("02" "0200" "1200" "0c0a00" "05c801" "025859" "0458595a57",
			   "[\"XY\", 456]", WC_OK);
	check_json("00" "0200" "2200" "19000100" "1b000100" "0c1c00" "0c2000" "000c1e000c2000"
			   "616263" "0178" "0179" "017a", "{\"a\": \"x\", \"c\": \"z\"}", WC_OK);
	/* two empty keys at one offset share no byte */
	check_json("00" "0200" "1200" "12000000" "12000000" "040100" "040200",
			   "{\"\": true, \"\": false}", WC_OK);

	/* the limit: a string over it, an array stopped soon after it */
	{
		wc_binlog_out lo = {buf, sizeof(buf) - 1, 0, 10};
		size_t		m;
		uint8_t    *p = wc_unhex("0c0f" "616161616161616161616161616161", &m);

		st = wc_binlog_mysql_json(p, m, 0, NULL, &lo, &err);
		CHECK(st == WC_BINLOG_TEXT_LIMIT && err.expected == 10 && err.found == 17,
			  "string over the limit: status %d, found %llu", st,
			  (unsigned long long) err.found);
		free(p);
	}
	{
		/* [true, true, ...] of 20000 inlined entries: 120000 bytes of text */
		static uint8_t big[1 + 8 + 20000 * 5];
		wc_binlog_out lo = {buf, sizeof(buf) - 1, 0, 1000};
		size_t		size = 8 + 20000 * 5;

		big[0] = 0x03;
		big[1] = 20000 & 0xff;
		big[2] = 20000 >> 8;
		big[3] = big[4] = 0;
		big[5] = (uint8_t) size;
		big[6] = (uint8_t) (size >> 8);
		big[7] = (uint8_t) (size >> 16);
		big[8] = 0;
		for (int i = 0; i < 20000; i++)
		{
			memcpy(big + 9 + 5 * i, "\x04\x01\x00\x00\x00", 5);
		}
		st = wc_binlog_mysql_json(big, sizeof(big), 0, NULL, &lo, &err);
		CHECK(st == WC_BINLOG_TEXT_LIMIT && err.found <= 1000 + 6,
			  "array over the limit stops at once: status %d, found %llu", st,
			  (unsigned long long) err.found);
		/* without a limit it renders, and reaches the interrupt hook */
		lo.limit = 0;
		lo.len = 0;
		interrupt_calls = 0;
		wc_interrupt_hook = count_interrupt;
		st = wc_binlog_mysql_json(big, sizeof(big), 0, NULL, &lo, &err);
		wc_interrupt_hook = NULL;
		CHECK(st == WC_OK && lo.len == 2 + 20000 * 4 + 19999 * 2, "20000 trues: %d, %zu bytes",
			  st, lo.len);
		CHECK(interrupt_calls >= 20000 / WC_INTERRUPT_STRIDE,
			  "interrupt checks while rendering: %d", interrupt_calls);
	}
}

/* The real files. */
static void
test_files(void)
{
	size_t		len;
	uint8_t    *b;
	walk	   *w = malloc(sizeof(walk));

	b = read_file("mariadb-10.3-gtid.bin", &len);
	walk_file(b, len, w);
	CHECK(w->st == WC_OK && w->events == 12 && w->gtids == 3 && strcmp(w->last_gtid, "0-1-3") == 0,
		  "mariadb 10.3 gtid: st %d events %d gtids %d last %s", w->st, w->events, w->gtids,
		  w->last_gtid);
	free(b);

	b = read_file("mariadb-10.3-annotate.bin", &len);
	walk_file(b, len, w);
	CHECK(w->st == WC_OK && w->events == 17 && w->rows == 2 &&
		  strcmp(w->text, "insert {\"@1\": 1001, \"@2\": 1, \"@3\": 9223372036854775806, \"@4\": 1, "
				 "\"@5\": 1, \"@6\": 1000, \"@7\": 0, \"@8\": 0}\n"
				 "insert {\"@1\": 2, \"@2\": 1, \"@3\": 10, \"@4\": 1, \"@5\": 2, \"@6\": 1, "
				 "\"@7\": 1, \"@8\": 0}\n") == 0,
		  "mariadb 10.3 annotate: st %d events %d rows %d\n%s", w->st, w->events, w->rows, w->text);
	free(b);

	b = read_file("mysql-5.1-v1-rows.bin", &len);
	walk_file(b, len, w);
	CHECK(w->st == WC_OK && w->events == 10 && w->rows == 7 &&
		  strstr(w->text, "update {\"@1\": 4, \"@3\": 4} -> {\"@1\": 4, \"@3\": 40}\n"
				 "delete {\"@1\": 2}\n") != NULL,
		  "mysql 5.1 v1 minimal rows: st %d rows %d\n%s", w->st, w->rows, w->text);
	free(b);

	b = read_file("mysql-5.6-v2-rows.bin", &len);
	walk_file(b, len, w);
	CHECK(w->st == WC_OK && w->rows == 5 &&
		  strstr(w->text, "update {\"@1\": 0, \"@2\": \"\\\\x6f6e65\"} -> {\"@1\": 1, \"@2\": \"\\\\x6f6e65\"}") != NULL,
		  "mysql 5.6 v2 rows: st %d rows %d\n%s", w->st, w->rows, w->text);
	free(b);

	/* MySQL 8.0: a compressed payload, then a PARTIAL_UPDATE_ROWS event */
	b = read_file("mysql-8.0-payload.bin", &len);
	walk_file(b, len, w);
	CHECK(w->st == WC_OK && w->rows == 6 &&
		  strstr(w->text, "insert {\"@1\": 5, \"@2\": 0, \"@3\": \"after compressed\"}") != NULL &&
		  strstr(w->text, "-> {\"@1\": 1} diffs REPLACE $.b \"oOooOoo") != NULL,
		  "mysql 8.0: st %d event %lld rows %d\n%s", w->st, (long long) w->err_event, w->rows, w->text);
	free(b);

	/* MySQL 9.7: PARTIAL_JSON under FULL, NOBLOB and MINIMAL images */
	b = read_file("mysql-9.7-partial-json.bin", &len);
	walk_file(b, len, w);
	CHECK(w->st == WC_OK && w->rows == 32 &&
		  strstr(w->text, "-> {} diffs REPLACE $.p[0] 100;") != NULL &&
		  strstr(w->text, " diffs REMOVE $.b[1];") != NULL &&
		  strstr(w->text, " diffs REPLACE $.\"odd key\".\"q\\\"t\" \"quoted\";") != NULL &&
		  strstr(w->text, " diffs REPLACE $.a 3; REPLACE $.c.e[0] 11; REPLACE $.c.d [1, 2];") != NULL &&
		  strstr(w->text, " diffs REPLACE $.\xc3\xa9t\xc3\xa9[1] \"caf\\\\u00e9\";") != NULL &&
		  strstr(w->text, "-> {\"id\": 1} diffs diffs REPLACE $.x 2;") != NULL &&
		  strstr(w->text, " diffs INSERT $.new \"x\";") != NULL,
		  "mysql 9.7 partial JSON: st %d event %lld rows %d\n%s", w->st, (long long) w->err_event,
		  w->rows, w->text);
	free(b);

	b = read_file("mariadb-10.11-full-compressed.bin", &len);
	walk_file(b, len, w);
	CHECK(w->st == WC_OK && w->rows == 874 &&
		  strstr(w->text, "\"t3\": \"-00:00:00.001\"") != NULL &&
		  strstr(w->text, "\"d2\": -12345678901234567890123456789012345.123456789012345678901234567890") != NULL &&
		  strstr(w->text, "\"st\": \"r,x,\xc3\xa9\"") != NULL &&
		  strstr(w->text, "\"bn\": \"\\\\x00000000\"") != NULL,
		  "mariadb 10.11 full compressed: st %d rows %d", w->st, w->rows);
	free(b);

	b = read_file("mariadb-10.11-minimal-compressed.bin", &len);
	walk_file(b, len, w);
	CHECK(w->st == WC_OK && w->rows == 874 && strstr(w->text, "\"@21\": 3") != NULL,
		  "mariadb 10.11 minimal compressed: st %d rows %d", w->st, w->rows);
	free(b);

	/* MySQL 9.7 with GTIDs (uuid:n) and one compressed transaction, whose
	 * rows sql/mysql_binlog_mysql97.sql decodes */
	b = read_file("mysql-9.7-gtid-payload.bin", &len);
	walk_file(b, len, w);
	CHECK(w->st == WC_OK && w->events == 11 && w->gtids == 4 &&
		  strcmp(w->last_gtid, "3a542ac6-ef3b-11f1-8d21-02fc00000001:4") == 0,
		  "mysql 9.7 gtid payload: st %d events %d gtids %d last %s", w->st, w->events,
		  w->gtids, w->last_gtid);
	free(b);
	free(w);
}

/* MySQL 8.0's TRANSACTION_PAYLOAD_EVENT: header fields, the zstd frame,
 * and the events inside, framed without checksums. */
static void
test_payload(void)
{
	size_t		len;
	uint8_t    *b = read_file("mysql-8.0-payload.bin", &len);
	wc_binlog_state st,
				in;
	wc_binlog_event ev;
	wc_binlog_payload pl;
	wc_error	err = {0};
	int			found = 0,
				inner = 0,
				rows_events = 0;
	static uint8_t raw[1 << 16];

	wc_binlog_begin(&st, b, len, &err);
	while (st.offset < len && wc_binlog_next(&st, b + st.offset, len - st.offset, &ev, &err) == WC_OK)
	{
		size_t		n;

		if (ev.h.type != WC_BINLOG_TRANSACTION_PAYLOAD_EVENT)
			continue;
		found++;
		CHECK(wc_binlog_payload_decode(&ev, &pl, &err) == WC_OK &&
			  pl.compression == WC_BINLOG_PAYLOAD_ZSTD && pl.raw_size == 20188 && pl.data_len == 792,
			  "payload header: compression %llu raw %llu data %zu", (unsigned long long) pl.compression,
			  (unsigned long long) pl.raw_size, pl.data_len);
		n = ZSTD_decompress(raw, sizeof(raw), pl.data, pl.data_len);
		CHECK(!ZSTD_isError(n) && n == pl.raw_size, "zstd frame: %zu", n);
		wc_binlog_payload_state(&st, &in);
		while (in.offset < n)
		{
			wc_binlog_event iev;
			int			change;
			bool		compressed;

			if (wc_binlog_next(&in, raw + in.offset, n - in.offset, &iev, &err) != WC_OK)
				break;
			inner++;
			if (wc_binlog_is_rows_event(iev.h.type, &change, &compressed))
				rows_events++;
		}
		CHECK(in.offset == n && inner == 202 && rows_events == 100,
			  "payload events: %d, %d row events, at %llu of %zu", inner, rows_events,
			  (unsigned long long) in.offset, n);
		/* a payload size that is not the rest of the event */
		{
			wc_binlog_event bad = ev;

			bad.body_len--;
			CHECK(wc_binlog_payload_decode(&bad, &pl, &err) == WC_ERR_LENGTH, "payload size");
		}
	}
	CHECK(found == 1, "one payload event: %d", found);
	free(b);
}

/* Hostile mutations: the magic, sizes, log_pos, checksums, truncation at
 * every length; never a crash, always an error with an offset. */
static void
test_errors(void)
{
	size_t		len;
	uint8_t    *b = read_file("mariadb-10.3-annotate.bin", &len);
	uint8_t    *m = malloc(len);
	walk	   *w = malloc(sizeof(walk));
	int			cut_errors = 0;

	memcpy(m, b, len);
	m[0] = 0xff;
	walk_file(m, len, w);
	CHECK(w->st == WC_BINLOG_MAGIC && w->err.offset == 0, "bad magic: %d", w->st);

	/* a flipped byte in event 9's body: CRC32 mismatch at its checksum */
	memcpy(m, b, len);
	m[620] ^= 1;
	walk_file(m, len, w);
	CHECK(w->st == WC_ERR_CHECKSUM && w->err.index == 9 && w->err.offset == 686,
		  "crc mismatch: st %d index %lld offset %zu", w->st, (long long) w->err.index, w->err.offset);

	/* log_pos of event 2 off by one */
	memcpy(m, b, len);
	m[256 + 13] ^= 1;
	walk_file(m, len, w);
	CHECK(w->st == WC_BINLOG_LOG_POS && w->err.index == 2 && w->err.offset == 269 &&
		  w->err.expected == 285, "log_pos: st %d index %lld", w->st, (long long) w->err.index);

	/* event size below the header */
	memcpy(m, b, len);
	m[256 + 9] = 3;
	m[256 + 10] = 0;
	walk_file(m, len, w);
	CHECK(w->st == WC_ERR_BAD_VALUE && w->err.index == 2, "tiny event size: %d", w->st);

	/* a row image of no columns (it would take no bytes: rows never end) */
	{
		uint8_t    *r = read_file("mysql-5.1-v1-rows.bin", &len);

		r[362] = 0;
		walk_file(r, len, w);
		CHECK(w->st == WC_ERR_BAD_VALUE && w->err_event == 6, "image without columns: st %d event %lld",
			  w->st, (long long) w->err_event);
		free(r);
		len = 1245;
	}

	/* every truncation is an error (or, at an event boundary, a shorter file) */
	for (size_t cut = 0; cut < len; cut++)
	{
		walk_file(b, cut, w);
		if (w->st != WC_OK)
			cut_errors++;
	}
	CHECK(cut_errors == (int) len - 17, "truncations: %d errors of %zu", cut_errors, len);

	/* every single-byte change of the file is caught by a checksum, or
	 * decodes without crashing */
	for (size_t i = 0; i < len; i++)
	{
		memcpy(m, b, len);
		m[i] ^= 0x5a;
		walk_file(m, len, w);
	}
	CHECK(1, "byte flips ran");
	free(b);
	free(m);
	free(w);
}

/* One path: the legs as "m:key i:n l:n" text, or "ERR <status> @<offset>". */
static void
check_path(const char *path, const char *want)
{
	char		got[256] = "";
	size_t		pos = 0,
				n = strlen(path);
	wc_error	err = {0};

	for (;;)
	{
		wc_binlog_json_leg leg;
		wc_status	st = wc_binlog_json_path_next((const uint8_t *) path, n, 1000, &pos, &leg,
												  &err);
		size_t		l = strlen(got);

		if (st != WC_OK)
		{
			snprintf(got + l, sizeof(got) - l, "ERR %d @%zu", (int) st, err.offset);
			break;
		}
		if (leg.kind == WC_BINLOG_LEG_END)
			break;
		if (leg.kind == WC_BINLOG_LEG_MEMBER)
		{
			uint8_t		key[128];
			size_t		k = wc_binlog_json_leg_key(&leg, key);

			snprintf(got + l, sizeof(got) - l, "m:%.*s ", (int) k, (const char *) key);
		}
		else
			snprintf(got + l, sizeof(got) - l, "%c:%u ", leg.kind == WC_BINLOG_LEG_INDEX ? 'i' : 'l',
					 leg.index);
	}
	CHECK(strcmp(got, want) == 0, "path %s: %s, want %s", path, got, want);
}

/* One diff list (hex): "OP path [value-bytes]; ..." or "ERR <status> @<offset>". */
static void
check_diffs(const char *hex, const char *want)
{
	size_t		n,
				pos = 0;
	uint8_t    *p = wc_unhex(hex, &n);
	wc_binlog_cell cell = {WC_BINLOG_CELL_VALUE, p, n, 100, true};
	char		got[256] = "";
	wc_error	err = {0};

	while (pos < n)
	{
		wc_binlog_json_diff d;
		wc_status	st = wc_binlog_json_diff_next(&cell, &pos, &d, &err);
		size_t		l = strlen(got);

		if (st != WC_OK)
		{
			snprintf(got + l, sizeof(got) - l, "ERR %d @%zu", (int) st, err.offset);
			break;
		}
		snprintf(got + l, sizeof(got) - l, "%s %.*s %zu@%llu; ", wc_binlog_json_diff_op_name(d.op),
				 (int) d.path_len, (const char *) d.path, d.value_len,
				 (unsigned long long) d.value_offset);
	}
	CHECK(strcmp(got, want) == 0, "diffs %s: %s, want %s", hex, got, want);
	free(p);
}

/* JSON diff paths and lists of PARTIAL_UPDATE_ROWS, good and hostile. */
static void
test_diffs(void)
{
	char		e[64];

	check_path("$.a", "m:a ");
	check_path("$.a.b[3][0]", "m:a m:b i:3 i:0 ");
	check_path("$[last]", "l:0 ");
	check_path("$[last-2].x", "l:2 m:x ");
	check_path("$.\"odd key\".\"q\\\"t\"", "m:odd key m:q\"t ");
	check_path("$.\"\\u00e9\\ud83d\\ude00\\n\"", "m:\xc3\xa9\xf0\x9f\x98\x80\n ");
	check_path("$.\xc3\xa9t\xc3\xa9[1]", "m:\xc3\xa9t\xc3\xa9 i:1 ");
	check_path("$.\"\"", "m: ");
	check_path("$[4294967295]", "i:4294967295 ");
	snprintf(e, sizeof(e), "ERR %d @1000", WC_ERR_BAD_BYTE);
	check_path("", e);
	check_path("a.b", e);
	snprintf(e, sizeof(e), "ERR %d @1002", WC_ERR_TRUNCATED);
	check_path("$.", e);
	check_path("$..a", e);
	snprintf(e, sizeof(e), "ERR %d @1002", WC_ERR_BAD_BYTE);
	check_path("$[", e);
	check_path("$[*]", e);
	check_path("$.*", e);
	check_path("$[-1]", e);
	check_path("$[4294967296]", e);
	snprintf(e, sizeof(e), "ERR %d @1001", WC_ERR_BAD_BYTE);
	check_path("$**.a", e);
	check_path("$ .a", e);
	snprintf(e, sizeof(e), "ERR %d @1003", WC_ERR_BAD_BYTE);
	check_path("$[1", e);
	check_path("$.a b", e);
	check_path("$[1 to 3]", e);
	snprintf(e, sizeof(e), "m:a ERR %d @1004", WC_ERR_BAD_BYTE);
	check_path("$.a[x]", e);
	snprintf(e, sizeof(e), "ERR %d @1006", WC_ERR_UNTERMINATED);
	check_path("$.\"abc", e);
	snprintf(e, sizeof(e), "ERR %d @1003", WC_ERR_BAD_BYTE);
	check_path("$.\"\\x\"", e);			/* not a JSON escape */
	check_path("$.\"\\ud800\"", e);		/* a lone surrogate */
	check_path("$.\"\\u0000\"", e);		/* NUL cannot be a key */
	check_path("$.\"\xc3\"", e);		/* not UTF-8 */
	snprintf(e, sizeof(e), "ERR %d @1002", WC_ERR_BAD_BYTE);
	check_path("$.\xff", e);

	/* REPLACE $.a 1 (binary JSON int16), REMOVE $[0], INSERT $.b[2] true */
	check_diffs("0003242e6103050100" "0204245b305d" "0106242e625b325d020400",
				"REPLACE $.a 3@106; REMOVE $[0] 0@0; INSERT $.b[2] 2@124; ");
	snprintf(e, sizeof(e), "ERR %d @100", WC_ERR_BAD_VALUE);
	check_diffs("0303242e6103050100", e);	/* operation 3 */
	snprintf(e, sizeof(e), "ERR %d @102", WC_ERR_BAD_VALUE);
	check_diffs("020124", e);				/* the bare $ */
	snprintf(e, sizeof(e), "ERR %d @102", WC_ERR_LENGTH);
	check_diffs("0009242e61", e);			/* path past the end */
	snprintf(e, sizeof(e), "ERR %d @106", WC_ERR_LENGTH);
	check_diffs("0003242e6109050100", e);	/* value past the end */
	snprintf(e, sizeof(e), "ERR %d @105", WC_ERR_TRUNCATED);
	check_diffs("0003242e61", e);			/* cut before the value length */
	snprintf(e, sizeof(e), "ERR %d @101", WC_ERR_TRUNCATED);
	check_diffs("00", e);					/* cut before the path length */
	snprintf(e, sizeof(e), "ERR %d @104", WC_ERR_BAD_BYTE);
	check_diffs("0203242e2a", e);			/* $.* */
}

/*
 * FORMAT_DESCRIPTION_EVENT's body (the payload column): everything after
 * the header up to the 4 checksum bytes, the checksum-algorithm byte
 * included (1, CRC32, in these files); no checksum, no algorithm byte
 * before MySQL 5.6.1 / MariaDB 5.3.
 */
static void
test_fde_body(void)
{
	static const struct
	{
		const char *file;
		size_t		trailer;
	}			f[] = {
		{"mysql-8.0-payload.bin", 4}, {"mysql-9.7-gtid-payload.bin", 4},
		{"mariadb-10.3-gtid.bin", 4}, {"mysql-5.1-v1-rows.bin", 0},
	};

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
	{
		size_t		len;
		uint8_t    *b = read_file(f[i].file, &len);
		wc_binlog_state st;
		wc_binlog_event ev;
		wc_error	err;

		CHECK(wc_binlog_begin(&st, b, len, &err) == WC_OK &&
			  wc_binlog_next(&st, b + st.offset, len - st.offset, &ev, &err) == WC_OK &&
			  ev.h.type == WC_BINLOG_FORMAT_DESCRIPTION_EVENT, "%s: first event", f[i].file);
		CHECK(ev.body_len == ev.h.event_size - WC_BINLOG_HEADER_LEN - f[i].trailer,
			  "%s: FDE body %zu of %u bytes", f[i].file, ev.body_len, (unsigned) ev.h.event_size);
		if (f[i].trailer)
			CHECK(ev.body[ev.body_len - 1] == WC_BINLOG_CHECKSUM_CRC32,
				  "%s: FDE body ends with the checksum algorithm", f[i].file);
		free(b);
	}
}

/* Decompress as the glue does: the buffer starts at one step and doubles
 * only when full, never past declared.  *cap gets its final size, *steps
 * the steps taken. */
static wc_status
unzip_growing(wc_unzip_kind kind, const uint8_t *in, size_t len, uint64_t declared,
			  const char *field, size_t *cap, unsigned *steps, wc_error *err)
{
	wc_unzip	u;
	size_t		wn = 0;
	void	   *work = NULL;
	uint8_t    *out = NULL;
	wc_status	st;

	*cap = 0;
	*steps = 0;
	st = wc_unzip_check_size(len, declared, 0, field, err);
	if (st == WC_OK)
		st = wc_unzip_workspace(kind, in, len, 0, &wn, err);
	if (st == WC_OK)
	{
		work = malloc(wn);
		st = wc_unzip_begin(&u, kind, in, len, 0, declared, field, work, wn, err);
	}
	if (st == WC_OK)
	{
		*cap = declared < WC_UNZIP_STEP_OUT ? declared : WC_UNZIP_STEP_OUT;
		out = malloc(*cap + 1);
	}
	while (st == WC_OK && !u.done)
	{
		size_t		n;

		if (u.produced == *cap && *cap < declared)
		{
			*cap = *cap > declared / 2 ? declared : *cap * 2;
			out = realloc(out, *cap);
		}
		st = wc_unzip_step(&u, out + u.produced, *cap - u.produced, &n, err);
		(*steps)++;
		if (n > WC_UNZIP_STEP_OUT)
			st = WC_ERR_PARAMETER;
	}
	free(out);
	free(work);
	return st;
}

/* Decompression bombs in a transaction payload (zstd) and a MariaDB
 * compressed record (zlib): a size stated past the limit fails before
 * anything is allocated, more bytes than stated fail at the first byte
 * past it, fewer fail with a buffer sized by what was produced. */
static void
test_bombs(void)
{
	uint8_t    *frame = malloc(1 << 20);
	uint8_t    *zeros = calloc(1, 1 << 21);
	size_t		flen,
				cap;
	unsigned	steps;
	wc_status	st;
	wc_error	err;

	/* 65 KB of zstd that really holds 2 GB of zeros */
	flen = wc_zstd_zeros(frame, (size_t) 1 << 31, 0x38);
	st = unzip_growing(WC_UNZIP_ZSTD, frame, flen, (uint64_t) 1 << 31, "decompressed size", &cap,
					   &steps, &err);
	CHECK(st == WC_ERR_TOO_LARGE && cap == 0 && err.expected == wc_unzip_limit(flen) &&
		  err.found == (uint64_t) 1 << 31 && strcmp(err.field, "decompressed size") == 0,
		  "zstd 2 GB from %zu bytes: status %d, buffer %zu", flen, st, cap);
	/* stated as 1 MB: stops at the first byte past it */
	st = unzip_growing(WC_UNZIP_ZSTD, frame, flen, 1 << 20, "decompressed size", &cap, &steps,
					   &err);
	CHECK(st == WC_ERR_BAD_VALUE && err.expected == 1 << 20 && err.found == (1 << 20) + 1 &&
		  cap == 1 << 20 && steps <= 6,
		  "zstd stated 1 MB: status %d, buffer %zu, %u steps", st, cap, steps);
	/* 256 KB stated as 64 MB: the buffer follows the output, not the claim */
	flen = wc_zstd_zeros(frame, 262144, 0x38);
	st = unzip_growing(WC_UNZIP_ZSTD, frame, flen, WC_UNZIP_FLOOR, "decompressed size", &cap,
					   &steps, &err);
	CHECK(st == WC_ERR_BAD_VALUE && err.expected == WC_UNZIP_FLOOR && err.found == 262144 &&
		  cap <= 1 << 20, "zstd stated 64 MB, 256 KB: status %d, buffer %zu", st, cap);
	/* exactly as stated, 16 MB: steps of at most 256 KB */
	flen = wc_zstd_zeros(frame, 1 << 24, 0x38);
	st = unzip_growing(WC_UNZIP_ZSTD, frame, flen, 1 << 24, "decompressed size", &cap, &steps,
					   &err);
	CHECK(st == WC_OK && cap == 1 << 24 && steps >= 64, "zstd 16 MB: status %d, %u steps", st,
		  steps);
	/* a window of 2^31 bytes */
	flen = wc_zstd_zeros(frame, 100, 0xa8);
	st = unzip_growing(WC_UNZIP_ZSTD, frame, flen, 100, "decompressed size", &cap, &steps, &err);
	CHECK(st == WC_ERR_TOO_LARGE && strcmp(err.field, "zstd window") == 0 &&
		  err.found == (uint64_t) 1 << 31, "zstd window 2^31: status %d", st);
	/* a frame cut short, and bytes after a frame */
	flen = wc_zstd_zeros(frame, 300000, 0x38);
	st = unzip_growing(WC_UNZIP_ZSTD, frame, flen - 2, 300000, "decompressed size", &cap, &steps,
					   &err);
	CHECK(st == WC_ERR_BAD_VALUE && strcmp(err.field, "zstd frame") == 0,
		  "zstd frame cut short: status %d", st);
	frame[flen] = 0;
	st = unzip_growing(WC_UNZIP_ZSTD, frame, flen + 1, 300000, "decompressed size", &cap, &steps,
					   &err);
	CHECK(st == WC_ERR_TRAILING && err.offset == flen && err.found == 1,
		  "zstd frame then a byte: status %d", st);

	/* MariaDB: a record stating 2 GB (header 0x84, big-endian length) of a
	 * zlib stream of 2 MB of zeros */
	{
		uint8_t    *rec = malloc(1 << 20);
		uLongf		zl = (1 << 20) - 5;
		uint32_t	raw;
		const uint8_t *z;
		size_t		zlen;

		if (compress2(rec + 5, &zl, zeros, 1 << 21, 9) != Z_OK)
			abort();
		rec[0] = 0x84;
		rec[1] = 0x80;
		rec[2] = rec[3] = rec[4] = 0;
		CHECK(wc_binlog_compressed_header(rec, zl + 5, 0, &raw, &z, &zlen, &err) == WC_OK &&
			  raw == 0x80000000u && zlen == zl, "record header: %u", raw);
		st = unzip_growing(WC_UNZIP_ZLIB, z, zlen, raw, "inflated length", &cap, &steps, &err);
		CHECK(st == WC_ERR_TOO_LARGE && cap == 0 && err.found == raw,
			  "zlib 2 GB stated: status %d", st);
		/* stated as 1000 bytes: stops at the 1001st */
		st = unzip_growing(WC_UNZIP_ZLIB, z, zlen, 1000, "inflated length", &cap, &steps, &err);
		CHECK(st == WC_ERR_BAD_VALUE && err.expected == 1000 && err.found == 1001 &&
			  steps == 2 && strcmp(err.field, "inflated length") == 0,
			  "zlib stated 1000: status %d, %u steps", st, steps);
		/* stated as 64 MB: 2 MB out, the buffer no larger than 4 MB */
		st = unzip_growing(WC_UNZIP_ZLIB, z, zlen, WC_UNZIP_FLOOR, "inflated length", &cap,
						   &steps, &err);
		CHECK(st == WC_ERR_BAD_VALUE && err.found == 1 << 21 && cap <= 1 << 22,
			  "zlib stated 64 MB: status %d, buffer %zu", st, cap);
		/* exact */
		st = unzip_growing(WC_UNZIP_ZLIB, z, zlen, 1 << 21, "inflated length", &cap, &steps,
						   &err);
		CHECK(st == WC_OK && cap == 1 << 21, "zlib 2 MB: status %d", st);
		/* cut short; corrupted check value */
		st = unzip_growing(WC_UNZIP_ZLIB, z, zlen - 3, 1 << 21, "inflated length", &cap, &steps,
						   &err);
		CHECK(st == WC_ERR_BAD_VALUE && strcmp(err.field, "zlib stream") == 0,
			  "zlib cut short: status %d", st);
		rec[5 + zl - 1] ^= 1;
		st = unzip_growing(WC_UNZIP_ZLIB, z, zlen, 1 << 21, "inflated length", &cap, &steps,
						   &err);
		CHECK(st == WC_ERR_BAD_VALUE && strcmp(err.field, "zlib stream") == 0,
			  "zlib check value: status %d", st);
		free(rec);
	}
	free(zeros);
	free(frame);
}

/* The GTID state a file starts with: MySQL's PREVIOUS_GTIDS intervals
 * (end exclusive in the event), MariaDB's GTID_LIST entries; the size
 * first, the text second; malformed bodies refused at their offset. */
static void
test_gtid_state(void)
{
	static const uint8_t prev[] = {
		2, 0, 0, 0, 0, 0, 0, 0,
		0x3e, 0x11, 0xfa, 0x47, 0x71, 0xca, 0x11, 0xe1, 0x9e, 0x33, 0xc8, 0x0a, 0xa9, 0x42, 0x95, 0x62,
		2, 0, 0, 0, 0, 0, 0, 0,
		1, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0,
		7, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
		1, 0, 0, 0, 0, 0, 0, 0,
		3, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0};
	static const uint8_t list[] = {
		2, 0, 0, 0,
		0, 0, 0, 0, 7, 0, 0, 0, 11, 0, 0, 0, 0, 0, 0, 0,
		1, 0, 0, 0, 2, 0, 0, 0, 0x2c, 1, 0, 0, 0, 0, 0, 0};
	static const uint8_t empty[] = {0, 0, 0, 0, 0, 0};
	uint8_t		bad[sizeof(prev)];
	wc_binlog_event ev = {0};
	wc_error	err;
	char		out[200];
	size_t		need = 0;
	wc_status	st;

	ev.h.type = WC_BINLOG_PREVIOUS_GTIDS_LOG_EVENT;
	ev.body = prev;
	ev.body_len = sizeof(prev);
	ev.body_offset = 100;
	st = wc_binlog_gtid_state_text(&ev, NULL, 0, &need, &err);
	CHECK(st == WC_OK && need == strlen("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:7,"
										"00000000-0000-0000-0000-000000000001:3-4") + 1,
		  "previous gtids size: %d, %zu", st, need);
	st = wc_binlog_gtid_state_text(&ev, out, need, &need, &err);
	CHECK(st == WC_OK && strcmp(out, "3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:7,"
								"00000000-0000-0000-0000-000000000001:3-4") == 0,
		  "previous gtids: %d %s", st, out);
	st = wc_binlog_gtid_state_text(&ev, out, need - 1, &need, &err);
	CHECK(st == WC_ERR_TOO_LARGE, "previous gtids into too small a buffer: %d", st);
	ev.body_len = sizeof(prev) - 1;
	st = wc_binlog_gtid_state_text(&ev, out, sizeof(out), &need, &err);
	CHECK(st == WC_ERR_TRUNCATED, "previous gtids cut: %d", st);
	memcpy(bad, prev, sizeof(prev));
	bad[24] = 0xff;				/* an interval count far beyond the body */
	ev.body = bad;
	ev.body_len = sizeof(bad);
	st = wc_binlog_gtid_state_text(&ev, out, sizeof(out), &need, &err);
	CHECK(st == WC_ERR_TRUNCATED && err.offset == 100 + sizeof(bad), "interval count: %d at %zu",
		  st, err.offset);
	memcpy(bad, prev, sizeof(prev));
	bad[48] = 9;				/* an interval [9, 8) */
	st = wc_binlog_gtid_state_text(&ev, out, sizeof(out), &need, &err);
	CHECK(st == WC_ERR_BAD_VALUE && err.offset == 100 + 48, "empty interval: %d at %zu", st,
		  err.offset);
	memcpy(bad, prev, sizeof(prev));
	bad[7] = 1;					/* MySQL 8.3+'s tagged form */
	st = wc_binlog_gtid_state_text(&ev, out, sizeof(out), &need, &err);
	CHECK(st == WC_ERR_UNSUPPORTED, "tagged previous gtids: %d", st);

	ev.h.type = WC_BINLOG_GTID_LIST_EVENT;
	ev.body = list;
	ev.body_len = sizeof(list);
	st = wc_binlog_gtid_state_text(&ev, out, sizeof(out), &need, &err);
	CHECK(st == WC_OK && strcmp(out, "0-7-11,1-2-300") == 0 && need == strlen(out) + 1,
		  "gtid list: %d %s", st, out);
	ev.body_len = sizeof(list) - 1;
	st = wc_binlog_gtid_state_text(&ev, out, sizeof(out), &need, &err);
	CHECK(st == WC_ERR_BAD_VALUE, "gtid list cut: %d", st);
	ev.body = empty;
	ev.body_len = sizeof(empty);
	st = wc_binlog_gtid_state_text(&ev, out, sizeof(out), &need, &err);
	CHECK(st == WC_NULL && need == 1 && out[0] == '\0', "empty gtid list: %d", st);
	ev.h.type = WC_BINLOG_GTID_EVENT;
	st = wc_binlog_gtid_state_text(&ev, out, sizeof(out), &need, &err);
	CHECK(st == WC_ERR_UNEXPECTED, "not a gtid state event: %d", st);
}

int
main(void)
{
	test_basics();
	test_json();
	test_json_bounds();
	test_files();
	test_payload();
	test_fde_body();
	test_diffs();
	test_errors();
	test_bombs();
	test_gtid_state();
	return wc_summary("test_mysql_binlog");
}
