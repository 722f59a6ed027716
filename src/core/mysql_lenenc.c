/*
 * mysql_lenenc.c: MySQL int<lenenc> with error reporting, string<lenenc>
 * and string<NUL>.  The hot integer paths are inline in mysql_lenenc.h.
 */
#include "mysql_lenenc.h"

#include <string.h>

/* int<lenenc> at buf[pos] with offset/expected/found on error. */
wc_status
wc_mysql_lenenc_int_get(const uint8_t *buf, size_t len, size_t pos,
						uint64_t *value, size_t *next, wc_error *err)
{
	size_t		avail = len - pos;
	size_t		used = 0;
	wc_status st = wc_mysql_lenenc_int_read(buf + pos, avail, value, &used);

	if (st == WC_OK || st == WC_NULL)
	{
		*next = pos + used;
		return st;
	}
	if (st == WC_ERR_BAD_BYTE)
		return wc_fail_found(err, st, pos, buf[pos]);
	return wc_fail_ef(err, st, pos, used, avail);
}

/* string<lenenc> at buf[pos]; the length is never added to pos before it
 * is known to fit, so 2^64-1 cannot wrap.  The prefix is read inline: this
 * is the per-column step of every text row. */
wc_status
wc_mysql_lenenc_str_get(const uint8_t *buf, size_t len, size_t pos,
						wc_mysql_slice *out, size_t *next, wc_error *err)
{
	uint64_t	n = 0;
	size_t		used = 0;
	size_t		p;
	wc_status st = wc_mysql_lenenc_int_read(buf + pos, len - pos, &n, &used);

	if (st == WC_NULL)
	{
		out->off = pos + 1;
		out->len = 0;
		out->is_null = 1;
		*next = pos + 1;
		return st;
	}
	if (st != WC_OK)
		return wc_mysql_lenenc_int_get(buf, len, pos, &n, next, err);
	p = pos + used;
	if (n > (uint64_t) (len - p))
		return wc_fail_ef(err, WC_ERR_LENGTH, pos, n, len - p);
	out->off = p;
	out->len = (size_t) n;
	out->is_null = 0;
	*next = p + (size_t) n;
	return WC_OK;
}

/* string<NUL> cannot carry a 00 byte. */
wc_status
wc_mysql_null_str_check(const uint8_t *src, size_t n, wc_error *err)
{
	const uint8_t *z = n ? wc_memchr_checked(src, 0, n) : NULL;

	if (z)
		return wc_fail(err, WC_MYSQL_EMBEDDED_NUL, (size_t) (z - src));
	return WC_OK;
}

/* string<NUL>: the bytes, then 00. */
size_t
wc_mysql_null_str_write(uint8_t *dst, const uint8_t *src, size_t n)
{
	if (n)
		wc_memcpy_checked(dst, src, n);
	dst[n] = 0;
	return n + 1;
}

/* string<NUL> at buf[pos]: memchr for the terminator. */
wc_status
wc_mysql_null_str_get(const uint8_t *buf, size_t len, size_t pos,
					  wc_mysql_slice *out, size_t *next, wc_error *err)
{
	const uint8_t *z = pos < len ? wc_memchr_checked(buf + pos, 0, len - pos) : NULL;

	if (z == NULL)
		return wc_fail_found(err, WC_ERR_UNTERMINATED, pos, len - pos);
	out->off = pos;
	out->len = (size_t) (z - (buf + pos));
	out->is_null = 0;
	*next = out->off + out->len + 1;
	return WC_OK;
}
