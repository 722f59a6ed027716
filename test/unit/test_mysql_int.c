/*
 * test_mysql_int.c: unit tests of the MySQL int<N> core, driven by
 * test/vectors/mysql_fixed_int.tsv and the fixedN rows of
 * mysql_encode_out_of_range.tsv.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mysql_int.h"
#include "test_mysql.h"

/* mysql_fixed_int.tsv: write, read, read at an offset, every short read. */
static void
test_fixed_vectors(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mysql_fixed_int.tsv");
	while (wc_tsv_next(&t))
	{
		int			width = atoi(t.field[0]);
		uint64_t	v = 0,
					got = 0;
		size_t		n;
		uint8_t    *want = wc_unhex(t.field[2], &n);
		uint8_t		buf[10];
		wc_error err = {0};

		rows++;
		CHECK(tm_parse_u64(t.field[1], &v), "line %d: value", t.lineno);
		CHECK((size_t) width == n, "line %d: width %d vs %zu bytes", t.lineno, width, n);
		CHECK(wc_mysql_int_check(v, width, &err) == WC_OK, "line %d: check", t.lineno);
		wc_mysql_int_write(buf, v, width);
		CHECK_BYTES(buf, (size_t) width, want, n, "line %d: encode %s as int<%d>",
					t.lineno, t.field[1], width);
		CHECK(wc_mysql_int_read(want, width) == v, "line %d: read", t.lineno);
		buf[0] = 0xaa;
		memcpy(buf + 1, want, n);
		buf[n + 1] = 0xbb;
		CHECK(wc_mysql_int_get(buf, n + 2, 1, width, &got, &err) == WC_OK && got == v,
			  "line %d: get at pos 1", t.lineno);
		for (size_t cut = 0; cut < n; cut++)
			CHECK(wc_mysql_int_get(want, cut, 0, width, &got, &err) == WC_ERR_TRUNCATED &&
				  err.expected == n && err.found == cut && err.offset == 0,
				  "line %d: cut to %zu", t.lineno, cut);
		free(want);
	}
	wc_tsv_close(&t);
	CHECK(rows == 50, "fixed_int: %d rows", rows);
}

/* Largest value of each width and one above it. */
static void
test_fixed_bounds(void)
{
	static const int widths[] = {1, 2, 3, 4, 6, 8};

	for (size_t i = 0; i < 6; i++)
	{
		int			w = widths[i];
		uint64_t	max = w == 8 ? UINT64_MAX : ((uint64_t) 1 << (8 * w)) - 1;
		uint8_t		buf[8];
		wc_error err = {0};

		CHECK(wc_mysql_int_max(w) == max, "max of int<%d>", w);
		CHECK(wc_mysql_int_check(max, w, &err) == WC_OK, "max fits int<%d>", w);
		wc_mysql_int_write(buf, max, w);
		CHECK(wc_mysql_int_read(buf, w) == max, "max round-trips int<%d>", w);
		if (w < 8)
			CHECK(wc_mysql_int_check(max + 1, w, &err) == WC_ERR_RANGE &&
				  err.expected == max && err.found == max + 1, "max+1 overflows int<%d>", w);
	}
	for (int w = -1; w <= 9; w++)
	{
		wc_error err = {0};
		uint64_t	v;
		uint8_t		z[9] = {0};
		int			ok = w == 1 || w == 2 || w == 3 || w == 4 || w == 6 || w == 8;

		CHECK(wc_mysql_int_width_ok(w) == ok, "width %d", w);
		if (!ok)
			CHECK(wc_mysql_int_get(z, 9, 0, w, &v, &err) == WC_MYSQL_WIDTH &&
				  (int) err.found == w, "get with width %d", w);
	}
}

/* mysql_encode_out_of_range.tsv, fixedN rows: bad width, value over the
 * width's range, or not an unsigned integer at all (rejected before the
 * core, in SQL). */
static void
test_fixed_out_of_range(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mysql_encode_out_of_range.tsv");
	while (wc_tsv_next(&t))
	{
		int			width;
		uint64_t	v;
		wc_error err = {0};

		if (strncmp(t.field[0], "fixed", 5) != 0)
			continue;
		rows++;
		width = atoi(t.field[0] + 5);
		if (strstr(t.field[2], "unsupported width"))
			CHECK(wc_mysql_int_check(0, width, &err) == WC_MYSQL_WIDTH,
				  "line %d: width %d", t.lineno, width);
		else if (!tm_parse_u64(t.field[1], &v))
			CHECK(t.field[1][0] == '-' || strlen(t.field[1]) >= 20,
				  "line %d: %s is negative or beyond 2^64-1", t.lineno, t.field[1]);
		else
			CHECK(wc_mysql_int_check(v, width, &err) == WC_ERR_RANGE &&
				  err.expected == wc_mysql_int_max(width),
				  "line %d: %s out of range for int<%d>", t.lineno, t.field[1], width);
	}
	wc_tsv_close(&t);
	CHECK(rows == 6, "out of range fixed: %d rows", rows);
}

int
main(void)
{
	test_fixed_vectors();
	test_fixed_bounds();
	test_fixed_out_of_range();
	return wc_summary("test_mysql_int");
}
