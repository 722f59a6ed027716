/*
 * fdb_tuple_text.c: the readable text form of a packed FoundationDB tuple.
 *
 *   ("users", 42, b"\x00\xff", null, 1.5, 1.5f, true, (1, null),
 *    uuid(a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11),
 *    versionstamp(0102030405060708090a:48879))
 *
 * Strings are "..." (UTF-8; \" \\ \xHH for ASCII control characters and
 * U+0000, \u{H...} for any character), bytes are b"..." (\xHH for anything
 * not printable ASCII).  Integers are decimal of any size.  A double always
 * shows a '.', an exponent, inf or nan; a float carries the suffix f.  NaNs
 * other than the default quiet one show their raw bits: nan(0x...).  An
 * integer encoded in a non-minimal form (which the decoder accepts) shows
 * its exact bytes, raw(160001), so the text form round-trips every valid
 * tuple byte for byte.
 * Parsing is a state machine with a depth counter, never recursive.
 */
#include "bytea_text.h"
#include "fdb_tuple_text.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "byteorder.h"

static const char hexdig[] = "0123456789abcdef";

/*
 * Tuples up to this many bytes take a bound without a walk: no element's text
 * (with its ", " separator) is longer than 7 characters per packed byte;
 * the widest is false (one byte, "false, ").  Above it the walk keeps the
 * allocation close to the real size.
 */
#define WC_FDB_TEXT_QUICK_BOUND_MAX 1024

size_t
wc_fdb_text_bound(const uint8_t *buf, size_t len)
{
	wc_fdb_reader	r;
	wc_fdb_elem	e;
	size_t		total = 3;

	if (len <= WC_FDB_TEXT_QUICK_BOUND_MAX)
		return 7 * len + 3;
	wc_fdb_reader_init(&r, buf, len);
	while (wc_fdb_read(&r, &e) == WC_OK && e.type != WC_FDB_END)
	{
		total += 2;				/* separator */
		switch (e.type)
		{
			case WC_FDB_BYTES:
			case WC_FDB_STRING:
				total += 4 * e.rawlen + 3;	/* \xHH per byte at worst */
				break;
			case WC_FDB_BIGINT:
			case WC_FDB_INT:
				/* decimal, or raw(<hex>) for a non-minimal encoding */
				total += 2 * (r.pos - e.offset) + 6 + (e.type == WC_FDB_BIGINT ? 3 * e.len : 20);
				break;
			case WC_FDB_FLOAT:
			case WC_FDB_DOUBLE:
				total += 32;	/* "nan(0x7ff8000000000001)", "-2.2250738585072014e-308" */
				break;
			case WC_FDB_UUID:
				total += 42;
				break;
			case WC_FDB_VERSIONSTAMP:
				total += 40;
				break;
			default:			/* null, boolean, nested begin / end */
				total += 5;
				break;
		}
	}
	return total;
}

/*
 * Doubles and floats print as the shortest "%.Pg" (P = 1, 2, ...) that
 * reads back as the same value.  The precision search below is exact but
 * costs up to 17 snprintf + strtod; when the caller has installed a
 * shortest round-trip formatter (the PostgreSQL glue installs the server's
 * own Ryu, the one float8out runs) the digits come from one call of it and
 * are laid out the way %g lays them out.
 */
static wc_fdb_shortest_double_fn shortest_double_fn;
static wc_fdb_shortest_float_fn shortest_float_fn;

void
wc_fdb_text_set_shortest(wc_fdb_shortest_double_fn dfn, wc_fdb_shortest_float_fn ffn)
{
	shortest_double_fn = dfn;
	shortest_float_fn = ffn;
}

/* The precision search: shortest "%.Pg" of d from P = first on. */
static size_t
wc_fdb_shortest_double_search(double d, int first, char *out)
{
	int			prec;
	int			n = 0;

	for (prec = first; prec <= 17; prec++)
	{
		n = snprintf(out, 40, "%.*g", prec, d);
		if (strtod(out, NULL) == d)
			break;
	}
	return (size_t) n;
}

static size_t
wc_fdb_shortest_float_search(float f, int first, char *out)
{
	int			prec;
	int			n = 0;

	for (prec = first; prec <= 9; prec++)
	{
		n = snprintf(out, 40, "%.*g", prec, (double) f);
		if (strtof(out, NULL) == f)
			break;
	}
	return (size_t) n;
}

/*
 * Is the formatter's output s[0..n) already what layout_g would write?  So
 * it is for fixed notation that %g keeps fixed: no exponent, a nonzero
 * first digit or a lone "0" before the point, no trailing zeros (so the
 * digits are the significant ones) and -4 <= X < P.  Then *nd and *x are
 * what layout_g would return, and layout_g copies s as it is.
 */
static int
fixed_is_g(const char *s, int n, int *nd, int *x)
{
	int			i = n > 0 && s[0] == '-',
				i0 = i,
				intlen = 0,
				lead = 0,
				digits = 0,
				tz = 0,
				seen_point = 0;

	if (i >= n || s[i] < '0' || s[i] > '9')
		return 0;
	for (; i < n; i++)
	{
		char		c = s[i];

		if (c == '.' && !seen_point)
		{
			seen_point = 1;
			continue;
		}
		if (c < '0' || c > '9')
			return 0;
		if (!seen_point)
			intlen++;
		if (digits == 0 && c == '0')
			lead++;
		else
		{
			digits++;
			tz = c == '0' ? tz + 1 : 0;
		}
	}
	if (s[i0] == '0' && intlen > 1)
		return 0;
	if (digits == 0)
	{
		*nd = 0;
		return !seen_point;		/* "0" or "-0", as layout_g writes zero */
	}
	if (tz > 0 || s[n - 1] == '.')
		return 0;
	*nd = digits;
	*x = intlen - 1 - lead;
	return *x >= -4 && *x < digits;
}

/*
 * Lay out a formatter's shortest decimal s[0..n) (any of 12, -0.001, 1e+15,
 * 1.5e-07, 0) as %.Pg prints it, P = its number of significant digits:
 * exponent form when the decimal exponent X < -4 or X >= P, else fixed;
 * no trailing zeros; at least two exponent digits.  Returns the number of
 * significant digits (0 for zero), the length in *len, X in *xout.
 */
