/*
 * test_mysql_binlog_txn.c: unit tests of the binlog transaction walk
 * (src/core/mysql_binlog_txn.c): the units of the real binlog files of
 * test/vectors/binlog/ (MySQL 5.1 to 9.7, MariaDB 10.3 and 10.11; as
 * mysql_binlog_apply_plan returns them), the same files cut inside a
 * transaction, and hand-made event sequences for each rule.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "harness.h"
#include "mysql_binlog.h"
#include "mysql_binlog_txn.h"

/* The statement of a QUERY or QUERY_COMPRESSED event (its first
 * sizeof(stmt_buf) bytes, inflated), as the glue reads it. */
static char stmt_buf[1 << 16];

static size_t
query_text(const wc_binlog_state *st, const wc_binlog_event *ev)
{
	unsigned	post = wc_binlog_post_header_len(st, ev->h.type);
	const uint8_t *b = ev->body;
	size_t		q;

	if (post < 13 || ev->body_len < post)
		return 0;
	q = post + ((size_t) b[11] | ((size_t) b[12] << 8)) + b[8] + 1;
	if (q > ev->body_len)
		return 0;
	if (ev->h.type == WC_BINLOG_QUERY_COMPRESSED_EVENT)
	{
		uint32_t	raw;
		const uint8_t *z;
		size_t		zlen;
		z_stream	zs = {0};
		wc_error	err;
		size_t		n;

		if (wc_binlog_compressed_header(b + q, ev->body_len - q, 0, &raw, &z, &zlen, &err) != WC_OK)
			return 0;
		inflateInit(&zs);
		zs.next_in = (Bytef *) z;
		zs.avail_in = (uInt) zlen;
		zs.next_out = (Bytef *) stmt_buf;
		zs.avail_out = sizeof(stmt_buf);
		inflate(&zs, Z_FINISH);
		n = sizeof(stmt_buf) - zs.avail_out;
		inflateEnd(&zs);
		return n;
	}
	{
		size_t		n = ev->body_len - q < sizeof(stmt_buf) ? ev->body_len - q : sizeof(stmt_buf);

		memcpy(stmt_buf, b + q, n);
		return n;
	}
}

/* Append a unit "K<first>-<last>" to sig. */
static void
sig_add(char *sig, size_t cap, const char *kind, int64_t first, int64_t last)
{
	size_t		n = strlen(sig);
	char		k[16];

	if (strcmp(kind, "transaction") == 0 || strcmp(kind, "rollback") == 0 ||
		strcmp(kind, "query") == 0 || strcmp(kind, "event") == 0 ||
		strcmp(kind, "statement") == 0)
		snprintf(k, sizeof(k), "%c", kind[0] == 'q' ? 'Q' : kind[0] == 'e' ? 'E' :
				 kind[0] == 't' ? 'T' : kind[0] == 'r' ? 'R' : 's');
	else
		snprintf(k, sizeof(k), "%s", kind);
	snprintf(sig + n, cap - n, "%s%s%lld-%lld", n ? " " : "", k, (long long) first,
			 (long long) last);
}

/*
 * Walk buf[0 .. len) as the apply's plan does (from byte 4, no limit) into
 * sig: its units in order ("E1-1 T2-9 ..."; the statements inside a
 * transaction after it, as "s<index>-<index>"), then what follows the
 * last whole unit ("rotate11-10": the next event, the last one framed).
 * Checks every answer's offsets on the way.  Returns the last status.
 */
