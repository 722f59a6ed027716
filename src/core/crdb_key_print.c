/*
 * crdb_key_print.c: CockroachDB's key printer (keys.PrettyPrint), element
 * texts and Go's string quoting, for the CockroachDB SQL key core
 * (crdb_key.h).  The printer never fails: an element that does not decode
 * prints as ??? and the PrefixEnd retry runs as CockroachDB's does.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "byteorder.h"
#include "crdb_key.h"

#define PP_MAX_ATTEMPTS 20
#define PP_MAX_DEPTH 8

static void
puts_(wc_crdb_out *o, const char *s)
{
	wc_crdb_put(o, s, strlen(s));
}

static void
put_u64(wc_crdb_out *o, uint64_t u)
{
	char		b[24];
	int			i = 24;

	do
	{
		b[--i] = (char) ('0' + u % 10);
		u /= 10;
	} while (u);
	wc_crdb_put(o, b + i, 24 - i);
}

static void
put_i64(wc_crdb_out *o, int64_t v)
{
	if (v < 0)
	{
		wc_crdb_put(o, "-", 1);
		put_u64(o, -(uint64_t) v);
	}
	else
		put_u64(o, (uint64_t) v);
}

/* Zero-padded to width. */
static void
put_pad(wc_crdb_out *o, uint64_t v, int width)
{
	char		b[24];
	int			i = 24;

	do
	{
		b[--i] = (char) ('0' + v % 10);
		v /= 10;
		width--;
	} while (v || width > 0);
	wc_crdb_put(o, b + i, 24 - i);
}

/* ------------------------------------------------------------- Go quoting */

/* A byte source over a plain or escaped (bytes-encoded) payload. */
typedef struct bsrc
{
	const uint8_t *s;
	size_t		n;
	size_t		i;
	int			mode;			/* 0 plain, 1 ascending escapes, 2 descending */
} bsrc;

static int
bsrc_get(bsrc *b, uint8_t *c)
{
	uint8_t		x;

	if (b->i >= b->n)
		return 0;
	x = b->s[b->i];
	if (b->mode == 1 && x == 0)
	{
		*c = 0;
		b->i += 2;
	}
	else if (b->mode == 2)
	{
		if (x == 0xff)
		{
			*c = 0;
			b->i += 2;
		}
		else
		{
			*c = (uint8_t) ~x;
			b->i++;
		}
	}
	else
	{
		*c = x;
		b->i++;
	}
	return 1;
}

/* Go's unicode.IsPrint, approximated: graphic characters and U+0020;
 * not controls, format characters, separators other than the space,
 * private use, surrogates or non-characters. */
static int
rune_printable(uint32_t r)
{
	if (r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == 0xad || r == 0xa0)
		return 0;
	if ((r >= 0x600 && r <= 0x605) || r == 0x61c || r == 0x6dd || r == 0x70f || r == 0x180e ||
		r == 0x1680 || (r >= 0x2000 && r <= 0x200f) || (r >= 0x2028 && r <= 0x202f) ||
		(r >= 0x205f && r <= 0x206f) || r == 0x3000 || r == 0xfeff ||
		(r >= 0xfff9 && r <= 0xfffb) || (r >= 0xe000 && r <= 0xf8ff) ||
		(r >= 0xe0000 && r <= 0xe007f) || r >= 0xf0000 || (r & 0xfffe) == 0xfffe ||
		(r >= 0xfdd0 && r <= 0xfdef))
		return 0;
	return 1;
}

static const char hexd[] = "0123456789abcdef";

