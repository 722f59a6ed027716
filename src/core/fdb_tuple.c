/*
 * fdb_tuple.c: FoundationDB tuple layer codec (pure C core).
 *
 * Decoding: wc_fdb_read() is a streaming reader with a depth counter instead of
 * recursion; every element is checked strictly as the spec's section 5 asks.
 * Encoding: exact size first (wc_fdb_events_size), then one write pass.  The text
 * form lives in fdb_tuple_text.c.
 */
#include "fdb_tuple.h"

#include <string.h>

#include "byteorder.h"
#include "decimal.h"

/* Record an error in the reader. */
static wc_status
fail(wc_fdb_reader *r, wc_status st, size_t off, uint8_t code)
{
	r->err_off = off;
	r->err_code = code;
	return st;
}

void
wc_fdb_reader_init(wc_fdb_reader *r, const uint8_t *buf, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->buf = buf;
	r->len = len;
}

/* Offset of the first byte of an invalid UTF-8 sequence, or n if valid. */
static size_t
utf8_check(const uint8_t *s, size_t n)
{
	size_t		i = 0;

	/* short ASCII strings (most key parts): two overlapping loads */
	if (n >= 4 && n <= 8)
	{
		uint32_t	a,
					b;

		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		if (((a | b) & 0x80808080u) == 0)
			return n;
	}

	for (;;)
	{
		/* a long run in WC_INTERRUPT_BYTES pieces, with a check between */
		size_t		stop = n - i > WC_INTERRUPT_BYTES ? i + WC_INTERRUPT_BYTES : n;

		while (i < stop)
		{
			uint8_t		c,
						lo,
						hi;
			uint64_t	w;

			if (n - i >= 8)
			{
				memcpy(&w, s + i, 8);
				if ((w & UINT64_C(0x8080808080808080)) == 0)
				{
					i += 8;
					/* an ASCII tail shorter than 8: the last 8 bytes in one load */
					if (n - i < 8 && n - i > 0)
					{
						memcpy(&w, s + n - 8, 8);
						if ((w & UINT64_C(0x8080808080808080)) == 0)
							return n;
					}
					continue;
				}
			}
			c = s[i];
			if (c < 0x80)
			{
				i++;
				continue;
			}
			lo = 0x80;
			hi = 0xBF;
			if (c >= 0xC2 && c <= 0xDF)
			{
				if (n - i < 2 || (s[i + 1] & 0xC0) != 0x80)
					return i;
				i += 2;
			}
			else if (c >= 0xE0 && c <= 0xEF)
			{
				if (c == 0xE0)
					lo = 0xA0;		/* overlong */
				else if (c == 0xED)
					hi = 0x9F;		/* surrogates */
				if (n - i < 3 || s[i + 1] < lo || s[i + 1] > hi ||
					(s[i + 2] & 0xC0) != 0x80)
					return i;
				i += 3;
			}
			else if (c >= 0xF0 && c <= 0xF4)
			{
				if (c == 0xF0)
					lo = 0x90;		/* overlong */
				else if (c == 0xF4)
					hi = 0x8F;		/* above U+10FFFF */
				if (n - i < 4 || s[i + 1] < lo || s[i + 1] > hi ||
					(s[i + 2] & 0xC0) != 0x80 || (s[i + 3] & 0xC0) != 0x80)
					return i;
				i += 4;
			}
			else
				return i;
		}
		if (i >= n)
			return n;
		wc_check_interrupts();
	}
}

int
wc_fdb_utf8_valid(const uint8_t *s, size_t n)
{
	return utf8_check(s, n) == n;
}

/*
 * Validate an escaped string payload as UTF-8: each run between escaped NULs
 * must be valid on its own (a NUL is a whole character, so a sequence broken
 * by one is invalid).  Returns the offset of the bad byte or n.
 */
static size_t
utf8_check_escaped(const uint8_t *s, size_t n, int escaped)
{
	size_t		i = 0;

	if (!escaped)
		return utf8_check(s, n);
	while (i < n)
	{
		const uint8_t *z = memchr(s + i, 0, n - i);
		size_t		run = z ? (size_t) (z - (s + i)) : n - i;
		size_t		bad = utf8_check(s + i, run);

		if (bad != run)
			return i + bad;
		i += run + 2;			/* skip 00 FF */
	}
	return n;
}

int
wc_fdb_vs_incomplete(const uint8_t *vs)
{
	static const uint8_t ff[10] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};

	return memcmp(vs, ff, 10) == 0;
}

/* Copy n <= 8 bytes with at most two overlapping fixed-size moves
 * (a variable-length memcpy would be a library call). */
static inline void
copy_upto8(uint8_t *d, const uint8_t *s, size_t n)
{
	if (n >= 4)
	{
		uint32_t	a,
					b;

		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		memcpy(d, &a, 4);
		memcpy(d + n - 4, &b, 4);
	}
	else if (n >= 2)
	{
		uint16_t	a,
					b;

		memcpy(&a, s, 2);
		memcpy(&b, s + n - 2, 2);
		memcpy(d, &a, 2);
		memcpy(d + n - 2, &b, 2);
	}
	else if (n == 1)
		*d = *s;
}

/* Any 00 byte in a short run (n <= 32)?  Word-at-a-time, no call. */
static inline int
has_zero_small(const uint8_t *s, size_t n)
{
	const uint64_t lo = UINT64_C(0x0101010101010101),
				hi = UINT64_C(0x8080808080808080);
	uint64_t	w;

	while (n >= 8)
	{
		memcpy(&w, s, 8);
		if ((w - lo) & ~w & hi)
			return 1;
		s += 8;
		n -= 8;
	}
	if (n >= 4)
	{
		uint32_t	a,
					b;

		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		w = ((uint64_t) a << 32) | b;
		return ((w - lo) & ~w & hi) != 0;
	}
	for (; n > 0; n--, s++)
		if (*s == 0)
			return 1;
	return 0;
}

