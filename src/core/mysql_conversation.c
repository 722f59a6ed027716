/*
 * mysql_conversation.c: the packet-by-packet state machine of a recorded
 * MySQL/MariaDB connection (see mysql_conversation.h).
 *
 * wc_mysql_conv_next dispatches on the phase to one function per phase.
 * Each phase function either yields an item (returns WC_OK), stops with an
 * error, or moves to another phase and asks to be called again (AGAIN).
 * The phases of a response to a command first take the server's next
 * packet and check its sequence id (response_packet); the handshake, idle,
 * authentication and LOCAL INFILE phases read the stream they need.
 */
#include "mysql_conversation.h"

#include "byteorder.h"
#include "mysql_handshake.h"
#include "mysql_lenenc.h"
#include "mysql_protocol.h"

const char *const wc_mysql_kind_names[] = {
	"handshake", "handshake_response", "auth", "command", "ok", "err", "eof",
	"column_count", "column_def", "text_row", "binary_row", "prepare_ok",
	"param_def", "local_infile", "infile_data", "progress"
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
	P_INFILE,
	P_COUNT
};

#define SIDE_CLIENT 0
#define SIDE_SERVER 1

/* A phase function's "call the dispatcher again": not a status. */
#define AGAIN ((wc_status) -1)

/* What an error's index counts, by side. */
static const char *const packet_kind[2] = {"client packet", "server packet"};

/* Server status flags the state machine reads. */
#define STATUS_MORE_RESULTS 0x0008
#define STATUS_CURSOR_EXISTS 0x0040
#define STATUS_LAST_ROW_SENT 0x0080

/* The statement id MariaDB's pipelining clients send: "prepared last". */
#define STMT_LAST_PREPARED 0xFFFFFFFFu

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
	c->last_prepared = -1;
	c->cur_stmt = -1;
	c->metadata_follows = -1;
}

/* ---- packets ---- */

/* A peeked packet: framing checked, not consumed yet. */
typedef struct peeked
{
	wc_mysql_packet pkt;
	size_t		next;
	const uint8_t *first;		/* its first chunk's payload */
	size_t		first_len;
	uint8_t		b;				/* its first byte (0 when empty) */
} peeked;

/* Peek the next packet of a side; WC_NULL when the side has none. */
static wc_status
peek(wc_mysql_conv *c, int side, peeked *p, wc_error *err)
{
	const uint8_t *buf = c->buf[side];
	wc_status	st;

	if (c->pos[side] >= c->len[side])
		return WC_NULL;
	st = c->compressed ?
		wc_mysql_packet_next_any_seq(buf, c->len[side], c->pos[side], &p->pkt, &p->next, err) :
		wc_mysql_packet_next(buf, c->len[side], c->pos[side], &p->pkt, &p->next, err);
	if (st != WC_OK)
		return wc_at_index(err, st, packet_kind[side], (int64_t) c->npackets[side] + 1);
	p->first = buf + p->pkt.offset + WC_MYSQL_HEADER;
	p->first_len = p->pkt.chunks > 1 ? WC_MYSQL_MAX_CHUNK : p->pkt.length;
	p->b = p->first_len ? p->first[0] : 0;
	return WC_OK;
}

/* Is the command one that names a statement in its bytes 1..4? */
static int
names_statement(int command_type)
{
	return command_type == WC_MYSQL_COM_STMT_EXECUTE ||
		command_type == WC_MYSQL_COM_STMT_FETCH ||
		command_type == WC_MYSQL_COM_STMT_CLOSE ||
		command_type == WC_MYSQL_COM_STMT_RESET ||
		command_type == WC_MYSQL_COM_STMT_SEND_LONG_DATA ||
		command_type == WC_MYSQL_COM_STMT_BULK_EXECUTE;
}

