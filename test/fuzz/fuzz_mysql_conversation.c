/*
 * fuzz_mysql_conversation.c: libFuzzer target for the conversation
 * decoder.  Input byte 0 picks the mode (even: both directions, odd: the
 * server's side only), bytes 1-2 where the client stream ends; the rest is
 * client then server bytes.  Every yielded packet must lie in its stream,
 * each call must consume one packet, and an error must name a stream and
 * an offset inside it.  The sanitizers catch reads past the end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_conversation.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	wc_mysql_conv c;
	wc_mysql_conv_item it;
	wc_error err;
	size_t		n,
				split;
	uint8_t    *cl,
			   *sv;
	int			two;
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
	wc_mysql_conv_init(&c, two ? cl : NULL, split, sv, n - split);
	for (;;)
	{
		wc_status st = wc_mysql_conv_next(&c, &it, &err);
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
		total++;
		REQUIRE(total == c.npackets[0] + c.npackets[1]);
	}
	free(cl);
	free(sv);
	return 0;
}
