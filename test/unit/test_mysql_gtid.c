/*
 * test_mysql_gtid.c: unit tests of the GTID set core (src/core/mysql_gtid.c):
 * gtid_executed and gtid_slave_pos strings as servers print them, merging,
 * MariaDB's last GTID per domain, tags, the limits, union, contains and
 * every error with its byte offset and element.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mysql_gtid.h"

#define MAXN 256

static wc_gtid items_a[MAXN],
			items_b[MAXN],
			items_u[2 * MAXN];

/* Parse text into set (items, room MAXN), normalized; the status. */
static wc_status
parse(const char *text, wc_gtid_set *set, wc_gtid *items, wc_error *err)
{
	wc_gtid_set count = {0};
	wc_status	st;

	memset(set, 0, sizeof(*set));
	set->items = items;
	set->cap = MAXN;
	/* the size-first call counts exactly what the second stores */
	if (wc_gtid_set_parse(&count, text, strlen(text), NULL) == WC_OK)
		CHECK(count.n <= strlen(text) / 2 + 1, "%s: %zu members bound", text, count.n);
	st = wc_gtid_set_parse(set, text, strlen(text), err);
	if (st == WC_OK)
	{
		CHECK(count.n == set->n, "%s: counted %zu, parsed %zu", text, count.n, set->n);
		wc_gtid_set_normalize(set);
	}
	return st;
}

/* The canonical text of set, in a static buffer; its size-first call. */
static const char *
format(const wc_gtid_set *set)
{
	static char buf[8192];
	size_t		need = 0,
				need2 = 0;

	wc_gtid_set_format(set, NULL, 0, &need);
	CHECK(need < sizeof(buf), "format: %zu bytes", need);
	wc_gtid_set_format(set, buf, need, &need2);
	CHECK(need == need2, "format: sized %zu, wrote %zu", need, need2);
	buf[need] = '\0';
	return buf;
}

/* text parses and prints as want; want is a fixed point. */
static void
check_canon(const char *text, const char *want)
{
	wc_gtid_set s;
	wc_error	err = {0};
	const char *got;
	char		again[8192];

	if (parse(text, &s, items_a, &err) != WC_OK)
	{
		CHECK(0, "%s: status %d at %zu", text, err.status, err.offset);
		return;
	}
	got = format(&s);
	CHECK(strcmp(got, want) == 0, "%s: got '%s', want '%s'", text, got, want);
	CHECK(strlen(got) <= strlen(text) + 1, "%s: output longer than input", text);
	snprintf(again, sizeof(again), "%s", got);
	if (parse(again, &s, items_a, &err) == WC_OK)
		CHECK(strcmp(format(&s), again) == 0, "%s: not a fixed point", want);
	else
		CHECK(0, "%s: canonical text rejected", want);
}

