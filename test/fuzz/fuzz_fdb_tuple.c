/*
 * fuzz_fdb_tuple.c: libFuzzer target over the FoundationDB tuple core.
 * The first byte picks the mode, the rest is the input:
 *   0: packed tuple.  If accepted: the canonical re-encoding decodes to the
 *      same values event by event, re-encodes byte-identical (a canonical
 *      input re-encodes to itself), the text form parses back to exactly
 *      the input, and every getter index agrees with a plain walk.  If
 *      rejected: the error offset lies within the input and every other
 *      entry point rejects it too.
 *   1: text form.  If it parses, the bytes are a valid tuple whose text
 *      form parses back to the same bytes.
 *   2: decimal integer.  If it converts, printing and converting again
 *      gives the same magnitude.
 * Aborts on any mismatch.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fdb_tuple_text.h"

static void
check(int ok)
{
	if (!ok)
		abort();
}

/* Same value (and same type) for two decoded events. */
static int
elem_eq(const wc_fdb_elem *a, const wc_fdb_elem *b)
{
	uint8_t		ma[WC_FDB_MAX_INT_BYTES + 8],
				mb[WC_FDB_MAX_INT_BYTES + 8];
	size_t		na,
				nb;

	if ((a->type == WC_FDB_INT || a->type == WC_FDB_BIGINT) && (b->type == WC_FDB_INT || b->type == WC_FDB_BIGINT))
	{
		int			sa,
					sb;

		na = wc_fdb_int_magnitude(a, ma);
		nb = wc_fdb_int_magnitude(b, mb);
		sa = na && (a->type == WC_FDB_INT ? a->v.i < 0 : a->neg);
		sb = nb && (b->type == WC_FDB_INT ? b->v.i < 0 : b->neg);
		return sa == sb && na == nb && memcmp(ma, mb, na) == 0;
	}
	if (a->type != b->type)
		return 0;
	switch (a->type)
	{
		case WC_FDB_BYTES:
		case WC_FDB_STRING:
			{
				uint8_t    *pa,
						   *pb;
				int			same;

				if (a->len != b->len)
					return 0;
				pa = malloc(a->len + 1);
				pb = malloc(b->len + 1);
				wc_fdb_unescape(pa, a);
				wc_fdb_unescape(pb, b);
				same = memcmp(pa, pb, a->len) == 0;
				free(pa);
				free(pb);
				return same;
			}
		case WC_FDB_FLOAT:
			return a->v.f32 == b->v.f32;
		case WC_FDB_DOUBLE:
			return a->v.f64 == b->v.f64;
		case WC_FDB_BOOL:
			return a->v.b == b->v.b;
		case WC_FDB_UUID:
			return memcmp(a->ptr, b->ptr, 16) == 0;
		case WC_FDB_VERSIONSTAMP:
			return memcmp(a->ptr, b->ptr, 12) == 0;
		default:
			return 1;
	}
}

/* Canonical re-encoding (malloc'd). */
static uint8_t *
canonical(const uint8_t *p, size_t len, size_t *outlen)
{
	uint8_t    *out;

	check(wc_fdb_canonical_size(p, len, outlen, NULL) == WC_OK);
	out = malloc(*outlen + 1);
	check((size_t) (wc_fdb_canonical_write(out, p, len) - out) == *outlen);
	return out;
}

/* Text form, parsed back: must give exactly want. */
static void
text_round_trip(const uint8_t *p, size_t len, const uint8_t *want, size_t wantlen, int ascii)
{
	char	   *txt = malloc(wc_fdb_text_bound(p, len));
	size_t		tlen = wc_fdb_text_write(p, len, txt, ascii),
				plen;
	wc_error	pos;
	uint8_t    *parsed;

	check(tlen < wc_fdb_text_bound(p, len));
	check(wc_fdb_text_parse(txt, tlen, NULL, &plen, &pos) == WC_OK && plen == wantlen);
	parsed = malloc(plen + 1);
	check(wc_fdb_text_parse(txt, tlen, parsed, &plen, &pos) == WC_OK);
	check(memcmp(parsed, want, wantlen) == 0);
	free(parsed);
	free(txt);
}

/*
 * The encoder's WC_FDB_PACKED event (an fdb_tuple argument of fdb_tuple_pack)
 * writes the tuple as a nested one: its exact size, its incomplete
 * versionstamp count, and unnesting it gives back the input byte for byte.
 * With exactly one incomplete versionstamp, wc_fdb_append_vs_offset points at
 * its ten FF bytes, and wc_fdb_events_write_vs finds that offset while writing.
 */
