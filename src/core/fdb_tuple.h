/*
 * fdb_tuple.h: FoundationDB tuple layer, pure C core (no PostgreSQL headers,
 * no allocation).  See doc/spec/fdb_tuple.md for the format.
 *
 * Decoding is a streaming reader: wc_fdb_read() returns one event at a time
 * (a scalar element, the start or the end of a nested tuple, the end of the
 * input).  Nesting is tracked with a depth counter, never with recursion, so
 * any depth is safe.  Encoding works from the same element struct: the
 * caller lists events (scalars and nested begin/end markers), the core sizes
 * them exactly, then writes them into one buffer.
 */
#ifndef WC_FDB_TUPLE_H
#define WC_FDB_TUPLE_H

#include <stddef.h>
#include <stdint.h>

#include "byteorder.h"
#include "wc_status.h"

typedef enum wc_fdb_type
{
	WC_FDB_END = 0,				/* reader: end of the input */
	WC_FDB_NULL,
	WC_FDB_BYTES,
	WC_FDB_STRING,
	WC_FDB_NESTED,					/* start of a nested tuple */
	WC_FDB_NESTED_END,				/* end of a nested tuple */
	WC_FDB_INT,					/* fits int64: v.i */
	WC_FDB_BIGINT,					/* magnitude bytes in ptr/len, sign in neg */
	WC_FDB_FLOAT,					/* v.f32 = IEEE binary32 bits */
	WC_FDB_DOUBLE,					/* v.f64 = IEEE binary64 bits */
	WC_FDB_BOOL,					/* v.b */
	WC_FDB_UUID,					/* ptr = 16 bytes */
	WC_FDB_VERSIONSTAMP,			/* ptr = 12 bytes */
	WC_FDB_PACKED,					/* encoder only: ptr/len is a packed tuple,
								 * written as a nested tuple */
	WC_FDB_RAW						/* encoder only: ptr/len is one element
								 * already encoded (top level), copied */
} wc_fdb_type;

/* Type codes */
#define WC_FDB_CODE_NULL		0x00
#define WC_FDB_CODE_BYTES		0x01
#define WC_FDB_CODE_STRING		0x02
#define WC_FDB_CODE_NESTED		0x05
#define WC_FDB_CODE_NEGBIG		0x0B
#define WC_FDB_CODE_ZERO		0x14
#define WC_FDB_CODE_POSBIG		0x1D
#define WC_FDB_CODE_FLOAT		0x20
#define WC_FDB_CODE_DOUBLE		0x21
#define WC_FDB_CODE_FALSE		0x26
#define WC_FDB_CODE_TRUE		0x27
#define WC_FDB_CODE_UUID		0x30
#define WC_FDB_CODE_VS96		0x33

#define WC_FDB_MAX_INT_BYTES	255

/*
 * One element (or event).  From the decoder, pointers point into the input:
 * a string's ptr/rawlen is its escaped payload (escaped says whether it holds
 * 00 FF pairs; len is the unescaped length), a big integer's ptr/len is its
 * payload, one's complemented when compl is set.  For the encoder the caller
 * fills the same fields; bytes and strings are unescaped unless escaped is set.
 */
typedef struct wc_fdb_elem
{
	wc_fdb_type	type;
	uint8_t		neg;			/* WC_FDB_BIGINT: negative */
	uint8_t		compl;			/* WC_FDB_BIGINT: ptr holds ~magnitude */
	uint8_t		escaped;		/* BYTES/STRING: ptr/rawlen holds 00 FF escapes */
	const uint8_t *ptr;
	size_t		len;			/* BYTES/STRING: payload length; BIGINT:
								 * magnitude bytes; PACKED: packed length */
	size_t		rawlen;			/* BYTES/STRING: bytes of ptr (escaped form) */
	size_t		offset;			/* decoder: byte offset of the type code */
	union
	{
		int64_t		i;
		uint32_t	f32;
		uint64_t	f64;
		int			b;
	}			v;
} wc_fdb_elem;

/* Streaming reader over a packed tuple. */
typedef struct wc_fdb_reader
{
	const uint8_t *buf;
	size_t		len;
	size_t		pos;
	size_t		depth;			/* current nesting depth (0 = top level) */
	size_t		index;			/* top-level index of the element being read */
	size_t		err_off;		/* on error: byte offset of the problem */
	uint8_t		err_code;		/* on error: the type code involved */
	size_t		n_incomplete;	/* incomplete versionstamps seen so far */
	size_t		incomplete_off; /* offset of the first one's version bytes */
	size_t		steps;			/* events read, for the interrupt check */
} wc_fdb_reader;

