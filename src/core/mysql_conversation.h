/*
 * mysql_conversation.h: the packets of one recorded MySQL/MariaDB
 * connection, classified in order (handshake phase, each command and its
 * response: OK/ERR/EOF, result sets with their column definitions and text
 * or binary rows, multi-result responses, COM_STMT_PREPARE OK with its
 * parameter and column definitions, cursors and COM_STMT_FETCH,
 * COM_CHANGE_USER and COM_RESET_CONNECTION with their authentication
 * exchanges, LOCAL INFILE).  One pass over the bytes, constant state, no
 * allocation: each call yields the next packet.  From both directions
 * (client->server and server->client streams) or from the server's side
 * alone.
 *
 * The protocol state lives here: the prepared statements open on the
 * connection (their parameter and column definitions), the statement a
 * command names (MariaDB's 0xFFFFFFFF is the statement prepared last),
 * parameters streamed with COM_STMT_SEND_LONG_DATA, open cursors, and for
 * every row the column definitions that apply to it, as the place of those
 * definitions in the server stream (MariaDB's cached metadata and MySQL's
 * CLIENT_OPTIONAL_RESULTSET_METADATA send none with an execution: they are
 * the prepared statement's).  Where the bytes cannot tell which definitions
 * apply, the decoder stops with an error rather than guess.
 *
 * A compressed connection (CLIENT_COMPRESS or, zstd only,
 * CLIENT_ZSTD_COMPRESSION_ALGORITHM) is decoded once its streams
 * are decompressed (mysql_compress.h): wc_mysql_conv_handshake_end tells
 * where the compressed part of each stream starts.
 */
#ifndef WC_MYSQL_CONVERSATION_H
#define WC_MYSQL_CONVERSATION_H

#include <stddef.h>
#include <stdint.h>

#include "mysql_packet.h"
#include "mysql_protocol.h"

typedef enum wc_mysql_kind
{
	WC_MYSQL_K_HANDSHAKE,		/* server's initial handshake */
	WC_MYSQL_K_HANDSHAKE_RESPONSE,	/* client's handshake response */
	WC_MYSQL_K_AUTH,			/* auth switch / more data, either side */
	WC_MYSQL_K_COMMAND,			/* a client command (first byte = COM_xxx) */
	WC_MYSQL_K_OK,
	WC_MYSQL_K_ERR,
	WC_MYSQL_K_EOF,
	WC_MYSQL_K_COLUMN_COUNT,
	WC_MYSQL_K_COLUMN_DEF,
	WC_MYSQL_K_TEXT_ROW,
	WC_MYSQL_K_BINARY_ROW,
	WC_MYSQL_K_PREPARE_OK,
	WC_MYSQL_K_PARAM_DEF,
	WC_MYSQL_K_LOCAL_INFILE,	/* server's 0xFB file request */
	WC_MYSQL_K_INFILE_DATA,		/* client's file contents (empty: end) */
	WC_MYSQL_K_PROGRESS,		/* MariaDB's progress report (an ERR packet
								 * with code 0xFFFF) before the response */
	WC_MYSQL_K_NKINDS
} wc_mysql_kind;

/* Kind names as SQL shows them ("handshake", "text_row", ...). */
extern const char *const wc_mysql_kind_names[];

/* One classified packet. */
typedef struct wc_mysql_conv_item
{
	wc_mysql_kind kind;
	int			from_server;
	int			command;		/* 0: handshake phase, then 1, 2, ... */
	int			command_type;	/* COM_xxx byte of that command; -1 unknown */
	int			result_set;		/* 0-based within the response; -1 none */
	uint64_t	row;			/* 1-based row of its result set; 0 none */
	uint64_t	packet;			/* 1-based packet index in its stream */
	uint32_t	stmt_id;		/* the statement of a prepare OK, of a command
								 * naming one (execute, fetch, close, ...; MariaDB's
								 * 0xFFFFFFFF resolved to the statement prepared
								 * last) and of the packets of its response; 0 else */
	int			cached_metadata;	/* column count: MariaDB sent no column
									 * definitions (the prepared statement's hold) */
	wc_mysql_packet pkt;		/* offset, length, chunks, seq in its stream */

	/*
	 * The column definitions that apply to a row (and to a column count):
	 * ncolumns consecutive packets of the server stream, the first at
	 * columns_offset.  columns_known is 0 only where the server chose to
	 * send none and no prepare holds them (MySQL's resultset_metadata=NONE
	 * on a text query); a row whose definitions the bytes cannot name is an
	 * error instead.
	 */
	int			columns_known;
	uint64_t	ncolumns;
	size_t		columns_offset;
	/* COM_STMT_EXECUTE / COM_STMT_BULK_EXECUTE: the statement's parameter
	 * count (-1 unknown) and the parameters (bit i: parameter i, i < 64)
	 * streamed with COM_STMT_SEND_LONG_DATA since its last execution */
	int			nparams;
	uint64_t	long_data;
	int			cursor;			/* an execute's response opened a cursor */
} wc_mysql_conv_item;

