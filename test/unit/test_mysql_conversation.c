/*
 * test_mysql_conversation.c: unit tests of the conversation decoder core:
 * a two-sided capture (handshake, COM_QUERY with a text result set,
 * COM_STMT_PREPARE, COM_STMT_EXECUTE with binary rows and a
 * CLIENT_DEPRECATE_EOF closing OK, a multi-result COM_QUERY ending in ERR,
 * COM_QUIT), the same from the server's side, a 16 MB row reassembled, and
 * truncations and corruptions with their stream, packet and offset, and
 * the client's sequence ids left unchecked inside compressed packets.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mysql_conversation.h"

typedef struct stream
{
	uint8_t    *b;
	size_t		n;
	size_t		cap;
} stream;

/* Append one framed packet of payload hex (or raw bytes) with id seq. */
static void
put_raw(stream *s, const uint8_t *p, size_t n, uint8_t seq)
{
	int			ok;
	size_t		need = wc_mysql_frame_size(n, &ok);

	if (s->n + need > s->cap)
	{
		s->cap = (s->n + need) * 2;
		s->b = realloc(s->b, s->cap);
	}
	s->n += wc_mysql_frame_write(s->b + s->n, p, n, seq);
}

static void
put(stream *s, const char *hex, uint8_t seq)
{
	size_t		n;
	uint8_t    *p = wc_unhex(hex, &n);

	put_raw(s, p, n, seq);
	free(p);
}

#define CD_ID "0364656600017401740269640269640c3f000b000000032000000000"
#define CD_NAME "036465660001740174046e616d65046e616d650cff000b000000fd0000000000"

static void
build(stream *c, stream *s)
{
	put(c, "8da20a00000000012d0000000000000000000000000000000000000000000000726f6f7400", 1);
	put(s, "0a382e302e333600010101010101010101010101010101010101010101010101010101010101", 0);
	put(s, "00000002000000", 2);
	/* COM_QUERY: text result set with EOFs */
	put(c, "0353454c454354", 0);
	put(s, "02", 1);
	put(s, CD_ID, 2);
	put(s, CD_NAME, 3);
	put(s, "fe00002200", 4);
	put(s, "013103616263", 5);
	put(s, "fb00", 6);
	put(s, "fe00002200", 7);
	/* COM_STMT_PREPARE: 1 param, 2 columns */
	put(c, "1653454c454354", 0);
	put(s, "000100000002000100000000", 1);
	put(s, CD_ID, 2);
	put(s, "fe00000200", 3);
	put(s, CD_ID, 4);
	put(s, CD_NAME, 5);
	put(s, "fe00000200", 6);
	/* COM_STMT_EXECUTE: binary rows, closing OK with FE header */
	put(c, "170100000000010000000001030001000000", 0);
	put(s, "02", 1);
	put(s, CD_ID, 2);
	put(s, CD_NAME, 3);
	put(s, "0000070000000378797a", 4);
	put(s, "000808000000", 5);
	put(s, "fe00000200000000", 6);
	/* multi-statement: a result set with MORE_RESULTS, then ERR */
	put(c, "0353454c454354", 0);
	put(s, "01", 1);
	put(s, CD_ID, 2);
	put(s, "0131", 3);
	put(s, "fe00000a000000", 4);
	put(s, "ff260423343253323278", 5);
	put(c, "01", 0);
}