void		wc_fdb_reader_init(wc_fdb_reader *r, const uint8_t *buf, size_t len);

/* Next event.  At depth 0 the input ends with WC_FDB_END. */
wc_status	wc_fdb_read(wc_fdb_reader *r, wc_fdb_elem *e);

/* Read one element at the current depth; a nested tuple is read to its end
 * (e keeps the WC_FDB_NESTED event; r->pos is past its terminator). */
wc_status	wc_fdb_skip(wc_fdb_reader *r, wc_fdb_elem *e);

/* Validate a whole packed tuple; *count gets the number of top-level
 * elements.  On error r (if not NULL) holds the offset and element index. */
wc_status	wc_fdb_validate(const uint8_t *buf, size_t len, size_t *count, wc_fdb_reader *r);

/* Find top-level element idx (negative counts from the end).  Returns
 * WC_OK and sets *found (0 when idx is out of range).  The elements before
 * it are skipped (checked, not converted).  For a nested
 * tuple, e->ptr/len is its whole encoding (05 ... 00). */
wc_status	wc_fdb_get(const uint8_t *buf, size_t len, int64_t idx, wc_fdb_elem *e,
					int *found, wc_fdb_reader *r);

/* ---- element values ---- */

/* Copy the unescaped payload of a decoded BYTES/STRING element into dst
 * (e->len bytes). */
void		wc_fdb_unescape(uint8_t *dst, const wc_fdb_elem *e);

/* Magnitude of an integer element as big-endian bytes without leading
 * zeros into dst (room for 255 bytes); returns the count (0 for zero). */
size_t		wc_fdb_int_magnitude(const wc_fdb_elem *e, uint8_t *dst);

/* Decimal text of an integer element, NUL-terminated; dst needs
 * WC_FDB_DECIMAL_MAX bytes.  Returns the length. */
#define WC_FDB_DECIMAL_MAX 620
size_t		wc_fdb_int_to_decimal(const wc_fdb_elem *e, char *dst);
/* Big-endian value of n <= 8 bytes, loaded straight into a register
 * (going through a padded stack buffer would stall store forwarding). */
static inline uint64_t
wc_fdb_load_be_upto8(const uint8_t *p, size_t n)
{
	if (n == 8)
		return wc_load_be64(p);
	if (n >= 4)
		return ((uint64_t) wc_load_be32(p) << (8 * (n - 4))) | wc_load_be32(p + n - 4);
	if (n >= 2)
		return ((uint64_t) wc_load_be16(p) << (8 * (n - 2))) | wc_load_be16(p + n - 2);
	return n == 1 ? p[0] : 0;
}

/* Magnitude held by an integer element's n <= 8 payload bytes, stored one's
 * complemented (negative integers) when compl. */
static inline uint64_t
wc_fdb_small_mag(const uint8_t *p, size_t n, int compl)
{
	uint64_t	v = wc_fdb_load_be_upto8(p, n);

	if (compl)
		v = ~v & (n == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * n)) - 1);
	return v;
}

/* IEEE bits of a packed double / float payload: the encoding flips the sign
 * bit of a positive value and every bit of a negative one. */
static inline uint64_t
wc_fdb_double_bits(const uint8_t *payload)
{
	uint64_t	k = wc_load_be64(payload);

	return (k & UINT64_C(0x8000000000000000)) ? k ^ UINT64_C(0x8000000000000000) : ~k;
}

static inline uint32_t
wc_fdb_float_bits(const uint8_t *payload)
{
	uint32_t	k = wc_load_be32(payload);

	return (k & 0x80000000u) ? k ^ 0x80000000u : ~k;
}

/* Decimal of an int64 into dst (>= 21 bytes, NUL-terminated); returns its length. */
size_t		wc_fdb_i64_to_decimal(int64_t i, char *dst);

/* Parse an optionally signed decimal integer (digits only) into a
 * magnitude: mag gets up to 255 big-endian bytes without leading zeros. */
wc_status	wc_fdb_decimal_to_mag(const char *s, size_t n, uint8_t *mag,
							   size_t *maglen, int *neg);

/* Strict UTF-8 check (no overlongs, surrogates or > U+10FFFF). */
int			wc_fdb_utf8_valid(const uint8_t *s, size_t n);

/* The decimal user version of a versionstamp's text form at s (n bytes):
 * one or more digits, any number of them leading zeros, value 0..65535.
 * *used gets the digits consumed.  WC_ERR_SYNTAX without a digit,
 * WC_ERR_RANGE above 65535.  Shared by fdb_versionstamp's input and the
 * tuple text parser, so that both accept the same user versions. */
