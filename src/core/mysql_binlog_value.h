/*
 * mysql_binlog_value.h: the JSON text writers of the typed row values
 * (mysql_binlog_value.c) that MySQL's binary JSON decoder
 * (mysql_binlog_json.c) shares, so that a number, a DECIMAL, a temporal
 * value or a string inside a document is written as a column of its type
 * is.  Core only: the glue reads values through mysql_binlog.h.
 */
#ifndef WC_MYSQL_BINLOG_VALUE_H
#define WC_MYSQL_BINLOG_VALUE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "mysql_binlog.h"

/* Input bytes a text, hex or base64 loop handles between interrupt checks
 * (well under a millisecond of work). */
#define WC_OUT_CHUNK 65536

/* WC_BINLOG_TEXT_LIMIT once o has passed its limit (off: where the value
 * that passed it starts). */
static inline wc_status
wc_out_limit(const wc_binlog_out *o, uint64_t off, wc_error *err)
{
	if (o->limit && o->len > o->limit)
		return wc_fail_ef(err, WC_BINLOG_TEXT_LIMIT, off, o->limit, o->len);
	return WC_OK;
}

/* Start the error path of opts (empty: no error inside a document). */
static inline void
wc_path_clear(const wc_binlog_json_opts *opts)
{
	if (opts && opts->path && opts->path_cap)
		opts->path[0] = '\0';
}

/* Append n bytes (o->len counts past o->cap: what a bigger buffer needs). */
static inline void
wc_out_bytes(wc_binlog_out *o, const void *p, size_t n)
{
	if (o->len + n <= o->cap)
		memcpy(o->p + o->len, p, n);
	o->len += n;
}

/* Append one byte. */
static inline void
wc_out_char(wc_binlog_out *o, char c)
{
	if (o->len < o->cap)
		o->p[o->len] = (uint8_t) c;
	o->len++;
}

/* Append a C string. */
static inline void
wc_out_str(wc_binlog_out *o, const char *s)
{
	wc_out_bytes(o, s, strlen(s));
}

/* v as a JSON number. */
static inline void
wc_out_u64(wc_binlog_out *o, uint64_t v)
{
	char		buf[24];
	int			n = 0;

	do
	{
		buf[sizeof(buf) - 1 - n++] = (char) ('0' + v % 10);
		v /= 10;
	} while (v);
	wc_out_bytes(o, buf + sizeof(buf) - n, n);
}

/* v as a JSON number. */
static inline void
wc_out_i64(wc_binlog_out *o, int64_t v)
{
	if (v < 0)
	{
		wc_out_char(o, '-');
		wc_out_u64(o, (uint64_t) 0 - (uint64_t) v);
	}
	else
		wc_out_u64(o, (uint64_t) v);
}

/* Character sets the decoder converts. */
typedef enum
{
	WC_CS_UNKNOWN = 0,
	WC_CS_BINARY,
	WC_CS_UTF8,
	WC_CS_LATIN1,
	WC_CS_ASCII,
	WC_CS_UCS2,
	WC_CS_UTF16,
	WC_CS_UTF16LE,
	WC_CS_UTF32
} wc_charset;

/* A text value in character set cs as a JSON string. */
wc_status	wc_out_text(wc_binlog_out *o, const uint8_t *p, size_t n, wc_charset cs,
						uint64_t off, wc_error *err);

/* A DOUBLE as a JSON number in shortest round-trip form (NaN and the
 * infinities are errors). */
wc_status	wc_out_double(wc_binlog_out *o, double d, const wc_binlog_json_opts *opts,
						  uint64_t off, wc_error *err);

/* A packed DECIMAL(precision, scale) of exactly its size at p, as a JSON
 * number. */
wc_status	wc_out_decimal(wc_binlog_out *o, const uint8_t *p, size_t n, unsigned precision,
						   unsigned scale, uint64_t off, wc_error *err);

/* MySQL's packed DATETIME (DATE with date_only) and TIME, fsp fraction
 * digits, as text without quotes. */
wc_status	wc_out_packed_datetime(wc_binlog_out *o, int64_t v, unsigned fsp, bool date_only,
								   uint64_t off, wc_error *err);
wc_status	wc_out_packed_time(wc_binlog_out *o, int64_t v, unsigned fsp, uint64_t off,
							   wc_error *err);

#endif							/* WC_MYSQL_BINLOG_VALUE_H */
