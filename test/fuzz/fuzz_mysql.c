/*
 * fuzz_mysql.c: libFuzzer target for every decoder of the MySQL protocol
 * core.  The first input byte picks the decoder (mode % 8), the rest is its
 * input.  Accepted input is re-encoded and decoded again and must give the
 * same value; canonical input must re-encode byte-identical.  Any mismatch
 * abort()s; the sanitizers catch out-of-bounds reads.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_int.h"
#include "mysql_lenenc.h"
#include "mysql_packet.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)

/* Scratch for re-encoding: input is bounded by -max_len, keep it generous. */
static uint8_t out[1 << 20];

/* int<lenenc> values walked through the buffer. */
static void
fuzz_lenenc_int(const uint8_t *p, size_t n)
{
	size_t		pos = 0;

	while (pos < n)
	{
		uint64_t	v = 0,
					v2 = 0;
		size_t		next = 0,
					used;
		wc_error err;
		wc_status st = wc_mysql_lenenc_int_get(p, n, pos, &v, &next, &err);

		if (st == WC_NULL)
		{
			REQUIRE(p[pos] == 0xfb && next == pos + 1);
			pos = next;
			continue;
		}
		if (st != WC_OK)
		{
			REQUIRE(err.offset == pos);
			REQUIRE(st == WC_ERR_BAD_BYTE ? p[pos] == 0xff :
					st == WC_ERR_TRUNCATED && err.expected > err.found && err.found == n - pos);
			return;
		}
		REQUIRE(next > pos && next <= n);
		used = wc_mysql_lenenc_int_write(out, v);
		REQUIRE(used == wc_mysql_lenenc_int_size(v) && used <= next - pos);
		REQUIRE(wc_mysql_lenenc_int_read(out, used, &v2, &used) == WC_OK && v2 == v);
		if (used == next - pos)
			REQUIRE(memcmp(out, p + pos, used) == 0);
		pos = next;
	}
}

/* string<lenenc> values walked through the buffer. */
static void
fuzz_lenenc_str(const uint8_t *p, size_t n)
{
	size_t		pos = 0;

	while (pos < n)
	{
		wc_mysql_slice s,
					s2;
		size_t		next = 0,
					next2 = 0,
					w;
		wc_error err;
		wc_status st = wc_mysql_lenenc_str_get(p, n, pos, &s, &next, &err);

		if (st == WC_NULL)
		{
			REQUIRE(s.is_null && next == pos + 1);
			pos = next;
			continue;
		}
		if (st != WC_OK)
		{
			REQUIRE(err.offset == pos);
			if (st == WC_ERR_LENGTH)
				REQUIRE(err.expected > err.found && err.found < n - pos);
			return;
		}
		REQUIRE(s.off > pos && s.off + s.len == next && next <= n);
		REQUIRE(wc_mysql_lenenc_str_size(s.len) <= sizeof(out));
		w = wc_mysql_lenenc_str_write(out, p + s.off, s.len);
		REQUIRE(w == wc_mysql_lenenc_str_size(s.len) && w <= next - pos);
		REQUIRE(wc_mysql_lenenc_str_get(out, w, 0, &s2, &next2, NULL) == WC_OK);
		REQUIRE(next2 == w && s2.len == s.len && memcmp(out + s2.off, p + s.off, s.len) == 0);
		if (w == next - pos)
			REQUIRE(memcmp(out, p + pos, w) == 0);
		pos = next;
	}
}

/* string<NUL> values walked through the buffer. */
static void
fuzz_null_str(const uint8_t *p, size_t n)
{
	size_t		pos = 0;

	while (pos < n)
	{
		wc_mysql_slice s;
		size_t		next = 0;
		wc_error err;
		wc_status st = wc_mysql_null_str_get(p, n, pos, &s, &next, &err);

		if (st != WC_OK)
		{
			REQUIRE(st == WC_ERR_UNTERMINATED && memchr(p + pos, 0, n - pos) == NULL);
			return;
		}
		REQUIRE(wc_mysql_null_str_check(p + s.off, s.len, NULL) == WC_OK);
		REQUIRE(wc_mysql_null_str_write(out, p + s.off, s.len) == next - pos);
		REQUIRE(memcmp(out, p + pos, next - pos) == 0);
		pos = next;
	}
}