wc_status	wc_fdb_vs_parse_user_version(const char *s, size_t n, size_t *used, uint32_t *uv);

/* Is this versionstamp (12 bytes) incomplete (ten FF transaction bytes)? */
int			wc_fdb_vs_incomplete(const uint8_t *vs);

/* ---- encoding ---- */

/* Exact size of a list of events (scalars, WC_FDB_NESTED / WC_FDB_NESTED_END
 * markers, WC_FDB_PACKED values) packed as one tuple.  *n_incomplete gets the
 * number of incomplete versionstamps (plain packing rejects any).  Errors:
 * WC_ERR_RANGE, and the decoder's errors for a malformed WC_FDB_PACKED value;
 * *err_index gets the event index. */
wc_status	wc_fdb_events_size(const wc_fdb_elem *ev, size_t n, size_t *size,
							size_t *n_incomplete, size_t *err_index);

/* Write the events; the buffer must hold wc_fdb_events_size() bytes.  Returns
 * the end of the output. */
uint8_t    *wc_fdb_events_write(uint8_t *p, const wc_fdb_elem *ev, size_t n);

/* The same, also giving the offset (from p) of the first incomplete
 * versionstamp's transaction version, found while writing
 * (WC_FDB_NO_VS_OFFSET when there is none): pack_with_versionstamp. */
#define WC_FDB_NO_VS_OFFSET ((size_t) -1)
uint8_t    *wc_fdb_events_write_vs(uint8_t *p, const wc_fdb_elem *ev, size_t n, size_t *vs_off);

/* Store a versionstamp offset little-endian in offset_bytes (4, or 2 for
 * API < 520) at dst; WC_ERR_RANGE when it does not fit. */
wc_status	wc_fdb_store_vs_offset(uint8_t *dst, size_t vs_off, int offset_bytes);

/* Single elements, for callers that write directly (nested: inside a nested
 * tuple, where null is 00 FF). */
size_t		wc_fdb_int64_size(int64_t v);
uint8_t    *wc_fdb_put_int64(uint8_t *p, int64_t v);
size_t		wc_fdb_bytes_size(const uint8_t *s, size_t n);
uint8_t    *wc_fdb_put_bytes(uint8_t *p, uint8_t code, const uint8_t *s, size_t n);
/* A bytes/string payload run without code and terminator: 00 -> 00 FF. */
size_t		wc_fdb_escaped_size(const uint8_t *s, size_t n);
uint8_t    *wc_fdb_put_escaped(uint8_t *p, const uint8_t *s, size_t n);
uint8_t    *wc_fdb_put_float(uint8_t *p, uint32_t bits);
uint8_t    *wc_fdb_put_double(uint8_t *p, uint64_t bits);
wc_status	wc_fdb_elem_size(const wc_fdb_elem *e, int nested, size_t *size);
uint8_t    *wc_fdb_put_elem(uint8_t *p, const wc_fdb_elem *e, int nested);

/* Canonical re-encoding of a valid packed tuple (minimal integers). */
wc_status	wc_fdb_canonical_size(const uint8_t *buf, size_t len, size_t *size, wc_fdb_reader *r);
uint8_t    *wc_fdb_canonical_write(uint8_t *p, const uint8_t *buf, size_t len);

/* The nested tuple encoding (05 ... 00) of element e from wc_fdb_get, as a
 * top-level packed tuple: nulls 00 FF of its own level become 00. */
size_t		wc_fdb_unnest_size(const wc_fdb_elem *e);
uint8_t    *wc_fdb_unnest_write(uint8_t *p, const wc_fdb_elem *e);

/* Append the versionstamp offset (pack_with_versionstamp): the packed tuple
 * in buf[0..len) must hold exactly one incomplete versionstamp; writes its
 * offset little-endian in offset_bytes (4, or 2 for API < 520) at buf+len. */
wc_status	wc_fdb_append_vs_offset(uint8_t *buf, size_t len, int offset_bytes, wc_fdb_reader *r);

/* Bytewise key comparison (a proper prefix sorts first). */
int			wc_fdb_key_cmp(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);

/*
 * Describe the error st of reader r in *err: the byte offset, the element
 * (1-based top-level index), the kind of value being read as the field
 * ("integer", "UUID", "byte string") and, for an unsupported type code, the
 * code as found.
 */
void		wc_fdb_error(const wc_fdb_reader *r, wc_status st, wc_error *err);

/* Name of a type for messages and fdb_tuple_element_type(). */
const char *wc_fdb_type_name(wc_fdb_type t);

#endif							/* WC_FDB_TUPLE_H */