static void
quote_src(bsrc *b, wc_crdb_out *o)
{
	uint8_t		c;
	size_t		steps = 0;

	wc_crdb_put(o, "\"", 1);
	for (;;)
	{
		wc_check_interrupts_every(++steps, WC_INTERRUPT_STRIDE);
		/* a run of bytes printed as themselves, in one piece */
		if (b->mode != 2)
		{
			size_t		j = b->i;

			while (j < b->n && b->s[j] >= 0x20 && b->s[j] < 0x7f && b->s[j] != '"' && b->s[j] != '\\')
			{
				wc_check_interrupts_every(++j, WC_INTERRUPT_BYTES);
			}
			if (j > b->i)
			{
				wc_crdb_put(o, (const char *) b->s + b->i, j - b->i);
				b->i = j;
			}
		}
		if (!bsrc_get(b, &c))
			break;
		if (c < 0x80)
		{
			char		e[4] = {'\\', 'x', 0, 0};

			switch (c)
			{
				case '"':
					wc_crdb_put(o, "\\\"", 2);
					continue;
				case '\\':
					wc_crdb_put(o, "\\\\", 2);
					continue;
				case '\a':
					wc_crdb_put(o, "\\a", 2);
					continue;
				case '\b':
					wc_crdb_put(o, "\\b", 2);
					continue;
				case '\f':
					wc_crdb_put(o, "\\f", 2);
					continue;
				case '\n':
					wc_crdb_put(o, "\\n", 2);
					continue;
				case '\r':
					wc_crdb_put(o, "\\r", 2);
					continue;
				case '\t':
					wc_crdb_put(o, "\\t", 2);
					continue;
				case '\v':
					wc_crdb_put(o, "\\v", 2);
					continue;
			}
			if (c >= 0x20 && c < 0x7f)
			{
				wc_crdb_put(o, (const char *) &c, 1);
				continue;
			}
			e[2] = hexd[c >> 4];
			e[3] = hexd[c & 15];
			wc_crdb_put(o, e, 4);
			continue;
		}
		{
			bsrc		look = *b;
			int			need;
			uint32_t	r;
			uint8_t		raw[4];
			int			k,
						ok = 1;

			raw[0] = c;
			if ((c & 0xe0) == 0xc0)
				need = 1, r = c & 0x1f;
			else if ((c & 0xf0) == 0xe0)
				need = 2, r = c & 0x0f;
			else if ((c & 0xf8) == 0xf0)
				need = 3, r = c & 0x07;
			else
				need = 0, ok = 0;
			for (k = 0; ok && k < need; k++)
			{
				uint8_t		d;

				if (!bsrc_get(&look, &d) || (d & 0xc0) != 0x80)
					ok = 0;
				else
				{
					raw[k + 1] = d;
					r = (r << 6) | (d & 0x3f);
				}
			}
			if (ok && ((need == 1 && r < 0x80) || (need == 2 && r < 0x800) ||
					   (need == 3 && (r < 0x10000 || r > 0x10ffff)) ||
					   (r >= 0xd800 && r <= 0xdfff)))
				ok = 0;
			if (!ok)
			{
				char		e[4] = {'\\', 'x', hexd[c >> 4], hexd[c & 15]};

				wc_crdb_put(o, e, 4);
				continue;
			}
			*b = look;
			if (r == 0x2039 || r == 0x203a)
				wc_crdb_put(o, "?", 1);
			else if (rune_printable(r))
				wc_crdb_put(o, (const char *) raw, (size_t) need + 1);
			else if (r < 0x10000)
			{
				char		e[6] = {'\\', 'u', hexd[(r >> 12) & 15], hexd[(r >> 8) & 15],
				hexd[(r >> 4) & 15], hexd[r & 15]};

				wc_crdb_put(o, e, 6);
			}
			else
			{
				char		e[10];
				int			j;

				e[0] = '\\';
				e[1] = 'U';
				for (j = 0; j < 8; j++)
					e[2 + j] = hexd[(r >> (28 - 4 * j)) & 15];
				wc_crdb_put(o, e, 10);
			}
		}
	}
	wc_crdb_put(o, "\"", 1);
}

void
wc_crdb_quote(const uint8_t *s, size_t n, wc_crdb_out *o)
{
	bsrc		b = {s, n, 0, 0};

	quote_src(&b, o);
}

/* ------------------------------------------------------------ value texts */

