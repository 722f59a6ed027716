/*
 * test_crdb_key.c: unit tests of the CockroachDB SQL key core
 * (src/core/crdb_key.c, crdb_key_print.c), driven by
 * test/vectors/crdb_key_values.tsv, crdb_key_pretty.tsv and
 * crdb_key_invalid.tsv.  Inputs sit in buffers of exactly their size, so
 * AddressSanitizer (make unit-san) catches any read past the end.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "crdb_key.h"
#include "harness.h"

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

/* Render with the printer into a malloc'd string of exactly its size. */
static char *
pretty(const uint8_t *k, size_t n, const uint8_t *dirs, size_t ndirs)
{
	uint8_t    *scratch = malloc(wc_crdb_pretty_scratch(n, ndirs));
	wc_crdb_out o = {NULL, 0, 0};
	char	   *r;

	wc_crdb_key_pretty(k, n, dirs, ndirs, scratch, &o);
	r = malloc(o.len + 1);
	o.buf = r;
	o.cap = o.len;
	o.len = 0;
	wc_crdb_key_pretty(k, n, dirs, ndirs, scratch, &o);
	r[o.len] = 0;
	free(scratch);
	return r;
}

static char *
elem_text(const uint8_t *p, size_t n, int dir)
{
	wc_crdb_out o = {NULL, 0, 0};
	char	   *r;

	wc_crdb_elem_text(p, n, 0, dir, &o);
	r = malloc(o.len + 1);
	o.buf = r;
	o.cap = o.len;
	o.len = 0;
	wc_crdb_elem_text(p, n, 0, dir, &o);
	r[o.len] = 0;
	return r;
}

static int
dir_of(const char *s)
{
	return strcmp(s, "desc") == 0 ? WC_CRDB_DESC : WC_CRDB_ASC;
}

/* Decode one element of `enc` and re-encode it from the decoded parts;
 * returns the re-encoding length in out (0 when the encoding has no
 * re-encoder here). */
