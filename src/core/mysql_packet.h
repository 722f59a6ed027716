/*
 * mysql_packet.h: MySQL packet framing and reassembly, and the payloads of
 * three packets: text resultset row, Column Definition 41 and OK packet.
 * Pure C, no allocation.  See ../shared/spec/mysql-protocol.md sections
 * 4 to 7.
 */
#ifndef WC_MYSQL_PACKET_H
#define WC_MYSQL_PACKET_H

#include <stddef.h>
#include <stdint.h>

#include "mysql_status.h"

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
 * *next is the offset after its last chunk.  Errors: WC_MYSQL_ERR_TRUNCATED
 * (offset = header or payload start, need/have), WC_MYSQL_ERR_CONTINUATION
 * (offset = len), WC_MYSQL_ERR_SEQUENCE (offset = header, need = expected
 * id, have = found id).
 */
wc_mysql_status wc_mysql_packet_next(const uint8_t *buf, size_t len, size_t pos,
									 wc_mysql_packet *pkt, size_t *next,
									 wc_mysql_error *err);

/* Copy the payload of a packet found by wc_mysql_packet_next to dst
 * (pkt->length bytes), leaving out the inner headers. */
void		wc_mysql_packet_gather(const uint8_t *buf, const wc_mysql_packet *pkt,
								   uint8_t *dst);

/* ---- text resultset row ---- */

/*
 * Check a text row payload and count its columns: each is 0xFB (NULL) or a
 * string<lenenc> within the payload.  err->field is the column index of an
 * error.  Walk the checked columns with wc_mysql_lenenc_str_get.
 */
wc_mysql_status wc_mysql_text_row_count(const uint8_t *buf, size_t len,
										size_t *ncols, wc_mysql_error *err);

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
	WC_MYSQL_CD_FIXED_LENGTH = WC_MYSQL_CD_NSTRINGS,
	WC_MYSQL_CD_FIXED,
	WC_MYSQL_CD_END
};

/* Field names by index, for messages ("catalog" ... "fixed fields"). */
extern const char *const wc_mysql_column_def_fields[];

typedef struct wc_mysql_column_def
{
	wc_mysql_slice str[WC_MYSQL_CD_NSTRINGS];
	uint16_t	charset;
	uint32_t	column_length;
	uint8_t		type;
	uint16_t	flags;
	uint8_t		decimals;
} wc_mysql_column_def;

/* Decode a Column Definition 41 payload; err->field names the field of an
 * error (index into wc_mysql_column_def_fields). */
wc_mysql_status wc_mysql_column_def_decode(const uint8_t *buf, size_t len,
										   wc_mysql_column_def *cd,
										   wc_mysql_error *err);

/* ---- OK packet ---- */

enum
{
	WC_MYSQL_OK_HEADER,
	WC_MYSQL_OK_AFFECTED_ROWS,
	WC_MYSQL_OK_LAST_INSERT_ID,
	WC_MYSQL_OK_STATUS_FLAGS,
	WC_MYSQL_OK_WARNINGS,
	WC_MYSQL_OK_INFO
};

extern const char *const wc_mysql_ok_fields[];

typedef struct wc_mysql_ok
{
	uint8_t		header;			/* 00, or FE (CLIENT_DEPRECATE_EOF) */
	int			affected_rows_null;
	int			last_insert_id_null;
	uint64_t	affected_rows;
	uint64_t	last_insert_id;
	uint16_t	status_flags;
	uint16_t	warnings;
	wc_mysql_slice info;		/* string<EOF>: the rest */
} wc_mysql_ok;

/* Decode an OK packet payload (without state-change tracking); err->field
 * indexes wc_mysql_ok_fields. */
wc_mysql_status wc_mysql_ok_decode(const uint8_t *buf, size_t len,
								   wc_mysql_ok *ok, wc_mysql_error *err);

#endif							/* WC_MYSQL_PACKET_H */