static int
layout_g(const char *s, int n, char *out, size_t *len, int *xout)
{
	char		dig[40];
	int			nd = 0;			/* significant digits kept in dig */
	int			intlen = 0;		/* digits before the point */
	int			lead = 0;		/* zeros before the first nonzero digit */
	int			seen_point = 0;
	int			x = 0;
	int			i = 0,
				fixed_nd;
	char	   *o = out;

	/* the common double: the formatter's fixed notation already is it */
	if (fixed_is_g(s, n, &fixed_nd, xout))
	{
		memcpy(out, s, (size_t) n);
		out[n] = '\0';
		*len = (size_t) n;
		return fixed_nd;
	}
	if (i < n && s[i] == '-')
	{
		*o++ = '-';
		i++;
	}
	for (; i < n && s[i] != 'e' && s[i] != 'E'; i++)
	{
		if (s[i] == '.')
		{
			seen_point = 1;
			continue;
		}
		if (!seen_point)
			intlen++;
		if (nd == 0 && s[i] == '0')
			lead++;
		else if (nd < (int) sizeof(dig))
			dig[nd++] = s[i];
	}
	if (i < n)
	{
		int			neg = 0;
		int			e = 0;

		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			neg = s[i++] == '-';
		for (; i < n; i++)
			e = e * 10 + (s[i] - '0');
		x = neg ? -e : e;
	}
	while (nd > 0 && dig[nd - 1] == '0')
		nd--;
	if (nd == 0)
	{
		*o++ = '0';
		*len = (size_t) (o - out);
		*o = '\0';
		return 0;
	}
	x += intlen - 1 - lead;
	*xout = x;
	if (x < -4 || x >= nd)
	{
		int			ax = x < 0 ? -x : x;

		*o++ = dig[0];
		if (nd > 1)
		{
			*o++ = '.';
			memcpy(o, dig + 1, nd - 1);
			o += nd - 1;
		}
		*o++ = 'e';
		*o++ = x < 0 ? '-' : '+';
		if (ax >= 100)
			*o++ = (char) ('0' + ax / 100);
		*o++ = (char) ('0' + ax / 10 % 10);
		*o++ = (char) ('0' + ax % 10);
	}
	else if (x >= 0)
	{
		memcpy(o, dig, x + 1);
		o += x + 1;
		if (nd > x + 1)
		{
			*o++ = '.';
			memcpy(o, dig + x + 1, nd - x - 1);
			o += nd - x - 1;
		}
	}
	else
	{
		*o++ = '0';
		*o++ = '.';
		memset(o, '0', -x - 1);
		o += -x - 1;
		memcpy(o, dig, nd);
		o += nd;
	}
	*o = '\0';
	*len = (size_t) (o - out);
	return nd;
}

/* Factors of 5 in x (x odd, nonzero). */
static int
fives(uint64_t x)
{
	int			k = 0;

	while (x % 5 == 0)
	{
		x /= 5;
		k++;
	}
	return k;
}

/*
 * Where the search must start so that it finds what %.Pg finds, given a
 * formatter's nd shortest digits with decimal exponent x, for the value
 * m * 2^e (m the full significand, mbits its width).  nd when they agree.
 *
 * A formatter finds the shortest decimal strictly inside the rounding
 * interval (PostgreSQL's Ryu leaves the bounds out even where strtod's
 * round-half-even would read them back); %.Pg rounds to nearest and
 * accepts what reads back.  They part in two ways:
 *  - a bound v +- 2^(e-1) itself reads back (m even) and is shorter.  A
 *    bound is odd * 2^(e-1): for e <= 0 it has more digits than v itself,
 *    so only e >= 1 matters, where its trailing decimal zeros are
 *    min(fives(odd), e - 1) and it has at least x - zeros digits;
 *  - the interval is lopsided (a power of two: the gap below is half the
 *    gap above) and the shortest decimal sits on the wide side while the
 *    nearest one at that length misses: the search runs on from nd.
 * Nothing shorter than the returned start can read back.
 */
static int
search_start(uint64_t m, int e, int mbits, int nd, int x)
{
	int			start = nd;
	int			pow2 = m == (UINT64_C(1) << (mbits - 1));

	if (e >= 1 && m % 2 == 0)
	{
		uint64_t	odd[2];
		int			i;

		odd[0] = 2 * m + 1;
		odd[1] = pow2 ? 4 * m - 1 : 2 * m - 1;
		for (i = 0; i < 2; i++)
		{
			int			s2 = (pow2 && i == 1) ? e - 2 : e - 1;
			int			tz = fives(odd[i]);
			int			lo;

			if (tz > s2)
				tz = s2;
			lo = x - tz;
			if (lo < 1)
				lo = 1;
			if (lo < start)
				start = lo;
		}
	}
	return start;
}

/* Shortest %.Pg of d (bits its IEEE bits) via the installed formatter. */
static size_t
shortest_double(double d, uint64_t bits, char *out)
{
	char		tmp[40];
	size_t		len;
	int			n;
	int			nd;
	int			x = 0;
	int			be = (int) ((bits >> 52) & 0x7ff);
	uint64_t	m = bits & UINT64_C(0x000fffffffffffff);
	int			start;

	if (shortest_double_fn == NULL)
		return wc_fdb_shortest_double_search(d, 1, out);
	n = shortest_double_fn(d, tmp);
	nd = layout_g(tmp, n, out, &len, &x);
	if (nd == 0 || be == 0)		/* zero, subnormal (e < 0, gaps even) */
		return len;
	start = search_start(m | (UINT64_C(1) << 52), be - 1075, 53, nd, x);
	if (start < nd || (m == 0 && be > 1))
		return wc_fdb_shortest_double_search(d, start, out);
	return len;
}

static size_t
shortest_float(float f, uint32_t bits, char *out)
{
	char		tmp[40];
	size_t		len;
	int			n;
	int			nd;
	int			x = 0;
	int			be = (int) ((bits >> 23) & 0xff);
	uint32_t	m = bits & 0x7fffffu;
	int			start;

	if (shortest_float_fn == NULL)
		return wc_fdb_shortest_float_search(f, 1, out);
	n = shortest_float_fn(f, tmp);
	nd = layout_g(tmp, n, out, &len, &x);
	if (nd == 0 || be == 0)
		return len;
	start = search_start(m | (UINT32_C(1) << 23), be - 150, 24, nd, x);
	if (start < nd || (m == 0 && be > 1))
		return wc_fdb_shortest_float_search(f, start, out);
	return len;
}

