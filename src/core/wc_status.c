/*
 * wc_status.c: the one message table of wirecodec (see wc_status.h).
 * Each row gives a status's SQLSTATE class and its text: lower case, no
 * final period, no position (the reporter adds where).
 */
#include "wc_status.h"

/* Set by the glue (see wc_status.h); NULL: checks do nothing. */
wc_interrupt_fn wc_interrupt_hook = NULL;

/* memchr over a long run, in WC_INTERRUPT_BYTES pieces with a check between. */
const void *
wc_memchr_long(const void *s, int c, size_t n)
{
	const unsigned char *p = (const unsigned char *) s;

	while (n > WC_INTERRUPT_BYTES)
	{
		const void *z = memchr(p, c, WC_INTERRUPT_BYTES);

		if (z)
			return z;
		p += WC_INTERRUPT_BYTES;
		n -= WC_INTERRUPT_BYTES;
		wc_check_interrupts();
	}
	return memchr(p, c, n);
}

/* memcpy of a long run, in WC_INTERRUPT_BYTES pieces with a check between. */
void
wc_memcpy_long(void *d, const void *s, size_t n)
{
	unsigned char *q = (unsigned char *) d;
	const unsigned char *p = (const unsigned char *) s;

	while (n > WC_INTERRUPT_BYTES)
	{
		memcpy(q, p, WC_INTERRUPT_BYTES);
		q += WC_INTERRUPT_BYTES;
		p += WC_INTERRUPT_BYTES;
		n -= WC_INTERRUPT_BYTES;
		wc_check_interrupts();
	}
	memcpy(q, p, n);
}

