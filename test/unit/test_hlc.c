/*
 * test_hlc.c: unit tests of the HLC core (src/core/hlc.c), driven by every
 * test/vectors/hlc_*.tsv file plus the spec's protobuf and binary tables.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "hlc.h"

/* Parse text that must be valid; returns 1 and *v on success. */
static int
parse_ok(const char *s, wc_hlc *v)
{
	wc_error	err;

	return wc_hlc_parse(s, strlen(s), v, &err) == WC_OK;
}

static const char *
fmt(const wc_hlc *v)
{
	static char buf[4][WC_HLC_TEXT_MAX];
	static int	k;

	k = (k + 1) % 4;
	wc_hlc_format(v, buf[k]);
	return buf[k];
}

static int
same(const wc_hlc *a, int64_t wall, int64_t logical)
{
	return a->wall == wall && a->logical == logical && a->reserved == 0;
}

static int
sign(int x)
{
	return (x > 0) - (x < 0);
}

/* hlc_text.tsv: input_text, walltime, logical, canonical_decimal, crdb_string_form */
static void
test_text(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "hlc_text.tsv");
	while (wc_tsv_next(&t))
	{
		const char *in = t.field[0];
		int64_t		wall = strtoll(t.field[1], NULL, 10);
		int64_t		logical = strtoll(t.field[2], NULL, 10);
		wc_hlc		v,
					w,
					c;
		char		buf[WC_HLC_CRDB_TEXT_MAX];
		size_t		n;

		rows++;
		CHECK(parse_ok(in, &v) && same(&v, wall, logical),
			  "hlc_text.tsv:%d parse \"%s\"", t.lineno, in);
		n = wc_hlc_format(&v, buf);
		CHECK(n == strlen(buf) && strcmp(buf, t.field[3]) == 0,
			  "hlc_text.tsv:%d format: got %s want %s", t.lineno, buf, t.field[3]);
		n = wc_hlc_format_crdb(&v, buf);
		CHECK(n == strlen(buf) && strcmp(buf, t.field[4]) == 0,
			  "hlc_text.tsv:%d String(): got %s want %s", t.lineno, buf, t.field[4]);
		CHECK(parse_ok(t.field[4], &w) && wc_hlc_cmp(&v, &w) == 0,
			  "hlc_text.tsv:%d String() form re-parses", t.lineno);
		CHECK(parse_ok(t.field[3], &c) && wc_hlc_eq(&v, &c),
			  "hlc_text.tsv:%d canonical form re-parses", t.lineno);
	}
	wc_tsv_close(&t);
	CHECK(rows == 74, "hlc_text.tsv: %d rows", rows);
}

/* Range errors per the vector README: beyond int64 wall or int32 logical. */
static int
reason_is_range(const char *reason)
{
	return strstr(reason, "max") || strstr(reason, "range") || strstr(reason, "overflows");
}

/* hlc_invalid.tsv: input_text, reason */
static void
test_invalid(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "hlc_invalid.tsv");
	while (wc_tsv_next(&t))
	{
		wc_hlc		v;
		wc_error	err = {.offset = 9999};
		wc_status st = wc_hlc_parse(t.field[0], strlen(t.field[0]), &v, &err);
		wc_class want = reason_is_range(t.field[1]) ? WC_CLASS_RANGE : WC_CLASS_TEXT;

		rows++;
		CHECK(wc_status_row(st)->klass == want && err.offset <= strlen(t.field[0]),
			  "hlc_invalid.tsv:%d \"%s\" (%s): status %d (%s) offset %zu",
			  t.lineno, t.field[0], t.field[1], st, wc_status_row(st)->message, err.offset);
	}
	wc_tsv_close(&t);
	CHECK(rows == 22, "hlc_invalid.tsv: %d rows", rows);
}