/* Append ".0" when a number has neither a point nor an exponent. */
static size_t
ensure_point(char *out, size_t n)
{
	size_t		i;

	for (i = 0; i < n; i++)
		if (out[i] == '.' || out[i] == 'e')
			return n;
	out[n++] = '.';
	out[n++] = '0';
	out[n] = '\0';
	return n;
}

size_t
wc_fdb_format_double(uint64_t bits, char *out)
{
	double		d;

	memcpy(&d, &bits, 8);
	if (isnan(d))
	{
		if (bits == UINT64_C(0x7ff8000000000000))
			return (size_t) snprintf(out, 40, "nan");
		if (bits == UINT64_C(0xfff8000000000000))
			return (size_t) snprintf(out, 40, "-nan");
		return (size_t) snprintf(out, 40, "nan(0x%016llx)", (unsigned long long) bits);
	}
	if (isinf(d))
		return (size_t) snprintf(out, 40, d < 0 ? "-inf" : "inf");
	return ensure_point(out, shortest_double(d, bits, out));
}

size_t
wc_fdb_format_float(uint32_t bits, char *out)
{
	float		f;
	size_t		n;

	memcpy(&f, &bits, 4);
	if (isnan(f))
	{
		if (bits == 0x7fc00000u)
			return (size_t) snprintf(out, 40, "nanf");
		if (bits == 0xffc00000u)
			return (size_t) snprintf(out, 40, "-nanf");
		return (size_t) snprintf(out, 40, "nanf(0x%08x)", (unsigned) bits);
	}
	if (isinf(f))
		return (size_t) snprintf(out, 40, f < 0 ? "-inff" : "inff");
	n = ensure_point(out, shortest_float(f, bits, out));
	out[n++] = 'f';
	out[n] = '\0';
	return n;
}

size_t
wc_fdb_vs_format(const uint8_t *vs, char *out)
{
	int			i;

	for (i = 0; i < 10; i++)
	{
		out[2 * i] = hexdig[vs[i] >> 4];
		out[2 * i + 1] = hexdig[vs[i] & 15];
	}
	out[20] = ':';
	return 21 + wc_fdb_i64_to_decimal(wc_load_be16(vs + 10), out + 21);
}

/*
 * Is the integer element at p[0..n) (decoded into e) minimally encoded?
 * The minimal encoding of a value is its only encoding of that length:
 * every other one is longer (leading zero bytes of magnitude, or the
 * length-prefixed 0x0B / 0x1D form of a magnitude that fits 0x0C..0x1C), so
 * comparing lengths is enough.
 */
static int
int_is_canonical(size_t n, const wc_fdb_elem *e)
{
	size_t		size;

	return wc_fdb_elem_size(e, 0, &size) == WC_OK && size == n;
}

/* Length of the run at s[0..n) of printable ASCII other than " and \:
 * the bytes the text form shows as they are, in both directions. */
static inline size_t
plain_run(const char *s, size_t n)
{
	size_t		i = 0;

	for (;;)
	{
		/* a long run in WC_INTERRUPT_BYTES pieces, with a check between */
		size_t		stop = n - i > WC_INTERRUPT_BYTES ? i + WC_INTERRUPT_BYTES : n;

		while (i < stop && (uint8_t) (s[i] - 0x20u) < 0x5fu && s[i] != '"' && s[i] != '\\')
			i++;
		if (i < stop || i == n)
			return i;
		wc_check_interrupts();
	}
}

/* Append \xHH. */
static char *
put_hex_escape(char *o, uint8_t c)
{
	*o++ = '\\';
	*o++ = 'x';
	*o++ = hexdig[c >> 4];
	*o++ = hexdig[c & 15];
	return o;
}

/* Write a quoted bytes or string element from its escaped payload. */
static char *
write_quoted(char *o, const wc_fdb_elem *e, int ascii_only)
{
	const uint8_t *s = e->ptr;
	size_t		n = e->rawlen,
				i = 0,
				escapes = 0;
	int			is_str = e->type == WC_FDB_STRING;

	if (!is_str)
		*o++ = 'b';
	*o++ = '"';
	while (i < n)
	{
		uint8_t		c = s[i];
		size_t		run = plain_run((const char *) s + i, n - i);

		if (run > 0)
		{
			wc_memcpy_checked(o, s + i, run);
			o += run;
			i += run;
			continue;
		}
		wc_check_interrupts_every(++escapes, WC_INTERRUPT_STRIDE);
		if (c == 0x00)
		{
			o = put_hex_escape(o, 0);
			i += 2;				/* 00 FF */
			continue;
		}
		if (c == '"' || c == '\\')
		{
			*o++ = '\\';
			*o++ = (char) c;
		}
		else if (c < 0x20 || c == 0x7F || (c >= 0x80 && !is_str))
			o = put_hex_escape(o, c);
		else if (c >= 0x80 && ascii_only)
		{
			/* valid UTF-8 was checked by the reader */
			uint32_t	cp;
			int			k,
						len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;

			cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
			for (k = 1; k < len; k++)
				cp = (cp << 6) | (s[i + k] & 0x3F);
			o += sprintf(o, "\\u{%x}", (unsigned) cp);
			i += (size_t) len;
			continue;
		}
		else
			*o++ = (char) c;
		i++;
	}
	*o++ = '"';
	return o;
}

/*
 * The keys a scan or a dump holds, written in one tight pass: a flat tuple
 * of strings and bytes of printable ASCII (no escapes, no 00), integers of
 * up to 7 bytes in their minimal form, doubles, floats, null and booleans.
 * Anything else, or a malformed tuple, returns 0 and wc_fdb_text_write_checked
 * starts over with the full reader, which writes the same text for what
 * this accepts (test_fdb_tuple_text.c compares the two) and reports errors.
 */
