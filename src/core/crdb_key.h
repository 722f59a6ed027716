/*
 * crdb_key.h: CockroachDB SQL keys (the user key inside an MVCC key), pure
 * C core.
 *
 * A key is a concatenation of self-delimiting elements, each starting with
 * a marker byte: integers, floats, decimals, bytes, time instants, TIMETZ,
 * intervals, bit arrays, arrays, JSON values, NULL; ascending or descending.
 * This core decodes and encodes every element, walks the key space
 * (/Table, /Tenant, /Meta, /System, /Local) and renders keys the way
 * CockroachDB's key printer does.
 *
 * No PostgreSQL headers, no allocation: callers pass buffers.  Errors are
 * reported through the one contract (wc_status.h) with the absolute byte
 * offset, the 1-based element index and the field being read.
 */
#ifndef WC_CRDB_KEY_H
#define WC_CRDB_KEY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "wc_status.h"

/* Column directions.  ANY: not given; encodings that record their direction
 * (NULL, bytes, bit arrays, arrays, JSON) follow their marker, the others
 * are read ascending. */
#define WC_CRDB_ASC		0
#define WC_CRDB_DESC	1
#define WC_CRDB_ANY		2

/* Element encodings, as named by crdb_key_elements(). */
typedef enum wc_crdb_enc
{
	WC_CRDB_ENC_NULL = 0,
	WC_CRDB_ENC_NOTNULL,
	WC_CRDB_ENC_VARINT,
	WC_CRDB_ENC_FLOAT,
	WC_CRDB_ENC_DECIMAL,
	WC_CRDB_ENC_BYTES,
	WC_CRDB_ENC_BYTES_DESC,
	WC_CRDB_ENC_TIME,
	WC_CRDB_ENC_TIMETZ,
	WC_CRDB_ENC_DURATION,
	WC_CRDB_ENC_BITARRAY,
	WC_CRDB_ENC_BITARRAY_DESC,
	WC_CRDB_ENC_ARRAY,
	WC_CRDB_ENC_ARRAY_DESC,
	WC_CRDB_ENC_JSON,
	WC_CRDB_ENC_JSON_DESC,
	WC_CRDB_ENC_UNKNOWN			/* no key element decodes from this marker */
} wc_crdb_enc;

/* The encoding a marker byte starts. */
wc_crdb_enc wc_crdb_key_peek(uint8_t marker);

/* "null", "varint", ..., "json_desc". */
const char *wc_crdb_enc_name(wc_crdb_enc enc);

/* A growing text sink: writes what fits in cap, counts everything, so a
 * caller can size a buffer with one run and fill it with another. */
typedef struct wc_crdb_out
{
	char	   *buf;
	size_t		cap;
	size_t		len;
} wc_crdb_out;

static inline void
wc_crdb_put(wc_crdb_out *o, const char *s, size_t n)
{
	if (o->len < o->cap)
	{
		size_t		room = o->cap - o->len;

		memcpy(o->buf + o->len, s, n < room ? n : room);
	}
	o->len += n;
}

/* ---- Decoders of single elements.  *pos is the offset of the element in p
 * on entry and just past it on success; errors carry absolute offsets. ---- */

wc_status	wc_crdb_varint_get(const uint8_t *p, size_t len, size_t *pos, int desc,
							   int64_t *out, wc_error *err);
wc_status	wc_crdb_uvarint_get(const uint8_t *p, size_t len, size_t *pos, int desc,
								uint64_t *out, wc_error *err);
wc_status	wc_crdb_float_get(const uint8_t *p, size_t len, size_t *pos, int desc,
							  double *out, wc_error *err);

/* Bytes: *start and *end delimit the escaped payload, *n is its unescaped size.
 * desc: WC_CRDB_ASC/DESC (the marker must agree) or WC_CRDB_ANY. */
wc_status	wc_crdb_bytes_get(const uint8_t *p, size_t len, size_t *pos, int dir,
							  size_t *start, size_t *end, size_t *n, int *is_desc,
							  wc_error *err);
/* Unescape a payload found by wc_crdb_bytes_get into out (n bytes). */
void		wc_crdb_bytes_copy(const uint8_t *src, size_t srclen, int is_desc, uint8_t *out);

