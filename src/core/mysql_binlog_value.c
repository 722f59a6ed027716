/*
 * mysql_binlog_value.c: the row values of a binlog, typed and as JSON text
 * (see mysql_binlog.h): integers and DECIMAL as exact JSON numbers,
 * FLOAT/DOUBLE in shortest round-trip form, text converted to UTF-8 from its
 * column's character set, binary strings as "\\x<hex>", temporal values as
 * strings in MySQL's own text forms (TIMESTAMP in UTC), ENUM/SET by name
 * when the table map has the names; a JSON column's document by
 * mysql_binlog_json.c.
 *
 * Used by the glue (mysql_binlog.c, mysql_binlog_typed.c,
 * mysql_binlog_partial.c) through wc_binlog_value_* and
 * wc_binlog_image_json, and by
 * mysql_binlog_json.c, which writes the scalars inside a document with the
 * writers mysql_binlog_value.h declares.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_binlog.h"
#include "mysql_binlog_int.h"
#include "mysql_binlog_schema.h"
#include "mysql_binlog_value.h"

/* ---- output ---- */

/* v in exactly width digits. */
static void
wc_out_digits(wc_binlog_out *o, uint64_t v, int width)
{
	char		buf[24];

	for (int i = width - 1; i >= 0; i--)
	{
		buf[i] = (char) ('0' + v % 10);
		v /= 10;
	}
	wc_out_bytes(o, buf, width);
}

/* ".ffffff" cut to fsp digits (nothing for fsp 0). */
static void
wc_out_frac(wc_binlog_out *o, uint32_t usec, unsigned fsp)
{
	static const uint32_t div[7] = {1000000, 100000, 10000, 1000, 100, 10, 1};

	if (fsp == 0)
		return;
	wc_out_char(o, '.');
	wc_out_digits(o, usec / div[fsp], (int) fsp);
}

static void
wc_out_date(wc_binlog_out *o, unsigned y, unsigned m, unsigned d)
{
	wc_out_digits(o, y, 4);
	wc_out_char(o, '-');
	wc_out_digits(o, m, 2);
	wc_out_char(o, '-');
	wc_out_digits(o, d, 2);
}

static void
wc_out_hms(wc_binlog_out *o, unsigned h, unsigned mi, unsigned s)
{
	wc_out_digits(o, h, h >= 100 ? 3 : 2);
	wc_out_char(o, ':');
	wc_out_digits(o, mi, 2);
	wc_out_char(o, ':');
	wc_out_digits(o, s, 2);
}

static void
wc_out_hex_string(wc_binlog_out *o, const uint8_t *p, size_t n)
{
	static const char hex[] = "0123456789abcdef";

	wc_out_bytes(o, "\"\\\\x", 4);
	if (o->len + 2 * n <= o->cap)
	{
		uint8_t    *d = o->p + o->len;

		for (size_t i = 0; i < n; i++)
		{
			if (i % WC_OUT_CHUNK == 0 && i)
				wc_check_interrupts();
			d[2 * i] = (uint8_t) hex[p[i] >> 4];
			d[2 * i + 1] = (uint8_t) hex[p[i] & 15];
		}
	}
	o->len += 2 * n;
	wc_out_char(o, '"');
}

/* One code point as UTF-8 inside a JSON string (escaped where JSON needs). */
static void
wc_out_codepoint(wc_binlog_out *o, uint32_t cp)
{
	uint8_t		b[4];

	if (cp < 0x80)
	{
		if (cp == '"' || cp == '\\')
		{
			wc_out_char(o, '\\');
			wc_out_char(o, (char) cp);
		}
		else if (cp < 0x20)
		{
			static const char hex[] = "0123456789abcdef";
			char		e[6] = {'\\', 'u', '0', '0', hex[cp >> 4], hex[cp & 15]};

			switch (cp)
			{
				case '\n':
					wc_out_str(o, "\\n");
					return;
				case '\r':
					wc_out_str(o, "\\r");
					return;
				case '\t':
					wc_out_str(o, "\\t");
					return;
				default:
					wc_out_bytes(o, e, 6);
					return;
			}
		}
		else
			wc_out_char(o, (char) cp);
		return;
	}
	if (cp < 0x800)
	{
		b[0] = (uint8_t) (0xc0 | cp >> 6);
		b[1] = (uint8_t) (0x80 | (cp & 0x3f));
		wc_out_bytes(o, b, 2);
	}
	else if (cp < 0x10000)
	{
		b[0] = (uint8_t) (0xe0 | cp >> 12);
		b[1] = (uint8_t) (0x80 | ((cp >> 6) & 0x3f));
		b[2] = (uint8_t) (0x80 | (cp & 0x3f));
		wc_out_bytes(o, b, 3);
	}
	else
	{
		b[0] = (uint8_t) (0xf0 | cp >> 18);
		b[1] = (uint8_t) (0x80 | ((cp >> 12) & 0x3f));
		b[2] = (uint8_t) (0x80 | ((cp >> 6) & 0x3f));
		b[3] = (uint8_t) (0x80 | (cp & 0x3f));
		wc_out_bytes(o, b, 4);
	}
}

