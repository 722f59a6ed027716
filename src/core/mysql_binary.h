/*
 * mysql_binary.h: values of the MySQL binary protocol (prepared-statement
 * result rows and COM_STMT_EXECUTE parameters) and binary resultset rows
 * (ProtocolBinary::ResultsetRow: 0x00, NULL bitmap with offset 2, values).
 * Also the calendar fields of the temporal forms (binary and text), and the
 * character set of a collation id.  Pure C, no allocation.
 */
#ifndef WC_MYSQL_BINARY_H
#define WC_MYSQL_BINARY_H

#include <stddef.h>
#include <stdint.h>

#include "mysql_protocol.h"

/* enum_field_types as sent in column definitions and parameter types. */
enum
{
	WC_MYSQL_TYPE_DECIMAL = 0x00,
	WC_MYSQL_TYPE_TINY = 0x01,
	WC_MYSQL_TYPE_SHORT = 0x02,
	WC_MYSQL_TYPE_LONG = 0x03,
	WC_MYSQL_TYPE_FLOAT = 0x04,
	WC_MYSQL_TYPE_DOUBLE = 0x05,
	WC_MYSQL_TYPE_NULL = 0x06,
	WC_MYSQL_TYPE_TIMESTAMP = 0x07,
	WC_MYSQL_TYPE_LONGLONG = 0x08,
	WC_MYSQL_TYPE_INT24 = 0x09,
	WC_MYSQL_TYPE_DATE = 0x0a,
	WC_MYSQL_TYPE_TIME = 0x0b,
	WC_MYSQL_TYPE_DATETIME = 0x0c,
	WC_MYSQL_TYPE_YEAR = 0x0d,
	WC_MYSQL_TYPE_NEWDATE = 0x0e,
	WC_MYSQL_TYPE_VARCHAR = 0x0f,
	WC_MYSQL_TYPE_BIT = 0x10,
	WC_MYSQL_TYPE_TIMESTAMP2 = 0x11,
	WC_MYSQL_TYPE_DATETIME2 = 0x12,
	WC_MYSQL_TYPE_TIME2 = 0x13,
	WC_MYSQL_TYPE_VECTOR = 0xf2,
	WC_MYSQL_TYPE_JSON = 0xf5,
	WC_MYSQL_TYPE_NEWDECIMAL = 0xf6,
	WC_MYSQL_TYPE_ENUM = 0xf7,
	WC_MYSQL_TYPE_SET = 0xf8,
	WC_MYSQL_TYPE_TINY_BLOB = 0xf9,
	WC_MYSQL_TYPE_MEDIUM_BLOB = 0xfa,
	WC_MYSQL_TYPE_LONG_BLOB = 0xfb,
	WC_MYSQL_TYPE_BLOB = 0xfc,
	WC_MYSQL_TYPE_VAR_STRING = 0xfd,
	WC_MYSQL_TYPE_STRING = 0xfe,
	WC_MYSQL_TYPE_GEOMETRY = 0xff
};

/* Column flags used by the typed decoders. */
#define WC_MYSQL_FLAG_UNSIGNED 0x0020
#define WC_MYSQL_FLAG_BINARY 0x0080
#define WC_MYSQL_FLAG_ENUM 0x0100
#define WC_MYSQL_FLAG_SET 0x0800

/* How a type's value is laid out in the binary protocol. */
typedef enum wc_mysql_binary_form
{
	WC_MYSQL_BIN_INVALID = 0,	/* not a type the protocol sends */
	WC_MYSQL_BIN_FIXED,			/* fixed width little-endian (1, 2, 4, 8) */
	WC_MYSQL_BIN_LENENC,		/* string<lenenc> */
	WC_MYSQL_BIN_DATETIME,		/* int<1> length 0/4/7/11, then the fields */
	WC_MYSQL_BIN_TIME,			/* int<1> length 0/8/12, then the fields */
	WC_MYSQL_BIN_EMPTY			/* MYSQL_TYPE_NULL: no bytes */
} wc_mysql_binary_form;

/* The form of type; *width is the byte count of a FIXED form. */
wc_mysql_binary_form wc_mysql_binary_form_of(uint8_t type, size_t *width);

/* The type's name ("LONGLONG", "NEWDECIMAL"), or NULL if unknown. */
const char *wc_mysql_type_name(uint8_t type);

/*
 * Read the binary-protocol value of type at buf[pos] (pos <= len).  On OK
 * *out is its content: the raw little-endian bytes of a fixed form, the
 * string bytes (without the length prefix) of a lenenc form, the fields
 * after the length byte of a temporal form (0, 4, 7 or 11 bytes; 0, 8 or
 * 12 for TIME); *next is the offset after the value.  Errors:
 * WC_MYSQL_COLUMN_TYPE (found = type), WC_ERR_TRUNCATED,
 * WC_ERR_LENGTH, WC_ERR_BAD_BYTE, WC_MYSQL_NULL_FIELD (0xFB as a
 * lenenc prefix: NULLs are in the bitmap), WC_MYSQL_TEMPORAL_LENGTH
 * (found = the length byte).
 */
