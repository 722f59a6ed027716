/*
 * wc_status.h: the one error contract of every wirecodec codec.
 *
 * Every core decoder or encoder returns a wc_status and, on an error, fills a
 * wc_error: what went wrong (the status), where (absolute byte offset, the
 * index of the element, packet, event or column, the name of the field being
 * read) and, where they mean something, what was expected and what was
 * found.  The text of each status, and the SQLSTATE class it belongs to, are
 * rows of one table (wc_status.c); the glue turns a wc_error into an ERROR or
 * a soft error with one reporter (src/pg/wc_report.h).  A new codec adds its
 * statuses to the enum below, in a block of its own, and its rows to the
 * table; it adds no reporter of its own.
 *
 * No PostgreSQL headers, no allocation.
 */
#ifndef WC_STATUS_H
#define WC_STATUS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * The SQLSTATE a status is reported with.  The glue maps these to ERRCODE_*;
 * the core does not know PostgreSQL's codes.
 */
typedef enum wc_class
{
	WC_CLASS_NONE = 0,			/* not an error (WC_OK, WC_NULL) */
	WC_CLASS_BINARY,			/* 22P03 invalid_binary_representation */
	WC_CLASS_TEXT,				/* 22P02 invalid_text_representation */
	WC_CLASS_RANGE,				/* 22003 numeric_value_out_of_range */
	WC_CLASS_DATETIME,			/* 22008 datetime_field_overflow */
	WC_CLASS_PARAMETER,			/* 22023 invalid_parameter_value */
	WC_CLASS_TOO_LARGE			/* 54000 program_limit_exceeded */
} wc_class;

/*
 * Statuses.  The shared block holds the shapes every codec meets (a value
 * cut short, bytes left over, a byte that may not stand where it does); a
 * codec adds a status of its own only where none of these says what went
 * wrong.  The field name in wc_error says what was being read ("integer",
 * "int<lenenc>", "varint", "column definition"), so "truncated integer" is
 * WC_ERR_TRUNCATED with field "integer", not a status of its own.
 */