static wc_status
walk_file(const uint8_t *buf, size_t len, char *sig, size_t cap)
{
	wc_binlog_state st;
	wc_binlog_event ev;
	wc_binlog_header h;
	wc_binlog_txn t;
	wc_binlog_txn_event te;
	wc_binlog_walk_end fin;
	wc_error	err;
	uint64_t	done;
	char		pending[4096] = "";
	wc_status	rc;

	sig[0] = 0;
	if ((rc = wc_binlog_begin(&st, buf, len, &err)) != WC_OK)
		return rc;
	wc_binlog_txn_begin(&t, WC_BINLOG_MAGIC_LEN, WC_BINLOG_MAGIC_LEN);
	while (st.offset + WC_BINLOG_HEADER_LEN <= len)
	{
		bool		q;
		size_t		n = 0;

		if ((rc = wc_binlog_header_decode(&st, buf + st.offset, st.offset, &h, &err)) != WC_OK)
			return rc;
		if (h.event_size > len - st.offset)
			break;
		if ((rc = wc_binlog_next(&st, buf + st.offset, len - st.offset, &ev, &err)) != WC_OK)
			return rc;
		q = ev.h.type == WC_BINLOG_QUERY_EVENT || ev.h.type == WC_BINLOG_QUERY_COMPRESSED_EVENT;
		if (q)
			n = query_text(&st, &ev);
		if ((rc = wc_binlog_txn_next(&t, &st, &ev, q ? stmt_buf : NULL, n, &te, &err)) != WC_OK)
			return rc;
		CHECK(te.first <= ev.index && te.offset <= ev.offset &&
			  te.end == ev.offset + ev.h.event_size && te.opens == (te.first == ev.index),
			  "event %lld: unit from %lld at %llu", (long long) ev.index,
			  (long long) te.first, (unsigned long long) te.offset);
		CHECK(te.name == NULL || (te.name >= ev.body && te.name + te.name_len <= ev.body + ev.body_len),
			  "event %lld: the name is inside the body", (long long) ev.index);
		if (te.step == WC_BINLOG_TXN_STATEMENT)
			sig_add(pending, sizeof(pending), "statement", ev.index, ev.index);
		if (te.step == WC_BINLOG_TXN_ENDS)
		{
			sig_add(sig, cap, wc_binlog_unit_name(te.unit), te.first, ev.index);
			if (pending[0])
				snprintf(sig + strlen(sig), cap - strlen(sig), " %s", pending);
			pending[0] = 0;
		}
	}
	if ((rc = wc_binlog_txn_end(&t, false, st.offset < len, &fin, &done, &err)) != WC_OK)
		return rc;
	sig_add(sig, cap, wc_binlog_walk_end_name(fin), st.index + 1, st.index);
	return WC_OK;
}