static size_t
roundtrip(const char *id, const char *enc, int dir, const uint8_t *p, size_t n,
		  const char *pg_type, const char *pg_value, uint8_t *out)
{
	size_t		pos = 0;
	wc_error	err;
	wc_status	st = WC_OK;
	size_t		w = 0;

	if (strcmp(enc, "varint") == 0)
	{
		int64_t		v;

		st = wc_crdb_varint_get(p, n, &pos, dir, &v, &err);
		if (st == WC_OK && strcmp(pg_type, "int8") == 0)
			CHECK(v == strtoll(pg_value, NULL, 10), "%s: varint %lld", id, (long long) v);
		if (st == WC_OK)
			w = wc_crdb_varint_put(out, v, dir);
	}
	else if (strcmp(enc, "uvarint") == 0)
	{
		uint64_t	v;

		st = wc_crdb_uvarint_get(p, n, &pos, dir, &v, &err);
		if (st == WC_OK && strcmp(pg_type, "uint64") == 0)
			CHECK(v == strtoull(pg_value, NULL, 10), "%s: uvarint %llu", id, (unsigned long long) v);
		if (st == WC_OK)
			w = wc_crdb_uvarint_put(out, v, dir);
	}
	else if (strcmp(enc, "float") == 0)
	{
		double		d;

		st = wc_crdb_float_get(p, n, &pos, dir, &d, &err);
		if (st == WC_OK && strcmp(pg_type, "float8") == 0)
		{
			double		want = strtod(pg_value, NULL);

			CHECK((d != d && want != want) || d == want, "%s: float %.17g", id, d);
		}
		if (st == WC_OK)
			w = wc_crdb_float_put(out, d, dir);
	}
	else if (strcmp(enc, "bytes") == 0)
	{
		size_t		s,
					e,
					len;
		int			bd;

		st = wc_crdb_bytes_get(p, n, &pos, dir, &s, &e, &len, &bd, &err);
		if (st == WC_OK)
		{
			uint8_t    *buf = malloc(len + 1);

			wc_crdb_bytes_copy(p + s, e - s, bd, buf);
			if (strcmp(pg_type, "bytea") == 0)
			{
				size_t		wl;
				uint8_t    *want = exact(pg_value + 2, &wl);

				CHECK_BYTES(buf, len, want, wl, "%s: bytes payload", id);
				free(want);
			}
			else if (strcmp(pg_type, "text") == 0)
				CHECK(len == strlen(pg_value) && memcmp(buf, pg_value, len) == 0, "%s: text payload", id);
			w = wc_crdb_bytes_put(out, buf, len, dir);
			CHECK(wc_crdb_bytes_size(buf, len) == w, "%s: bytes size", id);
			free(buf);
		}
	}
	else if (strcmp(enc, "decimal") == 0)
	{
		wc_crdb_decimal d;

		st = wc_crdb_decimal_get(p, n, &pos, dir, &d, &err);
		if (st == WC_OK)
		{
			wc_crdb_out o = {NULL, 0, 0};
			char	   *txt;
			size_t		sz;

			wc_crdb_decimal_plain(&d, &o);
			txt = malloc(o.len + 1);
			o.buf = txt;
			o.cap = o.len;
			o.len = 0;
			wc_crdb_decimal_plain(&d, &o);
			CHECK(wc_crdb_decimal_size(txt, o.len, dir, &sz, &err) == WC_OK, "%s: decimal size", id);
			w = wc_crdb_decimal_put(out, txt, o.len, dir);
			CHECK(w == sz, "%s: decimal size %zu vs %zu", id, w, sz);
			free(txt);
		}
	}
	else if (strcmp(enc, "time") == 0)
	{
		int64_t		s,
					ns;

		st = wc_crdb_time_get(p, n, &pos, dir, &s, &ns, &err);
		if (st == WC_OK)
			w = wc_crdb_time_put(out, s, ns, dir);
	}
	else if (strcmp(enc, "timetz") == 0)
	{
		int64_t		t;
		int32_t		o;

		st = wc_crdb_timetz_get(p, n, &pos, dir, &t, &o, &err);
		if (st == WC_OK)
			w = wc_crdb_timetz_put(out, t, o, dir);
	}
	else if (strcmp(enc, "duration") == 0)
	{
		int64_t		m,
					d,
					ns;

		st = wc_crdb_duration_get(p, n, &pos, dir, &m, &d, &ns, &err);
		if (st == WC_OK)
			CHECK(wc_crdb_duration_put(out, m, d, ns, dir, &w, &err) == WC_OK, "%s: duration put", id);
	}
	else if (strcmp(enc, "bitarray") == 0)
	{
		size_t		words;
		uint64_t	nbits;
		int			bd;

		st = wc_crdb_bitarray_get(p, n, &pos, dir, &words, &nbits, &bd, &err);
		if (st == WC_OK)
		{
			uint8_t    *bits = malloc(nbits / 8 + 1);
			uint64_t	k;
			int			same = strlen(pg_value) == nbits;

			wc_crdb_bitarray_copy(p, words, bd, nbits, bits);
			for (k = 0; same && k < nbits; k++)
				same = ((bits[k / 8] >> (7 - k % 8)) & 1) == (uint8_t) (pg_value[k] - '0');
			CHECK(same, "%s: bits", id);
			CHECK(wc_crdb_bitarray_size(nbits) >= n, "%s: bit array size bound", id);
			w = wc_crdb_bitarray_put(out, bits, nbits, dir);
			free(bits);
		}
	}
	else if (strcmp(enc, "json") == 0)
	{
		wc_crdb_out o = {NULL, 0, 0};
		char	   *txt;

		st = wc_crdb_json_get(p, n, &pos, dir, &o, &err);
		if (st == WC_OK)
		{
			txt = malloc(o.len + 1);
			o.buf = txt;
			o.cap = o.len;
			o.len = 0;
			pos = 0;
			wc_crdb_json_get(p, n, &pos, dir, &o, &err);
			txt[o.len] = 0;
			CHECK(strcmp(txt, pg_value) == 0, "%s: JSON text %s", id, txt);
			free(txt);
		}
		return 0;
	}
	else
	{
		wc_crdb_enc e;

		while (st == WC_OK && pos < n)
			st = wc_crdb_elem_skip(p, n, &pos, dir, &e, &err);
		CHECK(st == WC_OK, "%s: %s elements", id, enc);
		return 0;
	}
	CHECK(st == WC_OK, "%s: decode %s: status %d at %zu", id, enc, (int) st, err.offset);
	CHECK(st != WC_OK || pos == n, "%s: consumed %zu of %zu", id, pos, n);
	return w;
}