typedef enum wc_status
{
	WC_OK = 0,
	WC_NULL,					/* a SQL NULL where one may stand: not an error */

	/* ---- shared by every codec ---- */
	WC_ERR_TRUNCATED,			/* input ends inside a value: expected/found bytes */
	WC_ERR_TRAILING,			/* bytes after the end of the value: found = count */
	WC_ERR_BAD_BYTE,			/* a marker, type or header byte not allowed here: found = byte
								 * (expected = the byte required, when one is) */
	WC_ERR_BAD_VALUE,			/* a field holds an impossible value: found (expected) */
	WC_ERR_LENGTH,				/* a length prefix runs past the input: expected = length,
								 * found = bytes present */
	WC_ERR_UNTERMINATED,		/* a terminator (00, end marker) is missing */
	WC_ERR_UTF8,				/* bytes that must be UTF-8 are not */
	WC_ERR_UNEXPECTED,			/* an item not allowed in this state: found = its first byte */
	WC_ERR_UNSUPPORTED,			/* well formed, but a kind the codec does not decode: found = its code */
	WC_ERR_CHECKSUM,			/* a checksum does not match: expected = stored, found = computed */
	WC_ERR_SYNTAX,				/* text not in its form (22P02) */
	WC_ERR_RANGE,				/* a value beyond its range: found (expected = the limit) */
	WC_ERR_DATETIME_RANGE,		/* a date or time beyond what the target type holds (22008) */
	WC_ERR_PARAMETER,			/* an argument the function cannot take (22023) */
	WC_ERR_TOO_LARGE,			/* a result larger than a value can hold (54000) */

	/*
	 * ---- one block per codec, for what the shared statuses cannot say ----
	 * Each block names its codec in a heading comment; statuses are
	 * WC_<CODEC>_<WHAT>.  Order: FoundationDB tuple, HLC, MVCC, MySQL
	 * protocol, then newer codecs.
	 */

	/* ---- FoundationDB tuple layer (fdb_tuple.h) ---- */
	WC_FDB_BAD_CODE,			/* type code not supported (reserved, unknown): found = code */
	WC_FDB_NESTED_UNTERMINATED, /* 05 nested tuple without its 00 */
	WC_FDB_VS_COUNT,			/* pack_with_versionstamp: not exactly one */
	WC_FDB_INT_RANGE,			/* text: an integer beyond 255 bytes of magnitude (22003) */

	/* ---- CockroachDB HLC timestamps (hlc.h) ---- */
	WC_HLC_EMPTY,				/* text: nothing but white space (22P02) */
	WC_HLC_FRACTION_LEN,		/* text: decimal fraction of more than 10 digits (22P02) */
	WC_HLC_NANOS_LEN,			/* text: String() nanoseconds not exactly 9 digits (22P02) */
	WC_HLC_WALL_RANGE,			/* wall time beyond 0 .. 2^63-1 (22003) */
	WC_HLC_LOGICAL_RANGE,		/* logical beyond 0 .. 2^31-1 (22003) */
	WC_HLC_NEGATIVE,			/* a negative number (numeric cast, 22003) */
	WC_HLC_NOT_FINITE,			/* NaN or infinity (numeric cast, 22003) */
	WC_HLC_INEXACT,				/* non-zero digits past the tenth decimal (22003) */
	WC_HLC_STEP_RANGE,			/* next/prev/add leaves the range (22003) */
	WC_HLC_VARINT,				/* protobuf: varint longer than 10 bytes or > 2^64-1 */
	WC_HLC_FIELD_NUMBER,		/* protobuf: field number 0 or above 2^29-1 */
	WC_HLC_WIRE_TYPE,			/* protobuf: wire type 6 or 7, or not varint for 1/2 */
	WC_HLC_END_GROUP,			/* protobuf: end-group without its start-group */
	WC_HLC_GROUP_DEPTH,			/* protobuf: groups nested deeper than the limit */

	/* ---- CockroachDB MVCC keys (mvcc.h); range errors are WC_HLC_*_RANGE ---- */
	WC_MVCC_EMPTY,				/* no bytes at all */
	WC_MVCC_LEN_ONE,			/* length byte 1: a zero-length version */
	WC_MVCC_LEN_EXCEEDS,		/* length byte larger than the bytes before it allow */
	WC_MVCC_SENTINEL,			/* the byte before the version is not 00 */
	WC_MVCC_VERSION_LEN,		/* version not 0, 8, 12 or 13 bytes */

	/* ---- MySQL client/server protocol (mysql_*.h) ---- */
	WC_MYSQL_NULL_FIELD,		/* the NULL marker 0xfb where a value is required */
	WC_MYSQL_EMBEDDED_NUL,		/* a 00 byte in bytes to write as string<NUL> (22023) */
	WC_MYSQL_WIDTH,				/* int<N> width not 1, 2, 3, 4, 6 or 8: found = N (22023) */
	WC_MYSQL_CONTINUATION,		/* stream ends right after a full-size chunk */
	WC_MYSQL_SEQUENCE,			/* sequence id gap: expected/found ids */
	WC_MYSQL_COLUMN_COUNT,		/* a row with the wrong number of columns: expected/found */
	WC_MYSQL_COLUMN_TYPE,		/* a column type the binary protocol never sends: found (22023) */
	WC_MYSQL_TEMPORAL_LENGTH,	/* DATE/TIME length byte not allowed: found */

	/* MySQL binary log */
	WC_BINLOG_MAGIC,			/* the file does not start with fe 62 69 6e */
	WC_BINLOG_LOG_POS,			/* log_pos is not where the next event starts:
								 * expected = offset + size, found = log_pos */
	WC_BINLOG_NO_TABLE_MAP,		/* a row event for a table id no TABLE_MAP
								 * announced: found = table id */
	WC_BINLOG_COLUMN_COUNT,		/* a row event's column count differs from its
								 * TABLE_MAP's: expected, found */
	WC_BINLOG_JSON_PATH,		/* a partial JSON diff's path is not in the
								 * document it applies to */
	WC_BINLOG_NO_BEFORE_JSON,	/* a partial JSON update of a column without a
								 * document in the before image */
	WC_BINLOG_JSON_OVERLAP,		/* a binary JSON key or value where an earlier
								 * one of its container is (shared, overlapping
								 * or out of order): expected = the first free
								 * absolute offset, found = where it points */
	WC_BINLOG_TEXT_LIMIT,		/* rendered text passes the caller's limit:
								 * expected = the limit, found = bytes so far */
	WC_BINLOG_NESTED_GTID,		/* a GTID event inside an open unit
								 * (mysql_binlog_txn.h): index = the event,
								 * expected = the unit's first event */
	WC_BINLOG_NOT_UNIT_START,	/* a walk's start position where no unit
								 * starts (22023): offset = the position,
								 * found = where the last whole unit ends */

	/* ---- MySQL statements logged as text (mysql_statement.h) ---- */
	WC_STMT_NEED_MORE,			/* a prefix of a statement ends before the
								 * answer: offset = where it ran out */
	WC_STMT_UNKNOWN_TABLE,		/* a statement that changes tables, whose
								 * names cannot be read: offset = where */

	/* ---- MySQL and MariaDB GTID sets as text (mysql_gtid.h); 22P02 ---- */
	WC_GTID_END,				/* an element ends before it is complete */
	WC_GTID_UUID,				/* not 8-4-4-4-12 hexadecimal digits */
	WC_GTID_GNO_RANGE,			/* a transaction number beyond 1 .. 2^63-2:
								 * expected = the maximum (found, when it
								 * fits in 64 bits) */
	WC_GTID_INTERVAL,			/* an interval that ends before it starts:
								 * offset = its start */
	WC_GTID_TAG,				/* a tag longer than 32 characters: found =
								 * its length, expected = 32 */
	WC_GTID_NUMBER_RANGE,		/* a MariaDB domain or server ID beyond
								 * 2^32-1, a seq beyond 2^64-1: expected =
								 * the maximum */
	WC_GTID_NOT_ONE,			/* an interval or a set where one GTID must be */

	WC_STATUS_COUNT				/* keep last */
} wc_status;