static int
write_fast(const uint8_t *buf, size_t len, char *out, size_t *outlen)
{
	const uint8_t *p = buf,
			   *end = buf + len;
	char	   *o = out;
	size_t		k = 0;

	*o++ = '(';
	while (p < end)
	{
		uint8_t		code = *p;

		wc_check_interrupts_every(++k, WC_INTERRUPT_STRIDE);

		if (p != buf)
		{
			*o++ = ',';
			*o++ = ' ';
		}
		if (code == WC_FDB_CODE_STRING || code == WC_FDB_CODE_BYTES)
		{
			const uint8_t *q = p + 1 + plain_run((const char *) p + 1, (size_t) (end - p - 1));

			/* the terminator, not an escaped 00 */
			if (q >= end || *q != 0x00 || (q + 1 < end && q[1] == 0xFF))
				return 0;
			if (code == WC_FDB_CODE_BYTES)
				*o++ = 'b';
			*o++ = '"';
			wc_memcpy_checked(o, p + 1, (size_t) (q - p - 1));
			o += q - p - 1;
			*o++ = '"';
			p = q + 1;
		}
		else if (code >= WC_FDB_CODE_ZERO - 7 && code <= WC_FDB_CODE_ZERO + 7)
		{
			int			neg = code < WC_FDB_CODE_ZERO;
			size_t		n = neg ? (size_t) (WC_FDB_CODE_ZERO - code) : (size_t) (code - WC_FDB_CODE_ZERO);
			int64_t		v;

			if ((size_t) (end - p) - 1 < n)
				return 0;
			/* minimal: a first magnitude byte of 0 (stored 0xFF when
			 * negative) is a longer form, which shows as raw(...) */
			if (n > 0 && p[1] == (neg ? 0xFF : 0x00))
				return 0;
			v = (int64_t) wc_fdb_small_mag(p + 1, n, neg);	/* < 2^56 */
			o += wc_fdb_i64_to_decimal(neg ? -v : v, o);
			p += 1 + n;
		}
		else if (code == WC_FDB_CODE_DOUBLE && end - p >= 9)
		{
			o += wc_fdb_format_double(wc_fdb_double_bits(p + 1), o);
			p += 9;
		}
		else if (code == WC_FDB_CODE_FLOAT && end - p >= 5)
		{
			o += wc_fdb_format_float(wc_fdb_float_bits(p + 1), o);
			p += 5;
		}
		else if (code == WC_FDB_CODE_NULL)
		{
			memcpy(o, "null", 4);
			o += 4;
			p++;
		}
		else if (code == WC_FDB_CODE_TRUE || code == WC_FDB_CODE_FALSE)
		{
			if (code == WC_FDB_CODE_TRUE)
				memcpy(o, "true", 4), o += 4;
			else
				memcpy(o, "false", 5), o += 5;
			p++;
		}
		else
			return 0;
	}
	*o++ = ')';
	*o = '\0';
	*outlen = (size_t) (o - out);
	return 1;
}

wc_status
wc_fdb_text_write_checked(const uint8_t *buf, size_t len, char *out, int ascii_only,
					   size_t *outlen, wc_fdb_reader *rp)
{
	wc_fdb_reader	local;
	wc_fdb_reader *rd = rp ? rp : &local;
	wc_fdb_elem	e;
	wc_status	st;
	char	   *o = out;
	int			first = 1,
				i;

	if (write_fast(buf, len, out, outlen))
		return WC_OK;
	wc_fdb_reader_init(rd, buf, len);
	*o++ = '(';
	while ((st = wc_fdb_read(rd, &e)) == WC_OK && e.type != WC_FDB_END)
	{
		if (e.type == WC_FDB_NESTED_END)
		{
			*o++ = ')';
			first = 0;
			continue;
		}
		if (!first)
		{
			*o++ = ',';
			*o++ = ' ';
		}
		first = 0;
		switch (e.type)
		{
			case WC_FDB_NESTED:
				*o++ = '(';
				first = 1;
				break;
			case WC_FDB_NULL:
				memcpy(o, "null", 4);
				o += 4;
				break;
			case WC_FDB_BYTES:
			case WC_FDB_STRING:
				o = write_quoted(o, &e, ascii_only);
				break;
			case WC_FDB_INT:
			case WC_FDB_BIGINT:
				if (int_is_canonical(rd->pos - e.offset, &e))
					o += wc_fdb_int_to_decimal(&e, o);
				else
				{
					/* keep a non-minimal encoding exactly: raw(<bytes>) */
					size_t		k;

					memcpy(o, "raw(", 4);
					o += 4;
					for (k = e.offset; k < rd->pos; k++)
					{
						*o++ = hexdig[buf[k] >> 4];
						*o++ = hexdig[buf[k] & 15];
					}
					*o++ = ')';
				}
				break;
			case WC_FDB_FLOAT:
				o += wc_fdb_format_float(e.v.f32, o);
				break;
			case WC_FDB_DOUBLE:
				o += wc_fdb_format_double(e.v.f64, o);
				break;
			case WC_FDB_BOOL:
				if (e.v.b)
					memcpy(o, "true", 4), o += 4;
				else
					memcpy(o, "false", 5), o += 5;
				break;
			case WC_FDB_UUID:
				o += sprintf(o, "uuid(");
				for (i = 0; i < 16; i++)
				{
					if (i == 4 || i == 6 || i == 8 || i == 10)
						*o++ = '-';
					*o++ = hexdig[e.ptr[i] >> 4];
					*o++ = hexdig[e.ptr[i] & 15];
				}
				*o++ = ')';
				break;
			case WC_FDB_VERSIONSTAMP:
				memcpy(o, "versionstamp(", 13);
				o += 13;
				o += wc_fdb_vs_format(e.ptr, o);
				*o++ = ')';
				break;
			default:
				break;
		}
	}
	*o++ = ')';
	*o = '\0';
	*outlen = (size_t) (o - out);
	return st;
}

size_t
wc_fdb_text_write(const uint8_t *buf, size_t len, char *out, int ascii_only)
{
	size_t		n;

	wc_fdb_text_write_checked(buf, len, out, ascii_only, &n, NULL);
	return n;
}

/* ---- parsing ---- */

typedef struct text_out
{
	uint8_t    *out;			/* NULL: only count */
	size_t		len;
} text_out;

static void
emit_elem(text_out *t, const wc_fdb_elem *e, int nested)
{
	size_t		s = 0;

	if (t->out)
		t->len = (size_t) (wc_fdb_put_elem(t->out + t->len, e, nested) - t->out);
	else
	{
		wc_fdb_elem_size(e, nested, &s);
		t->len += s;
	}
}

