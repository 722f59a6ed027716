/*
 * test_fdb_tuple_text.c: the text form of FoundationDB doubles and floats
 * (src/core/fdb_tuple_text.c).  wc_fdb_format_double / wc_fdb_format_float with a
 * shortest round-trip formatter installed must print exactly what the
 * original precision search printed (kept below as the reference), and
 * every output must read back as the same bits.  Run with the formatters
 * the PostgreSQL glue installs (Ryu from libpgcommon, when the build finds
 * it: WC_HAVE_PGCOMMON) and with two formatters written here that print the
 * shortest digits in fixed and in exponent form, so that the layout code is
 * checked against both shapes its input can take.
 */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fdb_tuple_text.h"
#include "harness.h"

#ifdef WC_HAVE_PGCOMMON
/* from PostgreSQL's src/include/common/shortest_dec.h */
int			double_to_shortest_decimal_bufn(double f, char *result);
int			float_to_shortest_decimal_bufn(float f, char *result);
#endif

/* ---- the reference: the formatting as it was before the formatter hook ---- */

static size_t
ref_shortest_double(double d, char *out)
{
	int			prec;
	int			n = 0;

	for (prec = 1; prec <= 17; prec++)
	{
		n = snprintf(out, 40, "%.*g", prec, d);
		if (strtod(out, NULL) == d)
			break;
	}
	return (size_t) n;
}

static size_t
ref_shortest_float(float f, char *out)
{
	int			prec;
	int			n = 0;

	for (prec = 1; prec <= 9; prec++)
	{
		n = snprintf(out, 40, "%.*g", prec, (double) f);
		if (strtof(out, NULL) == f)
			break;
	}
	return (size_t) n;
}

static size_t
ref_ensure_point(char *out, size_t n)
{
	if (strpbrk(out, ".e") == NULL)
	{
		out[n++] = '.';
		out[n++] = '0';
		out[n] = '\0';
	}
	return n;
}

static size_t
ref_format_double(uint64_t bits, char *out)
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
	return ref_ensure_point(out, ref_shortest_double(d, out));
}

static size_t
ref_format_float(uint32_t bits, char *out)
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
	n = ref_ensure_point(out, ref_shortest_float(f, out));
	out[n++] = 'f';
	out[n] = '\0';
	return n;
}

/* ---- formatters written here: the shortest digits in a chosen shape ---- */

/* Shortest P whose "%.Pe" reads back (so the digits are nearest-rounded,
 * and for powers of two possibly longer than a true shortest formatter's). */
static int
exp_shortest_double(double d, char *out)
{
	int			p;
	int			n = 0;

	for (p = 0; p <= 16; p++)
	{
		n = snprintf(out, 40, "%.*e", p, d);
		if (strtod(out, NULL) == d)
			break;
	}
	return n;
}

static int
exp_shortest_float(float f, char *out)
{
	int			p;
	int			n = 0;

	for (p = 0; p <= 8; p++)
	{
		n = snprintf(out, 40, "%.*e", p, (double) f);
		if (strtof(out, NULL) == f)
			break;
	}
	return n;
}

/* The same digits written out in fixed form (0.000123, 12300000, 1.25)
 * when that fits in 39 characters, else in exponent form. */
static int
fixed_from_exp(char *out, int n)
{
	char		dig[24];
	int			nd = 0;
	int			x;
	int			neg = out[0] == '-';
	char	   *e = strchr(out, 'e');
	char		buf[48];
	char	   *o = buf;
	int			i;

	for (i = neg; out + i < e; i++)
		if (out[i] != '.')
			dig[nd++] = out[i];
	x = atoi(e + 1);
	if (x > 25 || x < -15)
		return n;
	if (neg)
		*o++ = '-';
	if (x < 0)
	{
		*o++ = '0';
		*o++ = '.';
		for (i = 0; i < -x - 1; i++)
			*o++ = '0';
		memcpy(o, dig, nd);
		o += nd;
	}
	else
	{
		for (i = 0; i <= x || i < nd; i++)
		{
			if (i == x + 1)
				*o++ = '.';
			*o++ = i < nd ? dig[i] : '0';
		}
	}
	memcpy(out, buf, o - buf);
	return (int) (o - buf);
}

static int
fixed_shortest_double(double d, char *out)
{
	return fixed_from_exp(out, exp_shortest_double(d, out));
}

static int
fixed_shortest_float(float f, char *out)
{
	return fixed_from_exp(out, exp_shortest_float(f, out));
}

/* ---- the values ---- */

static uint64_t rng = UINT64_C(0x9e3779b97f4a7c15);

static uint64_t
next_rand(void)
{
	/* xorshift64* */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * UINT64_C(2685821657736338717);
}