/* Servers' own strings and their canonical forms. */
static void
test_canonical(void)
{
	/* MySQL 8.0 gtid_executed, as SHOW MASTER STATUS prints it */
	check_canon("3E11FA47-71CA-11E1-9E33-C80AA9429562:1-5,\n"
				"57b70f4e-20d3-11e5-a393-4a63946f7eac:1-56:58-99",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5,"
				"57b70f4e-20d3-11e5-a393-4a63946f7eac:1-56:58-99");
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:23", "3e11fa47-71ca-11e1-9e33-c80aa9429562:23");
	/* uuids sorted; intervals sorted and merged; 5-5 printed as 5 */
	check_canon("b0000000-0000-0000-0000-000000000000:7:1-3,a0000000-0000-0000-0000-000000000000:5-5",
				"a0000000-0000-0000-0000-000000000000:5,b0000000-0000-0000-0000-000000000000:1-3:7");
	/* adjacency: 1-5 and 6 are 1-6; overlap; containment */
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:6", "3e11fa47-71ca-11e1-9e33-c80aa9429562:1-6");
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:3-9:2", "3e11fa47-71ca-11e1-9e33-c80aa9429562:1-9");
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-10,3e11fa47-71ca-11e1-9e33-c80aa9429562:3",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:1-10");
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-3:7-9:5:4",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:7-9");
	/* the largest transaction number, and intervals up to it */
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:9223372036854775806",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:9223372036854775806");
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:9223372036854775805:1-9223372036854775804",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:1-9223372036854775805");
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:0001-007", "3e11fa47-71ca-11e1-9e33-c80aa9429562:1-7");
	/* MariaDB gtid_slave_pos: one per domain, by domain; the highest seq */
	check_canon("0-1-100,1-2-5", "0-1-100,1-2-5");
	check_canon("2-1-9,0-7-4,0-7-5", "0-7-5,2-1-9");
	check_canon("0-7-5,1-7-3,0-7-6", "0-7-6,1-7-3");
	check_canon("10-1-1,9-1-1", "9-1-1,10-1-1");
	/* among equal seqs the last one given */
	check_canon("0-1-5,0-2-5", "0-2-5");
	check_canon("0-1-7,0-2-5", "0-1-7");
	check_canon("4294967295-4294967295-18446744073709551615", "4294967295-4294967295-18446744073709551615");
	check_canon("0-0-0", "0-0-0");
	/* both kinds: MySQL first */
	check_canon("0-1-5,3e11fa47-71ca-11e1-9e33-c80aa9429562:1", "3e11fa47-71ca-11e1-9e33-c80aa9429562:1,0-1-5");
	/* empty and white space elements, white space around elements */
	check_canon("", "");
	check_canon(" , ,", "");
	check_canon("  0-1-5 ,\t1-1-2\r\n", "0-1-5,1-1-2");
	/* MySQL 8.4 tags: lower case, untagged first, tags in order */
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:Zz:3:aa:1-2,3e11fa47-71ca-11e1-9e33-c80aa9429562:5",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:5:aa:1-2:zz:3");
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:tag1:1-5,3e11fa47-71ca-11e1-9e33-c80aa9429562:TAG1:6",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:tag1:1-6");
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:_:1,3e11fa47-71ca-11e1-9e33-c80aa9429562:a:1:b:2:a:3",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:_:1:a:1:3:b:2");
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:abcdefghijklmnopqrstuvwxyz012345:1",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:abcdefghijklmnopqrstuvwxyz012345:1");
	/* a tag is a prefix of another: the shorter first */
	check_canon("3e11fa47-71ca-11e1-9e33-c80aa9429562:ab:1:a:1", "3e11fa47-71ca-11e1-9e33-c80aa9429562:a:1:ab:1");
}

/* text fails with status st at byte off of element elem; the error. */
static wc_error
check_error(const char *text, wc_status st, size_t off, int64_t elem)
{
	wc_gtid_set s;
	wc_error	err = {0};
	wc_status	got = parse(text, &s, items_a, &err);

	CHECK(got == st && err.status == st && (err.has & WC_HAS_OFFSET) && err.offset == off &&
		  (err.has & WC_HAS_INDEX) && err.index == elem && strcmp(err.index_kind, "element") == 0,
		  "'%s': status %d at %zu element %lld, want %d at %zu element %lld", text, got,
		  err.offset, (long long) err.index, st, off, (long long) elem);
	CHECK(wc_status_row(st)->klass == WC_CLASS_TEXT, "status %d is 22P02", st);
	return err;
}

/* The same for a uuid's element: its uuid, then rest. */
static wc_error
check_error_u(const char *rest, wc_status st, size_t off, int64_t elem)
{
	char		buf[256];

	snprintf(buf, sizeof(buf), "3e11fa47-71ca-11e1-9e33-c80aa9429562%s", rest);
	return check_error(buf, st, off, elem);
}

