/*
 * decimal.c: decimal digits of unsigned integers (see decimal.h).
 */
#include "decimal.h"

const char	wc_dec_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* Decimal digits of v < 10^8 at out; returns how many. */
static size_t
put_small(uint32_t v, char *out)
{
	char		tmp[8];
	char	   *t = tmp + sizeof(tmp);
	size_t		n;

	while (v >= 100)
	{
		t -= 2;
		memcpy(t, wc_dec_pairs + (v % 100) * 2, 2);
		v /= 100;
	}
	if (v >= 10)
	{
		t -= 2;
		memcpy(t, wc_dec_pairs + v * 2, 2);
	}
	else
		*--t = (char) ('0' + v);
	n = (size_t) (tmp + sizeof(tmp) - t);
	memcpy(out, t, n);
	return n;
}

/* In 8-digit blocks: the leading block by pairs, the others fixed-width. */
size_t
wc_dec_u64(uint64_t v, char *out)
{
	size_t		n;

	if (v < 100000000u)
		return put_small((uint32_t) v, out);
	if (v < 10000000000000000u)
		n = put_small((uint32_t) (v / 100000000u), out);
	else
	{
		n = put_small((uint32_t) (v / 10000000000000000u), out);
		wc_dec_put8((uint32_t) (v / 100000000u % 100000000u), out + n);
		n += 8;
	}
	wc_dec_put8((uint32_t) (v % 100000000u), out + n);
	return n + 8;
}
