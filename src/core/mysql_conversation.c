/*
 * mysql_conversation.c: the packet-by-packet state machine of a recorded
 * MySQL/MariaDB connection (see mysql_conversation.h).
 */
#include "mysql_conversation.h"

#include "byteorder.h"
#include "mysql_protocol.h"
#include "mysql_handshake.h"
#include "mysql_lenenc.h"

const char *const wc_mysql_kind_names[] = {
	"handshake", "handshake_response", "auth", "command", "ok", "err", "eof",
	"column_count", "column_def", "text_row", "binary_row", "prepare_ok",
	"param_def", "local_infile", "infile_data"
};

enum
{
	P_HANDSHAKE,
	P_AUTH,
	P_IDLE,
	P_RESP_FIRST,
	P_COLDEFS,
	P_AFTER_DEFS,
	P_ROWS,
	P_PARAMDEFS,
	P_PARAM_AFTER,
	P_PCOLDEFS,
	P_PCOL_AFTER,
	P_INFILE
};

#define SIDE_CLIENT 0
#define SIDE_SERVER 1

/* What an error's index counts, by side. */
static const char *const packet_kind[2] = {"client packet", "server packet"};

#define STATUS_MORE_RESULTS 0x0008

void
wc_mysql_conv_init(wc_mysql_conv *c, const uint8_t *client, size_t client_len,
				   const uint8_t *server, size_t server_len)
{
	memset(c, 0, sizeof(*c));
	c->buf[SIDE_CLIENT] = client;
	c->len[SIDE_CLIENT] = client ? client_len : 0;
	c->buf[SIDE_SERVER] = server;
	c->len[SIDE_SERVER] = server_len;
	c->have_client = client != NULL;
	c->phase = P_HANDSHAKE;
	c->command_type = -1;
	c->result_set = -1;
	c->caps = WC_MYSQL_CAPS_DEFAULT;
}

/* A peeked packet: framing checked, not consumed yet. */
typedef struct peeked
{
	wc_mysql_packet pkt;
	size_t		next;
	const uint8_t *first;		/* its first chunk's payload */
	size_t		first_len;
} peeked;

/* Peek the next packet of a side; WC_NULL when the side has none. */
static wc_status
peek(wc_mysql_conv *c, int side, peeked *p, wc_error *err)
{
	const uint8_t *buf = c->buf[side];
	wc_status st;

	if (c->pos[side] >= c->len[side])
		return WC_NULL;
	st = wc_mysql_packet_next(buf, c->len[side], c->pos[side], &p->pkt, &p->next, err);
	if (st != WC_OK)
		return wc_at_index(err, st, packet_kind[side], (int64_t) c->npackets[side] + 1);
	p->first = buf + p->pkt.offset + WC_MYSQL_HEADER;
	p->first_len = p->pkt.chunks > 1 ? WC_MYSQL_MAX_CHUNK : p->pkt.length;
	return WC_OK;
}

/* Fill *it from a peeked packet and consume it. */
static wc_status
take(wc_mysql_conv *c, int side, const peeked *p, wc_mysql_kind kind,
	 wc_mysql_conv_item *it)
{
	c->pos[side] = p->next;
	c->npackets[side]++;
	c->expect_seq = (uint8_t) (p->pkt.seq + p->pkt.chunks);
	it->kind = kind;
	it->from_server = side;
	it->command = c->command;
	it->command_type = c->command_type;
	it->result_set = kind >= WC_MYSQL_K_COLUMN_COUNT && kind <= WC_MYSQL_K_BINARY_ROW ?
		c->result_set : (kind == WC_MYSQL_K_OK || kind == WC_MYSQL_K_EOF ||
						 kind == WC_MYSQL_K_ERR) && c->result_set >= 0 ? c->result_set : -1;
	it->row = kind == WC_MYSQL_K_TEXT_ROW || kind == WC_MYSQL_K_BINARY_ROW ? c->row : 0;
	it->packet = c->npackets[side];
	it->pkt = p->pkt;
	it->stmt_id = 0;
	it->cached_metadata = 0;
	if ((kind == WC_MYSQL_K_PREPARE_OK ||
		 (kind == WC_MYSQL_K_COMMAND &&
		  (c->command_type == WC_MYSQL_COM_STMT_EXECUTE || c->command_type == WC_MYSQL_COM_STMT_FETCH ||
		   c->command_type == WC_MYSQL_COM_STMT_CLOSE || c->command_type == WC_MYSQL_COM_STMT_RESET ||
		   c->command_type == WC_MYSQL_COM_STMT_SEND_LONG_DATA))) && p->first_len >= 5)
		it->stmt_id = wc_load_le32(p->first + 1);
	return WC_OK;
}

