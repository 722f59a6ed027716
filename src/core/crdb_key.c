/*
 * crdb_key.c: CockroachDB SQL key elements, both ways (see crdb_key.h).
 *
 * Every decoder takes (p, len, *pos) and reports errors with absolute byte
 * offsets.  On an error *pos is left where CockroachDB's key printer resumes
 * after a bad element (the end of the input for most encodings), so the
 * printer and the strict decoders share one implementation.
 */
#include <string.h>

#include "byteorder.h"
#include "crdb_key.h"

#define M_NULL			0x00
#define M_NOTNULL		0x01
#define M_FLOAT_NAN		0x02
#define M_FLOAT_NEG		0x03
#define M_FLOAT_ZERO	0x04
#define M_FLOAT_POS		0x05
#define M_FLOAT_NAN_DESC 0x06
#define M_BYTES			0x12
#define M_BYTES_DESC	0x13
#define M_TIME			0x14
#define M_DURATION_LO	0x15
#define M_DURATION		0x16
#define M_DURATION_HI	0x17
#define M_DEC_NAN		0x18
#define M_DEC_NEG_INF	0x19
#define M_DEC_NEG_LARGE	0x1a
#define M_DEC_NEG_SMALL	0x26
#define M_DEC_ZERO		0x27
#define M_DEC_POS_SMALL	0x28
#define M_DEC_POS_LARGE	0x34
#define M_DEC_POS_INF	0x35
#define M_DEC_NAN_DESC	0x36
#define M_BITS			0x3a
#define M_BITS_DESC		0x3b
#define M_TIMETZ		0x3c
#define M_ARRAY			0x3f
#define M_ARRAY_DESC	0x40
#define M_JSON_LO		0x45
#define M_JSON_HI		0x54
#define M_INT_MIN		0x80
#define M_INT_ZERO		0x88
#define M_INT_MAX		0xfd
#define M_NOTNULL_DESC	0xfe
#define M_NULL_DESC		0xff

/* JSON value markers (ascending; descending = 0x99 - ascending) */
#define J_EMPTY_ARRAY	0x45
#define J_NULL			0x46
#define J_STRING		0x47
#define J_NUMBER		0x48
#define J_FALSE			0x49
#define J_TRUE			0x4a
#define J_ARRAY			0x4b
#define J_OBJECT		0x4c

#define WC_CRDB_JSON_MAX_DEPTH 256

static const char *const enc_names[] = {
	"null", "notnull", "varint", "float", "decimal", "bytes", "bytes_desc", "time",
	"timetz", "duration", "bitarray", "bitarray_desc", "array", "array_desc", "json",
	"json_desc", "unknown"
};

const char *
wc_crdb_enc_name(wc_crdb_enc enc)
{
	if ((unsigned) enc > WC_CRDB_ENC_UNKNOWN)
		enc = WC_CRDB_ENC_UNKNOWN;
	return enc_names[enc];
}

static const char *const role_names[] = {"tenant", "table", "index", "value"};

const char *
wc_crdb_role_name(wc_crdb_role r)
{
	return (unsigned) r <= WC_CRDB_ROLE_VALUE ? role_names[r] : "value";
}

wc_crdb_enc
wc_crdb_key_peek(uint8_t m)
{
	if (m == M_NULL || m == M_NULL_DESC)
		return WC_CRDB_ENC_NULL;
	if (m == M_NOTNULL || m == M_NOTNULL_DESC)
		return WC_CRDB_ENC_NOTNULL;
	if (m >= M_INT_MIN && m <= M_INT_MAX)
		return WC_CRDB_ENC_VARINT;
	if (m >= M_FLOAT_NAN && m <= M_FLOAT_NAN_DESC)
		return WC_CRDB_ENC_FLOAT;
	if (m >= M_DEC_NAN && m <= M_DEC_NAN_DESC)
		return WC_CRDB_ENC_DECIMAL;
	switch (m)
	{
		case M_BYTES:
			return WC_CRDB_ENC_BYTES;
		case M_BYTES_DESC:
			return WC_CRDB_ENC_BYTES_DESC;
		case M_TIME:
			return WC_CRDB_ENC_TIME;
		case M_DURATION_LO:
		case M_DURATION:
		case M_DURATION_HI:
			return WC_CRDB_ENC_DURATION;
		case M_TIMETZ:
			return WC_CRDB_ENC_TIMETZ;
		case M_BITS:
			return WC_CRDB_ENC_BITARRAY;
		case M_BITS_DESC:
			return WC_CRDB_ENC_BITARRAY_DESC;
		case M_ARRAY:
			return WC_CRDB_ENC_ARRAY;
		case M_ARRAY_DESC:
			return WC_CRDB_ENC_ARRAY_DESC;
	}
	if (m >= M_JSON_LO && m <= J_OBJECT)
		return WC_CRDB_ENC_JSON;
	if (m > J_OBJECT && m <= M_JSON_HI)
		return WC_CRDB_ENC_JSON_DESC;
	return WC_CRDB_ENC_UNKNOWN;
}

/* An error that ends the element: the printer gives up the rest. */
static wc_status
fail_end(wc_error *err, wc_status st, size_t off, const char *field, size_t len, size_t *pos)
{
	*pos = len;
	wc_fail(err, st, off);
	return wc_in_field(err, st, field);
}

static wc_status
fail_truncated(wc_error *err, size_t off, const char *field, size_t need, size_t have,
			   size_t len, size_t *pos)
{
	*pos = len;
	wc_fail_ef(err, WC_ERR_TRUNCATED, off, need, have);
	return wc_in_field(err, WC_ERR_TRUNCATED, field);
}

static wc_status
fail_byte(wc_error *err, size_t off, uint8_t b, const char *field, size_t len, size_t *pos)
{
	*pos = len;
	wc_fail_found(err, WC_ERR_BAD_BYTE, off, b);
	return wc_in_field(err, WC_ERR_BAD_BYTE, field);
}

/* The big-endian unsigned integer in p[0 .. n), n <= 8. */
static inline uint64_t
read_be(const uint8_t *p, size_t n)
{
	uint8_t		b[8] = {0};

	memcpy(b + 8 - n, p, n);
	return wc_load_be64(b);
}

/* ---------------------------------------------------------------- integers */

static wc_status
varint_get_field(const uint8_t *p, size_t len, size_t *pos, int desc, int64_t *out,
				 wc_error *err, const char *field)
{
	size_t		i = *pos;
	uint8_t		t;
	size_t		n;
	uint64_t	u;
	int64_t		v;

	if (i >= len)
		return fail_truncated(err, i, field, 1, 0, len, pos);
	t = p[i];
	if (t < M_INT_MIN || t > M_INT_MAX)
		return fail_byte(err, i, t, field, len, pos);
	if (t <= 0x87)
	{
		n = M_INT_ZERO - t;
		if (len - i - 1 < n)
			return fail_truncated(err, i, field, n + 1, len - i, len, pos);
		u = read_be(p + i + 1, n);
		if (n == 8)
		{
			if (!(u >> 63))
			{
				*pos = len;
				wc_fail_found(err, WC_ERR_BAD_VALUE, i, u);
				return wc_in_field(err, WC_ERR_BAD_VALUE, field);
			}
			v = (int64_t) u;
		}
		else
			v = (int64_t) (u | (~UINT64_C(0) << (8 * n)));
	}
	else if (t <= 0xf5)
	{
		n = 0;
		v = (int64_t) t - M_INT_ZERO;
	}
	else
	{
		n = t - 0xf5;
		if (len - i - 1 < n)
			return fail_truncated(err, i, field, n + 1, len - i, len, pos);
		u = read_be(p + i + 1, n);
		if (u >> 63)
		{
			*pos = len;
			wc_fail_found(err, WC_ERR_BAD_VALUE, i, u);
			return wc_in_field(err, WC_ERR_BAD_VALUE, field);
		}
		v = (int64_t) u;
	}
	*out = desc ? ~v : v;
	*pos = i + 1 + n;
	return WC_OK;
}