static const wc_mysql_kind expect_kinds[] = {
	WC_MYSQL_K_HANDSHAKE, WC_MYSQL_K_HANDSHAKE_RESPONSE, WC_MYSQL_K_OK,
	WC_MYSQL_K_COMMAND, WC_MYSQL_K_COLUMN_COUNT, WC_MYSQL_K_COLUMN_DEF, WC_MYSQL_K_COLUMN_DEF,
	WC_MYSQL_K_EOF, WC_MYSQL_K_TEXT_ROW, WC_MYSQL_K_TEXT_ROW, WC_MYSQL_K_EOF,
	WC_MYSQL_K_COMMAND, WC_MYSQL_K_PREPARE_OK, WC_MYSQL_K_PARAM_DEF, WC_MYSQL_K_EOF,
	WC_MYSQL_K_COLUMN_DEF, WC_MYSQL_K_COLUMN_DEF, WC_MYSQL_K_EOF,
	WC_MYSQL_K_COMMAND, WC_MYSQL_K_COLUMN_COUNT, WC_MYSQL_K_COLUMN_DEF, WC_MYSQL_K_COLUMN_DEF,
	WC_MYSQL_K_BINARY_ROW, WC_MYSQL_K_BINARY_ROW, WC_MYSQL_K_OK,
	WC_MYSQL_K_COMMAND, WC_MYSQL_K_COLUMN_COUNT, WC_MYSQL_K_COLUMN_DEF, WC_MYSQL_K_TEXT_ROW,
	WC_MYSQL_K_OK, WC_MYSQL_K_ERR, WC_MYSQL_K_COMMAND
};
#define NEXPECT (sizeof(expect_kinds) / sizeof(expect_kinds[0]))

/* Run to the end; returns the count, or -(count + 1) on an error. */
static long
run(const stream *c, const stream *s, wc_mysql_kind *kinds, wc_mysql_conv_item *last,
	wc_error *err, wc_status *st)
{
	wc_mysql_conv conv;
	long		n = 0;

	wc_mysql_conv_init(&conv, c ? c->b : NULL, c ? c->n : 0, s->b, s->n);
	for (;;)
	{
		*st = wc_mysql_conv_next(&conv, last, err);
		if (*st == WC_NULL)
			return n;
		if (*st != WC_OK)
			return -(n + 1);
		if (kinds && n < 64)
			kinds[n] = last->kind;
		n++;
	}
}

static void
test_two_sided(void)
{
	stream		c = {0},
				s = {0};
	wc_mysql_kind kinds[64];
	wc_mysql_conv_item it;
	wc_error err;
	wc_status st;
	long		n;
	size_t		k = 0;

	build(&c, &s);
	n = run(&c, &s, kinds, &it, &err, &st);
	CHECK(n == (long) NEXPECT, "two-sided: %ld packets, want %zu", n, NEXPECT);
	for (size_t i = 0; i < NEXPECT && i < (size_t) (n > 0 ? n : 0); i++)
		CHECK(kinds[i] == expect_kinds[i], "two-sided packet %zu: kind %s, want %s", i,
			  wc_mysql_kind_names[kinds[i]], wc_mysql_kind_names[expect_kinds[i]]);
	CHECK(it.command == 5 && it.command_type == 1, "last is COM_QUIT, command 5");

	/* server side only: the same kinds without the client's packets */
	n = run(NULL, &s, kinds, &it, &err, &st);
	for (size_t i = 0; i < NEXPECT; i++)
	{
		if (expect_kinds[i] == WC_MYSQL_K_COMMAND || expect_kinds[i] == WC_MYSQL_K_HANDSHAKE_RESPONSE)
			continue;
		CHECK(k < (size_t) (n > 0 ? n : 0) && kinds[k] == expect_kinds[i],
			  "server-only packet %zu: kind %s, want %s", k,
			  k < 64 ? wc_mysql_kind_names[kinds[k]] : "?", wc_mysql_kind_names[expect_kinds[i]]);
		k++;
	}
	CHECK(n == (long) k, "server-only: %ld packets, want %zu", n, k);

	/* every cut of the server stream inside the exchange is an error at or
	 * before the cut, never a crash or a silent end */
	for (size_t cut = 1; cut < s.n; cut += 7)
	{
		stream		t = s;

		t.n = cut;
		n = run(&c, &t, NULL, &it, &err, &st);
		CHECK(n < 0 && it.from_server == 1 && err.offset <= cut,
			  "server cut at %zu: result %ld, status %d, offset %zu", cut, n, st, err.offset);
	}
	/* a sequence gap */
	s.b[4 * 0 + 3] = 5;
	n = run(&c, &s, NULL, &it, &err, &st);
	CHECK(n < 0 && st == WC_MYSQL_SEQUENCE && it.from_server == 1 && it.packet == 2 && err.index == 2 &&
		  err.expected == 6 && err.found == 2, "sequence gap after the handshake");
	free(c.b);
	free(s.b);
}