/* Fill *it from a peeked packet and consume it. */
static wc_status
take(wc_mysql_conv *c, int side, const peeked *p, wc_mysql_kind kind,
	 wc_mysql_conv_item *it)
{
	int			in_set = kind >= WC_MYSQL_K_COLUMN_COUNT && kind <= WC_MYSQL_K_BINARY_ROW;
	int			is_row = kind == WC_MYSQL_K_TEXT_ROW || kind == WC_MYSQL_K_BINARY_ROW;

	c->pos[side] = p->next;
	c->npackets[side]++;
	c->expect_seq = (uint8_t) (p->pkt.seq + p->pkt.chunks);
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->from_server = side;
	it->command = c->command;
	it->command_type = c->command_type;
	it->result_set = in_set ? c->result_set :
		(kind == WC_MYSQL_K_OK || kind == WC_MYSQL_K_EOF || kind == WC_MYSQL_K_ERR) &&
		c->result_set >= 0 ? c->result_set : -1;
	it->row = is_row ? c->row : 0;
	it->packet = c->npackets[side];
	it->pkt = p->pkt;
	it->nparams = -1;
	if (kind == WC_MYSQL_K_PREPARE_OK && p->first_len >= 5)
		it->stmt_id = wc_load_le32(p->first + 1);
	else if (kind != WC_MYSQL_K_COMMAND && c->cur_stmt >= 0)
		it->stmt_id = c->stmts[c->cur_stmt].id;
	if (is_row || kind == WC_MYSQL_K_COLUMN_COUNT)
	{
		it->columns_known = c->cols_known;
		it->ncolumns = c->cols_n;
		it->columns_offset = c->cols_offset;
	}
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

/* The same naming what could not be told. */
static wc_status
fail_field(wc_mysql_conv *c, int side, const peeked *p, wc_status st, uint64_t need,
		   uint64_t have, const char *field, wc_mysql_conv_item *it, wc_error *err)
{
	fail_at(c, side, p, st, need, have, it, err);
	return wc_in_field(err, st, field);
}

/* A stream ends where a packet of the current exchange was expected. */
static wc_status
fail_end(wc_mysql_conv *c, int side, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p;

	p.pkt.offset = c->len[side];
	return fail_at(c, side, &p, WC_ERR_TRUNCATED, 4, 0, it, err);
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
		wc_status	st = wc_mysql_lenenc_int_read(b + pos, n - pos, &v, &used);

		if (st == WC_ERR_BAD_BYTE || st == WC_ERR_TRUNCATED)
			return -1;
		pos += used;
	}
	return n - pos >= 4 ? wc_load_le16(b + pos) : -1;
}

/* Is p an EOF packet (0xFE, shorter than an OK packet)? */
static int
is_eof(const peeked *p)
{
	return p->b == WC_MYSQL_EOF_BYTE && p->pkt.length < 7;
}

/* ---- prepared statements ---- */

/* The index of statement id, -1 if not tracked. */
static int
stmt_find(const wc_mysql_conv *c, uint32_t id)
{
	for (int i = 0; i < c->nstmts; i++)
		if (c->stmts[i].id == id)
			return i;
	return -1;
}

static void
stmt_forget(wc_mysql_conv *c, int i)
{
	int			last = c->nstmts - 1;

	if (i < 0)
		return;
	if (c->last_prepared == i)
		c->last_prepared = -1;
	else if (c->last_prepared == last)
		c->last_prepared = i;
	c->stmts[i] = c->stmts[last];
	c->nstmts--;
}

static void
stmt_forget_all(wc_mysql_conv *c)
{
	c->nstmts = 0;
	c->last_prepared = -1;
	c->cur_stmt = -1;
	c->cursor_open = 0;
}

/* Track a statement just prepared: a slot of its own, or the least
 * recently used one when all are taken. */
static int
stmt_add(wc_mysql_conv *c, uint32_t id, uint16_t nparams, uint16_t ncols)
{
	int			i = stmt_find(c, id);
	wc_mysql_conv_stmt *s;

	if (i < 0 && c->nstmts < WC_MYSQL_CONV_MAX_STMTS)
		i = c->nstmts++;
	else if (i < 0)
	{
		i = 0;
		for (int j = 1; j < c->nstmts; j++)
			if (c->stmts[j].used < c->stmts[i].used)
				i = j;
	}
	s = &c->stmts[i];
	memset(s, 0, sizeof(*s));
	s->id = id;
	s->nparams = nparams;
	s->ncols = ncols;
	s->used = (uint64_t) c->command;
	c->last_prepared = i;
	return i;
}

/* The statement a command names: its id, or the last prepared one for
 * 0xFFFFFFFF; -1 if unknown. */
static int
stmt_of_command(wc_mysql_conv *c, const peeked *q)
{
	uint32_t	id;
	int			i;

	if (q->first_len < 5)
		return -1;
	id = wc_load_le32(q->first + 1);
	i = id == STMT_LAST_PREPARED ? c->last_prepared : stmt_find(c, id);
	if (i >= 0)
		c->stmts[i].used = (uint64_t) c->command;
	return i;
}

/* Are the n definitions at server-stream offsets a and b the same bytes? */
static int
defs_equal(const wc_mysql_conv *c, size_t a, size_t b, uint64_t n)
{
	const uint8_t *buf = c->buf[SIDE_SERVER];
	size_t		len = c->len[SIDE_SERVER];

	for (uint64_t k = 0; k < n; k++)
	{
		wc_mysql_packet pa,
					pb;
		wc_error	e;

		wc_check_interrupts_every(k + 1, WC_INTERRUPT_STRIDE);

		if (wc_mysql_packet_next(buf, len, a, &pa, &a, &e) != WC_OK ||
			wc_mysql_packet_next(buf, len, b, &pb, &b, &e) != WC_OK ||
			pa.chunks != 1 || pb.chunks != 1 || pa.length != pb.length ||
			memcmp(buf + pa.offset + WC_MYSQL_HEADER, buf + pb.offset + WC_MYSQL_HEADER,
				   pa.length) != 0)
			return 0;
	}
	return 1;
}

