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
	[WC_ERR_SYNTAX] = {WC_CLASS_TEXT, "unexpected character"},
	[WC_ERR_RANGE] = {WC_CLASS_RANGE, "value out of range", WC_SHOW_LIMIT},
	[WC_ERR_DATETIME_RANGE] = {WC_CLASS_DATETIME, "date or time out of range", WC_SHOW_LIMIT},
	[WC_ERR_PARAMETER] = {WC_CLASS_PARAMETER, "invalid parameter"},
	[WC_ERR_TOO_LARGE] = {WC_CLASS_TOO_LARGE, "result too large", WC_SHOW_BYTES},

	/* FoundationDB tuple layer */
	[WC_FDB_BAD_CODE] = {WC_CLASS_BINARY, "unsupported type code", WC_SHOW_HEX},
	[WC_FDB_NESTED_UNTERMINATED] = {WC_CLASS_BINARY, "unterminated nested tuple"},
	[WC_FDB_INCOMPLETE_VS] = {WC_CLASS_PARAMETER, "incomplete versionstamp"},
	[WC_FDB_VS_COUNT] = {WC_CLASS_PARAMETER, "not exactly one incomplete versionstamp"},

	/* CockroachDB HLC timestamps */
	[WC_HLC_EMPTY] = {WC_CLASS_TEXT, "empty input"},
	[WC_HLC_FRACTION_LEN] = {WC_CLASS_TEXT, "more than 10 fraction digits"},
	[WC_HLC_NANOS_LEN] = {WC_CLASS_TEXT,
	"the nanoseconds of the String() form must be exactly 9 digits"},
	[WC_HLC_WALL_RANGE] = {WC_CLASS_RANGE, "wall time is outside 0 .. 9223372036854775807"},
	[WC_HLC_LOGICAL_RANGE] = {WC_CLASS_RANGE, "logical is outside 0 .. 2147483647"},
	[WC_HLC_NEGATIVE] = {WC_CLASS_RANGE, "a timestamp cannot be negative"},
	[WC_HLC_NOT_FINITE] = {WC_CLASS_RANGE, "a timestamp must be a finite number"},
	[WC_HLC_INEXACT] = {WC_CLASS_RANGE, "non-zero digits after the tenth decimal place"},
	[WC_HLC_STEP_RANGE] = {WC_CLASS_RANGE, "the result is outside the timestamp range"},
	[WC_HLC_VARINT] = {WC_CLASS_BINARY, "varint longer than 10 bytes or above 2^64-1"},
	[WC_HLC_FIELD_NUMBER] = {WC_CLASS_BINARY, "invalid field number"},
	[WC_HLC_WIRE_TYPE] = {WC_CLASS_BINARY, "invalid wire type"},
	[WC_HLC_END_GROUP] = {WC_CLASS_BINARY, "end-group without a matching start-group"},
	[WC_HLC_GROUP_DEPTH] = {WC_CLASS_BINARY, "groups nested too deeply"},

	/* CockroachDB MVCC keys */
	[WC_MVCC_EMPTY] = {WC_CLASS_BINARY, "empty input (no sentinel)"},
	[WC_MVCC_LEN_ONE] = {WC_CLASS_BINARY,
	"version length byte 1 (a zero-length version is never written)"},
	[WC_MVCC_LEN_EXCEEDS] = {WC_CLASS_BINARY, "version length byte exceeds the bytes before it"},
	[WC_MVCC_SENTINEL] = {WC_CLASS_BINARY, "the byte before the version is not the 00 sentinel"},
	[WC_MVCC_VERSION_LEN] = {WC_CLASS_BINARY, "version is not 8, 12 or 13 bytes"},

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