static void
test_errors(void)
{
	wc_error	err;

	/* uuid: wrong digit, wrong dash, too short, braces */
	check_error("3e11fa47-71ca-11e1-9e33-c80aa942956g:1", WC_GTID_UUID, 35, 1);
	check_error("3e11fa4771ca-11e1-9e33-c80aa9429562a:1", WC_GTID_UUID, 8, 1);
	check_error("0-1-2,3e11fa47:1", WC_GTID_UUID, 14, 2);
	check_error("{3e11fa47-71ca-11e1-9e33-c80aa9429562}:1", WC_GTID_UUID, 0, 1);
	/* the numbers */
	check_error_u(":0", WC_GTID_GNO_RANGE, 37, 1);
	check_error_u(":1-9223372036854775807", WC_GTID_GNO_RANGE, 39, 1);
	err = check_error_u(":99999999999999999999999", WC_GTID_GNO_RANGE, 37, 1);
	CHECK(err.expected == WC_GTID_GNO_MAX && !(err.has & WC_HAS_FOUND), "overflow: maximum only");
	check_error_u(":1-5:9-7", WC_GTID_INTERVAL, 41, 1);
	check_error_u(":-5", WC_ERR_SYNTAX, 37, 1);
	check_error_u(":5x", WC_ERR_SYNTAX, 38, 1);
	check_error_u(":1 :2", WC_ERR_SYNTAX, 39, 1);
	/* an element that ends early */
	check_error_u(":", WC_GTID_END, 37, 1);
	check_error_u(":1-", WC_GTID_END, 39, 1);
	check_error_u(":1:,0-1-2", WC_GTID_END, 39, 1);
	check_error_u(":tag", WC_GTID_END, 40, 1);
	check_error_u(":tag:", WC_GTID_END, 41, 1);
	/* tags */
	err = check_error_u(":abcdefghijklmnopqrstuvwxyz0123456:1", WC_GTID_TAG, 37, 1);
	CHECK(err.found == 33 && err.expected == 32, "tag length: found %llu", (unsigned long long) err.found);
	check_error_u(":a-b:1", WC_ERR_SYNTAX, 38, 1);
	check_error_u(":a:b:1", WC_ERR_SYNTAX, 39, 1);
	/* MariaDB */
	check_error("0-1", WC_GTID_END, 3, 1);
	check_error("0-1-", WC_GTID_END, 4, 1);
	check_error("0-1-5,x-1-5", WC_ERR_SYNTAX, 6, 2);
	check_error("0-1-5,,1--5", WC_ERR_SYNTAX, 9, 3);
	err = check_error("4294967296-1-5", WC_GTID_NUMBER_RANGE, 0, 1);
	CHECK(err.found == 4294967296ULL && err.expected == 4294967295ULL &&
		  strcmp(err.field, "domain ID") == 0, "domain range: found, maximum, field");
	check_error("0-4294967296-5", WC_GTID_NUMBER_RANGE, 2, 1);
	check_error("0-1-18446744073709551616", WC_GTID_NUMBER_RANGE, 4, 1);
	check_error("0-1-5 6", WC_ERR_SYNTAX, 6, 1);
	check_error("0-1-5;1-1-1", WC_ERR_SYNTAX, 5, 1);
	check_error("-1-1-5", WC_ERR_SYNTAX, 0, 1);
}