static void
packed_event_round_trip(const uint8_t *p, size_t len)
{
	wc_fdb_elem	ev,
				e;
	wc_fdb_reader	r;
	size_t		size,
				ninc,
				erri,
				n;
	uint8_t    *out,
			   *inner;
	int			found;

	memset(&ev, 0, sizeof(ev));
	ev.type = WC_FDB_PACKED;
	ev.ptr = p;
	ev.len = len;
	check(wc_fdb_events_size(&ev, 1, &size, &ninc, &erri) == WC_OK);
	out = malloc(size + 4);
	check((size_t) (wc_fdb_events_write(out, &ev, 1) - out) == size);
	check(wc_fdb_validate(out, size, &n, &r) == WC_OK && n == 1 && r.n_incomplete == ninc);
	check(wc_fdb_get(out, size, 0, &e, &found, NULL) == WC_OK && found && e.type == WC_FDB_NESTED);
	n = wc_fdb_unnest_size(&e);
	inner = malloc(n + 1);
	check((size_t) (wc_fdb_unnest_write(inner, &e) - inner) == n);
	check(n == len && memcmp(inner, p, len) == 0);
	if (ninc == 1)
	{
		uint32_t	off;

		check(wc_fdb_append_vs_offset(out, size, 4, &r) == WC_OK);
		off = (uint32_t) out[size] | (uint32_t) out[size + 1] << 8 |
			(uint32_t) out[size + 2] << 16 | (uint32_t) out[size + 3] << 24;
		check(off + 10 <= size && wc_fdb_vs_incomplete(out + off));
		{
			/* pack_with_versionstamp finds the same offset while writing */
			size_t		vs_off;
			uint8_t    *again = malloc(size);

			check((size_t) (wc_fdb_events_write_vs(again, &ev, 1, &vs_off) - again) == size);
			check(vs_off == off && memcmp(again, out, size) == 0);
			free(again);
		}
	}
	else
		check(wc_fdb_append_vs_offset(out, size, 4, NULL) == WC_FDB_VS_COUNT);
	free(inner);
	free(out);
}

static void
packed_mode(const uint8_t *p, size_t len)
{
	wc_fdb_reader	r,
				r2;
	wc_fdb_elem	a,
				b;
	size_t		count,
				clen,
				clen2,
				k;
	uint8_t    *canon,
			   *canon2;
	int			found;

	if (wc_fdb_validate(p, len, &count, &r) != WC_OK)
	{
		size_t		size;

		check(r.err_off <= len);
		check(wc_fdb_canonical_size(p, len, &size, NULL) != WC_OK);
		check(wc_fdb_get(p, len, -1, &a, &found, NULL) != WC_OK);
		return;
	}
	canon = canonical(p, len, &clen);
	check(wc_fdb_validate(canon, clen, &k, NULL) == WC_OK && k == count);
	/* same values, event by event */
	wc_fdb_reader_init(&r, p, len);
	wc_fdb_reader_init(&r2, canon, clen);
	for (;;)
	{
		check(wc_fdb_read(&r, &a) == WC_OK && wc_fdb_read(&r2, &b) == WC_OK);
		check(elem_eq(&a, &b));
		if (a.type == WC_FDB_END)
			break;
	}
	/* canonical is a fixed point */
	canon2 = canonical(canon, clen, &clen2);
	check(clen2 == clen && memcmp(canon2, canon, clen) == 0);
	free(canon2);
	/* the text form parses back to exactly the input */
	text_round_trip(p, len, p, len, 0);
	text_round_trip(p, len, p, len, 1);
	/* getters find what a walk finds */
	wc_fdb_reader_init(&r, p, len);
	for (k = 0; k < count && k < 16; k++)
	{
		check(wc_fdb_skip(&r, &a) == WC_OK);
		check(wc_fdb_get(p, len, (int64_t) k, &b, &found, NULL) == WC_OK && found && b.offset == a.offset);
		check(wc_fdb_get(p, len, (int64_t) k - (int64_t) count, &b, &found, NULL) == WC_OK && found &&
			  b.offset == a.offset);
		if (b.type == WC_FDB_NESTED)
		{
			size_t		n = wc_fdb_unnest_size(&b);
			uint8_t    *inner = malloc(n + 1);

			check((size_t) (wc_fdb_unnest_write(inner, &b) - inner) == n);
			check(wc_fdb_validate(inner, n, NULL, NULL) == WC_OK);
			free(inner);
		}
	}
	check(wc_fdb_get(p, len, (int64_t) count, &b, &found, NULL) == WC_OK && !found);
	free(canon);
	packed_event_round_trip(p, len);
}

static void
text_mode(const uint8_t *p, size_t len)
{
	size_t		plen,
				plen2;
	wc_error	pos;
	uint8_t    *bytes;

	if (wc_fdb_text_parse((const char *) p, len, NULL, &plen, &pos) != WC_OK)
	{
		check(pos.offset <= len);
		return;
	}
	bytes = malloc(plen + 1);
	check(wc_fdb_text_parse((const char *) p, len, bytes, &plen2, &pos) == WC_OK && plen2 == plen);
	check(wc_fdb_validate(bytes, plen, NULL, NULL) == WC_OK);
	text_round_trip(bytes, plen, bytes, plen, 0);
	free(bytes);
}

static void
decimal_mode(const uint8_t *p, size_t len)
{
	uint8_t		mag[WC_FDB_MAX_INT_BYTES + 8],
				mag2[WC_FDB_MAX_INT_BYTES + 8];
	char		dec[WC_FDB_DECIMAL_MAX];
	size_t		n,
				n2,
				dlen;
	int			neg,
				neg2;
	wc_fdb_elem	e;

	if (wc_fdb_decimal_to_mag((const char *) p, len, mag, &n, &neg) != WC_OK)
		return;
	memset(&e, 0, sizeof(e));
	e.type = WC_FDB_BIGINT;
	e.ptr = mag;
	e.len = n;
	e.neg = (uint8_t) neg;
	dlen = wc_fdb_int_to_decimal(&e, dec);
	check(wc_fdb_decimal_to_mag(dec, dlen, mag2, &n2, &neg2) == WC_OK);
	check(n2 == n && neg2 == neg && memcmp(mag, mag2, n) == 0);
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	switch (data[0] % 3)
	{
		case 0:
			packed_mode(data + 1, size - 1);
			break;
		case 1:
			text_mode(data + 1, size - 1);
			break;
		default:
			decimal_mode(data + 1, size - 1);
			break;
	}
	return 0;
}