static const wc_status_info wc_rows[WC_STATUS_COUNT] = {
	[WC_OK] = {.klass = WC_CLASS_NONE, .message = "no error"},
	[WC_NULL] = {.klass = WC_CLASS_NONE, .message = "null value"},

	/* shared by every codec */
	[WC_ERR_TRUNCATED] = {.klass = WC_CLASS_BINARY, .message = "truncated value", .show = WC_SHOW_BYTES},
	[WC_ERR_TRAILING] = {.klass = WC_CLASS_BINARY, .message = "unexpected data after the end", .show = WC_SHOW_BYTES},
	[WC_ERR_BAD_BYTE] = {.klass = WC_CLASS_BINARY, .message = "invalid byte", .show = WC_SHOW_HEX},
	[WC_ERR_BAD_VALUE] = {.klass = WC_CLASS_BINARY, .message = "invalid value", .field_lead = "invalid "},
	[WC_ERR_LENGTH] = {.klass = WC_CLASS_BINARY, .message = "length exceeds the data", .show = WC_SHOW_BYTES},
	[WC_ERR_UNTERMINATED] = {.klass = WC_CLASS_BINARY, .message = "missing terminator", .show = WC_SHOW_BYTES},
	[WC_ERR_UTF8] = {.klass = WC_CLASS_BINARY, .message = "invalid UTF-8"},
	[WC_ERR_UNEXPECTED] = {.klass = WC_CLASS_BINARY, .message = "unexpected item", .show = WC_SHOW_HEX},
	[WC_ERR_UNSUPPORTED] = {.klass = WC_CLASS_BINARY, .message = "unsupported kind", .show = WC_SHOW_HEX},
	[WC_ERR_CHECKSUM] = {.klass = WC_CLASS_BINARY, .message = "checksum mismatch", .show = WC_SHOW_HEX},
	[WC_ERR_SYNTAX] = {.klass = WC_CLASS_TEXT, .message = "unexpected character"},
	[WC_ERR_RANGE] = {.klass = WC_CLASS_RANGE, .message = "value out of range", .show = WC_SHOW_LIMIT},
	[WC_ERR_DATETIME_RANGE] = {.klass = WC_CLASS_DATETIME, .message = "date or time out of range", .show = WC_SHOW_LIMIT},
	[WC_ERR_PARAMETER] = {.klass = WC_CLASS_PARAMETER, .message = "invalid parameter", .field_lead = "invalid "},
	[WC_ERR_TOO_LARGE] = {.klass = WC_CLASS_TOO_LARGE, .message = "result too large", .show = WC_SHOW_BYTES},

	/* FoundationDB tuple layer */
	[WC_FDB_BAD_CODE] = {.klass = WC_CLASS_BINARY, .message = "unsupported type code", .show = WC_SHOW_HEX},
	[WC_FDB_NESTED_UNTERMINATED] = {.klass = WC_CLASS_BINARY, .message = "unterminated nested tuple"},
	[WC_FDB_VS_COUNT] = {.klass = WC_CLASS_PARAMETER, .message = "not exactly one incomplete versionstamp"},
	[WC_FDB_INT_RANGE] = {.klass = WC_CLASS_RANGE, .message = "integer beyond 255 bytes of magnitude", .hint = "Tuple integers hold at most 255 bytes of magnitude: -(2^2040-1) to 2^2040-1."},

	/* CockroachDB HLC timestamps */
	[WC_HLC_EMPTY] = {.klass = WC_CLASS_TEXT, .message = "empty input"},
	[WC_HLC_FRACTION_LEN] = {.klass = WC_CLASS_TEXT, .message = "more than 10 fraction digits", .show = WC_SHOW_LIMIT},
	[WC_HLC_NANOS_LEN] = {.klass = WC_CLASS_TEXT, .message = "the nanoseconds of the String() form must be exactly 9 digits", .show = WC_SHOW_NUMBER},
	[WC_HLC_WALL_RANGE] = {.klass = WC_CLASS_RANGE, .message = "wall time is outside 0 .. 9223372036854775807"},
	[WC_HLC_LOGICAL_RANGE] = {.klass = WC_CLASS_RANGE, .message = "logical is outside 0 .. 2147483647"},
	[WC_HLC_NEGATIVE] = {.klass = WC_CLASS_RANGE, .message = "a timestamp cannot be negative"},
	[WC_HLC_NOT_FINITE] = {.klass = WC_CLASS_RANGE, .message = "a timestamp must be a finite number"},
	[WC_HLC_INEXACT] = {.klass = WC_CLASS_RANGE, .message = "non-zero digits after the tenth decimal place"},
	[WC_HLC_STEP_RANGE] = {.klass = WC_CLASS_RANGE, .message = "the result is outside the timestamp range"},
	[WC_HLC_VARINT] = {.klass = WC_CLASS_BINARY, .message = "varint longer than 10 bytes or above 2^64-1", .show = WC_SHOW_HEX},
	[WC_HLC_FIELD_NUMBER] = {.klass = WC_CLASS_BINARY, .message = "invalid field number"},
	[WC_HLC_WIRE_TYPE] = {.klass = WC_CLASS_BINARY, .message = "invalid wire type"},
	[WC_HLC_END_GROUP] = {.klass = WC_CLASS_BINARY, .message = "end-group without a matching start-group"},
	[WC_HLC_GROUP_DEPTH] = {.klass = WC_CLASS_BINARY, .message = "groups nested too deeply"},

	/* CockroachDB MVCC keys */
	[WC_MVCC_EMPTY] = {.klass = WC_CLASS_BINARY, .message = "empty input (no sentinel)"},
	[WC_MVCC_LEN_ONE] = {.klass = WC_CLASS_BINARY, .message = "version length byte 1 (a zero-length version is never written)"},
	[WC_MVCC_LEN_EXCEEDS] = {.klass = WC_CLASS_BINARY, .message = "version length byte exceeds the bytes before it", .show = WC_SHOW_LIMIT},
	[WC_MVCC_SENTINEL] = {.klass = WC_CLASS_BINARY, .message = "the byte before the version is not the 00 sentinel", .show = WC_SHOW_HEX},
	[WC_MVCC_VERSION_LEN] = {.klass = WC_CLASS_BINARY, .message = "version is not 8, 12 or 13 bytes", .show = WC_SHOW_BYTES, .hint = "The version length byte is the version's length plus one: 9, 13 or 14."},

	/* MySQL client/server protocol */
	[WC_MYSQL_NULL_FIELD] = {.klass = WC_CLASS_BINARY, .message = "unexpected NULL marker 0xfb", .show = WC_SHOW_NUMBER, .hint = "This field cannot be NULL."},
	[WC_MYSQL_EMBEDDED_NUL] = {.klass = WC_CLASS_PARAMETER, .message = "string<NUL> cannot contain a 0x00 byte"},
	[WC_MYSQL_WIDTH] = {.klass = WC_CLASS_PARAMETER, .message = "unsupported int<N> width", .show = WC_SHOW_NUMBER, .hint = "int<N> is defined for N = 1, 2, 3, 4, 6, 8."},
	[WC_MYSQL_CONTINUATION] = {.klass = WC_CLASS_BINARY, .message = "stream ends after a full-size chunk", .show = WC_SHOW_BYTES, .hint = "A chunk of 16777215 bytes must be followed by another chunk of the same packet."},
	[WC_MYSQL_SEQUENCE] = {.klass = WC_CLASS_BINARY, .message = "sequence id gap"},
	[WC_MYSQL_COLUMN_COUNT] = {.klass = WC_CLASS_BINARY, .message = "wrong number of columns"},
	[WC_MYSQL_COLUMN_TYPE] = {.klass = WC_CLASS_PARAMETER, .message = "column type the binary protocol does not send"},
	[WC_MYSQL_TEMPORAL_LENGTH] = {.klass = WC_CLASS_BINARY, .message = "invalid length of a temporal value", .show = WC_SHOW_NUMBER, .hint = "DATE, DATETIME and TIMESTAMP have length 0, 4, 7 or 11; TIME has 0, 8 or 12."},

	/* MySQL binary log */
	[WC_BINLOG_MAGIC] = {.klass = WC_CLASS_BINARY, .message = "not a binary log file (no magic fe 62 69 6e)"},
	[WC_BINLOG_LOG_POS] = {.klass = WC_CLASS_BINARY, .message = "log_pos does not match the event's end"},
	[WC_BINLOG_NO_TABLE_MAP] = {.klass = WC_CLASS_BINARY, .message = "row event for a table id without TABLE_MAP"},
	[WC_BINLOG_COLUMN_COUNT] = {.klass = WC_CLASS_BINARY, .message = "column count differs from the TABLE_MAP"},
	[WC_BINLOG_JSON_PATH] = {.klass = WC_CLASS_BINARY, .message = "JSON diff path not found in the before document", .hint = "A partial JSON update applies to the document of the before image; its path must be there as MySQL applies it."},
	[WC_BINLOG_NO_BEFORE_JSON] = {.klass = WC_CLASS_BINARY, .message = "partial JSON update without a before document", .hint = "The before image does not hold the JSON document the diffs apply to (binlog_row_image=MINIMAL logs only the key); binlog_row_image=FULL or NOBLOB logs it."},
	[WC_BINLOG_JSON_OVERLAP] = {.klass = WC_CLASS_BINARY, .message = "JSON key or value overlaps an earlier one", .hint = "Within one object or array MySQL stores the keys, then the values, each after the one before (with gaps after in-place updates); an offset into the entries, back into the keys or into another value is not a document MySQL writes."},
	[WC_BINLOG_TEXT_LIMIT] = {.klass = WC_CLASS_TOO_LARGE, .message = "rendered text too large", .show = WC_SHOW_LIMIT},
	[WC_BINLOG_NESTED_GTID] = {.klass = WC_CLASS_BINARY, .message = "GTID event inside a transaction", .hint = "A GTID event starts a transaction; the one before must end first (COMMIT, ROLLBACK, XID)."},
	[WC_BINLOG_NOT_UNIT_START] = {.klass = WC_CLASS_PARAMETER, .message = "position is not where a transaction starts"},

	/* MySQL statements logged as text */
	[WC_STMT_NEED_MORE] = {.klass = WC_CLASS_TOO_LARGE, .message = "statement not classified within the bytes read", .hint = "The statement's first bytes do not say which tables it changes; more of it is needed."},
	[WC_STMT_UNKNOWN_TABLE] = {.klass = WC_CLASS_TEXT, .message = "statement changes tables whose names cannot be read"},

	/* MySQL and MariaDB GTID sets as text */
	[WC_GTID_END] = {.klass = WC_CLASS_TEXT, .message = "unexpected end of element", .hint = "A MySQL element is uuid:interval[:interval...], an interval n or lo-hi, a tag before the intervals it names (uuid:tag:1-5); a MariaDB one is domain-server-seq."},
	[WC_GTID_UUID] = {.klass = WC_CLASS_TEXT, .message = "malformed source UUID", .hint = "A MySQL source UUID is 32 hexadecimal digits in groups of 8-4-4-4-12, such as 3e11fa47-71ca-11e1-9e33-c80aa9429562."},
	[WC_GTID_GNO_RANGE] = {.klass = WC_CLASS_TEXT, .message = "transaction number out of range", .show = WC_SHOW_LIMIT, .hint = "MySQL numbers the transactions of a source from 1 to 9223372036854775806."},
	[WC_GTID_INTERVAL] = {.klass = WC_CLASS_TEXT, .message = "interval ends before it starts"},
	[WC_GTID_TAG] = {.klass = WC_CLASS_TEXT, .message = "tag longer than 32 characters", .show = WC_SHOW_LIMIT, .hint = "A tag is a letter or underscore followed by at most 31 letters, digits or underscores."},
	[WC_GTID_NUMBER_RANGE] = {.klass = WC_CLASS_TEXT, .message = "number out of range", .show = WC_SHOW_LIMIT, .hint = "A MariaDB GTID is domain-server-seq: domain and server ID 0 to 4294967295, seq 0 to 18446744073709551615."},
	[WC_GTID_NOT_ONE] = {.klass = WC_CLASS_TEXT, .message = "not a single GTID", .hint = "One GTID is uuid:n, uuid:tag:n or domain-server-seq."},
};

static const wc_status_info wc_unknown = {.klass = WC_CLASS_BINARY, .message = "unknown error"};

const wc_status_info *
wc_status_row(wc_status st)
{
	if ((unsigned) st >= WC_STATUS_COUNT || wc_rows[st].message == 0)
		return &wc_unknown;
	return &wc_rows[st];
}
