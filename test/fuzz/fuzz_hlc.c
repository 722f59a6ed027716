/*
 * fuzz_hlc.c: libFuzzer target over the HLC core's decoders.  The first
 * byte picks the decoder; the rest is its input.  Round trips abort() on a
 * mismatch:
 *   0  text (both forms): the decimal form agrees with a plain reference
 *      parser; accepted -> canonical and String() forms re-parse to the same
 *      value; the canonical form re-prints byte-identical
 *   1  numeric text (numeric casts): accepted -> re-parses from its output
 *   2  protobuf: accepted -> re-encodes to a form of exactly
 *      wc_hlc_proto_size() bytes, no longer than the input, that decodes to
 *      the same value
 *   3  12-byte binary: accepted -> re-encodes byte-identical; stepping and
 *      add stay in range or report it
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hlc.h"

static void
check(int ok)
{
	if (!ok)
		abort();
}

static int
valid(const wc_hlc *v)
{
	return v->wall >= 0 && v->logical >= 0 && v->reserved == 0;
}

/*
 * A deliberately plain reference for the decimal form (spec 2.2): returns
 * the status class and the value, to cross-check the optimised parser.
 */
static wc_class
reference_decimal(const char *s, size_t len, wc_hlc *out)
{
	const char *b = s,
			   *e = s + len,
			   *p;
	unsigned __int128 wall = 0;
	uint64_t	frac = 0;
	size_t		nf = 0;

	while (b < e && strchr(" \t\n\r\f\v", *b) && *b)
		b++;
	while (e > b && strchr(" \t\n\r\f\v", e[-1]) && e[-1])
		e--;
	p = b;
	if (p == e || *p < '0' || *p > '9')
		return WC_CLASS_TEXT;
	for (; p < e && *p >= '0' && *p <= '9'; p++)
		if (wall <= (unsigned __int128) UINT64_MAX)
			wall = wall * 10 + (unsigned) (*p - '0');
	if (p < e && *p == '.')
	{
		for (p++; p < e && *p >= '0' && *p <= '9'; p++, nf++)
			if (nf < 10)
				frac = frac * 10 + (uint64_t) (*p - '0');
		if (nf == 0 || nf > 10)
			return WC_CLASS_TEXT;
		for (size_t i = nf; i < 10; i++)
			frac *= 10;
	}
	if (p != e)
		return WC_CLASS_TEXT;
	if (wall > (unsigned __int128) INT64_MAX || frac > (uint64_t) INT32_MAX)
		return WC_CLASS_RANGE;
	out->wall = (int64_t) wall;
	out->logical = (int32_t) frac;
	return WC_CLASS_NONE;
}

static void
fuzz_text(const char *s, size_t len)
{
	wc_hlc		v,
				w;
	wc_error	err = {0};
	char		buf[WC_HLC_TEXT_MAX],
				buf2[WC_HLC_TEXT_MAX];
	char		crdb[WC_HLC_CRDB_TEXT_MAX];
	size_t		n;

	wc_status st = wc_hlc_parse(s, len, &v, &err);

	if (memchr(s, ',', len) == NULL)
	{
		wc_class want = reference_decimal(s, len, &w);

		check(wc_status_row(st)->klass == want);
		if (want == WC_CLASS_NONE)
			check(wc_hlc_eq(&v, &w));
	}
	if (st != WC_OK)
	{
		check(err.offset <= len);
		return;
	}
	check(valid(&v));
	n = wc_hlc_format(&v, buf);
	check(n < WC_HLC_TEXT_MAX && n == strlen(buf));
	check(wc_hlc_parse(buf, n, &w, &err) == WC_OK && wc_hlc_eq(&v, &w));
	check(wc_hlc_format(&w, buf2) == n && memcmp(buf, buf2, n) == 0);
	n = wc_hlc_format_crdb(&v, crdb);
	check(n < WC_HLC_CRDB_TEXT_MAX && n == strlen(crdb));
	check(wc_hlc_parse(crdb, n, &w, &err) == WC_OK && wc_hlc_eq(&v, &w));
	/* the canonical text is also a numeric text of the same value */
	check(wc_hlc_parse_decimal_number(buf, strlen(buf), &w, &err) == WC_OK && wc_hlc_eq(&v, &w));
}

