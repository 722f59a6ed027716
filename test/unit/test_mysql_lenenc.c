/*
 * test_mysql_lenenc.c: unit tests of the MySQL int<lenenc>, string<lenenc>
 * and string<NUL> core, driven by test/vectors/mysql_lenenc*.tsv and
 * mysql_encode_out_of_range.tsv.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mysql_lenenc.h"
#include "test_mysql.h"

/* Every shorter prefix of a complete int<lenenc> is a truncation error
 * that reports the bytes the form needs and the bytes present. */
static void
check_int_truncations(const uint8_t *enc, size_t n, int lineno)
{
	for (size_t cut = 0; cut < n; cut++)
	{
		uint64_t	v;
		size_t		next = 0;
		wc_error err = {0};
		wc_status st = wc_mysql_lenenc_int_get(enc, cut, 0, &v, &next, &err);

		CHECK(st == WC_ERR_TRUNCATED && err.offset == 0 &&
			  err.expected == (cut == 0 ? 1 : n) && err.found == cut,
			  "line %d: %s cut to %zu bytes: status %d need %llu have %llu", lineno,
			  wc_hex(enc, n), cut, st, (unsigned long long) err.expected,
			  (unsigned long long) err.found);
	}
}

/* mysql_lenenc_int.tsv: canonical encodings both ways. */
static void
test_lenenc_int_vectors(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mysql_lenenc_int.tsv");
	while (wc_tsv_next(&t))
	{
		uint64_t	v = 0,
					got = 0;
		size_t		n,
					used = 0,
					next = 0;
		uint8_t    *want = wc_unhex(t.field[1], &n);
		uint8_t		buf[WC_MYSQL_LENENC_MAX + 1];
		uint8_t		padded[WC_MYSQL_LENENC_MAX + 2];
		wc_error err;

		rows++;
		CHECK(tm_parse_u64(t.field[0], &v), "line %d: bad value %s", t.lineno, t.field[0]);
		CHECK(wc_mysql_lenenc_int_size(v) == n, "line %d: size of %s", t.lineno, t.field[0]);
		used = wc_mysql_lenenc_int_write(buf, v);
		CHECK_BYTES(buf, used, want, n, "line %d: encode %s", t.lineno, t.field[0]);
		CHECK(wc_mysql_lenenc_int_read(want, n, &got, &used) == WC_OK &&
			  got == v && used == n, "line %d: decode %s", t.lineno, t.field[1]);
		/* trailing bytes are left for the caller; pos walks a buffer */
		padded[0] = 0x55;
		memcpy(padded + 1, want, n);
		padded[n + 1] = 0xff;
		CHECK(wc_mysql_lenenc_int_get(padded, n + 2, 1, &got, &next, &err) == WC_OK &&
			  got == v && next == n + 1, "line %d: decode at pos 1", t.lineno);
		check_int_truncations(want, n, t.lineno);
		free(want);
	}
	wc_tsv_close(&t);
	CHECK(rows == 104, "mysql_lenenc_int.tsv: %d rows", rows);
}

/* Boundaries of the four size classes, written out. */
static void
test_lenenc_int_boundaries(void)
{
	static const struct
	{
		uint64_t	v;
		const char *hex;
	}			cases[] = {
		{0, "00"}, {250, "fa"}, {251, "fcfb00"}, {65535, "fcffff"},
		{65536, "fd000001"}, {16777215, "fdffffff"},
		{16777216, "fe0000000100000000"},
		{(uint64_t) 1 << 63, "fe0000000000000080"},
		{UINT64_MAX, "feffffffffffffffff"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		size_t		n,
					used;
		uint64_t	got = 0;
		uint8_t    *want = wc_unhex(cases[i].hex, &n);
		uint8_t		buf[WC_MYSQL_LENENC_MAX];

		used = wc_mysql_lenenc_int_write(buf, cases[i].v);
		CHECK_BYTES(buf, used, want, n, "boundary %llu", (unsigned long long) cases[i].v);
		CHECK(wc_mysql_lenenc_int_read(want, n, &got, &used) == WC_OK &&
			  got == cases[i].v && used == n, "boundary decode %s", cases[i].hex);
		check_int_truncations(want, n, __LINE__);
		free(want);
	}
}

/* mysql_lenenc_decode_noncanonical.tsv: wider forms decode, re-encode
 * canonically (shorter). */
static void
test_lenenc_int_noncanonical(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mysql_lenenc_decode_noncanonical.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		n,
					used = 0;
		uint64_t	want = 0,
					got = 0;
		uint8_t    *in = wc_unhex(t.field[0], &n);

		rows++;
		CHECK(tm_parse_u64(t.field[1], &want), "line %d: value", t.lineno);
		CHECK(wc_mysql_lenenc_int_read(in, n, &got, &used) == WC_OK &&
			  got == want && used == n, "line %d: decode %s", t.lineno, t.field[0]);
		CHECK(wc_mysql_lenenc_int_size(got) < n, "line %d: canonical is shorter", t.lineno);
		free(in);
	}
	wc_tsv_close(&t);
	CHECK(rows == 5, "noncanonical: %d rows", rows);
}