static uint64_t
dbits(double d)
{
	uint64_t	b;

	memcpy(&b, &d, 8);
	return b;
}

static uint32_t
fbits(float f)
{
	uint32_t	b;

	memcpy(&b, &f, 4);
	return b;
}

typedef struct
{
	const char *what;
	long		checked;
	long		bad_text;
	long		bad_bits;
} tally;

/* Format bits both ways, compare, and parse the output back. */
static void
one_double(tally *t, uint64_t bits)
{
	char		got[48];
	char		want[48];
	size_t		n = wc_fdb_format_double(bits, got);
	double		d;
	double		back;

	ref_format_double(bits, want);
	t->checked++;
	if (strcmp(got, want) != 0 || n != strlen(want))
	{
		if (t->bad_text++ < 5)
			printf("  %s: double %016" PRIx64 ": got %s, want %s\n", t->what, bits, got, want);
	}
	memcpy(&d, &bits, 8);
	if (isnan(d))
		return;
	back = strtod(got, NULL);
	if (dbits(back) != bits)
	{
		if (t->bad_bits++ < 5)
			printf("  %s: double %016" PRIx64 " printed %s reads back as %016" PRIx64 "\n",
				   t->what, bits, got, dbits(back));
	}
}

static void
one_float(tally *t, uint32_t bits)
{
	char		got[48];
	char		want[48];
	size_t		n = wc_fdb_format_float(bits, got);
	float		f;
	float		back;

	ref_format_float(bits, want);
	t->checked++;
	if (strcmp(got, want) != 0 || n != strlen(want))
	{
		if (t->bad_text++ < 5)
			printf("  %s: float %08" PRIx32 ": got %s, want %s\n", t->what, bits, got, want);
	}
	memcpy(&f, &bits, 4);
	if (isnan(f))
		return;
	if (got[n - 1] != 'f')
	{
		if (t->bad_bits++ < 5)
			printf("  %s: float %08" PRIx32 " printed %s without its suffix\n", t->what, bits, got);
		return;
	}
	back = strtof(got, NULL);
	if (fbits(back) != bits)
	{
		if (t->bad_bits++ < 5)
			printf("  %s: float %08" PRIx32 " printed %s reads back as %08" PRIx32 "\n",
				   t->what, bits, got, fbits(back));
	}
}

/* A double and its neighbours on both sides, both signs. */
static void
around_double(tally *t, double d)
{
	uint64_t	b = dbits(d) & ~(UINT64_C(1) << 63);
	int			k;

	for (k = -2; k <= 2; k++)
	{
		uint64_t	v = b + (uint64_t) (int64_t) k;

		if ((int64_t) k < 0 && b < (uint64_t) -k)
			continue;
		one_double(t, v);
		one_double(t, v | (UINT64_C(1) << 63));
	}
}

static void
around_float(tally *t, float f)
{
	uint32_t	b = fbits(f) & 0x7fffffffu;
	int			k;

	for (k = -2; k <= 2; k++)
	{
		uint32_t	v = b + (uint32_t) k;

		if (k < 0 && b < (uint32_t) -k)
			continue;
		one_float(t, v);
		one_float(t, v | 0x80000000u);
	}
}

/* A double of at most nd decimal digits times 10^[minexp, maxexp]: the
 * values people type, where the shortest form is short. */
static double
short_decimal(int nd, int minexp, int maxexp)
{
	char		s[64];
	uint64_t	p = 1;
	int			i;
	uint64_t	m;
	int			x;

	for (i = 0; i < nd; i++)
		p *= 10;
	m = next_rand() % p + 1;
	x = minexp + (int) (next_rand() % (uint64_t) (maxexp - minexp + 1));
	snprintf(s, sizeof(s), "%" PRIu64 "e%d", m, x);
	return strtod(s, NULL);
}