/* The units of every file, as mysql_binlog_apply_plan(file) returns them. */
static void
test_files(void)
{
	static const struct
	{
		const char *file;
		const char *units;
	}			f[] = {
		{"mariadb-10.11-apply.000001", "E1-1 E2-2 E3-3 Q4-5 Q6-7 Q8-9 Q10-11 Q12-13 T14-18 T19-29 T30-34 T35-39 T40-44 T45-49 E50-50 rotate51-50"},
		{"mariadb-10.11-apply.000002", "E1-1 E2-2 E3-3 T4-8 E9-9 T10-14 T15-19 T20-30 Q31-32 T33-37 T38-42 E43-43 rotate44-43"},
		{"mariadb-10.11-apply.000003", "E1-1 E2-2 E3-3 E4-4 Q5-6 T7-11 T12-16 T17-21 E22-22 rotate23-22"},
		{"mariadb-10.11-apply-repeat.000001", "E1-1 E2-2 E3-3 Q4-5 Q6-7 Q8-9 T10-14 T15-34 T35-48 T49-77 T78-94 T95-100 T101-106 T107-141 E142-142 rotate143-142"},
		{"mariadb-10.11-full-compressed.bin", "E1-1 E2-2 E3-3 E4-4 Q5-6 Q7-8 Q9-10 T11-15 T16-20 T21-25 Q26-27 T28-32 Q33-34 T35-39 Q40-41 T42-46 T47-51 T52-56 T57-61 T62-66 Q67-68 T69-73 T74-78 T79-83 T84-91 E92-92 rotate93-92"},
		{"mariadb-10.11-minimal-compressed.bin", "E1-1 E2-2 E3-3 E4-4 E5-5 E6-6 Q7-8 Q9-10 Q11-12 T13-17 T18-22 T23-27 Q28-29 T30-34 Q35-36 T37-41 Q42-43 T44-48 T49-53 T54-58 T59-63 T64-68 Q69-70 T71-75 T76-80 T81-85 T86-93 E94-94 rotate95-94"},
		{"mariadb-10.3-annotate.bin", "E1-1 E2-2 E3-3 Q4-5 T6-10 T11-15 Q16-17 end18-17"},
		{"mariadb-10.3-gtid.bin", "E1-1 E2-2 E3-3 Q4-5 T6-8 s7-7 T9-11 s10-10 E12-12 stop13-12"},
		{"mysql-5.1-v1-rows.bin", "E1-1 T2-9 E10-10 rotate11-10"},
		{"mysql-5.6-v2-rows.bin", "E1-1 Q2-2 Q3-3 Q4-4 T5-8 T9-12 T13-16 T17-19 s18-18 T20-22 s21-21 T23-26 s25-25 T27-30 s29-29 T31-34 s33-33 T35-39 E40-40 rotate41-40"},
		{"mysql-8.0-payload.bin", "E1-1 E2-2 Q3-4 T5-9 T10-16 T17-21 T22-23 T24-28 Q29-30 T31-34 s33-33 T35-39 E40-40 rotate41-40"},
		{"mysql-9.7-gtid-payload.bin", "E1-1 E2-2 Q3-4 Q5-6 Q7-8 T9-10 E11-11 rotate12-11"},
		{"mysql-9.7-partial-json-zstd.bin", "E1-1 E2-2 Q3-4 Q5-6 Q7-8 Q9-10 T11-12 T13-14 T15-16 T17-18 T19-20 T21-22 T23-24 T25-26 T27-28 T29-30 T31-32 T33-34 T35-36 T37-38 T39-40 T41-42 T43-44 T45-46 T47-48 T49-50 T51-52 T53-54 T55-56 T57-58 T59-60 T61-62 E63-63 rotate64-63"},
		{"mysql-9.7-partial-json.bin", "E1-1 E2-2 Q3-4 Q5-6 Q7-8 Q9-10 T11-15 T16-20 T21-25 T26-30 T31-35 T36-40 T41-45 T46-50 T51-55 T56-60 T61-65 T66-70 T71-75 T76-80 T81-85 T86-90 T91-95 T96-100 T101-105 T106-110 T111-115 T116-120 T121-125 T126-130 T131-135 T136-140 E141-141 rotate142-141"},
	};
	static char sig[8192];

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
	{
		char		path[256];
		size_t		len;
		uint8_t    *b;

		snprintf(path, sizeof(path), "binlog/%s", f[i].file);
		b = wc_read_vector(path, &len);
		wc_status	rc = walk_file(b, len, sig, sizeof(sig));

		CHECK(rc == WC_OK && strcmp(sig, f[i].units) == 0, "%s: %d\n  got  %s\n  want %s",
			  f[i].file, rc, sig, f[i].units);
		free(b);
	}
}

/* The byte offset after event n (1-based) of buf. */
static size_t
event_end(const uint8_t *buf, size_t len, int n)
{
	size_t		off = WC_BINLOG_MAGIC_LEN;

	for (int i = 0; i < n && off + WC_BINLOG_HEADER_LEN <= len; i++)
		off += (size_t) buf[off + 9] | (size_t) buf[off + 10] << 8 |
			(size_t) buf[off + 11] << 16 | (size_t) buf[off + 12] << 24;
	return off;
}

/* A file cut inside a transaction, or inside an event: the units before,
 * then 'incomplete' after the last whole one. */
static void
test_cut_files(void)
{
	static char sig[8192];
	size_t		len;
	uint8_t    *b = wc_read_vector("binlog/mariadb-10.3-gtid.bin", &len);
	size_t		cut = event_end(b, len, 7);
	wc_status	rc = walk_file(b, cut, sig, sizeof(sig));

	/* cut after event 7, inside T6-8 (the walk here lists a statement
	 * after its unit: one whose unit never ends is not listed) */
	CHECK(rc == WC_OK && strcmp(sig, "E1-1 E2-2 E3-3 Q4-5 incomplete8-7") == 0,
		  "cut in a transaction: %s", sig);
	rc = walk_file(b, cut + 5, sig, sizeof(sig));
	CHECK(rc == WC_OK && strcmp(sig, "E1-1 E2-2 E3-3 Q4-5 incomplete8-7") == 0,
		  "cut in an event in a transaction: %s", sig);
	cut = event_end(b, len, 8);
	rc = walk_file(b, cut + 3, sig, sizeof(sig));
	CHECK(rc == WC_OK && strcmp(sig, "E1-1 E2-2 E3-3 Q4-5 T6-8 s7-7 incomplete9-8") == 0,
		  "cut in an event after a transaction: %s", sig);
	rc = walk_file(b, cut, sig, sizeof(sig));
	CHECK(rc == WC_OK && strcmp(sig, "E1-1 E2-2 E3-3 Q4-5 T6-8 s7-7 end9-8") == 0,
		  "cut after a transaction: %s", sig);
	free(b);
}

