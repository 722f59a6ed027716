/*
 * test_mysql_compress.c: unit tests of the compressed protocol core: an
 * ordinary packet stream cut into compressed packets (zlib, zstd, stored
 * below the threshold, ordinary packets spanning compressed ones, one
 * 16 MB payload) decompresses to exactly the original bytes; every
 * malformed header or payload gives its status, compressed packet and
 * offset; decompression bombs stop at the limits of wc_unzip.h.
 */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "harness.h"
#include "mysql_compress.h"
#include "wc_unzip.h"

typedef struct buf
{
	uint8_t    *b;
	size_t		n;
	size_t		cap;
} buf;

static void
append(buf *s, const void *p, size_t n)
{
	if (s->n + n > s->cap)
	{
		s->cap = (s->n + n) * 2 + 64;
		s->b = realloc(s->b, s->cap);
	}
	memcpy(s->b + s->n, p, n);
	s->n += n;
}

static void
le24(uint8_t *p, size_t v)
{
	p[0] = v & 0xff;
	p[1] = (v >> 8) & 0xff;
	p[2] = (v >> 16) & 0xff;
}

/* One compressed packet of p[0 .. n): algo 's' stored, 'z' zlib, 'd' zstd. */
static void
put_compressed(buf *out, const uint8_t *p, size_t n, uint8_t seq, char algo)
{
	uint8_t		hdr[7];
	size_t		cap = n + n / 8 + 1024;
	uint8_t    *c = malloc(cap);
	size_t		clen = n;

	if (algo == 'z')
	{
		uLongf		zl = cap;

		if (compress2(c, &zl, p, n, 6) != Z_OK)
			abort();
		clen = zl;
	}
	else if (algo == 'd')
	{
		clen = ZSTD_compress(c, cap, p, n, 3);
		if (ZSTD_isError(clen))
			abort();
	}
	else
		memcpy(c, p, n);
	le24(hdr, clen);
	hdr[3] = seq;
	le24(hdr + 4, algo == 's' ? 0 : n);
	append(out, hdr, 7);
	append(out, c, clen);
	free(c);
}

/* Ordinary packets: a COM_QUERY, a result set of nrows text rows. */
static void
plain_stream(buf *s, int nrows)
{
	static const uint8_t query[] = {0x13, 0, 0, 0, 0x03, 'S', 'E', 'L', 'E', 'C', 'T', ' ',
	'*', ' ', 'F', 'R', 'O', 'M', ' ', 't', '1', ' ', ' '};

	append(s, query, sizeof(query));
	for (int i = 0; i < nrows; i++)
	{
		char		row[64];
		uint8_t		hdr[4];
		int			n = snprintf(row + 1, sizeof(row) - 1, "value number %d", i);

		row[0] = (char) n;
		le24(hdr, n + 1);
		hdr[3] = (uint8_t) (i + 1);
		append(s, hdr, 4);
		append(s, row, n + 1);
	}
}

static uint8_t *
decompress_all(const buf *in, size_t start, size_t *out_len, wc_mysql_compress_stats *stats,
			   wc_status *st, wc_error *err)
{
	void	   *work;
	size_t		wn;
	uint8_t    *out;

	*st = wc_mysql_decompress_size(in->b, in->n, start, out_len, &wn, err);
	if (*st != WC_OK)
		return NULL;
	work = malloc(wn + 1);
	out = malloc(*out_len + 1);
	*st = wc_mysql_decompress(in->b, in->n, start, out, *out_len, work, wn, stats, err);
	free(work);
	return out;
}

