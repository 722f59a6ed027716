/*
 * mysql_lenenc.c: MySQL int<lenenc> with error reporting, string<lenenc>
 * and string<NUL>.  The hot integer paths are inline in mysql_lenenc.h.
 */
#include "mysql_lenenc.h"

#include <string.h>

/* int<lenenc> at buf[pos] with offset/need/have on error. */
wc_mysql_status
wc_mysql_lenenc_int_get(const uint8_t *buf, size_t len, size_t pos,
						uint64_t *value, size_t *next, wc_mysql_error *err)
{
	size_t		avail = len - pos;
	size_t		used = 0;
	wc_mysql_status st = wc_mysql_lenenc_int_read(buf + pos, avail, value, &used);

	if (st == WC_MYSQL_OK || st == WC_MYSQL_NULL)
	{
		*next = pos + used;
		return st;
	}
	st = wc_mysql_fail(err, st, pos, used, avail);
	if (err && st == WC_MYSQL_ERR_TRUNCATED && avail > 0)
		err->prefix = buf[pos];
	return st;
}

/* string<lenenc> at buf[pos]; the length is never added to pos before it
 * is known to fit, so 2^64-1 cannot wrap.  The prefix is read inline: this
 * is the per-column step of every text row. */
wc_mysql_status
wc_mysql_lenenc_str_get(const uint8_t *buf, size_t len, size_t pos,
						wc_mysql_slice *out, size_t *next, wc_mysql_error *err)
{
	uint64_t	n = 0;
	size_t		used = 0;
	size_t		p;
	wc_mysql_status st = wc_mysql_lenenc_int_read(buf + pos, len - pos, &n, &used);

	if (st == WC_MYSQL_NULL)
	{
		out->off = pos + 1;
		out->len = 0;
		out->is_null = 1;
		*next = pos + 1;
		return st;
	}
	if (st != WC_MYSQL_OK)
		return wc_mysql_lenenc_int_get(buf, len, pos, &n, next, err);
	p = pos + used;
	if (n > (uint64_t) (len - p))
		return wc_mysql_fail(err, WC_MYSQL_ERR_LENGTH, pos, n, len - p);
	out->off = p;
	out->len = (size_t) n;
	out->is_null = 0;
	*next = p + (size_t) n;
	return WC_MYSQL_OK;
}

/* string<NUL> cannot carry a 00 byte. */
wc_mysql_status
wc_mysql_null_str_check(const uint8_t *src, size_t n, wc_mysql_error *err)
{
	const uint8_t *z = n ? memchr(src, 0, n) : NULL;

	if (z)
		return wc_mysql_fail(err, WC_MYSQL_ERR_EMBEDDED_NUL, (size_t) (z - src), 0, 0);
	return WC_MYSQL_OK;
}

/* string<NUL>: the bytes, then 00. */
size_t
wc_mysql_null_str_write(uint8_t *dst, const uint8_t *src, size_t n)
{
	if (n)
		memcpy(dst, src, n);
	dst[n] = 0;
	return n + 1;
}

/* string<NUL> at buf[pos]: memchr for the terminator. */
wc_mysql_status
wc_mysql_null_str_get(const uint8_t *buf, size_t len, size_t pos,
					  wc_mysql_slice *out, size_t *next, wc_mysql_error *err)
{
	const uint8_t *z = pos < len ? memchr(buf + pos, 0, len - pos) : NULL;

	if (z == NULL)
		return wc_mysql_fail(err, WC_MYSQL_ERR_NO_NUL, pos, 1, len - pos);
	out->off = pos;
	out->len = (size_t) (z - (buf + pos));
	out->is_null = 0;
	*next = out->off + out->len + 1;
	return WC_MYSQL_OK;
}