static void
test_values(void)
{
	wc_tsv		t;

	wc_tsv_open(&t, "crdb_key_values.tsv");
	while (wc_tsv_next(&t))
	{
		const char *id = t.field[0],
				   *enc = t.field[1],
				   *pg_type = t.field[3],
				   *pg_value = t.field[4],
				   *crdb_text = t.field[6];
		int			dir = dir_of(t.field[2]);
		size_t		n;
		uint8_t    *p = exact(t.field[5], &n);
		uint8_t		out[4096];
		size_t		w = roundtrip(id, enc, dir, p, n, pg_type, pg_value, out);

		if (w && strncmp(id, "nc_", 3) != 0)
			CHECK_BYTES(out, w, p, n, "%s: re-encoding", id);
		/* the strict walker accepts the element in its direction */
		if (strcmp(enc, "uvarint") != 0 && strcmp(enc, "tuple") != 0)
		{
			size_t		pos = 0;
			wc_crdb_enc e;
			wc_error	err;

			CHECK(wc_crdb_elem_skip(p, n, &pos, dir, &e, &err) == WC_OK && pos == n,
				  "%s: element skip", id);
		}
		/* the printer, given the direction, shows crdb_text */
		if (strcmp(crdb_text, "-") != 0)
		{
			size_t		kn = n + 3;
			uint8_t    *k = malloc(kn);
			uint8_t		d = (uint8_t) dir;
			char	   *got;
			char		want[8192];

			k[0] = 0xb2;
			k[1] = 0x89;
			memcpy(k + 2, p, n);
			k[n + 2] = 0x88;
			got = pretty(k, kn, &d, 1);
			if (strcmp(enc, "json") == 0)
			{
				/* the printer quotes the rest of the key: drop the family */
				free(got);
				got = pretty(k, kn - 1, &d, 1);
				snprintf(want, sizeof(want), "/Table/42/1/%s", crdb_text);
			}
			else
				snprintf(want, sizeof(want), "/Table/42/1/%s/0", crdb_text);
			CHECK(strcmp(got, want) == 0, "%s: printed %s, want %s", id, got, want);
			free(got);
			free(k);
			if (strcmp(enc, "json") != 0 && strcmp(enc, "uvarint") != 0)
			{
				got = elem_text(p, n, dir);
				CHECK(strcmp(got, crdb_text) == 0, "%s: element text %s", id, got);
				free(got);
			}
		}
		free(p);
	}
	wc_tsv_close(&t);
}

static void
test_pretty(void)
{
	wc_tsv		t;

	wc_tsv_open(&t, "crdb_key_pretty.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		n;
		uint8_t    *k = exact(t.field[1], &n);
		char	   *got = pretty(k, n, NULL, 0);

		CHECK(strcmp(got, t.field[2]) == 0, "%s (%s): got %s, want %s", t.field[0], t.field[1], got, t.field[2]);
		free(got);
		free(k);
	}
	wc_tsv_close(&t);
}

/* crdb_key_elements' strict walk: prefix then every element. */
static wc_status
strict_key(const uint8_t *k, size_t n, wc_error *err)
{
	size_t		pos = 0;
	wc_crdb_prefix pf;
	wc_status	st = wc_crdb_prefix_get(k, n, &pos, &pf, err);
	wc_crdb_enc e;

	while (st == WC_OK && pos < n)
		st = wc_crdb_elem_skip(k, n, &pos, WC_CRDB_ANY, &e, err);
	return st;
}

