/*
 * mysql_handshake.h: the connection phase of the MySQL client/server
 * protocol: the server's Initial Handshake v10 (with MariaDB's extended
 * capabilities), the client's Handshake Response 41 (both auth-response
 * length forms, connection attributes) and the Auth Switch Request.  Pure
 * C, no allocation; slices point into the caller's buffer.
 */
#ifndef WC_MYSQL_HANDSHAKE_H
#define WC_MYSQL_HANDSHAKE_H

#include <stddef.h>
#include <stdint.h>

#include "mysql_protocol.h"

/* ---- Initial Handshake v10 (server -> client) ---- */

enum
{
	WC_MYSQL_HS_PROTOCOL_VERSION,
	WC_MYSQL_HS_SERVER_VERSION,
	WC_MYSQL_HS_CONNECTION_ID,
	WC_MYSQL_HS_AUTH_DATA_1,
	WC_MYSQL_HS_FILLER,
	WC_MYSQL_HS_CAPS_LOW,
	WC_MYSQL_HS_CHARSET,
	WC_MYSQL_HS_STATUS_FLAGS,
	WC_MYSQL_HS_CAPS_HIGH,
	WC_MYSQL_HS_AUTH_DATA_LEN,
	WC_MYSQL_HS_RESERVED,
	WC_MYSQL_HS_AUTH_DATA_2,
	WC_MYSQL_HS_AUTH_PLUGIN,
	WC_MYSQL_HS_END
};

extern const char *const wc_mysql_handshake_fields[];

typedef struct wc_mysql_handshake
{
	uint8_t		protocol_version;	/* 10 */
	wc_mysql_slice server_version;
	uint32_t	connection_id;
	uint64_t	capabilities;	/* low 32 bits, MariaDB's extended << 32 */
	int			mariadb;		/* CLIENT_MYSQL clear: extended capabilities read */
	int			has_tail;		/* the fields after the low capabilities are present */
	uint8_t		charset;
	uint16_t	status_flags;
	uint8_t		auth_data_len;
	wc_mysql_slice auth_data_1;	/* 8 bytes */
	wc_mysql_slice auth_data_2;	/* the second part, its trailing 00 left out; NULL if absent */
	wc_mysql_slice auth_plugin;	/* NULL without CLIENT_PLUGIN_AUTH */
} wc_mysql_handshake;

/*
 * Decode an Initial Handshake v10 payload.  The 10 reserved bytes hold, on
 * a MariaDB server (CLIENT_MYSQL clear), 6 filler bytes and int<4>
 * extended capabilities.  Auth data part 2 is max(13, auth_data_len - 8)
 * bytes with CLIENT_SECURE_CONNECTION; the plugin name is string<NUL>, or
 * the rest of the payload (servers before 5.5.10 left out the 00).
 */
wc_status wc_mysql_handshake_decode(const uint8_t *buf, size_t len,
										  wc_mysql_handshake *hs, wc_error *err);

/* ---- Handshake Response 41 (client -> server) ---- */

enum
{
	WC_MYSQL_HR_CLIENT_FLAGS,
	WC_MYSQL_HR_MAX_PACKET,
	WC_MYSQL_HR_CHARSET,
	WC_MYSQL_HR_FILLER,
	WC_MYSQL_HR_USERNAME,
	WC_MYSQL_HR_AUTH_RESPONSE,
	WC_MYSQL_HR_DATABASE,
	WC_MYSQL_HR_AUTH_PLUGIN,
	WC_MYSQL_HR_ATTRS,
	WC_MYSQL_HR_ZSTD_LEVEL,
	WC_MYSQL_HR_END
};

extern const char *const wc_mysql_handshake_response_fields[];

/* Size of an SSL Request: the first 32 bytes of a response, alone. */
#define WC_MYSQL_SSL_REQUEST_SIZE 32

typedef struct wc_mysql_handshake_response
{
	uint64_t	capabilities;	/* client flags; MariaDB's extended << 32 */
	uint32_t	max_packet_size;
	uint8_t		charset;
	int			ssl_request;	/* the 32-byte SSL Request: nothing else set */
	wc_mysql_slice username;
	wc_mysql_slice auth_response;
	wc_mysql_slice database;	/* NULL without CLIENT_CONNECT_WITH_DB */
	wc_mysql_slice auth_plugin;	/* NULL without CLIENT_PLUGIN_AUTH */
	wc_mysql_slice attrs;		/* key/value string<lenenc> pairs; NULL without
								 * CLIENT_CONNECT_ATTRS */
	size_t		nattrs;			/* pairs in attrs */
	int			zstd_level;		/* -1 without CLIENT_ZSTD_COMPRESSION_ALGORITHM */
} wc_mysql_handshake_response;

/*
 * Decode a Handshake Response 41.  The client's own flags say which fields
 * follow.  The auth response is string<lenenc> with
 * CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA, int<1> length + bytes with
 * CLIENT_SECURE_CONNECTION, else string<NUL>.  A payload of exactly 32
 * bytes with CLIENT_SSL is an SSL Request.  The attributes block is
 * checked pair by pair; walk it with wc_mysql_attr_next.
 */
wc_status wc_mysql_handshake_response_decode(const uint8_t *buf, size_t len,
												   wc_mysql_handshake_response *hr,
												   wc_error *err);

/* The key/value pair at buf[pos] of a checked attributes block ending at
 * end; *next is the offset after it. */
void		wc_mysql_attr_next(const uint8_t *buf, size_t end, size_t pos,
							   wc_mysql_slice *key, wc_mysql_slice *value, size_t *next);

/* ---- Auth Switch Request (server -> client) ---- */

typedef struct wc_mysql_auth_switch
{
	wc_mysql_slice plugin;		/* NULL for the old one-byte form (FE alone) */
	wc_mysql_slice data;		/* string<EOF>, as sent (often scramble + 00) */
} wc_mysql_auth_switch;

/* Decode an Auth Switch Request: FE, string<NUL> plugin name, string<EOF>
 * data.  err->field: "header" or "plugin_name". */
wc_status wc_mysql_auth_switch_decode(const uint8_t *buf, size_t len,
											wc_mysql_auth_switch *as, wc_error *err);

#endif							/* WC_MYSQL_HANDSHAKE_H */
