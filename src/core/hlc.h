/*
 * hlc.h: CockroachDB hybrid-logical-clock timestamps, pure C core.
 *
 * A timestamp is (wall_time, logical) with 0 <= wall_time <= 2^63-1 and
 * 0 <= logical <= 2^31-1 (see ../shared/spec/crdb-hlc-mvcc.md, section 1).
 * Text forms (2), the 12-byte binary form, the protobuf form
 * (cockroach.util.hlc.Timestamp, 3) and stepping/arithmetic.
 *
 * No PostgreSQL headers, no allocation: callers pass buffers, functions
 * return a wc_hlc_status and, on error, the byte offset of the problem.
 */
#ifndef WC_HLC_H
#define WC_HLC_H

#include <stddef.h>
#include <stdint.h>

/*
 * The value.  This is also the on-disk layout of the SQL type
 * hlc_timestamp, fixed forever: 16 bytes, int64 wall at offset 0, int32
 * logical at offset 8, int32 reserved at offset 12 which is always zero.
 * There is no padding, but code never memcmp()s or hashes the struct:
 * comparisons use the fields.
 */
typedef struct wc_hlc
{
	int64_t		wall;
	int32_t		logical;
	int32_t		reserved;		/* always 0 */
} wc_hlc;

#define WC_HLC_WALL_MAX		INT64_MAX
#define WC_HLC_LOGICAL_MAX	INT32_MAX

/* Longest canonical text: 19 digits "." 10 digits, plus a NUL. */
#define WC_HLC_TEXT_MAX		31
/* Longest String() text: 10 "." 9 "," 10 digits, plus a NUL. */
#define WC_HLC_CRDB_TEXT_MAX 32
/* Binary form: wall (8 bytes) then logical (4 bytes), big-endian. */
#define WC_HLC_BIN_LEN		12
/* Longest protobuf form: 1 + 9 (wall) + 1 + 5 (logical). */
#define WC_HLC_PROTO_MAX	16

typedef enum wc_hlc_status
{
	WC_HLC_OK = 0,
	/* invalid text (22P02) */
	WC_HLC_EMPTY,				/* nothing but white space */
	WC_HLC_SYNTAX,				/* unexpected character at the offset */
	WC_HLC_FRACTION_LEN,		/* decimal fraction of more than 10 digits */
	WC_HLC_NANOS_LEN,			/* String() nanoseconds not exactly 9 digits */
	/* out of range (22003) */
	WC_HLC_WALL_RANGE,			/* wall time beyond 0 .. 2^63-1 */
	WC_HLC_LOGICAL_RANGE,		/* logical beyond 0 .. 2^31-1 */
	WC_HLC_NEGATIVE,			/* a negative number (numeric cast) */
	WC_HLC_NOT_FINITE,			/* NaN or infinity (numeric cast) */
	WC_HLC_INEXACT,				/* non-zero digits past the tenth decimal */
	WC_HLC_STEP_RANGE,			/* next/prev/add leaves the range */
	/* malformed binary (22P03) */
	WC_HLC_TRUNCATED,			/* input ends inside a value */
	WC_HLC_TRAILING,			/* bytes after the 12-byte binary form */
	WC_HLC_VARINT,				/* varint longer than 10 bytes or > 2^64-1 */
	WC_HLC_FIELD_NUMBER,		/* field number 0 or above 2^29-1 */
	WC_HLC_WIRE_TYPE,			/* wire type 6 or 7, or not varint for 1/2 */
	WC_HLC_END_GROUP,			/* end-group without its start-group */
	WC_HLC_GROUP_DEPTH,			/* groups nested deeper than the limit */
	WC_HLC_LENGTH				/* length-delimited field past the end */
} wc_hlc_status;

/* Which SQLSTATE class a status belongs to. */
typedef enum wc_hlc_class
{
	WC_HLC_CLASS_OK,
	WC_HLC_CLASS_TEXT,			/* 22P02 */
	WC_HLC_CLASS_RANGE,			/* 22003 */
	WC_HLC_CLASS_BINARY			/* 22P03 */
} wc_hlc_class;

wc_hlc_class wc_hlc_status_class(wc_hlc_status st);

/* A lower-case description of a status, without position. */
const char *wc_hlc_strerror(wc_hlc_status st);