/* ---- hand-made sequences ---- */

/* A sequence of events fed to one walk. */
typedef struct seq
{
	wc_binlog_state st;
	wc_binlog_txn t;
	wc_binlog_event ev;
	wc_binlog_txn_event te;
	wc_error	err;
	uint8_t		body[64];
} seq;

static void
seq_start(seq *s, uint64_t start)
{
	static const uint8_t magic[] = {0xfe, 'b', 'i', 'n'};

	memset(s, 0, sizeof(*s));
	wc_binlog_begin(&s->st, magic, sizeof(magic), &s->err);
	wc_binlog_txn_begin(&s->t, WC_BINLOG_MAGIC_LEN, start);
	s->ev.offset = WC_BINLOG_MAGIC_LEN;
}

/* Feed the next event (of type, 100 bytes; body[0 .. body_len) of s->body;
 * stmt for a QUERY). */
static wc_status
feed(seq *s, unsigned type, const char *stmt, size_t body_len)
{
	if (s->ev.index > 0)
		s->ev.offset += s->ev.h.event_size;
	s->ev.index++;
	s->ev.h.type = (uint8_t) type;
	s->ev.h.event_size = 100;
	s->ev.body = s->body;
	s->ev.body_len = body_len;
	s->ev.body_offset = s->ev.offset + WC_BINLOG_HEADER_LEN;
	return wc_binlog_txn_next(&s->t, &s->st, &s->ev, stmt, stmt ? strlen(stmt) : 0, &s->te,
							  &s->err);
}

/* Feed one event and check what it does: step, and for an end the kind and
 * the unit's first event. */
#define FEED(s, type, stmt, want_step, want_unit, want_first) \
	do { \
		wc_status rc_ = feed((s), (type), (stmt), 0); \
		CHECK(rc_ == WC_OK && (s)->te.step == (want_step) && (s)->te.unit == (want_unit) && \
			  (s)->te.first == (want_first), \
			  "event %lld (type %u, %s): status %d, step %d, unit %d, first %lld", \
			  (long long) (s)->ev.index, (unsigned) (type), (stmt) ? (stmt) : "-", rc_, \
			  (s)->te.step, (s)->te.unit, (long long) (s)->te.first); \
	} while (0)

/* How the walk ends after the sequence. */
static wc_binlog_walk_end
seq_end(seq *s, bool more, bool rest, uint64_t *done)
{
	wc_binlog_walk_end fin = WC_BINLOG_WALK_END;

	CHECK(wc_binlog_txn_end(&s->t, more, rest, &fin, done, &s->err) == WC_OK, "walk end");
	return fin;
}

/* short names for the tables of the sequences below */
#define GTID WC_BINLOG_GTID_LOG_EVENT
#define QUERY WC_BINLOG_QUERY_EVENT
#define ROWS WC_BINLOG_WRITE_ROWS_EVENT
#define MAP WC_BINLOG_TABLE_MAP_EVENT
#define XID WC_BINLOG_XID_EVENT
#define CONTINUES WC_BINLOG_TXN_CONTINUES
#define BEGINS WC_BINLOG_TXN_BEGINS
#define STATEMENT WC_BINLOG_TXN_STATEMENT
#define ENDS WC_BINLOG_TXN_ENDS
#define NONE WC_BINLOG_UNIT_NONE
#define TXN WC_BINLOG_UNIT_TRANSACTION
#define ROLLBACK WC_BINLOG_UNIT_ROLLBACK
#define STMT WC_BINLOG_UNIT_QUERY
#define EVENT WC_BINLOG_UNIT_EVENT