static void
test_invalid(void)
{
	wc_tsv		t;

	wc_tsv_open(&t, "crdb_key_invalid.tsv");
	while (wc_tsv_next(&t))
	{
		const char *id = t.field[0],
				   *scope = t.field[1],
				   *enc = t.field[2];
		int			dir = dir_of(t.field[3]);
		size_t		n;
		uint8_t    *p;
		wc_error	err;
		wc_status	st = WC_OK;
		size_t		pos = 0;

		if (strcmp(scope, "element") != 0 && strcmp(scope, "key") != 0)
			continue;			/* typed and encode rows: SQL suite */
		p = exact(t.field[6], &n);
		if (strcmp(scope, "key") == 0)
			st = strict_key(p, n, &err);
		else if (strcmp(enc, "uvarint") == 0)
		{
			uint64_t	v;

			st = wc_crdb_uvarint_get(p, n, &pos, dir, &v, &err);
		}
		else if (strcmp(enc, "varint") == 0)
		{
			int64_t		v;

			st = wc_crdb_varint_get(p, n, &pos, dir, &v, &err);
		}
		else if (strcmp(enc, "float") == 0)
		{
			double		v;

			st = wc_crdb_float_get(p, n, &pos, dir, &v, &err);
		}
		else if (strcmp(enc, "decimal") == 0)
		{
			wc_crdb_decimal d;

			st = wc_crdb_decimal_get(p, n, &pos, dir, &d, &err);
		}
		else
		{
			wc_crdb_enc e;

			st = wc_crdb_elem_skip(p, n, &pos, dir, &e, &err);
			if (st == WC_OK)
			{
				const char *want = enc;
				const char *got = wc_crdb_enc_name(e);

				if (strncmp(got, want, strlen(want)) != 0)
					st = WC_ERR_BAD_BYTE;
				else if (pos != n)
					st = WC_ERR_TRAILING;
			}
		}
		CHECK(st != WC_OK, "%s: accepted %s", id, t.field[6]);
		CHECK(st == WC_OK || wc_status_row(st)->klass == WC_CLASS_BINARY, "%s: class", id);
		CHECK(st == WC_OK || err.offset <= n, "%s: offset %zu beyond %zu", id, err.offset, n);
		free(p);
	}
	wc_tsv_close(&t);
}

/* Decoder d (0 varint ... 10 JSON) in direction dir on p[0 .. n). */
static wc_status
decode_one(int d, int dir, const uint8_t *p, size_t n, wc_error *err)
{
	size_t		pos = 0,
				x,
				y,
				z;
	int64_t		a,
				b,
				c;
	int32_t		w;
	uint64_t	u;
	double		f;
	int			q;
	wc_crdb_decimal dec;

	switch (d)
	{
		case 0:
			return wc_crdb_varint_get(p, n, &pos, dir, &a, err);
		case 1:
			return wc_crdb_uvarint_get(p, n, &pos, dir, &u, err);
		case 2:
			return wc_crdb_float_get(p, n, &pos, dir, &f, err);
		case 3:
			return wc_crdb_decimal_get(p, n, &pos, dir, &dec, err);
		case 4:
			return wc_crdb_bytes_get(p, n, &pos, dir, &x, &y, &z, &q, err);
		case 5:
			return wc_crdb_time_get(p, n, &pos, dir, &a, &b, err);
		case 6:
			return wc_crdb_timetz_get(p, n, &pos, dir, &a, &w, err);
		case 7:
			return wc_crdb_duration_get(p, n, &pos, dir, &a, &b, &c, err);
		case 8:
			return wc_crdb_bitarray_get(p, n, &pos, dir, &x, &u, &q, err);
		case 9:
			return wc_crdb_array_open(p, n, &pos, dir, &q, err);
		default:
			return wc_crdb_json_get(p, n, &pos, dir, NULL, err);
	}
}

/*
 * Every element decoder's accepted first bytes, per direction, against
 * CockroachDB's decoder rules (encoding.go, float.go, decimal.go): a byte
 * outside the range is 22P03 at offset 0 whatever follows it, a byte inside
 * gets past the marker with some payload.  The lone NULL / not-NULL markers
 * (fe, ff, 00, 01) are among the bytes swept.
 */
