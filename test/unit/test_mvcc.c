/*
 * test_mvcc.c: unit tests of the MVCC key core (src/core/mvcc.c), driven by
 * every test/vectors/mvcc_*.tsv file plus the spec's examples.  Inputs sit
 * in buffers of exactly their size, so ASan catches any read past the end.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mvcc.h"

/* Hex to a malloc'd buffer of exactly the decoded size (1 byte if empty). */
static uint8_t *
exact(const char *hex, size_t *len)
{
	uint8_t    *tmp = wc_unhex(hex, len);
	uint8_t    *r;

	if (tmp == NULL)
	{
		fprintf(stderr, "bad hex in vector: %s\n", hex);
		exit(2);
	}
	r = malloc(*len ? *len : 1);
	memcpy(r, tmp, *len);
	free(tmp);
	return r;
}

static int
sign(int x)
{
	return (x > 0) - (x < 0);
}

/* Encode key with (wall, logical) and compare with want. */
static void
check_encode(const char *file, int lineno, const char *key_hex, int64_t wall, int64_t logical,
			 const char *want_hex)
{
	size_t		klen,
				wlen,
				n;
	uint8_t    *key = exact(key_hex, &klen);
	uint8_t    *want = exact(want_hex, &wlen);
	wc_hlc		ts;
	uint8_t    *out;

	CHECK(wc_hlc_make(wall, logical, &ts) == WC_OK, "%s:%d timestamp", file, lineno);
	n = wc_mvcc_encode_size(klen, &ts);
	out = malloc(n);
	CHECK(wc_mvcc_encode(key, klen, &ts, out) == n, "%s:%d encode size", file, lineno);
	CHECK_BYTES(out, n, want, wlen, "%s:%d encode", file, lineno);
	free(out);
	free(key);
	free(want);
}

/* Decode enc_hex and compare with (key, wall, logical). */
static void
check_decode(const char *file, int lineno, const char *enc_hex, const char *key_hex,
			 int64_t wall, int64_t logical)
{
	size_t		elen,
				klen;
	wc_error	err = {0};
	uint8_t    *enc = exact(enc_hex, &elen);
	uint8_t    *key = exact(key_hex, &klen);
	wc_mvcc_key k;
	wc_status st = wc_mvcc_decode(enc, elen, &k, &err);

	CHECK(st == WC_OK, "%s:%d decode %s: %s at %zu", file, lineno, enc_hex, wc_status_row(st)->message, err.offset);
	if (st == WC_OK)
	{
		CHECK_BYTES(enc, k.key_len, key, klen, "%s:%d decoded key", file, lineno);
		CHECK(k.ts.wall == wall && k.ts.logical == logical && k.ts.reserved == 0,
			  "%s:%d decoded timestamp %lld.%d", file, lineno, (long long) k.ts.wall, k.ts.logical);
		CHECK(k.version_len == 0 || k.version_len == 8 || k.version_len == 12 || k.version_len == 13,
			  "%s:%d version length", file, lineno);
	}
	free(enc);
	free(key);
}

/* Compare two encoded keys; returns the sign, or 99 on a decode error. */
static int
compare_hex(const char *a_hex, const char *b_hex)
{
	size_t		alen,
				blen;
	wc_error	err;
	uint8_t    *a = exact(a_hex, &alen);
	uint8_t    *b = exact(b_hex, &blen);
	int			cmp = 0,
				bad;
	wc_status st = wc_mvcc_compare(a, alen, b, blen, &cmp, &bad, &err);

	free(a);
	free(b);
	return st == WC_OK ? cmp : 99;
}

/* mvcc_keys.tsv: key_hex, walltime, logical, encoded_hex */
static void
test_keys(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mvcc_keys.tsv");
	while (wc_tsv_next(&t))
	{
		int64_t		wall = strtoll(t.field[1], NULL, 10);
		int64_t		logical = strtoll(t.field[2], NULL, 10);

		rows++;
		check_encode("mvcc_keys.tsv", t.lineno, t.field[0], wall, logical, t.field[3]);
		check_decode("mvcc_keys.tsv", t.lineno, t.field[3], t.field[0], wall, logical);
		CHECK(compare_hex(t.field[3], t.field[3]) == 0, "mvcc_keys.tsv:%d equal to itself", t.lineno);
	}
	wc_tsv_close(&t);
	CHECK(rows == 150, "mvcc_keys.tsv: %d rows", rows);
}