static void
run_doubles(tally *t, long nrandom)
{
	int			i;
	long		k;
	char		s[64];

	/* edges */
	one_double(t, 0);
	one_double(t, UINT64_C(1) << 63);
	around_double(t, DBL_MAX);
	around_double(t, DBL_MIN);
	around_double(t, DBL_TRUE_MIN);
	around_double(t, DBL_TRUE_MIN * 2);
	one_double(t, UINT64_C(0x000fffffffffffff));	/* largest subnormal */
	one_double(t, UINT64_C(0x0010000000000000));
	one_double(t, UINT64_C(0x7ff0000000000000));
	one_double(t, UINT64_C(0xfff0000000000000));
	one_double(t, UINT64_C(0x7ff8000000000000));
	one_double(t, UINT64_C(0xfff8000000000000));
	one_double(t, UINT64_C(0x7ff0000000000001));
	one_double(t, UINT64_C(0x7ff4000000000000));
	around_double(t, 9007199254740992.0);	/* 2^53 and 2^53 +- 1, 2 */
	around_double(t, 9007199254740991.0);
	around_double(t, 4503599627370496.0);
	around_double(t, 18014398509481984.0);
	around_double(t, 0.1);
	around_double(t, 1.0 / 3);
	around_double(t, 5e-324);
	around_double(t, 2.2250738585072014e-308);
	around_double(t, 1.7976931348623157e308);
	/* every power of two, every power of ten, and their neighbours */
	for (i = -1074; i <= 1023; i++)
		around_double(t, ldexp(1.0, i));
	for (i = -324; i <= 308; i++)
	{
		snprintf(s, sizeof(s), "1e%d", i);
		around_double(t, strtod(s, NULL));
		/* the %g exponent switch: 9.99..95 e-5, 1e-4, 1e15 .. 1e17 */
		snprintf(s, sizeof(s), "9.5e%d", i);
		around_double(t, strtod(s, NULL));
		snprintf(s, sizeof(s), "9.999999999999999e%d", i);
		around_double(t, strtod(s, NULL));
		snprintf(s, sizeof(s), "1.5e%d", i);
		around_double(t, strtod(s, NULL));
	}
	for (i = 1; i <= 17; i++)
	{
		snprintf(s, sizeof(s), "%.*s", i, "12345678901234567");
		around_double(t, strtod(s, NULL));
		snprintf(s, sizeof(s), "%.*se-5", i, "12345678901234567");
		around_double(t, strtod(s, NULL));
	}
	/* the bench's keys: i * 1.5 */
	for (k = 1; k <= 100000; k++)
		one_double(t, dbits((double) k * 1.5));
	/* random bit patterns (mostly 16-17 digits), random short decimals */
	for (k = 0; k < nrandom; k++)
	{
		one_double(t, next_rand());
		one_double(t, dbits(short_decimal(1 + (int) (k % 16), -30, 30)));
		one_double(t, dbits(short_decimal(6, -330, 310)));
	}
}

static void
run_floats(tally *t, long nrandom)
{
	int			i;
	long		k;
	char		s[64];

	one_float(t, 0);
	one_float(t, 0x80000000u);
	around_float(t, FLT_MAX);
	around_float(t, FLT_MIN);
	around_float(t, FLT_TRUE_MIN);
	one_float(t, 0x007fffffu);
	one_float(t, 0x7f800000u);
	one_float(t, 0xff800000u);
	one_float(t, 0x7fc00000u);
	one_float(t, 0xffc00000u);
	one_float(t, 0x7f800001u);
	around_float(t, 16777216.0f);	/* 2^24 */
	around_float(t, 0.1f);
	for (i = -149; i <= 127; i++)
		around_float(t, ldexpf(1.0f, i));
	for (i = -46; i <= 38; i++)
	{
		snprintf(s, sizeof(s), "1e%d", i);
		around_float(t, strtof(s, NULL));
		snprintf(s, sizeof(s), "9.5e%d", i);
		around_float(t, strtof(s, NULL));
		snprintf(s, sizeof(s), "9.999999e%d", i);
		around_float(t, strtof(s, NULL));
	}
	for (k = 1; k <= 100000; k++)
		one_float(t, fbits((float) k * 1.5f));
	for (k = 0; k < nrandom; k++)
	{
		one_float(t, (uint32_t) next_rand());
		one_float(t, fbits((float) short_decimal(1 + (int) (k % 8), -40, 38)));
	}
}

static void
run_all(const char *what, wc_fdb_shortest_double_fn dfn, wc_fdb_shortest_float_fn ffn, long nrandom)
{
	tally		td = {what, 0, 0, 0};
	tally		tf = {what, 0, 0, 0};

	wc_fdb_text_set_shortest(dfn, ffn);
	run_doubles(&td, nrandom);
	run_floats(&tf, nrandom);
	wc_fdb_text_set_shortest(NULL, NULL);
	CHECK(td.bad_text == 0, "%s: %ld of %ld doubles differ from the precision search", what, td.bad_text, td.checked);
	CHECK(td.bad_bits == 0, "%s: %ld of %ld doubles do not read back", what, td.bad_bits, td.checked);
	CHECK(tf.bad_text == 0, "%s: %ld of %ld floats differ from the precision search", what, tf.bad_text, tf.checked);
	CHECK(tf.bad_bits == 0, "%s: %ld of %ld floats do not read back", what, tf.bad_bits, tf.checked);
	printf("  %s: %ld doubles, %ld floats\n", what, td.checked, tf.checked);
}