/* hlc_text_quirks.tsv: input_text, parser, crdb_result, note ("... project: X") */
static void
test_quirks(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "hlc_text_quirks.tsv");
	while (wc_tsv_next(&t))
	{
		const char *in = t.field[0];
		const char *proj = strstr(t.field[3], "project: ");
		wc_hlc		v;
		wc_error	err;
		wc_status st = wc_hlc_parse(in, strlen(in), &v, &err);

		rows++;
		if (proj == NULL)
		{
			CHECK(0, "hlc_text_quirks.tsv:%d: note has no project result", t.lineno);
			continue;
		}
		proj += strlen("project: ");
		if (strncmp(proj, "rejected as invalid text", 24) == 0)
			CHECK(wc_status_row(st)->klass == WC_CLASS_TEXT,
				  "hlc_text_quirks.tsv:%d \"%s\" invalid text: status %d", t.lineno, in, st);
		else if (strncmp(proj, "rejected as out of range", 24) == 0)
			CHECK(wc_status_row(st)->klass == WC_CLASS_RANGE,
				  "hlc_text_quirks.tsv:%d \"%s\" out of range: status %d", t.lineno, in, st);
		else if (strncmp(proj, "accepted as ", 12) == 0)
		{
			const char *want = proj + 12;
			size_t		wl = strcspn(want, " ");

			CHECK(st == WC_OK && strlen(fmt(&v)) == wl && strncmp(fmt(&v), want, wl) == 0,
				  "hlc_text_quirks.tsv:%d \"%s\" accepted as %.*s: status %d", t.lineno, in,
				  (int) wl, want, st);
		}
		else
			CHECK(0, "hlc_text_quirks.tsv:%d: unknown project result \"%s\"", t.lineno, proj);
	}
	wc_tsv_close(&t);
	CHECK(rows == 24, "hlc_text_quirks.tsv: %d rows", rows);
}

/* hlc_text_negative.tsv: walltime, logical, then four texts CockroachDB
 * prints for negative values (the last column is parse errors). */
static void
test_negative(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "hlc_text_negative.tsv");
	while (wc_tsv_next(&t))
	{
		wc_hlc		v;
		wc_error	err;

		rows++;
		CHECK(wc_hlc_make(strtoll(t.field[0], NULL, 10), strtoll(t.field[1], NULL, 10), &v) != WC_OK,
			  "hlc_text_negative.tsv:%d components refused", t.lineno);
		for (int i = 2; i <= 5; i++)
		{
			wc_status st = wc_hlc_parse(t.field[i], strlen(t.field[i]), &v, &err);

			CHECK(wc_status_row(st)->klass == WC_CLASS_TEXT,
				  "hlc_text_negative.tsv:%d column %d \"%s\" rejected: status %d",
				  t.lineno, i + 1, t.field[i], st);
		}
		/* Nor is any of them a value as numeric text (the numeric cast). */
		for (int i = 4; i <= 5; i++)
			CHECK(wc_hlc_parse_decimal_number(t.field[i], strlen(t.field[i]), &v, &err) != WC_OK,
				  "hlc_text_negative.tsv:%d numeric %s refused", t.lineno, t.field[i]);
	}
	wc_tsv_close(&t);
	CHECK(rows == 7, "hlc_text_negative.tsv: %d rows", rows);
}

/* hlc_order.tsv: a_decimal, b_decimal, sign */
static void
test_order(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "hlc_order.tsv");
	while (wc_tsv_next(&t))
	{
		wc_hlc		a,
					b;
		int			want = atoi(t.field[2]);

		rows++;
		CHECK(parse_ok(t.field[0], &a) && parse_ok(t.field[1], &b) &&
			  sign(wc_hlc_cmp(&a, &b)) == want && sign(wc_hlc_cmp(&b, &a)) == -want &&
			  wc_hlc_eq(&a, &b) == (want == 0),
			  "hlc_order.tsv:%d %s vs %s", t.lineno, t.field[0], t.field[1]);
	}
	wc_tsv_close(&t);
	CHECK(rows == 100, "hlc_order.tsv: %d rows", rows);
}