/* Does the command execute a prepared statement (rows are binary)? */
static int
executes(int command_type)
{
	return command_type == WC_MYSQL_COM_STMT_EXECUTE ||
		command_type == WC_MYSQL_COM_STMT_BULK_EXECUTE;
}

/* ---- phases ---- */

/* The server's initial handshake (or an ERR refusing the connection). */
static wc_status
phase_handshake(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p;
	wc_status	st = peek(c, SIDE_SERVER, &p, err);
	wc_mysql_handshake hs;
	wc_error	e;

	if (st == WC_NULL)
		return c->len[SIDE_CLIENT] == 0 ? WC_NULL : fail_end(c, SIDE_SERVER, it, err);
	if (st != WC_OK)
		return st;
	if (p.b == WC_MYSQL_ERR_BYTE)
	{
		take(c, SIDE_SERVER, &p, WC_MYSQL_K_ERR, it);
		c->phase = P_IDLE;
		return WC_OK;
	}
	if (p.b != 0x0a)
		return fail_at(c, SIDE_SERVER, &p, WC_ERR_UNEXPECTED, 0, p.b, it, err);
	/* a handshake that does not decode keeps the default */
	if (p.pkt.chunks == 1 &&
		wc_mysql_handshake_decode(p.first, p.first_len, &hs, &e) == WC_OK)
		c->caps = hs.capabilities;
	take(c, SIDE_SERVER, &p, WC_MYSQL_K_HANDSHAKE, it);
	c->phase = P_AUTH;
	return WC_OK;
}

/* The authentication phase ends: what follows are commands. */
static void
auth_over(wc_mysql_conv *c)
{
	c->phase = P_IDLE;
	if (!c->auth_done)
	{
		c->auth_done = 1;
		c->auth_end[SIDE_CLIENT] = c->pos[SIDE_CLIENT];
		c->auth_end[SIDE_SERVER] = c->pos[SIDE_SERVER];
	}
}

/*
 * One sequence-numbered authentication exchange (after the handshake or
 * after COM_CHANGE_USER): the side whose next packet carries the expected
 * id speaks; the server's OK or ERR ends it.
 */
static wc_status
phase_auth(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p,
				q;
	wc_status	st;

	if (c->have_client)
	{
		st = peek(c, SIDE_CLIENT, &q, err);
		if (st != WC_OK && st != WC_NULL)
			return st;
		if (st == WC_OK && q.pkt.seq == c->expect_seq)
		{
			int			first = c->npackets[SIDE_CLIENT] == 0;
			wc_mysql_handshake_response hr;
			wc_error	e;

			/* what was negotiated: both sides' flags */
			if (first && q.pkt.chunks == 1 &&
				wc_mysql_handshake_response_decode(q.first, q.first_len, &hr, &e) == WC_OK)
				c->caps &= hr.capabilities;
			take(c, SIDE_CLIENT, &q, first ?
				 WC_MYSQL_K_HANDSHAKE_RESPONSE : WC_MYSQL_K_AUTH, it);
			return WC_OK;
		}
	}
	st = peek(c, SIDE_SERVER, &p, err);
	if (st == WC_NULL)
		return fail_end(c, SIDE_SERVER, it, err);
	if (st != WC_OK)
		return st;
	if (c->have_client && p.pkt.seq != c->expect_seq)
		return fail_at(c, SIDE_SERVER, &p, WC_MYSQL_SEQUENCE, c->expect_seq, p.pkt.seq, it, err);
	if (p.b == WC_MYSQL_OK_BYTE || p.b == WC_MYSQL_ERR_BYTE)
	{
		take(c, SIDE_SERVER, &p, p.b ? WC_MYSQL_K_ERR : WC_MYSQL_K_OK, it);
		auth_over(c);
		return WC_OK;
	}
	take(c, SIDE_SERVER, &p, WC_MYSQL_K_AUTH, it);
	return WC_OK;
}

/* What a command changes in the statement state, before its response. */
static void
command_state(wc_mysql_conv *c, const peeked *q)
{
	int			i = names_statement(c->command_type) ? stmt_of_command(c, q) : -1;

	c->cur_stmt = i;
	switch (c->command_type)
	{
		case WC_MYSQL_COM_STMT_CLOSE:
			stmt_forget(c, i);
			c->cur_stmt = -1;
			break;
		case WC_MYSQL_COM_STMT_SEND_LONG_DATA:
			/* int<4> statement, int<2> parameter, data */
			if (i >= 0 && q->first_len >= 7 && wc_load_le16(q->first + 5) < 64)
				c->stmts[i].long_data |= UINT64_C(1) << wc_load_le16(q->first + 5);
			break;
		case WC_MYSQL_COM_STMT_RESET:
			if (i >= 0)
				c->stmts[i].long_data = 0;
			break;
		case WC_MYSQL_COM_CHANGE_USER:
		case WC_MYSQL_COM_RESET_CONNECTION:
			/* the session's statements are gone */
			stmt_forget_all(c);
			break;
		default:
			break;
	}
}

