/*
 * bench_hlc.c: ns/op of the CockroachDB core (HLC timestamps and MVCC
 * keys), to set beside CockroachDB's Go figures in the spec (section 7).
 * Inputs rotate through a small table so no result can be hoisted out of
 * the loop; a memcpy of the same bytes is the baseline for encoding.
 */
#include <string.h>

#include "bench.h"
#include "hlc.h"
#include "mvcc.h"

#define N 8						/* rotating inputs per case */
#define ITERS 5000000L

int
main(void)
{
	static uint8_t key3[3] = {'f', 'o', 'o'};
	static const uint8_t other[4] = {'f', 'o', 'p', 0};
	static uint8_t key4k[4096];
	static uint8_t out[4096 + 14];
	static uint8_t enc[3][N][17];
	static size_t enc_len[3][N];
	wc_hlc		ts[3][N];
	wc_hlc		many[N];
	char		dec_text[N][WC_HLC_TEXT_MAX];
	char		crdb_text[N][WC_HLC_CRDB_TEXT_MAX];
	uint8_t		proto[N][WC_HLC_PROTO_MAX];
	size_t		proto_len[N];
	const char *shape[3] = {"empty", "wall", "wall+logical"};
	char		name[96];

	for (size_t i = 0; i < sizeof(key4k); i++)
		key4k[i] = (uint8_t) (i * 7);
	for (int i = 0; i < N; i++)
	{
		int64_t		w = 1643550788737652545 + i * 1000003;

		ts[0][i] = (wc_hlc) {0, 0, 0};
		ts[1][i] = (wc_hlc) {w, 0, 0};
		ts[2][i] = (wc_hlc) {w, 65535 + i, 0};
		many[i] = (wc_hlc) {w - (i & 1) * 1000, i & 2, 0};
		for (int s = 0; s < 3; s++)
			enc_len[s][i] = wc_mvcc_encode(key3, 3, &ts[s][i], enc[s][i]);
		wc_hlc_format(&ts[2][i], dec_text[i]);
		wc_hlc_format_crdb(&ts[2][i], crdb_text[i]);
		proto_len[i] = wc_hlc_proto_encode(&ts[2][i], proto[i]);
	}

	printf("== MVCC keys (CockroachDB Go: EncodeMVCCKeyToBuf 9.3/11.2/11.4 ns for a 3-byte key, DecodeMVCCKey 7.4-7.9 ns)\n");
	for (int s = 0; s < 3; s++)
	{
		snprintf(name, sizeof(name), "baseline memcpy %zu bytes (3-byte key, %s)", enc_len[s][0], shape[s]);
		WC_BENCH(name, ITERS, {
			memcpy(out, enc[s][wc_i_ & (N - 1)], enc_len[s][0]);
			WC_KEEP(out);
		});
		snprintf(name, sizeof(name), "mvcc encode 3-byte key, %s", shape[s]);
		WC_BENCH(name, ITERS, {
			size_t n = wc_mvcc_encode(key3, 3, &ts[s][wc_i_ & (N - 1)], out);
			WC_KEEP(n);
			WC_KEEP(out);
		});
	}
	for (int s = 0; s < 3; s++)
	{
		snprintf(name, sizeof(name), "mvcc encode 4096-byte key, %s", shape[s]);
		WC_BENCH(name, ITERS / 20, {
			size_t n = wc_mvcc_encode(key4k, sizeof(key4k), &ts[s][wc_i_ & (N - 1)], out);
			WC_KEEP(n);
			WC_KEEP(out);
		});
	}
	for (int s = 0; s < 3; s++)
	{
		snprintf(name, sizeof(name), "mvcc decode, %s", shape[s]);
		WC_BENCH(name, ITERS, {
			wc_mvcc_key k;
			wc_error err;
			wc_status st = wc_mvcc_decode(enc[s][wc_i_ & (N - 1)], enc_len[s][0], &k, &err);
			WC_KEEP(st);
			WC_KEEP(k.ts.wall);
		});
	}
	WC_BENCH("mvcc compare, same key, different ts", ITERS, {
		int c;
		int bad;
		wc_error err;
		wc_status st = wc_mvcc_compare(enc[2][wc_i_ & (N - 1)], enc_len[2][0],
											enc[2][(wc_i_ + 1) & (N - 1)], enc_len[2][0], &c, &bad, &err);
		WC_KEEP(st);
		WC_KEEP(c);
	});
	WC_BENCH("mvcc compare, different key", ITERS, {
		int c;
		int bad;
		wc_error err;
		wc_status st = wc_mvcc_compare(enc[2][wc_i_ & (N - 1)], enc_len[2][0], other, 4, &c, &bad, &err);
		WC_KEEP(st);
		WC_KEEP(c);
	});

	printf("== HLC timestamps (CockroachDB Go: ParseHLC 618 ns, ParseTimestamp 415 ns, String() 60 ns, AsOfSystemTime() 130 ns, Compare 0.6-0.8 ns)\n");
	WC_BENCH("hlc parse decimal form (30 chars)", ITERS / 4, {
		wc_hlc v;
		wc_error err;
		const char *s = dec_text[wc_i_ & (N - 1)];
		wc_status st = wc_hlc_parse(s, 30, &v, &err);
		WC_KEEP(st);
		WC_KEEP(v.wall);
	});
	WC_BENCH("hlc parse String() form (26 chars)", ITERS / 4, {
		wc_hlc v;
		wc_error err;
		const char *s = crdb_text[wc_i_ & (N - 1)];
		wc_status st = wc_hlc_parse(s, 26, &v, &err);
		WC_KEEP(st);
		WC_KEEP(v.wall);
	});
	WC_BENCH("hlc print canonical %d.%010d", ITERS / 4, {
		char buf[WC_HLC_TEXT_MAX];
		size_t n = wc_hlc_format(&ts[2][wc_i_ & (N - 1)], buf);
		WC_KEEP(n);
		WC_KEEP(buf);
	});
	WC_BENCH("baseline snprintf %lld.%010d", ITERS / 20, {
		char buf[WC_HLC_TEXT_MAX];
		const wc_hlc *v = &ts[2][wc_i_ & (N - 1)];
		int n = snprintf(buf, sizeof(buf), "%lld.%010d", (long long) v->wall, v->logical);
		WC_KEEP(n);
		WC_KEEP(buf);
	});
	WC_BENCH("hlc print String() form", ITERS / 4, {
		char buf[WC_HLC_CRDB_TEXT_MAX];
		size_t n = wc_hlc_format_crdb(&ts[2][wc_i_ & (N - 1)], buf);
		WC_KEEP(n);
		WC_KEEP(buf);
	});
	WC_BENCH("hlc compare", ITERS, {
		int c = wc_hlc_cmp(&many[wc_i_ & (N - 1)], &many[(wc_i_ + 3) & (N - 1)]);
		WC_KEEP(c);
	});
	WC_BENCH("hlc is_empty", ITERS, {
		int e = wc_hlc_is_empty(&ts[wc_i_ % 3][wc_i_ & (N - 1)]);
		WC_KEEP(e);
	});
	WC_BENCH("hlc protobuf encode (wall+logical)", ITERS, {
		uint8_t buf[WC_HLC_PROTO_MAX];
		size_t n = wc_hlc_proto_encode(&ts[2][wc_i_ & (N - 1)], buf);
		WC_KEEP(n);
		WC_KEEP(buf);
	});
	WC_BENCH("hlc protobuf decode (wall+logical)", ITERS, {
		wc_hlc v;
		wc_error err;
		wc_status st = wc_hlc_proto_decode(proto[wc_i_ & (N - 1)], proto_len[0], &v, &err);
		WC_KEEP(st);
		WC_KEEP(v.wall);
	});
	return 0;
}