static void
test_round_trip(void)
{
	buf			plain = {0},
				comp = {0};
	const char	algos[] = "szdzsd";
	size_t		pos = 0,
				k = 0,
				n;
	uint8_t    *out;
	wc_mysql_compress_stats stats;
	wc_status	st;
	wc_error	err;

	plain_stream(&plain, 500);
	append(&comp, "HANDSHAKE", 9);	/* bytes before start are not read */
	/* cut at uneven places, so that ordinary packets span compressed ones */
	while (pos < plain.n)
	{
		size_t		cut = 37 + (k * 977) % 3001;

		if (cut > plain.n - pos)
			cut = plain.n - pos;
		put_compressed(&comp, plain.b + pos, cut, (uint8_t) k, algos[k % 6]);
		pos += cut;
		k++;
	}
	out = decompress_all(&comp, 9, &n, &stats, &st, &err);
	CHECK(st == WC_OK, "round trip: status %d", st);
	CHECK_BYTES(out, n, plain.b, plain.n, "round trip: the uncompressed stream");
	CHECK(stats.packets == k, "stats: %llu packets, want %zu", (unsigned long long) stats.packets, k);
	CHECK(stats.stored + stats.zlib + stats.zstd == stats.packets && stats.zlib && stats.zstd &&
		  stats.stored, "stats: stored %llu zlib %llu zstd %llu",
		  (unsigned long long) stats.stored, (unsigned long long) stats.zlib,
		  (unsigned long long) stats.zstd);
	free(out);

	/* a server-only capture: the compressed reading is recognised, the
	 * ordinary one is not taken for it */
	CHECK(wc_mysql_compress_detect(comp.b, comp.n, 9), "detect: compressed packets");
	CHECK(!wc_mysql_compress_detect(plain.b, plain.n, 0), "detect: ordinary packets");
	CHECK(!wc_mysql_compress_detect(comp.b, comp.n - 1, 9), "detect: a cut compressed stream");
	CHECK(!wc_mysql_compress_detect(comp.b, comp.n, comp.n), "detect: nothing after the handshake");

	/* nothing after the handshake */
	out = decompress_all(&comp, comp.n, &n, &stats, &st, &err);
	CHECK(st == WC_OK && n == 0 && stats.packets == 0, "empty compressed stream");
	free(out);
	free(plain.b);
	free(comp.b);
}

/* A 16 MB ordinary payload (two ordinary packets) in compressed packets of
 * at most 16 MB - 1 uncompressed bytes each. */
static void
test_large(void)
{
	size_t		total = 0xFFFFFF + 4 + 1000 + 4;
	uint8_t    *plain = malloc(total);
	buf			comp = {0};
	size_t		n;
	uint8_t    *out;
	wc_status	st;
	wc_error	err;

	for (size_t i = 0; i < total; i++)
		plain[i] = (uint8_t) (i * 7 / 13);
	put_compressed(&comp, plain, 0xFFFFFF, 0, 'z');
	put_compressed(&comp, plain + 0xFFFFFF, total - 0xFFFFFF, 1, 'd');
	out = decompress_all(&comp, 0, &n, NULL, &st, &err);
	CHECK(st == WC_OK && n == total && memcmp(out, plain, total) == 0, "16 MB: status %d", st);
	free(out);
	free(plain);
	free(comp.b);
}

static void
expect_error(const buf *in, wc_status want, size_t off, int64_t index, const char *field,
			 const char *what)
{
	size_t		n;
	wc_status	st;
	wc_error	err;
	uint8_t    *out = decompress_all(in, 0, &n, NULL, &st, &err);

	CHECK(st == want, "%s: status %d, want %d", what, st, want);
	if (st == want)
	{
		CHECK(err.offset == off, "%s: offset %zu, want %zu", what, err.offset, off);
		CHECK((err.has & WC_HAS_INDEX) && err.index == index &&
			  strcmp(err.index_kind, "compressed packet") == 0,
			  "%s: compressed packet %lld, want %lld", what, (long long) err.index,
			  (long long) index);
		CHECK(err.field && strcmp(err.field, field) == 0, "%s: field %s, want %s", what,
			  err.field ? err.field : "(none)", field);
	}
	free(out);
}