/* Which of wc_error's optional members are set. */
#define WC_HAS_EXPECTED		0x01
#define WC_HAS_FOUND		0x02
#define WC_HAS_INDEX		0x04
#define WC_HAS_OFFSET		0x08

/*
 * Where and why a codec stopped.  index_kind names what index counts
 * ("element", "packet", "event", "column", "row"); field names what was being
 * read.  Both point to static strings.  Indexes are 1-based, as users count.
 */
typedef struct wc_error
{
	wc_status	status;
	unsigned	has;			/* WC_HAS_* */
	size_t		offset;			/* absolute byte offset of the problem */
	int64_t		index;			/* 1-based index of the element/packet/event/column */
	const char *index_kind;		/* "element", "packet", ...; NULL: none */
	const char *field;			/* what was being read; NULL: none */
	uint64_t	expected;		/* by status (see the enum) */
	uint64_t	found;			/* by status (see the enum) */
} wc_error;

/* How the reporter words wc_error's expected and found values. */
typedef enum wc_show
{
	WC_SHOW_NUMBER = 0,			/* "expected 12, found 13" */
	WC_SHOW_BYTES,				/* counts of bytes: "expected 8 bytes, found 3" */
	WC_SHOW_HEX,				/* byte values: "expected 0x00, found 0xfe" */
	WC_SHOW_LIMIT				/* expected is a bound: "found 70000, maximum 65535" */
} wc_show;

/*
 * The table row of a status: its SQLSTATE class, its text (lower case, no
 * final period, no position: "truncated value"), how expected/found read,
 * an optional hint (a full sentence) that explains the rule broken, and how
 * a field name joins the text: by default "<text> in <field>" ("truncated
 * value in status_flags"); with field_lead set, the field takes the place
 * of the text's noun ("invalid " + "table ID").
 */
typedef struct wc_status_info
{
	wc_class	klass;
	const char *message;
	wc_show		show;
	const char *hint;
	const char *field_lead;
} wc_status_info;

/* The row of st (an unknown status gets a row that says so). */
const wc_status_info *wc_status_row(wc_status st);

/* Record st at byte offset off in *err (when err is not NULL); returns st,
 * so that `return wc_fail(err, WC_ERR_TRUNCATED, pos);` is the one error
 * exit of a decoder.  Other members are cleared. */
static inline wc_status
wc_fail(wc_error *err, wc_status st, size_t off)
{
	if (err)
	{
		err->status = st;
		err->has = WC_HAS_OFFSET;
		err->offset = off;
		err->index = 0;
		err->index_kind = (const char *) 0;
		err->field = (const char *) 0;
		err->expected = 0;
		err->found = 0;
	}
	return st;
}

