/*
 * fuzz_mysql_binary.c: libFuzzer target for the binary-protocol core.  The
 * first input byte n (mod 16) is a column count, the next n bytes the column
 * types, the rest a binary row.  A row that checks is walked value by value
 * and re-built (header, bitmap, canonical values) and must check again with
 * the same values; temporal values are decoded; the text temporal parsers
 * get the raw bytes.  Any mismatch abort()s; the sanitizers catch reads
 * past the end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_binary.h"
#include "mysql_lenenc.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)

static uint8_t out[1 << 20];

static void
fuzz_row(const uint8_t *types, size_t ncols, const uint8_t *p, size_t n)
{
	wc_error err;
	size_t		bm = wc_mysql_binary_row_bitmap_size(ncols);
	size_t		pos,
				w;

	if (wc_mysql_binary_row_check(p, n, types, ncols, &err) != WC_OK)
	{
		REQUIRE(err.offset <= n && (!(err.has & WC_HAS_INDEX) || (err.index >= 1 && err.index <= (int64_t) ncols)));
		return;
	}
	REQUIRE(n >= 1 + bm && p[0] == 0);
	memcpy(out, p, 1 + bm);
	pos = w = 1 + bm;
	for (size_t i = 0; i < ncols; i++)
	{
		wc_mysql_slice s;
		size_t		width;
		wc_mysql_binary_form f = wc_mysql_binary_form_of(types[i], &width);

		if (wc_mysql_binary_row_is_null(p, i))
			continue;
		REQUIRE(wc_mysql_binary_value_get(p, n, pos, types[i], &s, &pos, NULL) == WC_OK);
		REQUIRE(s.off + s.len == pos && pos <= n);
		if (f == WC_MYSQL_BIN_LENENC)
			w += wc_mysql_lenenc_str_write(out + w, p + s.off, s.len);
		else
		{
			if (f == WC_MYSQL_BIN_DATETIME || f == WC_MYSQL_BIN_TIME)
			{
				wc_mysql_datetime dt;
				wc_mysql_time t;

				out[w++] = (uint8_t) s.len;
				if (f == WC_MYSQL_BIN_TIME)
					wc_mysql_binary_time(p + s.off, s.len, &t);
				else
					wc_mysql_binary_datetime(p + s.off, s.len, &dt);
			}
			else
				REQUIRE(f != WC_MYSQL_BIN_INVALID && s.len == width);
			memcpy(out + w, p + s.off, s.len);
			w += s.len;
		}
	}
	REQUIRE(pos == n && w <= n);
	REQUIRE(wc_mysql_binary_row_check(out, w, types, ncols, NULL) == WC_OK);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t		ncols,
				n;
	uint8_t    *copy;
	wc_mysql_datetime dt;
	wc_mysql_time t;

	if (size == 0 || size > sizeof(out))
		return 0;
	ncols = data[0] % 16;
	if (size - 1 < ncols)
		return 0;
	n = size - 1 - ncols;
	/* an exact-size heap copy, so ASan sees any read past the end */
	copy = malloc(n ? n : 1);
	memcpy(copy, data + 1 + ncols, n);
	fuzz_row(data + 1, ncols, copy, n);
	(void) wc_mysql_text_datetime(copy, n, &dt, NULL);
	(void) wc_mysql_text_time(copy, n, &t, NULL);
	(void) wc_mysql_charset_of((uint16_t) (n ? copy[0] << 8 | copy[n - 1] : 0));
	free(copy);
	return 0;
}