/* A few exact layouts (the stable text form, as expected/ shows it). */
static void
test_layout(void)
{
	static const struct
	{
		double		d;
		const char *want;
	}			cases[] = {
		{0.0, "0.0"}, {-0.0, "-0.0"}, {1.5, "1.5"}, {100.0, "1e+02"}, {123.0, "123.0"},
		{0.0001, "0.0001"}, {0.00012, "0.00012"}, {0.00001, "1e-05"}, {1e15, "1e+15"},
		{123456789012345.0, "123456789012345.0"}, {1e100, "1e+100"}, {-2.5e-300, "-2.5e-300"},
		{5e-324, "5e-324"}, {0.1, "0.1"}, {1.0 / 3, "0.3333333333333333"},
		{18014398509481992.0, "1.801439850948199e+16"},
	};
	size_t		i;
	char		buf[48];

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		wc_fdb_format_double(dbits(cases[i].d), buf);
		CHECK(strcmp(buf, cases[i].want) == 0, "layout of %.17g: got %s, want %s", cases[i].d, buf, cases[i].want);
	}
	wc_fdb_format_float(fbits(0.1f), buf);
	CHECK(strcmp(buf, "0.1f") == 0, "layout of 0.1f: got %s", buf);
	wc_fdb_format_float(fbits(1e10f), buf);
	CHECK(strcmp(buf, "1e+10f") == 0, "layout of 1e10f: got %s", buf);
}

/* The glue parses short text once into wc_fdb_text_parse_bound(n) bytes:
 * the densest inputs (doubles, floats, small integers, nulls in nested
 * tuples, empty strings, escapes) must pack within it. */
static void
test_parse_bound(void)
{
	static const char *elems[] = {".5", "1e1", "1f", "1", "-1", "null", "\"\"", "b\"\"", "\"\\x00\"",
		"()", "(null)", "true", "-.5f", "nan", "inff"};
	size_t		i;
	int			k;

	for (i = 0; i < sizeof(elems) / sizeof(elems[0]); i++)
	{
		for (k = 1; k <= 200; k += 199)
		{
			char		s[4096];
			uint8_t		out[4096];
			size_t		n = 0,
						outlen = 0;
			wc_error	pos;
			int			j;
			wc_status	st;

			s[n++] = '(';
			for (j = 0; j < k; j++)
				n += (size_t) snprintf(s + n, sizeof(s) - n, "%s%s", j ? "," : "", elems[i]);
			s[n++] = ')';
			st = wc_fdb_text_parse(s, n, out, &outlen, &pos);
			CHECK(st == WC_OK && outlen <= wc_fdb_text_parse_bound(n),
				  "parse bound: %d x %s: status %d, %zu bytes from %zu characters", k, elems[i], (int) st, outlen, n);
		}
	}
}

/*
 * The text bound without a walk (short tuples): tuples made of the widest
 * element per byte, false, and of nulls, nested nulls and minimal integers,
 * at the size limit of the quick bound and just above it; the text written
 * must fit, NUL included.
 */
static void
test_quick_bound(void)
{
	static const uint8_t unit[][3] = {{0x26}, {0x00}, {0x27}, {0x14}, {0x15, 0xff}, {0x13, 0x00}};
	static const size_t unit_len[] = {1, 1, 1, 1, 2, 2};
	size_t		sizes[] = {1, 2, 511, 512, 1023, 1024, 1025, 2048};

	for (size_t u = 0; u < sizeof(unit_len) / sizeof(unit_len[0]); u++)
		for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++)
		{
			size_t		n = sizes[k] / unit_len[u],
						len = n * unit_len[u],
						bound,
						tlen;
			uint8_t    *buf = malloc(len ? len : 1);
			char	   *txt;

			for (size_t i = 0; i < n; i++)
				memcpy(buf + i * unit_len[u], unit[u], unit_len[u]);
			bound = wc_fdb_text_bound(buf, len);
			txt = malloc(bound);
			tlen = wc_fdb_text_write(buf, len, txt, 0);
			CHECK(tlen < bound && strlen(txt) == tlen,
				  "text of %zu x %02x (%zu bytes): %zu characters, bound %zu", n, unit[u][0], len, tlen, bound);
			free(txt);
			free(buf);
		}
}

/* ---- the fast paths of wc_fdb_text_parse and wc_fdb_text_write ---- */

/* Append one random element of the kinds the fast paths take (and some
 * they do not: escapes, non-ASCII, non-minimal integers, NaN payloads). */