/* Does a command have no response? */
static int
no_response(int command_type)
{
	return command_type == WC_MYSQL_COM_QUIT || command_type == WC_MYSQL_COM_STMT_CLOSE ||
		command_type == WC_MYSQL_COM_STMT_SEND_LONG_DATA;
}

/* Between commands: the client's next command, or (server side only) the
 * start of the next response. */
static wc_status
phase_idle(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p,
				q;
	wc_status	st;

	c->result_set = -1;
	c->cur_stmt = -1;
	if (!c->have_client)
	{
		st = peek(c, SIDE_SERVER, &p, err);
		if (st != WC_OK)
			return st;
		if (p.pkt.seq == 0)
			return fail_at(c, SIDE_SERVER, &p, WC_MYSQL_SEQUENCE, 1, 0, it, err);
		c->command++;
		c->command_type = -1;
		/* a command of n physical packets is answered from id n */
		c->expect_seq = p.pkt.seq;
		c->phase = P_RESP_FIRST;
		c->result_set = 0;
		return AGAIN;
	}
	st = peek(c, SIDE_CLIENT, &q, err);
	if (st == WC_NULL)
	{
		/* the server may not speak once the client is done */
		st = peek(c, SIDE_SERVER, &p, err);
		if (st != WC_OK)
			return st;
		return fail_at(c, SIDE_SERVER, &p, WC_ERR_UNEXPECTED, 0, p.b, it, err);
	}
	if (st != WC_OK)
		return st;
	/* inside compressed packets the servers read no sequence ids (the
	 * compressed header's are checked when decompressing), and clients
	 * (Connector/J around LOCAL INFILE) write others than 0 */
	if (q.pkt.seq != 0 && !c->compressed)
		return fail_at(c, SIDE_CLIENT, &q, WC_MYSQL_SEQUENCE, 0, q.pkt.seq, it, err);
	c->command++;
	c->command_type = q.first_len ? q.b : -1;
	command_state(c, &q);
	take(c, SIDE_CLIENT, &q, WC_MYSQL_K_COMMAND, it);
	it->stmt_id = q.first_len >= 5 && names_statement(c->command_type) ?
		(c->cur_stmt >= 0 ? c->stmts[c->cur_stmt].id : wc_load_le32(q.first + 1)) : 0;
	if (c->cur_stmt >= 0 && executes(c->command_type))
	{
		it->nparams = c->stmts[c->cur_stmt].nparams;
		it->long_data = c->stmts[c->cur_stmt].long_data;
		c->stmts[c->cur_stmt].long_data = 0;
	}
	if (!no_response(c->command_type))
	{
		c->phase = P_RESP_FIRST;
		c->result_set = 0;
	}
	return WC_OK;
}

/* LOCAL INFILE: the client's file contents, an empty packet last. */
static wc_status
phase_infile(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p,
				q;
	wc_status	st;

	if (!c->have_client)
	{
		/* the file contents are not in a server-side capture */
		c->phase = P_RESP_FIRST;
		c->expect_seq = 0;
		if (peek(c, SIDE_SERVER, &p, err) == WC_OK)
			c->expect_seq = p.pkt.seq;
		return AGAIN;
	}
	st = peek(c, SIDE_CLIENT, &q, err);
	if (st == WC_NULL)
		return fail_end(c, SIDE_CLIENT, it, err);
	if (st != WC_OK)
		return st;
	if (q.pkt.seq != c->expect_seq && !c->compressed)
		return fail_at(c, SIDE_CLIENT, &q, WC_MYSQL_SEQUENCE, c->expect_seq, q.pkt.seq, it, err);
	take(c, SIDE_CLIENT, &q, WC_MYSQL_K_INFILE_DATA, it);
	if (q.pkt.length == 0)
		c->phase = P_RESP_FIRST;
	return WC_OK;
}

/*
 * The server's next packet of the current response, its sequence id
 * checked.  WC_NULL: the server stream ended where a response with no
 * closing EOF may end (CLIENT_DEPRECATE_EOF after a prepare's definitions).
 */
static wc_status
response_packet(wc_mysql_conv *c, peeked *p, wc_mysql_conv_item *it, wc_error *err)
{
	wc_status	st = peek(c, SIDE_SERVER, p, err);

	if (st == WC_NULL)
		return (c->phase == P_PCOL_AFTER || (c->phase == P_PARAM_AFTER && c->ncols2 == 0)) ?
			WC_NULL : fail_end(c, SIDE_SERVER, it, err);
	if (st != WC_OK)
		return st;
	if ((c->phase == P_PARAM_AFTER || c->phase == P_PCOL_AFTER) &&
		!(is_eof(p) && (p->pkt.seq == c->expect_seq || c->compressed)))
		return WC_NULL;			/* CLIENT_DEPRECATE_EOF: no EOF here */
	if (p->pkt.seq != c->expect_seq && !c->compressed)
		return fail_at(c, SIDE_SERVER, p, WC_MYSQL_SEQUENCE, c->expect_seq, p->pkt.seq, it, err);
	return WC_OK;
}