/* One GTID: the forms of a transaction, and what is not one. */
static void
test_parse_one(void)
{
	const char *u = "3e11fa47-71ca-11e1-9e33-c80aa9429562";
	char		buf[256];
	wc_gtid		g;
	wc_error	err = {0};

	snprintf(buf, sizeof(buf), "%s:42", u);
	CHECK(wc_gtid_parse_one(buf, strlen(buf), &g, &err) == WC_OK && g.kind == WC_GTID_MYSQL &&
		  g.lo == 42 && g.hi == 42 && g.tag_len == 0 && g.uuid[0] == 0x3e && g.uuid[15] == 0x62,
		  "uuid:42");
	snprintf(buf, sizeof(buf), " %s:Batch_1:7 ", u);
	CHECK(wc_gtid_parse_one(buf, strlen(buf), &g, &err) == WC_OK && g.tag_len == 7 &&
		  memcmp(g.tag, "batch_1", 7) == 0 && g.lo == 7, "uuid:tag:7");
	CHECK(wc_gtid_parse_one("1-2-3", 5, &g, &err) == WC_OK && g.kind == WC_GTID_MARIADB &&
		  g.domain == 1 && g.hi == 2 && g.lo == 3, "1-2-3");
	snprintf(buf, sizeof(buf), "%s:1-5", u);
	CHECK(wc_gtid_parse_one(buf, strlen(buf), &g, &err) == WC_GTID_NOT_ONE && err.offset == 0,
		  "an interval is not one GTID");
	snprintf(buf, sizeof(buf), "%s:1:2", u);
	CHECK(wc_gtid_parse_one(buf, strlen(buf), &g, &err) == WC_GTID_NOT_ONE, "two numbers");
	CHECK(wc_gtid_parse_one("0-1-2,0-1-3", 11, &g, &err) == WC_GTID_NOT_ONE, "two GTIDs");
	CHECK(wc_gtid_parse_one("  ", 2, &g, &err) == WC_GTID_NOT_ONE && err.offset == 2, "nothing");
	CHECK(wc_gtid_parse_one("0-1-x", 5, &g, &err) == WC_ERR_SYNTAX && err.offset == 4 &&
		  strcmp(err.field, "seq") == 0, "bad seq");
}

/* text a and text b: their union's text, and what contains says. */
static void
check_union(const char *a, const char *b, const char *want)
{
	wc_gtid_set sa,
				sb,
				su = {.items = items_u, .cap = 2 * MAXN};
	wc_error	err = {0};

	if (parse(a, &sa, items_a, &err) != WC_OK || parse(b, &sb, items_b, &err) != WC_OK)
	{
		CHECK(0, "union %s / %s: parse", a, b);
		return;
	}
	CHECK(wc_gtid_set_union(&sa, &sb, &su, &err) == WC_OK, "union %s / %s", a, b);
	CHECK(strcmp(format(&su), want) == 0, "union %s / %s: '%s', want '%s'", a, b, format(&su), want);
	CHECK(wc_gtid_set_contains(&su, &sa) && wc_gtid_set_contains(&su, &sb),
		  "union %s / %s contains both", a, b);
}

/* a contains b, or not. */
static void
check_contains(const char *a, const char *b, bool want)
{
	wc_gtid_set sa,
				sb;
	wc_error	err = {0};

	if (parse(a, &sa, items_a, &err) != WC_OK || parse(b, &sb, items_b, &err) != WC_OK)
	{
		CHECK(0, "contains %s / %s: parse", a, b);
		return;
	}
	CHECK(wc_gtid_set_contains(&sa, &sb) == want, "'%s' contains '%s': want %d", a, b, want);
}