/* A statement prepared on the connection, as the decoder tracks it. */
typedef struct wc_mysql_conv_stmt
{
	uint32_t	id;
	uint16_t	nparams;
	uint16_t	ncols;
	int			cols_known;		/* its column definitions were sent */
	size_t		cols_offset;	/* server-stream offset of the first one */
	uint64_t	long_data;		/* parameters streamed since the last execute */
	uint64_t	used;			/* command that used it last (eviction order) */
} wc_mysql_conv_stmt;

/* Statements tracked at once; the least recently used one is forgotten
 * beyond this (an execute naming it then cannot tell its columns). */
#define WC_MYSQL_CONV_MAX_STMTS 64

/* Decoder state: initialise with wc_mysql_conv_init. */
typedef struct wc_mysql_conv
{
	const uint8_t *buf[2];		/* [0] client, [1] server */
	size_t		len[2];
	size_t		pos[2];
	uint64_t	npackets[2];
	int			have_client;
	int			compressed;		/* set after wc_mysql_conv_init when the streams
								 * were decompressed: sequence ids are then not
								 * checked across packets, on either side
								 * (senders restart them with each compressed
								 * packet, or number them their own way) */
	int			phase;			/* internal state */
	int			command;
	int			command_type;
	int			result_set;
	uint64_t	ncols;			/* column (or param) definitions expected */
	uint64_t	seen;			/* definitions seen */
	uint64_t	ncols2;			/* prepare: columns after the params */
	uint64_t	row;
	int			binary;			/* rows of this result set are binary */
	uint8_t		expect_seq;		/* next sequence id of the exchange */
	uint64_t	caps;			/* the server's capabilities (MariaDB's extended
								 * << 32), ANDed with the client's once seen */
	/* prepared statements and what the current response refers to */
	wc_mysql_conv_stmt stmts[WC_MYSQL_CONV_MAX_STMTS];
	int			nstmts;
	int			last_prepared;	/* index in stmts of the latest prepare; -1 */
	int			cur_stmt;		/* index of the current command's statement; -1 */
	int			cols_known;		/* the current result set's definitions */
	uint64_t	cols_n;
	size_t		cols_offset;
	int			cursor_known;	/* server side only: the last cursor's columns */
	uint64_t	cursor_n;
	size_t		cursor_offset;
	int			cursor_open;	/* an execute opened a cursor not yet exhausted */
	int			fetching;		/* the current response answers COM_STMT_FETCH */
	int			metadata_follows;	/* prepare OK: -1 absent, 0 none sent, 1 sent */
	int			auth_done;		/* the handshake phase ended (OK seen) */
	size_t		auth_end[2];	/* stream offsets where it ended */
} wc_mysql_conv;

/* client may be NULL (server's side only). */
void		wc_mysql_conv_init(wc_mysql_conv *c, const uint8_t *client, size_t client_len,
							   const uint8_t *server, size_t server_len);

/*
 * The next packet of the conversation.  Returns WC_OK with *it set,
 * WC_NULL at the end of both streams, or an error: framing errors of
 * wc_mysql_packet_next, WC_ERR_UNEXPECTED (a packet that cannot be
 * where it is: have = its first byte), WC_ERR_TRUNCATED (a stream ends
 * inside an exchange).  On an error it->from_server names the stream and
 * it->packet the 1-based index of the packet in it; err's index is that
 * packet ("client packet" or "server packet").
 */
wc_status wc_mysql_conv_next(wc_mysql_conv *c, wc_mysql_conv_item *it,
								   wc_error *err);

/*
 * Run the handshake phase of a capture (server's handshake, client's
 * response, authentication exchange up to the server's OK) and report where
 * it ends in each stream and what both sides negotiated (*caps: the
 * server's capabilities ANDed with the client's; the server's alone without
 * a client stream).  After that point a connection that negotiated
 * CLIENT_COMPRESS or CLIENT_ZSTD_COMPRESSION_ALGORITHM carries compressed
 * packets.  Returns WC_OK, WC_NULL when
 * the capture ends inside the handshake phase or begins with an ERR, or the
 * error of wc_mysql_conv_next.
 */
wc_status	wc_mysql_conv_handshake_end(const uint8_t *client, size_t client_len,
										const uint8_t *server, size_t server_len,
										size_t *client_end, size_t *server_end,
										uint64_t *caps, wc_error *err);

#endif							/* WC_MYSQL_CONVERSATION_H */
