/*
 * fuzz_mysql_conversation_rows.c: libFuzzer target for the core path of
 * mysql_conversation_rows: the conversation walked packet by packet (input
 * layout as fuzz_mysql_conversation.c), each result set's column
 * definitions decoded, and each of its rows checked and walked value by
 * value against them (text: the column count, each string, temporal text;
 * binary: the row check, the NULL bitmap, each value and its calendar
 * fields).  Every value must lie inside its row; the sanitizers catch
 * reads past either stream.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_binary.h"
#include "mysql_conversation.h"
#include "mysql_lenenc.h"
#include "mysql_packet.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)
#define MAXCOLS 64

static void
check_row(const uint8_t *row, size_t len, int binary, const uint8_t *types, size_t ncols)
{
	wc_error err;
	wc_mysql_slice s;
	size_t		pos,
				n = 0;

	if (binary)
	{
		if (wc_mysql_binary_row_check(row, len, types, ncols, &err) != WC_OK)
			return;
		pos = 1 + wc_mysql_binary_row_bitmap_size(ncols);
		for (size_t i = 0; i < ncols; i++)
		{
			if (wc_mysql_binary_row_is_null(row, i))
				continue;
			REQUIRE(wc_mysql_binary_value_get(row, len, pos, types[i], &s, &pos, NULL) == WC_OK);
			REQUIRE(s.off <= len && s.len <= len - s.off && pos <= len);
			if (types[i] == 10 || types[i] == 12 || types[i] == 7)
			{
				wc_mysql_datetime dt;

				wc_mysql_binary_datetime(row + s.off, s.len, &dt);
			}
			else if (types[i] == 11)
			{
				wc_mysql_time t;

				wc_mysql_binary_time(row + s.off, s.len, &t);
			}
		}
		REQUIRE(pos == len);
		return;
	}
	if (wc_mysql_text_row_count(row, len, &n, &err) != WC_OK || n != ncols)
		return;
	pos = 0;
	for (size_t i = 0; i < ncols; i++)
	{
		wc_status st = wc_mysql_lenenc_str_get(row, len, pos, &s, &pos, NULL);

		REQUIRE(st == WC_OK || (st == WC_NULL && s.is_null));
		REQUIRE(pos <= len);
		if (s.is_null)
			continue;
		REQUIRE(s.off <= len && s.len <= len - s.off && pos <= len);
		if (types[i] == 10 || types[i] == 12 || types[i] == 7)
		{
			wc_mysql_datetime dt;

			(void) wc_mysql_text_datetime(row + s.off, s.len, &dt, &err);
		}
		else if (types[i] == 11)
		{
			wc_mysql_time t;

			(void) wc_mysql_text_time(row + s.off, s.len, &t, &err);
		}
	}
	REQUIRE(pos == len);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	wc_mysql_conv c;
	wc_mysql_conv_item it;
	wc_error err;
	uint8_t		types[MAXCOLS];
	size_t		ncols = 0,
				n,
				split;
	int			ok_defs = 1;
	uint8_t    *cl,
			   *sv,
			   *gather;
	int			two;

	if (size < 3)
		return 0;
	two = (data[0] & 1) == 0;
	n = size - 3;
	split = ((size_t) data[1] | (size_t) data[2] << 8) % (n + 1);
	if (!two)
		split = 0;
	cl = malloc(split ? split : 1);
	sv = malloc(n - split ? n - split : 1);
	gather = malloc(n ? n : 1);
	memcpy(cl, data + 3, split);
	memcpy(sv, data + 3 + split, n - split);
	wc_mysql_conv_init(&c, two ? cl : NULL, split, sv, n - split);
	while (wc_mysql_conv_next(&c, &it, &err) == WC_OK)
	{
		const uint8_t *buf = c.buf[it.from_server];
		const uint8_t *p;

		if (it.kind == WC_MYSQL_K_COLUMN_COUNT || it.kind == WC_MYSQL_K_PREPARE_OK)
		{
			ncols = 0;
			ok_defs = 1;
			continue;
		}
		if (it.kind != WC_MYSQL_K_COLUMN_DEF && it.kind != WC_MYSQL_K_TEXT_ROW &&
			it.kind != WC_MYSQL_K_BINARY_ROW)
			continue;
		/* the payload, in place or gathered, as the glue reads it */
		if (it.pkt.chunks == 1)
			p = buf + it.pkt.offset + 4;
		else
		{
			REQUIRE(it.pkt.length <= n);
			wc_mysql_packet_gather(buf, &it.pkt, gather);
			p = gather;
		}
		if (it.kind == WC_MYSQL_K_COLUMN_DEF)
		{
			wc_mysql_column_def cd;
			size_t		w;

			if (ncols == MAXCOLS ||
				wc_mysql_column_def_decode(p, it.pkt.length, WC_MYSQL_CD_EXT_DETECT, &cd, &err) != WC_OK ||
				wc_mysql_binary_form_of(cd.type, &w) == WC_MYSQL_BIN_INVALID)
				ok_defs = 0;
			else
				types[ncols++] = cd.type;
			continue;
		}
		if (ok_defs)
			check_row(p, it.pkt.length, it.kind == WC_MYSQL_K_BINARY_ROW, types, ncols);
	}
	free(cl);
	free(sv);
	free(gather);
	return 0;
}