static void
test_first_bytes(void)
{
	static const struct
	{
		const char *name;
		int			dec;
		int			dir;
		uint8_t		lo,
					hi;
	}			rule[] = {
		{"varint asc", 0, WC_CRDB_ASC, 0x80, 0xfd},
		{"varint desc", 0, WC_CRDB_DESC, 0x80, 0xfd},
		{"uvarint asc", 1, WC_CRDB_ASC, 0x88, 0xfd},
		{"uvarint desc", 1, WC_CRDB_DESC, 0x80, 0x88},
		{"float asc", 2, WC_CRDB_ASC, 0x02, 0x06},
		{"float desc", 2, WC_CRDB_DESC, 0x02, 0x06},
		{"decimal asc", 3, WC_CRDB_ASC, 0x18, 0x36},
		{"decimal desc", 3, WC_CRDB_DESC, 0x18, 0x36},
		{"bytes asc", 4, WC_CRDB_ASC, 0x12, 0x12},
		{"bytes desc", 4, WC_CRDB_DESC, 0x13, 0x13},
		{"time asc", 5, WC_CRDB_ASC, 0x14, 0x14},
		{"time desc", 5, WC_CRDB_DESC, 0x14, 0x14},
		{"timetz asc", 6, WC_CRDB_ASC, 0x3c, 0x3c},
		{"timetz desc", 6, WC_CRDB_DESC, 0x3c, 0x3c},
		{"interval asc", 7, WC_CRDB_ASC, 0x15, 0x17},
		{"interval desc", 7, WC_CRDB_DESC, 0x15, 0x17},
		{"bit array asc", 8, WC_CRDB_ASC, 0x3a, 0x3a},
		{"bit array desc", 8, WC_CRDB_DESC, 0x3b, 0x3b},
		{"array asc", 9, WC_CRDB_ASC, 0x3f, 0x3f},
		{"array desc", 9, WC_CRDB_DESC, 0x40, 0x40},
		{"JSON asc", 10, WC_CRDB_ASC, 0x45, 0x4c},
		{"JSON desc", 10, WC_CRDB_DESC, 0x4d, 0x54},
	};
	/* payloads after the first byte: none, terminators, varints, 9 bytes */
	static const struct
	{
		const char *s;
		size_t		n;
	}			tail[] = {
		{"", 0}, {"\x00\x01", 2}, {"\x88\x88\x88\x00", 4}, {"\x89\x88\x00", 3},
		{"\x88\xff\x88", 3}, {"\x88\x88\x88\xff", 4}, {"\xff\xfe", 2},
		{"\x00\x00\x00\x00\x00\x00\x00\x00\x00", 9}, {"\xff\xff\xff\xff\xff\xff\xff\xff\xff", 9},
	};
	size_t		r,
				t;
	int			b;

	for (r = 0; r < sizeof(rule) / sizeof(rule[0]); r++)
		for (b = 0; b < 256; b++)
		{
			int			passed = 0;
			int			inside = b >= rule[r].lo && b <= rule[r].hi;

			for (t = 0; t < sizeof(tail) / sizeof(tail[0]); t++)
			{
				uint8_t    *p = malloc(1 + tail[t].n);
				wc_error	err;
				wc_status	st;

				p[0] = (uint8_t) b;
				memcpy(p + 1, tail[t].s, tail[t].n);
				st = decode_one(rule[r].dec, rule[r].dir, p, 1 + tail[t].n, &err);
				free(p);
				if (st == WC_OK || st != WC_ERR_BAD_BYTE || err.offset != 0)
					passed = 1;
				if (!inside)
					CHECK(st == WC_ERR_BAD_BYTE && err.offset == 0 &&
						  wc_status_row(st)->klass == WC_CLASS_BINARY,
						  "%s: first byte %02x accepted (tail %zu)", rule[r].name, b, t);
			}
			if (inside)
				CHECK(passed, "%s: first byte %02x rejected", rule[r].name, b);
		}
	/* the lone NULL / not-NULL markers are no integers, in either direction */
	{
		static const uint8_t lone[] = {0x00, 0x01, 0xfe, 0xff};
		int			d;

		for (b = 0; b < 4; b++)
			for (d = WC_CRDB_ASC; d <= WC_CRDB_DESC; d++)
			{
				size_t		pos = 0;
				int64_t		v;
				wc_error	err;

				CHECK(wc_crdb_varint_get(lone + b, 1, &pos, d, &v, &err) == WC_ERR_BAD_BYTE &&
					  err.offset == 0, "lone %02x read as a varint", lone[b]);
			}
	}
}