/* A terminator (OK, EOF, ERR) ends the result set or the response. */
static wc_status
terminator(wc_mysql_conv *c, const peeked *p, wc_mysql_kind kind,
		   wc_mysql_conv_item *it, wc_error *err)
{
	int			flags = 0;

	if (kind != WC_MYSQL_K_ERR)
	{
		flags = status_flags(p, kind == WC_MYSQL_K_EOF);
		if (flags < 0)
			return fail_at(c, SIDE_SERVER, p, WC_ERR_UNEXPECTED, 0, p->b, it, err);
	}
	take(c, SIDE_SERVER, p, kind, it);
	if (c->fetching &&
		(kind == WC_MYSQL_K_ERR ||
		 (flags & (STATUS_CURSOR_EXISTS | STATUS_LAST_ROW_SENT)) != STATUS_CURSOR_EXISTS))
		c->cursor_open = 0;
	c->fetching = 0;
	if (flags & STATUS_MORE_RESULTS)
	{
		c->phase = P_RESP_FIRST;
		c->result_set++;
	}
	else
		c->phase = P_IDLE;
	return WC_OK;
}

/* The next packet of the server stream after p, if it continues the same
 * exchange (sequence id + 1): its first byte, else -1. */
static int
continued_by(wc_mysql_conv *c, const peeked *p)
{
	peeked		q;
	wc_error	e;
	size_t		save = c->pos[SIDE_SERVER];
	int			r = -1;

	c->pos[SIDE_SERVER] = p->next;
	if (peek(c, SIDE_SERVER, &q, &e) == WC_OK &&
		(q.pkt.seq == (uint8_t) (p->pkt.seq + 1) || c->compressed))
		r = q.b;
	c->pos[SIDE_SERVER] = save;
	return r;
}

/* Does a server-only capture's 0x00 packet start a COM_STMT_PREPARE OK?
 * 12 or 13 bytes, followed in the same exchange by a definition (whose
 * catalog "def" gives it the first byte 3) or, with CLIENT_DEPRECATE_EOF
 * and no definitions, by nothing. */
static int
looks_like_prepare_ok(wc_mysql_conv *c, const peeked *p)
{
	return p->pkt.length >= 12 && p->pkt.length <= 13 && p->first[9] == 0 &&
		continued_by(c, p) == 3;
}