size_t
wc_binlog_utf8_seq(const uint8_t *p, size_t n, uint32_t *cp)
{
	uint8_t		c = p[0];

	if (c < 0x80)
	{
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf && n >= 2 && (p[1] & 0xc0) == 0x80)
	{
		*cp = (uint32_t) (c & 0x1f) << 6 | (p[1] & 0x3f);
		return 2;
	}
	if (c >= 0xe0 && c <= 0xef && n >= 3 && (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80)
	{
		uint32_t	v = (uint32_t) (c & 0x0f) << 12 | (uint32_t) (p[1] & 0x3f) << 6 | (p[2] & 0x3f);

		if (v < 0x800 || (v >= 0xd800 && v <= 0xdfff))
			return 0;
		*cp = v;
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4 && n >= 4 && (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80 &&
		(p[3] & 0xc0) == 0x80)
	{
		uint32_t	v = (uint32_t) (c & 0x07) << 18 | (uint32_t) (p[1] & 0x3f) << 12 |
			(uint32_t) (p[2] & 0x3f) << 6 | (p[3] & 0x3f);

		if (v < 0x10000 || v > 0x10ffff)
			return 0;
		*cp = v;
		return 4;
	}
	return 0;
}

/* The character set of a collation id (MySQL's and MariaDB's numbering;
 * MariaDB's NO PAD collations are their PAD twin + 1024, its UCA 14.0.0
 * collations 2048 + 256 per character set). */
static wc_charset
wc_collation_charset(uint32_t id)
{
	if (id >= 2048 && id < 2048 + 5 * 256)
	{
		static const wc_charset uca[5] = {WC_CS_UTF8, WC_CS_UTF8, WC_CS_UCS2, WC_CS_UTF16,
		WC_CS_UTF32};

		return uca[(id - 2048) / 256];
	}
	if (id >= 1024 && id < 2048)
		id -= 1024;
	switch (id)
	{
		case 63:
			return WC_CS_BINARY;
		case 5:
		case 8:
		case 15:
		case 31:
		case 47:
		case 48:
		case 49:
		case 94:
			return WC_CS_LATIN1;
		case 11:
		case 65:
			return WC_CS_ASCII;
		case 33:
		case 45:
		case 46:
		case 76:
		case 83:
		case 223:
			return WC_CS_UTF8;
		case 35:
		case 90:
		case 159:
			return WC_CS_UCS2;
		case 54:
		case 55:
			return WC_CS_UTF16;
		case 56:
		case 62:
			return WC_CS_UTF16LE;
		case 60:
		case 61:
			return WC_CS_UTF32;
		default:
			break;
	}
	if ((id >= 192 && id <= 215) || (id >= 224 && id <= 247) || (id >= 255 && id <= 323))
		return WC_CS_UTF8;
	if (id >= 128 && id <= 151)
		return WC_CS_UCS2;
	if (id >= 101 && id <= 124)
		return WC_CS_UTF16;
	if (id >= 160 && id <= 183)
		return WC_CS_UTF32;
	return WC_CS_UNKNOWN;
}

/* MySQL's latin1 is Windows-1252 (with 81, 8d, 8f, 90, 9d as C1 controls). */
static const uint16_t wc_cp1252[32] = {
	0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
	0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178
};

/* A text value in character set cs as a JSON string. */
wc_status
wc_out_text(wc_binlog_out *o, const uint8_t *p, size_t n, wc_charset cs, uint64_t off,
			wc_error *err)
{
	size_t		i = 0,
				checked = 0;

	wc_out_char(o, '"');
	while (i < n)
	{
		uint32_t	cp;
		size_t		step;

		if (i - checked >= WC_OUT_CHUNK)
		{
			wc_check_interrupts();
			checked = i;
		}
		switch (cs)
		{
			case WC_CS_UTF8:
				/* runs of plain ASCII straight through, a chunk at most */
				if (p[i] >= 0x20 && p[i] < 0x80 && p[i] != '"' && p[i] != '\\')
				{
					size_t		j = i + 1,
								stop = n - i > WC_OUT_CHUNK ? i + WC_OUT_CHUNK : n;

					while (j < stop && p[j] >= 0x20 && p[j] < 0x80 && p[j] != '"' && p[j] != '\\')
						j++;
					wc_out_bytes(o, p + i, j - i);
					i = j;
					continue;
				}
				step = wc_binlog_utf8_seq(p + i, n - i, &cp);
				if (step == 0)
					return wc_fail(err, WC_ERR_UTF8, off + i);
				break;
			case WC_CS_LATIN1:
				cp = p[i] >= 0x80 && p[i] < 0xa0 ? wc_cp1252[p[i] - 0x80] : p[i];
				step = 1;
				break;
			case WC_CS_ASCII:
				if (p[i] >= 0x80)
					return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, off + i, p[i]),
									   "ASCII text");
				cp = p[i];
				step = 1;
				break;
			case WC_CS_UCS2:
			case WC_CS_UTF16:
			case WC_CS_UTF16LE:
				if (n - i < 2)
					return wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, off + n), "UTF-16 text");
				cp = cs == WC_CS_UTF16LE ? wc_bl_le16(p + i) : (uint32_t) (p[i] << 8 | p[i + 1]);
				step = 2;
				if (cs != WC_CS_UCS2 && cp >= 0xd800 && cp <= 0xdbff)
				{
					uint32_t	lo;

					if (n - i < 4)
						return wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, off + n),
										   "UTF-16 text");
					lo = cs == WC_CS_UTF16LE ? wc_bl_le16(p + i + 2) :
						(uint32_t) (p[i + 2] << 8 | p[i + 3]);
					if (lo < 0xdc00 || lo > 0xdfff)
						return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off + i + 2, lo),
										   "UTF-16 surrogate");
					cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
					step = 4;
				}
				else if (cp >= 0xd800 && cp <= 0xdfff)
					return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off + i, cp),
									   "UTF-16 surrogate");
				break;
			case WC_CS_UTF32:
				if (n - i < 4)
					return wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, off + n), "UTF-32 text");
				cp = (uint32_t) wc_bl_be(p + i, 4);
				if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
					return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off + i, cp),
									   "UTF-32 character");
				step = 4;
				break;
			default:
				return wc_fail(err, WC_ERR_UNSUPPORTED, off);
		}
		if (cp == 0)
			return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, off + i, 0),
							   "NUL character in text");
		wc_out_codepoint(o, cp);
		i += step;
	}
	wc_out_char(o, '"');
	return WC_OK;
}

