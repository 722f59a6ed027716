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
	[WC_ERR_TRUNCATED] = {WC_CLASS_BINARY, "truncated"},
	[WC_ERR_TRAILING] = {WC_CLASS_BINARY, "unexpected data after the end"},
	[WC_ERR_BAD_BYTE] = {WC_CLASS_BINARY, "invalid byte"},
	[WC_ERR_BAD_VALUE] = {WC_CLASS_BINARY, "invalid value"},
	[WC_ERR_LENGTH] = {WC_CLASS_BINARY, "length runs past the end of the input"},
	[WC_ERR_UNTERMINATED] = {WC_CLASS_BINARY, "missing terminator"},
	[WC_ERR_UTF8] = {WC_CLASS_BINARY, "invalid UTF-8"},
	[WC_ERR_NONCANONICAL] = {WC_CLASS_BINARY, "non-canonical encoding"},
	[WC_ERR_UNEXPECTED] = {WC_CLASS_BINARY, "unexpected item"},
	[WC_ERR_UNSUPPORTED] = {WC_CLASS_BINARY, "unsupported kind"},
	[WC_ERR_CHECKSUM] = {WC_CLASS_BINARY, "checksum mismatch"},
	[WC_ERR_SYNTAX] = {WC_CLASS_TEXT, "syntax error"},
	[WC_ERR_RANGE] = {WC_CLASS_RANGE, "value out of range"},
	[WC_ERR_DATETIME_RANGE] = {WC_CLASS_DATETIME, "date or time out of range"},
	[WC_ERR_PARAMETER] = {WC_CLASS_PARAMETER, "invalid parameter"},
	[WC_ERR_TOO_LARGE] = {WC_CLASS_TOO_LARGE, "result too large"},

	/* one block per codec follows, in wc_status.h's order */

	/* CockroachDB SQL keys */
	[WC_CRDB_KEY_UNSUPPORTED_TYPE] = {WC_CLASS_UNSUPPORTED, "type has no CockroachDB key encoding"},
};

static const wc_status_info wc_unknown = {WC_CLASS_BINARY, "unknown error"};

const wc_status_info *
wc_status_row(wc_status st)
{
	if ((unsigned) st >= WC_STATUS_COUNT || wc_rows[st].message == 0)
		return &wc_unknown;
	return &wc_rows[st];
}