/* Set e to the integer whose (complemented when neg) payload is p[0..n). */
static void
set_int(wc_fdb_elem *e, const uint8_t *p, size_t n, int neg)
{
	uint8_t		pad = neg ? 0xFF : 0x00;

	if (n > 8)
	{
		while (n > 0 && *p == pad)
		{
			p++;
			n--;
		}
	}
	if (n <= 8)
	{
		uint64_t	mag = wc_fdb_small_mag(p, n, neg);

		if (!neg && mag <= (uint64_t) INT64_MAX)
		{
			e->type = WC_FDB_INT;
			e->v.i = (int64_t) mag;
			return;
		}
		if (neg && mag <= (UINT64_C(1) << 63))
		{
			e->type = WC_FDB_INT;
			e->v.i = mag == (UINT64_C(1) << 63) ? INT64_MIN : -(int64_t) mag;
			return;
		}
		while (n > 0 && *p == pad)
		{
			p++;
			n--;
		}
	}
	e->type = WC_FDB_BIGINT;
	e->ptr = p;
	e->len = n;
	e->neg = (uint8_t) neg;
	e->compl = (uint8_t) neg;
}

/* First 00 byte in [s, end), or NULL: word-at-a-time for the first 32
 * bytes (key parts are short; a memchr call costs more there), then memchr.
 * In a little-endian word the lowest flagged byte is always a true 00. */
static inline const uint8_t *
find_zero(const uint8_t *s, const uint8_t *end)
{
	const uint64_t lo = UINT64_C(0x0101010101010101),
				hi = UINT64_C(0x8080808080808080);
	int			k;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (k = 0; k < 4 && end - s >= 8; k++)
	{
		uint64_t	w,
					m;

		memcpy(&w, s, 8);
		m = (w - lo) & ~w & hi;
		if (m)
			return s + (__builtin_ctzll(m) >> 3);
		s += 8;
	}
#else
	(void) lo;
	(void) hi;
	(void) k;
#endif
	return wc_memchr_checked(s, 0, (size_t) (end - s));
}

/*
 * One event per call.  A single switch over the type codes, longer than the
 * rest of the core on purpose: it is the per-element step of every reader,
 * and its cases share the reader state and the one error exit, which
 * separate functions would each have to repeat.
 */
wc_status
wc_fdb_read(wc_fdb_reader *r, wc_fdb_elem *e)
{
	const uint8_t *b = r->buf;
	size_t		len = r->len,
				p = r->pos,
				n,
				next;
	uint8_t		code;

	if (p >= len)
	{
		if (r->depth > 0)
			return fail(r, WC_FDB_NESTED_UNTERMINATED, len, WC_FDB_CODE_NESTED);
		e->type = WC_FDB_END;
		e->offset = p;
		return WC_OK;
	}
	wc_check_interrupts_every(++r->steps, WC_INTERRUPT_STRIDE);
	code = b[p];
	e->offset = p;
	switch (code)
	{
		case WC_FDB_CODE_NULL:
			if (r->depth > 0)
			{
				if (p + 1 < len && b[p + 1] == 0xFF)
				{
					e->type = WC_FDB_NULL;
					r->pos = p + 2;
					return WC_OK;
				}
				e->type = WC_FDB_NESTED_END;
				r->pos = p + 1;
				if (--r->depth == 0)
					r->index++;
				return WC_OK;
			}
			e->type = WC_FDB_NULL;
			next = p + 1;
			break;

		case WC_FDB_CODE_BYTES:
		case WC_FDB_CODE_STRING:
			{
				const uint8_t *s = b + p + 1,
						   *end = b + len,
						   *q = s,
						   *z;
				size_t		nesc = 0;

				for (;;)
				{
					z = find_zero(q, end);
					if (z == NULL)
						return fail(r, WC_ERR_UNTERMINATED, p, code);
					if (z + 1 < end && z[1] == 0xFF)
					{
						wc_check_interrupts_every(++nesc, WC_INTERRUPT_STRIDE);
						q = z + 2;
						continue;
					}
					break;
				}
				e->type = code == WC_FDB_CODE_BYTES ? WC_FDB_BYTES : WC_FDB_STRING;
				e->ptr = s;
				e->rawlen = (size_t) (z - s);
				e->len = e->rawlen - nesc;
				e->escaped = nesc > 0;
				if (code == WC_FDB_CODE_STRING)
				{
					size_t		bad = utf8_check_escaped(s, e->rawlen, e->escaped);

					if (bad != e->rawlen)
						return fail(r, WC_ERR_UTF8, p + 1 + bad, code);
				}
				next = (size_t) (z - b) + 1;
				break;
			}

		case WC_FDB_CODE_NESTED:
			e->type = WC_FDB_NESTED;
			r->depth++;
			r->pos = p + 1;
			return WC_OK;

		case WC_FDB_CODE_NEGBIG:
		case WC_FDB_CODE_POSBIG:
			if (len - p < 2)
				return fail(r, WC_ERR_TRUNCATED, p, code);
			n = b[p + 1];
			if (code == WC_FDB_CODE_NEGBIG)
				n ^= 0xFF;
			if (n > len - p - 2)
				return fail(r, WC_ERR_TRUNCATED, p, code);
			set_int(e, b + p + 2, n, code == WC_FDB_CODE_NEGBIG);
			next = p + 2 + n;
			break;

		case 0x0C:
		case 0x0D:
		case 0x0E:
		case 0x0F:
		case 0x10:
		case 0x11:
		case 0x12:
		case 0x13:
		case WC_FDB_CODE_ZERO:
		case 0x15:
		case 0x16:
		case 0x17:
		case 0x18:
		case 0x19:
		case 0x1A:
		case 0x1B:
		case 0x1C:
			{
				int			neg = code < WC_FDB_CODE_ZERO;
				uint64_t	mag;

				n = neg ? (size_t) (WC_FDB_CODE_ZERO - code) : (size_t) (code - WC_FDB_CODE_ZERO);
				if (n > len - p - 1)
					return fail(r, WC_ERR_TRUNCATED, p, code);
				mag = wc_fdb_small_mag(b + p + 1, n, neg);
				if (mag <= (uint64_t) INT64_MAX)
				{
					e->type = WC_FDB_INT;
					e->v.i = neg ? -(int64_t) mag : (int64_t) mag;
				}
				else
					set_int(e, b + p + 1, n, neg);	/* beyond int64 (or -2^63) */
				next = p + 1 + n;
				break;
			}

		case WC_FDB_CODE_FLOAT:
			{
				if (len - p - 1 < 4)
					return fail(r, WC_ERR_TRUNCATED, p, code);
				e->type = WC_FDB_FLOAT;
				e->v.f32 = wc_fdb_float_bits(b + p + 1);
				next = p + 5;
				break;
			}

		case WC_FDB_CODE_DOUBLE:
			{
				if (len - p - 1 < 8)
					return fail(r, WC_ERR_TRUNCATED, p, code);
				e->type = WC_FDB_DOUBLE;
				e->v.f64 = wc_fdb_double_bits(b + p + 1);
				next = p + 9;
				break;
			}

		case WC_FDB_CODE_FALSE:
		case WC_FDB_CODE_TRUE:
			e->type = WC_FDB_BOOL;
			e->v.b = code == WC_FDB_CODE_TRUE;
			next = p + 1;
			break;

		case WC_FDB_CODE_UUID:
			if (len - p - 1 < 16)
				return fail(r, WC_ERR_TRUNCATED, p, code);
			e->type = WC_FDB_UUID;
			e->ptr = b + p + 1;
			next = p + 17;
			break;

		case WC_FDB_CODE_VS96:
			if (len - p - 1 < 12)
				return fail(r, WC_ERR_TRUNCATED, p, code);
			e->type = WC_FDB_VERSIONSTAMP;
			e->ptr = b + p + 1;
			if (wc_fdb_vs_incomplete(e->ptr) && r->n_incomplete++ == 0)
				r->incomplete_off = p + 1;
			next = p + 13;
			break;

		default:
			return fail(r, WC_FDB_BAD_CODE, p, code);
	}
	r->pos = next;
	if (r->depth == 0)
		r->index++;
	return WC_OK;
}