/* ---- numbers ---- */

static unsigned wc_dig2bytes_of(unsigned k);

wc_status
wc_out_double(wc_binlog_out *o, double d, const wc_binlog_json_opts *opts, uint64_t off,
			  wc_error *err)
{
	char		buf[64];
	int			n;

	if (d != d || d - d != 0)
		return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, off), "floating-point value");
	if (opts && opts->fmt_double)
		n = opts->fmt_double(d, buf);
	else
	{
		for (int prec = 1; prec <= 17; prec++)
		{
			n = snprintf(buf, sizeof(buf), "%.*g", prec, d);
			if (strtod(buf, NULL) == d)
				break;
		}
	}
	wc_out_bytes(o, buf, (size_t) n);
	return WC_OK;
}

static wc_status
wc_out_float(wc_binlog_out *o, float f, const wc_binlog_json_opts *opts, uint64_t off,
			 wc_error *err)
{
	char		buf[64];
	int			n;

	if (f != f || f - f != 0)
		return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, off), "floating-point value");
	if (opts && opts->fmt_float)
		n = opts->fmt_float(f, buf);
	else
	{
		for (int prec = 1; prec <= 9; prec++)
		{
			n = snprintf(buf, sizeof(buf), "%.*g", prec, (double) f);
			if (strtof(buf, NULL) == f)
				break;
		}
	}
	wc_out_bytes(o, buf, (size_t) n);
	return WC_OK;
}

/* The digits of a packed DECIMAL(precision, scale) of exactly its size at
 * p, each group checked against its width. */
static wc_status
wc_decimal_digits(const uint8_t *p, size_t n, unsigned precision, unsigned scale, uint64_t off,
				  wc_binlog_decimal *d, wc_error *err)
{
	static const uint32_t pow10[10] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
	100000000, 1000000000};
	unsigned	intg = precision - scale;
	unsigned	intg0 = intg / 9,
				intg0x = intg % 9,
				frac0 = scale / 9,
				frac0x = scale % 9;
	uint8_t		buf[32];
	uint8_t		mask;
	bool		neg;
	size_t		at = 0;
	char	   *digits = d->digits;
	size_t		nd = 0,
				point;

	if (n != wc_binlog_decimal_size(precision, scale) || n > sizeof(buf))
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE, off,
										   wc_binlog_decimal_size(precision, scale), n),
						   "DECIMAL size");
	memcpy(buf, p, n);
	neg = (buf[0] & 0x80) == 0;
	mask = neg ? 0xff : 0x00;
	buf[0] ^= 0x80;
	for (size_t i = 0; i < n; i++)
		buf[i] ^= mask;

	/* each group into its decimal digits, checked against its width */