static size_t
put_random_elem(uint8_t *p)
{
	wc_fdb_elem	e;
	uint64_t	r = next_rand();
	size_t		k,
				n;
	uint8_t    *o = p;

	memset(&e, 0, sizeof(e));
	switch (r % 9)
	{
		case 0:
		case 1:
			/* string or bytes: mostly printable ASCII, sometimes " \ 00 ff é */
			*o++ = (r % 9) == 0 ? WC_FDB_CODE_STRING : WC_FDB_CODE_BYTES;
			n = (r >> 8) % 12;
			for (k = 0; k < n; k++)
			{
				uint64_t	c = next_rand();

				if (c % 23 == 0)
					*o++ = '"';
				else if (c % 29 == 0)
					*o++ = '\\';
				else if (c % 31 == 0)
				{
					*o++ = 0x00;
					*o++ = 0xFF;
				}
				else if (c % 37 == 0)
				{
					*o++ = 0xC3;
					*o++ = 0xA9;
				}
				else if (c % 41 == 0)
					*o++ = 0x09;
				else
					*o++ = (uint8_t) (0x20 + (c >> 8) % 0x5f);
			}
			*o++ = 0x00;
			return (size_t) (o - p);
		case 2:
		case 3:
			/* integers of every width, both signs, the int64 ends */
			e.type = WC_FDB_INT;
			k = (r >> 8) % 66;
			e.v.i = k == 64 ? INT64_MAX : k == 65 ? INT64_MIN :
				(int64_t) (next_rand() >> (63 - k % 64));
			if (r & (1u << 20))
				e.v.i = e.v.i == INT64_MIN ? e.v.i : -e.v.i;
			return (size_t) (wc_fdb_put_elem(p, &e, 0) - p);
		case 4:
			/* a non-minimal integer, positive (00 first) or negative (FF
			 * first): raw(...) in the text form */
			*o++ = (r >> 16) & 1 ? 0x12 : 0x16;
			*o++ = (r >> 16) & 1 ? 0xFF : 0x00;
			*o++ = (uint8_t) (r >> 8);
			return 3;
		case 5:
			e.type = WC_FDB_DOUBLE;
			switch ((r >> 8) % 6)
			{
				case 0:
					e.v.f64 = next_rand();	/* any bits: nan(...), subnormals */
					break;
				case 1:
					e.v.f64 = dbits((double) (int64_t) (next_rand() % 2000001) / 4 - 250000);
					break;
				default:
					e.v.f64 = dbits((double) (next_rand() % 10000000) * 1.5 / (double) (1 + (r >> 16) % 1000));
					break;
			}
			return (size_t) (wc_fdb_put_elem(p, &e, 0) - p);
		case 6:
			e.type = WC_FDB_FLOAT;
			e.v.f32 = (r >> 8) % 2 ? (uint32_t) next_rand() : fbits((float) ((r >> 16) % 100000) / 8.0f);
			return (size_t) (wc_fdb_put_elem(p, &e, 0) - p);
		case 7:
			e.type = WC_FDB_NULL;
			return (size_t) (wc_fdb_put_elem(p, &e, 0) - p);
		default:
			e.type = WC_FDB_BOOL;
			e.v.b = (int) ((r >> 8) & 1);
			return (size_t) (wc_fdb_put_elem(p, &e, 0) - p);
	}
}

/* wc_fdb_validate by its definition: wc_fdb_read to the end or the first error. */
static wc_status
ref_validate(const uint8_t *buf, size_t len, size_t *count)
{
	wc_fdb_reader	r;
	wc_fdb_elem	e;
	wc_status	st;

	wc_fdb_reader_init(&r, buf, len);
	do
	{
		st = wc_fdb_read(&r, &e);
		if (st != WC_OK)
			return st;
	} while (e.type != WC_FDB_END);
	*count = r.index;
	return WC_OK;
}

/* wc_fdb_validate (with its flat fast path) against ref_validate. */
static int
validate_agrees(const uint8_t *buf, size_t len)
{
	size_t		c1 = 0,
				c2 = 0;
	wc_status	s1 = wc_fdb_validate(buf, len, &c1, NULL),
				s2 = ref_validate(buf, len, &c2);

	return s1 == s2 && (s1 != WC_OK || c1 == c2);
}

/*
 * Random flat tuples through both ways of each direction.  The full writer
 * is forced by an empty nested tuple at the end (which the fast writer
 * does not take): its text must be the fast text with ", ()" before the
 * close.  The full parser is forced by a space after "(": its bytes must
 * be the fast parser's, which must be the original tuple.  Truncated
 * tuples must fail as wc_fdb_validate fails them, and mangled texts must
 * parse (or fail) alike both ways.
 */
