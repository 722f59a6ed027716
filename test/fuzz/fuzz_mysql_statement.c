/*
 * fuzz_mysql_statement.c: libFuzzer target for the statement classifier
 * (mysql_statement.h).  The first input byte gives the sql_mode bits (bit 0
 * ANSI_QUOTES, bit 1 NO_BACKSLASH_ESCAPES) and whether the text is passed
 * as complete (bit 2); the rest is the statement.  The whole statement is
 * read once as complete, as the reference: its kind, tables and ALTER
 * specifications, every offset inside the text.  Then prefixes (every one
 * of a short text, 64 spread over a long one) are read as incomplete: each
 * must say WC_STMT_NEED_MORE or what the reference says, item for item up
 * to a WC_STMT_NEED_MORE; and one prefix grown a byte at a time on each
 * WC_STMT_NEED_MORE must end with exactly the reference's items.  Any
 * violation abort()s; the sanitizers catch out-of-bounds reads and
 * libFuzzer's -timeout a statement read in more than linear time.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_statement.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)
#define MAX_ITEMS 64

/* What one reading saw: the kind, the items' offsets, how it ended. */
typedef struct answer
{
	wc_status	classified;
	wc_stmt_kind kind;
	int			ntables;
	size_t		tables[MAX_ITEMS][3];	/* db.off (or -1), name.off, name.len */
	wc_status	tables_end;
	int			nspecs;
	size_t		specs[MAX_ITEMS][3];	/* kind, off, b.off */
	wc_status	specs_end;
} answer;

/* A token inside the text, and its name no longer than the token. */
static void
check_token(const char *s, size_t len, const wc_stmt_token *t)
{
	char		out[8];

	if (t->len == 0)
		return;
	REQUIRE(t->off < len && t->len <= len - t->off);
	REQUIRE(wc_stmt_ident(s, t, out, sizeof(out)) <= t->len);
	REQUIRE(memchr(out, '\0', sizeof(out)) != NULL);
}

static void
check_table(const char *s, size_t len, const wc_stmt_table *t)
{
	check_token(s, len, &t->db);
	check_token(s, len, &t->name);
	REQUIRE(t->has_db || t->db.len == 0);
	REQUIRE(t->whole_db ? t->has_db && t->name.len == 0 : t->name.len > 0);
}

/* The next table or specification of a, grown by a byte on each
 * WC_STMT_NEED_MORE when grow is set (*len then moves up to full). */
static wc_status
next_item(const char *s, size_t *len, size_t full, bool complete, bool grow, wc_stmt *st,
		  bool spec, answer *a)
{
	for (;;)
	{
		wc_stmt_table t;
		wc_stmt_spec sp;
		wc_error	err;
		bool		whole = complete || (grow && *len == full);
		wc_status	r = spec ? wc_stmt_next_spec(s, *len, whole, st, &sp, &err) :
			wc_stmt_next_table(s, *len, whole, st, &t, &err);

		if (r != WC_OK && r != WC_NULL)
			REQUIRE(err.offset <= *len);
		if (r == WC_STMT_NEED_MORE)
			REQUIRE(!whole);
		if (r == WC_STMT_NEED_MORE && grow && *len < full)
		{
			(*len)++;
			continue;
		}
		if (r != WC_OK)
			return r;
		if (spec)
		{
			REQUIRE(sp.off < *len);
			check_token(s, *len, &sp.a);
			check_token(s, *len, &sp.b);
			if (sp.table.name.len)
				check_table(s, *len, &sp.table);
			if (a->nspecs < MAX_ITEMS)
			{
				a->specs[a->nspecs][0] = sp.kind;
				a->specs[a->nspecs][1] = sp.off;
				a->specs[a->nspecs][2] = sp.b.off;
			}
			a->nspecs++;
		}
		else
		{
			check_table(s, *len, &t);
			if (a->ntables < MAX_ITEMS)
			{
				a->tables[a->ntables][0] = t.has_db ? t.db.off : SIZE_MAX;
				a->tables[a->ntables][1] = t.name.off;
				a->tables[a->ntables][2] = t.name.len;
			}
			a->ntables++;
		}
	}
}