#define WC_GROUP(bytes, width) \
	do { \
		uint32_t	g = (uint32_t) wc_bl_be(buf + at, (bytes)); \
		if (g >= pow10[(width)]) \
			return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off + at, g), \
							   "DECIMAL digits"); \
		for (int d_ = (int) (width) - 1; d_ >= 0; d_--) \
			digits[nd + d_] = (char) ('0' + g % 10), g /= 10; \
		nd += (width); \
		at += (bytes); \
	} while (0)

	if (intg0x)
		WC_GROUP(wc_dig2bytes_of(intg0x), intg0x);
	for (unsigned i = 0; i < intg0; i++)
		WC_GROUP(4, 9);
	point = nd;
	for (unsigned i = 0; i < frac0; i++)
		WC_GROUP(4, 9);
	if (frac0x)
		WC_GROUP(wc_dig2bytes_of(frac0x), frac0x);
#undef WC_GROUP

	d->negative = neg;
	d->ndigits = (uint8_t) nd;
	d->point = (uint8_t) point;
	return WC_OK;
}

/* Decimal digits as a JSON number: no sign on zero, no leading zeros. */
static void
wc_out_decimal_digits(wc_binlog_out *o, const wc_binlog_decimal *d)
{
	const char *digits = d->digits;
	size_t		nd = d->ndigits,
				point = d->point;
	bool		started = false;
	bool		zero = true;

	for (size_t i = 0; i < nd; i++)
		if (digits[i] != '0')
			zero = false;
	if (d->negative && !zero)
		wc_out_char(o, '-');
	for (size_t i = 0; i < point; i++)
	{
		if (!started && digits[i] == '0' && i + 1 < point)
			continue;
		started = true;
		wc_out_char(o, digits[i]);
	}
	if (point == 0)
		wc_out_char(o, '0');
	if (nd > point)
	{
		wc_out_char(o, '.');
		wc_out_bytes(o, digits + point, nd - point);
	}
}

/* A packed DECIMAL(precision, scale) of exactly its size at p, as a JSON
 * number. */
wc_status
wc_out_decimal(wc_binlog_out *o, const uint8_t *p, size_t n, unsigned precision,
			   unsigned scale, uint64_t off, wc_error *err)
{
	wc_binlog_decimal d;
	wc_status	rc = wc_decimal_digits(p, n, precision, scale, off, &d, err);

	if (rc == WC_OK)
		wc_out_decimal_digits(o, &d);
	return rc;
}

/* Bytes of a partial DECIMAL group of k (1-8) digits. */
static unsigned
wc_dig2bytes_of(unsigned k)
{
	static const uint8_t d2b[10] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};

	return d2b[k];
}

/* ---- temporal values ---- */

/* Civil date of a count of days since 1970-01-01. */
static void
wc_civil(int64_t z, int64_t *y, unsigned *m, unsigned *d)
{
	int64_t		era,
				yoe,
				doy,
				mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	yoe = z - era * 146097;
	yoe = (yoe - yoe / 1460 + yoe / 36524 - yoe / 146096) / 365;
	*y = yoe + era * 400;
	doy = (z - era * 146097) - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (unsigned) (doy - (153 * mp + 2) / 5 + 1);
	*m = (unsigned) (mp < 10 ? mp + 3 : mp - 9);
	if (*m <= 2)
		(*y)++;
}

/* usec as the text shows it: cut to fsp digits. */
static uint32_t
wc_cut_usec(uint32_t usec, unsigned fsp)
{
	static const uint32_t div[7] = {1000000, 100000, 10000, 1000, 100, 10, 1};

	return usec / div[fsp] * div[fsp];
}

/* A TIMESTAMP's seconds since the epoch as UTC fields (0 is MySQL's zero
 * timestamp, 0000-00-00 00:00:00). */
static void
wc_epoch(uint32_t secs, uint32_t usec, unsigned fsp, wc_binlog_temporal *t)
{
	memset(t, 0, sizeof(*t));
	t->kind = WC_BINLOG_TEMPORAL_DATETIME;
	t->fsp = (uint8_t) fsp;
	t->usec = wc_cut_usec(usec, fsp);
	if (secs != 0)
	{
		int64_t		y;
		unsigned	m,
					d;

		wc_civil(secs / 86400, &y, &m, &d);
		t->year = (uint32_t) y;
		t->month = m;
		t->day = d;
		t->hour = secs % 86400 / 3600;
		t->minute = secs % 3600 / 60;
		t->second = secs % 60;
	}
}