wc_status
wc_crdb_varint_get(const uint8_t *p, size_t len, size_t *pos, int desc, int64_t *out,
				   wc_error *err)
{
	return varint_get_field(p, len, pos, desc == WC_CRDB_DESC, out, err, "varint");
}

static wc_status
uvarint_get_field(const uint8_t *p, size_t len, size_t *pos, int desc, uint64_t *out,
				  wc_error *err, const char *field)
{
	size_t		i = *pos;
	uint8_t		t;
	size_t		n;

	if (i >= len)
		return fail_truncated(err, i, field, 1, 0, len, pos);
	t = p[i];
	if (!desc)
	{
		if (t < M_INT_ZERO || t > M_INT_MAX)
			return fail_byte(err, i, t, field, len, pos);
		if (t <= 0xf5)
		{
			*out = t - M_INT_ZERO;
			*pos = i + 1;
			return WC_OK;
		}
		n = t - 0xf5;
		if (len - i - 1 < n)
			return fail_truncated(err, i, field, n + 1, len - i, len, pos);
		*out = read_be(p + i + 1, n);
	}
	else
	{
		if (t < M_INT_MIN || t > M_INT_ZERO)
			return fail_byte(err, i, t, field, len, pos);
		n = M_INT_ZERO - t;
		if (len - i - 1 < n)
			return fail_truncated(err, i, field, n + 1, len - i, len, pos);
		*out = n ? (~read_be(p + i + 1, n)) & (n == 8 ? ~UINT64_C(0) : ((UINT64_C(1) << (8 * n)) - 1)) : 0;
	}
	*pos = i + 1 + n;
	return WC_OK;
}

wc_status
wc_crdb_uvarint_get(const uint8_t *p, size_t len, size_t *pos, int desc, uint64_t *out,
					wc_error *err)
{
	return uvarint_get_field(p, len, pos, desc == WC_CRDB_DESC, out, err, "uvarint");
}

/* Minimal byte count of v. */
static inline size_t
nbytes_u64(uint64_t v)
{
	return v ? (size_t) (64 - __builtin_clzll(v) + 7) / 8 : 0;
}

/* The low n bytes of v, big-endian (n <= 8). */
static inline void
put_be(uint8_t *out, uint64_t v, size_t n)
{
	uint8_t		b[8];

	wc_store_be64(b, v);
	memcpy(out, b + 8 - n, n);
}

size_t
wc_crdb_varint_put(uint8_t *out, int64_t v, int desc)
{
	size_t		n;

	if (desc == WC_CRDB_DESC)
		v = ~v;
	if (v >= 0 && v <= 109)
	{
		out[0] = (uint8_t) (M_INT_ZERO + v);
		return 1;
	}
	if (v > 0)
	{
		n = nbytes_u64((uint64_t) v);
		out[0] = (uint8_t) (0xf5 + n);
		put_be(out + 1, (uint64_t) v, n);
		return n + 1;
	}
	n = nbytes_u64(-(uint64_t) v);
	out[0] = (uint8_t) (M_INT_ZERO - n);
	put_be(out + 1, (uint64_t) v, n);
	return n + 1;
}

size_t
wc_crdb_uvarint_put(uint8_t *out, uint64_t v, int desc)
{
	size_t		n;

	if (desc != WC_CRDB_DESC)
	{
		if (v <= 109)
		{
			out[0] = (uint8_t) (M_INT_ZERO + v);
			return 1;
		}
		n = nbytes_u64(v);
		out[0] = (uint8_t) (0xf5 + n);
		put_be(out + 1, v, n);
		return n + 1;
	}
	n = nbytes_u64(v);
	out[0] = (uint8_t) (M_INT_ZERO - n);
	put_be(out + 1, ~v, n);
	return n + 1;
}

/* ------------------------------------------------------------------ floats */

static double
bits_to_double(uint64_t b)
{
	double		d;

	memcpy(&d, &b, 8);
	return d;
}

static uint64_t
double_to_bits(double d)
{
	uint64_t	b;

	memcpy(&b, &d, 8);
	return b;
}

wc_status
wc_crdb_float_get(const uint8_t *p, size_t len, size_t *pos, int desc, double *out,
				  wc_error *err)
{
	size_t		i = *pos;
	uint8_t		m;
	double		d;

	if (i >= len)
		return fail_truncated(err, i, "float", 1, 0, len, pos);
	m = p[i];
	switch (m)
	{
		case M_FLOAT_NAN:
		case M_FLOAT_NAN_DESC:
			*out = bits_to_double(UINT64_C(0x7ff8000000000000));
			*pos = i + 1;
			return WC_OK;
		case M_FLOAT_ZERO:
			*out = 0.0;
			*pos = i + 1;
			return WC_OK;
		case M_FLOAT_NEG:
		case M_FLOAT_POS:
			if (len - i - 1 < 8)
				return fail_truncated(err, i, "float", 9, len - i, len, pos);
			{
				uint64_t	b = wc_load_be64(p + i + 1);

				d = bits_to_double(m == M_FLOAT_NEG ? ~b : b);
			}
			if (desc == WC_CRDB_DESC && d == d && d != 0)
				d = -d;
			*out = d;
			*pos = i + 9;
			return WC_OK;
	}
	return fail_byte(err, i, m, "float", len, pos);
}

size_t
wc_crdb_float_put(uint8_t *out, double v, int desc)
{
	uint64_t	b;

	if (v != v)
	{
		out[0] = desc == WC_CRDB_DESC ? M_FLOAT_NAN_DESC : M_FLOAT_NAN;
		return 1;
	}
	if (v == 0)
	{
		out[0] = M_FLOAT_ZERO;
		return 1;
	}
	if (desc == WC_CRDB_DESC)
		v = -v;
	b = double_to_bits(v);
	if (v > 0)
	{
		out[0] = M_FLOAT_POS;
		wc_store_be64(out + 1, b);
	}
	else
	{
		out[0] = M_FLOAT_NEG;
		wc_store_be64(out + 1, ~b);
	}
	return 9;
}

/* ------------------------------------------------------------------- bytes */

wc_status
wc_crdb_bytes_get(const uint8_t *p, size_t len, size_t *pos, int dir, size_t *start,
				  size_t *end, size_t *n, int *is_desc, wc_error *err)
{
	size_t		i = *pos;
	uint8_t		m;
	uint8_t		esc,
				lit,
				fin;
	size_t		count = 0,
				escapes = 0;

	if (i >= len)
		return fail_truncated(err, i, "bytes", 1, 0, len, pos);
	m = p[i];
	if (!(m == M_BYTES && dir != WC_CRDB_DESC) && !(m == M_BYTES_DESC && dir != WC_CRDB_ASC))
		return fail_byte(err, i, m, "bytes marker", len, pos);
	*is_desc = m == M_BYTES_DESC;
	esc = *is_desc ? 0xff : 0x00;
	lit = *is_desc ? 0x00 : 0xff;
	fin = *is_desc ? 0xfe : 0x01;
	*start = ++i;
	for (;;)
	{
		const uint8_t *e = wc_memchr_checked(p + i, esc, len - i);

		if (e == NULL)
			return fail_end(err, WC_ERR_UNTERMINATED, len, "bytes", len, pos);
		wc_check_interrupts_every(++escapes, WC_INTERRUPT_STRIDE);
		count += (size_t) (e - (p + i));
		i = (size_t) (e - p);
		if (i + 1 >= len)
			return fail_end(err, WC_ERR_TRUNCATED, i, "bytes escape", len, pos);
		if (p[i + 1] == fin)
		{
			*end = i;
			*n = count;
			*pos = i + 2;
			return WC_OK;
		}
		if (p[i + 1] != lit)
		{
			*pos = len;
			wc_fail_found(err, WC_ERR_BAD_BYTE, i + 1, p[i + 1]);
			return wc_in_field(err, WC_ERR_BAD_BYTE, "bytes escape");
		}
		count++;
		i += 2;
	}
}