/* mvcc_invalid.tsv: encoded_hex, reason, ... -- malformed (22P03) */
static void
test_invalid(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mvcc_invalid.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		len;
		wc_error	err = {.offset = 9999};
		uint8_t    *in = exact(t.field[0], &len);
		wc_mvcc_key k;
		wc_status st = wc_mvcc_decode(in, len, &k, &err);
		int			cmp,
					bad = -1;
		uint8_t		ok_key[1] = {0};

		rows++;
		CHECK(st != WC_OK && !(wc_status_row(st)->klass == WC_CLASS_RANGE) && err.offset < len,
			  "mvcc_invalid.tsv:%d %s (%s): status %d offset %zu", t.lineno, t.field[0], t.field[1], st, err.offset);
		/* the comparator refuses it too, on either side */
		CHECK(wc_mvcc_compare(ok_key, 1, in, len, &cmp, &bad, &err) == st && bad == 1,
			  "mvcc_invalid.tsv:%d compare right", t.lineno);
		CHECK(wc_mvcc_compare(in, len, ok_key, 1, &cmp, &bad, &err) == st && bad == 0,
			  "mvcc_invalid.tsv:%d compare left", t.lineno);
		free(in);
	}
	wc_tsv_close(&t);
	CHECK(rows == 16, "mvcc_invalid.tsv: %d rows", rows);
}

/* mvcc_keys_noncanonical.tsv: encoded_hex, key_hex, walltime, logical,
 * reencoded_hex, cmp_current, ... */
static void
test_noncanonical(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mvcc_keys_noncanonical.tsv");
	while (wc_tsv_next(&t))
	{
		int64_t		wall = strtoll(t.field[2], NULL, 10);
		int64_t		logical = strtoll(t.field[3], NULL, 10);

		rows++;
		check_decode("mvcc_keys_noncanonical.tsv", t.lineno, t.field[0], t.field[1], wall, logical);
		check_encode("mvcc_keys_noncanonical.tsv", t.lineno, t.field[1], wall, logical, t.field[4]);
		CHECK(compare_hex(t.field[0], t.field[4]) == atoi(t.field[5]) &&
			  compare_hex(t.field[4], t.field[0]) == -atoi(t.field[5]),
			  "mvcc_keys_noncanonical.tsv:%d comparator %s", t.lineno, t.field[5]);
	}
	wc_tsv_close(&t);
	CHECK(rows == 5, "mvcc_keys_noncanonical.tsv: %d rows", rows);
}

/* mvcc_keys_synthetic.tsv: key_hex, walltime, logical, synthetic,
 * encoded_hex_21_1_to_23_1, decoded_now_walltime, decoded_now_logical,
 * reencoded_now_hex */
static void
test_synthetic(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mvcc_keys_synthetic.tsv");
	while (wc_tsv_next(&t))
	{
		int64_t		wall = strtoll(t.field[5], NULL, 10);
		int64_t		logical = strtoll(t.field[6], NULL, 10);

		rows++;
		check_decode("mvcc_keys_synthetic.tsv", t.lineno, t.field[4], t.field[0], wall, logical);
		check_encode("mvcc_keys_synthetic.tsv", t.lineno, t.field[0], wall, logical, t.field[7]);
		CHECK(compare_hex(t.field[4], t.field[7]) == 0,
			  "mvcc_keys_synthetic.tsv:%d old and new encodings compare equal", t.lineno);
	}
	wc_tsv_close(&t);
	CHECK(rows == 20, "mvcc_keys_synthetic.tsv: %d rows", rows);
}

/* mvcc_keys_negative.tsv: key_hex, walltime, logical, encoded_hex -- 22003 */
static void
test_negative(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mvcc_keys_negative.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		len;
		wc_error	err = {.offset = 9999};
		uint8_t    *in = exact(t.field[3], &len);
		wc_mvcc_key k;
		wc_status st = wc_mvcc_decode(in, len, &k, &err);
		int			neg_wall = t.field[1][0] == '-';

		rows++;
		CHECK(st == (neg_wall ? WC_HLC_WALL_RANGE : WC_HLC_LOGICAL_RANGE) && err.offset < len,
			  "mvcc_keys_negative.tsv:%d %s: status %d offset %zu", t.lineno, t.field[3], st, err.offset);
		free(in);
	}
	wc_tsv_close(&t);
	CHECK(rows == 6, "mvcc_keys_negative.tsv: %d rows", rows);
}

