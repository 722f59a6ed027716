/*
 * mysql_lenenc.h: MySQL length-encoded integers (int<lenenc>) and the
 * strings built on them (string<lenenc>, string<NUL>).  Pure C, no
 * allocation.  See doc/spec/mysql.md sections 1 and 3.
 *
 * The integer write/read are static inline: they are the protocol's hot
 * path (every row field starts with one) and a call across translation
 * units costs as much as the work itself.
 */
#ifndef WC_MYSQL_LENENC_H
#define WC_MYSQL_LENENC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "byteorder.h"
#include "mysql_protocol.h"

/* Largest encoded int<lenenc>: FE + int<8>. */
#define WC_MYSQL_LENENC_MAX 9

/* Exact size of the canonical encoding of v: 1, 3, 4 or 9 bytes. */
static inline size_t
wc_mysql_lenenc_int_size(uint64_t v)
{
	if (v < 251)
		return 1;
	if (v < 65536)
		return 3;
	if (v < 16777216)
		return 4;
	return 9;
}

/* Write the canonical encoding of v at dst (room for its size); returns
 * the number of bytes written. */
static inline size_t
wc_mysql_lenenc_int_write(uint8_t *dst, uint64_t v)
{
	if (v < 251)
	{
		dst[0] = (uint8_t) v;
		return 1;
	}
	if (v < 65536)
	{
		dst[0] = 0xfc;
		wc_store_le16(dst + 1, (uint16_t) v);
		return 3;
	}
	if (v < 16777216)
	{
		/* FD and the three value bytes are one little-endian word */
		wc_store_le32(dst, (uint32_t) (v << 8) | 0xfd);
		return 4;
	}
	dst[0] = 0xfe;
	wc_store_le64(dst + 1, v);
	return 9;
}

/*
 * Read one int<lenenc> from p[0 .. avail).  On WC_OK *value and
 * *used are set; on WC_NULL (0xFB) *used is 1; on
 * WC_ERR_TRUNCATED *used is the number of bytes the form needs
 * (1 for empty input); on WC_ERR_BAD_BYTE nothing is set.
 * Wider-than-needed forms are accepted.
 */
static inline wc_status
wc_mysql_lenenc_int_read(const uint8_t *p, size_t avail, uint64_t *value,
						 size_t *used)
{
	uint8_t		b;

	if (avail == 0)
	{
		*used = 1;
		return WC_ERR_TRUNCATED;
	}
	b = p[0];
	if (b < 0xfb)
	{
		*value = b;
		*used = 1;
		return WC_OK;
	}
	switch (b)
	{
		case 0xfb:
			*used = 1;
			return WC_NULL;
		case 0xfc:
			*used = 3;
			if (avail < 3)
				return WC_ERR_TRUNCATED;
			*value = wc_load_le16(p + 1);
			return WC_OK;
		case 0xfd:
			*used = 4;
			if (avail < 4)
				return WC_ERR_TRUNCATED;
			*value = wc_load_le32(p) >> 8;
			return WC_OK;
		case 0xfe:
			*used = 9;
			if (avail < 9)
				return WC_ERR_TRUNCATED;
			*value = wc_load_le64(p + 1);
			return WC_OK;
		default:
			return WC_ERR_BAD_BYTE;
	}
}

/*
 * Read the int<lenenc> at buf[pos] of a len-byte buffer (pos <= len) with
 * full error reporting: offset = pos, expected/found = bytes of the form and
 * bytes present.  On OK or NULL *next is the offset after it.
 */
wc_status wc_mysql_lenenc_int_get(const uint8_t *buf, size_t len, size_t pos,
										uint64_t *value, size_t *next,
										wc_error *err);

/* Exact size of string<lenenc> holding n bytes. */
static inline size_t
wc_mysql_lenenc_str_size(size_t n)
{
	return wc_mysql_lenenc_int_size(n) + n;
}

/* Write src[0 .. n) as string<lenenc> at dst; returns bytes written.
 * Inline: for short strings the call would cost as much as the copy. */
static inline size_t
wc_mysql_lenenc_str_write(uint8_t *dst, const uint8_t *src, size_t n)
{
	size_t		h = wc_mysql_lenenc_int_write(dst, n);

	if (n)
		memcpy(dst + h, src, n);
	return h + n;
}

/*
 * Read the string<lenenc> at buf[pos] (pos <= len).  On OK *out is the
 * data, on NULL (0xFB) out->is_null is set; *next is the offset after it.
 * The announced length is compared, as an unsigned 64-bit number, with
 * the bytes that remain: WC_ERR_LENGTH with offset = pos,
 * expected = announced length, found = bytes after the prefix.
 */
wc_status wc_mysql_lenenc_str_get(const uint8_t *buf, size_t len, size_t pos,
										wc_mysql_slice *out, size_t *next,
										wc_error *err);

/* Check that src[0 .. n) can be written as string<NUL> (no 00 byte);
 * WC_MYSQL_EMBEDDED_NUL with the offset of the first 00 otherwise. */
wc_status wc_mysql_null_str_check(const uint8_t *src, size_t n,
										wc_error *err);

/* Size of, and writer for, string<NUL> of n checked bytes: data + 00. */
static inline size_t
wc_mysql_null_str_size(size_t n)
{
	return n + 1;
}
size_t		wc_mysql_null_str_write(uint8_t *dst, const uint8_t *src, size_t n);

/* Read the string<NUL> at buf[pos] (pos <= len): bytes up to the first 00;
 * *next is the offset after the 00.  WC_ERR_UNTERMINATED (offset = pos,
 * found = bytes scanned) when there is none. */
wc_status wc_mysql_null_str_get(const uint8_t *buf, size_t len, size_t pos,
									  wc_mysql_slice *out, size_t *next,
									  wc_error *err);

#endif							/* WC_MYSQL_LENENC_H */