static void
fuzz_numeric(const char *s, size_t len)
{
	wc_hlc		v,
				w;
	wc_error	err = {0};
	char		buf[WC_HLC_TEXT_MAX];
	size_t		n;

	if (wc_hlc_parse_decimal_number(s, len, &v, &err) != WC_OK)
	{
		check(err.offset <= len);
		return;
	}
	check(valid(&v));
	n = wc_hlc_format(&v, buf);
	check(wc_hlc_parse_decimal_number(buf, n, &w, &err) == WC_OK && wc_hlc_eq(&v, &w));
}

static void
fuzz_proto(const uint8_t *p, size_t len)
{
	wc_hlc		v,
				w;
	wc_error	err = {0};
	uint8_t		buf[WC_HLC_PROTO_MAX];
	size_t		n;

	if (wc_hlc_proto_decode(p, len, &v, &err) != WC_OK)
	{
		check(err.offset <= len);
		return;
	}
	check(valid(&v));
	n = wc_hlc_proto_size(&v);
	check(n <= WC_HLC_PROTO_MAX && wc_hlc_proto_encode(&v, buf) == n);
	check(wc_hlc_proto_decode(buf, n, &w, &err) == WC_OK && wc_hlc_eq(&v, &w));
	/* the canonical form is never longer than any accepted form */
	check(n <= len);
}

static void
fuzz_binary(const uint8_t *p, size_t len)
{
	wc_hlc		v,
				r;
	wc_error	err = {0};
	uint8_t		buf[WC_HLC_BIN_LEN];
	int64_t		dw;
	int32_t		dl;

	if (wc_hlc_from_bin(p, len, &v, &err) != WC_OK)
	{
		check(err.offset <= len);
		if (len < WC_HLC_BIN_LEN + 12)
			return;
		/* use the tail as deltas anyway */
	}
	else
	{
		check(valid(&v));
		wc_hlc_to_bin(&v, buf);
		check(memcmp(buf, p, WC_HLC_BIN_LEN) == 0);
		if (wc_hlc_next(&v, &r) == WC_OK)
			check(valid(&r) && wc_hlc_cmp(&r, &v) > 0);
		if (wc_hlc_prev(&v, &r) == WC_OK)
			check(valid(&r) && wc_hlc_cmp(&r, &v) < 0);
		if (wc_hlc_floor_prev(&v, &r) == WC_OK)
			check(valid(&r) && wc_hlc_cmp(&r, &v) < 0);
		return;
	}
	if (wc_hlc_from_bin(p, WC_HLC_BIN_LEN, &v, &err) != WC_OK)
		return;
	memcpy(&dw, p + WC_HLC_BIN_LEN, 8);
	memcpy(&dl, p + WC_HLC_BIN_LEN + 8, 4);
	if (wc_hlc_add(&v, dw, dl, &r) == WC_OK)
		check(valid(&r) && r.wall - v.wall == dw && (int64_t) r.logical - v.logical == dl);
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t    *copy;

	if (size == 0)
		return 0;
	/* an exactly-sized copy, so reading past the end is caught */
	copy = malloc(size - 1 ? size - 1 : 1);
	memcpy(copy, data + 1, size - 1);
	switch (data[0] % 4)
	{
		case 0:
			fuzz_text((const char *) copy, size - 1);
			break;
		case 1:
			fuzz_numeric((const char *) copy, size - 1);
			break;
		case 2:
			fuzz_proto(copy, size - 1);
			break;
		case 3:
			fuzz_binary(copy, size - 1);
			break;
	}
	free(copy);
	return 0;
}
