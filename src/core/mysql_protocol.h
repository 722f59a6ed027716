/*
 * mysql_protocol.h: the constants of the MySQL/MariaDB client/server
 * protocol that more than one decoder needs (capability flags, command
 * bytes, packet header bytes), the byte slice every decoder returns, and the
 * fixed-width check every decoder makes.  Errors are the shared contract of
 * wc_status.h.  No PostgreSQL headers.
 *
 * Capabilities are one 64-bit word: the low 32 bits are the protocol's
 * capability flags (both halves of the handshake's), the high 32 bits
 * MariaDB's extended capabilities, which a MariaDB server sends (and a
 * client answers) in otherwise reserved handshake bytes when CLIENT_MYSQL
 * (bit 0) is clear.
 */
#ifndef WC_MYSQL_PROTOCOL_H
#define WC_MYSQL_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include "wc_status.h"

/* ---- capability flags ---- */
#define WC_MYSQL_CLIENT_MYSQL			UINT64_C(0x00000001)	/* CLIENT_LONG_PASSWORD */
#define WC_MYSQL_CLIENT_CONNECT_WITH_DB	UINT64_C(0x00000008)
#define WC_MYSQL_CLIENT_COMPRESS		UINT64_C(0x00000020)
#define WC_MYSQL_CLIENT_PROTOCOL_41		UINT64_C(0x00000200)
#define WC_MYSQL_CLIENT_SSL				UINT64_C(0x00000800)
#define WC_MYSQL_CLIENT_SECURE_CONNECTION UINT64_C(0x00008000)
#define WC_MYSQL_CLIENT_PLUGIN_AUTH		UINT64_C(0x00080000)
#define WC_MYSQL_CLIENT_CONNECT_ATTRS	UINT64_C(0x00100000)
#define WC_MYSQL_CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA UINT64_C(0x00200000)
#define WC_MYSQL_CLIENT_SESSION_TRACK	UINT64_C(0x00800000)
#define WC_MYSQL_CLIENT_DEPRECATE_EOF	UINT64_C(0x01000000)
#define WC_MYSQL_CLIENT_OPTIONAL_RESULTSET_METADATA UINT64_C(0x02000000)
#define WC_MYSQL_CLIENT_ZSTD_COMPRESSION_ALGORITHM UINT64_C(0x04000000)
#define WC_MYSQL_CLIENT_QUERY_ATTRIBUTES UINT64_C(0x08000000)
/* MariaDB's extended capabilities (its handshake bytes 3rd part, << 32) */
#define WC_MYSQL_MARIADB_CLIENT_PROGRESS (UINT64_C(1) << 32)
#define WC_MYSQL_MARIADB_CLIENT_EXTENDED_METADATA (UINT64_C(1) << 35)
#define WC_MYSQL_MARIADB_CLIENT_CACHE_METADATA (UINT64_C(1) << 36)

/*
 * The default of every decoder that takes capabilities: what a current
 * client library negotiates with a current server by default (MariaDB
 * Connector/C with MariaDB 10.11, libmysqlclient with MySQL 8.0 alike):
 * PROTOCOL_41, SECURE_CONNECTION, PLUGIN_AUTH, SESSION_TRACK,
 * DEPRECATE_EOF.  Neither QUERY_ATTRIBUTES (MySQL only) nor MariaDB's
 * extended metadata is in it; the column definition decoder without
 * capabilities detects the extended metadata instead (see mysql_packet.h).
 */
#define WC_MYSQL_CAPS_DEFAULT \
	(WC_MYSQL_CLIENT_PROTOCOL_41 | WC_MYSQL_CLIENT_SECURE_CONNECTION | \
	 WC_MYSQL_CLIENT_PLUGIN_AUTH | WC_MYSQL_CLIENT_SESSION_TRACK | \
	 WC_MYSQL_CLIENT_DEPRECATE_EOF)

/* ---- command bytes (the first payload byte of a client command) ---- */
#define WC_MYSQL_COM_QUIT				0x01
#define WC_MYSQL_COM_QUERY				0x03
#define WC_MYSQL_COM_CHANGE_USER		0x11
#define WC_MYSQL_COM_STMT_PREPARE		0x16
#define WC_MYSQL_COM_STMT_EXECUTE		0x17
#define WC_MYSQL_COM_STMT_SEND_LONG_DATA 0x18
#define WC_MYSQL_COM_STMT_CLOSE			0x19
#define WC_MYSQL_COM_STMT_RESET			0x1a
#define WC_MYSQL_COM_STMT_FETCH			0x1c
#define WC_MYSQL_COM_RESET_CONNECTION	0x1f
#define WC_MYSQL_COM_STMT_BULK_EXECUTE	0xfa

/* ---- first bytes of server packets ---- */
#define WC_MYSQL_OK_BYTE		0x00	/* OK, COM_STMT_PREPARE OK, binary row */
#define WC_MYSQL_LOCAL_INFILE_BYTE 0xfb	/* LOCAL INFILE request; NULL in a row */
#define WC_MYSQL_EOF_BYTE		0xfe	/* EOF, OK with CLIENT_DEPRECATE_EOF, auth switch */
#define WC_MYSQL_ERR_BYTE		0xff	/* ERR */

/* ---- the byte slice every decoder returns ---- */

/* A decoded byte string: data at buf[off .. off + len), or SQL NULL. */
typedef struct wc_mysql_slice
{
	size_t		off;
	size_t		len;
	int			is_null;
} wc_mysql_slice;

/* n fixed bytes must remain at pos of buf[0 .. len): WC_ERR_TRUNCATED in
 * field otherwise (expected n bytes, found what is left). */
static inline wc_status
wc_mysql_need(size_t len, size_t pos, uint64_t n, wc_error *err, const char *field)
{
	if (len - pos < n)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, pos, n, len - pos), field);
	return WC_OK;
}

#endif							/* WC_MYSQL_PROTOCOL_H */
