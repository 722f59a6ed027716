/*
 * mvcc.c: CockroachDB MVCC key encoding, decoding and order, pure C core
 * (see mvcc.h and doc/spec/hlc_mvcc.md, sections 4 and 5).
 */
#include "mvcc.h"

#include <string.h>

#include "byteorder.h"

size_t
wc_mvcc_encode(const uint8_t *key, size_t key_len, const wc_hlc *ts, uint8_t *out)
{
	uint8_t    *p = out + key_len;

	if (key_len > 0)
		wc_memcpy_checked(out, key, key_len);
	*p++ = 0x00;
	if (ts->logical != 0)
	{
		wc_store_be64(p, (uint64_t) ts->wall);
		wc_store_be32(p + 8, (uint32_t) ts->logical);
		p[12] = 13;
		return key_len + 14;
	}
	if (ts->wall != 0)
	{
		wc_store_be64(p, (uint64_t) ts->wall);
		p[8] = 9;
		return key_len + 10;
	}
	return key_len + 1;
}

wc_status
wc_mvcc_decode(const uint8_t *p, size_t len, wc_mvcc_key *out, wc_error *err)
{
	size_t		n;
	size_t		s;
	uint64_t	wall;
	uint32_t	logical = 0;

	if (len == 0)
		return wc_fail(err, WC_MVCC_EMPTY, 0);
	n = p[len - 1];
	if (n == 0)
	{
		/* the last byte is the sentinel itself: no version */
		out->key_len = len - 1;
		out->version_len = 0;
		out->ts.wall = 0;
		out->ts.logical = 0;
		out->ts.reserved = 0;
		return WC_OK;
	}
	if (n == 1)
		return wc_fail(err, WC_MVCC_LEN_ONE, len - 1);
	/* found: the length byte; the largest it may be: the bytes before it */
	if (n > len - 1)
		return wc_fail_ef(err, WC_MVCC_LEN_EXCEEDS, len - 1, len - 1, n);
	s = len - 1 - n;
	if (p[s] != 0x00)
		return wc_fail_ef(err, WC_MVCC_SENTINEL, s, 0x00, p[s]);
	if (n != 9 && n != 13 && n != 14)
		return wc_fail_found(err, WC_MVCC_VERSION_LEN, len - 1, n - 1);
	wall = wc_load_be64(p + s + 1);
	if (n >= 13)
		logical = wc_load_be32(p + s + 9);
	if (wall > (uint64_t) WC_HLC_WALL_MAX)
		return wc_fail_found(err, WC_HLC_WALL_RANGE, s + 1, wall);
	if (logical > (uint32_t) WC_HLC_LOGICAL_MAX)
		return wc_fail_found(err, WC_HLC_LOGICAL_RANGE, s + 9, logical);
	out->key_len = s;
	out->version_len = (unsigned) (n - 1);
	out->ts.wall = (int64_t) wall;
	out->ts.logical = (int32_t) logical;
	out->ts.reserved = 0;
	return WC_OK;
}

int
wc_mvcc_cmp_decoded(const uint8_t *pa, const wc_mvcc_key *a,
					const uint8_t *pb, const wc_mvcc_key *b)
{
	size_t		m = a->key_len < b->key_len ? a->key_len : b->key_len;
	int			c = 0;

	/* long common prefixes compared in pieces, checking between them */
	while (__builtin_expect(m > WC_INTERRUPT_BYTES, 0) && c == 0)
	{
		c = memcmp(pa, pb, WC_INTERRUPT_BYTES);
		pa += WC_INTERRUPT_BYTES;
		pb += WC_INTERRUPT_BYTES;
		m -= WC_INTERRUPT_BYTES;
		wc_check_interrupts();
	}
	if (c == 0 && m > 0)
		c = memcmp(pa, pb, m);

	if (c != 0)
		return c < 0 ? -1 : 1;
	if (a->key_len != b->key_len)
		return a->key_len < b->key_len ? -1 : 1;
	/* same user key: the unversioned key first */
	if ((a->version_len == 0) != (b->version_len == 0))
		return a->version_len == 0 ? -1 : 1;
	/*
	 * Then versions newest first.  After CockroachDB's normalisation (13th
	 * byte dropped, 12-byte logical-0 as 8-byte) comparing version bytes in
	 * reverse is comparing (wall, logical) descending.
	 */
	return -wc_hlc_cmp(&a->ts, &b->ts);
}

wc_status
wc_mvcc_compare(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
				int *cmp, int *bad, wc_error *err)
{
	wc_mvcc_key ka,
				kb;
	wc_status st;

	if ((st = wc_mvcc_decode(a, alen, &ka, err)) != WC_OK)
	{
		*bad = 0;
		return st;
	}
	if ((st = wc_mvcc_decode(b, blen, &kb, err)) != WC_OK)
	{
		*bad = 1;
		return st;
	}
	*cmp = wc_mvcc_cmp_decoded(a, &ka, b, &kb);
	return WC_OK;
}