/* mysql_lenenc_decode_invalid.tsv: NULL marker or the error the reason
 * names, with its byte counts. */
static void
test_lenenc_int_invalid(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mysql_lenenc_decode_invalid.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		n,
					next = 0;
		uint64_t	got;
		uint8_t    *in = wc_unhex(t.field[0], &n);
		const char *reason = t.field[1];
		wc_error err = {0};
		wc_status st = wc_mysql_lenenc_int_get(in, n, 0, &got, &next, &err);

		rows++;
		if (strcmp(reason, "NULL marker") == 0)
			CHECK(st == WC_NULL && next == 1, "line %d: NULL marker", t.lineno);
		else if (strstr(reason, "truncated"))
			CHECK(st == WC_ERR_TRUNCATED && err.offset == 0 &&
				  (long long) err.expected - 1 == tm_number_after(reason, "needs ") &&
				  (long long) err.found - 1 == tm_number_after(reason, "has "),
				  "line %d: %s: status %d need %llu have %llu", t.lineno, reason, st,
				  (unsigned long long) err.expected, (unsigned long long) err.found);
		else
			CHECK(st == WC_ERR_BAD_BYTE && err.offset == 0, "line %d: %s: status %d",
				  t.lineno, reason, st);
		free(in);
	}
	wc_tsv_close(&t);
	CHECK(rows == 14, "invalid: %d rows", rows);
}

/* mysql_encode_out_of_range.tsv, lenenc rows: none of the values is an
 * unsigned 64-bit integer, so none can reach the core's encoder (the SQL
 * layer rejects them; sql/mysql_lenenc.sql checks the messages). */
static void
test_lenenc_out_of_range(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mysql_encode_out_of_range.tsv");
	while (wc_tsv_next(&t))
	{
		uint64_t	v;

		if (strcmp(t.field[0], "lenenc") != 0)
			continue;
		rows++;
		CHECK(!tm_parse_u64(t.field[1], &v), "line %d: %s must not be a uint64",
			  t.lineno, t.field[1]);
	}
	wc_tsv_close(&t);
	CHECK(rows == 3, "out of range lenenc: %d rows", rows);
}

/* Decode the string<lenenc> at enc and compare with payload. */
static void
check_str_decode(const uint8_t *enc, size_t n, const uint8_t *payload, size_t plen,
				 int lineno)
{
	wc_mysql_slice s = {0};
	size_t		next = 0;
	wc_error err;
	wc_status st = wc_mysql_lenenc_str_get(enc, n, 0, &s, &next, &err);

	CHECK(st == WC_OK && !s.is_null && next == n, "line %d: decode status %d", lineno, st);
	if (st == WC_OK)
		CHECK_BYTES(enc + s.off, s.len, payload, plen, "line %d: decoded bytes", lineno);
}

/* Cuts of a string<lenenc>: inside the prefix a truncated integer, after
 * it a length beyond the input. */