/* Spec examples not in the vector files. */
static void
test_spec(void)
{
	static const struct
	{
		const char *hex;
		const char *text;
	}			ex[] = {
		{"b2f7", "/Table/42/255/PrefixEnd"},
		{"b26103", "/Table/42/\"a\\x03\""},
		{"b2050100", "/Table/42/???"},
		{"b20501", "/Table/42/7.291122019556397e-304/PrefixEnd"},
		{"b22a0089", "/Table/42/?\?\?/1"},
		{"b212610003", "/Table/42/???"},
		{"f900", "/Table/err:ExpectedTableID-FoundTypeUnknown"},
		{"02", "/Meta1/\"\""},
		{"06", "\"\\x06\""},
		{"b207", "/Table/42/\"\\a\""},
		{"bd89f8ffffff0088", "/Table/53/1/16777215/NULL/0"},
		{"b2fe", "/Table/42/!NULL"},
		{"b240fe87fdff", "/Table/42/ARRAY[!NULL,-3]"},
		/* local keys: printer.go's suffix tables (constants.go values) */
		{"0169f80f42417272676368", "/Local/RangeID/1000001/r/RangeGCHint"},
		{"0169f80f42417572667462", "/Local/RangeID/1000001/u/RangeTombstone"},
		{"0169f80f42417272736c2d126f1b5c2e0a5d4f3c9c2b3d4e5f6071820001",
		"/Local/RangeID/1000001/r/ReplicatedSharedLocksTransactionLatch/\"6f1b5c2e-0a5d-4f3c-9c2b-3d4e5f607182\""},
		{"0169f80f42417273746174", "/Local/RangeID/1000001/r/RangeStats"},
		{"0169f80f42417572667462898a", "/Local/RangeID/1000001/u/RangeTombstone/1/2"},
		{"0169f80f4241757266746c0000000000030d41ff", "/Local/RangeID/1000001/u/RaftLog/logIndex:200001"},
		{"0169f80f424172726c6c2d89", "/Local/RangeID/1000001/r/RangeLease/1"},
		{"0169f80f4241727266666b", "/Local/RangeID/1000001/r\"rffk\""},
		{"0169f80f4241", "/Local/RangeID/1000001"},
		{"017373746e6712610001", "/Local/Store/cachedSettings/\"a\""},
		{"017373746e6712bd890001", "/Local/Store/cachedSettings//Table/53/1"},
		{"01736964656e78", "/Local/Store/storeIdent"},
		{"017373746e671261", "/Local/Store/\"stng\\x12a\""},
		{NULL, NULL}
	};
	int			i;

	for (i = 0; ex[i].hex; i++)
	{
		size_t		n;
		uint8_t    *k = exact(ex[i].hex, &n);
		char	   *got = pretty(k, n, NULL, 0);

		CHECK(strcmp(got, ex[i].text) == 0, "spec %s: got %s, want %s", ex[i].hex, got, ex[i].text);
		free(got);
		free(k);
	}
	/* a desc array with directions: fe is the NULL element */
	{
		size_t		n;
		uint8_t    *k = exact("b28940fe87fdff", &n);
		uint8_t		d = WC_CRDB_DESC;
		char	   *got = pretty(k, n, &d, 1);

		CHECK(strcmp(got, "/Table/42/1/ARRAY[NULL,2]") == 0, "desc array: %s", got);
		free(got);
		free(k);
	}
	/* encoders: interval overflow, spec examples */
	{
		uint8_t		out[32];
		size_t		w;
		wc_error	err;

		CHECK(wc_crdb_duration_put(out, -3600, 0, 0, WC_CRDB_DESC, &w, &err) == WC_ERR_DATETIME_RANGE,
			  "interval sort overflow");
		w = wc_crdb_decimal_put(out, "12.34", 5, WC_CRDB_ASC);
		CHECK_BYTES(out, w, (const uint8_t *) "\x2a\x19\x44\x00", 4, "decimal 12.34");
		w = wc_crdb_decimal_put(out, "-10", 3, WC_CRDB_ASC);
		CHECK_BYTES(out, w, (const uint8_t *) "\x24\xeb\x00", 3, "decimal -10");
		w = wc_crdb_decimal_put(out, "0.000", 5, WC_CRDB_ASC);
		CHECK_BYTES(out, w, (const uint8_t *) "\x27", 1, "decimal 0");
		/* from digits and a power of ten: as from the text */
		{
			static const struct
			{
				const char *digits;
				int			neg;
				int64_t		exp10;
				const char *text;
			}			dv[] = {
				{"1234", 0, -2, "12.34"}, {"10", 1, 0, "-10"}, {"000", 0, -3, "0.000"},
				{"0012300", 0, -7, "0.0012300"}, {"5", 1, 30, "-5000000000000000000000000000000"},
				{"7", 0, -40, "0.0000000000000000000000000000000000000007"}, {"99", 0, 1, "990"},
			};

			for (size_t i = 0; i < sizeof(dv) / sizeof(dv[0]); i++)
				for (int dir = WC_CRDB_ASC; dir <= WC_CRDB_DESC; dir++)
				{
					uint8_t		a[64],
								b[64];
					size_t		na = wc_crdb_decimal_digits_put(a, dv[i].neg, dv[i].digits,
																strlen(dv[i].digits), dv[i].exp10, dir);
					size_t		nb = wc_crdb_decimal_put(b, dv[i].text, strlen(dv[i].text), dir);

					CHECK(na == wc_crdb_decimal_digits_put(NULL, dv[i].neg, dv[i].digits,
														   strlen(dv[i].digits), dv[i].exp10, dir),
						  "decimal digits size %s", dv[i].text);
					CHECK_BYTES(a, na, b, nb, "decimal digits %s", dv[i].text);
				}
		}
	}
}