/* MySQL's packed DATETIME (intpart << 24 | microseconds) as fields. */
static wc_status
wc_packed_datetime(int64_t v, unsigned fsp, bool date_only, uint64_t off, wc_binlog_temporal *out,
				   wc_error *err)
{
	uint64_t	t;
	uint64_t	ymdhms,
				ymd,
				ym,
				hms;
	unsigned	usec;

	if (v < 0)
		return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, off), "negative DATETIME");
	t = (uint64_t) v;
	usec = (unsigned) (t % (1 << 24));
	ymdhms = t >> 24;
	ymd = ymdhms >> 17;
	ym = ymd >> 5;
	hms = ymdhms % (1 << 17);
	if (usec > 999999 || ym / 13 > 9999 || (hms >> 12) > 23 || ((hms >> 6) & 63) > 59 ||
		(hms & 63) > 59)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off, (uint64_t) v),
						   "DATETIME");
	memset(out, 0, sizeof(*out));
	out->kind = date_only ? WC_BINLOG_TEMPORAL_DATE : WC_BINLOG_TEMPORAL_DATETIME;
	out->year = (uint32_t) (ym / 13);
	out->month = (uint32_t) (ym % 13);
	out->day = (uint32_t) (ymd % 32);
	if (!date_only)
	{
		out->fsp = (uint8_t) fsp;
		out->hour = (uint32_t) (hms >> 12);
		out->minute = (uint32_t) ((hms >> 6) & 63);
		out->second = (uint32_t) (hms & 63);
		out->usec = wc_cut_usec(usec, fsp);
	}
	return WC_OK;
}

/* MySQL's packed TIME (signed: intpart << 24 | microseconds) as fields. */
static wc_status
wc_packed_time(int64_t v, unsigned fsp, uint64_t off, wc_binlog_temporal *out, wc_error *err)
{
	uint64_t	t = v < 0 ? (uint64_t) 0 - (uint64_t) v : (uint64_t) v;
	uint64_t	hms = t >> 24;
	unsigned	usec = (unsigned) (t % (1 << 24));

	if (usec > 999999 || ((hms >> 12) & 0x3ff) > 838 || ((hms >> 6) & 63) > 59 ||
		(hms & 63) > 59 || (hms >> 22) != 0)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off, (uint64_t) v), "TIME");
	memset(out, 0, sizeof(*out));
	out->kind = WC_BINLOG_TEMPORAL_TIME;
	out->negative = v < 0;
	out->fsp = (uint8_t) fsp;
	out->hour = (uint32_t) ((hms >> 12) & 0x3ff);
	out->minute = (uint32_t) ((hms >> 6) & 63);
	out->second = (uint32_t) (hms & 63);
	out->usec = wc_cut_usec(usec, fsp);
	return WC_OK;
}

/* Temporal fields as text: "YYYY-MM-DD", "YYYY-MM-DD hh:mm:ss[.f]",
 * "[-]hh:mm:ss[.f]". */
static void
wc_out_temporal(wc_binlog_out *o, const wc_binlog_temporal *t)
{
	if (t->kind != WC_BINLOG_TEMPORAL_TIME)
	{
		wc_out_date(o, t->year, t->month, t->day);
		if (t->kind == WC_BINLOG_TEMPORAL_DATE)
			return;
		wc_out_char(o, ' ');
	}
	else if (t->negative)
		wc_out_char(o, '-');
	wc_out_hms(o, t->hour, t->minute, t->second);
	wc_out_frac(o, t->usec, t->fsp);
}

wc_status
wc_out_packed_datetime(wc_binlog_out *o, int64_t v, unsigned fsp, bool date_only,
					   uint64_t off, wc_error *err)
{
	wc_binlog_temporal t;
	wc_status	rc = wc_packed_datetime(v, fsp, date_only, off, &t, err);

	if (rc == WC_OK)
		wc_out_temporal(o, &t);
	return rc;
}

wc_status
wc_out_packed_time(wc_binlog_out *o, int64_t v, unsigned fsp, uint64_t off, wc_error *err)
{
	wc_binlog_temporal t;
	wc_status	rc = wc_packed_time(v, fsp, off, &t, err);

	if (rc == WC_OK)
		wc_out_temporal(o, &t);
	return rc;
}

/* ---- ENUM and SET ---- */

/* The k-th (0-based) name of a column's ENUM/SET list. */
static bool
wc_enum_name(const wc_binlog_column *c, uint64_t k, const uint8_t **s, size_t *n)
{
	size_t		pos = 0;

	/* values points after the count */
	for (uint64_t i = 0; i <= k; i++)
		if (!wc_binlog_enum_next(c, &pos, s, n))
			return false;
	return true;
}

static wc_charset
wc_enum_charset(const wc_binlog_column *c)
{
	wc_charset	cs = c->charset ? wc_collation_charset(c->charset) : WC_CS_UTF8;

	return cs == WC_CS_UNKNOWN || cs == WC_CS_BINARY ? WC_CS_UTF8 : cs;
}

