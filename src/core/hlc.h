/*
 * hlc.h: CockroachDB hybrid-logical-clock timestamps, pure C core.
 *
 * A timestamp is (wall_time, logical) with 0 <= wall_time <= 2^63-1 and
 * 0 <= logical <= 2^31-1 (see doc/spec/hlc_mvcc.md, section 1).
 * Text forms (2), the 12-byte binary form, the protobuf form
 * (cockroach.util.hlc.Timestamp, 3) and stepping/arithmetic.
 *
 * No PostgreSQL headers, no allocation: callers pass buffers, functions
 * return a wc_status and, on error, fill a wc_error (wc_status.h; err may
 * be NULL) with the byte offset of the problem and, where they mean
 * something, the field and the expected and found values.
 */
#ifndef WC_HLC_H
#define WC_HLC_H

#include <stddef.h>
#include <stdint.h>

#include "wc_status.h"

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
wc_status wc_hlc_make(int64_t wall, int64_t logical, wc_hlc *out);

/* ---- text ---- */

/*
 * Parse either text form (spec 2.2): surrounding white space skipped; a
 * comma means the String() form "secs[.nnnnnnnnn],logical", otherwise the
 * decimal form "wall[.f{1,10}]".  On error err's offset is the byte
 * offset (from s) of the offending character or of the out-of-range number.
 */
wc_status wc_hlc_parse(const char *s, size_t len, wc_hlc *out, wc_error *err);

/*
 * Parse the text of a decimal number (as numeric_out prints it) as the
 * value cluster_logical_timestamp() means: wall.logical, the fraction
 * scaled by 10^10.  Accepts a leading '-' only to report WC_HLC_NEGATIVE
 * (-0 is zero), NaN/Infinity as WC_HLC_NOT_FINITE, and fraction digits past
 * the tenth only when they are zeros (else WC_HLC_INEXACT).
 */
wc_status wc_hlc_parse_decimal_number(const char *s, size_t len, wc_hlc *out,
									  wc_error *err);

/* Canonical "%d.%010d" into buf (>= WC_HLC_TEXT_MAX bytes, NUL-terminated);
 * returns the length without the NUL. */
size_t		wc_hlc_format(const wc_hlc *v, char *buf);

/* CockroachDB's Timestamp.String() form ("0,123", "1.000000000,5") into buf
 * (>= WC_HLC_CRDB_TEXT_MAX bytes, NUL-terminated); returns the length. */
size_t		wc_hlc_format_crdb(const wc_hlc *v, char *buf);

/* ---- binary (send/recv): exactly 12 bytes ---- */
void		wc_hlc_to_bin(const wc_hlc *v, uint8_t *buf);
wc_status wc_hlc_from_bin(const uint8_t *p, size_t len, wc_hlc *out, wc_error *err);

/* ---- protobuf (cockroach.util.hlc.Timestamp) ---- */
size_t		wc_hlc_proto_size(const wc_hlc *v);
/* Writes exactly wc_hlc_proto_size(v) bytes; returns that size. */
size_t		wc_hlc_proto_encode(const wc_hlc *v, uint8_t *buf);
/* Decodes in place; unknown fields (and field 3, synthetic) are skipped. */
wc_status wc_hlc_proto_decode(const uint8_t *p, size_t len, wc_hlc *out, wc_error *err);

/* ---- stepping and arithmetic (WC_HLC_STEP_RANGE where CockroachDB panics) ---- */
wc_status wc_hlc_next(const wc_hlc *v, wc_hlc *out);
wc_status wc_hlc_prev(const wc_hlc *v, wc_hlc *out);
wc_status wc_hlc_floor_prev(const wc_hlc *v, wc_hlc *out);
/* (wall + wall_delta, logical + logical_delta), each component checked
 * separately: no carry between them; a result outside the range is
 * WC_HLC_STEP_RANGE. */
wc_status wc_hlc_add(const wc_hlc *v, int64_t wall_delta, int32_t logical_delta,
						 wc_hlc *out);

/* ---- wall time as Unix microseconds (timestamptz casts) ---- */
/* Truncates the nanoseconds to microseconds. */
static inline int64_t
wc_hlc_to_unix_micros(const wc_hlc *v)
{
	return v->wall / 1000;
}

/* (micros * 1000, 0); WC_HLC_WALL_RANGE if negative or beyond 2^63-1 ns. */
wc_status wc_hlc_from_unix_micros(int64_t micros, wc_hlc *out);

#endif							/* WC_HLC_H */