/* Error about the packet p of side (not consumed). */
static wc_status
fail_at(wc_mysql_conv *c, int side, const peeked *p, wc_status st,
		uint64_t need, uint64_t have, wc_mysql_conv_item *it, wc_error *err)
{
	if (st == WC_ERR_UNEXPECTED)
		wc_fail_found(err, st, p->pkt.offset, have);
	else
		wc_fail_ef(err, st, p->pkt.offset, need, have);
	it->from_server = side;
	it->packet = c->npackets[side] + 1;
	return wc_at_index(err, st, packet_kind[side], (int64_t) it->packet);
}

/* The status flags of an OK (after two int<lenenc>) or EOF (offset 3)
 * packet in its first chunk; -1 if malformed. */
static int
status_flags(const peeked *p, int eof)
{
	const uint8_t *b = p->first;
	size_t		n = p->first_len;
	size_t		pos = 1;
	uint64_t	v;

	if (eof)
		return n >= 5 ? wc_load_le16(b + 3) : -1;
	if (n < 7)
		return -1;				/* also an empty packet, whose b[0] is read as 0 */
	for (int i = 0; i < 2; i++)
	{
		size_t		used;
		wc_status st = wc_mysql_lenenc_int_read(b + pos, n - pos, &v, &used);

		if (st == WC_ERR_BAD_BYTE || st == WC_ERR_TRUNCATED)
			return -1;
		pos += used;
	}
	return n - pos >= 4 ? wc_load_le16(b + pos) : -1;
}

/* A terminator (OK, EOF, ERR) ends the result set or the response. */
static wc_status
terminator(wc_mysql_conv *c, int side, const peeked *p, wc_mysql_kind kind,
		   wc_mysql_conv_item *it, wc_error *err)
{
	int			flags = 0;

	if (kind != WC_MYSQL_K_ERR)
	{
		flags = status_flags(p, kind == WC_MYSQL_K_EOF);
		if (flags < 0)
			return fail_at(c, side, p, WC_ERR_UNEXPECTED, 0,
						   p->first_len ? p->first[0] : 0, it, err);
	}
	take(c, side, p, kind, it);
	if (flags & STATUS_MORE_RESULTS)
	{
		c->phase = P_RESP_FIRST;
		c->result_set++;
	}
	else
		c->phase = P_IDLE;
	return WC_OK;
}

/* Does a server-only capture's 0x00 packet start a WC_MYSQL_COM_STMT_PREPARE OK?
 * 12 bytes, and the exchange continues with the next packet. */
static int
looks_like_prepare_ok(wc_mysql_conv *c, const peeked *p)
{
	peeked		q;
	wc_error e;
	size_t		save = c->pos[SIDE_SERVER];
	int			r;

	if (p->pkt.length < 12 || p->pkt.length > 13)
		return 0;
	c->pos[SIDE_SERVER] = p->next;
	r = peek(c, SIDE_SERVER, &q, &e) == WC_OK &&
		q.pkt.seq == (uint8_t) (p->pkt.seq + 1);
	c->pos[SIDE_SERVER] = save;
	return r;
}