/* Go's strconv.FormatFloat(f, 'g', -1, 64). */
static void
put_float(wc_crdb_out *o, double f)
{
	char		buf[40];
	char		digs[20];
	int			nd = 0,
				prec,
				exp10,
				i;

	if (f != f)
	{
		puts_(o, "NaN");
		return;
	}
	if (isinf(f))
	{
		puts_(o, f > 0 ? "+Inf" : "-Inf");
		return;
	}
	if (f == 0)
	{
		puts_(o, signbit(f) ? "-0" : "0");
		return;
	}
	for (prec = 1; prec <= 17; prec++)
	{
		snprintf(buf, sizeof(buf), "%.*e", prec - 1, f);
		if (strtod(buf, NULL) == f)
			break;
	}
	/* buf: [-]d[.ddd]e[+-]xx */
	{
		char	   *p = buf;
		char	   *e;

		if (*p == '-')
		{
			wc_crdb_put(o, "-", 1);
			p++;
		}
		e = strchr(p, 'e');
		for (; p < e; p++)
			if (*p != '.')
				digs[nd++] = *p;
		exp10 = atoi(e + 1);
	}
	while (nd > 1 && digs[nd - 1] == '0')
		nd--;
	if (exp10 < -4 || exp10 >= 6)
	{
		char		eb[16];

		wc_crdb_put(o, digs, 1);
		if (nd > 1)
		{
			wc_crdb_put(o, ".", 1);
			wc_crdb_put(o, digs + 1, nd - 1);
		}
		snprintf(eb, sizeof(eb), "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
		puts_(o, eb);
		return;
	}
	/* %f: decimal point after exp10 + 1 digits */
	if (exp10 < 0)
	{
		wc_crdb_put(o, "0.", 2);
		for (i = 0; i < -exp10 - 1; i++)
			wc_crdb_put(o, "0", 1);
		wc_crdb_put(o, digs, nd);
		return;
	}
	for (i = 0; i <= exp10; i++)
		wc_crdb_put(o, i < nd ? &digs[i] : "0", 1);
	if (nd > exp10 + 1)
	{
		wc_crdb_put(o, ".", 1);
		wc_crdb_put(o, digs + exp10 + 1, nd - exp10 - 1);
	}
}

/* Fraction of nanoseconds, Go's RFC3339Nano way: ".ddd" without trailing
 * zeros, nothing for zero.  digits: 9 (nanoseconds) or 6 (microseconds). */
static void
put_frac(wc_crdb_out *o, uint64_t frac, int digits)
{
	char		b[10];
	int			n = digits,
				i;

	if (frac == 0)
		return;
	for (i = digits - 1; i >= 0; i--)
	{
		b[i] = (char) ('0' + frac % 10);
		frac /= 10;
	}
	while (n > 0 && b[n - 1] == '0')
		n--;
	wc_crdb_put(o, ".", 1);
	wc_crdb_put(o, b, n);
}

/* Days since 1970-01-01 to a proleptic Gregorian civil date. */
static void
civil_from_days(int64_t z, int64_t *y, unsigned *m, unsigned *d)
{
	int64_t		era,
				yoe,
				doy,
				mp;
	int64_t		doe;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	*y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (unsigned) (doy - (153 * mp + 2) / 5 + 1);
	*m = (unsigned) (mp < 10 ? mp + 3 : mp - 9);
	if (*m <= 2)
		(*y)++;
}

/* Instant (s, ns) as Go's RFC3339Nano in UTC; 0 if out of the printable
 * range. */
static int
put_time(wc_crdb_out *o, int64_t s, int64_t ns)
{
	int64_t		days,
				sod,
				y;
	unsigned	mo,
				d;

	/* normalise the nanoseconds as time.Unix does */
	if (ns < 0 || ns >= 1000000000)
	{
		int64_t		q = ns / 1000000000;

		ns -= q * 1000000000;
		if (ns < 0)
		{
			ns += 1000000000;
			q--;
		}
		if (__builtin_add_overflow(s, q, &s))
			return 0;
	}
	if (s >= (INT64_C(1) << 62) || s <= -(INT64_C(1) << 62))
		return 0;
	days = s / 86400;
	sod = s % 86400;
	if (sod < 0)
	{
		sod += 86400;
		days--;
	}
	civil_from_days(days, &y, &mo, &d);
	if (y < 0)
	{
		wc_crdb_put(o, "-", 1);
		put_pad(o, (uint64_t) -y, 4);
	}
	else
		put_pad(o, (uint64_t) y, 4);
	wc_crdb_put(o, "-", 1);
	put_pad(o, mo, 2);
	wc_crdb_put(o, "-", 1);
	put_pad(o, d, 2);
	wc_crdb_put(o, "T", 1);
	put_pad(o, (uint64_t) (sod / 3600), 2);
	wc_crdb_put(o, ":", 1);
	put_pad(o, (uint64_t) (sod / 60 % 60), 2);
	wc_crdb_put(o, ":", 1);
	put_pad(o, (uint64_t) (sod % 60), 2);
	put_frac(o, (uint64_t) ns, 9);
	wc_crdb_put(o, "Z", 1);
	return 1;
}

#define USECS_PER_DAY INT64_C(86400000000)

static void
put_timetz(wc_crdb_out *o, int64_t tod, int32_t west)
{
	int64_t		iso = -(int64_t) west;
	uint64_t	a = iso < 0 ? (uint64_t) -iso : (uint64_t) iso;

	if (tod != USECS_PER_DAY)
	{
		tod %= USECS_PER_DAY;
		if (tod < 0)
			tod += USECS_PER_DAY;
	}
	put_pad(o, (uint64_t) (tod / 3600000000), 2);
	wc_crdb_put(o, ":", 1);
	put_pad(o, (uint64_t) (tod / 60000000 % 60), 2);
	wc_crdb_put(o, ":", 1);
	put_pad(o, (uint64_t) (tod / 1000000 % 60), 2);
	put_frac(o, (uint64_t) (tod % 1000000), 6);
	wc_crdb_put(o, iso < 0 ? "-" : "+", 1);
	put_pad(o, a / 3600, 2);
	wc_crdb_put(o, ":", 1);
	put_pad(o, a / 60 % 60, 2);
	wc_crdb_put(o, ":", 1);
	put_pad(o, a % 60, 2);
}

/* CockroachDB's interval text (duration.StringNanos). */
static void
put_interval(wc_crdb_out *o, int64_t M, int64_t D, int64_t N)
{
	int			any = 0;
	int			last_neg = 0;
	int64_t		rem;

	if (M == 0 && D == 0 && N == 0)
	{
		puts_(o, "00:00:00");
		return;
	}
	{
		int64_t		Y = M / 12;
		int64_t		m = M - 12 * Y;

		if (Y != 0)
		{
			put_i64(o, Y);
			puts_(o, Y == 1 ? " year" : " years");
			any = 1;
		}
		if (m != 0)
		{
			if (any)
				wc_crdb_put(o, " ", 1);
			put_i64(o, m);
			puts_(o, m == 1 ? " mon" : " mons");
			any = 1;
		}
		last_neg = M < 0;
	}
	if (D != 0)
	{
		if (any)
			wc_crdb_put(o, " ", 1);
		if (M < 0 && D > 0)
			wc_crdb_put(o, "+", 1);
		put_i64(o, D);
		puts_(o, D == 1 ? " day" : " days");
		any = 1;
		last_neg = D < 0;
	}
	if (N != 0)
	{
		uint64_t	a = N < 0 ? -(uint64_t) N : (uint64_t) N;
		uint64_t	us = a / 1000;

		if (any)
			wc_crdb_put(o, " ", 1);
		if (N / 1000 < 0)
			wc_crdb_put(o, "-", 1);
		else if (last_neg)
			wc_crdb_put(o, "+", 1);
		put_pad(o, us / 3600000000, 2);
		wc_crdb_put(o, ":", 1);
		put_pad(o, us / 60000000 % 60, 2);
		wc_crdb_put(o, ":", 1);
		put_pad(o, us / 1000000 % 60, 2);
		put_frac(o, us % 1000000, 6);
	}
	rem = N - 1000 * (N / 1000);
	if (rem != 0)
	{
		wc_crdb_put(o, rem > 0 ? "+" : "", rem > 0 ? 1 : 0);
		put_i64(o, rem);
		puts_(o, "ns");
	}
}

static void
put_bits(wc_crdb_out *o, const uint8_t *p, size_t words, int is_desc, uint64_t nbits)
{
	size_t		i = words;
	uint64_t	done = 0;

	wc_crdb_put(o, "B", 1);
	while (done < nbits)
	{
		uint64_t	w;
		uint64_t	k,
					take;
		char		b[64];

		wc_check_interrupts_every(done, 64 * WC_INTERRUPT_STRIDE);
		(void) wc_crdb_uvarint_get(p, (size_t) -1 / 2, &i, is_desc, &w, NULL);
		take = nbits - done < 64 ? nbits - done : 64;
		for (k = 0; k < take; k++)
			b[k] = (char) ('0' + ((w >> (63 - k)) & 1));
		wc_crdb_put(o, b, (size_t) take);
		done += take;
	}
}

/*
 * The text of an element that is its one marker byte (NULL, not-NULL, the
 * boolean and empty-container markers), NULL when m is no such marker.
 */
static const char *
marker_text(uint8_t m)
{
	switch (m)
	{
		case 0x00:
		case 0xff:
			return "NULL";
		case 0x01:
		case 0xfe:
			return "!NULL";
		case 0x0a:
			return "True";
		case 0x0b:
			return "False";
		case 0x0d:
			return "Arr";
		case 0x38:
		case 0x43:
			return "[]";
		case 0x39:
			return "{}";
		default:
			return NULL;
	}
}

/* A bytes element, quoted (bytes of either direction). */
static int
bytes_print(const uint8_t *p, size_t len, size_t *pos, int dir, wc_crdb_out *o)
{
	size_t		s,
				e,
				n;
	int			bd;
	bsrc		b;

	if (wc_crdb_bytes_get(p, len, pos, dir, &s, &e, &n, &bd, NULL) != WC_OK)
		return 0;
	b.s = p + s;
	b.n = e - s;
	b.i = 0;
	b.mode = bd ? 2 : 1;
	quote_src(&b, o);
	return 1;
}

/*
 * A timestamp; one the printer cannot show is no element (nothing written,
 * the rest of the key left undecoded).
 */
static int
time_print(const uint8_t *p, size_t len, size_t *pos, int desc, wc_crdb_out *o)
{
	int64_t		s,
				ns;
	size_t		mark = o->len;

	if (wc_crdb_time_get(p, len, pos, desc, &s, &ns, NULL) != WC_OK)
		return 0;
	if (!put_time(o, s, ns))
	{
		o->len = mark;
		*pos = len;
		return 0;
	}
	return 1;
}

/* A bit array element as B followed by its bits (either direction). */
static int
bits_print(const uint8_t *p, size_t len, size_t *pos, int dir, wc_crdb_out *o)
{
	size_t		w;
	uint64_t	nb;
	int			bd;

	if (wc_crdb_bitarray_get(p, len, pos, dir, &w, &nb, &bd, NULL) != WC_OK)
		return 0;
	put_bits(o, p, w, bd, nb);
	return 1;
}

static int	elem_print(const uint8_t *p, size_t len, size_t *pos, int dir, int json_text,
					   int in_array, wc_crdb_out *o);

/*
 * An array element at *pos (marker m) as ARRAY[...].  Not inside another
 * array, and not against a known column direction; a failing element makes
 * the whole array no element (nothing written, the rest of the key left
 * undecoded).
 */
static int
array_print(const uint8_t *p, size_t len, size_t *pos, int dir, int json_text, int in_array,
			wc_crdb_out *o)
{
	size_t		i = *pos;
	int			ad = p[i] == 0x40;
	uint8_t		term = ad ? 0xff : 0x00;
	uint8_t		null_elem = dir == WC_CRDB_DESC ? 0xfe : 0x01;
	int			first = 1;
	size_t		mark = o->len;
	size_t		steps = 0;

	if (in_array || (dir == WC_CRDB_ASC && ad) || (dir == WC_CRDB_DESC && !ad))
	{
		*pos = len;
		return 0;
	}
	i++;
	puts_(o, "ARRAY[");
	for (;;)
	{
		wc_check_interrupts_every(++steps, WC_INTERRUPT_STRIDE);
		if (i >= len)
		{
			o->len = mark;
			*pos = len;
			return 0;
		}
		if (p[i] == term)
		{
			i++;
			break;
		}
		if (!first)
			wc_crdb_put(o, ",", 1);
		first = 0;
		if (p[i] == null_elem)
		{
			puts_(o, "NULL");
			i++;
			continue;
		}
		if (!elem_print(p, len, &i, dir, json_text, 1, o))
		{
			o->len = mark;
			*pos = len;
			return 0;
		}
	}
	wc_crdb_put(o, "]", 1);
	*pos = i;
	return 1;
}

/*
 * One element as the printer shows it.  dir: WC_CRDB_ASC/DESC when the
 * column direction is known, WC_CRDB_ANY when not.  Returns 1 when the
 * element decoded (text written), 0 when not (nothing written; *pos is the
 * resume point).  json_text: write canonical JSON for JSON values (the
 * printer quotes the rest of the key instead).
 */
static int
elem_print(const uint8_t *p, size_t len, size_t *pos, int dir, int json_text, int in_array,
		   wc_crdb_out *o)
{
	size_t		i = *pos;
	uint8_t		m = p[i];
	int			desc = dir == WC_CRDB_DESC ? WC_CRDB_DESC : WC_CRDB_ASC;
	const char *mt = marker_text(m);

	if (mt != NULL)
	{
		*pos = i + 1;
		puts_(o, mt);
		return 1;
	}
	switch (wc_crdb_key_peek(m))
	{
		case WC_CRDB_ENC_VARINT:
			{
				int64_t		v;

				if (wc_crdb_varint_get(p, len, pos, desc, &v, NULL) != WC_OK)
					return 0;
				put_i64(o, v);
				return 1;
			}
		case WC_CRDB_ENC_FLOAT:
			{
				double		d;

				if (wc_crdb_float_get(p, len, pos, desc, &d, NULL) != WC_OK)
					return 0;
				put_float(o, d);
				return 1;
			}
		case WC_CRDB_ENC_DECIMAL:
			{
				wc_crdb_decimal d;

				if (wc_crdb_decimal_get(p, len, pos, desc, &d, NULL) != WC_OK)
					return 0;
				wc_crdb_decimal_text(&d, o);
				return 1;
			}
		case WC_CRDB_ENC_BYTES:
		case WC_CRDB_ENC_BYTES_DESC:
			return bytes_print(p, len, pos, dir, o);
		case WC_CRDB_ENC_TIME:
			return time_print(p, len, pos, desc, o);
		case WC_CRDB_ENC_TIMETZ:
			{
				int64_t		t;
				int32_t		w;

				if (wc_crdb_timetz_get(p, len, pos, desc, &t, &w, NULL) != WC_OK)
					return 0;
				put_timetz(o, t, w);
				return 1;
			}
		case WC_CRDB_ENC_DURATION:
			{
				int64_t		mo,
							d,
							n;

				if (wc_crdb_duration_get(p, len, pos, desc, &mo, &d, &n, NULL) != WC_OK)
					return 0;
				put_interval(o, mo, d, n);
				return 1;
			}
		case WC_CRDB_ENC_BITARRAY:
		case WC_CRDB_ENC_BITARRAY_DESC:
			return bits_print(p, len, pos, dir, o);
		case WC_CRDB_ENC_ARRAY:
		case WC_CRDB_ENC_ARRAY_DESC:
			return array_print(p, len, pos, dir, json_text, in_array, o);
		case WC_CRDB_ENC_JSON:
		case WC_CRDB_ENC_JSON_DESC:
			if (json_text)
			{
				size_t		mark = o->len;

				if (wc_crdb_json_get(p, len, pos, dir, o, NULL) != WC_OK)
				{
					o->len = mark;
					return 0;
				}
				return 1;
			}
			break;
		default:
			break;
	}
	/* no printer case: the rest of the key, quoted, as one element */
	wc_crdb_quote(p + i, len - i, o);
	*pos = len;
	return 1;
}

void
wc_crdb_elem_text(const uint8_t *p, size_t len, size_t pos, int dir, wc_crdb_out *o)
{
	size_t		i = pos;

	(void) elem_print(p, len, &i, dir, 1, 0, o);
}

/* ------------------------------------------------------------ the printer */

typedef struct pp
{
	const uint8_t *dirs;
	size_t		ndirs;
	uint8_t    *scratch;		/* free scratch space */
	size_t		scratch_len;
	wc_crdb_out *o;
	int			depth;
} pp;

/*
 * Walk elements of k[0..n), "/" before each; directions apply from element
 * index skip on (table keys: after table and index IDs; 0 for none).
 * Returns 1 when every element decoded; *first_ok tells about the first.
 */
static int
walk(pp *c, const uint8_t *k, size_t n, int use_dirs, int *first_ok)
{
	size_t		pos = 0;
	size_t		idx = 0;
	int			ok = 1;

	*first_ok = 1;
	while (pos < n)
	{
		int			dir = WC_CRDB_ANY;

		wc_check_interrupts_every(idx + 1, WC_INTERRUPT_STRIDE);
		if (use_dirs && idx >= 2 && c->dirs && idx - 2 < c->ndirs)
			dir = c->dirs[idx - 2];
		wc_crdb_put(c->o, "/", 1);
		if (!elem_print(k, n, &pos, dir, 0, 0, c->o))
		{
			puts_(c->o, "???");
			ok = 0;
			if (idx == 0)
				*first_ok = 0;
		}
		idx++;
	}
	return ok;
}

/* Walk with CockroachDB's PrefixEnd retry (spec 5.4).  table: the first
 * element is a table ID. */
static void
walk_retry(pp *c, const uint8_t *k, size_t n, int table)
{
	size_t		mark = c->o->len;
	int			first_ok;
	size_t		max_att = PP_MAX_ATTEMPTS;

	if (walk(c, k, n, table, &first_ok))
		return;
	if (c->ndirs > n)
		max_att += c->ndirs - n;
	if (n > 0 && k[n - 1] != 0 && c->scratch_len >= n + max_att)
	{
		uint8_t    *s = c->scratch;
		size_t		m = n;
		size_t		att;
		pp			sub = *c;

		sub.scratch = c->scratch + n + max_att;
		sub.scratch_len = c->scratch_len - n - max_att;
		memcpy(s, k, n);
		s[n - 1]--;
		for (att = 0; att < max_att; att++)
		{
			c->o->len = mark;
			if (walk(&sub, s, m, table, &first_ok))
			{
				puts_(c->o, "/PrefixEnd");
				return;
			}
			s[m++] = 0xff;
		}
		c->o->len = mark;
		(void) walk(c, k, n, table, &first_ok);
	}
	if (table && !first_ok)
	{
		c->o->len = mark;
		puts_(c->o, "/err:ExpectedTableID-FoundTypeUnknown");
	}
}

static int key_eq(const uint8_t *k, size_t n, const char *s, size_t sn)
{
	return n == sn && memcmp(k, s, sn) == 0;
}

static int
has_prefix(const uint8_t *k, size_t n, const char *s, size_t sn)
{
	return n >= sn && memcmp(k, s, sn) == 0;
}

/* bytewise compare */
static int
bcmp_(const uint8_t *a, size_t an, const char *b, size_t bn)
{
	size_t		m = an < bn ? an : bn;
	int			r = memcmp(a, b, m);

	if (r)
		return r;
	return (an > bn) - (an < bn);
}

static void pretty_full(pp *c, const uint8_t *k, size_t n);

static void
put_uuid(wc_crdb_out *o, const uint8_t *u)
{
	int			i;

	for (i = 0; i < 16; i++)
	{
		char		h[2] = {hexd[u[i] >> 4], hexd[u[i] & 15]};

		if (i == 4 || i == 6 || i == 8 || i == 10)
			wc_crdb_put(o, "-", 1);
		wc_crdb_put(o, h, 2);
	}
}

/* Bytes-decode an addressed key into scratch; returns its length or -1. */
static long
addressed_key(pp *c, const uint8_t *k, size_t n, size_t *pos)
{
	size_t		s,
				e,
				len;
	int			bd;

	if (wc_crdb_bytes_get(k, n, pos, WC_CRDB_ASC, &s, &e, &len, &bd, NULL) != WC_OK)
		return -1;
	if (len > c->scratch_len)
		return -1;
	wc_crdb_bytes_copy(k + s, e - s, 0, c->scratch);
	return (long) len;
}

static void
pretty_sub(pp *c, const uint8_t *a, size_t an)
{
	pp			sub = *c;
	size_t		need = wc_crdb_pretty_scratch(an, 0);

	sub.dirs = NULL;
	sub.ndirs = 0;
	sub.depth++;
	sub.scratch = c->scratch + an;
	sub.scratch_len = c->scratch_len - an;
	if (sub.scratch_len < need || sub.depth > PP_MAX_DEPTH)
	{
		wc_crdb_quote(a, an, c->o);
		return;
	}
	pretty_full(&sub, a, an);
}

/*
 * /Local/Store: CockroachDB's store suffixes, matched as prefixes in its
 * order; the node tombstone carries a 4-byte node ID, the cached setting a
 * bytes-encoded key printed as a key, the recovery entry a UUID.
 */
static void
local_store(pp *c, const uint8_t *r, size_t n)
{
	/* kind: 0 name only, 1 node ID, 2 setting key, 3 UUID */
	static const struct
	{
		const char *suffix;
		size_t		len;
		int			kind;
		const char *name;
	}			names[] = {
		{"iden", 4, 0, "/storeIdent"}, {"goss", 4, 0, "/gossipBootstrap"},
		{"cver", 4, 0, "/clusterVersion"}, {"ntmb", 4, 1, "/nodeTombstone/n"},
		{"stng", 4, 2, "/cachedSettings/"},
		{"loqrapplied", 11, 3, "/lossOfQuorumRecovery/applied/"},
		{"loqrstatus", 10, 0, "/lossOfQuorumRecovery/status"},
		{"loqrcleanup", 11, 0, "/lossOfQuorumRecovery/cleanup"},
		{NULL, 0, 0, NULL}
	};
	int			i;

	puts_(c->o, "/Store");
	for (i = 0; names[i].suffix; i++)
	{
		const uint8_t *d = r + names[i].len;
		size_t		dn = n - names[i].len;
		size_t		pos = 0;
		long		an = 0;

		if (!has_prefix(r, n, names[i].suffix, names[i].len))
			continue;
		/* a detail that does not decode: the raw suffix, quoted */
		if ((names[i].kind == 1 && dn != 4) || (names[i].kind == 3 && dn != 16))
			break;
		if (names[i].kind == 2 && ((an = addressed_key(c, d, dn, &pos)) < 0 || pos != dn))
			break;
		puts_(c->o, names[i].name);
		if (names[i].kind == 1)
			put_u64(c->o, wc_load_be32(d));
		else if (names[i].kind == 2)
			pretty_sub(c, c->scratch, (size_t) an);
		else if (names[i].kind == 3)
			put_uuid(c->o, d);
		return;
	}
	wc_crdb_put(c->o, "/", 1);
	wc_crdb_quote(r, n, c->o);
}

/* /Local/RangeID: range ID, replicated or unreplicated infix, suffix name. */
static void
local_rangeid(pp *c, const uint8_t *r, size_t n)
{
	static const struct
	{
		const char *suffix;
		const char *name;
	}			names[] = {
		{"abc-", "AbortSpan"}, {"rsl-", "ReplicatedSharedLocksTransactionLatch"},
		{"rftb", "RangeTombstone"}, {"rfth", "RaftHardState"}, {"rask", "RangeAppliedState"},
		{"rftl", "RaftLog"}, {"rftt", "RaftTruncatedState"},
		{"rlrt", "RangeLastReplicaGCTimestamp"}, {"rll-", "RangeLease"},
		{"rprs", "RangePriorReadSummary"}, {"stat", "RangeStats"},
		{"lgc-", "RangeGCThreshold"}, {"rver", "RangeVersion"}, {"rgch", "RangeGCHint"},
		{NULL, NULL}
	};
	size_t		pos = 0;
	int64_t		id;
	int			i;

	puts_(c->o, "/RangeID");
	if (wc_crdb_varint_get(r, n, &pos, WC_CRDB_ASC, &id, NULL) != WC_OK ||
		(pos < n && r[pos] != 'r' && r[pos] != 'u'))
	{
		wc_crdb_put(c->o, "/", 1);
		wc_crdb_quote(r, n, c->o);
		return;
	}
	wc_crdb_put(c->o, "/", 1);
	put_i64(c->o, id);
	if (pos == n)
		return;
	wc_crdb_put(c->o, "/", 1);
	wc_crdb_put(c->o, (const char *) r + pos, 1);
	pos++;
	for (i = 0; names[i].suffix; i++)
	{
		if (!has_prefix(r + pos, n - pos, names[i].suffix, 4))
			continue;
		wc_crdb_put(c->o, "/", 1);
		puts_(c->o, names[i].name);
		pos += 4;
		if (pos == n)
			return;
		if (strcmp(names[i].suffix, "abc-") == 0 || strcmp(names[i].suffix, "rsl-") == 0)
		{
			size_t		s,
						e,
						len;
			int			bd;
			size_t		q = pos;

			/* a transaction ID; what follows it is not shown */
			if (wc_crdb_bytes_get(r, n, &q, WC_CRDB_ASC, &s, &e, &len, &bd, NULL) == WC_OK &&
				len == 16 && e - s == 16)
			{
				wc_crdb_put(c->o, "/\"", 2);
				put_uuid(c->o, r + s);
				wc_crdb_put(c->o, "\"", 1);
				return;
			}
		}
		else if (strcmp(names[i].suffix, "rftl") == 0)
		{
			/* the first 8 bytes are the index; what follows is not shown */
			if (n - pos >= 8)
			{
				puts_(c->o, "/logIndex:");
				put_u64(c->o, wc_load_be64(r + pos));
				return;
			}
		}
		else
		{
			pp			sub = *c;

			/* other suffixes: the detail as key values */
			sub.dirs = NULL;
			sub.ndirs = 0;
			walk_retry(&sub, r + pos, n - pos, 0);
			return;
		}
		wc_crdb_put(c->o, "/", 1);
		wc_crdb_quote(r + pos, n - pos, c->o);
		return;
	}
	/* no known suffix: the rest quoted, right after the infix */
	wc_crdb_quote(r + pos, n - pos, c->o);
}

static void
local_range(pp *c, const uint8_t *r, size_t n, int lock)
{
	size_t		pos = 0;
	long		an = addressed_key(c, r, n, &pos);

	puts_(c->o, lock ? "/Lock" : "/Range");
	if (an < 0)
	{
		wc_crdb_put(c->o, "/", 1);
		wc_crdb_quote(r, n, c->o);
		return;
	}
	pretty_sub(c, c->scratch, (size_t) an);
	if (pos == n)
		return;
	if (!lock && n - pos >= 4)
	{
		const uint8_t *s = r + pos;
		size_t		sn = n - pos;

		if (key_eq(s, sn, "rdsc", 4))
		{
			puts_(c->o, "/RangeDescriptor");
			return;
		}
		if (key_eq(s, sn, "prbe", 4))
		{
			puts_(c->o, "/RangeProbe");
			return;
		}
		if (sn == 20 && memcmp(s, "txn-", 4) == 0)
		{
			puts_(c->o, "/Transaction/\"");
			put_uuid(c->o, s + 4);
			wc_crdb_put(c->o, "\"", 1);
			return;
		}
		if (memcmp(s, "qlpt", 4) == 0)
		{
			puts_(c->o, "/QueueLastProcessed/");
			wc_crdb_quote(s + 4, sn - 4, c->o);
			return;
		}
	}
	wc_crdb_put(c->o, "/", 1);
	wc_crdb_quote(r + pos, n - pos, c->o);
}

static void
sub_local(pp *c, const uint8_t *k, size_t n)
{
	const uint8_t *r = k + 1;
	size_t		rn = n - 1;

	if (rn >= 1 && r[0] == 's')
		local_store(c, r + 1, rn - 1);
	else if (rn >= 1 && r[0] == 'i')
		local_rangeid(c, r + 1, rn - 1);
	else if (rn >= 1 && r[0] == 'k')
		local_range(c, r + 1, rn - 1, 0);
	else if (rn >= 2 && r[0] == 'z' && r[1] == 'k')
		local_range(c, r + 2, rn - 2, 1);
	else
	{
		wc_crdb_put(c->o, "/", 1);
		wc_crdb_quote(r, rn, c->o);
	}
}

static void
sub_system(pp *c, const uint8_t *k, size_t n)
{
	static const struct
	{
		const char *prefix;
		size_t		plen;
		const char *name;
	}			names[] = {
		{"\x00liveness-", 10, "/NodeLiveness"},
		{"\x00liveness.", 10, "/NodeLivenessMax"},
		{"status-node-", 12, "/StatusNode"},
		{"\xffsys-scfg", 9, "/SystemSpanConfigKeys"},
		{NULL, 0, NULL}
	};
	const uint8_t *r = k + 1;
	size_t		rn = n - 1;
	int			i;

	for (i = 0; names[i].prefix; i++)
	{
		if (has_prefix(r, rn, names[i].prefix, names[i].plen))
		{
			pp			sub = *c;

			sub.dirs = NULL;
			sub.ndirs = 0;
			puts_(c->o, names[i].name);
			walk_retry(&sub, r + names[i].plen, rn - names[i].plen, 0);
			return;
		}
	}
	wc_crdb_put(c->o, "/", 1);
	wc_crdb_quote(r, rn, c->o);
}

static void
sub_tenant(pp *c, const uint8_t *k, size_t n)
{
	size_t		pos = 1;
	uint64_t	id;

	if (wc_crdb_uvarint_get(k, n, &pos, WC_CRDB_ASC, &id, NULL) != WC_OK)
	{
		puts_(c->o, "/err:invalid tenant ID");
		return;
	}
	wc_crdb_put(c->o, "/", 1);
	put_u64(c->o, id);
	if (pos < n)
	{
		pp			sub = *c;

		sub.depth++;
		if (sub.depth > PP_MAX_DEPTH)
			wc_crdb_quote(k + pos, n - pos, c->o);
		else
			pretty_full(&sub, k + pos, n - pos);
	}
}

/*
 * Step 3: the regions, in CockroachDB's order, bounds inclusive:
 * /Local [01, 02], /Meta1 [02, 02 ff ff], /Meta2 [03, 03 ff ff],
 * /System [04, 05], /NamespaceTable [a6, a7], /Table [88, fa],
 * /Tenant [fe 8a, fe fe].  A key equal to an upper bound prints /Max.
 * Dispatched on the first byte; returns 0 when the key is in no region.
 */
static int
regions(pp *c, const uint8_t *k, size_t n)
{
	const char *name;
	int			kind;
	int			at_max = 0;

	if (n == 0)
		return 0;
	switch (k[0])
	{
		case 0x01:
			name = "/Local", kind = 1;
			break;
		case 0x02:
			if (n == 1)
				name = "/Local", kind = 1, at_max = 1;
			else
			{
				int			r = bcmp_(k, n, "\x02\xff\xff", 3);

				if (r > 0)
					return 0;
				name = "/Meta1", kind = 2, at_max = r == 0;
			}
			break;
		case 0x03:
			{
				int			r = bcmp_(k, n, "\x03\xff\xff", 3);

				if (r > 0)
					return 0;
				name = "/Meta2", kind = 2, at_max = r == 0;
				break;
			}
		case 0x04:
			name = "/System", kind = 3;
			break;
		case 0x05:
			if (n != 1)
				return 0;
			name = "/System", kind = 3, at_max = 1;
			break;
		case 0xa6:
			name = "/NamespaceTable", kind = 4;
			break;
		case 0xa7:
			name = n == 1 ? "/NamespaceTable" : "/Table", kind = 4, at_max = n == 1;
			break;
		case 0xfa:
			if (n != 1)
				return 0;
			name = "/Table", kind = 4, at_max = 1;
			break;
		case 0xfe:
			if (n < 2 || k[1] < 0x8a || (k[1] == 0xfe && n > 2) || k[1] == 0xff)
				return 0;
			name = "/Tenant", kind = 5, at_max = k[1] == 0xfe;
			break;
		default:
			if (k[0] < 0x88 || k[0] > 0xf9)
				return 0;
			name = "/Table", kind = 4;
			break;
	}
	puts_(c->o, name);
	if (at_max)
	{
		puts_(c->o, "/Max");
		return 1;
	}
	switch (kind)
	{
		case 1:
			sub_local(c, k, n);
			break;
		case 2:
			wc_crdb_put(c->o, "/", 1);
			wc_crdb_quote(k + 1, n - 1, c->o);
			break;
		case 3:
			sub_system(c, k, n);
			break;
		case 4:
			walk_retry(c, k, n, 1);
			break;
		case 5:
			sub_tenant(c, k, n);
			break;
	}
	return 1;
}

static void
pretty_full(pp *c, const uint8_t *k, size_t n)
{
	if (n == 0)
	{
		puts_(c->o, "/Min");
		return;
	}
	if (n <= 3 && key_eq(k, n, "\xff\xff", 2))
	{
		puts_(c->o, "/Max");
		return;
	}
	if (n == 3 && key_eq(k, n, "\x02\xff\xff", 3))
	{
		puts_(c->o, "/Meta1/Max");
		return;
	}
	if (n == 3 && key_eq(k, n, "\x03\xff\xff", 3))
	{
		puts_(c->o, "/Meta2/Max");
		return;
	}
	if (k[0] == 0x02 || k[0] == 0x03)
	{
		puts_(c->o, k[0] == 0x02 ? "/Meta1" : "/Meta2");
		if (!regions(c, k + 1, n - 1))
		{
			wc_crdb_put(c->o, "/", 1);
			wc_crdb_quote(k + 1, n - 1, c->o);
		}
		return;
	}
	if (!regions(c, k, n))
		wc_crdb_quote(k, n, c->o);
}

size_t
wc_crdb_pretty_scratch(size_t len, size_t ndirs)
{
	size_t		att = PP_MAX_ATTEMPTS + ndirs;

	return 4 * (len + att) + 64;
}

void
wc_crdb_key_pretty(const uint8_t *key, size_t len, const uint8_t *dirs, size_t ndirs,
				   uint8_t *scratch, wc_crdb_out *o)
{
	pp			c;

	c.dirs = dirs;
	c.ndirs = ndirs;
	c.scratch = scratch;
	c.scratch_len = wc_crdb_pretty_scratch(len, ndirs);
	c.o = o;
	c.depth = 0;
	pretty_full(&c, key, len);
}
