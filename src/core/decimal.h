/*
 * decimal.h: decimal digits of unsigned integers, two at a time, for the
 * text forms of the codecs (FoundationDB tuple integers, HLC timestamps).
 * Pure C, no allocation; callers pass buffers and get lengths.
 */
#ifndef WC_DECIMAL_H
#define WC_DECIMAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* "00" .. "99": the two digits of n at wc_dec_pairs + 2 * n. */
extern const char wc_dec_pairs[201];

/* v < 10^8 as exactly 8 digits at out (no NUL): four independent pairs. */
static inline void
wc_dec_put8(uint32_t v, char *out)
{
	uint32_t	hi = v / 10000;
	uint32_t	lo = v % 10000;

	memcpy(out, wc_dec_pairs + (hi / 100) * 2, 2);
	memcpy(out + 2, wc_dec_pairs + (hi % 100) * 2, 2);
	memcpy(out + 4, wc_dec_pairs + (lo / 100) * 2, 2);
	memcpy(out + 6, wc_dec_pairs + (lo % 100) * 2, 2);
}

/* The decimal digits of v at out (no NUL, at most 20); returns how many. */
size_t		wc_dec_u64(uint64_t v, char *out);

#endif							/* WC_DECIMAL_H */