wc_status
wc_mysql_conv_next(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p,
				q;
	wc_status st;
	int			side;
	uint8_t		b;

	for (;;)
	{
		switch (c->phase)
		{
			case P_HANDSHAKE:
				st = peek(c, SIDE_SERVER, &p, err);
				if (st == WC_NULL)
				{
					if (c->len[SIDE_CLIENT] == 0)
						return WC_NULL;
					return fail_at(c, SIDE_SERVER, &p, WC_ERR_TRUNCATED, 4, 0, it,
								   (p.pkt.offset = c->len[SIDE_SERVER], err));
				}
				if (st != WC_OK)
					goto framing;
				b = p.first_len ? p.first[0] : 0;
				if (b == 0xff)
				{
					take(c, SIDE_SERVER, &p, WC_MYSQL_K_ERR, it);
					c->phase = P_IDLE;
					return WC_OK;
				}
				if (b != 0x0a)
					return fail_at(c, SIDE_SERVER, &p, WC_ERR_UNEXPECTED, 0, b, it, err);
				{
					wc_mysql_handshake hs;
					wc_error e;

					/* a handshake that does not decode keeps the default */
					if (p.pkt.chunks == 1 &&
						wc_mysql_handshake_decode(p.first, p.first_len, &hs, &e) == WC_OK)
						c->caps = hs.capabilities;
				}
				take(c, SIDE_SERVER, &p, WC_MYSQL_K_HANDSHAKE, it);
				c->phase = P_AUTH;
				return WC_OK;

			case P_AUTH:
				/* one sequence-numbered exchange: the side whose next
				 * packet carries the expected id speaks */
				side = SIDE_SERVER;
				if (c->have_client)
				{
					st = peek(c, SIDE_CLIENT, &q, err);
					if (st != WC_OK && st != WC_NULL)
						goto framing;
					if (st == WC_OK && q.pkt.seq == c->expect_seq)
					{
						int			first = c->npackets[SIDE_CLIENT] == 0;

						if (first && q.pkt.chunks == 1)
						{
							wc_mysql_handshake_response hr;
							wc_error e;

							/* what was negotiated: both sides' flags */
							if (wc_mysql_handshake_response_decode(q.first, q.first_len, &hr, &e) ==
								WC_OK)
								c->caps &= hr.capabilities;
						}
						take(c, SIDE_CLIENT, &q, first ?
							 WC_MYSQL_K_HANDSHAKE_RESPONSE : WC_MYSQL_K_AUTH, it);
						return WC_OK;
					}
				}
				st = peek(c, side, &p, err);
				if (st == WC_NULL)
				{
					p.pkt.offset = c->len[side];
					return fail_at(c, side, &p, WC_ERR_TRUNCATED, 4, 0, it, err);
				}
				if (st != WC_OK)
					goto framing;
				if (c->have_client && p.pkt.seq != c->expect_seq)
					return fail_at(c, side, &p, WC_MYSQL_SEQUENCE, c->expect_seq,
								   p.pkt.seq, it, err);
				b = p.first_len ? p.first[0] : 0;
				if (b == 0x00 || b == 0xff)
				{
					take(c, side, &p, b ? WC_MYSQL_K_ERR : WC_MYSQL_K_OK, it);
					c->phase = P_IDLE;
					return WC_OK;
				}
				take(c, side, &p, WC_MYSQL_K_AUTH, it);
				return WC_OK;

			case P_IDLE:
				c->result_set = -1;
				if (c->have_client)
				{
					st = peek(c, SIDE_CLIENT, &q, err);
					if (st == WC_NULL)
					{
						st = peek(c, SIDE_SERVER, &p, err);
						if (st == WC_NULL)
							return WC_NULL;
						if (st != WC_OK)
							goto framing;
						return fail_at(c, SIDE_SERVER, &p, WC_ERR_UNEXPECTED, 0,
									   p.first_len ? p.first[0] : 0, it, err);
					}
					if (st != WC_OK)
						goto framing;
					if (q.pkt.seq != 0)
						return fail_at(c, SIDE_CLIENT, &q, WC_MYSQL_SEQUENCE, 0,
									   q.pkt.seq, it, err);
					c->command++;
					c->command_type = q.first_len ? q.first[0] : -1;
					take(c, SIDE_CLIENT, &q, WC_MYSQL_K_COMMAND, it);
					if (c->command_type != WC_MYSQL_COM_QUIT && c->command_type != WC_MYSQL_COM_STMT_CLOSE &&
						c->command_type != WC_MYSQL_COM_STMT_SEND_LONG_DATA)
					{
						c->phase = P_RESP_FIRST;
						c->result_set = 0;
					}
					return WC_OK;
				}
				st = peek(c, SIDE_SERVER, &p, err);
				if (st == WC_NULL)
					return WC_NULL;
				if (st != WC_OK)
					goto framing;
				c->command++;
				c->command_type = -1;
				c->expect_seq = 1;
				c->phase = P_RESP_FIRST;
				c->result_set = 0;
				continue;

			case P_INFILE:
				if (c->have_client)
				{
					st = peek(c, SIDE_CLIENT, &q, err);
					if (st == WC_NULL)
					{
						q.pkt.offset = c->len[SIDE_CLIENT];
						return fail_at(c, SIDE_CLIENT, &q, WC_ERR_TRUNCATED, 4, 0, it, err);
					}
					if (st != WC_OK)
						goto framing;
					if (q.pkt.seq != c->expect_seq)
						return fail_at(c, SIDE_CLIENT, &q, WC_MYSQL_SEQUENCE,
									   c->expect_seq, q.pkt.seq, it, err);
					take(c, SIDE_CLIENT, &q, WC_MYSQL_K_INFILE_DATA, it);
					if (q.pkt.length == 0)
						c->phase = P_RESP_FIRST;
					return WC_OK;
				}
				/* the file contents are not in a server-side capture */
				c->phase = P_RESP_FIRST;
				c->expect_seq = 0;
				st = peek(c, SIDE_SERVER, &p, err);
				if (st == WC_OK)
					c->expect_seq = p.pkt.seq;
				continue;

			default:
				break;
		}

		/* the server's response to the current command */
		st = peek(c, SIDE_SERVER, &p, err);
		if (st == WC_NULL && (c->phase == P_PARAM_AFTER || c->phase == P_PCOL_AFTER) &&
			(c->phase == P_PCOL_AFTER || c->ncols2 == 0))
		{
			/* CLIENT_DEPRECATE_EOF, and the capture ends with this response */
			c->phase = P_IDLE;
			continue;
		}
		if (st == WC_NULL)
		{
			p.pkt.offset = c->len[SIDE_SERVER];
			return fail_at(c, SIDE_SERVER, &p, WC_ERR_TRUNCATED, 4, 0, it, err);
		}
		if (st != WC_OK)
			goto framing;
		b = p.first_len ? p.first[0] : 0;
		if ((c->phase == P_PARAM_AFTER || c->phase == P_PCOL_AFTER) &&
			!(b == 0xfe && p.pkt.length < 7 && p.pkt.seq == c->expect_seq))
		{
			/* CLIENT_DEPRECATE_EOF: no EOF after the definitions */
			c->phase = c->phase == P_PARAM_AFTER && c->ncols2 ? P_PCOLDEFS : P_IDLE;
			if (c->phase == P_PCOLDEFS)
			{
				c->ncols = c->ncols2;
				c->seen = 0;
			}
			continue;
		}
		if (p.pkt.seq != c->expect_seq)
			return fail_at(c, SIDE_SERVER, &p, WC_MYSQL_SEQUENCE, c->expect_seq,
						   p.pkt.seq, it, err);
		switch (c->phase)
		{
			case P_RESP_FIRST:
				if (b == 0x00 && p.pkt.length >= 7 &&
					(c->command_type == WC_MYSQL_COM_STMT_PREPARE ||
					 (c->command_type < 0 && looks_like_prepare_ok(c, &p))))
				{
					uint64_t	nparams;

					if (p.pkt.length < 12)
						return fail_at(c, SIDE_SERVER, &p, WC_ERR_TRUNCATED, 12,
									   p.pkt.length, it, err);
					c->ncols2 = wc_load_le16(p.first + 5);
					nparams = wc_load_le16(p.first + 7);
					take(c, SIDE_SERVER, &p, WC_MYSQL_K_PREPARE_OK, it);
					c->seen = 0;
					if (nparams)
					{
						c->ncols = nparams;
						c->phase = P_PARAMDEFS;
					}
					else if (c->ncols2)
					{
						c->ncols = c->ncols2;
						c->phase = P_PCOLDEFS;
					}
					else
						c->phase = P_IDLE;
					return WC_OK;
				}
				if (b == 0x00)
					return terminator(c, SIDE_SERVER, &p, WC_MYSQL_K_OK, it, err);
				if (b == 0xff)
					return terminator(c, SIDE_SERVER, &p, WC_MYSQL_K_ERR, it, err);
				if (b == 0xfe && p.pkt.length < 7)
				{
					if (c->command_type == WC_MYSQL_COM_CHANGE_USER)
					{
						take(c, SIDE_SERVER, &p, WC_MYSQL_K_AUTH, it);
						c->phase = P_AUTH;
						return WC_OK;
					}
					return terminator(c, SIDE_SERVER, &p, WC_MYSQL_K_EOF, it, err);
				}
				if (b == 0xfb)
				{
					take(c, SIDE_SERVER, &p, WC_MYSQL_K_LOCAL_INFILE, it);
					c->phase = P_INFILE;
					return WC_OK;
				}
				{
					uint64_t	n = 0;
					size_t		used = 0;
					int			cached = 0;

					st = wc_mysql_lenenc_int_read(p.first, p.first_len, &n, &used);
					if (st != WC_OK || n == 0)
						return fail_at(c, SIDE_SERVER, &p, WC_ERR_UNEXPECTED, 0, b, it, err);
					/*
					 * MariaDB's MARIADB_CLIENT_CACHE_METADATA: int<1> "metadata
					 * follows" after the count; 0 means no column definitions
					 * (the client has them from the statement's prepare).
					 */
					if ((c->caps & WC_MYSQL_MARIADB_CLIENT_CACHE_METADATA) &&
						used + 1 == p.pkt.length && p.first[used] <= 1)
						cached = p.first[used] == 0;
					else if (used != p.pkt.length)
						return fail_at(c, SIDE_SERVER, &p, WC_ERR_UNEXPECTED, 0, b, it, err);
					c->ncols = n;
					c->seen = 0;
					c->row = 0;
					c->binary = c->command_type == WC_MYSQL_COM_STMT_EXECUTE ||
						c->command_type == WC_MYSQL_COM_STMT_FETCH ? 1 : c->command_type < 0 ? -1 : 0;
					take(c, SIDE_SERVER, &p, WC_MYSQL_K_COLUMN_COUNT, it);
					it->cached_metadata = cached;
					c->phase = cached ? P_AFTER_DEFS : P_COLDEFS;
					return WC_OK;
				}

			case P_COLDEFS:
			case P_PARAMDEFS:
			case P_PCOLDEFS:
				take(c, SIDE_SERVER, &p, c->phase == P_PARAMDEFS ?
					 WC_MYSQL_K_PARAM_DEF : WC_MYSQL_K_COLUMN_DEF, it);
				if (++c->seen == c->ncols)
					c->phase = c->phase == P_COLDEFS ? P_AFTER_DEFS :
						c->phase == P_PARAMDEFS ? P_PARAM_AFTER : P_PCOL_AFTER;
				return WC_OK;

			case P_PARAM_AFTER:
			case P_PCOL_AFTER:
				/* the 5-byte EOF (checked above) */
				take(c, SIDE_SERVER, &p, WC_MYSQL_K_EOF, it);
				if (c->phase == P_PARAM_AFTER && c->ncols2)
				{
					c->ncols = c->ncols2;
					c->seen = 0;
					c->phase = P_PCOLDEFS;
				}
				else
					c->phase = P_IDLE;
				return WC_OK;

			case P_AFTER_DEFS:
				c->phase = P_ROWS;
				if (b == 0xfe && p.pkt.length < 7)
				{
					take(c, SIDE_SERVER, &p, WC_MYSQL_K_EOF, it);
					return WC_OK;
				}
				/* CLIENT_DEPRECATE_EOF: rows or the closing OK follow */
				/* FALLTHROUGH */
			case P_ROWS:
				if (b == 0xfe && p.pkt.length < WC_MYSQL_MAX_CHUNK)
					return terminator(c, SIDE_SERVER, &p, p.pkt.length < 7 ?
									  WC_MYSQL_K_EOF : WC_MYSQL_K_OK, it, err);
				if (b == 0xff)
					return terminator(c, SIDE_SERVER, &p, WC_MYSQL_K_ERR, it, err);
				if (c->binary < 0)
				{
					size_t		nc = 0;

					/* server side only: a binary row starts 0x00 and is
					 * not also a text row of the right width */
					c->binary = b == 0x00 &&
						(p.pkt.chunks > 1 ||
						 wc_mysql_text_row_count(p.first, p.first_len, &nc, NULL) != WC_OK ||
						 nc != c->ncols);
				}
				c->row++;
				take(c, SIDE_SERVER, &p, c->binary ? WC_MYSQL_K_BINARY_ROW : WC_MYSQL_K_TEXT_ROW, it);
				return WC_OK;
		}
		return fail_at(c, SIDE_SERVER, &p, WC_ERR_UNEXPECTED, 0, b, it, err);
	}

framing:
	it->from_server = err->index_kind == packet_kind[SIDE_SERVER];
	it->packet = c->npackets[it->from_server] + 1;
	return st;
}