static void
check_step(int lineno, const char *what, wc_status st, const wc_hlc *got, const char *want)
{
	if (strcmp(want, "panic") == 0)
		CHECK(st == WC_HLC_STEP_RANGE, "hlc_next_prev.tsv:%d %s: want out of range, status %d",
			  lineno, what, st);
	else
		CHECK(st == WC_OK && strcmp(fmt(got), want) == 0,
			  "hlc_next_prev.tsv:%d %s: got %s want %s", lineno, what,
			  st == WC_OK ? fmt(got) : wc_status_row(st)->message, want);
}

/* hlc_next_prev.tsv: input_decimal, next, prev, floor_prev */
static void
test_next_prev(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "hlc_next_prev.tsv");
	while (wc_tsv_next(&t))
	{
		wc_hlc		v,
					r = {0, 0, 0};

		rows++;
		CHECK(parse_ok(t.field[0], &v), "hlc_next_prev.tsv:%d parse", t.lineno);
		check_step(t.lineno, "next", wc_hlc_next(&v, &r), &r, t.field[1]);
		check_step(t.lineno, "prev", wc_hlc_prev(&v, &r), &r, t.field[2]);
		check_step(t.lineno, "floor_prev", wc_hlc_floor_prev(&v, &r), &r, t.field[3]);
	}
	wc_tsv_close(&t);
	CHECK(rows == 31, "hlc_next_prev.tsv: %d rows", rows);
}

/* hlc_decimal_renderings.tsv: walltime, logical, asofsystemtime,
 * decimal_datum_string, decimal_text_f, same */
static void
test_renderings(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "hlc_decimal_renderings.tsv");
	while (wc_tsv_next(&t))
	{
		wc_hlc		v,
					w;
		wc_error	err;
		int			is_same = strcmp(t.field[5], "same") == 0;

		rows++;
		CHECK(wc_hlc_make(strtoll(t.field[0], NULL, 10), strtoll(t.field[1], NULL, 10), &v) == WC_OK &&
			  strcmp(fmt(&v), t.field[2]) == 0,
			  "hlc_decimal_renderings.tsv:%d output %s", t.lineno, t.field[2]);
		CHECK(parse_ok(t.field[2], &w) && wc_hlc_eq(&v, &w),
			  "hlc_decimal_renderings.tsv:%d output re-parses", t.lineno);
		/* the plain-notation numeric text is what a numeric cast sees */
		CHECK(wc_hlc_parse_decimal_number(t.field[4], strlen(t.field[4]), &w, &err) == WC_OK &&
			  wc_hlc_eq(&v, &w),
			  "hlc_decimal_renderings.tsv:%d numeric %s", t.lineno, t.field[4]);
		/* the DECIMAL datum's text is a valid input exactly when it equals ours */
		CHECK((strcmp(t.field[3], t.field[2]) == 0) == is_same &&
			  (parse_ok(t.field[3], &w) && wc_hlc_eq(&v, &w)) == is_same,
			  "hlc_decimal_renderings.tsv:%d datum text %s", t.lineno, t.field[3]);
	}
	wc_tsv_close(&t);
	CHECK(rows == 34, "hlc_decimal_renderings.tsv: %d rows", rows);
}