static wc_status
wc_out_enum_set(wc_binlog_out *o, const wc_binlog_column *c, uint64_t v, uint64_t off,
				wc_error *err)
{
	const uint8_t *s;
	size_t		n;
	wc_status	rc;

	if (c->values == NULL)
	{
		wc_out_u64(o, v);
		return WC_OK;
	}
	if (c->real_type == WC_BINLOG_T_ENUM)
	{
		if (v == 0)
		{
			wc_out_str(o, "\"\"");
			return WC_OK;
		}
		if (v > c->nvalues || !wc_enum_name(c, v - 1, &s, &n))
			return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE, off, c->nvalues, v),
							   "ENUM index");
		return wc_out_text(o, s, n, wc_enum_charset(c), off, err);
	}
	/* SET: the names of the bits set, joined by commas */
	if (c->nvalues < 64 && (v >> c->nvalues) != 0)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off, v), "SET bits");
	wc_out_char(o, '"');
	for (unsigned k = 0, first = 1; k < 64 && k < c->nvalues; k++)
	{
		size_t		mark;

		if (!((v >> k) & 1))
			continue;
		if (!first)
			wc_out_char(o, ',');
		first = 0;
		if (!wc_enum_name(c, k, &s, &n))
			return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off, v), "SET bits");
		/* the name's JSON string without its quotes */
		mark = o->len;
		rc = wc_out_text(o, s, n, wc_enum_charset(c), off, err);
		if (rc != WC_OK)
			return rc;
		if (o->len <= o->cap)
			memmove(o->p + mark, o->p + mark + 1, o->len - mark - 2);
		o->len -= 2;
	}
	wc_out_char(o, '"');
	return WC_OK;
}

/* ---- one value ---- */

wc_status
wc_binlog_value_decimal(const wc_binlog_column *c, const wc_binlog_cell *cell,
						wc_binlog_decimal *d, wc_error *err)
{
	return wc_decimal_digits(cell->p, cell->len, c->precision, c->scale, cell->offset, d, err);
}

wc_status
wc_binlog_value_temporal(const wc_binlog_column *c, const wc_binlog_cell *cell,
						 wc_binlog_temporal *t, wc_error *err)
{
	const uint8_t *p = cell->p;
	uint64_t	off = cell->offset;

	switch (c->real_type)
	{
		case WC_BINLOG_T_DATE:
		case WC_BINLOG_T_NEWDATE:
			{
				uint32_t	v = (uint32_t) wc_bl_le(p, 3);

				if (((v >> 5) & 15) > 12)
					return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off, v), "DATE");
				memset(t, 0, sizeof(*t));
				t->kind = WC_BINLOG_TEMPORAL_DATE;
				t->year = v >> 9;
				t->month = (v >> 5) & 15;
				t->day = v & 31;
				return WC_OK;
			}
		case WC_BINLOG_T_TIME:
			{
				int32_t		v = (int32_t) ((uint32_t) wc_bl_le(p, 3) << 8) >> 8;
				uint32_t	a = v < 0 ? (uint32_t) -v : (uint32_t) v;

				if (a % 100 > 59 || a / 100 % 100 > 59)
					return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off, a), "TIME");
				memset(t, 0, sizeof(*t));
				t->kind = WC_BINLOG_TEMPORAL_TIME;
				t->negative = v < 0;
				t->hour = a / 10000;
				t->minute = a / 100 % 100;
				t->second = a % 100;
				return WC_OK;
			}
		case WC_BINLOG_T_DATETIME:
			{
				uint64_t	v = wc_bl_le64(p);
				uint64_t	d = v / 1000000,
							tm = v % 1000000;

				if (d / 100 % 100 > 12 || d % 100 > 31 || tm / 10000 > 23 || tm / 100 % 100 > 59 ||
					tm % 100 > 59 || d / 10000 > 9999)
					return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off, v), "DATETIME");
				memset(t, 0, sizeof(*t));
				t->kind = WC_BINLOG_TEMPORAL_DATETIME;
				t->year = (uint32_t) (d / 10000);
				t->month = (uint32_t) (d / 100 % 100);
				t->day = (uint32_t) (d % 100);
				t->hour = (uint32_t) (tm / 10000);
				t->minute = (uint32_t) (tm / 100 % 100);
				t->second = (uint32_t) (tm % 100);
				return WC_OK;
			}
		case WC_BINLOG_T_TIMESTAMP:
			wc_epoch(wc_bl_le32(p), 0, 0, t);
			return WC_OK;
		case WC_BINLOG_T_TIMESTAMP2:
			{
				uint32_t	secs = (uint32_t) wc_bl_be(p, 4);
				uint32_t	usec = 0;

				switch (c->fsp)
				{
					case 1:
					case 2:
						usec = p[4] * 10000u;
						break;
					case 3:
					case 4:
						usec = (uint32_t) wc_bl_be(p + 4, 2) * 100u;
						break;
					case 5:
					case 6:
						usec = (uint32_t) wc_bl_be(p + 4, 3);
						break;
				}
				if (usec > 999999)
					return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off + 4, usec),
									   "TIMESTAMP fraction");
				wc_epoch(secs, usec, c->fsp, t);
				return WC_OK;
			}
		case WC_BINLOG_T_DATETIME2:
			{
				int64_t		intpart = (int64_t) wc_bl_be(p, 5) - INT64_C(0x8000000000);
				int64_t		frac = 0;

				switch (c->fsp)
				{
					case 1:
					case 2:
						frac = (int8_t) p[5] * 10000;
						break;
					case 3:
					case 4:
						frac = (int16_t) wc_bl_be(p + 5, 2) * 100;
						break;
					case 5:
					case 6:
						frac = (int32_t) ((uint32_t) wc_bl_be(p + 5, 3) << 8) >> 8;
						break;
				}
				return wc_packed_datetime((int64_t) ((uint64_t) intpart << 24) + frac, c->fsp,
										  false, off, t, err);
			}
		case WC_BINLOG_T_TIME2:
			{
				int64_t		intpart = (int64_t) wc_bl_be(p, 3) - 0x800000;
				int64_t		packed;

				switch (c->fsp)
				{
					case 1:
					case 2:
						{
							int			frac = p[3];

							if (intpart < 0 && frac)
							{
								intpart++;
								frac -= 0x100;
							}
							packed = (int64_t) ((uint64_t) intpart << 24) + frac * 10000;
							break;
						}
					case 3:
					case 4:
						{
							int			frac = (int) wc_bl_be(p + 3, 2);

							if (intpart < 0 && frac)
							{
								intpart++;
								frac -= 0x10000;
							}
							packed = (int64_t) ((uint64_t) intpart << 24) + frac * 100;
							break;
						}
					case 5:
					case 6:
						packed = (int64_t) wc_bl_be(p, 6) - INT64_C(0x800000000000);
						break;
					default:
						packed = (int64_t) ((uint64_t) intpart << 24);
						break;
				}
				return wc_packed_time(packed, c->fsp, off, t, err);
			}
		default:
			return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, off, c->real_type),
							   "temporal type");
	}
}


