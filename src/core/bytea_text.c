/*
 * bytea_text.c: bytea's text forms (see bytea_text.h).
 */
#include "bytea_text.h"

#include <string.h>

/* 0..15 for a hex digit, -1 otherwise. */
static const int8_t hexval[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7,
	['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13,
	['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12, ['C'] = 13,
	['D'] = 14, ['E'] = 15, ['F'] = 16
};

#define HEXV(c) (hexval[(unsigned char) (c)] - 1)

int
wc_hex_digit(int c)
{
	return HEXV(c);
}

/*
 * Digit pairs without whitespace, the form byteaout writes, take one table
 * lookup per digit and one test per pair; whitespace, a bad digit or an odd
 * end drop to the byte-at-a-time step below it.
 */
wc_status
wc_bytea_text_hex_decode(const char *s, size_t n, uint8_t *out, size_t *outlen, wc_error *err)
{
	size_t		i = 0,
				o = 0,
				steps = 0;

	for (;;)
	{
		int			hi,
					lo;
		char		c;

		/* pairs in WC_INTERRUPT_BYTES pieces, with a check between */
		size_t		lim = n - i > WC_INTERRUPT_BYTES ? i + WC_INTERRUPT_BYTES : n;

		if (out)
			for (; i + 1 < lim; i += 2, o++)
			{
				hi = hexval[(unsigned char) s[i]];
				lo = hexval[(unsigned char) s[i + 1]];
				if (hi == 0 || lo == 0)
					break;
				out[o] = (uint8_t) (((hi - 1) << 4) | (lo - 1));
			}
		else
			for (; i + 1 < lim; i += 2, o++)
				if (hexval[(unsigned char) s[i]] == 0 || hexval[(unsigned char) s[i + 1]] == 0)
					break;
		if (i >= n)
			break;
		if ((i + 1 >= lim && lim < n) || (++steps & (WC_INTERRUPT_STRIDE - 1)) == 0)
			wc_check_interrupts();
		c = s[i];
		if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
		{
			i++;
			continue;
		}
		if ((hi = HEXV(c)) < 0)
			return wc_in_field(err, wc_fail_found(err, WC_ERR_SYNTAX, i, (uint8_t) c),
							   "hexadecimal data");
		if (i + 1 >= n)
			return wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, i), "hexadecimal data");
		if ((lo = HEXV(s[i + 1])) < 0)
			return wc_in_field(err, wc_fail_found(err, WC_ERR_SYNTAX, i + 1, (uint8_t) s[i + 1]),
							   "hexadecimal data");
		if (out)
			out[o] = (uint8_t) ((hi << 4) | lo);
		o++;
		i += 2;
	}
	*outlen = o;
	return WC_OK;
}

/* Escape form: "\\" is a backslash, "\ooo" (first digit 0-3) an octal byte. */
static wc_status
escape_decode(const char *s, size_t n, uint8_t *out, size_t *outlen, wc_error *err)
{
	size_t		i = 0,
				o = 0,
				steps = 0;

	while (i < n)
	{
		const char *bs = wc_memchr_checked(s + i, '\\', n - i);
		size_t		run = bs ? (size_t) (bs - (s + i)) : n - i;

		wc_check_interrupts_every(++steps, WC_INTERRUPT_STRIDE);
		if (out)
			wc_memcpy_checked(out + o, s + i, run);
		o += run;
		i += run;
		if (i >= n)
			break;
		if (i + 1 < n && s[i + 1] == '\\')
		{
			if (out)
				out[o] = '\\';
			o++;
			i += 2;
		}
		else if (i + 3 < n && s[i + 1] >= '0' && s[i + 1] <= '3' &&
				 s[i + 2] >= '0' && s[i + 2] <= '7' &&
				 s[i + 3] >= '0' && s[i + 3] <= '7')
		{
			if (out)
				out[o] = (uint8_t) (((s[i + 1] - '0') << 6) | ((s[i + 2] - '0') << 3) | (s[i + 3] - '0'));
			o++;
			i += 4;
		}
		else
			return wc_in_field(err, wc_fail(err, WC_ERR_SYNTAX, i), "escape sequence");
	}
	*outlen = o;
	return WC_OK;
}

wc_status
wc_bytea_text_decode(const char *s, size_t n, uint8_t *out, size_t *outlen, wc_error *err)
{
	if (wc_bytea_text_is_hex(s, n))
		return wc_shift(err, wc_bytea_text_hex_decode(s + 2, n - 2, out, outlen, err), 2);
	return escape_decode(s, n, out, outlen, err);
}