/* A text row of 16 MB + 10 bytes spans two chunks and comes back whole. */
static void
test_large_row(void)
{
	stream		c = {0},
				s = {0};
	size_t		vlen = WC_MYSQL_MAX_CHUNK + 6;
	uint8_t    *row = malloc(vlen + 4);
	wc_mysql_conv conv;
	wc_mysql_conv_item it;
	wc_error err;
	wc_status st;
	int			rows = 0;
	size_t		rowlen = 0,
				chunks = 0;

	row[0] = 0xfd;
	row[1] = (uint8_t) vlen;
	row[2] = (uint8_t) (vlen >> 8);
	row[3] = (uint8_t) (vlen >> 16);
	memset(row + 4, 'x', vlen);
	put(&c, "8da20a00000000012d0000000000000000000000000000000000000000000000726f6f7400", 1);
	put(&c, "0353454c454354", 0);
	put(&s, "0a382e302e333600010101010101010101010101010101010101010101010101010101010101", 0);
	put(&s, "00000002000000", 2);
	put(&s, "01", 1);
	put(&s, CD_NAME, 2);
	put_raw(&s, row, vlen + 4, 3);	/* seq 3 and 4 */
	put(&s, "fe00000200000000", 5);
	wc_mysql_conv_init(&conv, c.b, c.n, s.b, s.n);
	while ((st = wc_mysql_conv_next(&conv, &it, &err)) == WC_OK)
		if (it.kind == WC_MYSQL_K_TEXT_ROW)
		{
			rows++;
			rowlen = it.pkt.length;
			chunks = it.pkt.chunks;
		}
	CHECK(st == WC_NULL && rows == 1 && rowlen == vlen + 4 && chunks == 2,
		  "16 MB row: status %d rows %d length %zu chunks %zu", st, rows, rowlen, chunks);
	free(row);
	free(c.b);
	free(s.b);
}

/*
 * Inside compressed packets the client's sequence ids are not checked:
 * Connector/J 2.7 (useCompression=true) sends a LOCAL INFILE's COM_QUERY
 * as id 1, the file's packets as 0 and the empty packet that ends it as 1
 * (the streams here are the decompressed ones).  Uncompressed, the same
 * ids are a sequence error at the COM_QUERY.
 */
