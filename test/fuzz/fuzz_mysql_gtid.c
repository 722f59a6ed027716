/*
 * fuzz_mysql_gtid.c: libFuzzer target over the GTID set core.  The input is
 * two texts a and b, split at the first '|' (b empty without one).  Each
 * accepted text checks, with abort() on a mismatch:
 *   - the size-first parse counts what the second stores, at most
 *     len / 2 + 1 members;
 *   - the canonical text is at most the text's length plus one byte, and
 *     a fixed point: it parses again and prints byte-identical;
 *   - the set contains itself, and parse_one agrees with the set of one.
 * When both are accepted: union(a, b) contains a and b, its text is at most
 * both lengths plus two; with no MariaDB GTID in either, union(a, b) and
 * union(b, a) print the same text; b's members added to a one at a time
 * (wc_gtid_set_add) print as union(a, b).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_gtid.h"

static void
check(int ok)
{
	if (!ok)
		abort();
}

/* Parse text into a normalized set (members malloc'd); 0 when rejected. */
static int
parse(const char *text, size_t len, wc_gtid_set *set)
{
	wc_gtid_set count = {0};
	wc_error	err;

	memset(set, 0, sizeof(*set));
	if (wc_gtid_set_parse(&count, text, len, &err) != WC_OK)
	{
		check(err.has & WC_HAS_OFFSET && err.offset <= len && err.has & WC_HAS_INDEX);
		check(wc_status_row(err.status)->klass == WC_CLASS_TEXT);
		return 0;
	}
	check(count.n <= len / 2 + 1);
	set->items = malloc((count.n ? count.n : 1) * sizeof(wc_gtid));
	set->cap = count.n;
	check(wc_gtid_set_parse(set, text, len, &err) == WC_OK && set->n == count.n);
	wc_gtid_set_normalize(set);
	return 1;
}

/* The canonical text of set, malloc'd (*len bytes). */
static char *
format(const wc_gtid_set *set, size_t *len)
{
	size_t		need,
				again;
	char	   *out;

	wc_gtid_set_format(set, NULL, 0, &need);
	out = malloc(need + 1);
	wc_gtid_set_format(set, out, need, &again);
	check(again == need);
	*len = need;
	return out;
}

static int
has_mariadb(const wc_gtid_set *set)
{
	return set->n > 0 && set->items[set->n - 1].kind == WC_GTID_MARIADB;
}

/* The checks of one accepted text; its canonical text returned. */
static char *
one_text(const char *text, size_t len, wc_gtid_set *set, size_t *outlen)
{
	wc_gtid_set again;
	char	   *out = format(set, outlen),
			   *out2;
	size_t		len2;
	wc_gtid		g;

	check(*outlen <= len + 1);
	check(parse(out, *outlen, &again));
	out2 = format(&again, &len2);
	check(len2 == *outlen && memcmp(out, out2, len2) == 0);
	check(wc_gtid_set_contains(set, &again) && wc_gtid_set_contains(&again, set));
	if (wc_gtid_parse_one(text, len, &g, NULL) == WC_OK)
		check(set->n == 1 && wc_gtid_set_contains_gtid(set, &g));
	free(out2);
	free(again.items);
	return out;
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *a = (const char *) data;
	const char *bar = memchr(data, '|', size);
	size_t		alen = bar ? (size_t) (bar - a) : size;
	const char *b = bar ? bar + 1 : a + size;
	size_t		blen = size - alen - (bar ? 1 : 0);
	wc_gtid_set sa,
				sb,
				uab,
				uba;
	int			oka = parse(a, alen, &sa),
				okb = parse(b, blen, &sb);
	size_t		ta = 0,
				tb = 0,
				lab,
				lba;
	char	   *ca = oka ? one_text(a, alen, &sa, &ta) : NULL;
	char	   *cb = okb ? one_text(b, blen, &sb, &tb) : NULL;

	if (oka && okb)
	{
		char	   *xab,
				   *xba;

		uab = (wc_gtid_set)
		{
			.items = malloc((sa.n + sb.n + 1) * sizeof(wc_gtid)),.cap = sa.n + sb.n
		};
		uba = (wc_gtid_set)
		{
			.items = malloc((sa.n + sb.n + 1) * sizeof(wc_gtid)),.cap = sa.n + sb.n
		};
		check(wc_gtid_set_union(&sa, &sb, &uab, NULL) == WC_OK);
		check(wc_gtid_set_union(&sb, &sa, &uba, NULL) == WC_OK);
		check(wc_gtid_set_contains(&uab, &sa) && wc_gtid_set_contains(&uab, &sb));
		check(wc_gtid_set_contains(&uba, &sa) && wc_gtid_set_contains(&uba, &sb));
		xab = format(&uab, &lab);
		xba = format(&uba, &lba);
		check(lab <= alen + blen + 2);
		if (!has_mariadb(&sa) && !has_mariadb(&sb))
			check(lab == lba && memcmp(xab, xba, lab) == 0);
		/* b's members added to a one at a time: the union again */
		memcpy(uba.items, sa.items, sa.n * sizeof(wc_gtid));
		uba.n = sa.n;
		uba.next_order = sa.next_order;
		for (size_t i = 0; i < sb.n; i++)
			check(wc_gtid_set_add(&uba, &sb.items[i], NULL) == WC_OK);
		free(xba);
		xba = format(&uba, &lba);
		check(lab == lba && memcmp(xab, xba, lab) == 0);
		free(xab);
		free(xba);
		free(uab.items);
		free(uba.items);
	}
	if (oka)
		free(sa.items);
	if (okb)
		free(sb.items);
	free(ca);
	free(cb);
	return 0;
}