/* BEGIN .. COMMIT, BEGIN .. ROLLBACK, XA START .. XA COMMIT, XID. */
static void
test_transactions(void)
{
	seq			s;
	uint64_t	done;

	seq_start(&s, WC_BINLOG_MAGIC_LEN);
	FEED(&s, GTID, NULL, BEGINS, NONE, 1);
	CHECK(s.te.opens && s.te.gtid && s.te.wanted, "a GTID opens the unit");
	FEED(&s, QUERY, "BEGIN", BEGINS, NONE, 1);
	CHECK(!s.te.opens && !s.te.gtid, "BEGIN continues it");
	FEED(&s, MAP, NULL, CONTINUES, NONE, 1);
	FEED(&s, ROWS, NULL, CONTINUES, NONE, 1);
	FEED(&s, QUERY, "INSERT INTO t VALUES (1)", STATEMENT, NONE, 1);
	FEED(&s, QUERY, "  commit ;\n", ENDS, TXN, 1);
	CHECK(s.te.end == s.ev.offset + 100 && s.te.offset == WC_BINLOG_MAGIC_LEN,
		  "the unit's offsets");
	/* BEGIN .. ROLLBACK, no GTID */
	FEED(&s, QUERY, "BEGIN", BEGINS, NONE, 7);
	CHECK(s.te.opens && !s.te.gtid, "BEGIN opens a unit");
	FEED(&s, ROWS, NULL, CONTINUES, NONE, 7);
	FEED(&s, QUERY, "ROLLBACK", ENDS, ROLLBACK, 7);
	/* XA START .. XA COMMIT */
	FEED(&s, GTID, NULL, BEGINS, NONE, 10);
	FEED(&s, QUERY, "XA START", BEGINS, NONE, 10);
	FEED(&s, ROWS, NULL, CONTINUES, NONE, 10);
	FEED(&s, QUERY, "XA END", STATEMENT, NONE, 10);
	FEED(&s, QUERY, "xa commit", ENDS, TXN, 10);
	/* XID ends a transaction; ROLLBACK TO SAVEPOINT is a statement in it */
	FEED(&s, GTID, NULL, BEGINS, NONE, 15);
	FEED(&s, QUERY, "BEGIN", BEGINS, NONE, 15);
	FEED(&s, QUERY, "ROLLBACK TO SAVEPOINT a", STATEMENT, NONE, 15);
	FEED(&s, ROWS, NULL, CONTINUES, NONE, 15);
	FEED(&s, XID, NULL, ENDS, TXN, 15);
	CHECK(seq_end(&s, false, false, &done) == WC_BINLOG_WALK_END && done == s.te.end,
		  "the walk ends at the end, after the last unit");
}

/* Statements and events outside a transaction, MySQL's payload and
 * MariaDB's GTIDs. */
static void
test_outside(void)
{
	seq			s;
	uint64_t	done;

	seq_start(&s, WC_BINLOG_MAGIC_LEN);
	FEED(&s, WC_BINLOG_FORMAT_DESCRIPTION_EVENT, NULL, ENDS, EVENT, 1);
	CHECK(s.te.opens, "an event alone is a unit");
	FEED(&s, QUERY, "CREATE TABLE t (a int)", ENDS, STMT, 2);
	FEED(&s, QUERY, "COMMIT", ENDS, STMT, 3);
	FEED(&s, QUERY, "", ENDS, STMT, 4);
	FEED(&s, XID, NULL, ENDS, TXN, 5);
	/* a MySQL GTID, then a statement: the statement's unit */
	FEED(&s, GTID, NULL, BEGINS, NONE, 6);
	FEED(&s, QUERY, "DROP TABLE t", ENDS, STMT, 6);
	/* a MySQL 8.0 transaction: GTID, payload */
	FEED(&s, WC_BINLOG_ANONYMOUS_GTID_LOG_EVENT, NULL, BEGINS, NONE, 8);
	FEED(&s, WC_BINLOG_TRANSACTION_PAYLOAD_EVENT, NULL, ENDS, TXN, 8);
	/* MariaDB: a GTID without FL_STANDALONE (flags at body[12]) begins the
	 * transaction itself; with it, its statement is a unit */
	memset(s.body, 0, sizeof(s.body));
	CHECK(feed(&s, WC_BINLOG_GTID_EVENT, NULL, 13) == WC_OK && s.te.step == BEGINS, "MariaDB GTID");
	FEED(&s, QUERY, "UPDATE t SET a = 1", STATEMENT, NONE, 10);
	FEED(&s, XID, NULL, ENDS, TXN, 10);
	s.body[12] = 1;
	CHECK(feed(&s, WC_BINLOG_GTID_EVENT, NULL, 13) == WC_OK && s.te.step == BEGINS, "standalone");
	FEED(&s, QUERY, "CREATE TABLE u (a int)", ENDS, STMT, 13);
	/* a GTID too short for its flags: standalone */
	CHECK(feed(&s, WC_BINLOG_GTID_EVENT, NULL, 12) == WC_OK && s.te.step == BEGINS, "short");
	FEED(&s, QUERY, "CREATE TABLE v (a int)", ENDS, STMT, 15);
	/* the statement of a QUERY without one: a statement */
	FEED(&s, QUERY, NULL, ENDS, STMT, 17);
	CHECK(seq_end(&s, false, false, &done) == WC_BINLOG_WALK_END && done == s.te.end, "end");
}

