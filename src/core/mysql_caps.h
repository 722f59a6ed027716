/*
 * mysql_caps.h: MySQL and MariaDB capability flags, as the decoders of
 * mysql_packet, mysql_handshake and mysql_command take them.  No PostgreSQL
 * headers.
 *
 * One 64-bit word: the low 32 bits are the protocol's capability flags
 * (both halves of the handshake's), the high 32 bits MariaDB's extended
 * capabilities, which a MariaDB server sends (and a client answers) in
 * otherwise reserved handshake bytes when CLIENT_MYSQL (bit 0) is clear.
 */
#ifndef WC_MYSQL_CAPS_H
#define WC_MYSQL_CAPS_H

#include <stdint.h>

#define WC_MYSQL_CLIENT_MYSQL			UINT64_C(0x00000001)	/* CLIENT_LONG_PASSWORD */
#define WC_MYSQL_CLIENT_CONNECT_WITH_DB	UINT64_C(0x00000008)
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

#endif							/* WC_MYSQL_CAPS_H */
