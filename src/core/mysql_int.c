/*
 * mysql_int.c: int<N> reads with error reporting; the plain loads and
 * stores are inline in mysql_int.h.
 */
#include "mysql_int.h"

/* int<width> at buf[pos], checking the width and the bytes left. */
wc_status
wc_mysql_int_get(const uint8_t *buf, size_t len, size_t pos, int width,
				 uint64_t *value, wc_error *err)
{
	if (!wc_mysql_int_width_ok(width))
		return wc_fail_arg(err, WC_MYSQL_WIDTH, (uint64_t) width);
	if (len - pos < (size_t) width)
		return wc_fail_ef(err, WC_ERR_TRUNCATED, pos, (uint64_t) width, len - pos);
	*value = wc_mysql_int_read(buf + pos, width);
	return WC_OK;
}