/* The spec's text examples and error positions. */
static void
test_text_cases(void)
{
	static const struct
	{
		const char *in;
		wc_status st;
		size_t		off;
	}			cases[] = {
		{"", WC_HLC_EMPTY, 0},
		{" \t\n\r\f\v", WC_HLC_EMPTY, 6},
		{"1.", WC_ERR_SYNTAX, 2},
		{".5", WC_ERR_SYNTAX, 0},
		{"1.,1", WC_HLC_NANOS_LEN, 2},
		{"1.000000000,", WC_ERR_SYNTAX, 12},
		{"1.00000000,1", WC_HLC_NANOS_LEN, 2},
		{"1.0000000000,1", WC_HLC_NANOS_LEN, 2},
		{"1.00000000000", WC_HLC_FRACTION_LEN, 12},
		{"0x10", WC_ERR_SYNTAX, 1},
		{"1e3", WC_ERR_SYNTAX, 1},
		{"1 2", WC_ERR_SYNTAX, 1},
		{"1,2,3", WC_ERR_SYNTAX, 3},
		{"1.2.3", WC_ERR_SYNTAX, 3},
		{"  -0", WC_ERR_SYNTAX, 2},
		{"0,123?", WC_ERR_SYNTAX, 5},
		{"0,123[syn]", WC_ERR_SYNTAX, 5},
		{"\xd9\xa1", WC_ERR_SYNTAX, 0},
		{"1\xd9\xa1", WC_ERR_SYNTAX, 1},
		{"9223372036854775808", WC_HLC_WALL_RANGE, 0},
		{"  99999999999999999999999999999999999999.0", WC_HLC_WALL_RANGE, 2},
		{"9223372037,0", WC_HLC_WALL_RANGE, 0},
		{"9223372036.854775808,0", WC_HLC_WALL_RANGE, 0},
		{"1,2147483648", WC_HLC_LOGICAL_RANGE, 2},
		{"1,000000000000000000000000000000000002147483648", WC_HLC_LOGICAL_RANGE, 2},
		{"1.2147483648", WC_HLC_LOGICAL_RANGE, 2},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		wc_hlc		v;
		wc_error	err = {.offset = 9999};
		wc_status st = wc_hlc_parse(cases[i].in, strlen(cases[i].in), &v, &err);

		CHECK(st == cases[i].st && err.offset == cases[i].off,
			  "parse \"%s\": status %d offset %zu, want %d offset %zu",
			  cases[i].in, st, err.offset, cases[i].st, cases[i].off);
	}

	/* Leading zeros in every part; whitespace of every kind; max values. */
	{
		wc_hlc		v;

		CHECK(parse_ok("\v\f 0009223372036854775807.2147483647\r\n", &v) &&
			  same(&v, INT64_MAX, INT32_MAX), "max value with padding");
		CHECK(parse_ok("000000000000000000000000000000001,000000000000000000000000000000000007", &v) &&
			  same(&v, 1000000000, 7), "long leading zeros");
		CHECK(parse_ok("9223372036.854775807,2147483647", &v) && same(&v, INT64_MAX, INT32_MAX),
			  "max value, String() form");
	}
	/* A parse must not read past len: no NUL after the input. */
	{
		char		buf[3] = {'1', '2', '3'};
		wc_hlc		v;
		wc_error	err;

		CHECK(wc_hlc_parse(buf, 2, &v, &err) == WC_OK && same(&v, 12, 0), "parse respects len");
	}
}

/* Printing against snprintf at every digit-count boundary. */
static void
test_format_boundaries(void)
{
	int64_t		p = 1;

	for (int k = 0; k <= 19; k++)
	{
		int64_t		walls[3] = {p - 1, p, p == INT64_MAX ? p : p + 1};

		for (int j = 0; j < 3; j++)
		{
			int32_t		logicals[5] = {0, 1, 99999999, 100000000, INT32_MAX};

			for (int m = 0; m < 5; m++)
			{
				wc_hlc		v = {walls[j], logicals[m], 0};
				char		got[WC_HLC_CRDB_TEXT_MAX],
							want[64];

				wc_hlc_format(&v, got);
				snprintf(want, sizeof(want), "%lld.%010d", (long long) v.wall, v.logical);
				CHECK(strcmp(got, want) == 0, "format %s, want %s", got, want);
				wc_hlc_format_crdb(&v, got);
				if (v.wall == 0)
					snprintf(want, sizeof(want), "0,%d", v.logical);
				else
					snprintf(want, sizeof(want), "%lld.%09lld,%d", (long long) (v.wall / 1000000000),
							 (long long) (v.wall % 1000000000), v.logical);
				CHECK(strcmp(got, want) == 0, "String() %s, want %s", got, want);
			}
		}
		if (k < 18)
			p *= 10;
		else
			p = INT64_MAX;		/* last round: just below and at the maximum */
	}
}

