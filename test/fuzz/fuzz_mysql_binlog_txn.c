/*
 * fuzz_mysql_binlog_txn.c: libFuzzer target for the binlog transaction
 * walk (mysql_binlog_txn.h).  An input that starts with the binlog magic
 * is walked as a file, as the apply's plan walks it: every complete event
 * framed and fed, a QUERY event with the text after its post-header,
 * status variables and database (not inflated).  Any other input is a
 * sequence of hand-made events, each three bytes (type: one of the types
 * the walk tells apart, or the byte itself when it is 0xf0 or more; the
 * start position's choice; a length n) and n bytes (a QUERY's statement,
 * or the event's body).  Every answer's offsets must lie inside what was
 * fed (a ROTATE's name inside its event's body), every unit's first event
 * be at or before its last, an error name the event fed, and the walk's
 * end lie at a unit's end; any violation abort()s.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_binlog.h"
#include "mysql_binlog_txn.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)

static const uint8_t types[] = {
	WC_BINLOG_GTID_LOG_EVENT, WC_BINLOG_ANONYMOUS_GTID_LOG_EVENT, WC_BINLOG_GTID_EVENT,
	WC_BINLOG_QUERY_EVENT, WC_BINLOG_QUERY_COMPRESSED_EVENT, WC_BINLOG_XID_EVENT,
	WC_BINLOG_TRANSACTION_PAYLOAD_EVENT, WC_BINLOG_ROTATE_EVENT, WC_BINLOG_STOP_EVENT,
	WC_BINLOG_WRITE_ROWS_EVENT, WC_BINLOG_TABLE_MAP_EVENT, WC_BINLOG_FORMAT_DESCRIPTION_EVENT
};

/* What the walk saw so far. */
typedef struct seen
{
	uint64_t	last_end;		/* where the last unit ended */
	bool		any_end;		/* a unit ended */
} seen;

/* Feed ev (stmt for a QUERY) and check the answer. */
static bool
feed(wc_binlog_txn *t, const wc_binlog_state *st, const wc_binlog_event *ev, const char *stmt,
	 size_t stmt_len, seen *s)
{
	wc_binlog_txn_event te;
	wc_error	err;
	wc_status	rc = wc_binlog_txn_next(t, st, ev, stmt, stmt_len, &te, &err);

	if (rc != WC_OK)
	{
		REQUIRE(rc == WC_BINLOG_NESTED_GTID && err.index == ev->index &&
				err.offset == ev->offset && (int64_t) err.expected < ev->index);
		return false;
	}
	REQUIRE(te.first >= 1 && te.first <= ev->index && te.offset <= ev->offset);
	REQUIRE(te.end == ev->offset + ev->h.event_size);
	REQUIRE(te.opens == (te.first == ev->index));
	REQUIRE(te.name == NULL ||
			(te.name >= ev->body && te.name + te.name_len <= ev->body + ev->body_len));
	REQUIRE(te.step <= WC_BINLOG_TXN_ENDS);
	REQUIRE((te.step == WC_BINLOG_TXN_ENDS) == (te.unit != WC_BINLOG_UNIT_NONE));
	if (te.step == WC_BINLOG_TXN_ENDS)
	{
		REQUIRE(te.offset >= s->last_end);
		s->last_end = te.end;
		s->any_end = true;
	}
	return true;
}

/* The end of the walk: done is the start or a unit's end. */
static void
finish(const wc_binlog_txn *t, uint64_t from, const seen *s, bool rest)
{
	wc_binlog_walk_end end;
	uint64_t	done;
	wc_error	err;
	wc_status	rc = wc_binlog_txn_end(t, rest, rest, &end, &done, &err);

	REQUIRE(rc == WC_OK || rc == WC_BINLOG_NOT_UNIT_START);
	REQUIRE(done == (s->any_end ? s->last_end : from));
	REQUIRE(end <= WC_BINLOG_WALK_STOP);
	REQUIRE(rc == WC_OK || (err.found == done && (err.has & WC_HAS_FOUND)));
}

/* The input as a file. */
static void
walk_file(const uint8_t *data, size_t len)
{
	wc_binlog_state st;
	wc_binlog_event ev;
	wc_binlog_header h;
	wc_binlog_txn t;
	wc_error	err;
	seen		s = {0};

	if (wc_binlog_begin(&st, data, len, &err) != WC_OK)
		return;
	wc_binlog_txn_begin(&t, WC_BINLOG_MAGIC_LEN, WC_BINLOG_MAGIC_LEN);
	while (st.offset + WC_BINLOG_HEADER_LEN <= len)
	{
		const char *stmt = NULL;
		size_t		n = 0;

		if (wc_binlog_header_decode(&st, data + st.offset, st.offset, &h, &err) != WC_OK ||
			h.event_size > len - st.offset ||
			wc_binlog_next(&st, data + st.offset, len - st.offset, &ev, &err) != WC_OK)
			return;
		if (ev.h.type == WC_BINLOG_QUERY_EVENT || ev.h.type == WC_BINLOG_QUERY_COMPRESSED_EVENT)
		{
			unsigned	post = wc_binlog_post_header_len(&st, ev.h.type);

			if (post >= 13 && ev.body_len >= post)
			{
				size_t		q = post + ((size_t) ev.body[11] | (size_t) ev.body[12] << 8) +
					ev.body[8] + 1;

				if (q <= ev.body_len)
					stmt = (const char *) ev.body + q, n = ev.body_len - q;
			}
		}
		if (!feed(&t, &st, &ev, stmt, n, &s))
			return;
	}
	finish(&t, WC_BINLOG_MAGIC_LEN, &s, st.offset < len);
}

/* The input as hand-made events. */
static void
walk_events(const uint8_t *data, size_t len)
{
	static const uint8_t magic[] = {0xfe, 'b', 'i', 'n'};
	wc_binlog_state st;
	wc_binlog_event ev = {0};
	wc_binlog_txn t;
	wc_error	err;
	seen		s = {0};
	size_t		pos = 0;
	uint64_t	start = WC_BINLOG_MAGIC_LEN;

	wc_binlog_begin(&st, magic, sizeof(magic), &err);
	ev.offset = WC_BINLOG_MAGIC_LEN;
	if (len > 0)
		start += (uint64_t) data[0] * 8, pos = 1;
	wc_binlog_txn_begin(&t, WC_BINLOG_MAGIC_LEN, start);
	while (pos + 3 <= len)
	{
		uint8_t		b = data[pos];
		size_t		n = data[pos + 2];

		if (pos + 3 + n > len)
			n = len - pos - 3;
		if (ev.index > 0)
			ev.offset += ev.h.event_size;
		ev.index++;
		ev.h.type = b >= 0xf0 ? b : types[b % sizeof(types)];
		ev.h.event_size = (uint32_t) (WC_BINLOG_HEADER_LEN + n + (data[pos + 1] & 7));
		ev.body = data + pos + 3;
		ev.body_len = n;
		ev.body_offset = ev.offset + WC_BINLOG_HEADER_LEN;
		if (!feed(&t, &st, &ev, (const char *) ev.body, n, &s))
			return;
		pos += 3 + n;
	}
	finish(&t, WC_BINLOG_MAGIC_LEN, &s, pos < len);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	if (len >= WC_BINLOG_MAGIC_LEN && memcmp(data, "\xfe" "bin", WC_BINLOG_MAGIC_LEN) == 0)
		walk_file(data, len);
	else
		walk_events(data, len);
	return 0;
}
