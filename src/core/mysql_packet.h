/*
 * mysql_packet.h: MySQL packet framing and reassembly, and the payloads of
 * the server's response packets: text resultset row, Column Definition 41
 * (with or without MariaDB's extended metadata), OK (with or without
 * session-state tracking) and its session-state changes, ERR (with
 * MariaDB's progress report), EOF, COM_STMT_PREPARE OK.  Pure C, no
 * allocation.  See doc/spec/mysql.md sections 4 to 7 and
 * the MySQL and MariaDB protocol documentation.
 */
#ifndef WC_MYSQL_PACKET_H
#define WC_MYSQL_PACKET_H

#include <stddef.h>
#include <stdint.h>

#include "mysql_protocol.h"
#include "mysql_lenenc.h"

/* Largest payload of one physical packet. */
#define WC_MYSQL_MAX_CHUNK 0xFFFFFFu
#define WC_MYSQL_HEADER 4

/* ---- framing ---- */

/* Number of physical packets for a payload of n bytes: the last is always
 * shorter than 0xFFFFFF, so an exact multiple ends with an empty one. */
static inline size_t
wc_mysql_frame_chunks(size_t n)
{
	return n / WC_MYSQL_MAX_CHUNK + 1;
}

/* Exact size of the framed stream; *ok = 0 if it overflows size_t. */
static inline size_t
wc_mysql_frame_size(size_t n, int *ok)
{
	size_t		hdr = wc_mysql_frame_chunks(n) * WC_MYSQL_HEADER;

	*ok = n <= SIZE_MAX - hdr;
	return n + hdr;
}

/* Frame payload[0 .. n) starting at sequence id seq (ids wrap 255 -> 0);
 * dst has wc_mysql_frame_size(n) bytes.  Returns bytes written. */
size_t		wc_mysql_frame_write(uint8_t *dst, const uint8_t *payload, size_t n,
								 uint8_t seq);

/* ---- reassembly ---- */

/* One logical packet found in a stream. */
typedef struct wc_mysql_packet
{
	size_t		offset;			/* offset of its first header */
	size_t		length;			/* payload length, all chunks together */
	size_t		chunks;			/* physical packets it spans */
	uint8_t		seq;			/* sequence id of its first chunk */
} wc_mysql_packet;

/*
 * Find the logical packet starting at buf[pos] (pos < len) and check every
 * chunk: header present, payload present, a full-size chunk followed by
 * another, sequence ids consecutive modulo 256 within the packet.  On OK
 * *next is the offset after its last chunk.  Errors: WC_ERR_TRUNCATED
 * (offset = header or payload start, expected/found bytes), WC_MYSQL_CONTINUATION
 * (offset = len), WC_MYSQL_SEQUENCE (offset = header, expected = expected
 * id, found = found id).
 */
wc_status wc_mysql_packet_next(const uint8_t *buf, size_t len, size_t pos,
									 wc_mysql_packet *pkt, size_t *next,
									 wc_error *err);

/* The same without the sequence-id check between chunks: in a decompressed
 * stream, senders restart the ids with each compressed packet. */
wc_status wc_mysql_packet_next_any_seq(const uint8_t *buf, size_t len, size_t pos,
									   wc_mysql_packet *pkt, size_t *next, wc_error *err);

/* Copy the payload of a packet found by wc_mysql_packet_next to dst
 * (pkt->length bytes), leaving out the inner headers. */
void		wc_mysql_packet_gather(const uint8_t *buf, const wc_mysql_packet *pkt,
								   uint8_t *dst);

/* ---- text resultset row ---- */

/*
 * Check a text row payload and count its columns: each is 0xFB (NULL) or a
 * string<lenenc> within the payload.  err's index is the 1-based column of an
 * error.  Walk the checked columns with wc_mysql_lenenc_str_get.
 */
wc_status wc_mysql_text_row_count(const uint8_t *buf, size_t len,
										size_t *ncols, wc_error *err);

/* The column at buf[pos] (pos < len) of a text row, for callers that check
 * and take the columns in one walk: OK or NULL (0xFB), *next after it;
 * on an error err's index is col + 1. */
static inline wc_status
wc_mysql_text_row_next(const uint8_t *buf, size_t len, size_t pos, wc_mysql_slice *s,
					   size_t *next, size_t col, wc_error *err)
{
	wc_status st = wc_mysql_lenenc_str_get(buf, len, pos, s, next, err);

	return st > WC_NULL ? wc_at_index(err, st, "column", (int64_t) col + 1) : st;
}

/* ---- Column Definition 41 ---- */

enum
{
	WC_MYSQL_CD_CATALOG,
	WC_MYSQL_CD_SCHEMA,
	WC_MYSQL_CD_TABLE,
	WC_MYSQL_CD_ORG_TABLE,
	WC_MYSQL_CD_NAME,
	WC_MYSQL_CD_ORG_NAME,
	WC_MYSQL_CD_NSTRINGS,
	/* field indices of the rest, for error reports */
	WC_MYSQL_CD_EXTENDED = WC_MYSQL_CD_NSTRINGS,
	WC_MYSQL_CD_FIXED_LENGTH,
	WC_MYSQL_CD_FIXED,
	WC_MYSQL_CD_END
};