static void
test_fast_paths(long rounds)
{
	long		bad_write = 0,
				bad_valid = 0,
				bad_parse = 0,
				bad_trunc = 0,
				bad_mangle = 0,
				i;

	for (i = 0; i < rounds; i++)
	{
		uint8_t		buf[512],
					b1[4096],
					b2[4096];
		char		t1[4096],
					t2[4096],
					want[4096],
					sp[4200];
		size_t		len = 0,
					n1,
					n2,
					o1 = 0,
					o2 = 0,
					nel = next_rand() % 7,
					k,
					count;
		wc_status	s1,
					s2;
		wc_error	e1,
					e2;
		wc_fdb_reader	r;

		for (k = 0; k < nel; k++)
			len += put_random_elem(buf + len);
		n1 = wc_fdb_text_write(buf, len, t1, 0);
		buf[len] = WC_FDB_CODE_NESTED;
		buf[len + 1] = 0x00;
		n2 = wc_fdb_text_write(buf, len + 2, t2, 0);
		snprintf(want, sizeof(want), "%.*s%s())", (int) n1 - 1, t1, len ? ", " : "");
		if (n2 != strlen(want) || strcmp(t2, want) != 0)
		{
			if (bad_write++ < 5)
				CHECK(0, "fast and full writer differ for %s: %s / %s", wc_hex(buf, len), t1, t2);
		}
		/* parse back both ways */
		s1 = wc_fdb_text_parse(t1, n1, b1, &o1, &e1);
		snprintf(sp, sizeof(sp), "( %s", t1 + 1);
		s2 = wc_fdb_text_parse(sp, n1 + 1, b2, &o2, &e2);
		if (s1 != WC_OK || s2 != WC_OK || o1 != len || o2 != len ||
			memcmp(b1, buf, len) != 0 || memcmp(b2, buf, len) != 0)
		{
			if (bad_parse++ < 5)
				CHECK(0, "fast/full parse of %s: %d %d", t1, (int) s1, (int) s2);
		}
		/* validation, of the tuple, every truncation and a changed byte */
		for (k = 0; k <= len; k++)
			if (!validate_agrees(buf, k) && bad_valid++ < 5)
				CHECK(0, "fdb_validate differs from fdb_read on %s", wc_hex(buf, k));
		if (len > 0)
		{
			size_t		at = next_rand() % len;
			uint8_t		was = buf[at];

			buf[at] = (uint8_t) next_rand();
			if (!validate_agrees(buf, len) && bad_valid++ < 5)
				CHECK(0, "fdb_validate differs from fdb_read on %s", wc_hex(buf, len));
			buf[at] = was;
		}
		/* every truncation fails (or passes) as the validator says */
		for (k = 0; k < len; k++)
		{
			wc_status	sv = wc_fdb_validate(buf, k, &count, &r),
						sw = wc_fdb_text_write_checked(buf, k, t2, 0, &n2, &r);

			if (sv != sw && bad_trunc++ < 5)
				CHECK(0, "truncated %s: validate %d, write %d", wc_hex(buf, k), (int) sv, (int) sw);
		}
		/* one mangled character: same outcome both ways */
		if (n1 > 2)
		{
			static const char junk[] = "\"\\,() .-e1fx";
			size_t		at = 1 + next_rand() % (n1 - 2);

			memcpy(sp, t1, n1 + 1);
			sp[at] = junk[next_rand() % (sizeof(junk) - 1)];
			s1 = wc_fdb_text_parse(sp, n1, b1, &o1, &e1);
			memmove(sp + 2, sp + 1, n1);
			sp[1] = ' ';
			s2 = wc_fdb_text_parse(sp, n1 + 1, b2, &o2, &e2);
			if (s1 != s2 || (s1 == WC_OK && (o1 != o2 || memcmp(b1, b2, o1) != 0)) ||
				(s1 != WC_OK && e2.offset != e1.offset + 1))
			{
				if (bad_mangle++ < 5)
					CHECK(0, "mangled %s: %d at %zu / %d at %zu", sp, (int) s1, e1.offset, (int) s2, e2.offset);
			}
		}
	}
	CHECK(bad_write == 0, "fast writer = full writer over %ld random tuples (%ld differ)", rounds, bad_write);
	CHECK(bad_parse == 0, "fast parser = full parser = original over %ld random tuples (%ld differ)", rounds, bad_parse);
	CHECK(bad_valid == 0, "fdb_validate = fdb_read walk over random, truncated and changed tuples (%ld differ)", bad_valid);
	CHECK(bad_trunc == 0, "truncated tuples: writer status = validator status (%ld differ)", bad_trunc);
	CHECK(bad_mangle == 0, "mangled texts: fast and full parser agree (%ld differ)", bad_mangle);
}

/*
 * The exact-range path of decimal input (Clinger: m and 10^|x| exact, one
 * rounding) against strtod / strtof, on decimals inside and just outside
 * the range it takes: up to 19 digits, exponents -30..30, both signs.
 */