static void
emit_byte(text_out *t, uint8_t c)
{
	if (t->out)
		t->out[t->len] = c;
	t->len++;
}

int
wc_fdb_utf8_encode(uint32_t cp, uint8_t *u)
{
	if (cp < 0x80)
	{
		u[0] = (uint8_t) cp;
		return 1;
	}
	if (cp < 0x800)
	{
		u[0] = (uint8_t) (0xC0 | (cp >> 6));
		u[1] = (uint8_t) (0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp >= 0xD800 && cp <= 0xDFFF)
		return 0;
	if (cp < 0x10000)
	{
		u[0] = (uint8_t) (0xE0 | (cp >> 12));
		u[1] = (uint8_t) (0x80 | ((cp >> 6) & 0x3F));
		u[2] = (uint8_t) (0x80 | (cp & 0x3F));
		return 3;
	}
	if (cp <= 0x10FFFF)
	{
		u[0] = (uint8_t) (0xF0 | (cp >> 18));
		u[1] = (uint8_t) (0x80 | ((cp >> 12) & 0x3F));
		u[2] = (uint8_t) (0x80 | ((cp >> 6) & 0x3F));
		u[3] = (uint8_t) (0x80 | (cp & 0x3F));
		return 4;
	}
	return 0;
}

/* Emit one payload byte of a string, escaping 00 as 00 FF. */
static void
emit_payload_byte(text_out *t, uint8_t c)
{
	emit_byte(t, c);
	if (c == 0)
		emit_byte(t, 0xFF);
}

/* Emit a run of payload bytes, escaping each 00 as 00 FF. */
static void
emit_payload_run(text_out *t, const uint8_t *s, size_t n)
{
	if (t->out)
		t->len = (size_t) (wc_fdb_put_escaped(t->out + t->len, s, n) - t->out);
	else
		t->len += wc_fdb_escaped_size(s, n);
}

/*
 * Parse a quoted bytes/string at s[*i] (the opening quote) and emit it.
 * Raw non-ASCII in a string must be valid UTF-8 (checked per run).
 */
static wc_status
parse_quoted(const char *s, size_t n, size_t *pi, text_out *t, int is_str)
{
	size_t		i = *pi + 1,
				run_start,
				steps = 0;

	emit_byte(t, is_str ? WC_FDB_CODE_STRING : WC_FDB_CODE_BYTES);
	for (;;)
	{
		uint8_t		c;

		wc_check_interrupts_every(++steps, WC_INTERRUPT_STRIDE);

		run_start = i;
		/* the common run: printable ASCII up to the closing quote, copied
		 * as it is (no 00 to escape, nothing to check) */
		i += plain_run(s + i, n - i);
		if (i < n && (s[i] == '"' || s[i] == '\\'))
		{
			if (t->out)
				wc_memcpy_checked(t->out + t->len, s + run_start, i - run_start);
			t->len += i - run_start;
		}
		else
		{
			while (i < n && s[i] != '"' && s[i] != '\\')
			{
				wc_check_interrupts_every(++i, WC_INTERRUPT_BYTES);
			}
			if (is_str && !wc_fdb_utf8_valid((const uint8_t *) s + run_start, i - run_start))
			{
				*pi = run_start;
				return WC_ERR_UTF8;
			}
			if (!is_str)
			{
				size_t		k;

				for (k = run_start; k < i; k++)
				{
					wc_check_interrupts_every(k, WC_INTERRUPT_BYTES);
					if ((uint8_t) s[k] >= 0x80)
					{
						*pi = k;
						return WC_ERR_SYNTAX;
					}
				}
			}
			emit_payload_run(t, (const uint8_t *) s + run_start, i - run_start);
		}
		if (i >= n)
		{
			*pi = i;
			return WC_ERR_SYNTAX;
		}
		if (s[i] == '"')
			break;
		/* backslash escape */
		if (i + 1 >= n)
		{
			*pi = i;
			return WC_ERR_SYNTAX;
		}
		c = (uint8_t) s[i + 1];
		if (c == '"' || c == '\\')
		{
			emit_payload_byte(t, c);
			i += 2;
		}
		else if (c == 'x')
		{
			int			h1 = i + 3 < n ? wc_hex_digit(s[i + 2]) : -1,
						h2 = i + 3 < n ? wc_hex_digit(s[i + 3]) : -1;

			if (h1 < 0 || h2 < 0 || (is_str && h1 >= 8))
			{
				*pi = i;
				return WC_ERR_SYNTAX;
			}
			emit_payload_byte(t, (uint8_t) (h1 * 16 + h2));
			i += 4;
		}
		else if (c == 'u' && is_str && i + 2 < n && s[i + 2] == '{')
		{
			uint32_t	cp = 0;
			size_t		k = i + 3;
			int			digits = 0,
						ul,
						j;
			uint8_t		u[4];

			while (k < n && wc_hex_digit(s[k]) >= 0 && digits < 8)
			{
				cp = cp * 16 + (uint32_t) wc_hex_digit(s[k]);
				k++;
				digits++;
			}
			if (digits == 0 || k >= n || s[k] != '}' || (ul = wc_fdb_utf8_encode(cp, u)) == 0)
			{
				*pi = i;
				return WC_ERR_SYNTAX;
			}
			for (j = 0; j < ul; j++)
				emit_payload_byte(t, u[j]);
			i = k + 1;
		}
		else
		{
			*pi = i;
			return WC_ERR_SYNTAX;
		}
	}
	emit_byte(t, 0x00);
	*pi = i + 1;
	return WC_OK;
}

/* Does s[i..n) start with word w? */
static int
starts_with(const char *s, size_t n, size_t i, const char *w)
{
	size_t		k = strlen(w);

	return n - i >= k && memcmp(s + i, w, k) == 0;
}

/* Parse nan / nan(0xbits) / inf (already past the sign); float when f. */
static wc_status
parse_special(const char *s, size_t n, size_t *pi, int neg, wc_fdb_elem *e)
{
	size_t		i = *pi;
	int			is_nan = starts_with(s, n, i, "nan");
	int			is_float;

	if (!is_nan && !starts_with(s, n, i, "inf"))
		return WC_ERR_SYNTAX;
	i += 3;
	is_float = i < n && s[i] == 'f';
	if (is_float)
		i++;
	e->type = is_float ? WC_FDB_FLOAT : WC_FDB_DOUBLE;
	if (!is_nan)
	{
		if (is_float)
			e->v.f32 = neg ? 0xff800000u : 0x7f800000u;
		else
			e->v.f64 = neg ? UINT64_C(0xfff0000000000000) : UINT64_C(0x7ff0000000000000);
	}
	else if (i < n && s[i] == '(')
	{
		uint64_t	bits = 0;
		int			digits = 0,
					want = is_float ? 8 : 16;

		if (neg || !starts_with(s, n, i, "(0x"))
			return WC_ERR_SYNTAX;
		i += 3;
		while (i < n && wc_hex_digit(s[i]) >= 0 && digits < want)
		{
			bits = bits * 16 + (uint64_t) wc_hex_digit(s[i]);
			i++;
			digits++;
		}
		if (digits != want || i >= n || s[i] != ')')
			return WC_ERR_SYNTAX;
		i++;
		if (is_float)
		{
			float		f;
			uint32_t	b32 = (uint32_t) bits;

			memcpy(&f, &b32, 4);
			if (!isnan(f))
				return WC_ERR_SYNTAX;
			e->v.f32 = b32;
		}
		else
		{
			double		d;

			memcpy(&d, &bits, 8);
			if (!isnan(d))
				return WC_ERR_SYNTAX;
			e->v.f64 = bits;
		}
	}
	else if (is_float)
		e->v.f32 = neg ? 0xffc00000u : 0x7fc00000u;
	else
		e->v.f64 = neg ? UINT64_C(0xfff8000000000000) : UINT64_C(0x7ff8000000000000);
	*pi = i;
	return WC_OK;
}

/*
 * Exact powers of ten for the fast decimal-to-binary path: 10^0..10^22 are
 * exact doubles (5^22 < 2^53), 10^0..10^10 exact floats (5^10 < 2^24).
 */
static const double pow10_d[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};
static const float pow10_f[] = {
	1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f
};

/*
 * Clinger's fast path: a decimal m * 10^x with m and 10^|x| both exact in
 * the target format is one IEEE multiplication or division, which rounds
 * correctly, so the result is the one strtod/strtof give.  Only where the
 * compiler evaluates in the type's own precision (FLT_EVAL_METHOD 0, as on
 * x86-64 and AArch64); elsewhere every number takes strtod.  Returns 0 when
 * the number is outside the exact range.
 */
static int
fast_decimal(uint64_t m, int x, int neg, int is_float, wc_fdb_elem *e)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	if (is_float)
	{
		float		f;

		if (m > (UINT64_C(1) << 24) || x < -10 || x > 10)
			return 0;
		f = x < 0 ? (float) m / pow10_f[-x] : (float) m * pow10_f[x];
		f = neg ? -f : f;
		memcpy(&e->v.f32, &f, 4);
		e->type = WC_FDB_FLOAT;
	}
	else
	{
		double		d;

		if (m > (UINT64_C(1) << 53) || x < -22 || x > 22)
			return 0;
		d = x < 0 ? (double) m / pow10_d[-x] : (double) m * pow10_d[x];
		d = neg ? -d : d;
		memcpy(&e->v.f64, &d, 8);
		e->type = WC_FDB_DOUBLE;
	}
	return 1;
#else
	(void) m, (void) x, (void) neg, (void) is_float, (void) e;
	return 0;
#endif
}