/* mvcc_order.tsv: a_hex, b_hex, cmp_current, cmp_22_1_to_24, cmp_le_21_2, bytewise */
static void
test_order(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mvcc_order.tsv");
	while (wc_tsv_next(&t))
	{
		int			want = atoi(t.field[2]);
		size_t		alen,
					blen;
		uint8_t    *a = exact(t.field[0], &alen);
		uint8_t    *b = exact(t.field[1], &blen);
		size_t		m = alen < blen ? alen : blen;
		int			bytewise = m ? sign(memcmp(a, b, m)) : 0;

		if (bytewise == 0)
			bytewise = sign((int) alen - (int) blen);
		rows++;
		CHECK(compare_hex(t.field[0], t.field[1]) == want && compare_hex(t.field[1], t.field[0]) == -want,
			  "mvcc_order.tsv:%d %s vs %s: want %d", t.lineno, t.field[0], t.field[1], want);
		CHECK(bytewise == atoi(t.field[5]), "mvcc_order.tsv:%d bytewise column", t.lineno);
		free(a);
		free(b);
	}
	wc_tsv_close(&t);
	CHECK(rows == 125, "mvcc_order.tsv: %d rows", rows);
}

/* The spec's rejected examples with their offsets, and its order chain. */
static void
test_spec_cases(void)
{
	static const struct
	{
		const char *hex;
		wc_status st;
		size_t		off;
	}			bad[] = {
		{"", WC_MVCC_EMPTY, 0},
		{"01", WC_MVCC_LEN_ONE, 0},
		{"610001", WC_MVCC_LEN_ONE, 2},
		{"ab00ffff03", WC_MVCC_VERSION_LEN, 4},
		{"ab00ffffffffffffffff0f", WC_MVCC_LEN_EXCEEDS, 10},
		{"6109", WC_MVCC_LEN_EXCEEDS, 1},
		{"610116cf10bc0505574109", WC_MVCC_SENTINEL, 1},
		{"00ffffffffffffffff09", WC_HLC_WALL_RANGE, 1},
		{"000000000000000000ffffffff0d", WC_HLC_LOGICAL_RANGE, 9},
		{"0016cf10bc0505574100000000ff0e", WC_OK, 0},
		{"00ffffffffffffffffffffffffff0e", WC_HLC_WALL_RANGE, 1},
	};
	/* each sorts before the next */
	static const char *chain[] = {
		"6100",					/* a */
		"61007fffffffffffffff7fffffff0d",	/* a@max */
		"61000000000000000001000000000d",	/* a@(1,0), 12-byte form */
		"61000000000000000000000000010d",	/* a@(0,1) */
		"6100000000000000000009",	/* a@(0,0): a zero-valued version */
		"610000",				/* a\x00 */
		"610000000000000000000109",	/* a\x00@(1,0) */
		"610100",				/* a\x01 */
		"6200",					/* b */
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
	{
		size_t		len;
		wc_error	err = {.offset = 9999};
		uint8_t    *in = exact(bad[i].hex, &len);
		wc_mvcc_key k;
		wc_status st = wc_mvcc_decode(in, len, &k, &err);

		CHECK(st == bad[i].st && (st == WC_OK || err.offset == bad[i].off),
			  "decode %s: status %d (%s) offset %zu", bad[i].hex, st, wc_status_row(st)->message, err.offset);
		free(in);
	}
	for (size_t i = 0; i + 1 < sizeof(chain) / sizeof(chain[0]); i++)
		for (size_t j = i + 1; j < sizeof(chain) / sizeof(chain[0]); j++)
			CHECK(compare_hex(chain[i], chain[j]) == -1 && compare_hex(chain[j], chain[i]) == 1,
				  "order %s < %s", chain[i], chain[j]);
	/* every status is described */
	for (int st = WC_OK; st < WC_STATUS_COUNT; st++)
		CHECK(strlen(wc_status_row((wc_status) st)->message) > 0, "status %d described", st);
	/* a long key encodes with its bytes intact */
	{
		uint8_t		key[4096];
		uint8_t		out[4096 + 14];
		wc_hlc		ts = {1, 2, 0};
		wc_error	err;
		wc_mvcc_key k;

		for (size_t i = 0; i < sizeof(key); i++)
			key[i] = (uint8_t) i;
		CHECK(wc_mvcc_encode(key, sizeof(key), &ts, out) == sizeof(out) &&
			  wc_mvcc_decode(out, sizeof(out), &k, &err) == WC_OK &&
			  k.key_len == sizeof(key) && memcmp(out, key, sizeof(key)) == 0 &&
			  k.ts.wall == 1 && k.ts.logical == 2, "4096-byte key");
	}
}

/* What the error says besides the offset: the field and expected/found. */
static void
test_error_detail(void)
{
	static const struct
	{
		const char *hex;
		wc_status st;
		size_t		off;
		const char *field;
		unsigned	has;
		uint64_t	expected;
		uint64_t	found;
	}			cases[] = {
		{"", WC_MVCC_EMPTY, 0, NULL, WC_HAS_OFFSET, 0, 0},
		{"610001", WC_MVCC_LEN_ONE, 2, NULL, WC_HAS_OFFSET, 0, 0},
		/* the key is 3 bytes: its last byte may be at most 2 */
		{"610009", WC_MVCC_LEN_EXCEEDS, 2, NULL,
		WC_HAS_OFFSET | WC_HAS_EXPECTED | WC_HAS_FOUND, 2, 9},
		{"61ff000000000000000109", WC_MVCC_SENTINEL, 1, NULL,
		WC_HAS_OFFSET | WC_HAS_EXPECTED | WC_HAS_FOUND, 0x00, 0xff},
		{"61000000000000000001000a", WC_MVCC_VERSION_LEN, 11, NULL,
		WC_HAS_OFFSET | WC_HAS_FOUND, 0, 9},
		{"61008000000000000001000000000d", WC_HLC_WALL_RANGE, 2, NULL,
		WC_HAS_OFFSET | WC_HAS_FOUND, 0, 0x8000000000000001ull},
		{"61000000000000000001ffffffff0d", WC_HLC_LOGICAL_RANGE, 10, NULL,
		WC_HAS_OFFSET | WC_HAS_FOUND, 0, 0xffffffffu},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		size_t		len;
		uint8_t    *in = exact(cases[i].hex, &len);
		wc_mvcc_key k;
		wc_error	err;
		wc_status	st = wc_mvcc_decode(in, len, &k, &err);
		int			field_ok = cases[i].field == NULL ? err.field == NULL :
			err.field != NULL && strcmp(err.field, cases[i].field) == 0;

		CHECK(st == cases[i].st && err.status == st && err.offset == cases[i].off &&
			  err.has == cases[i].has && field_ok &&
			  (!(err.has & WC_HAS_EXPECTED) || err.expected == cases[i].expected) &&
			  (!(err.has & WC_HAS_FOUND) || err.found == cases[i].found),
			  "error detail %s: status %d offset %zu field %s has %u expected %llu found %llu",
			  cases[i].hex, st, err.offset, err.field ? err.field : "-", err.has,
			  (unsigned long long) err.expected, (unsigned long long) err.found);
		CHECK(wc_mvcc_decode(in, len, &k, NULL) == st, "decode %s without a wc_error", cases[i].hex);
		free(in);
	}
}

/* Encoding and ordering keys of 1 MB reach the interrupt hook. */
static void
test_interrupts(void)
{
	size_t		mb = 1 << 20;
	wc_hlc		ts = {0};
	uint8_t    *key = malloc(mb);
	uint8_t    *a = malloc(mb + 14);
	uint8_t    *b = malloc(mb + 14);
	wc_mvcc_key ka,
				kb;
	long		calls;
	size_t		na,
				nb;

	memset(key, 'k', mb);
	ts.wall = 2;
	wc_interrupts_count_start();
	na = wc_mvcc_encode(key, mb, &ts, a);
	ts.wall = 1;
	nb = wc_mvcc_encode(key, mb, &ts, b);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= 2 * (long) (mb / WC_INTERRUPT_BYTES - 1), "1 MB keys encoded: %ld checks", calls);
	CHECK(wc_mvcc_decode(a, na, &ka, NULL) == WC_OK && wc_mvcc_decode(b, nb, &kb, NULL) == WC_OK,
		  "1 MB keys decode");
	wc_interrupts_count_start();
	CHECK(wc_mvcc_cmp_decoded(a, &ka, b, &kb) == -1 && wc_mvcc_cmp_decoded(b, &kb, a, &ka) == 1,
		  "1 MB keys: newer first");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= 2 * (long) (mb / WC_INTERRUPT_BYTES - 1), "1 MB keys compared: %ld checks", calls);
	/* a difference past the first piece still orders */
	b[mb - 1] = 'j';
	CHECK(wc_mvcc_cmp_decoded(a, &ka, b, &kb) == 1 && wc_mvcc_cmp_decoded(b, &kb, a, &ka) == -1,
		  "1 MB keys differing in the last byte");
	b[100000] = 'z';
	CHECK(wc_mvcc_cmp_decoded(a, &ka, b, &kb) == -1, "1 MB keys differing in the second piece");
	free(key);
	free(a);
	free(b);
}

int
main(void)
{
	test_interrupts();
	test_keys();
	test_invalid();
	test_noncanonical();
	test_synthetic();
	test_negative();
	test_order();
	test_spec_cases();
	test_error_detail();
	return wc_summary("test_mvcc");
}