/* ---- comparison (fields, never memcmp) ---- */
static inline int
wc_hlc_cmp(const wc_hlc *a, const wc_hlc *b)
{
	if (a->wall != b->wall)
		return a->wall < b->wall ? -1 : 1;
	if (a->logical != b->logical)
		return a->logical < b->logical ? -1 : 1;
	return 0;
}

static inline int
wc_hlc_eq(const wc_hlc *a, const wc_hlc *b)
{
	return a->wall == b->wall && a->logical == b->logical;
}

static inline int
wc_hlc_is_empty(const wc_hlc *a)
{
	return a->wall == 0 && a->logical == 0;
}

/* Build a value from components; WC_HLC_WALL_RANGE / _LOGICAL_RANGE when
 * one is negative. */
wc_hlc_status wc_hlc_make(int64_t wall, int64_t logical, wc_hlc *out);

/* ---- text ---- */

/*
 * Parse either text form (spec 2.2): surrounding white space skipped; a
 * comma means the String() form "secs[.nnnnnnnnn],logical", otherwise the
 * decimal form "wall[.f{1,10}]".  On error *err_off is the byte offset
 * (from s) of the offending character or of the out-of-range number.
 */
wc_hlc_status wc_hlc_parse(const char *s, size_t len, wc_hlc *out, size_t *err_off);

/*
 * Parse the text of a decimal number (as numeric_out prints it) as the
 * value cluster_logical_timestamp() means: wall.logical, the fraction
 * scaled by 10^10.  Accepts a leading '-' only to report WC_HLC_NEGATIVE
 * (-0 is zero), NaN/Infinity as WC_HLC_NOT_FINITE, and fraction digits past
 * the tenth only when they are zeros (else WC_HLC_INEXACT).
 */
wc_hlc_status wc_hlc_parse_decimal_number(const char *s, size_t len, wc_hlc *out,
										  size_t *err_off);

/* Canonical "%d.%010d" into buf (>= WC_HLC_TEXT_MAX bytes, NUL-terminated);
 * returns the length without the NUL. */
size_t		wc_hlc_format(const wc_hlc *v, char *buf);

/* CockroachDB's Timestamp.String() form ("0,123", "1.000000000,5") into buf
 * (>= WC_HLC_CRDB_TEXT_MAX bytes, NUL-terminated); returns the length. */
size_t		wc_hlc_format_crdb(const wc_hlc *v, char *buf);

/* ---- binary (send/recv): exactly 12 bytes ---- */
void		wc_hlc_to_bin(const wc_hlc *v, uint8_t *buf);
wc_hlc_status wc_hlc_from_bin(const uint8_t *p, size_t len, wc_hlc *out, size_t *err_off);

/* ---- protobuf (cockroach.util.hlc.Timestamp) ---- */
size_t		wc_hlc_proto_size(const wc_hlc *v);
/* Writes exactly wc_hlc_proto_size(v) bytes; returns that size. */
size_t		wc_hlc_proto_encode(const wc_hlc *v, uint8_t *buf);
/* Decodes in place; unknown fields (and field 3, synthetic) are skipped. */
wc_hlc_status wc_hlc_proto_decode(const uint8_t *p, size_t len, wc_hlc *out, size_t *err_off);

/* ---- stepping and arithmetic (WC_HLC_STEP_RANGE where CockroachDB panics) ---- */
wc_hlc_status wc_hlc_next(const wc_hlc *v, wc_hlc *out);
wc_hlc_status wc_hlc_prev(const wc_hlc *v, wc_hlc *out);
wc_hlc_status wc_hlc_floor_prev(const wc_hlc *v, wc_hlc *out);
/* (wall + wall_delta, logical + logical_delta), each component checked
 * separately: no carry between them; a result outside the range is
 * WC_HLC_STEP_RANGE. */
wc_hlc_status wc_hlc_add(const wc_hlc *v, int64_t wall_delta, int32_t logical_delta,
						 wc_hlc *out);

/* ---- wall time as Unix microseconds (timestamptz casts) ---- */
/* Truncates the nanoseconds to microseconds. */
static inline int64_t
wc_hlc_to_unix_micros(const wc_hlc *v)
{
	return v->wall / 1000;
}

/* (micros * 1000, 0); WC_HLC_WALL_RANGE if negative or beyond 2^63-1 ns. */
wc_hlc_status wc_hlc_from_unix_micros(int64_t micros, wc_hlc *out);

#endif							/* WC_HLC_H */