static void
test_union_contains(void)
{
	check_union("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5", "3e11fa47-71ca-11e1-9e33-c80aa9429562:6",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:1-6");
	check_union("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:20",
				"57b70f4e-20d3-11e5-a393-4a63946f7eac:1-3,3e11fa47-71ca-11e1-9e33-c80aa9429562:4-10",
				"3e11fa47-71ca-11e1-9e33-c80aa9429562:1-10:20,57b70f4e-20d3-11e5-a393-4a63946f7eac:1-3");
	check_union("", "0-1-5", "0-1-5");
	check_union("0-1-5,1-1-9", "0-2-4,1-3-9,2-1-1", "0-1-5,1-3-9,2-1-1");
	check_union("0-1-5", "", "0-1-5");
	check_contains("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-10", "3e11fa47-71ca-11e1-9e33-c80aa9429562:3-7", true);
	check_contains("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-10", "3e11fa47-71ca-11e1-9e33-c80aa9429562:3-11", false);
	check_contains("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:7-10", "3e11fa47-71ca-11e1-9e33-c80aa9429562:5-7", false);
	check_contains("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:7-10", "3e11fa47-71ca-11e1-9e33-c80aa9429562:2:8", true);
	check_contains("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5", "57b70f4e-20d3-11e5-a393-4a63946f7eac:1", false);
	check_contains("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5", "3e11fa47-71ca-11e1-9e33-c80aa9429562:t:1", false);
	check_contains("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:t:1-9", "3e11fa47-71ca-11e1-9e33-c80aa9429562:T:2", true);
	check_contains("", "", true);
	check_contains("0-1-5", "", true);
	check_contains("", "0-1-5", false);
	check_contains("0-1-5,1-1-3", "0-9-5", true);	/* server IDs do not count */
	check_contains("0-1-5,1-1-3", "0-1-6", false);
	check_contains("0-1-5,1-1-3", "1-1-3,0-1-2", true);
	check_contains("0-1-5", "2-1-1", false);
	check_contains("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-3,0-1-5",
				   "0-1-5,3e11fa47-71ca-11e1-9e33-c80aa9429562:2", true);
	check_contains("0-1-5", "3e11fa47-71ca-11e1-9e33-c80aa9429562:2", false);
}

/* wc_gtid_set_add: log order, the set stays normalized; a full set. */
static void
test_add(void)
{
	wc_gtid_set s;
	wc_gtid		g;
	wc_error	err = {0};
	const char *gtids[] = {"3e11fa47-71ca-11e1-9e33-c80aa9429562:6", "0-7-5", "0-8-5",
	"3e11fa47-71ca-11e1-9e33-c80aa9429562:8", "0-9-4"};

	parse("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5,0-7-4", &s, items_a, &err);
	for (size_t i = 0; i < sizeof(gtids) / sizeof(gtids[0]); i++)
	{
		CHECK(wc_gtid_parse_one(gtids[i], strlen(gtids[i]), &g, &err) == WC_OK, "%s", gtids[i]);
		CHECK(wc_gtid_set_add(&s, &g, &err) == WC_OK, "add %s", gtids[i]);
	}
	CHECK(strcmp(format(&s), "3e11fa47-71ca-11e1-9e33-c80aa9429562:1-6:8,0-8-5") == 0,
		  "after adds: %s", format(&s));
	CHECK(wc_gtid_set_contains_gtid(&s, &g), "contains the last added");
	wc_gtid_parse_one("3e11fa47-71ca-11e1-9e33-c80aa9429562:7", 38, &g, &err);
	CHECK(!wc_gtid_set_contains_gtid(&s, &g), "7 not in 1-6:8");
	s.cap = s.n;
	CHECK(wc_gtid_set_add(&s, &g, &err) == WC_ERR_TOO_LARGE, "a full set");
}

/* Many members: sorted and merged in n log n, the interrupt hook called. */
static void
test_large(void)
{
	size_t		n = 100000;
	char	   *text = malloc(40 + n * 16);
	size_t		len,
				cap;
	wc_gtid_set s = {0};
	wc_gtid    *items;
	long		calls;

	len = (size_t) sprintf(text, "3e11fa47-71ca-11e1-9e33-c80aa9429562");
	/* every number from n down to 1, each alone: one interval */
	for (size_t i = n; i >= 1; i--)
		len += (size_t) sprintf(text + len, ":%zu", i);
	CHECK(wc_gtid_set_parse(&s, text, len, NULL) == WC_OK && s.n == n, "%zu members", s.n);
	cap = s.n;
	items = malloc(cap * sizeof(wc_gtid));
	s = (wc_gtid_set)
	{
		.items = items,.cap = cap
	};
	wc_interrupts_count_start();
	wc_gtid_set_parse(&s, text, len, NULL);
	wc_gtid_set_normalize(&s);
	calls = wc_interrupts_count_stop();
	CHECK(s.n == 1 && items[0].lo == 1 && items[0].hi == n, "merged to 1-%zu", n);
	CHECK(calls >= (long) (n / WC_INTERRUPT_STRIDE), "%ld interrupt checks", calls);
	free(items);
	free(text);
}

int
main(void)
{
	test_canonical();
	test_errors();
	test_parse_one();
	test_union_contains();
	test_add();
	test_large();
	return wc_summary("test_mysql_gtid");
}
