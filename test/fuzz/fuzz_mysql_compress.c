/*
 * fuzz_mysql_compress.c: libFuzzer target for the compressed protocol core
 * (mysql_compress.h).  The input is a compressed stream as the wire carries
 * it.  The size pass and the decompression pass must agree: on success the
 * output fills exactly the size the first pass gave; every error offset
 * lies within the input and names a compressed packet.  The decompressed
 * bytes, stored in one packet, must decompress to themselves.  Any
 * violation abort()s; the sanitizers catch out-of-bounds reads and writes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_compress.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t		n = 0,
				n2 = 0,
				wn = 0;
	void	   *work;
	wc_error	err;
	wc_status	st;
	uint8_t    *out;
	wc_mysql_compress_stats stats;

	st = wc_mysql_decompress_size(data, size, 0, &n, &wn, &err);
	if (st != WC_OK)
	{
		REQUIRE(err.offset <= size && (err.has & WC_HAS_INDEX) && err.index >= 1);
		return 0;
	}
	if (n > (64u << 20))
		return 0;
	out = malloc(n ? n : 1);
	work = malloc(wn + 1);
	st = wc_mysql_decompress(data, size, 0, out, n, work, wn, &stats, &err);
	if (st != WC_OK)
	{
		REQUIRE(err.offset <= size && (err.has & WC_HAS_INDEX) && err.index >= 1);
		free(out);
		free(work);
		return 0;
	}
	REQUIRE(stats.packets == stats.stored + stats.zlib + stats.zstd);
	/* the same bytes, stored in one packet when they fit */
	if (n < 0xFFFFFF)
	{
		uint8_t    *again = malloc(n + 7);
		uint8_t    *out2 = malloc(n ? n : 1);

		again[0] = n & 0xff;
		again[1] = (n >> 8) & 0xff;
		again[2] = (n >> 16) & 0xff;
		again[3] = 0;
		again[4] = again[5] = again[6] = 0;
		memcpy(again + 7, out, n);
		REQUIRE(wc_mysql_decompress_size(again, n + 7, 0, &n2, NULL, &err) == WC_OK && n2 == n);
		REQUIRE(wc_mysql_decompress(again, n + 7, 0, out2, n2, NULL, 0, NULL, &err) == WC_OK);
		REQUIRE(memcmp(out, out2, n) == 0);
		free(again);
		free(out2);
	}
	free(out);
	free(work);
	return 0;
}