/* A packet stream: every logical packet re-frames byte-identical. */
static void
fuzz_packets(const uint8_t *p, size_t n)
{
	static uint8_t payload[1 << 20];
	size_t		pos = 0;

	while (pos < n)
	{
		wc_mysql_packet pkt;
		size_t		next = 0,
					size;
		int			ok;
		wc_error err;
		wc_status st = wc_mysql_packet_next(p, n, pos, &pkt, &next, &err);

		if (st != WC_OK)
		{
			REQUIRE(err.offset >= pos && err.offset <= n);
			return;
		}
		REQUIRE(pkt.offset == pos && next <= n && pkt.length <= sizeof(payload));
		wc_mysql_packet_gather(p, &pkt, payload);
		size = wc_mysql_frame_size(pkt.length, &ok);
		REQUIRE(ok && size == next - pos && size <= sizeof(out));
		REQUIRE(wc_mysql_frame_write(out, payload, pkt.length, pkt.seq) == size);
		REQUIRE(memcmp(out, p + pos, size) == 0);
		pos = next;
	}
}

/* A text row: re-encoded canonically it decodes to the same columns. */
static void
fuzz_text_row(const uint8_t *p, size_t n)
{
	size_t		ncols = 0,
				ncols2 = 0,
				pos = 0,
				w = 0;
	wc_error err;

	if (wc_mysql_text_row_count(p, n, &ncols, &err) != WC_OK)
	{
		REQUIRE((err.has & WC_HAS_INDEX) && err.index >= 1 && err.offset < n + 1);
		return;
	}
	for (size_t i = 0; i < ncols; i++)
	{
		wc_mysql_slice s;
		wc_status st = wc_mysql_lenenc_str_get(p, n, pos, &s, &pos, NULL);

		REQUIRE(st == WC_OK || st == WC_NULL);
		if (st == WC_NULL)
			out[w++] = 0xfb;
		else
			w += wc_mysql_lenenc_str_write(out + w, p + s.off, s.len);
	}
	REQUIRE(pos == n && w <= n);
	REQUIRE(wc_mysql_text_row_count(out, w, &ncols2, NULL) == WC_OK && ncols2 == ncols);
}

/* Write a column definition back from its decoded fields. */
static size_t
column_def_write(uint8_t *dst, const uint8_t *src, const wc_mysql_column_def *cd)
{
	size_t		w = 0;

	for (int i = 0; i < WC_MYSQL_CD_NSTRINGS; i++)
	{
		if (cd->str[i].is_null)
			dst[w++] = 0xfb;
		else
			w += wc_mysql_lenenc_str_write(dst + w, src + cd->str[i].off, cd->str[i].len);
	}
	dst[w++] = 0x0c;
	wc_mysql_int_write(dst + w, cd->charset, 2);
	wc_mysql_int_write(dst + w + 2, cd->column_length, 4);
	dst[w + 6] = cd->type;
	wc_mysql_int_write(dst + w + 7, cd->flags, 2);
	dst[w + 9] = cd->decimals;
	dst[w + 10] = dst[w + 11] = 0;
	return w + 12;
}

static void
fuzz_column_def(const uint8_t *p, size_t n)
{
	wc_mysql_column_def cd,
				cd2;
	wc_error err;
	size_t		w;

	if (wc_mysql_column_def_decode(p, n, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) != WC_OK)
	{
		REQUIRE(err.offset <= n);
		return;
	}
	w = column_def_write(out, p, &cd);
	REQUIRE(w <= n);
	REQUIRE(wc_mysql_column_def_decode(out, w, WC_MYSQL_CD_EXT_ABSENT, &cd2, NULL) == WC_OK);
	for (int i = 0; i < WC_MYSQL_CD_NSTRINGS; i++)
		REQUIRE(cd2.str[i].is_null == cd.str[i].is_null && cd2.str[i].len == cd.str[i].len &&
				memcmp(out + cd2.str[i].off, p + cd.str[i].off, cd.str[i].len) == 0);
	REQUIRE(cd2.charset == cd.charset && cd2.column_length == cd.column_length &&
			cd2.type == cd.type && cd2.flags == cd.flags && cd2.decimals == cd.decimals);
	/* canonical input (canonical prefixes, zero filler) is written back as is */
	if (w == n && p[n - 1] == 0 && p[n - 2] == 0)
		REQUIRE(memcmp(out, p, n) == 0);
}