/*
 * Parse a number (integer, double, float with suffix f) at s[*pi].  One
 * scan collects the first 19 digits as an integer and the decimal
 * exponent; integers of up to 18 digits and doubles and floats in the
 * exact range need nothing more.  One function for the whole number
 * grammar (sign, digits, fraction, exponent, suffix): the scan state is
 * shared by every branch.
 */
static wc_status
parse_number(const char *s, size_t n, size_t *pi, wc_fdb_elem *e, uint8_t *mag)
{
	size_t		i = *pi,
				start = i,
				digits = 0;
	int			neg = 0,
				is_int = 1,
				is_float,
				x = 0,				/* decimal exponent of m */
				ex = 0,
				eneg = 0;
	uint64_t	m = 0;
	char		tmp[72];

	if (s[i] == '-' || s[i] == '+')
	{
		neg = s[i] == '-';
		i++;
	}
	if (i < n && (s[i] == 'n' || s[i] == 'i'))
	{
		*pi = i;
		return parse_special(s, n, pi, neg, e);
	}
	while (i < n && s[i] >= '0' && s[i] <= '9')
	{
		if (digits < 19)
			m = m * 10 + (uint64_t) (s[i] - '0');
		i++;
		digits++;
	}
	if (i < n && s[i] == '.')
	{
		is_int = 0;
		i++;
		while (i < n && s[i] >= '0' && s[i] <= '9')
		{
			if (digits < 19)
			{
				m = m * 10 + (uint64_t) (s[i] - '0');
				x--;
			}
			i++;
			digits++;
		}
	}
	if (digits == 0)
		return WC_ERR_SYNTAX;
	if (i < n && (s[i] == 'e' || s[i] == 'E'))
	{
		size_t		ed = 0;

		is_int = 0;
		i++;
		if (i < n && (s[i] == '-' || s[i] == '+'))
		{
			eneg = s[i] == '-';
			i++;
		}
		while (i < n && s[i] >= '0' && s[i] <= '9')
		{
			if (ex < 10000)
				ex = ex * 10 + (s[i] - '0');
			i++;
			ed++;
		}
		if (ed == 0)
			return WC_ERR_SYNTAX;
		x += eneg ? -ex : ex;
	}
	is_float = i < n && s[i] == 'f';
	if (is_int && !is_float && digits <= 18)
	{
		/* fits int64: skip the arbitrary-precision path */
		e->type = WC_FDB_INT;
		e->v.i = neg ? -(int64_t) m : (int64_t) m;
		*pi = i;
		return WC_OK;
	}
	if (is_int && !is_float)
	{
		size_t		maglen;
		int			mneg;
		wc_status	st = wc_fdb_decimal_to_mag(s + start, i - start, mag, &maglen, &mneg);

		if (st != WC_OK)
			return st;
		e->type = WC_FDB_BIGINT;
		e->ptr = mag;
		e->len = maglen;
		e->neg = (uint8_t) mneg;
		e->compl = 0;
		*pi = i;
		return WC_OK;
	}
	if (digits <= 19 && fast_decimal(m, x, neg, is_float, e))
	{
		*pi = i + is_float;
		return WC_OK;
	}
	if (i - start >= sizeof(tmp))
		return WC_ERR_SYNTAX;
	memcpy(tmp, s + start, i - start);
	tmp[i - start] = '\0';
	errno = 0;
	if (is_float)
	{
		float		f = strtof(tmp, NULL);

		if (errno == ERANGE && (isinf(f) || f == 0))
			return WC_ERR_SYNTAX;
		e->type = WC_FDB_FLOAT;
		memcpy(&e->v.f32, &f, 4);
		i++;
	}
	else
	{
		double		d = strtod(tmp, NULL);

		if (errno == ERANGE && (isinf(d) || d == 0))
			return WC_ERR_SYNTAX;
		e->type = WC_FDB_DOUBLE;
		memcpy(&e->v.f64, &d, 8);
	}
	*pi = i;
	return WC_OK;
}

