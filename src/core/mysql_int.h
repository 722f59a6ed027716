/*
 * mysql_int.h: MySQL fixed-width little-endian unsigned integers, int<N>
 * for N in 1, 2, 3, 4, 6, 8.  Pure C, no allocation, static inline (these
 * are single stores and loads).  See doc/spec/mysql.md
 * section 2.
 */
#ifndef WC_MYSQL_INT_H
#define WC_MYSQL_INT_H

#include <stddef.h>
#include <stdint.h>

#include "byteorder.h"
#include "mysql_protocol.h"

/* Is width one the protocol defines? */
static inline int
wc_mysql_int_width_ok(int width)
{
	return width == 1 || width == 2 || width == 3 || width == 4 ||
		width == 6 || width == 8;
}

/* Largest value of int<width> (width valid). */
static inline uint64_t
wc_mysql_int_max(int width)
{
	return width == 8 ? UINT64_MAX : ((uint64_t) 1 << (8 * width)) - 1;
}

/* Check width and range before writing: WC_MYSQL_WIDTH or
 * WC_ERR_RANGE (expected = the maximum, found = v). */
static inline wc_status
wc_mysql_int_check(uint64_t v, int width, wc_error *err)
{
	if (!wc_mysql_int_width_ok(width))
		return wc_fail_arg(err, WC_MYSQL_WIDTH, (uint64_t) width);
	if (v > wc_mysql_int_max(width))
		{
		wc_fail_ef(err, WC_ERR_RANGE, 0, wc_mysql_int_max(width), v);
		if (err)
			err->has &= ~(unsigned) WC_HAS_OFFSET;
		return WC_ERR_RANGE;
	}
	return WC_OK;
}

/* Write v as int<width> at dst (checked width and range). */
static inline void
wc_mysql_int_write(uint8_t *dst, uint64_t v, int width)
{
	switch (width)
	{
		case 1:
			dst[0] = (uint8_t) v;
			break;
		case 2:
			wc_store_le16(dst, (uint16_t) v);
			break;
		case 3:
			wc_store_le16(dst, (uint16_t) v);
			dst[2] = (uint8_t) (v >> 16);
			break;
		case 4:
			wc_store_le32(dst, (uint32_t) v);
			break;
		case 6:
			wc_store_le32(dst, (uint32_t) v);
			wc_store_le16(dst + 4, (uint16_t) (v >> 32));
			break;
		default:
			wc_store_le64(dst, v);
			break;
	}
}

/* Read int<width> from p (width valid, width bytes present). */
static inline uint64_t
wc_mysql_int_read(const uint8_t *p, int width)
{
	switch (width)
	{
		case 1:
			return p[0];
		case 2:
			return wc_load_le16(p);
		case 3:
			return wc_load_le16(p) | (uint64_t) p[2] << 16;
		case 4:
			return wc_load_le32(p);
		case 6:
			return wc_load_le32(p) | (uint64_t) wc_load_le16(p + 4) << 32;
		default:
			return wc_load_le64(p);
	}
}

/* Read int<width> at buf[pos] of a len-byte buffer (pos <= len) with error
 * reporting: WC_MYSQL_WIDTH, or WC_ERR_TRUNCATED (offset = pos,
 * expected = width, found = bytes left). */
wc_status wc_mysql_int_get(const uint8_t *buf, size_t len, size_t pos,
								 int width, uint64_t *value,
								 wc_error *err);

#endif							/* WC_MYSQL_INT_H */
