/*
 * hlc.c: CockroachDB HLC timestamps, pure C core (see hlc.h and
 * doc/spec/hlc_mvcc.md).  No PostgreSQL headers, no allocation.
 */
#include "hlc.h"

#include <string.h>

#include "byteorder.h"
#include "decimal.h"

wc_status
wc_hlc_make(int64_t wall, int64_t logical, wc_hlc *out)
{
	if (wall < 0)
		return WC_HLC_WALL_RANGE;
	if (logical < 0 || logical > WC_HLC_LOGICAL_MAX)
		return WC_HLC_LOGICAL_RANGE;
	out->wall = wall;
	out->logical = (int32_t) logical;
	out->reserved = 0;
	return WC_OK;
}

/* ---------------------------------------------------------------- text */

static inline int
is_digit(char c)
{
	return (unsigned char) (c - '0') < 10;
}

static inline int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/*
 * If the 8 bytes at p are all ASCII digits, their value into *val (SWAR:
 * one load, a range test on all bytes at once, three multiplications).
 */
static inline int
eight_digits(const char *p, uint32_t *val)
{
	uint64_t	v = wc_load_le64((const uint8_t *) p);

	if (((v & 0xF0F0F0F0F0F0F0F0ull) |
		 (((v + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4)) != 0x3333333333333333ull)
		return 0;
	v -= 0x3030303030303030ull;
	v = v * 10 + (v >> 8);		/* pairs of digits */
	v = (((v & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
		 (((v >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >> 32;
	*val = (uint32_t) v;
	return 1;
}

/* The end of a run of at most WC_INTERRUPT_BYTES bytes from p, within e:
 * a loop over a text of any length goes piece by piece, checking for
 * interrupts between pieces and not per byte. */
static inline const char *
piece_end(const char *p, const char *e)
{
	return e - p > WC_INTERRUPT_BYTES ? p + WC_INTERRUPT_BYTES : e;
}

/* The first non-digit at or after p, or e. */
static inline const char *
skip_digits(const char *p, const char *e)
{
	for (;;)
	{
		const char *lim = piece_end(p, e);

		while (p < lim && is_digit(*p))
			p++;
		if (__builtin_expect(p < lim || p == e, 1))
			return p;
		wc_check_interrupts();
	}
}

/*
 * Accumulate the digits at p (up to e) into *v; stops at the first
 * non-digit and returns its position.  Values above limit set *over and
 * stop accumulating (the digits are still consumed).
 */
static inline const char *
scan_digits(const char *p, const char *e, uint64_t limit, uint64_t *v, int *over)
{
	uint64_t	r = 0;
	/* 18 digits stay below 10^18 < 2^63: no overflow check needed */
	const char *fast_end = e - p > 18 ? p + 18 : e;
	uint32_t	chunk;

	while (fast_end - p >= 8 && eight_digits(p, &chunk))
	{
		r = r * 100000000u + chunk;
		p += 8;
	}
	for (; p < fast_end && is_digit(*p); p++)
		r = r * 10 + (unsigned) (*p - '0');
	*over = r > limit;
	/* past 18 digits (long only with leading zeros): piece by piece */
	for (;;)
	{
		const char *lim = piece_end(p, e);

		for (; p < lim && is_digit(*p); p++)
		{
			unsigned	d = (unsigned) (*p - '0');

			if (*over)
				continue;
			if (r > (limit - d) / 10)
				*over = 1;
			else
				r = r * 10 + d;
		}
		if (__builtin_expect(p < lim || p == e, 1))
			break;
		wc_check_interrupts();
	}
	*v = r;
	return p;
}

static const uint32_t pow10_u32[11] = {
	1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u,
	1000000000u, 0u				/* 10^10 does not fit; never used as a scale */
};

#define FAIL(status, at) return wc_fail(err, (status), (size_t) ((at) - base))

/*
 * The decimal form "digits[.digits]" between b and e.  long_fraction: accept
 * fraction digits past the tenth when they are zeros (numeric text).
 */
static wc_status
parse_decimal(const char *base, const char *b, const char *e, int long_fraction,
			  wc_hlc *out, wc_error *err)
{
	const char *p = b;
	const char *frac;
	uint64_t	wall;
	uint64_t	f = 0;
	int			wall_over;
	size_t		nf = 0;

	if (p == e || !is_digit(*p))
		FAIL(WC_ERR_SYNTAX, p);
	p = scan_digits(p, e, (uint64_t) WC_HLC_WALL_MAX, &wall, &wall_over);
	frac = p;
	if (p < e && *p == '.')
	{
		p++;
		frac = p;
		p = skip_digits(p, e);
		nf = (size_t) (p - frac);
		if (nf == 0)
			FAIL(WC_ERR_SYNTAX, p);
		if (nf > 10)
		{
			if (!long_fraction)
				return wc_fail_ef(err, WC_HLC_FRACTION_LEN, (size_t) (frac + 10 - base), 10, nf);
			for (const char *q = frac + 10; q < p;)
			{
				const char *lim = piece_end(q, p);

				for (; q < lim; q++)
					if (*q != '0')
						FAIL(WC_HLC_INEXACT, q);
				wc_check_interrupts();
			}
			nf = 10;
		}
		{
			size_t		i = 0;
			uint32_t	chunk;

			if (nf >= 8 && eight_digits(frac, &chunk))
			{
				f = chunk;
				i = 8;
			}
			for (; i < nf; i++)
				f = f * 10 + (uint64_t) (frac[i] - '0');
		}
	}
	if (p != e)
		FAIL(WC_ERR_SYNTAX, p);
	if (wall_over)
		FAIL(WC_HLC_WALL_RANGE, b);
	if (nf < 10)
		f *= pow10_u32[10 - nf];
	if (f > (uint64_t) WC_HLC_LOGICAL_MAX)
		FAIL(WC_HLC_LOGICAL_RANGE, frac);
	out->wall = (int64_t) wall;
	out->logical = (int32_t) f;
	out->reserved = 0;
	return WC_OK;
}

/* The String() form "secs[.nnnnnnnnn],logical" between b and e. */
static wc_status
parse_string_form(const char *base, const char *b, const char *e,
				  wc_hlc *out, wc_error *err)
{
	const char *p = b;
	const char *lstart;
	uint64_t	secs;
	uint64_t	nanos = 0;
	uint64_t	logical;
	int			secs_over;
	int			log_over;

	if (p == e || !is_digit(*p))
		FAIL(WC_ERR_SYNTAX, p);
	p = scan_digits(p, e, (uint64_t) WC_HLC_WALL_MAX, &secs, &secs_over);
	if (p < e && *p == '.')
	{
		const char *n0 = ++p;
		int			dummy;

		p = scan_digits(p, e, UINT64_MAX, &nanos, &dummy);
		if (p - n0 != 9)
			return wc_fail_ef(err, WC_HLC_NANOS_LEN, (size_t) (n0 - base), 9, (uint64_t) (p - n0));
	}
	if (p == e || *p != ',')
		FAIL(WC_ERR_SYNTAX, p);
	lstart = ++p;
	if (p == e || !is_digit(*p))
		FAIL(WC_ERR_SYNTAX, p);
	p = scan_digits(p, e, (uint64_t) WC_HLC_LOGICAL_MAX, &logical, &log_over);
	if (p != e)
		FAIL(WC_ERR_SYNTAX, p);
	if (secs_over || secs > ((uint64_t) WC_HLC_WALL_MAX - nanos) / 1000000000u)
		FAIL(WC_HLC_WALL_RANGE, b);
	if (log_over)
		FAIL(WC_HLC_LOGICAL_RANGE, lstart);
	out->wall = (int64_t) (secs * 1000000000u + nanos);
	out->logical = (int32_t) logical;
	out->reserved = 0;
	return WC_OK;
}

/* Narrow [*b, *e) to its part between leading and trailing blanks. */
static void
trim_spaces(const char **b, const char **e)
{
	const char *p = *b;
	const char *q = *e;

	while (p < q && is_space(*p))
	{
		const char *lim = piece_end(p, q);

		while (p < lim && is_space(*p))
			p++;
		if (p == lim && p < q)
			wc_check_interrupts();
	}
	while (q > p && is_space(q[-1]))
	{
		const char *lim = q - p > WC_INTERRUPT_BYTES ? q - WC_INTERRUPT_BYTES : p;

		while (q > lim && is_space(q[-1]))
			q--;
		if (q == lim && q > p)
			wc_check_interrupts();
	}
	*b = p;
	*e = q;
}

wc_status
wc_hlc_parse(const char *s, size_t len, wc_hlc *out, wc_error *err)
{
	const char *base = s;
	const char *b = s;
	const char *e = s + len;

	if (__builtin_expect(b < e && (is_space(*b) || is_space(e[-1])), 0))
		trim_spaces(&b, &e);
	if (b == e)
		FAIL(WC_HLC_EMPTY, b);
	if (wc_memchr_checked(b, ',', (size_t) (e - b)) != NULL)
		return parse_string_form(base, b, e, out, err);
	return parse_decimal(base, b, e, 0, out, err);
}

wc_status
wc_hlc_parse_decimal_number(const char *s, size_t len, wc_hlc *out, wc_error *err)
{
	const char *base = s;
	const char *b = s;
	const char *e = s + len;
	int			neg = 0;
	wc_status st;

	if ((len == 3 && memcmp(s, "NaN", 3) == 0) ||
		(len == 8 && memcmp(s, "Infinity", 8) == 0) ||
		(len == 9 && memcmp(s, "-Infinity", 9) == 0))
		FAIL(WC_HLC_NOT_FINITE, b);
	if (b < e && *b == '-')
	{
		neg = 1;
		b++;
	}
	st = parse_decimal(base, b, e, 1, out, err);
	if (neg && (st == WC_HLC_WALL_RANGE || st == WC_HLC_LOGICAL_RANGE ||
				(st == WC_OK && !wc_hlc_is_empty(out))))
		FAIL(WC_HLC_NEGATIVE, s);
	return st;
}

#undef FAIL

/* v zero-padded to exactly width (9 or 10) digits at out (v < 10^width). */
static void
put_fixed(uint32_t v, int width, char *out)
{
	uint32_t	hi = v / 100000000u;	/* <= 21 */

	if (width == 10)
		memcpy(out, wc_dec_pairs + hi * 2, 2);
	else
		out[0] = (char) ('0' + hi);
	wc_dec_put8(v % 100000000u, out + width - 8);
}

size_t
wc_hlc_format(const wc_hlc *v, char *buf)
{
	size_t		n = wc_dec_u64((uint64_t) v->wall, buf);

	buf[n++] = '.';
	put_fixed((uint32_t) v->logical, 10, buf + n);
	n += 10;
	buf[n] = '\0';
	return n;
}

size_t
wc_hlc_format_crdb(const wc_hlc *v, char *buf)
{
	size_t		n;

	if (v->wall == 0)
	{
		buf[0] = '0';
		n = 1;
	}
	else
	{
		uint64_t	w = (uint64_t) v->wall;

		n = wc_dec_u64(w / 1000000000u, buf);
		buf[n++] = '.';
		put_fixed((uint32_t) (w % 1000000000u), 9, buf + n);
		n += 9;
	}
	buf[n++] = ',';
	n += wc_dec_u64((uint64_t) v->logical, buf + n);
	buf[n] = '\0';
	return n;
}

/* -------------------------------------------------------------- binary */

void
wc_hlc_to_bin(const wc_hlc *v, uint8_t *buf)
{
	wc_store_be64(buf, (uint64_t) v->wall);
	wc_store_be32(buf + 8, (uint32_t) v->logical);
}

wc_status
wc_hlc_from_bin(const uint8_t *p, size_t len, wc_hlc *out, wc_error *err)
{
	uint64_t	wall;
	uint32_t	logical;

	if (len < WC_HLC_BIN_LEN)
		return wc_fail_ef(err, WC_ERR_TRUNCATED, len, WC_HLC_BIN_LEN, len);
	if (len > WC_HLC_BIN_LEN)
		return wc_fail_found(err, WC_ERR_TRAILING, WC_HLC_BIN_LEN, len - WC_HLC_BIN_LEN);
	wall = wc_load_be64(p);
	logical = wc_load_be32(p + 8);
	if (wall > (uint64_t) WC_HLC_WALL_MAX)
		return wc_fail_found(err, WC_HLC_WALL_RANGE, 0, wall);
	if (logical > (uint32_t) WC_HLC_LOGICAL_MAX)
		return wc_fail_found(err, WC_HLC_LOGICAL_RANGE, 8, logical);
	out->wall = (int64_t) wall;
	out->logical = (int32_t) logical;
	out->reserved = 0;
	return WC_OK;
}

/* ------------------------------------------------------------ protobuf */

static inline size_t
varint_size(uint64_t v)
{
	return v < 0x80 ? 1 : (size_t) (63 - __builtin_clzll(v)) / 7 + 1;
}

static inline size_t
put_varint(uint64_t v, uint8_t *p)
{
	size_t		n = 0;

	while (v >= 0x80)
	{
		p[n++] = (uint8_t) (v | 0x80);
		v >>= 7;
	}
	p[n++] = (uint8_t) v;
	return n;
}

size_t
wc_hlc_proto_size(const wc_hlc *v)
{
	size_t		n = 0;

	if (v->wall != 0)
		n += 1 + varint_size((uint64_t) v->wall);
	if (v->logical != 0)
		n += 1 + varint_size((uint64_t) v->logical);
	return n;
}

size_t
wc_hlc_proto_encode(const wc_hlc *v, uint8_t *buf)
{
	size_t		n = 0;

	if (v->wall != 0)
	{
		buf[n++] = 0x08;
		n += put_varint((uint64_t) v->wall, buf + n);
	}
	if (v->logical != 0)
	{
		buf[n++] = 0x10;
		n += put_varint((uint64_t) v->logical, buf + n);
	}
	return n;
}

/* A protobuf reader over [base, end). */
typedef struct pb_reader
{
	const uint8_t *base;
	const uint8_t *p;
	const uint8_t *end;
	wc_error   *err;
	size_t		steps;			/* fields read, for the interrupt check */
} pb_reader;

#define PB_MAX_GROUP_DEPTH 64
#define PB_MAX_FIELD ((1u << 29) - 1)

static inline wc_status
pb_fail(pb_reader *r, wc_status st, const uint8_t *at)
{
	return wc_fail(r->err, st, (size_t) (at - r->base));
}

/* The same with what was expected and what was found. */
static inline wc_status
pb_fail_ef(pb_reader *r, wc_status st, const uint8_t *at, uint64_t expected, uint64_t found)
{
	return wc_fail_ef(r->err, st, (size_t) (at - r->base), expected, found);
}

/* Read a varint of at most 10 bytes whose tenth byte is 0 or 1. */
static wc_status
pb_varint(pb_reader *r, uint64_t *v)
{
	const uint8_t *start = r->p;
	uint64_t	x = 0;

	for (int i = 0; i < 10; i++)
	{
		uint8_t		b;

		if (r->p == r->end)
			return wc_in_field(r->err, pb_fail(r, WC_ERR_TRUNCATED, start), "varint");
		b = *r->p++;
		if (i == 9 && b > 1)
			return wc_fail_found(r->err, WC_HLC_VARINT, (size_t) (start - r->base), b);
		x |= (uint64_t) (b & 0x7f) << (7 * i);
		if (b < 0x80)
		{
			*v = x;
			return WC_OK;
		}
	}
	return pb_fail(r, WC_HLC_VARINT, start);	/* not reached: b > 1 above */
}

/* Read a tag; field number 1 .. 2^29-1. */
static wc_status
pb_tag(pb_reader *r, uint32_t *field, unsigned *wt)
{
	const uint8_t *start = r->p;
	uint64_t	tag;
	wc_status st;

	if (r->p < r->end && *r->p < 0x80)
		tag = *r->p++;
	else if ((st = pb_varint(r, &tag)) != WC_OK)
		return st;
	if ((tag >> 3) == 0 || (tag >> 3) > PB_MAX_FIELD)
		return wc_fail_found(r->err, WC_HLC_FIELD_NUMBER, (size_t) (start - r->base), tag >> 3);
	*field = (uint32_t) (tag >> 3);
	*wt = (unsigned) (tag & 7);
	return WC_OK;
}

/* Skip the value of a field whose tag (at tag_at) was just read. */
static wc_status
pb_skip(pb_reader *r, uint32_t field, unsigned wt, const uint8_t *tag_at, int depth)
{
	uint64_t	v;
	wc_status st;

	switch (wt)
	{
		case 0:
			return pb_varint(r, &v);
		case 1:
		case 5:
			{
				size_t		n = wt == 1 ? 8 : 4;

				if ((size_t) (r->end - r->p) < n)
					return pb_fail_ef(r, WC_ERR_TRUNCATED, tag_at, n, (uint64_t) (r->end - r->p));
				r->p += n;
				return WC_OK;
			}
		case 2:
			{
				const uint8_t *len_at = r->p;

				if ((st = pb_varint(r, &v)) != WC_OK)
					return st;
				if (v > (uint64_t) (r->end - r->p))
					return pb_fail_ef(r, WC_ERR_LENGTH, len_at, v, (uint64_t) (r->end - r->p));
				r->p += v;
				return WC_OK;
			}
		case 3:
			if (depth >= PB_MAX_GROUP_DEPTH)
				return pb_fail(r, WC_HLC_GROUP_DEPTH, tag_at);
			for (;;)
			{
				const uint8_t *at = r->p;
				uint32_t	f;
				unsigned	w;

				if (r->p == r->end)
					return pb_fail(r, WC_ERR_TRUNCATED, tag_at);
				wc_check_interrupts_every(++r->steps, WC_INTERRUPT_STRIDE);
				if ((st = pb_tag(r, &f, &w)) != WC_OK)
					return st;
				if (w == 4)
				{
					if (f != field)
						return pb_fail(r, WC_HLC_END_GROUP, at);
					return WC_OK;
				}
				if ((st = pb_skip(r, f, w, at, depth + 1)) != WC_OK)
					return st;
			}
		case 4:
			return pb_fail(r, WC_HLC_END_GROUP, tag_at);
		default:
			return wc_fail_found(r->err, WC_HLC_WIRE_TYPE, (size_t) (tag_at - r->base), wt);
	}
}

wc_status
wc_hlc_proto_decode(const uint8_t *p, size_t len, wc_hlc *out, wc_error *err)
{
	pb_reader	r = {p, p, p + len, err, 0};
	uint64_t	wall = 0;
	uint64_t	logical = 0;
	size_t		wall_at = 0;
	size_t		logical_at = 0;
	wc_status st;

	while (r.p < r.end)
	{
		const uint8_t *at = r.p;
		uint32_t	field;
		unsigned	wt;

		wc_check_interrupts_every(++r.steps, WC_INTERRUPT_STRIDE);
		if ((st = pb_tag(&r, &field, &wt)) != WC_OK)
			return wc_in_field(err, st, "tag");
		if (field == 1 || field == 2)
		{
			if (wt != 0)
				return wc_in_field(err, wc_fail_found(err, WC_HLC_WIRE_TYPE, (size_t) (at - p), wt),
								   field == 1 ? "wall_time" : "logical");
			if ((st = pb_varint(&r, field == 1 ? &wall : &logical)) != WC_OK)
				return wc_in_field(err, st, field == 1 ? "wall_time" : "logical");
			if (field == 1)
				wall_at = (size_t) (at - p);
			else
				logical_at = (size_t) (at - p);
		}
		else if ((st = pb_skip(&r, field, wt, at, 0)) != WC_OK)
			return st;
	}
	if (wall > (uint64_t) WC_HLC_WALL_MAX)
		return wc_fail_found(err, WC_HLC_WALL_RANGE, wall_at, wall);
	if (logical > (uint64_t) WC_HLC_LOGICAL_MAX)
		return wc_fail_found(err, WC_HLC_LOGICAL_RANGE, logical_at, logical);
	out->wall = (int64_t) wall;
	out->logical = (int32_t) logical;
	out->reserved = 0;
	return WC_OK;
}

/* ------------------------------------------------ stepping, arithmetic */

wc_status
wc_hlc_next(const wc_hlc *v, wc_hlc *out)
{
	if (v->logical < WC_HLC_LOGICAL_MAX)
		return wc_hlc_make(v->wall, (int64_t) v->logical + 1, out);
	if (v->wall == WC_HLC_WALL_MAX)
		return WC_HLC_STEP_RANGE;
	return wc_hlc_make(v->wall + 1, 0, out);
}

wc_status
wc_hlc_prev(const wc_hlc *v, wc_hlc *out)
{
	if (v->logical > 0)
		return wc_hlc_make(v->wall, (int64_t) v->logical - 1, out);
	if (v->wall == 0)
		return WC_HLC_STEP_RANGE;
	return wc_hlc_make(v->wall - 1, WC_HLC_LOGICAL_MAX, out);
}

wc_status
wc_hlc_floor_prev(const wc_hlc *v, wc_hlc *out)
{
	if (v->logical > 0)
		return wc_hlc_make(v->wall, (int64_t) v->logical - 1, out);
	if (v->wall == 0)
		return WC_HLC_STEP_RANGE;
	return wc_hlc_make(v->wall - 1, 0, out);
}

wc_status
wc_hlc_add(const wc_hlc *v, int64_t wall_delta, int32_t logical_delta, wc_hlc *out)
{
	int64_t		wall;
	int64_t		logical = (int64_t) v->logical + logical_delta;

	/* v->wall >= 0, so only a positive delta can overflow */
	if (__builtin_add_overflow(v->wall, wall_delta, &wall) || wall < 0 ||
		logical < 0 || logical > WC_HLC_LOGICAL_MAX)
		return WC_HLC_STEP_RANGE;
	return wc_hlc_make(wall, logical, out);
}

wc_status
wc_hlc_from_unix_micros(int64_t micros, wc_hlc *out)
{
	if (micros < 0 || micros > WC_HLC_WALL_MAX / 1000)
		return WC_HLC_WALL_RANGE;
	return wc_hlc_make(micros * 1000, 0, out);
}