/* Parse exactly want hex digits, skipping '-' when dashes. */
static int
parse_hex_run(const char *s, size_t n, size_t *pi, uint8_t *dst, int want, int dashes)
{
	size_t		i = *pi;
	int			got = 0;

	while (i < n && got < want * 2)
	{
		int			h = wc_hex_digit(s[i]);

		if (h < 0)
		{
			if (dashes && s[i] == '-')
			{
				i++;
				continue;
			}
			break;
		}
		if (got % 2 == 0)
			dst[got / 2] = (uint8_t) (h << 4);
		else
			dst[got / 2] |= (uint8_t) h;
		got++;
		i++;
	}
	*pi = i;
	return got == want * 2;
}

static void
skip_ws(const char *s, size_t n, size_t *i)
{
	while (*i < n && (s[*i] == ' ' || s[*i] == '\t' || s[*i] == '\n' || s[*i] == '\r'))
	{
		wc_check_interrupts_every(++(*i), WC_INTERRUPT_BYTES);
	}
}

wc_status
wc_fdb_vs_parse(const char *s, size_t n, uint8_t *vs, wc_error *err)
{
	size_t		i = 0,
				used = 0;
	uint32_t	uv = 0;
	wc_status	st;

	if (!parse_hex_run(s, n, &i, vs, 10, 0))
		return wc_in_field(err, wc_fail(err, WC_ERR_SYNTAX, i), "transaction version");
	if (i >= n || s[i] != ':')
		return wc_fail(err, WC_ERR_SYNTAX, i);
	i++;
	st = wc_fdb_vs_parse_user_version(s + i, n - i, &used, &uv);
	if (st != WC_OK)
	{
		wc_in_field(err, wc_fail(err, st, i), "user version");
		if (err && st == WC_ERR_RANGE)
		{
			err->expected = 0xFFFF;
			err->has |= WC_HAS_EXPECTED;
		}
		return st;
	}
	if (i + used != n)
		return wc_fail(err, WC_ERR_SYNTAX, i + used);
	wc_store_be16(vs + 10, (uint16_t) uv);
	return WC_OK;
}

/* Parse one scalar element at s[*pi] and emit it: one case per element
 * kind of the text grammar, each a few lines, dispatched on one character. */