/* Read s[0, len) (grown to full on WC_STMT_NEED_MORE when grow is set). */
static void
read_stmt(const char *s, size_t len, size_t full, bool complete, bool grow, uint64_t modes,
		  answer *a)
{
	wc_stmt		st;
	wc_error	err;
	size_t		n = len;

	memset(a, 0, sizeof(*a));
	for (;;)
	{
		bool		whole = complete || (grow && n == full);

		a->classified = wc_stmt_classify(s, n, whole, modes, &st, &err);
		if (a->classified != WC_STMT_NEED_MORE || !grow || n == full)
			break;
		n++;
	}
	if (a->classified != WC_OK)
	{
		REQUIRE(a->classified == WC_STMT_NEED_MORE && err.offset <= n);
		return;
	}
	REQUIRE(st.kind <= WC_STMT_UNKNOWN && st.verb <= n);
	a->kind = st.kind;
	len = n;
	a->tables_end = next_item(s, &n, full, complete, grow, &st, false, a);
	REQUIRE(a->tables_end == WC_NULL || a->tables_end == WC_STMT_NEED_MORE ||
			a->tables_end == WC_STMT_UNKNOWN_TABLE);
	if (st.kind == WC_STMT_OTHER)
		REQUIRE(a->ntables == 0 && a->tables_end == WC_NULL);
	else if (st.kind == WC_STMT_UNKNOWN)
		REQUIRE(a->ntables == 0 && a->tables_end == WC_STMT_UNKNOWN_TABLE);
	else if (a->tables_end == WC_NULL)
		REQUIRE(a->ntables > 0);
	a->specs_end = next_item(s, &len, full, complete, grow, &st, true, a);
	REQUIRE(a->specs_end == WC_NULL || a->specs_end == WC_STMT_NEED_MORE ||
			a->specs_end == WC_ERR_SYNTAX);
	if (st.kind != WC_STMT_ALTER)
		REQUIRE(a->nspecs == 0 && a->specs_end == WC_NULL);
}

/* One list of items of a prefix against the reference's. */
static void
same_items(int n, size_t (*got)[3], wc_status end, int ref_n, size_t (*ref)[3],
		   wc_status ref_end)
{
	int			k = n < MAX_ITEMS ? n : MAX_ITEMS;

	REQUIRE(n <= ref_n);
	for (int i = 0; i < k; i++)
		REQUIRE(memcmp(got[i], ref[i], sizeof(got[i])) == 0);
	if (end != WC_STMT_NEED_MORE)
		REQUIRE(n == ref_n && end == ref_end);
}

/* A prefix's answer is the reference's, up to where it needs more. */
static void
consistent(const answer *p, const answer *ref)
{
	answer		a = *p,
				r = *ref;

	if (a.classified == WC_STMT_NEED_MORE)
		return;
	REQUIRE(a.classified == WC_OK && r.classified == WC_OK && a.kind == r.kind);
	same_items(a.ntables, a.tables, a.tables_end, r.ntables, r.tables, r.tables_end);
	same_items(a.nspecs, a.specs, a.specs_end, r.nspecs, r.specs, r.specs_end);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static answer ref,
				got;
	const char *s;
	size_t		n,
				step;
	uint64_t	modes = 0;

	if (size == 0)
		return 0;
	if (data[0] & 1)
		modes |= WC_STMT_ANSI_QUOTES;
	if (data[0] & 2)
		modes |= WC_STMT_NO_BACKSLASH_ESCAPES;
	s = (const char *) data + 1;
	n = size - 1;
	read_stmt(s, n, n, true, false, modes, &ref);
	REQUIRE(ref.classified == WC_OK && ref.tables_end != WC_STMT_NEED_MORE &&
			ref.specs_end != WC_STMT_NEED_MORE);
	/* the whole text passed as it is flagged */
	read_stmt(s, n, n, (data[0] & 4) != 0, false, modes, &got);
	consistent(&got, &ref);
	step = n <= 256 ? 1 : n / 64;
	for (size_t k = 0; k <= n; k += step)
	{
		read_stmt(s, k, n, false, false, modes, &got);
		consistent(&got, &ref);
	}
	/* one prefix, grown on each "need more": the reference exactly */
	read_stmt(s, n > 0 ? (size_t) data[0] * 7 % (n + 1) : 0, n, false, true, modes, &got);
	REQUIRE(got.classified == WC_OK && got.kind == ref.kind);
	REQUIRE(got.ntables == ref.ntables && got.tables_end == ref.tables_end);
	REQUIRE(got.nspecs == ref.nspecs && got.specs_end == ref.specs_end);
	same_items(got.ntables, got.tables, got.tables_end, ref.ntables, ref.tables, ref.tables_end);
	same_items(got.nspecs, got.specs, got.specs_end, ref.nspecs, ref.specs, ref.specs_end);
	return 0;
}
