/*
 * fuzz_crdb_key.c: libFuzzer target over the CockroachDB SQL key core.
 * The input is a key (the first byte, when present, also picks column
 * directions for the printer).  Aborts when:
 *   - the printer's sizing run and writing run disagree, or it reads out of
 *     bounds (the key sits in a buffer of exactly its size, under ASan);
 *   - an element the strict walker accepts does not survive
 *     decode -> encode -> decode -> encode with identical canonical bytes
 *     and identical values.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "crdb_key.h"

static void
check(int ok)
{
	if (!ok)
		abort();
}

static void
pretty(const uint8_t *k, size_t n, const uint8_t *dirs, size_t ndirs)
{
	uint8_t    *scratch = malloc(wc_crdb_pretty_scratch(n, ndirs));
	wc_crdb_out o = {NULL, 0, 0};
	size_t		need;

	wc_crdb_key_pretty(k, n, dirs, ndirs, scratch, &o);
	need = o.len;
	o.buf = malloc(need ? need : 1);
	o.cap = need;
	o.len = 0;
	wc_crdb_key_pretty(k, n, dirs, ndirs, scratch, &o);
	check(o.len == need);
	free(o.buf);
	free(scratch);
}

/* Re-encode the element at p[0..n) (encoding e, direction d) into out;
 * returns the size, 0 when this encoding has no encoder here. */
static size_t
reencode(const uint8_t *p, size_t n, wc_crdb_enc e, int d, uint8_t *out, size_t cap)
{
	size_t		pos = 0;
	wc_error	err;

	switch (e)
	{
		case WC_CRDB_ENC_VARINT:
			{
				int64_t		v;

				check(wc_crdb_varint_get(p, n, &pos, d, &v, &err) == WC_OK && pos == n);
				return wc_crdb_varint_put(out, v, d);
			}
		case WC_CRDB_ENC_FLOAT:
			{
				double		v;

				check(wc_crdb_float_get(p, n, &pos, d, &v, &err) == WC_OK && pos == n);
				return wc_crdb_float_put(out, v, d);
			}
		case WC_CRDB_ENC_DECIMAL:
			{
				wc_crdb_decimal v;
				wc_crdb_out o = {NULL, 0, 0};
				char	   *t;
				size_t		sz,
							w;

				check(wc_crdb_decimal_get(p, n, &pos, d, &v, &err) == WC_OK && pos == n);
				/* a plain form longer than 4096 characters is not re-encoded:
				 * skip huge exponents before even sizing it */
				if (v.kind == WC_CRDB_DEC_FINITE &&
					(v.exp100 > (int64_t) (2048 + v.mant_len) ||
					 v.exp100 < -(int64_t) (2048 + v.mant_len)))
					return 0;
				wc_crdb_decimal_plain(&v, &o);
				if (o.len > 4096)
					return 0;
				t = malloc(o.len);
				o.buf = t;
				o.cap = o.len;
				o.len = 0;
				wc_crdb_decimal_plain(&v, &o);
				check(wc_crdb_decimal_size(t, o.len, d, &sz, &err) == WC_OK);
				if (sz > cap)
				{
					free(t);
					return 0;
				}
				w = wc_crdb_decimal_put(out, t, o.len, d);
				check(w == sz);
				free(t);
				return w;
			}
		case WC_CRDB_ENC_BYTES:
		case WC_CRDB_ENC_BYTES_DESC:
			{
				size_t		s,
							en,
							len,
							w;
				int			bd;
				uint8_t    *b;

				check(wc_crdb_bytes_get(p, n, &pos, d, &s, &en, &len, &bd, &err) == WC_OK && pos == n);
				b = malloc(len ? len : 1);
				wc_crdb_bytes_copy(p + s, en - s, bd, b);
				if (wc_crdb_bytes_size(b, len) > cap)
				{
					free(b);
					return 0;
				}
				w = wc_crdb_bytes_put(out, b, len, bd ? WC_CRDB_DESC : WC_CRDB_ASC);
				free(b);
				return w;
			}
		case WC_CRDB_ENC_TIME:
			{
				int64_t		s,
							ns;

				check(wc_crdb_time_get(p, n, &pos, d, &s, &ns, &err) == WC_OK && pos == n);
				return wc_crdb_time_put(out, s, ns, d);
			}
		case WC_CRDB_ENC_TIMETZ:
			{
				int64_t		t;
				int32_t		o;

				check(wc_crdb_timetz_get(p, n, &pos, d, &t, &o, &err) == WC_OK && pos == n);
				/* the encoder takes a time of day that fits its sum */
				if (t > INT64_MAX / 2 || t < INT64_MIN / 2)
					return 0;
				return wc_crdb_timetz_put(out, t, o, d);
			}
		case WC_CRDB_ENC_DURATION:
			{
				int64_t		m,
							dd,
							ns;
				size_t		w;

				check(wc_crdb_duration_get(p, n, &pos, d, &m, &dd, &ns, &err) == WC_OK && pos == n);
				check(wc_crdb_duration_put(out, m, dd, ns, d, &w, &err) == WC_OK);
				return w;
			}
		case WC_CRDB_ENC_BITARRAY:
		case WC_CRDB_ENC_BITARRAY_DESC:
			{
				size_t		words,
							w;
				uint64_t	nbits;
				int			bd;
				uint8_t    *b;

				check(wc_crdb_bitarray_get(p, n, &pos, d, &words, &nbits, &bd, &err) == WC_OK && pos == n);
				if (wc_crdb_bitarray_size(nbits) > cap)
					return 0;
				b = malloc(nbits / 8 + 1);
				wc_crdb_bitarray_copy(p, words, bd, nbits, b);
				w = wc_crdb_bitarray_put(out, b, nbits, bd ? WC_CRDB_DESC : WC_CRDB_ASC);
				free(b);
				return w;
			}
		default:
			return 0;
	}
}

static void
round_trip(const uint8_t *p, size_t n, wc_crdb_enc e, int d)
{
	uint8_t		a[8192],
				b[8192];
	size_t		na = reencode(p, n, e, d, a, sizeof(a));
	size_t		nb;

	if (na == 0)
		return;
	nb = reencode(a, na, e, d, b, sizeof(b));
	check(nb == na && memcmp(a, b, na) == 0);
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t    *k = malloc(size ? size : 1);
	uint8_t		dirs[8];
	size_t		i,
				pos = 0;
	wc_crdb_prefix pf;
	wc_error	err;

	memcpy(k, data, size);
	pretty(k, size, NULL, 0);
	if (size > 0)
	{
		for (i = 0; i < 8; i++)
			dirs[i] = (data[0] >> i) & 1;
		pretty(k + 1, size - 1, dirs, 8);
	}
	/* the strict walker, both with and without directions */
	if (wc_crdb_prefix_get(k, size, &pos, &pf, &err) == WC_OK)
	{
		size_t		col = 0;

		while (pos < size)
		{
			size_t		start = pos;
			wc_crdb_enc e;
			int			d = size > 1 && ((data[size - 1] >> (col % 8)) & 1) ? WC_CRDB_DESC : WC_CRDB_ANY;
			wc_crdb_out o = {NULL, 0, 0};

			if (wc_crdb_elem_skip(k, size, &pos, d, &e, &err) != WC_OK)
			{
				check(err.offset <= size);
				break;
			}
			check(pos > start && pos <= size);
			wc_crdb_elem_text(k, size, start, d, &o);
			round_trip(k + start, pos - start, e, d);
			col++;
		}
	}
	free(k);
	return 0;
}