static wc_status wc_value_json(const wc_binlog_column *c, const wc_binlog_cell *cell,
							   const wc_binlog_json_opts *opts, wc_binlog_out *o,
							   wc_error *err);

wc_status
wc_binlog_value_json(const wc_binlog_column *c, const wc_binlog_cell *cell,
					 const wc_binlog_json_opts *opts, wc_binlog_out *o, wc_error *err)
{
	wc_status	rc;

	wc_path_clear(opts);
	rc = wc_value_json(c, cell, opts, o, err);
	return rc == WC_OK ? wc_out_limit(o, cell->offset, err) : rc;
}

/* The value of wc_binlog_value_json, the limit not checked. */
static wc_status
wc_value_json(const wc_binlog_column *c, const wc_binlog_cell *cell,
			  const wc_binlog_json_opts *opts, wc_binlog_out *o, wc_error *err)
{
	const uint8_t *p = cell->p;
	size_t		n = cell->len;
	uint64_t	off = cell->offset;

	/* diffs are not a document: the caller applies them to the before
	 * image's (see wc_binlog_json_diff_next) */
	if (cell->partial)
		return wc_in_field(err, wc_fail(err, WC_ERR_UNSUPPORTED, off),
						   "partial JSON update (diffs without their document)");
	switch (c->real_type)
	{
		case WC_BINLOG_T_TINY:
			if (c->is_unsigned)
				wc_out_u64(o, p[0]);
			else
				wc_out_i64(o, (int8_t) p[0]);
			return WC_OK;
		case WC_BINLOG_T_SHORT:
			if (c->is_unsigned)
				wc_out_u64(o, wc_bl_le16(p));
			else
				wc_out_i64(o, (int16_t) wc_bl_le16(p));
			return WC_OK;
		case WC_BINLOG_T_INT24:
			{
				uint32_t	v = (uint32_t) wc_bl_le(p, 3);

				if (c->is_unsigned)
					wc_out_u64(o, v);
				else
					wc_out_i64(o, (int32_t) (v << 8) >> 8);
				return WC_OK;
			}
		case WC_BINLOG_T_LONG:
			if (c->is_unsigned)
				wc_out_u64(o, wc_bl_le32(p));
			else
				wc_out_i64(o, (int32_t) wc_bl_le32(p));
			return WC_OK;
		case WC_BINLOG_T_LONGLONG:
			if (c->is_unsigned)
				wc_out_u64(o, wc_bl_le64(p));
			else
				wc_out_i64(o, (int64_t) wc_bl_le64(p));
			return WC_OK;
		case WC_BINLOG_T_FLOAT:
			{
				uint32_t	bits = wc_bl_le32(p);
				float		f;

				memcpy(&f, &bits, 4);
				return wc_out_float(o, f, opts, off, err);
			}
		case WC_BINLOG_T_DOUBLE:
			{
				uint64_t	bits = wc_bl_le64(p);
				double		d;

				memcpy(&d, &bits, 8);
				return wc_out_double(o, d, opts, off, err);
			}
		case WC_BINLOG_T_NEWDECIMAL:
			return wc_out_decimal(o, p, n, c->precision, c->scale, off, err);
		case WC_BINLOG_T_YEAR:
			wc_out_u64(o, p[0] ? 1900u + p[0] : 0);
			return WC_OK;
		case WC_BINLOG_T_BIT:
			wc_out_u64(o, wc_bl_be(p, (unsigned) n));
			return WC_OK;
		case WC_BINLOG_T_DATE:
		case WC_BINLOG_T_NEWDATE:
		case WC_BINLOG_T_TIME:
		case WC_BINLOG_T_DATETIME:
		case WC_BINLOG_T_TIMESTAMP:
		case WC_BINLOG_T_TIMESTAMP2:
		case WC_BINLOG_T_DATETIME2:
		case WC_BINLOG_T_TIME2:
			{
				wc_binlog_temporal t;
				wc_status	rc = wc_binlog_value_temporal(c, cell, &t, err);

				if (rc != WC_OK)
					return rc;
				wc_out_char(o, '"');
				wc_out_temporal(o, &t);
				wc_out_char(o, '"');
				return WC_OK;
			}
		case WC_BINLOG_T_ENUM:
		case WC_BINLOG_T_SET:
			return wc_out_enum_set(o, c, wc_bl_le(p, (unsigned) n), off, err);
		case WC_BINLOG_T_STRING:
		case WC_BINLOG_T_VARCHAR:
		case WC_BINLOG_T_VAR_STRING:
		case WC_BINLOG_T_TINY_BLOB:
		case WC_BINLOG_T_MEDIUM_BLOB:
		case WC_BINLOG_T_LONG_BLOB:
		case WC_BINLOG_T_BLOB:
			{
				unsigned	lb = wc_binlog_length_prefix(c);
				wc_charset	cs = c->charset ? wc_collation_charset(c->charset) : WC_CS_BINARY;

				if (cs == WC_CS_BINARY)
				{
					/* BINARY(n) is logged without its trailing 00 padding */
					if (c->real_type == WC_BINLOG_T_STRING && c->charset == 63 &&
						n - lb < c->max_len)
					{
						size_t		pad = c->max_len - (n - lb);

						wc_out_hex_string(o, p + lb, n - lb);
						o->len--;	/* reopen the string */
						for (size_t k = 0; k < pad; k++)
							wc_out_str(o, "00");
						wc_out_char(o, '"');
						return WC_OK;
					}
					wc_out_hex_string(o, p + lb, n - lb);
					return WC_OK;
				}
				if (cs == WC_CS_UNKNOWN)
					return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, off, c->charset),
									   "character set (collation id)");
				return wc_out_text(o, p + lb, n - lb, cs, off + lb, err);
			}
		case WC_BINLOG_T_GEOMETRY:
		case WC_BINLOG_T_VECTOR:
			wc_out_hex_string(o, p + c->length_bytes, n - c->length_bytes);
			return WC_OK;
		case WC_BINLOG_T_JSON:
			return wc_binlog_mysql_json(p + c->length_bytes, n - c->length_bytes,
										off + c->length_bytes, opts, o, err);
		default:
			return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, off, c->real_type),
							   "column type");
	}
}

