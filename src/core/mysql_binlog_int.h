/*
 * mysql_binlog_int.h: byte readers shared by the binlog core's files.
 * Binlog integers are little-endian; the temporal and DECIMAL formats of
 * row values are big-endian.
 */
#ifndef WC_MYSQL_BINLOG_INT_H
#define WC_MYSQL_BINLOG_INT_H

#include <stdint.h>
#include <string.h>

#include "byteorder.h"
#include "wc_status.h"

/* Fixed-width loads are byteorder.h's. */
#define wc_bl_le16 wc_load_le16
#define wc_bl_le32 wc_load_le32
#define wc_bl_le64 wc_load_le64

/* n (0-8) little-endian bytes. */
static inline uint64_t
wc_bl_le(const uint8_t *p, unsigned n)
{
	uint64_t	v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* n (0-8) big-endian bytes. */
static inline uint64_t
wc_bl_be(const uint8_t *p, unsigned n)
{
	uint64_t	v = 0;

	for (unsigned i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

/*
 * MySQL's packed integer (net_field_length) at p[*pos], p holding len bytes
 * that start at absolute offset base: 0-250 in one byte, fc + 2 bytes,
 * fd + 3, fe + 8.  fb (NULL) and ff are not lengths here.
 */
static inline wc_status
wc_bl_packed(const uint8_t *p, size_t len, size_t *pos, uint64_t base, uint64_t *v,
			 wc_error *err)
{
	size_t		at = *pos;
	unsigned	n;

	if (at >= len)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, base + len, 1, 0),
						   "packed integer");
	if (p[at] < 0xfb)
	{
		*v = p[at];
		*pos = at + 1;
		return WC_OK;
	}
	if (p[at] == 0xfb || p[at] == 0xff)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, base + at, p[at]),
						   "packed integer");
	n = p[at] == 0xfc ? 2 : p[at] == 0xfd ? 3 : 8;
	if (len - at - 1 < n)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, base + len, n + 1, len - at),
						   "packed integer");
	*v = wc_bl_le(p + at + 1, n);
	*pos = at + 1 + n;
	return WC_OK;
}

/* Length of the valid UTF-8 sequence at p (n >= 1 bytes there), 0 if
 * invalid; *cp gets its code point (mysql_binlog_value.c). */
size_t		wc_binlog_utf8_seq(const uint8_t *p, size_t n, uint32_t *cp);

#endif							/* WC_MYSQL_BINLOG_INT_H */