wc_status
wc_fdb_skip(wc_fdb_reader *r, wc_fdb_elem *e)
{
	wc_status	st = wc_fdb_read(r, e);
	size_t		target;
	wc_fdb_elem	t;

	if (st != WC_OK || e->type != WC_FDB_NESTED)
		return st;
	target = r->depth - 1;
	while (r->depth > target)
	{
		st = wc_fdb_read(r, &t);
		if (st != WC_OK)
			return st;
	}
	return WC_OK;
}

/*
 * The flat tuples of the common kinds (strings and bytes without escaped
 * 00s, integers of up to 8 bytes, doubles, floats, null, booleans) checked
 * in one loop: 1 when buf is such a tuple, with *count its elements.  0 for
 * anything else, valid or not, which wc_fdb_read then walks.
 */
static int
validate_flat(const uint8_t *buf, size_t len, size_t *count)
{
	size_t		p = 0,
				k = 0;

	while (p < len)
	{
		uint8_t		c = buf[p];

		if (c == WC_FDB_CODE_STRING || c == WC_FDB_CODE_BYTES)
		{
			const uint8_t *z = find_zero(buf + p + 1, buf + len);

			if (z == NULL || (z + 1 < buf + len && z[1] == 0xFF))
				return 0;
			if (c == WC_FDB_CODE_STRING &&
				utf8_check(buf + p + 1, (size_t) (z - buf) - p - 1) != (size_t) (z - buf) - p - 1)
				return 0;
			p = (size_t) (z - buf) + 1;
		}
		else if (c >= WC_FDB_CODE_ZERO - 8 && c <= WC_FDB_CODE_ZERO + 8)
		{
			size_t		n = c < WC_FDB_CODE_ZERO ? (size_t) (WC_FDB_CODE_ZERO - c) : (size_t) (c - WC_FDB_CODE_ZERO);

			if (n > len - p - 1)
				return 0;
			p += 1 + n;
		}
		else if (c == WC_FDB_CODE_DOUBLE || c == WC_FDB_CODE_FLOAT)
		{
			size_t		n = c == WC_FDB_CODE_DOUBLE ? 8 : 4;

			if (n > len - p - 1)
				return 0;
			p += 1 + n;
		}
		else if (c == WC_FDB_CODE_NULL || c == WC_FDB_CODE_TRUE || c == WC_FDB_CODE_FALSE)
			p++;
		else
			return 0;
		wc_check_interrupts_every(++k, WC_INTERRUPT_STRIDE);
	}
	*count = k;
	return 1;
}

wc_status
wc_fdb_validate(const uint8_t *buf, size_t len, size_t *count, wc_fdb_reader *r)
{
	wc_fdb_reader	local;
	wc_fdb_elem	e;
	wc_status	st;
	size_t		k;

	if (r == NULL)
		r = &local;
	wc_fdb_reader_init(r, buf, len);
	if (validate_flat(buf, len, &k))
	{
		r->pos = len;
		r->index = k;
		if (count)
			*count = k;
		return WC_OK;
	}
	do
	{
		st = wc_fdb_read(r, &e);
		if (st != WC_OK)
			return st;
	} while (e.type != WC_FDB_END);
	if (count)
		*count = r->index;
	return WC_OK;
}