static void
test_numeric_text(void)
{
	static const struct
	{
		const char *in;
		wc_status st;
		int64_t		wall;
		int32_t		logical;
	}			cases[] = {
		{"0", WC_OK, 0, 0},
		{"-0", WC_OK, 0, 0},
		{"145.0000000123", WC_OK, 145, 123},
		{"145.00000001230000", WC_OK, 145, 123},
		{"1.5", WC_HLC_LOGICAL_RANGE, 0, 0},
		{"1.05", WC_OK, 1, 500000000},
		{"145.00000001231", WC_HLC_INEXACT, 0, 0},
		{"-1", WC_HLC_NEGATIVE, 0, 0},
		{"-0.0000000001", WC_HLC_NEGATIVE, 0, 0},
		{"-99999999999999999999", WC_HLC_NEGATIVE, 0, 0},
		{"NaN", WC_HLC_NOT_FINITE, 0, 0},
		{"Infinity", WC_HLC_NOT_FINITE, 0, 0},
		{"-Infinity", WC_HLC_NOT_FINITE, 0, 0},
		{"9223372036854775808", WC_HLC_WALL_RANGE, 0, 0},
		{"1.2147483648", WC_HLC_LOGICAL_RANGE, 0, 0},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		wc_hlc		v = {0, 0, 0};
		wc_error	err;
		wc_status st = wc_hlc_parse_decimal_number(cases[i].in, strlen(cases[i].in), &v, &err);

		CHECK(st == cases[i].st && (st != WC_OK || same(&v, cases[i].wall, cases[i].logical)),
			  "numeric \"%s\": status %d (%s) value %s", cases[i].in, st, wc_status_row(st)->message, fmt(&v));
	}
}

