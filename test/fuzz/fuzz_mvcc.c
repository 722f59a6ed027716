/*
 * fuzz_mvcc.c: libFuzzer target over the MVCC key core.  The input is one
 * or two encoded keys (the first byte, if the input is long enough, says
 * where the second starts).  Aborts when:
 *   - an accepted key does not re-encode to bytes that decode to the same
 *     user key and timestamp, or a canonical key does not re-encode
 *     byte-identical;
 *   - the comparator is not antisymmetric, not 0 on a key with itself, or
 *     disagrees with comparing the decoded (key, version, timestamp).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mvcc.h"

static void
check(int ok)
{
	if (!ok)
		abort();
}

/* canonical: how the project writes this version */
static int
canonical(const wc_mvcc_key *k)
{
	if (k->version_len == 0)
		return 1;
	if (k->version_len == 8)
		return k->ts.wall != 0;
	return k->version_len == 12 && k->ts.logical != 0;
}

static void
round_trip(const uint8_t *p, size_t len)
{
	wc_mvcc_key k,
				k2;
	wc_error	err = {0};
	uint8_t    *out;
	size_t		n;

	if (wc_mvcc_decode(p, len, &k, &err) != WC_OK)
	{
		check(err.offset < len || len == 0);
		return;
	}
	check(k.key_len < len && k.ts.wall >= 0 && k.ts.logical >= 0);
	n = wc_mvcc_encode_size(k.key_len, &k.ts);
	out = malloc(n);
	check(wc_mvcc_encode(p, k.key_len, &k.ts, out) == n);
	check(wc_mvcc_decode(out, n, &k2, &err) == WC_OK);
	check(k2.key_len == k.key_len && memcmp(out, p, k.key_len) == 0 && wc_hlc_eq(&k.ts, &k2.ts));
	if (canonical(&k))
		check(n == len && memcmp(out, p, n) == 0);
	free(out);
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t    *a,
			   *b;
	size_t		split,
				alen,
				blen;
	wc_error	err;
	int			c1 = 0,
				c2 = 0,
				bad;
	wc_status s1,
				s2;

	/* one key: the whole input */
	a = malloc(size ? size : 1);
	memcpy(a, data, size);
	round_trip(a, size);
	free(a);
	if (size < 2)
		return 0;

	/* two keys: data[1 .. split) and data[split .. size) */
	split = 1 + data[0] % (size - 1);
	alen = split - 1;
	blen = size - split;
	a = malloc(alen ? alen : 1);
	b = malloc(blen ? blen : 1);
	memcpy(a, data + 1, alen);
	memcpy(b, data + split, blen);
	s1 = wc_mvcc_compare(a, alen, b, blen, &c1, &bad, &err);
	s2 = wc_mvcc_compare(b, blen, a, alen, &c2, &bad, &err);
	check((s1 == WC_OK) == (s2 == WC_OK));
	if (s1 == WC_OK)
	{
		wc_mvcc_key ka,
					kb;
		int			want;
		size_t		m;

		check(c1 == -c2 && c1 >= -1 && c1 <= 1);
		check(wc_mvcc_compare(a, alen, a, alen, &c2, &bad, &err) == WC_OK && c2 == 0);
		check(wc_mvcc_decode(a, alen, &ka, &err) == WC_OK && wc_mvcc_decode(b, blen, &kb, &err) == WC_OK);
		/* the order, spelled out independently */
		m = ka.key_len < kb.key_len ? ka.key_len : kb.key_len;
		want = m ? memcmp(a, b, m) : 0;
		want = (want > 0) - (want < 0);
		if (want == 0)
			want = (ka.key_len > kb.key_len) - (ka.key_len < kb.key_len);
		if (want == 0)
			want = (ka.version_len != 0) - (kb.version_len != 0);
		if (want == 0)
			want = -wc_hlc_cmp(&ka.ts, &kb.ts);
		check(c1 == want);
	}
	free(a);
	free(b);
	return 0;
}