static void
test_decimal_input(long rounds)
{
	long		bad = 0,
				i;

	for (i = 0; i < rounds; i++)
	{
		char		num[64],
					txt[80];
		uint8_t		out[64];
		size_t		olen = 0;
		wc_error	epos;
		uint64_t	r = next_rand();
		int			nd = 1 + (int) (r % 19),
					x = (int) ((r >> 8) % 61) - 30,
					is_float = (r >> 16) % 4 == 0,
					k,
					pos = 0,
					point = nd > 1 ? 1 + (int) ((r >> 24) % (uint64_t) (nd - 1)) : nd;
		wc_fdb_reader	rd;
		wc_fdb_elem	e;
		double		ref;

		if ((r >> 32) & 1)
			num[pos++] = '-';
		for (k = 0; k < nd; k++)
		{
			if (k == point)
				num[pos++] = '.';
			num[pos++] = (char) ('0' + (k == 0 && nd > 1 ? 1 + next_rand() % 9 : next_rand() % 10));
		}
		if (point == nd)
			num[pos++] = '.', num[pos++] = '0';
		if (x != 0)
			pos += snprintf(num + pos, sizeof(num) - (size_t) pos, "e%d", x);
		num[pos] = '\0';
		snprintf(txt, sizeof(txt), "(%s%s)", num, is_float ? "f" : "");
		errno = 0;
		ref = is_float ? (double) strtof(num, NULL) : strtod(num, NULL);
		if (errno == ERANGE && (isinf(ref) || ref == 0))
		{
			/* out of the type's range: an error, as strtod's ERANGE */
			if (wc_fdb_text_parse(txt, strlen(txt), out, &olen, &epos) != WC_ERR_SYNTAX && bad++ < 5)
				CHECK(0, "%s is out of range but parses", txt);
			continue;
		}
		if (wc_fdb_text_parse(txt, strlen(txt), out, &olen, &epos) != WC_OK)
		{
			if (bad++ < 5)
				CHECK(0, "%s does not parse", txt);
			continue;
		}
		wc_fdb_reader_init(&rd, out, olen);
		if (wc_fdb_read(&rd, &e) != WC_OK ||
			(is_float ? (e.type != WC_FDB_FLOAT || e.v.f32 != fbits(strtof(num, NULL))) :
			 (e.type != WC_FDB_DOUBLE || e.v.f64 != dbits(strtod(num, NULL)))))
		{
			if (bad++ < 5)
				CHECK(0, "%s parses to other bits than strto%s", txt, is_float ? "f" : "d");
		}
	}
	CHECK(bad == 0, "decimal input = strtod / strtof over %ld random decimals (%ld differ)", rounds, bad);
}

/* A 1 MB element reaches the interrupt hook as it is written and parsed:
 * per 64 KB of a printable run, per 4096 escapes. */
static void
test_interrupts(void)
{
	const size_t mb = 1 << 20;
	uint8_t    *t = malloc(mb + 2),
			   *back = malloc(mb + 2);
	char	   *txt = malloc(4 * mb + 16);
	size_t		n,
				blen;
	wc_error	epos;
	long		calls;

	t[0] = WC_FDB_CODE_STRING;
	memset(t + 1, 'a', mb);
	t[mb + 1] = 0x00;
	wc_interrupts_count_start();
	n = wc_fdb_text_write(t, mb + 2, txt, 0);
	calls = wc_interrupts_count_stop();
	CHECK(n == mb + 4, "1 MB string as text: %zu", n);
	CHECK(calls >= (long) (mb / WC_INTERRUPT_BYTES) - 1, "write 1 MB: %ld checks", calls);
	wc_interrupts_count_start();
	CHECK(wc_fdb_text_parse(txt, n, back, &blen, &epos) == WC_OK && blen == mb + 2 &&
		  memcmp(back, t, blen) == 0, "1 MB string parsed back");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (mb / WC_INTERRUPT_BYTES) - 1, "parse 1 MB: %ld checks", calls);
	/* bytes of 01: one \x01 escape each */
	t[0] = WC_FDB_CODE_BYTES;
	memset(t + 1, 0x01, mb);
	wc_interrupts_count_start();
	n = wc_fdb_text_write(t, mb + 2, txt, 0);
	calls = wc_interrupts_count_stop();
	CHECK(n == 4 * mb + 5, "1 MB of 01 as text: %zu", n);
	CHECK(calls >= (long) (mb / WC_INTERRUPT_STRIDE), "escape 1 MB: %ld checks", calls);
	free(t);
	free(back);
	free(txt);
}

/*
 * Errors of the text parsers: status, byte offset, top-level element and
 * field, as the reporter words them.
 */