static void
check_str_truncations(const uint8_t *enc, size_t n, size_t plen, int lineno)
{
	size_t		h = n - plen;
	size_t		cuts[WC_MYSQL_LENENC_MAX + 2];
	int			ncuts = 0;

	for (size_t c = 0; c < h; c++)
		cuts[ncuts++] = c;
	if (plen > 0)
	{
		cuts[ncuts++] = h;
		cuts[ncuts++] = n - 1;
	}
	for (int i = 0; i < ncuts; i++)
	{
		wc_mysql_slice s;
		size_t		next;
		wc_error err = {0};
		wc_status st = wc_mysql_lenenc_str_get(enc, cuts[i], 0, &s, &next, &err);

		if (cuts[i] < h)
			CHECK(st == WC_ERR_TRUNCATED && err.found == cuts[i],
				  "line %d: cut %zu in prefix: status %d", lineno, cuts[i], st);
		else
			CHECK(st == WC_ERR_LENGTH && err.offset == 0 && err.expected == plen &&
				  err.found == cuts[i] - h,
				  "line %d: cut %zu in data: status %d", lineno, cuts[i], st);
	}
}

/* mysql_lenenc_str.tsv: both ways, plus truncations. */
static void
test_lenenc_str_vectors(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mysql_lenenc_str.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		plen,
					n,
					w;
		uint8_t    *payload = wc_unhex(t.field[0], &plen);
		uint8_t    *want = wc_unhex(t.field[1], &n);
		uint8_t    *buf;

		rows++;
		CHECK(payload && want, "line %d: bad hex", t.lineno);
		CHECK(wc_mysql_lenenc_str_size(plen) == n, "line %d: size", t.lineno);
		buf = malloc(n);
		w = wc_mysql_lenenc_str_write(buf, payload, plen);
		CHECK_BYTES(buf, w, want, n, "line %d: encode", t.lineno);
		check_str_decode(want, n, payload, plen, t.lineno);
		check_str_truncations(want, n, plen, t.lineno);
		free(buf);
		free(payload);
		free(want);
	}
	wc_tsv_close(&t);
	CHECK(rows == 21, "lenenc_str: %d rows", rows);
}

/* mysql_lenenc_str_decode_invalid.tsv: the error the reason names. */
static void
test_lenenc_str_invalid(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mysql_lenenc_str_decode_invalid.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		n,
					next = 0;
		uint8_t    *in = wc_unhex(t.field[0], &n);
		const char *reason = t.field[1];
		wc_mysql_slice s;
		wc_error err = {0};
		wc_status st = wc_mysql_lenenc_str_get(in, n, 0, &s, &next, &err);

		rows++;
		if (strcmp(reason, "NULL marker") == 0)
			CHECK(st == WC_NULL && s.is_null && next == 1, "line %d: NULL", t.lineno);
		else if (strstr(reason, "payload truncated"))
			CHECK(st == WC_ERR_LENGTH && err.offset == 0 &&
				  (long long) err.expected == tm_number_after(reason, "length ") &&
				  (long long) err.found == tm_number_after(reason, ", "),
				  "line %d: %s: status %d need %llu have %llu", t.lineno, reason, st,
				  (unsigned long long) err.expected, (unsigned long long) err.found);
		else if (strstr(reason, "2^63"))
			CHECK(st == WC_ERR_LENGTH && err.expected == (uint64_t) 1 << 63 && err.found == 0,
				  "line %d: %s: status %d", t.lineno, reason, st);
		else
			CHECK(st == WC_ERR_BAD_BYTE, "line %d: %s: status %d", t.lineno, reason, st);
		free(in);
	}
	wc_tsv_close(&t);
	CHECK(rows == 6, "lenenc_str invalid: %d rows", rows);
}

/* Lengths near 2^64 and 2^63 and NULL, beyond the vector file. */
static void
test_lenenc_str_extremes(void)
{
	static const char *const huge[] = {
		"feffffffffffffffff", "feffffffffffffff7f", "fe0000000000000080",
		"fe0100000000000080", "fefffffffffffffffe61"
	};

	for (size_t i = 0; i < sizeof(huge) / sizeof(huge[0]); i++)
	{
		size_t		n,
					next;
		uint8_t    *in = wc_unhex(huge[i], &n);
		wc_mysql_slice s;
		wc_error err = {0};

		CHECK(wc_mysql_lenenc_str_get(in, n, 0, &s, &next, &err) == WC_ERR_LENGTH &&
			  err.found == n - 9, "huge length %s", huge[i]);
		free(in);
	}
	{
		const uint8_t in[] = {0x61, 0xfb, 0x00, 0x01, 0x62};
		wc_mysql_slice s;
		size_t		next;

		CHECK(wc_mysql_lenenc_str_get(in, 5, 1, &s, &next, NULL) == WC_NULL &&
			  s.is_null && next == 2, "NULL at pos 1");
		CHECK(wc_mysql_lenenc_str_get(in, 5, 2, &s, &next, NULL) == WC_OK &&
			  !s.is_null && s.len == 0 && next == 3, "empty string at pos 2");
		CHECK(wc_mysql_lenenc_str_get(in, 5, 3, &s, &next, NULL) == WC_OK &&
			  s.off == 4 && s.len == 1 && next == 5, "one byte at pos 3");
		CHECK(wc_mysql_lenenc_str_get(in, 5, 5, &s, &next, NULL) == WC_ERR_TRUNCATED,
			  "nothing at the end");
	}
}

