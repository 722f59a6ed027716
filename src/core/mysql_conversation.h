/*
 * mysql_conversation.h: the packets of one recorded MySQL/MariaDB
 * connection, classified in order (handshake phase, each command and its
 * response: OK/ERR/EOF, result sets with their column definitions and text
 * or binary rows, multi-result responses, COM_STMT_PREPARE OK with its
 * parameter and column definitions, LOCAL INFILE).  One pass over the
 * bytes, constant state, no allocation: each call yields the next packet.
 * From both directions (client->server and server->client streams) or from
 * the server's side alone.
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
	uint32_t	stmt_id;		/* the statement of a prepare OK or of a command
								 * naming one (execute, fetch, close, ...); 0 else */
	int			cached_metadata;	/* column count: MariaDB sent no column
									 * definitions (the prepared statement's hold) */
	wc_mysql_packet pkt;		/* offset, length, chunks, seq in its stream */
} wc_mysql_conv_item;

/* Decoder state: initialise with wc_mysql_conv_init. */
typedef struct wc_mysql_conv
{
	const uint8_t *buf[2];		/* [0] client, [1] server */
	size_t		len[2];
	size_t		pos[2];
	uint64_t	npackets[2];
	int			have_client;
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
} wc_mysql_conv;

/* client may be NULL (server's side only). */
void		wc_mysql_conv_init(wc_mysql_conv *c, const uint8_t *client, size_t client_len,
							   const uint8_t *server, size_t server_len);

/*
 * The next packet of the conversation.  Returns WC_OK with *it set,
 * WC_NULL at the end of both streams, or an error: framing errors of
 * wc_mysql_packet_next, WC_ERR_UNEXPECTED (a packet that cannot be
 * where it is: found = its first byte), WC_ERR_TRUNCATED (a stream ends
 * inside an exchange).  On an error it->from_server names the stream and
 * it->packet the 1-based index of the packet in it; err's index is that
 * packet ("client packet" or "server packet").
 */
wc_status wc_mysql_conv_next(wc_mysql_conv *c, wc_mysql_conv_item *it,
								   wc_error *err);

#endif							/* WC_MYSQL_CONVERSATION_H */