void
wc_crdb_bytes_copy(const uint8_t *src, size_t srclen, int is_desc, uint8_t *out)
{
	size_t		i = 0,
				steps = 0;
	uint8_t		esc = is_desc ? 0xff : 0x00;

	if (!is_desc)
	{
		while (i < srclen)
		{
			const uint8_t *e = wc_memchr_checked(src + i, esc, srclen - i);
			size_t		k = e ? (size_t) (e - (src + i)) : srclen - i;

			wc_check_interrupts_every(++steps, WC_INTERRUPT_STRIDE);
			wc_memcpy_checked(out, src + i, k);
			out += k;
			i += k;
			if (i < srclen)
			{
				*out++ = 0;
				i += 2;
			}
		}
		return;
	}
	while (i < srclen)
	{
		wc_check_interrupts_every(++steps, WC_INTERRUPT_BYTES);
		if (src[i] == esc)
		{
			*out++ = 0;
			i += 2;
		}
		else
			*out++ = (uint8_t) ~src[i++];
	}
}

size_t
wc_crdb_bytes_size(const uint8_t *s, size_t n)
{
	size_t		zeros = 0;
	size_t		i = 0;

	for (;;)
	{
		/* in WC_INTERRUPT_BYTES pieces, with a check between */
		size_t		stop = n - i > WC_INTERRUPT_BYTES ? i + WC_INTERRUPT_BYTES : n;

		for (; i < stop; i++)
			zeros += s[i] == 0;
		if (i == n)
			return 3 + n + zeros;
		wc_check_interrupts();
	}
}

size_t
wc_crdb_bytes_put(uint8_t *out, const uint8_t *s, size_t n, int desc)
{
	uint8_t    *o = out;
	size_t		i;

	if (desc != WC_CRDB_DESC)
	{
		*o++ = M_BYTES;
		for (i = 0; i < n; i++)
		{
			wc_check_interrupts_every(i + 1, WC_INTERRUPT_BYTES);
			*o++ = s[i];
			if (s[i] == 0)
				*o++ = 0xff;
		}
		*o++ = 0x00;
		*o++ = 0x01;
	}
	else
	{
		*o++ = M_BYTES_DESC;
		for (i = 0; i < n; i++)
		{
			wc_check_interrupts_every(i + 1, WC_INTERRUPT_BYTES);
			*o++ = (uint8_t) ~s[i];
			if (s[i] == 0)
				*o++ = 0x00;
		}
		*o++ = 0xff;
		*o++ = 0xfe;
	}
	return (size_t) (o - out);
}

/* ---------------------------------------------------------------- decimals */

#define WC_CRDB_MAX_EXP100 (INT64_C(1) << 40)

wc_status
wc_crdb_decimal_get(const uint8_t *p, size_t len, size_t *pos, int desc, wc_crdb_decimal *d,
					wc_error *err)
{
	size_t		i = *pos;
	uint8_t		m;
	uint64_t	e = 0;
	size_t		mstart,
				k;
	wc_status	st;

	if (i >= len)
		return fail_truncated(err, i, "decimal", 1, 0, len, pos);
	m = p[i];
	memset(d, 0, sizeof(*d));
	if (m < M_DEC_NAN || m > M_DEC_NAN_DESC)
		return fail_byte(err, i, m, "decimal", len, pos);
	i++;
	switch (m)
	{
		case M_DEC_NAN:
		case M_DEC_NAN_DESC:
			d->kind = WC_CRDB_DEC_NAN;
			*pos = i;
			return WC_OK;
		case M_DEC_NEG_INF:
			d->kind = desc == WC_CRDB_DESC ? WC_CRDB_DEC_PINF : WC_CRDB_DEC_NINF;
			*pos = i;
			return WC_OK;
		case M_DEC_POS_INF:
			d->kind = desc == WC_CRDB_DESC ? WC_CRDB_DEC_NINF : WC_CRDB_DEC_PINF;
			*pos = i;
			return WC_OK;
		case M_DEC_ZERO:
			d->kind = WC_CRDB_DEC_ZERO;
			*pos = i;
			return WC_OK;
		case M_DEC_NEG_LARGE:
		case M_DEC_POS_SMALL:
			st = uvarint_get_field(p, len, &i, 1, &e, err, "decimal exponent");
			break;
		case M_DEC_NEG_SMALL:
		case M_DEC_POS_LARGE:
			st = uvarint_get_field(p, len, &i, 0, &e, err, "decimal exponent");
			break;
		default:
			st = WC_OK;
			break;
	}
	if (st != WC_OK)
	{
		*pos = len;
		return st;
	}
	if (e > (uint64_t) WC_CRDB_MAX_EXP100)
	{
		*pos = len;
		wc_fail_found(err, WC_ERR_BAD_VALUE, *pos < len ? *pos : i, e);
		return wc_in_field(err, WC_ERR_BAD_VALUE, "decimal exponent");
	}
	d->kind = WC_CRDB_DEC_FINITE;
	d->neg = m < M_DEC_ZERO;
	d->mant_inv = d->neg;
	if (m == M_DEC_NEG_LARGE || m == M_DEC_POS_LARGE)
		d->exp100 = (int64_t) e;
	else if (m == M_DEC_NEG_SMALL || m == M_DEC_POS_SMALL)
		d->exp100 = -(int64_t) e;
	else if (d->neg)
		d->exp100 = 0x25 - m;
	else
		d->exp100 = m - 0x29;
	mstart = i;
	{
		const uint8_t *z = wc_memchr_checked(p + i, 0, len - i);

		if (z == NULL)
			return fail_end(err, WC_ERR_UNTERMINATED, len, "decimal mantissa", len, pos);
		i = (size_t) (z - p);
	}
	if (i == mstart)
	{
		*pos = i + 1;
		wc_fail(err, WC_ERR_BAD_VALUE, i);
		return wc_in_field(err, WC_ERR_BAD_VALUE, "decimal mantissa (empty)");
	}
	for (k = mstart; k < i; k++)
	{
		uint8_t		b = d->neg ? (uint8_t) ~p[k] : p[k];

		wc_check_interrupts_every(k, WC_INTERRUPT_BYTES);
		if (b / 2 > 99)
		{
			*pos = i + 1;
			wc_fail_found(err, WC_ERR_BAD_VALUE, k, b / 2);
			return wc_in_field(err, WC_ERR_BAD_VALUE, "decimal mantissa digit");
		}
	}
	d->mant = p + mstart;
	d->mant_len = i - mstart;
	if (desc == WC_CRDB_DESC)
		d->neg = !d->neg;
	*pos = i + 1;
	/* a mantissa of zero digits (never written, but well formed) is zero */
	for (k = mstart; k < i; k++)
	{
		wc_check_interrupts_every(k + 1, WC_INTERRUPT_BYTES);
		if ((d->mant_inv ? (uint8_t) ~p[k] : p[k]) / 2 != 0)
			return WC_OK;
	}
	memset(d, 0, sizeof(*d));
	d->kind = WC_CRDB_DEC_ZERO;
	return WC_OK;
}