static void
test_parse_errors(void)
{
	static const struct
	{
		const char *text;
		wc_status	st;
		size_t		offset;
		int64_t		element;	/* 0: none */
	}			cases[] = {
		{"", WC_ERR_SYNTAX, 0, 0},
		{"  x", WC_ERR_SYNTAX, 2, 0},
		{"(1, 2", WC_ERR_SYNTAX, 5, 2},
		{"(1, 2 3)", WC_ERR_SYNTAX, 6, 2},
		{"(1, (2, ?))", WC_ERR_SYNTAX, 8, 2},
		{"(1) x", WC_ERR_SYNTAX, 4, 0},
		{"(\"a\xff\")", WC_ERR_UTF8, 2, 1},
	};
	char		big[700];
	size_t		outlen,
				n;
	uint8_t		vs[12];
	wc_error	err;
	wc_status	st;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		st = wc_fdb_text_parse(cases[i].text, strlen(cases[i].text), NULL, &outlen, &err);
		CHECK(st == cases[i].st && err.status == st && err.offset == cases[i].offset &&
			  (cases[i].element ? (err.has & WC_HAS_INDEX) && err.index == cases[i].element &&
			   strcmp(err.index_kind, "element") == 0 : !(err.has & WC_HAS_INDEX)),
			  "parse error %s: status %d at %zu, element %lld", cases[i].text, (int) st,
			  err.offset, (long long) ((err.has & WC_HAS_INDEX) ? err.index : 0));
	}
	/* an integer of 256 bytes of magnitude: its own status, range class */
	n = (size_t) snprintf(big, sizeof(big), "(0, 1");
	while (n < 2 + 620)
		big[n++] = '0';
	big[n++] = ')';
	st = wc_fdb_text_parse(big, n, NULL, &outlen, &err);
	CHECK(st == WC_FDB_INT_RANGE && err.index == 2 &&
		  wc_status_row(st)->klass == WC_CLASS_RANGE && wc_status_row(st)->hint != NULL,
		  "integer beyond range: status %d, element %lld", (int) st, (long long) err.index);

	/* versionstamps */
	st = wc_fdb_vs_parse("0102030405060708090a:48879", 26, vs, &err);
	CHECK(st == WC_OK && vs[0] == 0x01 && vs[9] == 0x0a && vs[10] == 0xbe && vs[11] == 0xef,
		  "versionstamp text: status %d", (int) st);
	st = wc_fdb_vs_parse("0102030405060708090a", 20, vs, &err);
	CHECK(st == WC_ERR_SYNTAX && err.offset == 20, "versionstamp without ':': %d at %zu",
		  (int) st, err.offset);
	st = wc_fdb_vs_parse("0102030405060708090:1", 21, vs, &err);
	CHECK(st == WC_ERR_SYNTAX && err.offset == 19 && strcmp(err.field, "transaction version") == 0,
		  "versionstamp with 19 digits: %d at %zu", (int) st, err.offset);
	st = wc_fdb_vs_parse("0102030405060708090a:1x", 23, vs, &err);
	CHECK(st == WC_ERR_SYNTAX && err.offset == 22, "versionstamp trailing text: %d at %zu",
		  (int) st, err.offset);
	st = wc_fdb_vs_parse("0102030405060708090a:", 21, vs, &err);
	CHECK(st == WC_ERR_SYNTAX && err.offset == 21 && strcmp(err.field, "user version") == 0,
		  "versionstamp without user version: %d at %zu", (int) st, err.offset);
	st = wc_fdb_vs_parse("0102030405060708090a:70000", 26, vs, &err);
	CHECK(st == WC_ERR_RANGE && err.offset == 21 && err.expected == 0xFFFF &&
		  (err.has & WC_HAS_EXPECTED) && strcmp(err.field, "user version") == 0,
		  "versionstamp user version above 65535: %d at %zu", (int) st, err.offset);
}

int
main(int argc, char **argv)
{
	long		nrandom = argc > 1 ? atol(argv[1]) : 100000;

	test_parse_bound();
	test_parse_errors();
	test_quick_bound();
	test_layout();
	test_decimal_input(nrandom * 2);
	test_fast_paths(nrandom / 5);
	run_all("exponent-form formatter", exp_shortest_double, exp_shortest_float, nrandom / 4);
	run_all("fixed-form formatter", fixed_shortest_double, fixed_shortest_float, nrandom / 4);
#ifdef WC_HAVE_PGCOMMON
	wc_fdb_text_set_shortest(double_to_shortest_decimal_bufn, float_to_shortest_decimal_bufn);
	test_layout();
	test_fast_paths(nrandom / 5);
	wc_fdb_text_set_shortest(NULL, NULL);
	run_all("PostgreSQL Ryu", double_to_shortest_decimal_bufn, float_to_shortest_decimal_bufn, nrandom);
#else
	printf("  (libpgcommon not found: PostgreSQL's Ryu not checked)\n");
#endif
	test_interrupts();
	return wc_summary("test_fdb_tuple_text");
}