/* A column name as a JSON string (or "@n"). */
static wc_status
wc_out_key(wc_binlog_out *o, const wc_binlog_column *c, uint32_t i, uint64_t off,
		   wc_error *err)
{
	if (c->name)
		return wc_out_text(o, c->name, c->name_len, WC_CS_UTF8, off, err);
	wc_out_str(o, "\"@");
	wc_out_u64(o, i + 1);
	wc_out_char(o, '"');
	return WC_OK;
}

wc_status
wc_binlog_image_json(const wc_binlog_table *t, const wc_binlog_cell *cells,
					 const wc_binlog_json_opts *opts, wc_binlog_out *o, wc_error *err)
{
	bool		first = true;

	wc_out_char(o, '{');
	for (uint32_t i = 0; i < t->ncols; i++)
	{
		const wc_binlog_cell *cell = &cells[i];
		wc_status	rc;

		if (cell->state == WC_BINLOG_CELL_ABSENT)
			continue;
		if (!first)
			wc_out_str(o, ", ");
		first = false;
		rc = wc_out_key(o, &t->cols[i], i, cell->offset, err);
		if (rc == WC_OK)
			rc = wc_out_limit(o, cell->offset, err);
		if (rc != WC_OK)
			return wc_at_index(err, wc_in_field(err, rc, "column name"), "column", (int64_t) i + 1);
		wc_out_str(o, ": ");
		if (cell->state == WC_BINLOG_CELL_NULL)
			wc_out_str(o, "null");
		else
		{
			rc = wc_binlog_value_json(&t->cols[i], cell, opts, o, err);
			if (rc != WC_OK)
				return wc_at_index(err, wc_in_field(err, rc,
													wc_binlog_column_type_name(t->cols[i].real_type)),
								   "column", (int64_t) i + 1);
		}
	}
	wc_out_char(o, '}');
	return WC_OK;
}