/* Decimals: value = sign * 0.M * 100^E, M in mantissa bytes (digit pairs). */
typedef enum wc_crdb_dec_kind
{
	WC_CRDB_DEC_FINITE = 0,
	WC_CRDB_DEC_ZERO,
	WC_CRDB_DEC_NAN,
	WC_CRDB_DEC_PINF,
	WC_CRDB_DEC_NINF
} wc_crdb_dec_kind;

typedef struct wc_crdb_decimal
{
	wc_crdb_dec_kind kind;
	int			neg;
	int64_t		exp100;			/* E */
	const uint8_t *mant;		/* mantissa bytes as stored */
	size_t		mant_len;
	int			mant_inv;		/* stored complemented */
} wc_crdb_decimal;

wc_status	wc_crdb_decimal_get(const uint8_t *p, size_t len, size_t *pos, int desc,
								wc_crdb_decimal *out, wc_error *err);
/* The decimal digits (coefficient without leading zeros; "0" for zero) and
 * the power of ten: value = sign * digits * 10^*exp10.  digits needs room
 * for 2 * mant_len + 1 bytes; returns the digit count. */
size_t		wc_crdb_decimal_digits(const wc_crdb_decimal *d, char *digits, int64_t *exp10);
/* Scientific text as CockroachDB's decimal printer writes it (1E+2, 12.34). */
void		wc_crdb_decimal_text(const wc_crdb_decimal *d, wc_crdb_out *o);
/* Plain text without exponent (JSON numbers, numeric input). */
void		wc_crdb_decimal_plain(const wc_crdb_decimal *d, wc_crdb_out *o);

/* Time instant: seconds and nanoseconds since the Unix epoch. */
wc_status	wc_crdb_time_get(const uint8_t *p, size_t len, size_t *pos, int desc,
							 int64_t *sec, int64_t *nsec, wc_error *err);
/* TIMETZ: time of day in microseconds and zone offset west in seconds. */
wc_status	wc_crdb_timetz_get(const uint8_t *p, size_t len, size_t *pos, int desc,
							   int64_t *tod_us, int32_t *offset_west, wc_error *err);
/* Interval: months, days, nanoseconds. */
wc_status	wc_crdb_duration_get(const uint8_t *p, size_t len, size_t *pos, int desc,
								 int64_t *months, int64_t *days, int64_t *nanos, wc_error *err);

/* Bit arrays: *words is the offset of the first word, *nbits the length.
 * dir as for bytes. */
wc_status	wc_crdb_bitarray_get(const uint8_t *p, size_t len, size_t *pos, int dir,
								 size_t *words, uint64_t *nbits, int *is_desc, wc_error *err);
/* Write the nbits bits, most significant first, packed into bytes. */
void		wc_crdb_bitarray_copy(const uint8_t *p, size_t words, int is_desc, uint64_t nbits,
								  uint8_t *out);

/* Arrays: open (marker), then next() per element until *done. */
wc_status	wc_crdb_array_open(const uint8_t *p, size_t len, size_t *pos, int dir, int *is_desc,
							   wc_error *err);
/* At an element: *done at the terminator (consumed), else *is_null (NULL
 * element consumed) or neither (the element starts at *pos). */
wc_status	wc_crdb_array_next(const uint8_t *p, size_t len, size_t *pos, int is_desc,
							   int *done, int *is_null, wc_error *err);

/* JSON value: validate and write canonical JSON text (o may be NULL). */
wc_status	wc_crdb_json_get(const uint8_t *p, size_t len, size_t *pos, int dir,
							 wc_crdb_out *o, wc_error *err);

/*
 * One element of any encoding, strictly validated in direction dir; *enc
 * gets its encoding.  Inverted-index and geo markers are errors.
 */
wc_status	wc_crdb_elem_skip(const uint8_t *p, size_t len, size_t *pos, int dir,
							  wc_crdb_enc *enc, wc_error *err);
/* The printer's text of the element at pos (already validated by
 * elem_skip); JSON values get canonical JSON text. */