static void
test_compressed_client_ids(void)
{
	stream		c = {0},
				s = {0};
	static const wc_mysql_kind want[] = {
		WC_MYSQL_K_HANDSHAKE, WC_MYSQL_K_HANDSHAKE_RESPONSE, WC_MYSQL_K_OK,
		WC_MYSQL_K_COMMAND, WC_MYSQL_K_LOCAL_INFILE, WC_MYSQL_K_INFILE_DATA,
		WC_MYSQL_K_INFILE_DATA, WC_MYSQL_K_INFILE_DATA, WC_MYSQL_K_OK, WC_MYSQL_K_COMMAND
	};
	wc_mysql_conv conv;
	wc_mysql_conv_item it;
	wc_error	err;
	wc_status	st;
	size_t		n = 0;
	int			ok = 1;

	put(&c, "8da20a00000000012d0000000000000000000000000000000000000000000000726f6f7400", 1);
	put(&s, "0a382e302e333600010101010101010101010101010101010101010101010101010101010101", 0);
	put(&s, "00000002000000", 2);
	/* COM_QUERY "LOAD", the request for file "f", two packets of it, the end */
	put(&c, "034c4f4144", 1);
	put(&s, "fb66", 1);
	put(&c, "312c610a", 0);
	put(&c, "322c620a", 0);
	put(&c, "", 1);
	put(&s, "00020002000000", 2);
	put(&c, "01", 0);
	wc_mysql_conv_init(&conv, c.b, c.n, s.b, s.n);
	conv.compressed = 1;
	while ((st = wc_mysql_conv_next(&conv, &it, &err)) == WC_OK)
	{
		ok &= n < sizeof(want) / sizeof(want[0]) && it.kind == want[n];
		n++;
	}
	CHECK(st == WC_NULL && ok && n == sizeof(want) / sizeof(want[0]),
		  "compressed, client ids 1/0/0/1 around LOCAL INFILE: status %d, %zu packets", st, n);
	CHECK(it.command == 2 && it.command_type == 1, "compressed: COM_QUIT is command 2");

	wc_mysql_conv_init(&conv, c.b, c.n, s.b, s.n);
	while ((st = wc_mysql_conv_next(&conv, &it, &err)) == WC_OK)
		;
	CHECK(st == WC_MYSQL_SEQUENCE && it.from_server == 0 && err.expected == 0 && err.found == 1,
		  "uncompressed: the COM_QUERY's id 1 is a sequence error (status %d)", st);
	free(c.b);
	free(s.b);
}

/* ---- real captures (test/unit/mysql_captures.tsv) ---- */

#include "mysql_compress.h"

/* A capture's streams, decompressed after the handshake when compressed. */
typedef struct capture
{
	uint8_t    *c;
	size_t		cn;
	uint8_t    *s;
	size_t		sn;
	int			compressed;
} capture;

static uint8_t *
decompress_after(uint8_t *b, size_t *n, size_t start)
{
	size_t		m = 0,
				wn = 0;
	wc_error	e;
	void	   *work;
	uint8_t    *out;

	if (wc_mysql_decompress_size(b, *n, start, &m, &wn, &e) != WC_OK)
		return NULL;
	work = malloc(wn + 1);
	out = malloc(start + m + 1);
	memcpy(out, b, start);
	if (wc_mysql_decompress(b, *n, start, out + start, m, work, wn, NULL, &e) != WC_OK)
	{
		free(out);
		out = NULL;
	}
	free(work);
	free(b);
	*n = start + m;
	return out;
}

/* Load a capture row; the client stream is absent for server-only ones. */
static int
capture_load(wc_tsv *t, capture *cap)
{
	size_t		ce,
				se;
	uint64_t	caps;
	wc_error	e;

	cap->c = t->field[2][0] ? wc_unhex(t->field[2], &cap->cn) : NULL;
	cap->s = wc_unhex(t->field[3], &cap->sn);
	cap->compressed = t->field[1][0] == '1';
	if (wc_mysql_conv_handshake_end(cap->c, cap->cn, cap->s, cap->sn, &ce, &se, &caps, &e) != WC_OK)
		return 0;
	if (cap->compressed != ((caps & (WC_MYSQL_CLIENT_COMPRESS |
									 WC_MYSQL_CLIENT_ZSTD_COMPRESSION_ALGORITHM)) != 0) ||
		wc_mysql_compress_detect(cap->s, cap->sn, se) != cap->compressed)
		return 0;
	if (cap->compressed)
	{
		cap->c = decompress_after(cap->c, &cap->cn, ce);
		cap->s = decompress_after(cap->s, &cap->sn, se);
	}
	return cap->s != NULL && (cap->c != NULL || t->field[2][0] == 0);
}

static const char *const kind_code[] = {
	"hs", "hr", "au", "cmd", "ok", "err", "eof", "cc", "cd", "tr", "br", "po", "pd",
	"li", "id", "pg"
};