/* Spec section 3: protobuf encoding table, decoding rules and errors. */
static void
test_proto(void)
{
	static const struct
	{
		int64_t		wall;
		int32_t		logical;
		const char *hex;
	}			enc[] = {
		{0, 0, ""},
		{1, 0, "0801"},
		{0, 1, "1001"},
		{145, 123, "089101107b"},
		{1643550788737652545, 65535, "08c1ae95a8c097c4e71610ffff03"},
		{INT64_MAX, INT32_MAX, "08ffffffffffffffff7f10ffffffff07"},
	};
	static const struct
	{
		const char *hex;
		wc_status st;
		size_t		off;
		int64_t		wall;
		int32_t		logical;
	}			dec[] = {
		/* accepted */
		{"08001000", WC_OK, 0, 0, 0},
		{"107b089101", WC_OK, 0, 145, 123},
		{"08010802", WC_OK, 0, 2, 0},
		{"088180001001", WC_OK, 0, 1, 1},	/* non-minimal 3-byte varint 1 */
		{"08808000", WC_OK, 0, 0, 0},	/* non-minimal zero */
		{"0801180110011801", WC_OK, 0, 1, 1},	/* synthetic skipped */
		{"0801f8ffffff0f0010", WC_ERR_TRUNCATED, 9, 0, 0},
		{"0801210102030405060708", WC_OK, 0, 1, 0},	/* field 4 fixed64 */
		{"08012d01020304", WC_OK, 0, 1, 0},	/* field 5 fixed32 */
		{"0801220300000010 05", WC_OK, 0, 1, 5},
		{"08012b08ff01220100 2c1003", WC_OK, 0, 1, 3},	/* group 5 {varint, bytes} */
		{"2b 33 08ff01 34 2c", WC_OK, 0, 0, 0},	/* nested groups 5 { 6 {} } */
		{"08ffffffffffffffffff00", WC_OK, 0, INT64_MAX, 0},
		{"08ffffffffffffffff7f80", WC_ERR_TRUNCATED, 10, 0, 0},
		/* errors */
		{"00", WC_HLC_FIELD_NUMBER, 0, 0, 0},
		{"0801 0400", WC_HLC_FIELD_NUMBER, 2, 0, 0},	/* tag 4: field 0 wire type 4 */
		{"0c", WC_HLC_WIRE_TYPE, 0, 0, 0},	/* field 1 as end-group */
		{"24", WC_HLC_END_GROUP, 0, 0, 0},
		{"1e", WC_HLC_WIRE_TYPE, 0, 0, 0},
		{"1f", WC_HLC_WIRE_TYPE, 0, 0, 0},
		{"0901020304050607 08", WC_HLC_WIRE_TYPE, 0, 0, 0},	/* wall as fixed64 */
		{"120101", WC_HLC_WIRE_TYPE, 0, 0, 0},	/* logical as bytes */
		{"08", WC_ERR_TRUNCATED, 1, 0, 0},
		{"0880", WC_ERR_TRUNCATED, 1, 0, 0},
		{"08ffffffffffffffffff02", WC_HLC_VARINT, 1, 0, 0},
		{"08ffffffffffffffffff8001", WC_HLC_VARINT, 1, 0, 0},
		{"80", WC_ERR_TRUNCATED, 0, 0, 0},
		{"8080808080808080808001", WC_HLC_VARINT, 0, 0, 0},
		{"f8ffffff7f00", WC_HLC_FIELD_NUMBER, 0, 0, 0},	/* field number 2^32-1 */
		{"2a05010203", WC_ERR_LENGTH, 1, 0, 0},
		{"2affffffffffffffffff01", WC_ERR_LENGTH, 1, 0, 0},	/* 2^64-1 length */
		{"21010203", WC_ERR_TRUNCATED, 0, 0, 0},
		{"2d0102", WC_ERR_TRUNCATED, 0, 0, 0},
		{"2b", WC_ERR_TRUNCATED, 0, 0, 0},
		{"2b34", WC_HLC_END_GROUP, 1, 0, 0},	/* group 5 closed by end 6 */
		{"2b0c", WC_HLC_END_GROUP, 1, 0, 0},
		/* range */
		{"08ffffffffffffffffff01", WC_HLC_WALL_RANGE, 0, 0, 0},
		{"10ffffffffffffffffff01", WC_HLC_LOGICAL_RANGE, 0, 0, 0},
		{"0801108080808008", WC_HLC_LOGICAL_RANGE, 2, 0, 0},
		{"10ffffffff0f", WC_HLC_LOGICAL_RANGE, 0, 0, 0},	/* 2^32-1: CRDB keeps -1 */
		{"0880808080808080808001", WC_HLC_WALL_RANGE, 0, 0, 0},
	};

	for (size_t i = 0; i < sizeof(enc) / sizeof(enc[0]); i++)
	{
		wc_hlc		v = {enc[i].wall, enc[i].logical, 0},
					w;
		uint8_t		buf[WC_HLC_PROTO_MAX];
		size_t		wl,
					n = wc_hlc_proto_size(&v);
		wc_error	err;
		uint8_t    *want = wc_unhex(enc[i].hex, &wl);

		CHECK(n <= WC_HLC_PROTO_MAX && wc_hlc_proto_encode(&v, buf) == n,
			  "proto size of %s", fmt(&v));
		CHECK_BYTES(buf, n, want, wl, "proto encode %s", fmt(&v));
		CHECK(wc_hlc_proto_decode(want, wl, &w, &err) == WC_OK && wc_hlc_eq(&v, &w),
			  "proto decode %s", enc[i].hex);
		free(want);
	}
	for (size_t i = 0; i < sizeof(dec) / sizeof(dec[0]); i++)
	{
		char		hex[128];
		size_t		k = 0,
					len;
		wc_error	err = {.offset = 9999};
		uint8_t    *in;
		wc_hlc		v = {0, 0, 0};
		wc_status st;

		for (const char *s = dec[i].hex; *s; s++)
			if (*s != ' ')
				hex[k++] = *s;
		hex[k] = '\0';
		in = wc_unhex(hex, &len);
		st = wc_hlc_proto_decode(in, len, &v, &err);
		CHECK(st == dec[i].st && (st == WC_OK ? same(&v, dec[i].wall, dec[i].logical) : err.offset == dec[i].off),
			  "proto decode %s: status %d (%s) offset %zu value %s; want %d offset %zu",
			  hex, st, wc_status_row(st)->message, err.offset, fmt(&v), dec[i].st, dec[i].off);
		free(in);
	}
	/* Deep groups stop at the limit instead of recursing without bound. */
	{
		uint8_t		deep[200];
		wc_error	err;
		wc_hlc		v;

		memset(deep, 0x2b, sizeof(deep));
		CHECK(wc_hlc_proto_decode(deep, sizeof(deep), &v, &err) == WC_HLC_GROUP_DEPTH && err.offset == 64,
			  "nested groups: offset %zu", err.offset);
	}
}

