/*
 * fuzz_mysql_conversation.c: libFuzzer target for the conversation
 * decoder and its protocol state.  Input byte 0 picks the mode (bit 0:
 * the server's side only; bit 1: as the glue does, the streams are
 * decompressed after the handshake when it negotiated CLIENT_COMPRESS or,
 * server side only, when they read as compressed packets; bit 2: the
 * decoder is told the streams were decompressed), bytes 1-2 where the
 * client stream ends; the rest is client then server bytes.  Every yielded
 * packet must lie in its stream, each call must consume one packet, the
 * column definitions a row names must be that many whole packets of the
 * server stream, a statement's parameter count must be a prepare's, and an
 * error must name a stream, a packet and an offset inside it.  The
 * sanitizers catch reads past the end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_compress.h"
#include "mysql_conversation.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)

/* buf[start .. len) decompressed after buf[0 .. start), or NULL. */
static uint8_t *
decompressed(const uint8_t *buf, size_t len, size_t start, size_t *out_len)
{
	size_t		n,
				wn;
	wc_error	err;
	uint8_t    *out;
	void	   *work;

	if (wc_mysql_decompress_size(buf, len, start, &n, &wn, &err) != WC_OK || n > (64u << 20))
		return NULL;
	out = malloc(start + n + 1);
	work = malloc(wn + 1);
	memcpy(out, buf, start);
	if (wc_mysql_decompress(buf, len, start, out + start, n, work, wn, NULL, &err) != WC_OK)
	{
		REQUIRE(err.offset <= len && (err.has & WC_HAS_INDEX));
		free(out);
		out = NULL;
	}
	free(work);
	*out_len = start + n;
	return out;
}

/* The n column definitions at offset are whole packets of the stream. */
static void
check_columns(const wc_mysql_conv *c, const wc_mysql_conv_item *it)
{
	size_t		pos = it->columns_offset;
	size_t		len = c->len[1];

	for (uint64_t k = 0; k < it->ncolumns; k++)
	{
		wc_mysql_packet pkt;
		wc_error	err;

		REQUIRE(pos < len);
		REQUIRE((c->compressed ?
				 wc_mysql_packet_next_any_seq(c->buf[1], len, pos, &pkt, &pos, &err) :
				 wc_mysql_packet_next(c->buf[1], len, pos, &pkt, &pos, &err)) == WC_OK);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	wc_mysql_conv c;
	wc_mysql_conv_item it;
	wc_error	err;
	size_t		n,
				split,
				cn,
				sn;
	uint8_t    *cl,
			   *sv;
	int			two;
	int			compressed = 0;
	uint64_t	total = 0;

	if (size < 3)
		return 0;
	two = (data[0] & 1) == 0;
	n = size - 3;
	split = ((size_t) data[1] | (size_t) data[2] << 8) % (n + 1);
	if (!two)
		split = 0;
	/* exact-size heap copies, so ASan sees any read past either end */
	cl = malloc(split ? split : 1);
	sv = malloc(n - split ? n - split : 1);
	memcpy(cl, data + 3, split);
	memcpy(sv, data + 3 + split, n - split);
	cn = split;
	sn = n - split;
	if (data[0] & 2)
	{
		size_t		ce,
					se;
		uint64_t	caps;

		if (wc_mysql_conv_handshake_end(two ? cl : NULL, cn, sv, sn, &ce, &se, &caps, &err) == WC_OK)
		{
			REQUIRE(ce <= cn && se <= sn);
			if (two ? (caps & (WC_MYSQL_CLIENT_COMPRESS |
							   WC_MYSQL_CLIENT_ZSTD_COMPRESSION_ALGORITHM)) != 0 :
				wc_mysql_compress_detect(sv, sn, se))
			{
				uint8_t    *c2 = two ? decompressed(cl, cn, ce, &cn) : NULL;
				uint8_t    *s2 = decompressed(sv, sn, se, &sn);

				free(cl);
				free(sv);
				if ((two && c2 == NULL) || s2 == NULL)
				{
					free(c2);
					free(s2);
					return 0;
				}
				cl = c2 ? c2 : malloc(1);
				sv = s2;
				compressed = 1;
			}
		}
	}
	wc_mysql_conv_init(&c, two ? cl : NULL, cn, sv, sn);
	c.compressed = compressed || (data[0] & 4) != 0;
	for (;;)
	{
		wc_status	st = wc_mysql_conv_next(&c, &it, &err);
		size_t		len;

		if (st == WC_NULL)
		{
			REQUIRE(c.pos[0] == c.len[0] && c.pos[1] == c.len[1]);
			break;
		}
		if (st != WC_OK)
		{
			REQUIRE(it.from_server == 0 || it.from_server == 1);
			REQUIRE(err.offset <= c.len[it.from_server]);
			REQUIRE(it.packet == c.npackets[it.from_server] + 1);
			REQUIRE((err.has & WC_HAS_INDEX) && err.index == (int64_t) it.packet);
			break;
		}
		REQUIRE(it.kind < WC_MYSQL_K_NKINDS);
		len = c.len[it.from_server];
		REQUIRE(it.pkt.offset < len && it.pkt.length <= len - it.pkt.offset);
		REQUIRE(it.pkt.offset + it.pkt.length + 4 * it.pkt.chunks == c.pos[it.from_server]);
		REQUIRE(two || it.from_server);
		if ((it.kind == WC_MYSQL_K_TEXT_ROW || it.kind == WC_MYSQL_K_BINARY_ROW) && it.columns_known)
			check_columns(&c, &it);
		REQUIRE(it.nparams >= -1 && it.nparams <= 65535);
		REQUIRE(c.nstmts >= 0 && c.nstmts <= WC_MYSQL_CONV_MAX_STMTS);
		total++;
		REQUIRE(total == c.npackets[0] + c.npackets[1]);
	}
	free(cl);
	free(sv);
	return 0;
}