/* A GTID inside a transaction is an error naming both events; the walk's
 * state is as before it. */
static void
test_nested(void)
{
	seq			s;
	wc_status	rc;

	seq_start(&s, WC_BINLOG_MAGIC_LEN);
	FEED(&s, WC_BINLOG_FORMAT_DESCRIPTION_EVENT, NULL, ENDS, EVENT, 1);
	FEED(&s, GTID, NULL, BEGINS, NONE, 2);
	FEED(&s, QUERY, "BEGIN", BEGINS, NONE, 2);
	FEED(&s, ROWS, NULL, CONTINUES, NONE, 2);
	rc = feed(&s, WC_BINLOG_GTID_EVENT, NULL, 0);
	CHECK(rc == WC_BINLOG_NESTED_GTID && s.err.index == 5 && s.err.expected == 2 &&
		  s.err.offset == s.ev.offset && (s.err.has & WC_HAS_INDEX) &&
		  (s.err.has & WC_HAS_EXPECTED) && strcmp(s.err.index_kind, "event") == 0,
		  "nested GTID: %d, event %lld, first %llu, offset %zu", rc, (long long) s.err.index,
		  (unsigned long long) s.err.expected, s.err.offset);
	CHECK(wc_status_row(rc)->klass == WC_CLASS_BINARY, "nested GTID: 22P03");
	/* without a BEGIN: a MySQL GTID then another */
	seq_start(&s, WC_BINLOG_MAGIC_LEN);
	FEED(&s, GTID, NULL, BEGINS, NONE, 1);
	rc = feed(&s, WC_BINLOG_ANONYMOUS_GTID_LOG_EVENT, NULL, 0);
	CHECK(rc == WC_BINLOG_NESTED_GTID && s.err.index == 2 && s.err.expected == 1,
		  "GTID after GTID: %d", rc);
	FEED(&s, QUERY, "CREATE TABLE t (a int)", ENDS, STMT, 1);
}

/* ROTATE and STOP, inside and outside a unit; a walk cut inside a
 * transaction; 'more'; the start position. */