/* string<NUL>: write, read, embedded and missing NUL. */
static void
test_null_str(void)
{
	const uint8_t abc[] = {'a', 'b', 'c'};
	const uint8_t bad[] = {'a', 0, 'c'};
	const uint8_t stream[] = {'h', 'i', 0, 0, 'x'};
	uint8_t		buf[8];
	wc_mysql_slice s;
	size_t		next = 0;
	wc_error err = {0};

	CHECK(wc_mysql_null_str_check(abc, 3, &err) == WC_OK, "abc is fine");
	CHECK(wc_mysql_null_str_size(3) == 4, "size");
	CHECK_BYTES(buf, wc_mysql_null_str_write(buf, abc, 3), (const uint8_t *) "abc", 4, "write abc");
	CHECK_BYTES(buf, wc_mysql_null_str_write(buf, abc, 0), (const uint8_t *) "", 1, "write empty");
	CHECK(wc_mysql_null_str_check(bad, 3, &err) == WC_MYSQL_EMBEDDED_NUL && err.offset == 1,
		  "embedded NUL at 1");
	CHECK(wc_mysql_null_str_check(bad, 0, &err) == WC_OK, "empty is fine");
	CHECK(wc_mysql_null_str_get(stream, 5, 0, &s, &next, &err) == WC_OK &&
		  s.off == 0 && s.len == 2 && next == 3, "read hi");
	CHECK(wc_mysql_null_str_get(stream, 5, 3, &s, &next, &err) == WC_OK &&
		  s.off == 3 && s.len == 0 && next == 4, "read empty");
	CHECK(wc_mysql_null_str_get(stream, 5, 4, &s, &next, &err) == WC_ERR_UNTERMINATED &&
		  err.offset == 4 && err.found == 1, "no NUL after x");
	CHECK(wc_mysql_null_str_get(stream, 5, 5, &s, &next, &err) == WC_ERR_UNTERMINATED &&
		  err.offset == 5 && err.found == 0, "no NUL at end");
	CHECK(wc_mysql_null_str_get(stream, 2, 0, &s, &next, &err) == WC_ERR_UNTERMINATED,
		  "no NUL in hi");
}

/* string<NUL> over 1 MB: the terminator search and the copy reach the
 * interrupt hook. */
static void
test_interrupts(void)
{
	size_t		mb = 1 << 20;
	uint8_t    *s = malloc(mb + 1);
	uint8_t    *d = malloc(mb + 1);
	wc_mysql_slice sl;
	wc_error	err = {0};
	size_t		next;
	long		calls;

	memset(s, 'a', mb);
	s[mb] = 0;
	wc_interrupts_count_start();
	CHECK(wc_mysql_null_str_get(s, mb + 1, 0, &sl, &next, &err) == WC_OK && sl.len == mb &&
		  next == mb + 1, "1 MB string<NUL>");
	CHECK(wc_mysql_null_str_check(s, mb, &err) == WC_OK, "1 MB without NUL");
	CHECK(wc_mysql_null_str_write(d, s, mb) == mb + 1 && d[mb] == 0, "1 MB written");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= 3 * (long) (mb / WC_INTERRUPT_BYTES - 1), "1 MB string<NUL>: %ld checks", calls);
	free(s);
	free(d);
}

int
main(void)
{
	test_interrupts();
	test_lenenc_int_vectors();
	test_lenenc_int_boundaries();
	test_lenenc_int_noncanonical();
	test_lenenc_int_invalid();
	test_lenenc_out_of_range();
	test_lenenc_str_vectors();
	test_lenenc_str_invalid();
	test_lenenc_str_extremes();
	test_null_str();
	return wc_summary("test_mysql_lenenc");
}