static void
fuzz_ok(const uint8_t *p, size_t n)
{
	wc_mysql_ok ok,
				ok2;
	wc_error err;
	size_t		w = 0;

	if (wc_mysql_ok_decode(p, n, WC_MYSQL_CLIENT_PROTOCOL_41, &ok, &err) != WC_OK)
	{
		REQUIRE(err.offset <= n);
		return;
	}
	out[w++] = ok.header;
	if (ok.affected_rows_null)
		out[w++] = 0xfb;
	else
		w += wc_mysql_lenenc_int_write(out + w, ok.affected_rows);
	if (ok.last_insert_id_null)
		out[w++] = 0xfb;
	else
		w += wc_mysql_lenenc_int_write(out + w, ok.last_insert_id);
	wc_mysql_int_write(out + w, ok.status_flags, 2);
	wc_mysql_int_write(out + w + 2, ok.warnings, 2);
	w += 4;
	/* info written as servers write it, a string<lenenc>: read back whole */
	if (n + 9 > sizeof(out))
		return;
	w += wc_mysql_lenenc_int_write(out + w, ok.info.len);
	memcpy(out + w, p + ok.info.off, ok.info.len);
	w += ok.info.len;
	REQUIRE(w <= n + 9);
	REQUIRE(wc_mysql_ok_decode(out, w, WC_MYSQL_CLIENT_PROTOCOL_41, &ok2, NULL) == WC_OK);
	REQUIRE(memcmp(out + ok2.info.off, p + ok.info.off, ok.info.len) == 0);
	REQUIRE(ok2.header == ok.header && ok2.affected_rows_null == ok.affected_rows_null &&
			ok2.last_insert_id_null == ok.last_insert_id_null &&
			(ok.affected_rows_null || ok2.affected_rows == ok.affected_rows) &&
			(ok.last_insert_id_null || ok2.last_insert_id == ok.last_insert_id) &&
			ok2.status_flags == ok.status_flags && ok2.warnings == ok.warnings &&
			ok2.info.len == ok.info.len);
}

/* int<N>: width from the first byte, values walked through the buffer. */
static void
fuzz_fixed_int(const uint8_t *p, size_t n)
{
	int			width;
	size_t		pos = 1;

	if (n == 0)
		return;
	width = p[0] % 10;
	while (pos <= n)
	{
		uint64_t	v = 0;
		wc_error err;
		wc_status st = wc_mysql_int_get(p, n, pos, width, &v, &err);

		if (st != WC_OK)
		{
			REQUIRE(st == (wc_mysql_int_width_ok(width) ? WC_ERR_TRUNCATED : WC_MYSQL_WIDTH));
			return;
		}
		REQUIRE(wc_mysql_int_check(v, width, NULL) == WC_OK);
		wc_mysql_int_write(out, v, width);
		REQUIRE(memcmp(out, p + pos, (size_t) width) == 0);
		pos += (size_t) width;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *p;
	size_t		n;
	uint8_t    *copy;

	/* every re-encoding is at most as long as its input (canonical forms
	 * are never longer), so out and payload hold any input that fits them;
	 * a larger -max_len must not overflow the target's own scratch */
	if (size == 0 || size - 1 > sizeof(out))
		return 0;
	/* an exact-size heap copy, so ASan sees any read past the end */
	n = size - 1;
	copy = malloc(n ? n : 1);
	memcpy(copy, data + 1, n);
	p = copy;
	switch (data[0] % 8)
	{
		case 0:
			fuzz_lenenc_int(p, n);
			break;
		case 1:
			fuzz_lenenc_str(p, n);
			break;
		case 2:
			fuzz_null_str(p, n);
			break;
		case 3:
			fuzz_packets(p, n);
			break;
		case 4:
			fuzz_text_row(p, n);
			break;
		case 5:
			fuzz_column_def(p, n);
			break;
		case 6:
			fuzz_ok(p, n);
			break;
		default:
			fuzz_fixed_int(p, n);
			break;
	}
	free(copy);
	return 0;
}