/*
 * The conversation as a signature: one token per packet (client packets
 * marked '>'), rows with the number of column definitions that apply to
 * them ('?' unknown), runs of one token as token*count.  mode 0: both
 * streams; 1: both streams decoded, the server's packets listed; 2: the
 * server's stream alone.  Returns the status that ended it.
 */
static wc_status
signature(const capture *cap, int mode, char *out, size_t outcap)
{
	wc_mysql_conv c;
	wc_mysql_conv_item it;
	wc_error	e;
	wc_status	st;
	char		prev[32] = "",
				tok[32];
	int			run = 0;
	size_t		n = 0;
	int			two = mode < 2 && cap->c != NULL;

	wc_mysql_conv_init(&c, two ? cap->c : NULL, two ? cap->cn : 0, cap->s, cap->sn);
	c.compressed = cap->compressed;
	out[0] = 0;
	for (;;)
	{
		const char *side;

		st = wc_mysql_conv_next(&c, &it, &e);
		if (st == WC_OK && mode == 1 && !it.from_server)
			continue;
		side = st == WC_OK && !it.from_server ? ">" : "";
		tok[0] = 0;
		if (st == WC_OK && it.kind == WC_MYSQL_K_COMMAND)
			snprintf(tok, sizeof(tok), ">%02x", it.command_type & 0xff);
		else if (st == WC_OK && (it.kind == WC_MYSQL_K_TEXT_ROW || it.kind == WC_MYSQL_K_BINARY_ROW))
		{
			if (it.columns_known)
				snprintf(tok, sizeof(tok), "%s/%llu", kind_code[it.kind],
						 (unsigned long long) it.ncolumns);
			else
				snprintf(tok, sizeof(tok), "%s/?", kind_code[it.kind]);
		}
		else if (st == WC_OK)
			snprintf(tok, sizeof(tok), "%s%s", side, kind_code[it.kind]);
		if (st == WC_OK && strcmp(tok, prev) == 0)
		{
			run++;
			continue;
		}
		if (prev[0])
			n += snprintf(out + n, outcap - n, run > 1 ? "%s*%d " : "%s ", prev, run);
		if (st != WC_OK)
			break;
		strcpy(prev, tok);
		run = 1;
	}
	if (n && out[n - 1] == ' ')
		out[--n] = 0;
	if (st != WC_NULL)
		snprintf(out + n, outcap - n, " ERROR %d at %zu", st, e.offset);
	return st;
}

static void
test_captures(void)
{
	wc_tsv		t;
	static char sig[1 << 16],
				srv[1 << 16],
				want[1 << 16];
	int			n = 0;

	wc_tsv_open_path(&t, "test/unit/mysql_captures.tsv");
	while (wc_tsv_next(&t))
	{
		capture		cap = {0};
		wc_status	st;
		const char *name = t.field[0];

		n++;
		CHECK(capture_load(&t, &cap), "%s: capture loads (compressed: %s)", name, t.field[1]);
		if (cap.s == NULL)
			continue;
		st = signature(&cap, 0, sig, sizeof(sig));
		CHECK(st == WC_NULL, "%s: decodes to the end: %s", name, sig);
		CHECK(strcmp(sig, t.field[5]) == 0, "%s: signature\n  got  %s\n  want %s", name, sig,
			  t.field[5]);
		if (cap.c != NULL)
		{
			/* the server's side alone classifies its packets alike */
			signature(&cap, 1, want, sizeof(want));
			st = signature(&cap, 2, srv, sizeof(srv));
			CHECK(st == WC_NULL && strcmp(srv, want) == 0,
				  "%s: server side alone\n  got  %s\n  want %s", name, srv, want);
		}
		free(cap.c);
		free(cap.s);
	}
	wc_tsv_close(&t);
	CHECK(n >= 16, "%d captures", n);
}

int
main(void)
{
	test_two_sided();
	test_large_row();
	test_compressed_client_ids();
	test_captures();
	return wc_summary("test_mysql_conversation");
}