wc_status
wc_fdb_get(const uint8_t *buf, size_t len, int64_t idx, wc_fdb_elem *e, int *found,
		wc_fdb_reader *r)
{
	wc_fdb_reader	local;
	wc_status	st;
	int64_t		k;

	if (r == NULL)
		r = &local;
	*found = 0;
	if (idx < 0)
	{
		size_t		count;

		st = wc_fdb_validate(buf, len, &count, r);
		if (st != WC_OK)
			return st;
		if ((uint64_t) 0 - (uint64_t) idx > count)
			return WC_OK;
		idx += (int64_t) count;
	}
	wc_fdb_reader_init(r, buf, len);
	for (k = 0;; k++)
	{
		st = wc_fdb_skip(r, e);
		if (st != WC_OK || e->type == WC_FDB_END)
			return st;
		if (k == idx)
			break;
	}
	if (e->type == WC_FDB_NESTED)
	{
		e->ptr = buf + e->offset;
		e->len = r->pos - e->offset;
	}
	*found = 1;
	return WC_OK;
}

void
wc_fdb_unescape(uint8_t *dst, const wc_fdb_elem *e)
{
	const uint8_t *s = e->ptr;
	size_t		n = e->rawlen;

	size_t		hits = 0;

	if (!e->escaped)
	{
		wc_memcpy_checked(dst, s, e->len);
		return;
	}
	while (n > 0)
	{
		const uint8_t *z = wc_memchr_checked(s, 0, n);
		size_t		k;

		if (z == NULL)
		{
			wc_memcpy_checked(dst, s, n);
			return;
		}
		wc_check_interrupts_every(++hits, WC_INTERRUPT_STRIDE);
		k = (size_t) (z - s) + 1;
		wc_memcpy_checked(dst, s, k);
		dst += k;
		s += k + 1;
		n -= k + 1;
	}
}

/* ---- integers ---- */

/* Minimal byte count of a magnitude. */
static inline unsigned
nbytes64(uint64_t m)
{
	return m ? (unsigned) (64 - __builtin_clzll(m) + 7) / 8 : 0;
}

/* Write an integer of magnitude mag (<= 2^64-1) in its minimal form. */
static inline uint8_t *
put_uint(uint8_t *p, uint64_t mag, int neg)
{
	unsigned	n = nbytes64(mag);
	uint8_t		tmp[8];

	if (neg)
	{
		*p++ = (uint8_t) (WC_FDB_CODE_ZERO - n);
		wc_store_be64(tmp, ~mag);
	}
	else
	{
		*p++ = (uint8_t) (WC_FDB_CODE_ZERO + n);
		wc_store_be64(tmp, mag);
	}
	copy_upto8(p, tmp + 8 - n, n);
	return p + n;
}

size_t
wc_fdb_int64_size(int64_t v)
{
	uint64_t	m = v < 0 ? (uint64_t) 0 - (uint64_t) v : (uint64_t) v;

	return 1 + nbytes64(m);
}

static inline uint8_t *
put_int64(uint8_t *p, int64_t v)
{
	if (v < 0)
		return put_uint(p, (uint64_t) 0 - (uint64_t) v, 1);
	return put_uint(p, (uint64_t) v, 0);
}

uint8_t *
wc_fdb_put_int64(uint8_t *p, int64_t v)
{
	return put_int64(p, v);
}

/* Big integer payload without its padding bytes (the significant ones). */
static void
bigint_trim(const wc_fdb_elem *e, const uint8_t **p, size_t *n)
{
	const uint8_t *q = e->ptr;
	size_t		k = e->len;
	uint8_t		pad = e->compl ? 0xFF : 0x00;

	while (k > 0 && *q == pad)
	{
		q++;
		k--;
	}
	*p = q;
	*n = k;
}

size_t
wc_fdb_int_magnitude(const wc_fdb_elem *e, uint8_t *dst)
{
	const uint8_t *p;
	size_t		n,
				i;

	if (e->type == WC_FDB_INT)
	{
		uint64_t	m = e->v.i < 0 ? (uint64_t) 0 - (uint64_t) e->v.i : (uint64_t) e->v.i;
		uint8_t		tmp[8];

		n = nbytes64(m);
		wc_store_be64(tmp, m);
		memcpy(dst, tmp + 8 - n, n);
		return n;
	}
	bigint_trim(e, &p, &n);
	if (e->compl)
		for (i = 0; i < n; i++)
			dst[i] = (uint8_t) ~p[i];
	else
		memcpy(dst, p, n);
	return n;
}

/* Decimal digits of an unsigned 64-bit value, reversed; returns count. */
static size_t
u64_digits_rev(uint64_t v, char *out)
{
	size_t		k = 0;

	do
	{
		out[k++] = (char) ('0' + v % 10);
		v /= 10;
	} while (v);
	return k;
}

/* Decimal of an int64 straight into dst: the sign, then the digits. */
size_t
wc_fdb_i64_to_decimal(int64_t i, char *dst)
{
	size_t		neg = i < 0;
	size_t		len = neg + wc_dec_u64(neg ? (uint64_t) 0 - (uint64_t) i : (uint64_t) i,
									   dst + neg);

	if (neg)
		*dst = '-';
	dst[len] = '\0';
	return len;
}