void		wc_crdb_elem_text(const uint8_t *p, size_t len, size_t pos, int dir,
							  wc_crdb_out *o);

/* ---- The key-space walker (crdb_key_elements, populate_record) ---- */

typedef enum wc_crdb_role
{
	WC_CRDB_ROLE_TENANT = 0,
	WC_CRDB_ROLE_TABLE,
	WC_CRDB_ROLE_INDEX,
	WC_CRDB_ROLE_VALUE
} wc_crdb_role;

const char *wc_crdb_role_name(wc_crdb_role r);

/* Parse the prefix of a table or tenant key: tenant (0 = system tenant),
 * table ID and, if present, index ID (has_index).  *pos is left at the first
 * column value. */
typedef struct wc_crdb_prefix
{
	uint64_t	tenant;
	uint64_t	table;
	uint64_t	index;
	int			has_index;
	size_t		tenant_end;		/* offsets where each ID ends */
	size_t		table_end;
	size_t		index_end;
} wc_crdb_prefix;

wc_status	wc_crdb_prefix_get(const uint8_t *p, size_t len, size_t *pos, wc_crdb_prefix *out,
							   wc_error *err);

/* ---- Encoders: each returns the bytes written (out must hold the size
 * the *_size function gives, or the stated maximum). ---- */

size_t		wc_crdb_varint_put(uint8_t *out, int64_t v, int desc);		/* <= 9 */
size_t		wc_crdb_uvarint_put(uint8_t *out, uint64_t v, int desc);	/* <= 9 */
size_t		wc_crdb_float_put(uint8_t *out, double v, int desc);		/* <= 9 */
size_t		wc_crdb_bytes_size(const uint8_t *s, size_t n);
size_t		wc_crdb_bytes_put(uint8_t *out, const uint8_t *s, size_t n, int desc);
size_t		wc_crdb_time_put(uint8_t *out, int64_t sec, int64_t nsec, int desc);	/* <= 19 */
size_t		wc_crdb_timetz_put(uint8_t *out, int64_t tod_us, int32_t offset_west, int desc);
/* Fails (WC_ERR_DATETIME_RANGE) when the sort key overflows int64. */
wc_status	wc_crdb_duration_put(uint8_t *out, int64_t months, int64_t days, int64_t nanos,
								 int desc, size_t *n, wc_error *err);	/* <= 28 */
size_t		wc_crdb_bitarray_size(uint64_t nbits);	/* upper bound */
size_t		wc_crdb_bitarray_put(uint8_t *out, const uint8_t *bits, uint64_t nbits, int desc);

/*
 * Decimals from plain text ([-]digits[.digits], or NaN/Infinity/-Infinity):
 * size first, then put.  Bad text is WC_ERR_SYNTAX.
 */
wc_status	wc_crdb_decimal_size(const char *s, size_t n, int desc, size_t *size, wc_error *err);
size_t		wc_crdb_decimal_put(uint8_t *out, const char *s, size_t n, int desc);
/*
 * A finite decimal from its digits ("0".."9", nd of them, leading and
 * trailing zeros allowed) and power of ten: value = (-1)^neg * digits *
 * 10^exp10.  out NULL: only the size.  Returns the size written.
 */
size_t		wc_crdb_decimal_digits_put(uint8_t *out, int neg, const char *digits, size_t nd,
									   int64_t exp10, int desc);

/* ---- The printer ---- */

/* Size of the scratch buffer wc_crdb_key_pretty needs. */
size_t		wc_crdb_pretty_scratch(size_t len, size_t ndirs);

/*
 * Render key as CockroachDB's printer does.  dirs (WC_CRDB_ASC/DESC, ndirs
 * of them; may be NULL) give the directions of the column values after the
 * table and index IDs.  Never fails; the text goes to o.
 */
void		wc_crdb_key_pretty(const uint8_t *key, size_t len, const uint8_t *dirs, size_t ndirs,
							   uint8_t *scratch, wc_crdb_out *o);

/* Go's %q quoting of a byte string (with the redaction markers as ?). */
void		wc_crdb_quote(const uint8_t *s, size_t n, wc_crdb_out *o);

#endif							/* WC_CRDB_KEY_H */
