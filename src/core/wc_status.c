/*
 * wc_status.c: the one message table of wirecodec (see wc_status.h).
 * Each row gives a status's SQLSTATE class and its text: lower case, no
 * final period, no position (the reporter adds where).
 */
#include "wc_status.h"

static const wc_status_info wc_rows[WC_STATUS_COUNT] = {
	[WC_OK] = {WC_CLASS_NONE, "no error"},
	[WC_NULL] = {WC_CLASS_NONE, "null value"},

	/* shared by every codec */
	[WC_ERR_TRUNCATED] = {WC_CLASS_BINARY, "truncated value", WC_SHOW_BYTES},
	[WC_ERR_TRAILING] = {WC_CLASS_BINARY, "unexpected data after the end", WC_SHOW_BYTES},
	[WC_ERR_BAD_BYTE] = {WC_CLASS_BINARY, "invalid byte", WC_SHOW_HEX},
	[WC_ERR_BAD_VALUE] = {WC_CLASS_BINARY, "invalid value"},
	[WC_ERR_LENGTH] = {WC_CLASS_BINARY, "length exceeds the data", WC_SHOW_BYTES},
	[WC_ERR_UNTERMINATED] = {WC_CLASS_BINARY, "missing terminator", WC_SHOW_BYTES},
	[WC_ERR_UTF8] = {WC_CLASS_BINARY, "invalid UTF-8"},
	[WC_ERR_NONCANONICAL] = {WC_CLASS_BINARY, "non-canonical encoding"},
	[WC_ERR_UNEXPECTED] = {WC_CLASS_BINARY, "unexpected item", WC_SHOW_HEX},
	[WC_ERR_UNSUPPORTED] = {WC_CLASS_BINARY, "unsupported kind", WC_SHOW_HEX},
	[WC_ERR_CHECKSUM] = {WC_CLASS_BINARY, "checksum mismatch", WC_SHOW_HEX},
	[WC_ERR_SYNTAX] = {WC_CLASS_TEXT, "syntax error"},
	[WC_ERR_RANGE] = {WC_CLASS_RANGE, "value out of range", WC_SHOW_LIMIT},
	[WC_ERR_DATETIME_RANGE] = {WC_CLASS_DATETIME, "date or time out of range", WC_SHOW_LIMIT},
	[WC_ERR_PARAMETER] = {WC_CLASS_PARAMETER, "invalid parameter"},
	[WC_ERR_TOO_LARGE] = {WC_CLASS_TOO_LARGE, "result too large", WC_SHOW_BYTES},

	/* MySQL client/server protocol */
	[WC_MYSQL_NULL_FIELD] = {WC_CLASS_BINARY, "unexpected NULL marker 0xfb", WC_SHOW_NUMBER,
	"This field cannot be NULL."},
	[WC_MYSQL_EMBEDDED_NUL] = {WC_CLASS_PARAMETER, "string<NUL> cannot contain a 0x00 byte"},
	[WC_MYSQL_WIDTH] = {WC_CLASS_PARAMETER, "unsupported int<N> width", WC_SHOW_NUMBER,
	"int<N> is defined for N = 1, 2, 3, 4, 6, 8."},
	[WC_MYSQL_CONTINUATION] = {WC_CLASS_BINARY, "stream ends after a full-size chunk",
		WC_SHOW_BYTES,
	"A chunk of 16777215 bytes must be followed by another chunk of the same packet."},
	[WC_MYSQL_SEQUENCE] = {WC_CLASS_BINARY, "sequence id gap"},
	[WC_MYSQL_COLUMN_COUNT] = {WC_CLASS_BINARY, "wrong number of columns"},
	[WC_MYSQL_COLUMN_TYPE] = {WC_CLASS_PARAMETER, "column type the binary protocol does not send"},
	[WC_MYSQL_TEMPORAL_LENGTH] = {WC_CLASS_BINARY, "invalid length of a temporal value",
		WC_SHOW_NUMBER,
	"DATE, DATETIME and TIMESTAMP have length 0, 4, 7 or 11; TIME has 0, 8 or 12."},
};

static const wc_status_info wc_unknown = {.klass = WC_CLASS_BINARY, .message = "unknown error"};

const wc_status_info *
wc_status_row(wc_status st)
{
	if ((unsigned) st >= WC_STATUS_COUNT || wc_rows[st].message == 0)
		return &wc_unknown;
	return &wc_rows[st];
}