wc_status wc_mysql_binary_value_get(const uint8_t *buf, size_t len, size_t pos,
										  uint8_t type, wc_mysql_slice *out,
										  size_t *next, wc_error *err);

/* ---- binary resultset row ---- */

/* Bytes of the NULL bitmap of a row of ncols columns (offset 2). */
static inline size_t
wc_mysql_binary_row_bitmap_size(size_t ncols)
{
	return (ncols + 7 + 2) / 8;
}

/* Is column i NULL in a checked row (buf = the row payload)? */
static inline int
wc_mysql_binary_row_is_null(const uint8_t *buf, size_t i)
{
	size_t		b = i + 2;

	return (buf[1 + b / 8] >> (b % 8)) & 1;
}

/*
 * Check a binary row payload against the types of its ncols columns:
 * header 0x00 (WC_ERR_BAD_BYTE, found = the byte), the bitmap
 * present, each non-NULL value well formed, nothing after the last
 * (WC_ERR_TRAILING).  err's index is the 1-based column of a value
 * error (field = its type name), none for the header and bitmap.  The bitmap's two reserved bits and
 * its padding bits are ignored.  Walk a checked row with
 * wc_mysql_binary_row_is_null and wc_mysql_binary_value_get from
 * 1 + wc_mysql_binary_row_bitmap_size(ncols).
 */
wc_status wc_mysql_binary_row_check(const uint8_t *buf, size_t len,
										  const uint8_t *types, size_t ncols,
										  wc_error *err);

/* ---- calendar fields ---- */

/* DATE, DATETIME, TIMESTAMP: fields absent from the binary form are 0. */
typedef struct wc_mysql_datetime
{
	uint16_t	year;
	uint8_t		month;
	uint8_t		day;
	uint8_t		hour;
	uint8_t		minute;
	uint8_t		second;
	uint32_t	microsecond;
} wc_mysql_datetime;

/* TIME: a signed duration, days and hours as sent. */
typedef struct wc_mysql_time
{
	int			negative;
	uint32_t	days;
	uint32_t	hour;			/* the text form carries hours up to 838 */
	uint8_t		minute;
	uint8_t		second;
	uint32_t	microsecond;
} wc_mysql_time;

/* Fields of a checked binary temporal value (p, n = the slice of
 * wc_mysql_binary_value_get). */
void		wc_mysql_binary_datetime(const uint8_t *p, size_t n, wc_mysql_datetime *dt);
void		wc_mysql_binary_time(const uint8_t *p, size_t n, wc_mysql_time *t);

/*
 * Parse the text protocol's forms: "YYYY-MM-DD", "YYYY-MM-DD hh:mm:ss" with
 * an optional ".f" of 1 to 6 digits; "[-]h:mm:ss[.f]" (hours 0 to 838, any
 * number of digits up to 9).  Returns WC_OK or
 * WC_ERR_SYNTAX (offset = the byte that is wrong, relative to p).
 * Field ranges are not checked here (zero dates parse).
 */
wc_status wc_mysql_text_datetime(const uint8_t *p, size_t n, wc_mysql_datetime *dt,
									   wc_error *err);
wc_status wc_mysql_text_time(const uint8_t *p, size_t n, wc_mysql_time *t,
								   wc_error *err);

/* ---- character sets ---- */

/* The character set of a collation id, as far as wirecodec converts it. */
typedef enum wc_mysql_charset
{
	WC_MYSQL_CS_UNKNOWN = 0,	/* unknown id, or a set PostgreSQL lacks */
	WC_MYSQL_CS_BINARY,			/* 63: bytes, no character set */
	WC_MYSQL_CS_UTF8,			/* utf8mb3, utf8mb4 */
	WC_MYSQL_CS_ASCII,
	WC_MYSQL_CS_LATIN1,			/* MySQL's latin1 is Windows-1252 */
	WC_MYSQL_CS_LATIN2,
	WC_MYSQL_CS_LATIN5,
	WC_MYSQL_CS_CP1250,
	WC_MYSQL_CS_CP1251,
	WC_MYSQL_CS_CP1256,
	WC_MYSQL_CS_CP1257,
	WC_MYSQL_CS_CP866,
	WC_MYSQL_CS_KOI8R,
	WC_MYSQL_CS_KOI8U,
	WC_MYSQL_CS_GREEK,
	WC_MYSQL_CS_HEBREW,
	WC_MYSQL_CS_SJIS,
	WC_MYSQL_CS_UJIS,
	WC_MYSQL_CS_EUCKR,
	WC_MYSQL_CS_GB2312,
	WC_MYSQL_CS_GBK,
	WC_MYSQL_CS_BIG5
} wc_mysql_charset;

/* Character set of a MySQL or MariaDB collation id. */
wc_mysql_charset wc_mysql_charset_of(uint16_t collation);

#endif							/* WC_MYSQL_BINARY_H */