static void
test_errors(void)
{
	uint8_t		plain[300];
	buf			ok = {0},
				b = {0};

	for (size_t i = 0; i < sizeof(plain); i++)
		plain[i] = (uint8_t) i;
	put_compressed(&ok, plain, sizeof(plain), 0, 'z');

	/* a header cut short, after one good packet */
	append(&b, ok.b, ok.n);
	append(&b, "\x05\x00\x00", 3);
	expect_error(&b, WC_ERR_TRUNCATED, ok.n, 2, "compressed packet header", "truncated header");
	b.n = 0;

	/* payload length past the end */
	append(&b, ok.b, ok.n - 1);
	expect_error(&b, WC_ERR_LENGTH, 7, 1, "compressed payload", "payload past the end");
	b.n = 0;

	/* neither zlib nor zstd */
	append(&b, "\x03\x00\x00\x00\x10\x00\x00\xab\xcd\xef", 10);
	expect_error(&b, WC_ERR_UNSUPPORTED, 7, 1, "compressed payload", "unknown algorithm");
	b.n = 0;

	/* the header states a longer and a shorter length than the stream has */
	append(&b, ok.b, ok.n);
	le24(b.b + 4, sizeof(plain) + 1);
	expect_error(&b, WC_ERR_BAD_VALUE, 7, 1, "uncompressed length", "zlib: length too long");
	le24(b.b + 4, sizeof(plain) - 1);
	expect_error(&b, WC_ERR_BAD_VALUE, 7, 1, "uncompressed length", "zlib: length too short");
	b.n = 0;

	/* a length no zlib stream of that size reaches: found by the size pass */
	append(&b, ok.b, ok.n);
	le24(b.b + 4, 0xFFFFFF);
	{
		size_t		n;
		wc_error	err;

		CHECK(wc_mysql_decompress_size(b.b, b.n, 0, &n, NULL, &err) == WC_ERR_BAD_VALUE &&
			  err.offset == 7 && strcmp(err.field, "uncompressed length") == 0,
			  "zlib: 16 MB from a few hundred bytes");
	}
	b.n = 0;

	/* corrupted deflate data (the Adler-32 check fails) */
	append(&b, ok.b, ok.n);
	b.b[b.n - 1] ^= 0xff;
	{
		size_t		n;
		wc_status	st;
		wc_error	err;
		uint8_t    *out = decompress_all(&b, 0, &n, NULL, &st, &err);

		CHECK(st == WC_ERR_BAD_VALUE && err.field && strcmp(err.field, "zlib stream") == 0,
			  "zlib: corrupted check value: status %d", st);
		free(out);
	}
	b.n = 0;

	/* bytes after the zlib stream inside the payload */
	append(&b, ok.b, ok.n);
	append(&b, "\x00", 1);
	le24(b.b, ok.n - 7 + 1);
	expect_error(&b, WC_ERR_TRAILING, ok.n, 1, "zlib stream", "zlib: trailing bytes");
	b.n = 0;

	/* zstd: the frame's content size is not the header's length */
	put_compressed(&b, plain, sizeof(plain), 0, 'd');
	le24(b.b + 4, 10);
	expect_error(&b, WC_ERR_BAD_VALUE, 7, 1, "uncompressed length", "zstd: length");
	b.b[b.n - 2] ^= 0x55;
	le24(b.b + 4, sizeof(plain));
	{
		size_t		n;
		wc_status	st;
		wc_error	err;
		uint8_t    *out = decompress_all(&b, 0, &n, NULL, &st, &err);

		CHECK(st == WC_ERR_BAD_VALUE || st == WC_OK, "zstd: corrupted frame: status %d", st);
		free(out);
	}
	b.n = 0;

	/* an output buffer smaller than the size pass's */
	{
		void	   *work = malloc(64 * 1024 + 4096);
		uint8_t		small[10];
		wc_error	err;

		CHECK(wc_mysql_decompress(ok.b, ok.n, 0, small, sizeof(small), work, 64 * 1024 + 4096,
								  NULL, &err) ==
			  WC_ERR_TOO_LARGE, "a buffer smaller than the stream");
		free(work);
	}
	free(ok.b);
	free(b.b);
}

/* One compressed packet: header stating ulen, then the payload as given. */
static void
put_raw(buf *out, const uint8_t *c, size_t clen, size_t ulen)
{
	uint8_t		hdr[7];

	le24(hdr, clen);
	hdr[3] = 0;
	le24(hdr + 4, ulen);
	append(out, hdr, 7);
	append(out, c, clen);
}

static int	interrupts;

static void
count_interrupt(void)
{
	interrupts++;
}

/* Decompression bombs: a stream stating far more than its size may expand
 * to, payloads producing more or fewer bytes than stated, a zstd window
 * beyond the limit; and a 16 MB payload checks for interrupts as it goes. */