size_t
wc_fdb_int_to_decimal(const wc_fdb_elem *e, char *dst)
{
	char		rev[WC_FDB_DECIMAL_MAX];
	size_t		k = 0,
				o = 0;
	int			neg;

	if (e->type == WC_FDB_INT)
		return wc_fdb_i64_to_decimal(e->v.i, dst);
	else
	{
		uint8_t		mag[WC_FDB_MAX_INT_BYTES + 8];
		uint32_t	limb[66];
		size_t		n = wc_fdb_int_magnitude(e, mag),
					nl = (n + 3) / 4,
					first = 0,
					i;

		neg = e->neg && n > 0;
		/* big-endian bytes -> big-endian 32-bit limbs */
		for (i = 0; i < nl; i++)
			limb[i] = 0;
		for (i = 0; i < n; i++)
		{
			size_t		bit = (n - 1 - i) * 8;	/* position from the right */

			limb[nl - 1 - bit / 32] |= (uint32_t) mag[i] << (bit % 32);
		}
		while (first < nl)
		{
			uint64_t	rem = 0;
			int			j;

			for (i = first; i < nl; i++)
			{
				uint64_t	cur = (rem << 32) | limb[i];

				limb[i] = (uint32_t) (cur / 1000000000u);
				rem = cur % 1000000000u;
			}
			while (first < nl && limb[first] == 0)
				first++;
			if (first < nl)
				for (j = 0; j < 9; j++)
				{
					rev[k++] = (char) ('0' + rem % 10);
					rem /= 10;
				}
			else
				k += u64_digits_rev(rem, rev + k);
		}
		if (k == 0)
			rev[k++] = '0';
	}
	if (neg)
		dst[o++] = '-';
	while (k > 0)
		dst[o++] = rev[--k];
	dst[o] = '\0';
	return o;
}

wc_status
wc_fdb_decimal_to_mag(const char *s, size_t n, uint8_t *mag, size_t *maglen, int *neg)
{
	uint32_t	limb[66];		/* little-endian base 2^32 */
	size_t		nl = 0,
				i = 0,
				nb,
				j;
	uint8_t		tmp[66 * 4];

	*neg = 0;
	if (i < n && (s[i] == '-' || s[i] == '+'))
		*neg = s[i++] == '-';
	if (i == n)
		return WC_ERR_SYNTAX;
	while (i < n)
	{
		size_t		k = (n - i) % 9 ? (n - i) % 9 : 9;
		uint32_t	chunk = 0,
					mul = 1;
		uint64_t	carry;

		/* take the leftmost chunk so that the remaining count is a multiple of 9 */
		for (j = 0; j < k; j++)
		{
			char		c = s[i + j];

			if (c < '0' || c > '9')
				return WC_ERR_SYNTAX;
			chunk = chunk * 10 + (uint32_t) (c - '0');
			mul *= 10;
		}
		i += k;
		carry = chunk;
		for (j = 0; j < nl; j++)
		{
			uint64_t	cur = (uint64_t) limb[j] * mul + carry;

			limb[j] = (uint32_t) cur;
			carry = cur >> 32;
		}
		if (carry)
		{
			if (nl == 65)
				return WC_ERR_RANGE;
			limb[nl++] = (uint32_t) carry;
		}
	}
	for (j = 0; j < nl; j++)
		wc_store_be32(tmp + (nl - 1 - j) * 4, limb[j]);
	nb = nl * 4;
	for (j = 0; j < nb && tmp[j] == 0; j++)
		;
	if (nb - j > WC_FDB_MAX_INT_BYTES)
		return WC_ERR_RANGE;
	memcpy(mag, tmp + j, nb - j);
	*maglen = nb - j;
	if (*maglen == 0)
		*neg = 0;
	return WC_OK;
}

/* ---- encoding ---- */

/* Number of 00 bytes in s[0..n). */
static inline size_t
count_zeros(const uint8_t *s, size_t n)
{
	size_t		c = 0;
	const uint8_t *z;

	if (n <= 32 && !has_zero_small(s, n))
		return 0;
	while (n > 0 && (z = wc_memchr_checked(s, 0, n)) != NULL)
	{
		wc_check_interrupts_every(++c, WC_INTERRUPT_STRIDE);
		n -= (size_t) (z - s) + 1;
		s = z + 1;
	}
	return c;
}

size_t
wc_fdb_bytes_size(const uint8_t *s, size_t n)
{
	return 2 + n + count_zeros(s, n);
}

/* s[0..n) with each 00 written as 00 FF: memcpy runs between memchr hits. */
static inline uint8_t *
put_escaped(uint8_t *p, const uint8_t *s, size_t n)
{
	const uint8_t *z;
	size_t		hits = 0;

	if (n <= 32 && !has_zero_small(s, n))
	{
		memcpy(p, s, n);
		return p + n;
	}
	while (n > 0 && (z = wc_memchr_checked(s, 0, n)) != NULL)
	{
		size_t		k = (size_t) (z - s) + 1;

		wc_check_interrupts_every(++hits, WC_INTERRUPT_STRIDE);
		wc_memcpy_checked(p, s, k);
		p += k;
		*p++ = 0xFF;
		s += k;
		n -= k;
	}
	wc_memcpy_checked(p, s, n);
	return p + n;
}

static inline uint8_t *
put_bytes(uint8_t *p, uint8_t code, const uint8_t *s, size_t n)
{
	*p++ = code;
	p = put_escaped(p, s, n);
	*p++ = 0x00;
	return p;
}

uint8_t *
wc_fdb_put_bytes(uint8_t *p, uint8_t code, const uint8_t *s, size_t n)
{
	return put_bytes(p, code, s, n);
}

size_t
wc_fdb_escaped_size(const uint8_t *s, size_t n)
{
	return n + count_zeros(s, n);
}

uint8_t *
wc_fdb_put_escaped(uint8_t *p, const uint8_t *s, size_t n)
{
	return put_escaped(p, s, n);
}

uint8_t *
wc_fdb_put_float(uint8_t *p, uint32_t bits)
{
	*p = WC_FDB_CODE_FLOAT;
	wc_store_be32(p + 1, (bits & 0x80000000u) ? ~bits : bits ^ 0x80000000u);
	return p + 5;
}