static void
test_binary(void)
{
	wc_hlc		v = {1643550788737652545, 65535, 0},
				w;
	uint8_t		buf[13] = {0};
	size_t		len;
	wc_error	err;
	uint8_t    *want = wc_unhex("16cf10bc050557410000ffff", &len);

	wc_hlc_to_bin(&v, buf);
	CHECK_BYTES(buf, 12, want, len, "binary form");
	CHECK(wc_hlc_from_bin(buf, 12, &w, &err) == WC_OK && wc_hlc_eq(&v, &w), "binary round trip");
	CHECK(wc_hlc_from_bin(buf, 11, &w, &err) == WC_ERR_TRUNCATED && err.offset == 11 &&
		  err.expected == 12 && err.found == 11 &&
		  err.has == (WC_HAS_OFFSET | WC_HAS_EXPECTED | WC_HAS_FOUND), "binary truncated");
	CHECK(wc_hlc_from_bin(buf, 13, &w, &err) == WC_ERR_TRAILING && err.offset == 12 &&
		  err.found == 1, "binary trailing");
	CHECK(wc_hlc_from_bin(buf, 13, &w, NULL) == WC_ERR_TRAILING, "binary trailing, no wc_error");
	buf[0] = 0x80;
	CHECK(wc_hlc_from_bin(buf, 12, &w, &err) == WC_HLC_WALL_RANGE && err.offset == 0 &&
		  (err.has & WC_HAS_FOUND) && err.found == 0x80cf10bc05055741ull,
		  "binary negative wall");
	buf[0] = 0x16;
	buf[8] = 0x80;
	CHECK(wc_hlc_from_bin(buf, 12, &w, &err) == WC_HLC_LOGICAL_RANGE && err.offset == 8, "binary negative logical");
	free(want);
}

