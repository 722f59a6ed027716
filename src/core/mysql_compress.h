/*
 * mysql_compress.h: the MySQL/MariaDB compressed protocol (CLIENT_COMPRESS
 * with zlib, CLIENT_ZSTD_COMPRESSION_ALGORITHM with zstd).
 *
 * Once the handshake is over (after the server's OK to the authentication)
 * both directions of a compressed connection carry compressed packets: a
 * 7-byte header
 *
 *     int<3> compressed payload length
 *     int<1> compressed sequence id
 *     int<3> uncompressed length (0: the payload is stored as is)
 *
 * then the payload: one zlib stream or one zstd frame whose contents are
 * "uncompressed length" bytes of ordinary packets (4-byte headers
 * included), or, when that length is 0 (payloads below the sender's
 * threshold, 50 bytes in the official clients and servers), those bytes
 * themselves.  Ordinary packets may span compressed packets.  Each
 * compressed payload is independent; its algorithm is recognised by its
 * first bytes (zlib's CMF/FLG pair, zstd's frame magic).
 *
 * Decompression is two passes over the headers: wc_mysql_decompress_size
 * gives the exact size of the uncompressed stream, which may not exceed
 * wc_unzip_limit() of the compressed stream's size (wc_unzip.h), and of the
 * decompressors' workspace; wc_mysql_decompress writes the stream into the
 * caller's buffer in bounded steps (checking for interrupts between them),
 * checking each payload decompresses to the length its header states.  The
 * core allocates nothing.  No PostgreSQL headers.
 */
#ifndef WC_MYSQL_COMPRESS_H
#define WC_MYSQL_COMPRESS_H

#include <stddef.h>
#include <stdint.h>

#include "wc_status.h"

#define WC_MYSQL_COMPRESS_HEADER 7

/* Compressed packets seen by a decompression pass. */
typedef struct wc_mysql_compress_stats
{
	uint64_t	packets;		/* compressed packets */
	uint64_t	stored;			/* of which stored (uncompressed length 0) */
	uint64_t	zlib;			/* of which zlib */
	uint64_t	zstd;			/* of which zstd */
} wc_mysql_compress_stats;

/*
 * Walk the compressed packets of buf[start .. len) and add up their
 * uncompressed sizes into *out_len (the size of the uncompressed stream);
 * *work_len (when not NULL) gets the bytes of workspace wc_mysql_decompress
 * needs (the largest a payload needs; 0 when none is compressed).
 * Errors (offset absolute, index = 1-based compressed packet): truncated
 * header (WC_ERR_TRUNCATED, field "compressed packet header"), payload past
 * the end (WC_ERR_LENGTH), an uncompressed length its payload cannot hold
 * (WC_ERR_BAD_VALUE, field "uncompressed length": more than a zlib stream
 * of that size inflates to, or not the size a zstd frame's header states),
 * a zstd frame header that does not read (WC_ERR_BAD_VALUE, field "zstd
 * frame"), a zstd window over 2^WC_UNZIP_WINDOW_LOG_MAX bytes
 * (WC_ERR_TOO_LARGE, field "zstd window") and a stream stating more bytes in
 * all than wc_unzip_limit(len - start) (WC_ERR_TOO_LARGE at the packet that
 * passes it, field "uncompressed length", expected = the limit, found = the
 * stated total so far), so that a caller may size its buffer by the result.
 * Compressed sequence ids are not checked (see mysql_compress.c).
 */
wc_status	wc_mysql_decompress_size(const uint8_t *buf, size_t len, size_t start,
									 size_t *out_len, size_t *work_len, wc_error *err);

/*
 * Decompress buf[start .. len) into out (out_len bytes, as
 * wc_mysql_decompress_size gave).  work holds work_len bytes (as the size
 * pass gave, or more), aligned for any type.  Errors
 * besides the size pass's: a payload in neither format
 * (WC_ERR_UNSUPPORTED, field "compressed payload", found = its first byte),
 * a payload that does not decompress (WC_ERR_BAD_VALUE, field "zlib
 * stream"/"zstd frame") or decompresses to another length than its header
 * says (WC_ERR_BAD_VALUE, expected = header's length, found = actual, or
 * the length + 1 as soon as the payload would produce more).
 * stats may be NULL.
 */
wc_status	wc_mysql_decompress(const uint8_t *buf, size_t len, size_t start,
								uint8_t *out, size_t out_len, void *work, size_t work_len,
								wc_mysql_compress_stats *stats, wc_error *err);

/*
 * Do the bytes buf[start .. len) read as compressed packets rather than as
 * ordinary ones?  For a capture of the server's side alone, which does not
 * show what the client asked for: 1 when ordinary packet headers do not
 * chain exactly to the end of the bytes and either the compressed packets'
 * headers do, or (a capture cut short) the first compressed payload is a
 * zlib stream or a zstd frame.
 */
int			wc_mysql_compress_detect(const uint8_t *buf, size_t len, size_t start);

#endif							/* WC_MYSQL_COMPRESS_H */