uint8_t *
wc_fdb_put_double(uint8_t *p, uint64_t bits)
{
	*p = WC_FDB_CODE_DOUBLE;
	wc_store_be64(p + 1, (bits & UINT64_C(0x8000000000000000)) ?
				  ~bits : bits ^ UINT64_C(0x8000000000000000));
	return p + 9;
}

/* Size of a packed tuple value written as a nested tuple: its top-level
 * nulls gain an FF. */
static wc_status
packed_nested_size(const uint8_t *buf, size_t len, size_t *size, size_t *n_incomplete)
{
	wc_fdb_reader	r;
	wc_fdb_elem	e;
	wc_status	st;
	size_t		nulls = 0;

	wc_fdb_reader_init(&r, buf, len);
	for (;;)
	{
		st = wc_fdb_skip(&r, &e);
		if (st != WC_OK)
			return st;
		if (e.type == WC_FDB_END)
			break;
		if (e.type == WC_FDB_NULL)
			nulls++;
	}
	*size = 2 + len + nulls;
	*n_incomplete = r.n_incomplete;
	return WC_OK;
}

/*
 * Write a packed tuple as a nested one.  With vs_off (and *vs_off still
 * WC_FDB_NO_VS_OFFSET) the offset from base of the first incomplete
 * versionstamp's transaction version is recorded on the way: the reader that
 * copies the elements already sees it, so nothing is decoded twice.
 */
static uint8_t *
packed_nested_write_vs(uint8_t *p, const uint8_t *buf, size_t len,
					   const uint8_t *base, size_t *vs_off)
{
	wc_fdb_reader	r;
	wc_fdb_elem	e;

	wc_fdb_reader_init(&r, buf, len);
	*p++ = WC_FDB_CODE_NESTED;
	while (wc_fdb_skip(&r, &e) == WC_OK && e.type != WC_FDB_END)
	{
		if (e.type == WC_FDB_NULL)
		{
			*p++ = 0x00;
			*p++ = 0xFF;
		}
		else
		{
			if (vs_off != NULL && *vs_off == WC_FDB_NO_VS_OFFSET && r.n_incomplete > 0)
				*vs_off = (size_t) (p - base) + (r.incomplete_off - e.offset);
			memcpy(p, buf + e.offset, r.pos - e.offset);
			p += r.pos - e.offset;
		}
	}
	*p++ = 0x00;
	return p;
}

static uint8_t *
packed_nested_write(uint8_t *p, const uint8_t *buf, size_t len)
{
	return packed_nested_write_vs(p, buf, len, NULL, NULL);
}

static inline __attribute__((always_inline)) wc_status
elem_size(const wc_fdb_elem *e, int nested, size_t *size)
{
	switch (e->type)
	{
		case WC_FDB_NULL:
			*size = nested ? 2 : 1;
			return WC_OK;
		case WC_FDB_BYTES:
		case WC_FDB_STRING:
			*size = e->escaped ? 2 + e->rawlen : wc_fdb_bytes_size(e->ptr, e->len);
			return WC_OK;
		case WC_FDB_INT:
			*size = wc_fdb_int64_size(e->v.i);
			return WC_OK;
		case WC_FDB_BIGINT:
			{
				const uint8_t *p;
				size_t		n;

				bigint_trim(e, &p, &n);
				if (n > WC_FDB_MAX_INT_BYTES)
					return WC_ERR_RANGE;
				*size = n <= 8 ? 1 + n : 2 + n;
				return WC_OK;
			}
		case WC_FDB_FLOAT:
			*size = 5;
			return WC_OK;
		case WC_FDB_DOUBLE:
			*size = 9;
			return WC_OK;
		case WC_FDB_BOOL:
		case WC_FDB_NESTED:
		case WC_FDB_NESTED_END:
			*size = 1;
			return WC_OK;
		case WC_FDB_UUID:
			*size = 17;
			return WC_OK;
		case WC_FDB_VERSIONSTAMP:
			*size = 13;
			return WC_OK;
		case WC_FDB_PACKED:
			{
				size_t		ninc;

				return packed_nested_size(e->ptr, e->len, size, &ninc);
			}
		case WC_FDB_RAW:
			*size = e->len;
			return WC_OK;
		case WC_FDB_END:
			break;
	}
	*size = 0;
	return WC_OK;
}

static inline __attribute__((always_inline)) uint8_t *
put_elem(uint8_t *p, const wc_fdb_elem *e, int nested)
{
	switch (e->type)
	{
		case WC_FDB_NULL:
			*p++ = 0x00;
			if (nested)
				*p++ = 0xFF;
			return p;
		case WC_FDB_BYTES:
		case WC_FDB_STRING:
			{
				uint8_t		code = e->type == WC_FDB_BYTES ? WC_FDB_CODE_BYTES : WC_FDB_CODE_STRING;

				if (!e->escaped)
					return wc_fdb_put_bytes(p, code, e->ptr, e->len);
				*p++ = code;
				wc_memcpy_checked(p, e->ptr, e->rawlen);
				p += e->rawlen;
				*p++ = 0x00;
				return p;
			}
		case WC_FDB_INT:
			return wc_fdb_put_int64(p, e->v.i);
		case WC_FDB_BIGINT:
			{
				const uint8_t *q;
				size_t		n,
							i;
				int			neg;

				bigint_trim(e, &q, &n);
				neg = e->neg && n > 0;
				if (n <= 8)
					return put_uint(p, wc_fdb_small_mag(q, n, e->compl), neg);
				*p++ = neg ? WC_FDB_CODE_NEGBIG : WC_FDB_CODE_POSBIG;
				*p++ = (uint8_t) (neg ? n ^ 0xFF : n);
				if ((neg != 0) == (e->compl != 0))
					memcpy(p, q, n);
				else
					for (i = 0; i < n; i++)
						p[i] = (uint8_t) ~q[i];
				return p + n;
			}
		case WC_FDB_FLOAT:
			return wc_fdb_put_float(p, e->v.f32);
		case WC_FDB_DOUBLE:
			return wc_fdb_put_double(p, e->v.f64);
		case WC_FDB_BOOL:
			*p++ = e->v.b ? WC_FDB_CODE_TRUE : WC_FDB_CODE_FALSE;
			return p;
		case WC_FDB_UUID:
			*p++ = WC_FDB_CODE_UUID;
			memcpy(p, e->ptr, 16);
			return p + 16;
		case WC_FDB_VERSIONSTAMP:
			*p++ = WC_FDB_CODE_VS96;
			memcpy(p, e->ptr, 12);
			return p + 12;
		case WC_FDB_NESTED:
			*p++ = WC_FDB_CODE_NESTED;
			return p;
		case WC_FDB_NESTED_END:
			*p++ = 0x00;
			return p;
		case WC_FDB_PACKED:
			return packed_nested_write(p, e->ptr, e->len);
		case WC_FDB_RAW:
			wc_memcpy_checked(p, e->ptr, e->len);
			return p + e->len;
		case WC_FDB_END:
			break;
	}
	return p;
}