static wc_status
parse_scalar(const char *s, size_t n, size_t *pi, text_out *t, int nested)
{
	size_t		i = *pi;
	wc_fdb_elem	e;
	uint8_t		mag[WC_FDB_MAX_INT_BYTES + 16];
	uint8_t		raw[16];
	wc_status	st;

	memset(&e, 0, sizeof(e));
	if (s[i] == '"')
		return parse_quoted(s, n, pi, t, 1);
	if (s[i] == 'b' && i + 1 < n && s[i + 1] == '"')
	{
		*pi = i + 1;
		return parse_quoted(s, n, pi, t, 0);
	}
	/* numbers first: no keyword starts with a digit or a sign */
	if ((s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '+' || s[i] == '.')
	{
		st = parse_number(s, n, &i, &e, mag);
		if (st != WC_OK)
		{
			*pi = i;
			return st;
		}
		emit_elem(t, &e, nested);
		*pi = i;
		return WC_OK;
	}
	if (starts_with(s, n, i, "null"))
	{
		e.type = WC_FDB_NULL;
		i += 4;
	}
	else if (starts_with(s, n, i, "true"))
	{
		e.type = WC_FDB_BOOL;
		e.v.b = 1;
		i += 4;
	}
	else if (starts_with(s, n, i, "false"))
	{
		e.type = WC_FDB_BOOL;
		e.v.b = 0;
		i += 5;
	}
	else if (starts_with(s, n, i, "raw("))
	{
		/* one integer element given by its exact bytes (non-minimal forms) */
		uint8_t		bytes[WC_FDB_MAX_INT_BYTES + 8] = {0};
		size_t		nb = 0;
		wc_fdb_reader	r;
		wc_fdb_elem	te;

		i += 4;
		while (i + 1 < n && wc_hex_digit(s[i]) >= 0 && wc_hex_digit(s[i + 1]) >= 0 && nb < sizeof(bytes))
		{
			bytes[nb++] = (uint8_t) (wc_hex_digit(s[i]) * 16 + wc_hex_digit(s[i + 1]));
			i += 2;
		}
		wc_fdb_reader_init(&r, bytes, nb);
		if (i >= n || s[i] != ')' || nb == 0 || wc_fdb_read(&r, &te) != WC_OK ||
			(te.type != WC_FDB_INT && te.type != WC_FDB_BIGINT) || r.pos != nb)
		{
			*pi = i;
			return WC_ERR_SYNTAX;
		}
		i++;
		e.type = WC_FDB_RAW;
		e.ptr = bytes;
		e.len = nb;
		emit_elem(t, &e, nested);
		*pi = i;
		return WC_OK;
	}
	else if (starts_with(s, n, i, "uuid("))
	{
		i += 5;
		if (!parse_hex_run(s, n, &i, raw, 16, 1) || i >= n || s[i] != ')')
		{
			*pi = i;
			return WC_ERR_SYNTAX;
		}
		i++;
		e.type = WC_FDB_UUID;
		e.ptr = raw;
	}
	else if (starts_with(s, n, i, "versionstamp("))
	{
		uint32_t	uv = 0;
		size_t		digits = 0;

		i += 13;
		if (!parse_hex_run(s, n, &i, raw, 10, 0) || i >= n || s[i] != ':')
		{
			*pi = i;
			return WC_ERR_SYNTAX;
		}
		i++;
		if (wc_fdb_vs_parse_user_version(s + i, n - i, &digits, &uv) != WC_OK ||
			i + digits >= n || s[i + digits] != ')')
		{
			*pi = i + digits;
			return WC_ERR_SYNTAX;
		}
		i += digits;
		i++;
		wc_store_be16(raw + 10, (uint16_t) uv);
		e.type = WC_FDB_VERSIONSTAMP;
		e.ptr = raw;
	}
	else if ((s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '+' ||
			 s[i] == '.' || s[i] == 'n' || s[i] == 'i')
	{
		st = parse_number(s, n, &i, &e, mag);
		if (st != WC_OK)
		{
			*pi = i;
			return st;
		}
	}
	else
		return WC_ERR_SYNTAX;
	emit_elem(t, &e, nested);
	*pi = i;
	return WC_OK;
}

/*
 * The keys a dump or an export holds, in one tight pass: "(" elements ")"
 * separated by ", " (or ","), each a string of printable ASCII without
 * escapes, a number (parse_number, as the full parser reads it), null,
 * true or false, with no nesting.  Written straight to out (which holds the parse bound).  Any
 * other input returns 0 and the full parser starts over; for what this
 * accepts the full parser writes the same bytes (test_fdb_tuple_text.c
 * compares the two).
 */
static int
parse_fast(const char *s, size_t n, uint8_t *out, size_t *outlen)
{
	const char *p = s + 1,
			   *end = s + n;
	uint8_t    *o = out;
	wc_fdb_elem	e;
	uint8_t		mag[WC_FDB_MAX_INT_BYTES + 16];
	size_t		k = 0;

	if (n < 2 || s[0] != '(')
		return 0;
	if (*p == ')')
		goto close;
	memset(&e, 0, sizeof(e));
	for (;;)
	{
		char		c = *p;

		wc_check_interrupts_every(++k, WC_INTERRUPT_STRIDE);

		if (c == '"')
		{
			const char *q = p + 1 + plain_run(p + 1, (size_t) (end - p - 1));

			if (q >= end || *q != '"')
				return 0;
			*o++ = WC_FDB_CODE_STRING;
			wc_memcpy_checked(o, p + 1, (size_t) (q - p - 1));
			o += q - p - 1;
			*o++ = 0x00;
			p = q + 1;
		}
		else if ((c >= '0' && c <= '9') || c == '-')
		{
			/* the full parser's number rule, exact fast path included */
			size_t		i = (size_t) (p - s);

			if (parse_number(s, n, &i, &e, mag) != WC_OK)
				return 0;
			o = wc_fdb_put_elem(o, &e, 0);
			p = s + i;
		}
		else if (end - p >= 4 && memcmp(p, "null", 4) == 0)
		{
			*o++ = WC_FDB_CODE_NULL;
			p += 4;
		}
		else if (end - p >= 4 && memcmp(p, "true", 4) == 0)
		{
			*o++ = WC_FDB_CODE_TRUE;
			p += 4;
		}
		else if (end - p >= 5 && memcmp(p, "false", 5) == 0)
		{
			*o++ = WC_FDB_CODE_FALSE;
			p += 5;
		}
		else
			return 0;
		if (p < end && *p == ',')
		{
			p++;
			if (p < end && *p == ' ')
				p++;
			if (p >= end)
				return 0;
			continue;
		}
		if (p < end && *p == ')')
			break;
		return 0;
	}
close:
	if (p + 1 != end)
		return 0;
	*outlen = (size_t) (o - out);
	return 1;
}

/* The parser's one error exit: st at character offset i, in top-level
 * element elem (0: before the first); an integer beyond the tuple layer's
 * range says so in a status of its own. */
static wc_status
text_fail(wc_error *err, wc_status st, size_t i, int64_t elem)
{
	if (st == WC_ERR_RANGE)
		st = WC_FDB_INT_RANGE;
	wc_fail(err, st, i);
	if (elem > 0)
		wc_at_index(err, st, "element", elem);
	return st;
}

wc_status
wc_fdb_text_parse(const char *s, size_t n, uint8_t *out, size_t *outlen, wc_error *err)
{
	enum
	{
		AFTER_OPEN, AFTER_COMMA, AFTER_ELEM
	}			state = AFTER_OPEN;
	size_t		i = 0,
				depth = 1,
				steps = 0;
	int64_t		elem = 0;		/* top-level elements begun */
	text_out	t = {out, 0};
	wc_status	st;

	if (out != NULL && parse_fast(s, n, out, outlen))
		return WC_OK;
	skip_ws(s, n, &i);
	if (i >= n || s[i] != '(')
		return text_fail(err, WC_ERR_SYNTAX, i, elem);
	i++;
	for (;;)
	{
		wc_check_interrupts_every(++steps, WC_INTERRUPT_STRIDE);
		skip_ws(s, n, &i);
		if (i >= n)
			return text_fail(err, WC_ERR_SYNTAX, i, elem);
		if (s[i] == ')' && state != AFTER_COMMA)
		{
			i++;
			if (--depth == 0)
				break;
			emit_byte(&t, 0x00);
			state = AFTER_ELEM;
		}
		else if (state == AFTER_ELEM)
		{
			if (s[i] != ',')
				return text_fail(err, WC_ERR_SYNTAX, i, elem);
			i++;
			state = AFTER_COMMA;
		}
		else if (s[i] == '(')
		{
			elem += depth == 1;
			emit_byte(&t, WC_FDB_CODE_NESTED);
			depth++;
			i++;
			state = AFTER_OPEN;
		}
		else
		{
			elem += depth == 1;
			st = parse_scalar(s, n, &i, &t, depth > 1);
			if (st != WC_OK)
				return text_fail(err, st, i, elem);
			state = AFTER_ELEM;
		}
	}
	skip_ws(s, n, &i);
	if (i != n)
		return text_fail(err, WC_ERR_SYNTAX, i, 0);
	*outlen = t.len;
	return WC_OK;
}