/* A COM_STMT_PREPARE OK: the statement, then its definitions. */
static wc_status
prepare_ok(wc_mysql_conv *c, const peeked *p, wc_mysql_conv_item *it, wc_error *err)
{
	uint16_t	nparams,
				ncols;
	int			i;

	if (p->pkt.length < 12)
		return fail_field(c, SIDE_SERVER, p, WC_ERR_TRUNCATED, 12, p->pkt.length,
						  "COM_STMT_PREPARE OK", it, err);
	ncols = wc_load_le16(p->first + 5);
	nparams = wc_load_le16(p->first + 7);
	/* CLIENT_OPTIONAL_RESULTSET_METADATA: int<1> metadata_follows last */
	c->metadata_follows = p->pkt.length >= 13 &&
		(c->caps & WC_MYSQL_CLIENT_OPTIONAL_RESULTSET_METADATA) ? p->first[12] != 0 : 1;
	i = stmt_add(c, wc_load_le32(p->first + 1), nparams, ncols);
	c->cur_stmt = i;
	take(c, SIDE_SERVER, p, WC_MYSQL_K_PREPARE_OK, it);
	c->seen = 0;
	c->ncols2 = c->metadata_follows ? ncols : 0;
	if (nparams && c->metadata_follows)
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

/*
 * The columns of a result set sent without definitions (MariaDB's cached
 * metadata, MySQL's optional metadata): the prepared statement's.  With
 * the client stream, the statement the execute named; from the server's
 * side alone, the one statement prepared with that many columns (the
 * server's side cannot tell an execute from a text query there).  A text
 * query's result set without definitions has none (columns unknown).
 */
static wc_status
cached_columns(wc_mysql_conv *c, const peeked *p, uint64_t n, wc_mysql_conv_item *it,
			   wc_error *err)
{
	int			i = c->cur_stmt;

	if (!c->have_client)
	{
		i = -1;
		for (int j = 0; j < c->nstmts; j++)
			if (c->stmts[j].ncols == n && c->stmts[j].cols_known)
			{
				if (i >= 0 && !defs_equal(c, c->stmts[i].cols_offset, c->stmts[j].cols_offset, n))
					return fail_field(c, SIDE_SERVER, p, WC_ERR_UNEXPECTED, 0, p->b,
									  "column definitions (several prepared statements have this many columns)",
									  it, err);
				i = j;
			}
	}
	else if (!executes(c->command_type))
	{
		c->cols_known = 0;
		return WC_OK;
	}
	if (i < 0 || !c->stmts[i].cols_known || c->stmts[i].ncols != n)
		return fail_field(c, SIDE_SERVER, p, WC_ERR_UNEXPECTED, 0, p->b, i < 0 ?
						  "column definitions (the statement's prepare is not in the capture)" :
						  "column definitions (the prepared statement has other columns)",
						  it, err);
	c->cur_stmt = i;
	c->cols_known = 1;
	c->cols_n = n;
	c->cols_offset = c->stmts[i].cols_offset;
	return WC_OK;
}

/* A column count starts a result set. */
static wc_status
column_count(wc_mysql_conv *c, const peeked *p, wc_mysql_conv_item *it, wc_error *err)
{
	uint64_t	n = 0;
	size_t		used = 0;
	int			cached = 0;
	wc_status	st = wc_mysql_lenenc_int_read(p->first, p->first_len, &n, &used);

	if (st != WC_OK || n == 0)
		return fail_at(c, SIDE_SERVER, p, WC_ERR_UNEXPECTED, 0, p->b, it, err);

	/*
	 * MariaDB's MARIADB_CLIENT_CACHE_METADATA and MySQL's
	 * CLIENT_OPTIONAL_RESULTSET_METADATA: int<1> "metadata follows" after
	 * the count; 0 means no column definitions.
	 */
	if ((c->caps & (WC_MYSQL_MARIADB_CLIENT_CACHE_METADATA |
					WC_MYSQL_CLIENT_OPTIONAL_RESULTSET_METADATA)) &&
		used + 1 == p->pkt.length && p->first[used] <= 1)
		cached = p->first[used] == 0;
	else if (used != p->pkt.length)
		return fail_at(c, SIDE_SERVER, p, WC_ERR_UNEXPECTED, 0, p->b, it, err);
	c->ncols = n;
	c->seen = 0;
	c->row = 0;
	c->binary = executes(c->command_type) ? 1 : c->command_type < 0 ? -1 : 0;
	c->cols_known = 0;
	c->cols_n = n;
	if (cached && (st = cached_columns(c, p, n, it, err)) != WC_OK)
		return st;
	take(c, SIDE_SERVER, p, WC_MYSQL_K_COLUMN_COUNT, it);
	it->cached_metadata = cached;
	c->phase = cached ? P_AFTER_DEFS : P_COLDEFS;
	return WC_OK;
}

/* Rows of an open cursor (COM_STMT_FETCH): binary, no column count; the
 * columns are those of the execute that opened the cursor. */
static wc_status
fetch_rows(wc_mysql_conv *c, const peeked *p, wc_mysql_conv_item *it, wc_error *err)
{
	int			i = c->cur_stmt;
	int			known = c->have_client ? i >= 0 && c->stmts[i].cols_known : c->cursor_known;

	/* an EOF alone (no rows left) needs no columns */
	if (!known && p->b != WC_MYSQL_EOF_BYTE)
		return fail_field(c, SIDE_SERVER, p, WC_ERR_UNEXPECTED, 0, p->b,
						  "column definitions (no cursor of this statement in the capture)",
						  it, err);
	c->cols_known = known;
	c->cols_n = !known ? 0 : c->have_client ? c->stmts[i].ncols : c->cursor_n;
	c->cols_offset = !known ? 0 : c->have_client ? c->stmts[i].cols_offset : c->cursor_offset;
	c->fetching = 1;
	c->binary = 1;
	c->row = 0;
	c->phase = P_ROWS;
	return AGAIN;
}

/* The first packet of a response: what kind of response it is. */
static wc_status
phase_resp_first(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p;
	wc_status	st = response_packet(c, &p, it, err);
	int			ct = c->command_type;

	if (st != WC_OK)
		return st;
	if (p.b == WC_MYSQL_ERR_BYTE && p.pkt.length >= 3 && wc_load_le16(p.first + 1) == 0xFFFF &&
		(c->caps & WC_MYSQL_MARIADB_CLIENT_PROGRESS))
	{
		/* MARIADB_CLIENT_PROGRESS: a report, the response follows */
		take(c, SIDE_SERVER, &p, WC_MYSQL_K_PROGRESS, it);
		return WC_OK;
	}
	if (ct == WC_MYSQL_COM_CHANGE_USER || (ct < 0 && p.b == WC_MYSQL_EOF_BYTE && p.pkt.length >= 9))
	{
		/* COM_CHANGE_USER: OK, ERR, or an authentication exchange (auth
		 * switch request, more data); an auth switch from the server's
		 * side alone (0xFE and a plugin name: no column count is that
		 * long) */
		if (p.b == WC_MYSQL_OK_BYTE || p.b == WC_MYSQL_ERR_BYTE)
		{
			take(c, SIDE_SERVER, &p, p.b ? WC_MYSQL_K_ERR : WC_MYSQL_K_OK, it);
			c->phase = P_IDLE;
			return WC_OK;
		}
		take(c, SIDE_SERVER, &p, WC_MYSQL_K_AUTH, it);
		c->phase = P_AUTH;
		return WC_OK;
	}
	if (p.b == WC_MYSQL_OK_BYTE && p.pkt.length >= 7 &&
		(ct == WC_MYSQL_COM_STMT_PREPARE || (ct < 0 && looks_like_prepare_ok(c, &p))))
		return prepare_ok(c, &p, it, err);
	if (p.b != WC_MYSQL_ERR_BYTE &&
		(ct == WC_MYSQL_COM_STMT_FETCH ||
		 (ct < 0 && c->cursor_open && p.b == WC_MYSQL_OK_BYTE &&
		  continued_by(c, &p) >= 0)))
		return fetch_rows(c, &p, it, err);
	if (p.b == WC_MYSQL_OK_BYTE)
		return terminator(c, &p, WC_MYSQL_K_OK, it, err);
	if (p.b == WC_MYSQL_ERR_BYTE)
		return terminator(c, &p, WC_MYSQL_K_ERR, it, err);
	if (is_eof(&p))
		return terminator(c, &p, WC_MYSQL_K_EOF, it, err);
	/*
	 * CLIENT_DEPRECATE_EOF: a command answered by an EOF (COM_SET_OPTION)
	 * gets an OK with the EOF byte instead; a column count starting with
	 * 0xFE is 9 bytes long
	 */
	if (p.b == WC_MYSQL_EOF_BYTE && p.pkt.length < 9 && (c->caps & WC_MYSQL_CLIENT_DEPRECATE_EOF))
		return terminator(c, &p, WC_MYSQL_K_OK, it, err);
	if (p.b == WC_MYSQL_LOCAL_INFILE_BYTE)
	{
		take(c, SIDE_SERVER, &p, WC_MYSQL_K_LOCAL_INFILE, it);
		c->phase = P_INFILE;
		return WC_OK;
	}
	return column_count(c, &p, it, err);
}

/* A column (or parameter) definition: it must decode as one. */
static wc_status
definition(wc_mysql_conv *c, const peeked *p, wc_mysql_kind kind, wc_mysql_conv_item *it,
		   wc_error *err)
{
	wc_mysql_column_def cd;
	wc_error	e;

	if (p->pkt.chunks > 1 ||
		wc_mysql_column_def_decode(p->first, p->first_len, WC_MYSQL_CD_EXT_DETECT, &cd, &e) != WC_OK)
		return fail_field(c, SIDE_SERVER, p, WC_ERR_UNEXPECTED, 0, p->b, kind == WC_MYSQL_K_PARAM_DEF ?
						  "parameter definition" : "column definition", it, err);
	if (c->seen == 0 && kind == WC_MYSQL_K_COLUMN_DEF)
	{
		c->cols_known = 1;
		c->cols_n = c->ncols;
		c->cols_offset = p->pkt.offset;
	}
	take(c, SIDE_SERVER, p, kind, it);
	c->seen++;
	return WC_OK;
}

/* The column definitions of a result set. */
static wc_status
phase_coldefs(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p;
	wc_status	st = response_packet(c, &p, it, err);

	if (st != WC_OK || (st = definition(c, &p, WC_MYSQL_K_COLUMN_DEF, it, err)) != WC_OK)
		return st;
	if (c->seen == c->ncols)
	{
		c->phase = P_AFTER_DEFS;
		/* an execute's definitions become the statement's (cursors and
		 * later executions without metadata use them) */
		if (c->cur_stmt >= 0 && executes(c->command_type) &&
			c->ncols <= UINT16_MAX)
		{
			wc_mysql_conv_stmt *s = &c->stmts[c->cur_stmt];

			s->cols_known = 1;
			s->ncols = (uint16_t) c->ncols;
			s->cols_offset = c->cols_offset;
		}
	}
	return WC_OK;
}

/* After a result set's definitions: an EOF (without
 * CLIENT_DEPRECATE_EOF), which may close an execute that opened a cursor. */
static wc_status
phase_after_defs(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p;
	wc_status	st = response_packet(c, &p, it, err);
	int			flags;

	if (st != WC_OK)
		return st;
	c->phase = P_ROWS;
	if (!(p.b == WC_MYSQL_EOF_BYTE && p.pkt.length < WC_MYSQL_MAX_CHUNK))
		return AGAIN;			/* CLIENT_DEPRECATE_EOF: rows or the closing OK */
	flags = status_flags(&p, is_eof(&p));
	if (flags >= 0 && (flags & STATUS_CURSOR_EXISTS) && c->binary != 0)
	{
		/* a cursor: the rows come with COM_STMT_FETCH */
		c->cursor_open = 1;
		c->cursor_known = c->cols_known;
		c->cursor_n = c->cols_n;
		c->cursor_offset = c->cols_offset;
		st = terminator(c, &p, is_eof(&p) ? WC_MYSQL_K_EOF : WC_MYSQL_K_OK, it, err);
		it->cursor = 1;
		c->cursor_open = 1;
		return st;
	}
	if (is_eof(&p))
	{
		take(c, SIDE_SERVER, &p, WC_MYSQL_K_EOF, it);
		return WC_OK;
	}
	return AGAIN;
}

/* Rows, until a terminator. */
static wc_status
phase_rows(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p;
	wc_status	st = response_packet(c, &p, it, err);

	if (st != WC_OK)
		return st;
	if (p.b == WC_MYSQL_EOF_BYTE && p.pkt.length < WC_MYSQL_MAX_CHUNK)
		return terminator(c, &p, is_eof(&p) ? WC_MYSQL_K_EOF : WC_MYSQL_K_OK, it, err);
	if (p.b == WC_MYSQL_ERR_BYTE)
		return terminator(c, &p, WC_MYSQL_K_ERR, it, err);
	if (c->binary < 0)
	{
		size_t		nc = 0;
		wc_error	e;

		/* server side only: a binary row starts 0x00 and is not also a
		 * text row of the right width */
		c->binary = p.b == 0x00 &&
			(p.pkt.chunks > 1 ||
			 wc_mysql_text_row_count(p.first, p.first_len, &nc, &e) != WC_OK ||
			 nc != c->ncols);
	}
	c->row++;
	take(c, SIDE_SERVER, &p, c->binary ? WC_MYSQL_K_BINARY_ROW : WC_MYSQL_K_TEXT_ROW, it);
	return WC_OK;
}

/* A prepare's parameter or column definitions. */
static wc_status
phase_prepare_defs(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p;
	int			params = c->phase == P_PARAMDEFS;
	wc_status	st = response_packet(c, &p, it, err);

	if (st != WC_OK || (st = definition(c, &p, params ? WC_MYSQL_K_PARAM_DEF :
										  WC_MYSQL_K_COLUMN_DEF, it, err)) != WC_OK)
		return st;
	if (!params && c->seen == 1 && c->cur_stmt >= 0)
	{
		c->stmts[c->cur_stmt].cols_known = 1;
		c->stmts[c->cur_stmt].cols_offset = p.pkt.offset;
	}
	if (c->seen == c->ncols)
		c->phase = params ? P_PARAM_AFTER : P_PCOL_AFTER;
	return WC_OK;
}

/* After a prepare's parameter or column definitions: an EOF, or nothing
 * (CLIENT_DEPRECATE_EOF); then its column definitions or the next command. */
static wc_status
phase_prepare_after(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	peeked		p;
	int			params = c->phase == P_PARAM_AFTER;
	wc_status	st = response_packet(c, &p, it, err);

	if (st != WC_OK && st != WC_NULL)
		return st;
	if (st == WC_OK)
		take(c, SIDE_SERVER, &p, WC_MYSQL_K_EOF, it);
	if (params && c->ncols2)
	{
		c->ncols = c->ncols2;
		c->seen = 0;
		c->phase = P_PCOLDEFS;
	}
	else
		c->phase = P_IDLE;
	return st == WC_OK ? WC_OK : AGAIN;
}

typedef wc_status (*phase_fn) (wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err);

static const phase_fn phases[P_COUNT] = {
	[P_HANDSHAKE] = phase_handshake,
	[P_AUTH] = phase_auth,
	[P_IDLE] = phase_idle,
	[P_RESP_FIRST] = phase_resp_first,
	[P_COLDEFS] = phase_coldefs,
	[P_AFTER_DEFS] = phase_after_defs,
	[P_ROWS] = phase_rows,
	[P_PARAMDEFS] = phase_prepare_defs,
	[P_PARAM_AFTER] = phase_prepare_after,
	[P_PCOLDEFS] = phase_prepare_defs,
	[P_PCOL_AFTER] = phase_prepare_after,
	[P_INFILE] = phase_infile,
};

wc_status
wc_mysql_conv_next(wc_mysql_conv *c, wc_mysql_conv_item *it, wc_error *err)
{
	wc_status	st;

	do
		st = phases[c->phase] (c, it, err);
	while (st == AGAIN);
	if (st != WC_OK && st != WC_NULL && (err->has & WC_HAS_INDEX) &&
		(err->index_kind == packet_kind[SIDE_SERVER] ||
		 err->index_kind == packet_kind[SIDE_CLIENT]))
	{
		it->from_server = err->index_kind == packet_kind[SIDE_SERVER];
		it->packet = (uint64_t) err->index;
	}
	return st;
}

wc_status
wc_mysql_conv_handshake_end(const uint8_t *client, size_t client_len,
							const uint8_t *server, size_t server_len,
							size_t *client_end, size_t *server_end, uint64_t *caps,
							wc_error *err)
{
	wc_mysql_conv c;
	wc_mysql_conv_item it;
	wc_status	st;

	wc_mysql_conv_init(&c, client, client_len, server, server_len);
	while (!c.auth_done)
	{
		st = wc_mysql_conv_next(&c, &it, err);
		if (st != WC_OK)
			return st;
		if (c.phase == P_IDLE && !c.auth_done)
			return WC_NULL;		/* an ERR instead of the handshake */
	}
	*client_end = c.auth_end[SIDE_CLIENT];
	*server_end = c.auth_end[SIDE_SERVER];
	*caps = c.caps;
	return WC_OK;
}