static void
test_arith(void)
{
	wc_hlc		v = {100, 5, 0},
				r;
	wc_hlc		max = {INT64_MAX, INT32_MAX, 0};

	CHECK(wc_hlc_add(&v, 10, -5, &r) == WC_OK && same(&r, 110, 0), "add");
	CHECK(wc_hlc_add(&v, -100, 0, &r) == WC_OK && same(&r, 0, 5), "add to wall 0");
	CHECK(wc_hlc_add(&v, -101, 0, &r) == WC_HLC_STEP_RANGE, "add below wall 0");
	CHECK(wc_hlc_add(&v, 0, -6, &r) == WC_HLC_STEP_RANGE, "add below logical 0");
	CHECK(wc_hlc_add(&max, 1, 0, &r) == WC_HLC_STEP_RANGE, "add wall overflow");
	CHECK(wc_hlc_add(&max, 0, 1, &r) == WC_HLC_STEP_RANGE, "add logical overflow");
	CHECK(wc_hlc_add(&v, INT64_MIN, INT32_MIN, &r) == WC_HLC_STEP_RANGE, "add minimum deltas");
	CHECK(wc_hlc_add(&v, INT64_MAX - 100, INT32_MAX - 5, &r) == WC_OK && same(&r, INT64_MAX, INT32_MAX),
		  "add up to the maximum");
	CHECK(wc_hlc_next(&max, &r) == WC_HLC_STEP_RANGE, "next of max");
	v.wall = 0;
	v.logical = 0;
	CHECK(wc_hlc_prev(&v, &r) == WC_HLC_STEP_RANGE && wc_hlc_floor_prev(&v, &r) == WC_HLC_STEP_RANGE,
		  "prev of empty");
	CHECK(wc_hlc_is_empty(&v) && !wc_hlc_is_empty(&max), "is_empty");

	CHECK(wc_hlc_from_unix_micros(1609459200000001, &r) == WC_OK && same(&r, 1609459200000001000, 0),
		  "from micros");
	CHECK(wc_hlc_from_unix_micros(-1, &r) == WC_HLC_WALL_RANGE, "from negative micros");
	CHECK(wc_hlc_from_unix_micros(INT64_MAX / 1000 + 1, &r) == WC_HLC_WALL_RANGE, "from too many micros");
	CHECK(wc_hlc_from_unix_micros(INT64_MAX / 1000, &r) == WC_OK, "from the largest micros");
	r.wall = 1609459200000001999;
	CHECK(wc_hlc_to_unix_micros(&r) == 1609459200000001, "to micros truncates");
	CHECK(wc_hlc_make(-1, 0, &r) == WC_HLC_WALL_RANGE && wc_hlc_make(0, -1, &r) == WC_HLC_LOGICAL_RANGE &&
		  wc_hlc_make(0, (int64_t) INT32_MAX + 1, &r) == WC_HLC_LOGICAL_RANGE, "make refuses");
	for (int st = WC_OK; st < WC_STATUS_COUNT; st++)
		CHECK(strlen(wc_status_row((wc_status) st)->message) > 0 &&
			  (st == WC_OK || st == WC_NULL) == (wc_status_row((wc_status) st)->klass == WC_CLASS_NONE),
			  "status %d described", st);
}

/* 1 MB of blanks or leading zeros around a timestamp, and a protobuf of
 * 100k fields, reach the interrupt hook. */
static void
test_interrupts(void)
{
	size_t		mb = 1 << 20;
	char	   *s = malloc(mb + 2);
	uint8_t    *pb = malloc(200000);
	wc_hlc		h;
	wc_error	err = {0};
	long		calls;

	memset(s, ' ', mb);
	memcpy(s + mb, "7", 2);
	wc_interrupts_count_start();
	CHECK(wc_hlc_parse(s, mb + 1, &h, &err) == WC_OK && h.wall == 7, "1 MB of blanks first");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (mb / WC_INTERRUPT_BYTES) - 1, "1 MB of blanks: %ld checks", calls);
	memset(s, '0', mb);
	wc_interrupts_count_start();
	CHECK(wc_hlc_parse(s, mb + 1, &h, &err) == WC_OK && h.wall == 7, "1 MB of leading zeros");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (mb / WC_INTERRUPT_BYTES) - 1, "1 MB of zeros: %ld checks", calls);
	for (size_t i = 0; i < 100000; i++)
	{
		pb[2 * i] = 0x08;		/* field 1, varint */
		pb[2 * i + 1] = 0x05;
	}
	wc_interrupts_count_start();
	CHECK(wc_hlc_proto_decode(pb, 200000, &h, &err) == WC_OK && h.wall == 5, "100k fields");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= 100000 / WC_INTERRUPT_STRIDE, "100k fields: %ld checks", calls);
	free(s);
	free(pb);
}

int
main(void)
{
	test_interrupts();
	test_text();
	test_invalid();
	test_quirks();
	test_negative();
	test_order();
	test_next_prev();
	test_renderings();
	test_text_cases();
	test_format_boundaries();
	test_numeric_text();
	test_proto();
	test_binary();
	test_arith();
	return wc_summary("test_hlc");
}