size_t
wc_crdb_decimal_digits(const wc_crdb_decimal *d, char *digits, int64_t *exp10)
{
	size_t		n = 0,
				k,
				lead = 0;

	if (d->kind != WC_CRDB_DEC_FINITE)
	{
		digits[0] = '0';
		*exp10 = 0;
		return 1;
	}
	for (k = 0; k < d->mant_len; k++)
	{
		uint8_t		b = d->mant_inv ? (uint8_t) ~d->mant[k] : d->mant[k];
		unsigned	pair = b / 2;

		wc_check_interrupts_every(k + 1, WC_INTERRUPT_BYTES);
		digits[n++] = (char) ('0' + pair / 10);
		digits[n++] = (char) ('0' + pair % 10);
	}
	if (digits[n - 1] == '0')
		n--;
	*exp10 = 2 * d->exp100 - (int64_t) n;
	while (lead < n - 1 && digits[lead] == '0')
		lead++;
	if (lead)
	{
		memmove(digits, digits + lead, n - lead);
		n -= lead;
	}
	if (n == 1 && digits[0] == '0')
		*exp10 = 0;
	return n;
}

static void
put_i64(wc_crdb_out *o, int64_t v)
{
	char		b[24];
	int			i = 24;
	uint64_t	u = v < 0 ? -(uint64_t) v : (uint64_t) v;

	do
	{
		b[--i] = (char) ('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		b[--i] = '-';
	wc_crdb_put(o, b + i, 24 - i);
}

static void
put_zeros(wc_crdb_out *o, int64_t n)
{
	static const char z[] = "0000000000000000";
	size_t		steps = 0;

	while (n > 0)
	{
		size_t		k = n > 16 ? 16 : (size_t) n;

		wc_check_interrupts_every(++steps, WC_INTERRUPT_STRIDE);
		wc_crdb_put(o, z, k);
		n -= k;
	}
}

/* Digits of d one by one (no buffer): emit digits [from, to) of the
 * coefficient, which has nd digits after skipping lead leading zeros. */
typedef struct dec_digits
{
	const wc_crdb_decimal *d;
	size_t		lead;			/* leading zero characters to skip */
	size_t		nd;				/* digits after them */
} dec_digits;

static void
dec_digits_init(dec_digits *dd, const wc_crdb_decimal *d, int64_t *exp10)
{
	size_t		total = 2 * d->mant_len;
	size_t		k;
	uint8_t		last = d->mant_inv ? (uint8_t) ~d->mant[d->mant_len - 1] : d->mant[d->mant_len - 1];

	if ((last / 2) % 10 == 0)
		total--;
	*exp10 = 2 * d->exp100 - (int64_t) total;
	dd->d = d;
	dd->lead = 0;
	for (k = 0; k < total - 1; k++)
	{
		uint8_t		b = d->mant_inv ? (uint8_t) ~d->mant[k / 2] : d->mant[k / 2];
		unsigned	pair = b / 2;
		unsigned	digit = (k & 1) ? pair % 10 : pair / 10;

		if (digit != 0)
			break;
		dd->lead++;
	}
	dd->nd = total - dd->lead;
}

static void
dec_digits_put(const dec_digits *dd, size_t from, size_t to, wc_crdb_out *o)
{
	size_t		k;

	for (k = from; k < to; k++)
	{
		size_t		c = k + dd->lead;
		uint8_t		b = dd->d->mant_inv ? (uint8_t) ~dd->d->mant[c / 2] : dd->d->mant[c / 2];
		unsigned	pair = b / 2;
		char		ch = (char) ('0' + ((c & 1) ? pair % 10 : pair / 10));

		wc_check_interrupts_every(k + 1, WC_INTERRUPT_BYTES);
		wc_crdb_put(o, &ch, 1);
	}
}

static int
dec_special(const wc_crdb_decimal *d, wc_crdb_out *o)
{
	switch (d->kind)
	{
		case WC_CRDB_DEC_NAN:
			wc_crdb_put(o, "NaN", 3);
			return 1;
		case WC_CRDB_DEC_PINF:
			wc_crdb_put(o, "Infinity", 8);
			return 1;
		case WC_CRDB_DEC_NINF:
			wc_crdb_put(o, "-Infinity", 9);
			return 1;
		case WC_CRDB_DEC_ZERO:
			wc_crdb_put(o, "0", 1);
			return 1;
		case WC_CRDB_DEC_FINITE:
			break;
	}
	return 0;
}

/* Plain form of digits * 10^exp10 (no exponent). */
static void
dec_plain(const dec_digits *dd, int64_t exp10, wc_crdb_out *o)
{
	int64_t		nd = (int64_t) dd->nd;

	if (exp10 >= 0)
	{
		dec_digits_put(dd, 0, dd->nd, o);
		put_zeros(o, exp10);
	}
	else if (nd > -exp10)
	{
		dec_digits_put(dd, 0, (size_t) (nd + exp10), o);
		wc_crdb_put(o, ".", 1);
		dec_digits_put(dd, (size_t) (nd + exp10), dd->nd, o);
	}
	else
	{
		wc_crdb_put(o, "0.", 2);
		put_zeros(o, -exp10 - nd);
		dec_digits_put(dd, 0, dd->nd, o);
	}
}

void
wc_crdb_decimal_text(const wc_crdb_decimal *d, wc_crdb_out *o)
{
	dec_digits	dd;
	int64_t		exp10,
				adj;

	if (dec_special(d, o))
		return;
	dec_digits_init(&dd, d, &exp10);
	if (d->neg)
		wc_crdb_put(o, "-", 1);
	adj = exp10 + (int64_t) dd.nd - 1;
	if (exp10 <= 0 && adj >= -6)
	{
		dec_plain(&dd, exp10, o);
		return;
	}
	dec_digits_put(&dd, 0, 1, o);
	if (dd.nd > 1)
	{
		wc_crdb_put(o, ".", 1);
		dec_digits_put(&dd, 1, dd.nd, o);
	}
	wc_crdb_put(o, adj >= 0 ? "E+" : "E-", 2);
	put_i64(o, adj >= 0 ? adj : -adj);
}

void
wc_crdb_decimal_plain(const wc_crdb_decimal *d, wc_crdb_out *o)
{
	dec_digits	dd;
	int64_t		exp10;

	if (dec_special(d, o))
		return;
	dec_digits_init(&dd, d, &exp10);
	if (d->neg)
		wc_crdb_put(o, "-", 1);
	dec_plain(&dd, exp10, o);
}

/*
 * Encode the significant digits s[lead .. trail] (a '.' among them
 * skipped; s[lead] and s[trail] not '0'), nd of them, the point being
 * point digits after s[lead] (negative: before it).  out NULL: only size.
 */
static size_t
dec_emit(uint8_t *out, int neg, const char *s, size_t lead, size_t trail, size_t nd,
		 int64_t point, int desc)
{
	int64_t		E;
	size_t		len;
	uint8_t		hdr[10];
	size_t		hn = 0;
	int			odd = (point % 2 != 0);
	size_t		npairs;
	size_t		total,
				src = lead,
				p_i = 0;
	unsigned	pair = 0;

	E = odd ? (point + 1) / 2 : point / 2;
	/* with a leading 0 digit when point is odd */
	npairs = (nd + (odd ? 1 : 0) + 1) / 2;
	if (desc == WC_CRDB_DESC)
		neg = !neg;
	if (E < 0)
	{
		hdr[hn++] = neg ? M_DEC_NEG_SMALL : M_DEC_POS_SMALL;
		hn += wc_crdb_uvarint_put(hdr + hn, (uint64_t) -E, neg ? WC_CRDB_ASC : WC_CRDB_DESC);
	}
	else if (E <= 10)
		hdr[hn++] = (uint8_t) (neg ? 0x25 - E : 0x29 + E);
	else
	{
		hdr[hn++] = neg ? M_DEC_NEG_LARGE : M_DEC_POS_LARGE;
		hn += wc_crdb_uvarint_put(hdr + hn, (uint64_t) E, neg ? WC_CRDB_DESC : WC_CRDB_ASC);
	}
	len = hn + npairs + 1;
	if (out == NULL)
		return len;
	memcpy(out, hdr, hn);
	total = npairs * 2;
	for (size_t di = 0; di < total; di++)
	{
		unsigned	dgt;

		if (odd && di == 0)
			dgt = 0;
		else if (src <= trail)
		{
			if (s[src] == '.')
				src++;
			dgt = (unsigned) (s[src++] - '0');
		}
		else
			dgt = 0;
		if (di % 2 == 0)
			pair = dgt * 10;
		else
		{
			uint8_t		b;

			pair += dgt;
			b = (uint8_t) (p_i + 1 == npairs ? 2 * pair : 2 * pair + 1);
			out[hn + p_i] = neg ? (uint8_t) ~b : b;
			p_i++;
		}
	}
	out[len - 1] = 0;
	return len;
}

/* Zero, whatever its sign. */
static size_t
dec_zero(uint8_t *out)
{
	if (out)
		out[0] = M_DEC_ZERO;
	return 1;
}

/*
 * Encode plain decimal text.  out NULL: only size.  Returns the size, or 0
 * for text that is not [-]digits[.digits] / NaN / [-]Infinity.
 */
static size_t
dec_encode(uint8_t *out, const char *s, size_t n, int desc)
{
	int			neg = 0;
	size_t		i = 0,
				dot = n,
				k,
				nd = 0;
	int			any = 0,
				seen_dot = 0;
	int64_t		lead_pos = -1,
				trail_pos = -1;
	int64_t		point;			/* digits before the point, counted from the first significant one */

	if (n == 3 && memcmp(s, "NaN", 3) == 0)
	{
		if (out)
			out[0] = desc == WC_CRDB_DESC ? M_DEC_NAN_DESC : M_DEC_NAN;
		return 1;
	}
	if ((n == 8 && memcmp(s, "Infinity", 8) == 0) || (n == 9 && memcmp(s, "-Infinity", 9) == 0))
	{
		int			pinf = n == 8;

		if (desc == WC_CRDB_DESC)
			pinf = !pinf;
		if (out)
			out[0] = pinf ? M_DEC_POS_INF : M_DEC_NEG_INF;
		return 1;
	}
	if (i < n && (s[i] == '-' || s[i] == '+'))
		neg = s[i++] == '-';
	for (k = i; k < n; k++)
	{
		if (s[k] == '.' && !seen_dot)
		{
			seen_dot = 1;
			dot = k;
			continue;
		}
		if (s[k] < '0' || s[k] > '9')
			return 0;
		any = 1;
		if (s[k] != '0')
		{
			if (lead_pos < 0)
				lead_pos = (int64_t) k;
			trail_pos = (int64_t) k;
		}
	}
	if (!any)
		return 0;
	if (lead_pos < 0)
		return dec_zero(out);
	/* position of the decimal point relative to the first significant digit */
	if ((size_t) lead_pos < dot)
		point = (int64_t) dot - lead_pos;
	else
		point = -((int64_t) lead_pos - (int64_t) dot - 1);
	/* significant digit count (skip the dot) */
	for (k = (size_t) lead_pos; k <= (size_t) trail_pos; k++)
		if (s[k] != '.')
			nd++;
	return dec_emit(out, neg, s, (size_t) lead_pos, (size_t) trail_pos, nd, point, desc);
}

size_t
wc_crdb_decimal_digits_put(uint8_t *out, int neg, const char *digits, size_t nd, int64_t exp10,
						   int desc)
{
	size_t		lead = 0,
				trail = nd;

	while (lead < nd && digits[lead] == '0')
		lead++;
	if (lead == nd)
		return dec_zero(out);
	while (digits[trail - 1] == '0')
		trail--;
	return dec_emit(out, neg, digits, lead, trail - 1, trail - lead,
					(int64_t) (nd - lead) + exp10, desc);
}

wc_status
wc_crdb_decimal_size(const char *s, size_t n, int desc, size_t *size, wc_error *err)
{
	*size = dec_encode(NULL, s, n, desc);
	if (*size == 0)
	{
		wc_fail(err, WC_ERR_SYNTAX, 0);
		return wc_in_field(err, WC_ERR_SYNTAX, "numeric");
	}
	return WC_OK;
}

size_t
wc_crdb_decimal_put(uint8_t *out, const char *s, size_t n, int desc)
{
	return dec_encode(out, s, n, desc);
}

/* ------------------------------------------------------- times, intervals */

wc_status
wc_crdb_time_get(const uint8_t *p, size_t len, size_t *pos, int desc, int64_t *sec,
				 int64_t *nsec, wc_error *err)
{
	size_t		i = *pos;
	wc_status	st;

	if (i >= len)
		return fail_truncated(err, i, "time", 1, 0, len, pos);
	if (p[i] != M_TIME)
		return fail_byte(err, i, p[i], "time", len, pos);
	i++;
	if ((st = varint_get_field(p, len, &i, 0, sec, err, "time seconds")) != WC_OK)
		return *pos = len, st;
	if ((st = varint_get_field(p, len, &i, 0, nsec, err, "time nanoseconds")) != WC_OK)
		return *pos = len, st;
	if (desc == WC_CRDB_DESC)
	{
		*sec = ~*sec;
		*nsec = ~*nsec;
	}
	*pos = i;
	return WC_OK;
}

size_t
wc_crdb_time_put(uint8_t *out, int64_t sec, int64_t nsec, int desc)
{
	size_t		n = 1;

	out[0] = M_TIME;
	if (desc == WC_CRDB_DESC)
	{
		sec = ~sec;
		nsec = ~nsec;
	}
	n += wc_crdb_varint_put(out + n, sec, WC_CRDB_ASC);
	n += wc_crdb_varint_put(out + n, nsec, WC_CRDB_ASC);
	return n;
}

wc_status
wc_crdb_timetz_get(const uint8_t *p, size_t len, size_t *pos, int desc, int64_t *tod_us,
				   int32_t *offset_west, wc_error *err)
{
	size_t		i = *pos;
	int64_t		u,
				o;
	wc_status	st;

	if (i >= len)
		return fail_truncated(err, i, "timetz", 1, 0, len, pos);
	if (p[i] != M_TIMETZ)
		return fail_byte(err, i, p[i], "timetz", len, pos);
	i++;
	if ((st = varint_get_field(p, len, &i, 0, &u, err, "timetz time")) != WC_OK)
		return *pos = len, st;
	{
		size_t		opos = i;

		if ((st = varint_get_field(p, len, &i, 0, &o, err, "timetz offset")) != WC_OK)
			return *pos = len, st;
		if (desc == WC_CRDB_DESC)
		{
			u = ~u;
			o = ~o;
		}
		if (o < INT32_MIN || o > INT32_MAX ||
			__builtin_sub_overflow(u, o * 1000000, tod_us))
		{
			*pos = len;
			wc_fail_found(err, WC_ERR_BAD_VALUE, opos, (uint64_t) o);
			return wc_in_field(err, WC_ERR_BAD_VALUE, "timetz offset");
		}
	}
	*offset_west = (int32_t) o;
	*pos = i;
	return WC_OK;
}

size_t
wc_crdb_timetz_put(uint8_t *out, int64_t tod_us, int32_t offset_west, int desc)
{
	int64_t		u = tod_us + (int64_t) offset_west * 1000000;
	int64_t		o = offset_west;
	size_t		n = 1;

	out[0] = M_TIMETZ;
	if (desc == WC_CRDB_DESC)
	{
		u = ~u;
		o = ~o;
	}
	n += wc_crdb_varint_put(out + n, u, WC_CRDB_ASC);
	n += wc_crdb_varint_put(out + n, o, WC_CRDB_ASC);
	return n;
}

#define NANOS_PER_MONTH (INT64_C(2592000) * 1000000000)
#define NANOS_PER_DAY (INT64_C(86400) * 1000000000)

wc_status
wc_crdb_duration_get(const uint8_t *p, size_t len, size_t *pos, int desc, int64_t *months,
					 int64_t *days, int64_t *nanos, wc_error *err)
{
	size_t		i = *pos;
	int64_t		sort;
	int			d = desc == WC_CRDB_DESC;
	wc_status	st;
	__int128	ns;

	if (i >= len)
		return fail_truncated(err, i, "interval", 1, 0, len, pos);
	if (p[i] < M_DURATION_LO || p[i] > M_DURATION_HI)
		return fail_byte(err, i, p[i], "interval", len, pos);
	i++;
	if ((st = varint_get_field(p, len, &i, d, &sort, err, "interval sort key")) != WC_OK)
		return *pos = len, st;
	if ((st = varint_get_field(p, len, &i, d, months, err, "interval months")) != WC_OK)
		return *pos = len, st;
	if ((st = varint_get_field(p, len, &i, d, days, err, "interval days")) != WC_OK)
		return *pos = len, st;
	ns = (__int128) sort - (__int128) *months * NANOS_PER_MONTH - (__int128) *days * NANOS_PER_DAY;
	if (ns < INT64_MIN || ns > INT64_MAX)
	{
		/* well formed, but the time part does not fit: out of range */
		*pos = len;
		wc_fail(err, WC_ERR_DATETIME_RANGE, *pos);
		return wc_in_field(err, WC_ERR_DATETIME_RANGE, "interval time part");
	}
	*nanos = (int64_t) ns;
	*pos = i;
	return WC_OK;
}

wc_status
wc_crdb_duration_put(uint8_t *out, int64_t months, int64_t days, int64_t nanos, int desc,
					 size_t *n, wc_error *err)
{
	__int128	sort = (__int128) months * NANOS_PER_MONTH + (__int128) days * NANOS_PER_DAY + nanos;
	size_t		k = 1;

	if (sort < INT64_MIN || sort > INT64_MAX)
	{
		wc_fail(err, WC_ERR_DATETIME_RANGE, 0);
		return wc_in_field(err, WC_ERR_DATETIME_RANGE, "interval sort key");
	}
	out[0] = M_DURATION;
	k += wc_crdb_varint_put(out + k, (int64_t) sort, desc);
	k += wc_crdb_varint_put(out + k, months, desc);
	k += wc_crdb_varint_put(out + k, days, desc);
	*n = k;
	return WC_OK;
}

/* -------------------------------------------------------------- bit arrays */

wc_status
wc_crdb_bitarray_get(const uint8_t *p, size_t len, size_t *pos, int dir, size_t *words,
					 uint64_t *nbits, int *is_desc, wc_error *err)
{
	size_t		i = *pos;
	size_t		after_marker;
	uint8_t		m,
				term;
	uint64_t	nw = 0,
				w,
				last;
	wc_status	st;

	if (i >= len)
		return fail_truncated(err, i, "bit array", 1, 0, len, pos);
	m = p[i];
	if (!(m == M_BITS && dir != WC_CRDB_DESC) && !(m == M_BITS_DESC && dir != WC_CRDB_ASC))
		return fail_byte(err, i, m, "bit array marker", len, pos);
	*is_desc = m == M_BITS_DESC;
	term = *is_desc ? 0xff : 0x00;
	after_marker = ++i;
	*words = i;
	for (;;)
	{
		if (i >= len)
		{
			*pos = after_marker;
			wc_fail(err, WC_ERR_UNTERMINATED, len);
			return wc_in_field(err, WC_ERR_UNTERMINATED, "bit array");
		}
		if (p[i] == term)
			break;
		if ((st = uvarint_get_field(p, len, &i, *is_desc, &w, err, "bit array word")) != WC_OK)
		{
			*pos = after_marker;
			return st;
		}
		wc_check_interrupts_every(++nw, WC_INTERRUPT_STRIDE);
	}
	i++;
	{
		size_t		lpos = i;

		if ((st = uvarint_get_field(p, len, &i, *is_desc, &last, err, "bit array length")) != WC_OK)
		{
			*pos = len;
			return st;
		}
		if (last > 64)
		{
			*pos = i;
			wc_fail_ef(err, WC_ERR_BAD_VALUE, lpos, 64, last);
			return wc_in_field(err, WC_ERR_BAD_VALUE, "bit array length");
		}
	}
	*nbits = nw == 0 ? 0 : 64 * (nw - 1) + last;
	*pos = i;
	return WC_OK;
}

void
wc_crdb_bitarray_copy(const uint8_t *p, size_t words, int is_desc, uint64_t nbits, uint8_t *out)
{
	size_t		i = words;
	uint64_t	done = 0;

	/* each word holds 64 bits, the first one most significant: its
	 * big-endian bytes are the bytes of the bit string */
	while (done < nbits)
	{
		uint64_t	w;
		uint64_t	take = nbits - done < 64 ? nbits - done : 64;
		size_t		nb = (size_t) (take + 7) / 8;
		uint8_t		b[8];

		wc_check_interrupts_every(done, 64 * WC_INTERRUPT_STRIDE);
		(void) uvarint_get_field(p, (size_t) -1 / 2, &i, is_desc, &w, NULL, NULL);
		if (take < 64)
			w &= ~UINT64_C(0) << (64 - take);
		wc_store_be64(b, w);
		memcpy(out + done / 8, b, nb);
		done += take;
	}
}

size_t
wc_crdb_bitarray_size(uint64_t nbits)
{
	uint64_t	nw = (nbits + 63) / 64;

	/* marker, words (up to 9 bytes each), terminator, length (up to 2) */
	return 1 + (size_t) nw * 9 + 1 + 2;
}

size_t
wc_crdb_bitarray_put(uint8_t *out, const uint8_t *bits, uint64_t nbits, int desc)
{
	size_t		n = 1;
	uint64_t	nw = (nbits + 63) / 64;
	uint64_t	k;
	uint64_t	last = nbits == 0 ? 0 : nbits - 64 * (nw - 1);

	out[0] = desc == WC_CRDB_DESC ? M_BITS_DESC : M_BITS;
	for (k = 0; k < nw; k++)
	{
		uint64_t	w;

		wc_check_interrupts_every(k + 1, WC_INTERRUPT_STRIDE);
		if (k + 1 < nw)
			w = wc_load_be64(bits + 8 * k);
		else
		{
			uint8_t		b[8] = {0};

			/* the last word: its bytes, the bits past nbits cleared */
			memcpy(b, bits + 8 * k, (size_t) (last + 7) / 8);
			w = wc_load_be64(b);
			if (last < 64)
				w &= ~UINT64_C(0) << (64 - last);
		}
		n += wc_crdb_uvarint_put(out + n, w, desc);
	}
	out[n++] = desc == WC_CRDB_DESC ? 0xff : 0x00;
	n += wc_crdb_uvarint_put(out + n, last, desc);
	return n;
}

/* ------------------------------------------------------------------ arrays */

wc_status
wc_crdb_array_open(const uint8_t *p, size_t len, size_t *pos, int dir, int *is_desc,
				   wc_error *err)
{
	size_t		i = *pos;

	if (i >= len)
		return fail_truncated(err, i, "array", 1, 0, len, pos);
	if (!(p[i] == M_ARRAY && dir != WC_CRDB_DESC) && !(p[i] == M_ARRAY_DESC && dir != WC_CRDB_ASC))
		return fail_byte(err, i, p[i], "array marker", len, pos);
	*is_desc = p[i] == M_ARRAY_DESC;
	*pos = i + 1;
	return WC_OK;
}

wc_status
wc_crdb_array_next(const uint8_t *p, size_t len, size_t *pos, int is_desc, int *done,
				   int *is_null, wc_error *err)
{
	size_t		i = *pos;

	*done = 0;
	*is_null = 0;
	if (i >= len)
		return fail_end(err, WC_ERR_UNTERMINATED, len, "array", len, pos);
	if (p[i] == (is_desc ? 0xff : 0x00))
	{
		*done = 1;
		*pos = i + 1;
	}
	else if (p[i] == (is_desc ? M_NOTNULL_DESC : M_NOTNULL))
	{
		*is_null = 1;
		*pos = i + 1;
	}
	return WC_OK;
}

/* -------------------------------------------------------------------- JSON */

static void
json_quote(const uint8_t *s, size_t n, int is_desc, wc_crdb_out *o)
{
	size_t		i = 0,
				steps = 0;

	wc_crdb_put(o, "\"", 1);
	while (i < n)
	{
		uint8_t		c;

		wc_check_interrupts_every(++steps, WC_INTERRUPT_BYTES);

		if (is_desc)
		{
			if (s[i] == 0xff)
			{
				c = 0;
				i += 2;
			}
			else
				c = (uint8_t) ~s[i++];
		}
		else
		{
			if (s[i] == 0)
			{
				c = 0;
				i += 2;
			}
			else
				c = s[i++];
		}
		switch (c)
		{
			case '"':
				wc_crdb_put(o, "\\\"", 2);
				break;
			case '\\':
				wc_crdb_put(o, "\\\\", 2);
				break;
			case '\b':
				wc_crdb_put(o, "\\b", 2);
				break;
			case '\f':
				wc_crdb_put(o, "\\f", 2);
				break;
			case '\n':
				wc_crdb_put(o, "\\n", 2);
				break;
			case '\r':
				wc_crdb_put(o, "\\r", 2);
				break;
			case '\t':
				wc_crdb_put(o, "\\t", 2);
				break;
			default:
				if (c < 0x20)
				{
					char		b[7] = "\\u0000";

					b[4] = "0123456789abcdef"[c >> 4];
					b[5] = "0123456789abcdef"[c & 15];
					wc_crdb_put(o, b, 6);
				}
				else
					wc_crdb_put(o, (const char *) &c, 1);
		}
	}
	wc_crdb_put(o, "\"", 1);
}

/* Validate UTF-8 of an escaped bytes payload (unescaping on the fly). */
static int
payload_utf8_ok(const uint8_t *s, size_t n, int is_desc)
{
	size_t		i = 0;
	int			need = 0;
	uint32_t	cp = 0;
	int			total = 0;
	size_t		steps = 0;

	while (i < n)
	{
		uint8_t		c;

		wc_check_interrupts_every(++steps, WC_INTERRUPT_BYTES);

		if (s[i] == (is_desc ? 0xff : 0x00))
		{
			c = 0;
			i += 2;
		}
		else
			c = is_desc ? (uint8_t) ~s[i++] : s[i++];
		if (need)
		{
			if ((c & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (c & 0x3f);
			if (--need == 0)
			{
				if ((total == 2 && cp < 0x80) || (total == 3 && cp < 0x800) ||
					(total == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
					(cp >= 0xd800 && cp <= 0xdfff))
					return 0;
			}
			continue;
		}
		if (c < 0x80)
			continue;
		if ((c & 0xe0) == 0xc0)
			need = 1, cp = c & 0x1f;
		else if ((c & 0xf0) == 0xe0)
			need = 2, cp = c & 0x0f;
		else if ((c & 0xf8) == 0xf0)
			need = 3, cp = c & 0x07;
		else
			return 0;
		total = need + 1;
	}
	return need == 0;
}

static wc_status
json_value(const uint8_t *p, size_t len, size_t *pos, int is_desc, wc_crdb_out *o,
		   wc_error *err, int depth)
{
	size_t		i = *pos;
	uint8_t		m;
	uint8_t		term = is_desc ? 0xff : 0x00;
	wc_status	st;

	if (i >= len)
		return fail_truncated(err, i, "JSON value", 1, 0, len, pos);
	if (depth > WC_CRDB_JSON_MAX_DEPTH)
	{
		*pos = len;
		wc_fail(err, WC_ERR_TOO_LARGE, i);
		return wc_in_field(err, WC_ERR_TOO_LARGE, "JSON nesting depth");
	}
	m = p[i];
	if (m < M_JSON_LO || m > M_JSON_HI || ((m > J_OBJECT) != is_desc))
		return fail_byte(err, i, m, "JSON marker", len, pos);
	if (is_desc)
		m = (uint8_t) (0x99 - m);
	i++;
	switch (m)
	{
		case J_NULL:
			if (o)
				wc_crdb_put(o, "null", 4);
			break;
		case J_TRUE:
			if (o)
				wc_crdb_put(o, "true", 4);
			break;
		case J_FALSE:
			if (o)
				wc_crdb_put(o, "false", 5);
			break;
		case J_STRING:
			{
				size_t		s,
							e,
							n;
				int			bd;

				if ((st = wc_crdb_bytes_get(p, len, &i, is_desc, &s, &e, &n, &bd, err)) != WC_OK)
					return *pos = len, st;
				if (!payload_utf8_ok(p + s, e - s, bd))
				{
					*pos = len;
					wc_fail(err, WC_ERR_UTF8, s);
					return wc_in_field(err, WC_ERR_UTF8, "JSON string");
				}
				if (o)
					json_quote(p + s, e - s, bd, o);
				break;
			}
		case J_NUMBER:
			{
				wc_crdb_decimal d;

				if ((st = wc_crdb_decimal_get(p, len, &i, is_desc, &d, err)) != WC_OK)
					return *pos = len, st;
				if (d.kind == WC_CRDB_DEC_NAN || d.kind == WC_CRDB_DEC_PINF || d.kind == WC_CRDB_DEC_NINF)
				{
					*pos = len;
					wc_fail(err, WC_ERR_BAD_VALUE, i - 1);
					return wc_in_field(err, WC_ERR_BAD_VALUE, "JSON number");
				}
				if (o)
					wc_crdb_decimal_plain(&d, o);
				break;
			}
		case J_EMPTY_ARRAY:
		case J_ARRAY:
		case J_OBJECT:
			{
				int64_t		k,
							c;
				size_t		cpos = i;

				if ((st = varint_get_field(p, len, &i, is_desc, &k, err, "JSON count")) != WC_OK)
					return *pos = len, st;
				if (k < 0 || (m == J_EMPTY_ARRAY && k != 0) || (m == J_ARRAY && k == 0))
				{
					*pos = len;
					wc_fail_found(err, WC_ERR_BAD_VALUE, cpos, (uint64_t) k);
					return wc_in_field(err, WC_ERR_BAD_VALUE, "JSON count");
				}
				if (o)
					wc_crdb_put(o, m == J_OBJECT ? "{" : "[", 1);
				for (c = 0; c < k; c++)
				{
					if (i >= len || p[i] == term)
					{
						*pos = len;
						wc_fail_ef(err, WC_ERR_BAD_VALUE, i, (uint64_t) k, (uint64_t) c);
						return wc_in_field(err, WC_ERR_BAD_VALUE, "JSON count");
					}
					if (c > 0 && o)
						wc_crdb_put(o, ", ", 2);
					if (m == J_OBJECT)
					{
						if (p[i] != (is_desc ? 0x99 - J_STRING : J_STRING))
							return fail_byte(err, i, p[i], "JSON object key", len, pos);
						if ((st = json_value(p, len, &i, is_desc, o, err, depth + 1)) != WC_OK)
							return *pos = len, st;
						if (o)
							wc_crdb_put(o, ": ", 2);
					}
					if ((st = json_value(p, len, &i, is_desc, o, err, depth + 1)) != WC_OK)
						return *pos = len, st;
				}
				if (o)
					wc_crdb_put(o, m == J_OBJECT ? "}" : "]", 1);
				break;
			}
	}
	if (m != J_NULL && m != J_TRUE && m != J_FALSE)
	{
		if (i >= len)
			return fail_end(err, WC_ERR_UNTERMINATED, len, "JSON value", len, pos);
		if (p[i] != term)
			return fail_byte(err, i, p[i], "JSON terminator", len, pos);
		i++;
	}
	*pos = i;
	return WC_OK;
}

wc_status
wc_crdb_json_get(const uint8_t *p, size_t len, size_t *pos, int dir, wc_crdb_out *o,
				 wc_error *err)
{
	int			is_desc;

	if (*pos >= len)
		return fail_truncated(err, *pos, "JSON value", 1, 0, len, pos);
	is_desc = p[*pos] > J_OBJECT;
	if ((dir == WC_CRDB_ASC && is_desc) || (dir == WC_CRDB_DESC && !is_desc))
		return fail_byte(err, *pos, p[*pos], "JSON marker", len, pos);
	return json_value(p, len, pos, is_desc, o, err, 0);
}

/* ------------------------------------------------------- generic elements */

static wc_status
elem_skip(const uint8_t *p, size_t len, size_t *pos, int dir, wc_crdb_enc *enc,
		  wc_error *err, int in_array)
{
	size_t		i = *pos;
	int			desc = dir == WC_CRDB_DESC;
	size_t		steps = 0;

	if (i >= len)
		return fail_truncated(err, i, "key element", 1, 0, len, pos);
	*enc = wc_crdb_key_peek(p[i]);
	switch (*enc)
	{
		case WC_CRDB_ENC_NULL:
			if ((p[i] == M_NULL && dir == WC_CRDB_DESC) || (p[i] == M_NULL_DESC && dir == WC_CRDB_ASC))
				return fail_byte(err, i, p[i], "NULL marker", len, pos);
			*pos = i + 1;
			return WC_OK;
		case WC_CRDB_ENC_NOTNULL:
			*pos = i + 1;
			return WC_OK;
		case WC_CRDB_ENC_VARINT:
			{
				int64_t		v;

				return varint_get_field(p, len, pos, desc, &v, err, "varint");
			}
		case WC_CRDB_ENC_FLOAT:
			{
				double		d;

				return wc_crdb_float_get(p, len, pos, dir, &d, err);
			}
		case WC_CRDB_ENC_DECIMAL:
			{
				wc_crdb_decimal d;

				return wc_crdb_decimal_get(p, len, pos, dir, &d, err);
			}
		case WC_CRDB_ENC_BYTES:
		case WC_CRDB_ENC_BYTES_DESC:
			{
				size_t		s,
							e,
							n;
				int			bd;

				return wc_crdb_bytes_get(p, len, pos, dir, &s, &e, &n, &bd, err);
			}
		case WC_CRDB_ENC_TIME:
			{
				int64_t		s,
							ns;

				return wc_crdb_time_get(p, len, pos, dir, &s, &ns, err);
			}
		case WC_CRDB_ENC_TIMETZ:
			{
				int64_t		t;
				int32_t		o;

				return wc_crdb_timetz_get(p, len, pos, dir, &t, &o, err);
			}
		case WC_CRDB_ENC_DURATION:
			{
				int64_t		m,
							d,
							n;

				return wc_crdb_duration_get(p, len, pos, dir, &m, &d, &n, err);
			}
		case WC_CRDB_ENC_BITARRAY:
		case WC_CRDB_ENC_BITARRAY_DESC:
			{
				size_t		w;
				uint64_t	nb;
				int			bd;
				wc_status	st = wc_crdb_bitarray_get(p, len, pos, dir, &w, &nb, &bd, err);

				if (st != WC_OK)
					*pos = len;
				return st;
			}
		case WC_CRDB_ENC_ARRAY:
		case WC_CRDB_ENC_ARRAY_DESC:
			{
				int			ad,
							done,
							isnull;
				wc_status	st;
				wc_crdb_enc sub;

				if (in_array)
					return fail_byte(err, i, p[i], "nested array", len, pos);
				if ((st = wc_crdb_array_open(p, len, pos, dir, &ad, err)) != WC_OK)
					return st;
				for (;;)
				{
					wc_check_interrupts_every(++steps, WC_INTERRUPT_STRIDE);
					if ((st = wc_crdb_array_next(p, len, pos, ad, &done, &isnull, err)) != WC_OK)
						return st;
					if (done)
						return WC_OK;
					if (isnull)
						continue;
					if ((st = elem_skip(p, len, pos, ad ? WC_CRDB_DESC : WC_CRDB_ASC, &sub, err, 1)) != WC_OK)
						return st;
					if (sub == WC_CRDB_ENC_NULL || sub == WC_CRDB_ENC_NOTNULL)
						return fail_byte(err, *pos - 1, p[*pos - 1], "array element", len, pos);
				}
			}
		case WC_CRDB_ENC_JSON:
		case WC_CRDB_ENC_JSON_DESC:
			return wc_crdb_json_get(p, len, pos, dir, NULL, err);
		case WC_CRDB_ENC_UNKNOWN:
			break;
	}
	return fail_byte(err, i, p[i], "key element marker", len, pos);
}

wc_status
wc_crdb_elem_skip(const uint8_t *p, size_t len, size_t *pos, int dir, wc_crdb_enc *enc,
				  wc_error *err)
{
	return elem_skip(p, len, pos, dir, enc, err, 0);
}

/* --------------------------------------------------------------- key space */

wc_status
wc_crdb_prefix_get(const uint8_t *p, size_t len, size_t *pos, wc_crdb_prefix *out,
				   wc_error *err)
{
	size_t		i = *pos;
	wc_status	st;

	memset(out, 0, sizeof(*out));
	if (i >= len)
	{
		wc_fail(err, WC_ERR_TRUNCATED, i);
		wc_in_field(err, WC_ERR_TRUNCATED, "table ID");
		return wc_at_index(err, WC_ERR_TRUNCATED, "element", 1);
	}
	if (p[i] == M_NOTNULL_DESC)
	{
		size_t		tpos = i + 1;

		st = uvarint_get_field(p, len, &tpos, 0, &out->tenant, err, "tenant ID");
		if (st != WC_OK)
			return wc_at_index(err, st, "element", 1);
		if (out->tenant < 2)
		{
			wc_fail_found(err, WC_ERR_BAD_VALUE, i + 1, out->tenant);
			wc_in_field(err, WC_ERR_BAD_VALUE, "tenant ID");
			return wc_at_index(err, WC_ERR_BAD_VALUE, "element", 1);
		}
		i = tpos;
		out->tenant_end = i;
		if (i >= len)
		{
			wc_fail(err, WC_ERR_TRUNCATED, i);
			wc_in_field(err, WC_ERR_TRUNCATED, "table ID");
			return wc_at_index(err, WC_ERR_TRUNCATED, "element", 2);
		}
	}
	if (p[i] < M_INT_ZERO || p[i] > 0xf9)
	{
		wc_fail_found(err, WC_ERR_BAD_BYTE, i, p[i]);
		wc_in_field(err, WC_ERR_BAD_BYTE, "table ID (not a table or tenant key)");
		return wc_at_index(err, WC_ERR_BAD_BYTE, "element", out->tenant ? 2 : 1);
	}
	if ((st = uvarint_get_field(p, len, &i, 0, &out->table, err, "table ID")) != WC_OK)
		return wc_at_index(err, st, "element", out->tenant ? 2 : 1);
	out->table_end = i;
	if (i < len)
	{
		if ((st = uvarint_get_field(p, len, &i, 0, &out->index, err, "index ID")) != WC_OK)
			return wc_at_index(err, st, "element", out->tenant ? 3 : 2);
		out->has_index = 1;
		out->index_end = i;
	}
	*pos = i;
	return WC_OK;
}
