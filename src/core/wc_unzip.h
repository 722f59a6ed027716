/*
 * wc_unzip.h: one zlib stream or one zstd frame decompressed in bounded
 * steps, for every compressed container the codecs read: the MySQL
 * compressed protocol (mysql_compress.h), MariaDB's compressed binlog
 * records and MySQL's binlog transaction payloads (mysql_binlog.h).
 *
 * Each of these containers states the decompressed size.  The stated size
 * may not exceed wc_unzip_limit() of the compressed size (a fixed floor,
 * then at most WC_UNZIP_RATIO bytes per compressed byte, never more than
 * WC_UNZIP_MAX), and the stream must produce exactly that many bytes: a
 * step never writes past the stated size, and fails as soon as the stream
 * would produce one byte more.  A step produces at most WC_UNZIP_STEP_OUT
 * bytes and reads at most WC_UNZIP_STEP_IN bytes, and checks for
 * interrupts first, so that a caller may grow its output buffer as bytes
 * are actually produced and a cancel is seen within milliseconds.
 *
 * The decompressor's state lives in a workspace the caller allocates
 * (wc_unzip_workspace gives its size: fixed for zlib, from the frame
 * header's window for zstd, whose window may not exceed
 * 2^WC_UNZIP_WINDOW_LOG_MAX bytes); the core allocates nothing, and holds
 * nothing outside the workspace and the wc_unzip struct, so that an
 * interrupt that does not return leaks nothing.  No PostgreSQL headers.
 */
#ifndef WC_UNZIP_H
#define WC_UNZIP_H

#include <stddef.h>
#include <stdint.h>

#include "wc_status.h"

/* Most bytes one step writes, and reads. */
#define WC_UNZIP_STEP_OUT	((size_t) 256 * 1024)
#define WC_UNZIP_STEP_IN	((size_t) 256 * 1024)

/* Any compressed input may state up to WC_UNZIP_FLOOR bytes; beyond that,
 * at most WC_UNZIP_RATIO bytes per compressed byte (about deflate's best),
 * and never more than WC_UNZIP_MAX. */
#define WC_UNZIP_FLOOR		((uint64_t) 64 << 20)
#define WC_UNZIP_RATIO		1032
#define WC_UNZIP_MAX		((uint64_t) 512 << 20)

/* Largest zstd window accepted (zstd's own default limit, 128 MB: what
 * its highest compression levels use). */
#define WC_UNZIP_WINDOW_LOG_MAX 27

typedef enum wc_unzip_kind
{
	WC_UNZIP_ZLIB = 1,			/* a zlib stream (RFC 1950) */
	WC_UNZIP_ZSTD				/* one zstd frame */
} wc_unzip_kind;

/* One decompression in progress.  Set by wc_unzip_begin; read produced,
 * in_pos and done, change nothing. */
typedef struct wc_unzip
{
	wc_unzip_kind kind;
	const uint8_t *in;
	size_t		in_len;
	size_t		in_pos;			/* compressed bytes consumed */
	size_t		offset;			/* absolute offset of in[0], for errors */
	uint64_t	declared;		/* the size the container states */
	uint64_t	produced;		/* bytes written so far */
	const char *size_field;		/* names the stated size in errors */
	int			done;			/* the stream ended, exactly declared bytes */
	void	   *work;			/* the caller's workspace */
	size_t		work_len;
	void	   *state;			/* the z_stream or ZSTD_DStream, in work */
} wc_unzip;

/* The most bytes in_len compressed bytes may state to decompress to. */
uint64_t	wc_unzip_limit(uint64_t in_len);

/*
 * Is declared within wc_unzip_limit(in_len)?  Else WC_ERR_TOO_LARGE at
 * offset off, in field, expected = the limit, found = declared.
 */
wc_status	wc_unzip_check_size(uint64_t in_len, uint64_t declared, size_t off,
								const char *field, wc_error *err);

/*
 * Bytes of workspace to decompress in[0 .. len) (absolute offset off).
 * zlib: a fixed size.  zstd: from the frame header, whose window may not
 * exceed 2^WC_UNZIP_WINDOW_LOG_MAX bytes (WC_ERR_TOO_LARGE, field "zstd
 * window", expected = the limit, found = the window); a header cut short
 * or invalid is WC_ERR_BAD_VALUE in field "zstd frame".
 */
wc_status	wc_unzip_workspace(wc_unzip_kind kind, const uint8_t *in, size_t len,
							   size_t off, size_t *size, wc_error *err);

/*
 * Start decompressing in[0 .. len) (absolute offset off) into declared
 * bytes, with work (work_len bytes, 8-byte aligned, as wc_unzip_workspace
 * gave).  size_field names the stated size in errors.  Checks declared
 * with wc_unzip_check_size.
 */
wc_status	wc_unzip_begin(wc_unzip *u, wc_unzip_kind kind, const uint8_t *in, size_t len,
						   size_t off, uint64_t declared, const char *size_field,
						   void *work, size_t work_len, wc_error *err);

/*
 * One step: check for interrupts, then write at most
 * min(cap, declared - produced, WC_UNZIP_STEP_OUT) bytes into out; *n gets
 * the count.  cap may be 0 only once produced == declared.  Sets u->done
 * when the stream ended.  Errors (offsets absolute): a stream that does
 * not decompress or is cut short (WC_ERR_BAD_VALUE, field "zlib stream" /
 * "zstd frame"), that would produce more than declared (WC_ERR_BAD_VALUE
 * in size_field, expected = declared, found = declared + 1) or ended with
 * fewer (found = produced), bytes after its end (WC_ERR_TRAILING, found =
 * their count).
 */
wc_status	wc_unzip_step(wc_unzip *u, uint8_t *out, size_t cap, size_t *n, wc_error *err);

/* All of it into out (declared bytes), step by step. */
wc_status	wc_unzip_all(wc_unzip *u, uint8_t *out, wc_error *err);

#endif							/* WC_UNZIP_H */
