/*
 * mysql_status.h: status codes and error location shared by the MySQL
 * protocol core (mysql_lenenc, mysql_int, mysql_packet, mysql_handshake,
 * mysql_command).  No PostgreSQL
 * headers.
 *
 * Every decoder returns a wc_mysql_status; on an error it also fills a
 * wc_mysql_error with the absolute byte offset of the problem and, where
 * they mean something, what was needed and what was present.
 */
#ifndef WC_MYSQL_STATUS_H
#define WC_MYSQL_STATUS_H

#include <stddef.h>
#include <stdint.h>

typedef enum wc_mysql_status
{
	WC_MYSQL_OK = 0,
	WC_MYSQL_NULL,				/* 0xFB: SQL NULL, a value and not an error */
	WC_MYSQL_ERR_TRUNCATED,		/* fewer bytes than the form needs: need/have */
	WC_MYSQL_ERR_FF,			/* 0xFF where an int<lenenc> starts */
	WC_MYSQL_ERR_LENGTH,		/* string length beyond the input: need/have */
	WC_MYSQL_ERR_NO_NUL,		/* string<NUL> without its terminating 00 */
	WC_MYSQL_ERR_EMBEDDED_NUL,	/* 00 inside bytes to write as string<NUL> */
	WC_MYSQL_ERR_WIDTH,			/* int<N> width not in 1, 2, 3, 4, 6, 8 */
	WC_MYSQL_ERR_RANGE,			/* value does not fit the encoding */
	WC_MYSQL_ERR_CONTINUATION,	/* stream ends right after a full-size chunk */
	WC_MYSQL_ERR_SEQUENCE,		/* sequence id gap: need=expected, have=found */
	WC_MYSQL_ERR_HEADER,		/* OK packet header not 00/FE: have=byte */
	WC_MYSQL_ERR_FIXED_LENGTH,	/* column definition fixed-field length not 12 */
	WC_MYSQL_ERR_NULL_FIELD,	/* 0xFB where the field cannot be NULL */
	WC_MYSQL_ERR_TRAILING,		/* bytes after the last field: have=count */
	WC_MYSQL_ERR_COLUMN_COUNT,	/* text row: need=expected, have=found */
	WC_MYSQL_ERR_BAD_BYTE,		/* a marker or header byte: need=expected, have=found */
	WC_MYSQL_ERR_BAD_VALUE,		/* a field's value is impossible: need=expected, have=found */
	WC_MYSQL_ERR_PARAM_TYPE,	/* unknown binary parameter type: have=type byte */
	/* binary protocol, typed values and conversations (mysql_binary.h,
	 * mysql_conversation.h) */
	WC_MYSQL_ERR_TYPE,			/* column type the protocol never sends: have=type */
	WC_MYSQL_ERR_TEMPORAL_LENGTH,	/* DATE/TIME length byte not allowed: have=byte */
	WC_MYSQL_ERR_ROW_HEADER,	/* binary row header not 00: have=byte */
	WC_MYSQL_ERR_SYNTAX,		/* text value not in its MySQL form */
	WC_MYSQL_ERR_UNEXPECTED		/* packet not allowed where it is: have=first byte */

} wc_mysql_status;

typedef struct wc_mysql_error
{
	size_t		offset;			/* absolute byte offset of the problem */
	uint64_t	need;			/* bytes (or value) needed, by status */
	uint64_t	have;			/* bytes (or value) present, by status */
	int			field;			/* field, column or packet index; -1: none */
	uint8_t		prefix;			/* first byte of a truncated int<lenenc>; 0: none */
} wc_mysql_error;

/* A decoded byte string: data at buf[off .. off + len), or SQL NULL. */
typedef struct wc_mysql_slice
{
	size_t		off;
	size_t		len;
	int			is_null;
} wc_mysql_slice;

/* Fill *err (when not NULL) and return st: the one error exit of the core. */
static inline wc_mysql_status
wc_mysql_fail(wc_mysql_error *err, wc_mysql_status st, size_t offset,
			  uint64_t need, uint64_t have)
{
	if (err)
	{
		err->offset = offset;
		err->need = need;
		err->have = have;
		err->field = -1;
		err->prefix = 0;
	}
	return st;
}

/* Record which field an error belongs to; st passes through. */
static inline wc_mysql_status
wc_mysql_in_field(wc_mysql_error *err, wc_mysql_status st, int field)
{
	if (err)
		err->field = field;
	return st;
}

/* n fixed bytes must remain at pos of buf[0 .. len); the error names field. */
static inline wc_mysql_status
wc_mysql_need(size_t len, size_t pos, uint64_t n, wc_mysql_error *err, int field)
{
	if (len - pos < n)
		return wc_mysql_in_field(err, wc_mysql_fail(err, WC_MYSQL_ERR_TRUNCATED, pos, n, len - pos),
								 field);
	return WC_MYSQL_OK;
}

#endif							/* WC_MYSQL_STATUS_H */