/* Field names by index, for messages ("catalog" ... "end of packet"). */
extern const char *const wc_mysql_column_def_fields[];

/* The extended-metadata argument of wc_mysql_column_def_decode. */
typedef enum wc_mysql_cd_ext
{
	WC_MYSQL_CD_EXT_ABSENT = 0,	/* MARIADB_CLIENT_EXTENDED_METADATA not negotiated */
	WC_MYSQL_CD_EXT_PRESENT = 1,	/* negotiated: a string<lenenc> follows org_name */
	WC_MYSQL_CD_EXT_DETECT = 2	/* unknown: decided by the payload's length */
} wc_mysql_cd_ext;

/* The extended-metadata mode that capability flags mean. */
static inline wc_mysql_cd_ext
wc_mysql_cd_ext_of(uint64_t caps)
{
	return (caps & WC_MYSQL_MARIADB_CLIENT_EXTENDED_METADATA) ?
		WC_MYSQL_CD_EXT_PRESENT : WC_MYSQL_CD_EXT_ABSENT;
}

/* MariaDB extended metadata keys (int<1> before each string<lenenc>). */
#define WC_MYSQL_CD_EXT_TYPE_NAME 0
#define WC_MYSQL_CD_EXT_FORMAT 1

typedef struct wc_mysql_column_def
{
	wc_mysql_slice str[WC_MYSQL_CD_NSTRINGS];
	int			extended;		/* the extended-metadata field was present */
	wc_mysql_slice ext_type_name;	/* key 0 ("json", "uuid", "point" ...) or NULL */
	wc_mysql_slice ext_format;	/* key 1 ("json" ...) or NULL */
	uint16_t	charset;
	uint32_t	column_length;
	uint8_t		type;
	uint16_t	flags;
	uint8_t		decimals;
} wc_mysql_column_def;

/*
 * Decode a Column Definition 41 payload; err->field names the field of an
 * error (a name from wc_mysql_column_def_fields).  With ext PRESENT a
 * string<lenenc> of (int<1> key, string<lenenc> value) pairs follows
 * org_name (MariaDB's MARIADB_CLIENT_EXTENDED_METADATA; unknown keys are
 * skipped).  DETECT is unambiguous because nothing may follow the fixed
 * fields: the extended field is read when a string<lenenc> after org_name
 * leaves exactly the 13 bytes of the fixed part; otherwise the payload is
 * decoded (and its errors reported) as the plain layout.
 */
wc_status wc_mysql_column_def_decode(const uint8_t *buf, size_t len,
										   wc_mysql_cd_ext ext,
										   wc_mysql_column_def *cd,
										   wc_error *err);

/* ---- OK packet ---- */

enum
{
	WC_MYSQL_OK_HEADER,
	WC_MYSQL_OK_AFFECTED_ROWS,
	WC_MYSQL_OK_LAST_INSERT_ID,
	WC_MYSQL_OK_STATUS_FLAGS,
	WC_MYSQL_OK_WARNINGS,
	WC_MYSQL_OK_INFO,
	WC_MYSQL_OK_SESSION_STATE,
	WC_MYSQL_OK_END
};

extern const char *const wc_mysql_ok_fields[];

/* Status flag: session state changed (its changes follow the info). */
#define WC_MYSQL_SERVER_SESSION_STATE_CHANGED 0x4000

typedef struct wc_mysql_ok
{
	uint8_t		header;			/* 00, or FE (CLIENT_DEPRECATE_EOF) */
	int			affected_rows_null;
	int			last_insert_id_null;
	uint64_t	affected_rows;
	uint64_t	last_insert_id;
	uint16_t	status_flags;
	uint16_t	warnings;
	wc_mysql_slice info;		/* string<EOF>, or string<lenenc> with tracking */
	wc_mysql_slice session_state;	/* the changes' bytes, or NULL */
} wc_mysql_ok;

/*
 * Decode an OK packet payload; err->field is a name from wc_mysql_ok_fields.
 * Without CLIENT_SESSION_TRACK in caps the info is the rest of the payload.
 * With it the info is a string<lenenc> (absent, hence empty, when the
 * payload ends after the warnings), followed when the status flags say
 * SESSION_STATE_CHANGED by a string<lenenc> holding the changes (walk them
 * with wc_mysql_session_change_next); nothing may follow.
 */
wc_status wc_mysql_ok_decode(const uint8_t *buf, size_t len, uint64_t caps,
								   wc_mysql_ok *ok, wc_error *err);

/* ---- session-state changes (OK packet with CLIENT_SESSION_TRACK) ---- */