wc_status
wc_fdb_elem_size(const wc_fdb_elem *e, int nested, size_t *size)
{
	return elem_size(e, nested, size);
}

uint8_t *
wc_fdb_put_elem(uint8_t *p, const wc_fdb_elem *e, int nested)
{
	return put_elem(p, e, nested);
}

wc_status
wc_fdb_events_size(const wc_fdb_elem *ev, size_t n, size_t *size, size_t *n_incomplete,
				size_t *err_index)
{
	size_t		total = 0,
				depth = 0,
				ninc = 0,
				i,
				s,
				k;
	wc_status	st;

	for (i = 0; i < n; i++)
	{
		const wc_fdb_elem *e = &ev[i];

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		/* the common scalars first, without the general dispatch */
		if (e->type == WC_FDB_INT)
		{
			total += wc_fdb_int64_size(e->v.i);
			continue;
		}
		if ((e->type == WC_FDB_STRING || e->type == WC_FDB_BYTES) && !e->escaped)
		{
			total += 2 + e->len + count_zeros(e->ptr, e->len);
			continue;
		}
		if (e->type == WC_FDB_RAW)
		{
			total += e->len;
			continue;
		}
		if (e->type == WC_FDB_PACKED)
		{
			st = packed_nested_size(e->ptr, e->len, &s, &k);
			ninc += k;
		}
		else
		{
			st = elem_size(e, depth > 0, &s);
			if (e->type == WC_FDB_VERSIONSTAMP && wc_fdb_vs_incomplete(e->ptr))
				ninc++;
		}
		if (st != WC_OK)
		{
			*err_index = i;
			return st;
		}
		total += s;
		if (e->type == WC_FDB_NESTED)
			depth++;
		else if (e->type == WC_FDB_NESTED_END)
			depth--;
	}
	*size = total;
	*n_incomplete = ninc;
	return WC_OK;
}

/* wc_fdb_events_write, recording the first incomplete versionstamp's offset
 * when vs_off is not NULL (the event list is walked once either way). */
static inline __attribute__((always_inline)) uint8_t *
events_write(uint8_t *p, const wc_fdb_elem *ev, size_t n, size_t *vs_off)
{
	const uint8_t *base = p;
	size_t		depth = 0,
				i;

	for (i = 0; i < n; i++)
	{
		const wc_fdb_elem *e = &ev[i];

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		if (vs_off != NULL && *vs_off == WC_FDB_NO_VS_OFFSET)
		{
			if (e->type == WC_FDB_VERSIONSTAMP && wc_fdb_vs_incomplete(e->ptr))
				*vs_off = (size_t) (p - base) + 1;
			else if (e->type == WC_FDB_PACKED)
			{
				p = packed_nested_write_vs(p, e->ptr, e->len, base, vs_off);
				continue;
			}
		}

		if (e->type == WC_FDB_INT)
		{
			p = put_int64(p, e->v.i);
			continue;
		}
		if ((e->type == WC_FDB_STRING || e->type == WC_FDB_BYTES) && !e->escaped)
		{
			p = put_bytes(p, e->type == WC_FDB_STRING ? WC_FDB_CODE_STRING : WC_FDB_CODE_BYTES, e->ptr, e->len);
			continue;
		}
		if (e->type == WC_FDB_RAW)
		{
			wc_memcpy_checked(p, e->ptr, e->len);
			p += e->len;
			continue;
		}
		p = put_elem(p, e, depth > 0);
		if (e->type == WC_FDB_NESTED)
			depth++;
		else if (e->type == WC_FDB_NESTED_END)
			depth--;
	}
	return p;
}

uint8_t *
wc_fdb_events_write(uint8_t *p, const wc_fdb_elem *ev, size_t n)
{
	return events_write(p, ev, n, NULL);
}

uint8_t *
wc_fdb_events_write_vs(uint8_t *p, const wc_fdb_elem *ev, size_t n, size_t *vs_off)
{
	*vs_off = WC_FDB_NO_VS_OFFSET;
	return events_write(p, ev, n, vs_off);
}

wc_status
wc_fdb_store_vs_offset(uint8_t *dst, size_t vs_off, int offset_bytes)
{
	if (offset_bytes == 2)
	{
		if (vs_off > 0xFFFF)
			return WC_ERR_RANGE;
		wc_store_le16(dst, (uint16_t) vs_off);
	}
	else
	{
		if (vs_off > 0xFFFFFFFFu)
			return WC_ERR_RANGE;
		wc_store_le32(dst, (uint32_t) vs_off);
	}
	return WC_OK;
}