/* Long keys reach the interrupt hook: per 64 KB of bytes sized, escaped and
 * scanned, per 4096 elements of a pretty-printed key. */
static void
test_interrupts(void)
{
	const size_t mb = 1 << 20,
				n = 100000;
	uint8_t    *s = malloc(mb),
			   *enc = malloc(2 * mb + 3),
			   *scratch;
	size_t		len,
				pos = 0,
				start,
				end,
				got;
	int			is_desc;
	wc_error	err;
	wc_crdb_out o;
	long		calls;

	memset(s, 'a', mb);
	wc_interrupts_count_start();
	CHECK(wc_crdb_bytes_size(s, mb) == mb + 3, "1 MB sized");
	len = wc_crdb_bytes_put(enc, s, mb, WC_CRDB_ASC);
	CHECK(wc_crdb_bytes_get(enc, len, &pos, WC_CRDB_ANY, &start, &end, &got, &is_desc, &err) == WC_OK &&
		  got == mb, "1 MB read back: %zu", got);
	wc_crdb_bytes_copy(enc + start, end - start, is_desc, s);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= 4 * ((long) (mb / WC_INTERRUPT_BYTES) - 1), "1 MB bytes: %ld checks", calls);

	/* a key of 100k small integers */
	memset(enc, 0x89, n);
	scratch = malloc(wc_crdb_pretty_scratch(n, 0));
	o.cap = 8 * n;
	o.buf = malloc(o.cap);
	o.len = 0;
	wc_interrupts_count_start();
	wc_crdb_key_pretty(enc, n, NULL, 0, scratch, &o);
	calls = wc_interrupts_count_stop();
	CHECK(o.len >= 2 * n, "100k elements printed: %zu bytes", o.len);
	CHECK(calls >= (long) (n / WC_INTERRUPT_STRIDE), "print 100k elements: %ld checks", calls);
	free(s);
	free(enc);
	free(scratch);
	free(o.buf);
}

int
main(void)
{
	test_values();
	test_pretty();
	test_invalid();
	test_first_bytes();
	test_spec();
	test_interrupts();
	return wc_summary("test_crdb_key");
}