enum
{
	WC_MYSQL_TRACK_SYSTEM_VARIABLES = 0,
	WC_MYSQL_TRACK_SCHEMA = 1,
	WC_MYSQL_TRACK_STATE_CHANGE = 2,
	WC_MYSQL_TRACK_GTIDS = 3,
	WC_MYSQL_TRACK_TRANSACTION_CHARACTERISTICS = 4,
	WC_MYSQL_TRACK_TRANSACTION_STATE = 5,
	WC_MYSQL_TRACK_NKNOWN
};

/* Names of the known change types ("system_variables" ...), by type. */
extern const char *const wc_mysql_track_names[];

typedef struct wc_mysql_session_change
{
	uint8_t		type;
	wc_mysql_slice data;		/* the entry's data, as sent */
	wc_mysql_slice name;		/* system variable name; NULL for other types */
	wc_mysql_slice value;		/* variable value, schema, "1", GTID set,
								 * characteristics, state; NULL if unknown type */
	int			gtid_spec;		/* GTIDS: encoding specification; else -1 */
} wc_mysql_session_change;

/*
 * Decode the change at buf[pos] of a session-state block (pos < len):
 * int<1> type, string<lenenc> data, the data laid out by type.  Unknown
 * types are returned with only data set, as the protocol asks clients to
 * skip them.  *next is the offset after the entry.  err->field is not set.
 */
wc_status wc_mysql_session_change_next(const uint8_t *buf, size_t len, size_t pos,
											 wc_mysql_session_change *chg, size_t *next,
											 wc_error *err);

/* ---- ERR packet ---- */

enum
{
	WC_MYSQL_ERRP_HEADER,
	WC_MYSQL_ERRP_CODE,
	WC_MYSQL_ERRP_SQL_STATE,
	WC_MYSQL_ERRP_STAGE,
	WC_MYSQL_ERRP_MAX_STAGE,
	WC_MYSQL_ERRP_PROGRESS,
	WC_MYSQL_ERRP_PROGRESS_INFO,
	WC_MYSQL_ERRP_END
};

extern const char *const wc_mysql_err_fields[];

/* Error code of MariaDB's progress report, sent as an ERR packet. */
#define WC_MYSQL_ERR_CODE_PROGRESS 0xFFFF

typedef struct wc_mysql_err_packet
{
	uint16_t	code;
	wc_mysql_slice sql_state;	/* 5 bytes after the '#' marker, or NULL */
	wc_mysql_slice message;		/* string<EOF>; NULL for a progress report */
	int			progress;		/* code 0xFFFF: a MariaDB progress report */
	uint8_t		stage;
	uint8_t		max_stage;
	uint32_t	progress_value; /* int<3>, in thousandths of a percent */
	wc_mysql_slice progress_info;	/* string<lenenc> */
} wc_mysql_err_packet;

/*
 * Decode an ERR packet: FF, int<2> code, then with CLIENT_PROTOCOL_41 an
 * optional '#' and five-byte SQLSTATE (servers leave it out before the
 * handshake completes), then the message to the end.  Code 0xFFFF is
 * MariaDB's progress report: int<1> stage, int<1> max_stage, int<3>
 * progress, string<lenenc> info, nothing after.
 */
wc_status wc_mysql_err_decode(const uint8_t *buf, size_t len, uint64_t caps,
									wc_mysql_err_packet *e, wc_error *err);

/* ---- EOF packet ---- */

typedef struct wc_mysql_eof
{
	uint16_t	warnings;
	uint16_t	status_flags;
} wc_mysql_eof;

/* Decode an EOF packet: FE, then with CLIENT_PROTOCOL_41 int<2> warnings
 * and int<2> status flags; exactly 5 (or 1) bytes.  err->field is a name
 * from wc_mysql_eof_fields. */
wc_status wc_mysql_eof_decode(const uint8_t *buf, size_t len, uint64_t caps,
									wc_mysql_eof *eof, wc_error *err);

extern const char *const wc_mysql_eof_fields[];

/* ---- COM_STMT_PREPARE OK ---- */

typedef struct wc_mysql_prepare_ok
{
	uint32_t	statement_id;
	uint16_t	num_columns;
	uint16_t	num_params;
	int			has_warnings;
	uint16_t	warnings;
	int			metadata_follows;	/* -1 when absent */
} wc_mysql_prepare_ok;

extern const char *const wc_mysql_prepare_ok_fields[];

/*
 * Decode a COM_STMT_PREPARE OK: 00, int<4> statement id, int<2> columns,
 * int<2> params, 00, then (when the payload goes on) int<2> warnings and,
 * with CLIENT_OPTIONAL_RESULTSET_METADATA, int<1> metadata_follows.
 * err->field is a name from wc_mysql_prepare_ok_fields.
 */
wc_status wc_mysql_prepare_ok_decode(const uint8_t *buf, size_t len, uint64_t caps,
										   wc_mysql_prepare_ok *po, wc_error *err);

#endif							/* WC_MYSQL_PACKET_H */