wc_status
wc_fdb_canonical_size(const uint8_t *buf, size_t len, size_t *size, wc_fdb_reader *r)
{
	wc_fdb_reader	local;
	wc_fdb_elem	e;
	wc_status	st;
	size_t		total = 0,
				s;

	if (r == NULL)
		r = &local;
	wc_fdb_reader_init(r, buf, len);
	for (;;)
	{
		st = wc_fdb_read(r, &e);
		if (st != WC_OK)
			return st;
		if (e.type == WC_FDB_END)
			break;
		st = wc_fdb_elem_size(&e, r->depth > 0, &s);
		if (st != WC_OK)
			return st;
		total += s;
	}
	*size = total;
	return WC_OK;
}

uint8_t *
wc_fdb_canonical_write(uint8_t *p, const uint8_t *buf, size_t len)
{
	wc_fdb_reader	r;
	wc_fdb_elem	e;

	wc_fdb_reader_init(&r, buf, len);
	while (wc_fdb_read(&r, &e) == WC_OK && e.type != WC_FDB_END)
		p = wc_fdb_put_elem(p, &e, r.depth > 0);
	return p;
}

size_t
wc_fdb_unnest_size(const wc_fdb_elem *e)
{
	wc_fdb_reader	r;
	wc_fdb_elem	t;
	size_t		nulls = 0;

	wc_fdb_reader_init(&r, e->ptr, e->len);
	if (wc_fdb_read(&r, &t) != WC_OK)
		return 0;
	while (wc_fdb_skip(&r, &t) == WC_OK && t.type != WC_FDB_NESTED_END)
		if (t.type == WC_FDB_NULL)
			nulls++;
	return e->len - 2 - nulls;
}

uint8_t *
wc_fdb_unnest_write(uint8_t *p, const wc_fdb_elem *e)
{
	wc_fdb_reader	r;
	wc_fdb_elem	t;

	wc_fdb_reader_init(&r, e->ptr, e->len);
	if (wc_fdb_read(&r, &t) != WC_OK)
		return p;
	while (wc_fdb_skip(&r, &t) == WC_OK && t.type != WC_FDB_NESTED_END)
	{
		if (t.type == WC_FDB_NULL)
			*p++ = 0x00;
		else
		{
			memcpy(p, e->ptr + t.offset, r.pos - t.offset);
			p += r.pos - t.offset;
		}
	}
	return p;
}

wc_status
wc_fdb_append_vs_offset(uint8_t *buf, size_t len, int offset_bytes, wc_fdb_reader *r)
{
	wc_fdb_reader	local;
	wc_status	st;

	if (r == NULL)
		r = &local;
	st = wc_fdb_validate(buf, len, NULL, r);
	if (st != WC_OK)
		return st;
	if (r->n_incomplete != 1)
		return WC_FDB_VS_COUNT;
	return wc_fdb_store_vs_offset(buf + len, r->incomplete_off, offset_bytes);
}

wc_status
wc_fdb_vs_parse_user_version(const char *s, size_t n, size_t *used, uint32_t *uv)
{
	size_t		i = 0;
	uint32_t	v = 0;

	while (i < n && s[i] >= '0' && s[i] <= '9')
	{
		/* leading zeros are any in number; the value is what counts */
		if (v <= 0xFFFF)
			v = v * 10 + (uint32_t) (s[i] - '0');
		i++;
	}
	*used = i;
	if (i == 0)
		return WC_ERR_SYNTAX;
	if (v > 0xFFFF)
		return WC_ERR_RANGE;
	*uv = v;
	return WC_OK;
}

int
wc_fdb_key_cmp(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	int			c = memcmp(a, b, alen < blen ? alen : blen);

	if (c != 0)
		return c < 0 ? -1 : 1;
	return (alen > blen) - (alen < blen);
}

void
wc_fdb_error(const wc_fdb_reader *r, wc_status st, wc_error *err)
{
	uint8_t		code = r->err_code;

	if (st == WC_FDB_BAD_CODE)
		wc_fail_found(err, st, r->err_off, code);
	else
		wc_fail(err, st, r->err_off);
	if (st == WC_ERR_TRUNCATED)
		wc_in_field(err, st, code == WC_FDB_CODE_FLOAT ? "float" :
					code == WC_FDB_CODE_DOUBLE ? "double" :
					code == WC_FDB_CODE_UUID ? "UUID" :
					code == WC_FDB_CODE_VS96 ? "versionstamp" : "integer");
	else if (st == WC_ERR_UNTERMINATED)
		wc_in_field(err, st, code == WC_FDB_CODE_BYTES ? "byte string" : "string");
	else if (st == WC_ERR_UTF8)
		wc_in_field(err, st, "string");
	wc_at_index(err, st, "element", (int64_t) r->index + 1);
}

const char *
wc_fdb_type_name(wc_fdb_type t)
{
	switch (t)
	{
		case WC_FDB_NULL:
			return "null";
		case WC_FDB_BYTES:
			return "bytes";
		case WC_FDB_STRING:
			return "string";
		case WC_FDB_NESTED:
		case WC_FDB_NESTED_END:
		case WC_FDB_PACKED:
			return "tuple";
		case WC_FDB_RAW:
			return "raw";
		case WC_FDB_INT:
		case WC_FDB_BIGINT:
			return "integer";
		case WC_FDB_FLOAT:
			return "float";
		case WC_FDB_DOUBLE:
			return "double";
		case WC_FDB_BOOL:
			return "boolean";
		case WC_FDB_UUID:
			return "uuid";
		case WC_FDB_VERSIONSTAMP:
			return "versionstamp";
		case WC_FDB_END:
			break;
	}
	return "end";
}