static void
test_bombs(void)
{
	uint8_t    *frame = malloc(1 << 20);
	size_t		flen,
				n,
				wn;
	buf			b = {0};
	wc_status	st;
	wc_error	err;
	uint8_t    *out;

	CHECK(wc_unzip_limit(0) == WC_UNZIP_FLOOR && wc_unzip_limit(100000) == 103200000 &&
		  wc_unzip_limit(1 << 20) == WC_UNZIP_MAX && wc_unzip_limit(UINT64_MAX) == WC_UNZIP_MAX,
		  "limits: %llu %llu", (unsigned long long) wc_unzip_limit(0),
		  (unsigned long long) wc_unzip_limit(100000));

	/* five packets of 16 MB - 1 zero bytes, 2.6 KB in all: the size pass
	 * refuses the fifth, past 64 MB, before anything is allocated */
	flen = wc_zstd_zeros(frame, 0xFFFFFF, 0x38);
	for (int i = 0; i < 5; i++)
		put_raw(&b, frame, flen, 0xFFFFFF);
	st = wc_mysql_decompress_size(b.b, b.n, 0, &n, &wn, &err);
	CHECK(st == WC_ERR_TOO_LARGE && err.index == 5 && err.offset == 4 * (7 + flen) &&
		  err.expected == WC_UNZIP_FLOOR && err.found == 5 * (uint64_t) 0xFFFFFF &&
		  strcmp(err.field, "uncompressed length") == 0,
		  "5 x 16 MB from %zu bytes: status %d, packet %lld, found %llu", b.n, st,
		  (long long) err.index, (unsigned long long) err.found);
	b.n = 0;
	/* four of them (64 MB - 4 bytes) pass the size pass */
	for (int i = 0; i < 4; i++)
		put_raw(&b, frame, flen, 0xFFFFFF);
	CHECK(wc_mysql_decompress_size(b.b, b.n, 0, &n, &wn, &err) == WC_OK && n == 4 * 0xFFFFFF &&
		  wn > 0 && wn < (1 << 20), "4 x 16 MB: workspace %zu", wn);
	b.n = 0;

	/* a payload stating 1000 bytes whose frame holds 256 KB: fails at the
	 * 1001st byte */
	flen = wc_zstd_zeros(frame, 262144, 0x38);
	put_raw(&b, frame, flen, 1000);
	out = decompress_all(&b, 0, &n, NULL, &st, &err);
	CHECK(st == WC_ERR_BAD_VALUE && err.expected == 1000 && err.found == 1001 && err.offset == 7 &&
		  strcmp(err.field, "uncompressed length") == 0,
		  "zstd: more than stated: status %d, found %llu", st, (unsigned long long) err.found);
	free(out);
	b.n = 0;
	/* and one stating 500000 bytes whose frame holds 128 KB */
	flen = wc_zstd_zeros(frame, 131072, 0x38);
	put_raw(&b, frame, flen, 500000);
	out = decompress_all(&b, 0, &n, NULL, &st, &err);
	CHECK(st == WC_ERR_BAD_VALUE && err.expected == 500000 && err.found == 131072 &&
		  strcmp(err.field, "uncompressed length") == 0,
		  "zstd: fewer than stated: status %d, found %llu", st, (unsigned long long) err.found);
	free(out);
	b.n = 0;

	/* zlib: 1 MB of zeros stated as 1000 bytes */
	{
		uint8_t    *zeros = calloc(1, 1 << 20);
		uLongf		zl = 1 << 20;

		if (compress2(frame, &zl, zeros, 1 << 20, 9) != Z_OK)
			abort();
		put_raw(&b, frame, zl, 1000);
		out = decompress_all(&b, 0, &n, NULL, &st, &err);
		CHECK(st == WC_ERR_BAD_VALUE && err.expected == 1000 && err.found == 1001 &&
			  strcmp(err.field, "uncompressed length") == 0,
			  "zlib: more than stated: status %d, found %llu", st, (unsigned long long) err.found);
		free(out);
		free(zeros);
		b.n = 0;
	}

	/* a zstd window of 2^31 bytes (exponent 21), and of 2^28: refused by
	 * the size pass; 2^27 is accepted */
	flen = wc_zstd_zeros(frame, 100, 0xa8);
	put_raw(&b, frame, flen, 100);
	st = wc_mysql_decompress_size(b.b, b.n, 0, &n, &wn, &err);
	CHECK(st == WC_ERR_TOO_LARGE && strcmp(err.field, "zstd window") == 0 && err.index == 1 &&
		  err.found == (uint64_t) 1 << 31 && err.expected == (uint64_t) 1 << WC_UNZIP_WINDOW_LOG_MAX,
		  "zstd window 2^31: status %d", st);
	b.b[7 + 5] = 0x90;
	CHECK(wc_mysql_decompress_size(b.b, b.n, 0, &n, &wn, &err) == WC_ERR_TOO_LARGE,
		  "zstd window 2^28");
	b.b[7 + 5] = 0x88;
	out = decompress_all(&b, 0, &n, NULL, &st, &err);
	CHECK(st == WC_OK && n == 100, "zstd window 2^27: status %d", st);
	free(out);
	b.n = 0;

	/* a 16 MB payload checks for interrupts every 256 KB at most */
	flen = wc_zstd_zeros(frame, 0xFFFFFF, 0x38);
	put_raw(&b, frame, flen, 0xFFFFFF);
	interrupts = 0;
	wc_interrupt_hook = count_interrupt;
	out = decompress_all(&b, 0, &n, NULL, &st, &err);
	wc_interrupt_hook = NULL;
	CHECK(st == WC_OK && n == 0xFFFFFF && interrupts >= 64,
		  "16 MB: status %d, %d interrupt checks", st, interrupts);
	free(out);
	free(b.b);
	free(frame);
}

int
main(void)
{
	test_round_trip();
	test_large();
	test_errors();
	test_bombs();
	return wc_summary("test_mysql_compress");
}