/* The same with what was expected and what was found. */
static inline wc_status
wc_fail_ef(wc_error *err, wc_status st, size_t off, uint64_t expected, uint64_t found)
{
	wc_fail(err, st, off);
	if (err)
	{
		err->expected = expected;
		err->found = found;
		err->has |= WC_HAS_EXPECTED | WC_HAS_FOUND;
	}
	return st;
}

/* The same with only what was found. */
static inline wc_status
wc_fail_found(wc_error *err, wc_status st, size_t off, uint64_t found)
{
	wc_fail(err, st, off);
	if (err)
	{
		err->found = found;
		err->has |= WC_HAS_FOUND;
	}
	return st;
}

/* An argument the function cannot take: no offset, found = the value. */
static inline wc_status
wc_fail_arg(wc_error *err, wc_status st, uint64_t found)
{
	wc_fail_found(err, st, 0, found);
	if (err)
		err->has &= ~(unsigned) WC_HAS_OFFSET;
	return st;
}

/* Name the field being read; st passes through. */
static inline wc_status
wc_in_field(wc_error *err, wc_status st, const char *field)
{
	if (err && st != WC_OK && st != WC_NULL)
		err->field = field;
	return st;
}

/* Name the element/packet/event/column the error belongs to (1-based);
 * st passes through.  An inner index already set is kept. */
static inline wc_status
wc_at_index(wc_error *err, wc_status st, const char *kind, int64_t index)
{
	if (err && st != WC_OK && st != WC_NULL && !(err->has & WC_HAS_INDEX))
	{
		err->index_kind = kind;
		err->index = index;
		err->has |= WC_HAS_INDEX;
	}
	return st;
}

/* Add base to the recorded offset (a decoder of a slice reporting in its
 * caller's coordinates); st passes through. */
static inline wc_status
wc_shift(wc_error *err, wc_status st, size_t base)
{
	if (err && st != WC_OK && st != WC_NULL && (err->has & WC_HAS_OFFSET))
		err->offset += base;
	return st;
}


/*
 * Cancellation.  The core never blocks, but a loop whose trip count grows
 * with its input or output (walking events, rows, JSON entries, producing
 * rendered or decompressed bytes) calls wc_check_interrupts() often enough
 * that a call reaches it every few milliseconds: every WC_INTERRUPT_STRIDE
 * iterations of a cheap loop, once per iteration of an expensive one.  The
 * glue installs the hook (PostgreSQL's CHECK_FOR_INTERRUPTS) once per
 * backend; without one (unit tests, fuzzers) the check does nothing.  The
 * hook may not return (a cancel raises an ERROR and longjmps), so the core
 * holds nothing across a check that the caller's memory context would not
 * free: all of its state lives in buffers its caller passed.
 */
typedef void (*wc_interrupt_fn) (void);
extern wc_interrupt_fn wc_interrupt_hook;

#define WC_INTERRUPT_STRIDE 4096

/* A loop over bytes (scanning, escaping, copying a long run) checks once
 * per this many bytes. */
#define WC_INTERRUPT_BYTES 65536

static inline void
wc_check_interrupts(void)
{
	if (wc_interrupt_hook)
		wc_interrupt_hook();
}

/* One more iteration of a loop, its count n: every stride-th (a power of
 * two) lets a cancel in.  Callers pass ++count, or index + 1. */
static inline void
wc_check_interrupts_every(uint64_t n, uint64_t stride)
{
	if (__builtin_expect((n & (stride - 1)) == 0, 0))
		wc_check_interrupts();
}

/*
 * memchr and memcpy over a run that may be long: a run of at most
 * WC_INTERRUPT_BYTES is the plain call, inlined as before; a longer one goes
 * out of line (wc_status.c) in WC_INTERRUPT_BYTES pieces with a check
 * between.
 */
const void *wc_memchr_long(const void *s, int c, size_t n);
void		wc_memcpy_long(void *d, const void *s, size_t n);

static inline const void *
wc_memchr_checked(const void *s, int c, size_t n)
{
	if (__builtin_expect(n <= WC_INTERRUPT_BYTES, 1))
		return memchr(s, c, n);
	return wc_memchr_long(s, c, n);
}

static inline void
wc_memcpy_checked(void *d, const void *s, size_t n)
{
	if (__builtin_expect(n <= WC_INTERRUPT_BYTES, 1))
		memcpy(d, s, n);
	else
		wc_memcpy_long(d, s, n);
}

#endif							/* WC_STATUS_H */