static void
test_ends(void)
{
	seq			s;
	uint64_t	done;
	uint64_t	second;
	wc_binlog_walk_end fin;

	seq_start(&s, WC_BINLOG_MAGIC_LEN);
	memcpy(s.body, "\x04\0\0\0\0\0\0\0binlog.000002", 21);
	CHECK(feed(&s, WC_BINLOG_ROTATE_EVENT, NULL, 21) == WC_OK && s.te.step == ENDS &&
		  s.te.unit == EVENT && s.te.name_len == 13 && memcmp(s.te.name, "binlog.000002", 13) == 0,
		  "ROTATE names the next file");
	CHECK(seq_end(&s, false, false, &done) == WC_BINLOG_WALK_ROTATE, "ends at a ROTATE");
	CHECK(seq_end(&s, true, false, &done) == WC_BINLOG_WALK_ROTATE, "more, nothing after");
	CHECK(seq_end(&s, true, true, &done) == WC_BINLOG_WALK_MORE, "more");
	CHECK(seq_end(&s, false, true, &done) == WC_BINLOG_WALK_INCOMPLETE, "a partial event");
	CHECK(feed(&s, WC_BINLOG_ROTATE_EVENT, NULL, 5) == WC_OK && s.te.name_len == 0,
		  "a ROTATE shorter than its post-header");
	/* ROTATE and STOP inside a transaction continue it; cut there */
	FEED(&s, GTID, NULL, BEGINS, NONE, 3);
	second = s.ev.offset;
	FEED(&s, QUERY, "BEGIN", BEGINS, NONE, 3);
	CHECK(feed(&s, WC_BINLOG_ROTATE_EVENT, NULL, 21) == WC_OK && s.te.step == CONTINUES &&
		  s.te.name == NULL, "ROTATE inside");
	FEED(&s, WC_BINLOG_STOP_EVENT, NULL, CONTINUES, NONE, 3);
	fin = seq_end(&s, false, false, &done);
	CHECK(fin == WC_BINLOG_WALK_INCOMPLETE && done == second, "cut inside: %d, done %llu",
		  fin, (unsigned long long) done);
	CHECK(seq_end(&s, true, true, &done) == WC_BINLOG_WALK_MORE, "more, inside");
	FEED(&s, QUERY, "COMMIT", ENDS, TXN, 3);
	FEED(&s, WC_BINLOG_STOP_EVENT, NULL, ENDS, EVENT, 8);
	CHECK(seq_end(&s, false, false, &done) == WC_BINLOG_WALK_STOP, "ends at a STOP");
	FEED(&s, WC_BINLOG_ANONYMOUS_GTID_LOG_EVENT, NULL, BEGINS, NONE, 9);
	FEED(&s, WC_BINLOG_TRANSACTION_PAYLOAD_EVENT, NULL, ENDS, TXN, 9);
	CHECK(seq_end(&s, false, false, &done) == WC_BINLOG_WALK_END, "a STOP before: the end");

	/* start position 104 (the second event's): wanted from there */
	seq_start(&s, WC_BINLOG_MAGIC_LEN + 100);
	FEED(&s, WC_BINLOG_FORMAT_DESCRIPTION_EVENT, NULL, ENDS, EVENT, 1);
	CHECK(!s.te.wanted, "before the start");
	FEED(&s, GTID, NULL, BEGINS, NONE, 2);
	CHECK(s.te.wanted, "at the start");
	FEED(&s, XID, NULL, ENDS, TXN, 2);
	CHECK(s.te.wanted, "after it");
	CHECK(seq_end(&s, false, false, &done) == WC_BINLOG_WALK_END, "start at a unit");
	/* start position 150: inside the first unit */
	seq_start(&s, 150);
	FEED(&s, GTID, NULL, BEGINS, NONE, 1);
	FEED(&s, XID, NULL, ENDS, TXN, 1);
	FEED(&s, GTID, NULL, BEGINS, NONE, 3);
	CHECK(!s.te.wanted, "not at a unit's start");
	CHECK(wc_binlog_txn_end(&s.t, false, false, &fin, &done, &s.err) == WC_BINLOG_NOT_UNIT_START &&
		  s.err.offset == 150 && s.err.found == 204 && done == 204,
		  "no unit at the start: offset %zu, found %llu", s.err.offset,
		  (unsigned long long) s.err.found);
	CHECK(wc_status_row(WC_BINLOG_NOT_UNIT_START)->klass == WC_CLASS_PARAMETER, "22023");
	/* a start where the last whole unit ends: nothing after it yet */
	seq_start(&s, 204);
	FEED(&s, GTID, NULL, BEGINS, NONE, 1);
	FEED(&s, XID, NULL, ENDS, TXN, 1);
	CHECK(wc_binlog_txn_end(&s.t, false, false, &fin, &done, &s.err) == WC_OK, "start at the end");
	/* names */
	CHECK(strcmp(wc_binlog_unit_name(WC_BINLOG_UNIT_ROLLBACK), "rollback") == 0 &&
		  strcmp(wc_binlog_walk_end_name(WC_BINLOG_WALK_INCOMPLETE), "incomplete") == 0 &&
		  strcmp(wc_binlog_unit_name((wc_binlog_unit) 99), "none") == 0, "names");
}

int
main(void)
{
	test_files();
	test_cut_files();
	test_transactions();
	test_outside();
	test_nested();
	test_ends();
	return wc_summary("test_mysql_binlog_txn");
}
