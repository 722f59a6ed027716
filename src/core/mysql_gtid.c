/*
 * mysql_gtid.c: MySQL and MariaDB GTID sets as text (see mysql_gtid.h).
 * Parsing is one pass over the text; sets are sorted in place by heapsort
 * and merged in one pass, so that every operation is n log n at most in
 * the members and needs no memory beyond the caller's arrays.
 */
#include "mysql_gtid.h"

#include <string.h>

#include "bytea_text.h"

/* The state of one parse: the text, where it is, which element. */
typedef struct gtid_parse
{
	const char *s;
	size_t		len;
	size_t		pos;
	int64_t		element;
	bool		ranged;			/* an interval lo-hi was read */
	wc_gtid_set *set;
	wc_error   *err;
} gtid_parse;

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool
is_tag_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* An error of the element being read. */
static wc_status
gp_fail(gtid_parse *p, wc_status st, size_t off)
{
	return wc_at_index(p->err, wc_fail(p->err, st, off), "element", p->element);
}

/* An error with what was expected and (when known) found. */
static wc_status
gp_fail_limit(gtid_parse *p, wc_status st, size_t off, uint64_t max, bool have_found,
			  uint64_t found)
{
	wc_fail(p->err, st, off);
	if (p->err)
	{
		p->err->expected = max;
		p->err->has |= WC_HAS_EXPECTED;
		if (have_found)
		{
			p->err->found = found;
			p->err->has |= WC_HAS_FOUND;
		}
	}
	return wc_at_index(p->err, st, "element", p->element);
}

/* The error for a byte that is not what the form needs at pos: the end of
 * the element, or a character that may not stand there. */
static wc_status
gp_unexpected(gtid_parse *p)
{
	char		c = p->pos < p->len ? p->s[p->pos] : ',';

	return gp_fail(p, c == ',' || is_space(c) ? WC_GTID_END : WC_ERR_SYNTAX, p->pos);
}

/* Consume the character c at pos, or fail. */
static wc_status
gp_expect(gtid_parse *p, char c)
{
	if (p->pos < p->len && p->s[p->pos] == c)
	{
		p->pos++;
		return WC_OK;
	}
	return gp_unexpected(p);
}

/* Decimal digits at pos: *v, at most max (status range beyond it). */
static wc_status
gp_number(gtid_parse *p, uint64_t max, wc_status range, uint64_t *v)
{
	size_t		start = p->pos;
	uint64_t	x = 0;
	bool		over = false;

	if (p->pos >= p->len || !is_digit(p->s[p->pos]))
		return gp_unexpected(p);
	for (; p->pos < p->len && is_digit(p->s[p->pos]); p->pos++)
	{
		unsigned	d = (unsigned) (p->s[p->pos] - '0');

		if (x > (UINT64_MAX - d) / 10)
			over = true;
		else
			x = x * 10 + d;
	}
	if (over || x > max)
		return gp_fail_limit(p, range, start, max, !over, x);
	*v = x;
	return WC_OK;
}

/* A MySQL transaction number, 1 .. WC_GTID_GNO_MAX. */
static wc_status
gp_gno(gtid_parse *p, uint64_t *v)
{
	size_t		start = p->pos;
	wc_status	st = gp_number(p, WC_GTID_GNO_MAX, WC_GTID_GNO_RANGE, v);

	if (st == WC_OK && *v == 0)
		return gp_fail_limit(p, WC_GTID_GNO_RANGE, start, WC_GTID_GNO_MAX, true, 0);
	return st;
}

/* Store a member (when it fits) and count it. */
static void
gp_emit(gtid_parse *p, const wc_gtid *g)
{
	wc_gtid_set *set = p->set;

	if (set->n < set->cap)
	{
		set->items[set->n] = *g;
		set->items[set->n].order = set->next_order;
	}
	set->n++;
	set->next_order++;
	wc_check_interrupts_every(set->n, WC_INTERRUPT_STRIDE);
}

/* The 36 characters of a uuid, 8-4-4-4-12 hexadecimal digits. */
static wc_status
gp_uuid(gtid_parse *p, uint8_t *uuid)
{
	int			nib = 0;

	for (int i = 0; i < 36; i++)
	{
		size_t		at = p->pos + (size_t) i;
		char		c = at < p->len ? p->s[at] : '\0';
		int			h;

		if (i == 8 || i == 13 || i == 18 || i == 23)
		{
			if (c != '-')
				return gp_fail(p, WC_GTID_UUID, at);
			continue;
		}
		if ((h = wc_hex_digit((unsigned char) c)) < 0)
			return gp_fail(p, WC_GTID_UUID, at);
		if (nib % 2 == 0)
			uuid[nib / 2] = (uint8_t) (h << 4);
		else
			uuid[nib / 2] |= (uint8_t) h;
		nib++;
	}
	p->pos += 36;
	return WC_OK;
}

/* A tag at pos into g, lower case, then its ':'. */
static wc_status
gp_tag(gtid_parse *p, wc_gtid *g)
{
	size_t		start = p->pos,
				n;

	while (p->pos < p->len && (is_tag_start(p->s[p->pos]) || is_digit(p->s[p->pos])))
		p->pos++;
	n = p->pos - start;
	if (n > WC_GTID_TAG_MAX)
		return gp_fail_limit(p, WC_GTID_TAG, start, WC_GTID_TAG_MAX, true, n);
	for (size_t i = 0; i < n; i++)
	{
		char		c = p->s[start + i];

		g->tag[i] = c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;
	}
	g->tag_len = (uint8_t) n;
	return gp_expect(p, ':');
}

/* One interval n or lo-hi of g's source, emitted. */
static wc_status
gp_interval(gtid_parse *p, wc_gtid *g)
{
	size_t		start = p->pos;
	wc_status	st;

	if ((st = gp_gno(p, &g->lo)) != WC_OK)
		return st;
	g->hi = g->lo;
	if (p->pos < p->len && p->s[p->pos] == '-')
	{
		p->pos++;
		p->ranged = true;
		if ((st = gp_gno(p, &g->hi)) != WC_OK)
			return st;
		if (g->hi < g->lo)
			return gp_fail(p, WC_GTID_INTERVAL, start);
	}
	gp_emit(p, g);
	return WC_OK;
}

/* A MySQL element: uuid, then ':'-separated intervals and tags (a tag
 * names the intervals after it). */
static wc_status
gp_mysql(gtid_parse *p)
{
	wc_gtid		g;
	wc_status	st;

	memset(&g, 0, sizeof(g));
	g.kind = WC_GTID_MYSQL;
	if ((st = gp_uuid(p, g.uuid)) != WC_OK || (st = gp_expect(p, ':')) != WC_OK)
		return st;
	for (;;)
	{
		if (p->pos < p->len && is_tag_start(p->s[p->pos]) &&
			(st = gp_tag(p, &g)) != WC_OK)
			return st;
		if ((st = gp_interval(p, &g)) != WC_OK)
			return st;
		if (p->pos >= p->len || p->s[p->pos] != ':')
			return WC_OK;
		p->pos++;
	}
}

/* A MariaDB element: domain-server-seq. */
static wc_status
gp_mariadb(gtid_parse *p)
{
	wc_gtid		g;
	uint64_t	domain = 0;
	wc_status	st;

	memset(&g, 0, sizeof(g));
	g.kind = WC_GTID_MARIADB;
	if ((st = wc_in_field(p->err, gp_number(p, UINT32_MAX, WC_GTID_NUMBER_RANGE, &domain),
						  "domain ID")) != WC_OK ||
		(st = gp_expect(p, '-')) != WC_OK ||
		(st = wc_in_field(p->err, gp_number(p, UINT32_MAX, WC_GTID_NUMBER_RANGE, &g.hi),
						  "server ID")) != WC_OK ||
		(st = gp_expect(p, '-')) != WC_OK ||
		(st = wc_in_field(p->err, gp_number(p, UINT64_MAX, WC_GTID_NUMBER_RANGE, &g.lo),
						  "seq")) != WC_OK)
		return st;
	g.domain = (uint32_t) domain;
	gp_emit(p, &g);
	return WC_OK;
}

/* One element at pos (not empty), up to its comma or the end. */
static wc_status
gp_element(gtid_parse *p)
{
	const char *s = p->s + p->pos;
	const char *comma = wc_memchr_checked(s, ',', p->len - p->pos);
	size_t		n = comma ? (size_t) (comma - s) : p->len - p->pos;
	wc_status	st;

	st = wc_memchr_checked(s, ':', n) ? gp_mysql(p) : gp_mariadb(p);
	if (st != WC_OK)
		return st;
	while (p->pos < p->len && is_space(p->s[p->pos]))
		p->pos++;
	if (p->pos < p->len && p->s[p->pos] != ',')
		return gp_fail(p, WC_ERR_SYNTAX, p->pos);
	return WC_OK;
}

wc_status
wc_gtid_set_parse(wc_gtid_set *set, const char *text, size_t len, wc_error *err)
{
	gtid_parse	p = {.s = text, .len = len, .set = set, .err = err};
	wc_status	st;

	for (;;)
	{
		p.element++;
		while (p.pos < len && is_space(text[p.pos]))
			p.pos++;
		if (p.pos == len)
			return WC_OK;
		if (text[p.pos] != ',' && (st = gp_element(&p)) != WC_OK)
			return st;
		if (p.pos < len)
			p.pos++;			/* the comma */
	}
}

wc_status
wc_gtid_parse_one(const char *text, size_t len, wc_gtid *g, wc_error *err)
{
	wc_gtid_set one = {.items = g, .cap = 1};
	gtid_parse	p = {.s = text, .len = len, .element = 1, .set = &one, .err = err};
	wc_status	st;

	while (p.pos < len && is_space(text[p.pos]))
		p.pos++;
	if (p.pos == len)
		return gp_fail(&p, WC_GTID_NOT_ONE, p.pos);
	if ((st = gp_element(&p)) != WC_OK)
		return st;
	if (one.n != 1 || p.ranged || p.pos < len)
		return gp_fail(&p, WC_GTID_NOT_ONE, 0);
	g->order = 0;
	return WC_OK;
}

/* The source (MySQL: uuid and tag; MariaDB: domain) of a against b's. */
static int
gtid_key_cmp(const wc_gtid *a, const wc_gtid *b)
{
	int			c;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->kind == WC_GTID_MARIADB)
		return a->domain < b->domain ? -1 : a->domain > b->domain;
	if ((c = memcmp(a->uuid, b->uuid, 16)) != 0)
		return c;
	c = memcmp(a->tag, b->tag, a->tag_len < b->tag_len ? a->tag_len : b->tag_len);
	if (c != 0)
		return c;
	return a->tag_len < b->tag_len ? -1 : a->tag_len > b->tag_len;
}

static int
u64_cmp(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

/* The canonical order: source, then lo (MySQL) or seq (MariaDB), hi, and
 * the order given. */
static int
gtid_cmp(const wc_gtid *a, const wc_gtid *b)
{
	int			c;

	if ((c = gtid_key_cmp(a, b)) != 0)
		return c;
	if ((c = u64_cmp(a->lo, b->lo)) != 0)
		return c;
	if (a->kind == WC_GTID_MYSQL && (c = u64_cmp(a->hi, b->hi)) != 0)
		return c;
	return u64_cmp(a->order, b->order);
}

static void
gtid_swap(wc_gtid *a, wc_gtid *b)
{
	wc_gtid		t = *a;

	*a = *b;
	*b = t;
}

/* Heapsort's sift-down of v[root] within v[0 .. n). */
static void
sift_down(wc_gtid *v, size_t root, size_t n)
{
	for (;;)
	{
		size_t		child = 2 * root + 1;

		if (child >= n)
			return;
		if (child + 1 < n && gtid_cmp(&v[child], &v[child + 1]) < 0)
			child++;
		if (gtid_cmp(&v[root], &v[child]) >= 0)
			return;
		gtid_swap(&v[root], &v[child]);
		root = child;
	}
}

/* Sort v[0 .. n) by gtid_cmp in place (a total order: orders differ). */
static void
gtid_sort(wc_gtid *v, size_t n)
{
	for (size_t i = n / 2; i > 0; i--)
	{
		wc_check_interrupts_every(i, WC_INTERRUPT_STRIDE);
		sift_down(v, i - 1, n);
	}
	for (size_t end = n; end > 1; end--)
	{
		wc_check_interrupts_every(end, WC_INTERRUPT_STRIDE);
		gtid_swap(&v[0], &v[end - 1]);
		sift_down(v, 0, end - 1);
	}
}

/* Merge the sorted set in place: a source's overlapping and adjacent
 * intervals joined, a MariaDB domain's last member kept. */
static void
gtid_merge(wc_gtid_set *set)
{
	wc_gtid    *v = set->items;
	size_t		w = 0;

	for (size_t i = 0; i < set->n; i++)
	{
		wc_gtid    *last = w ? &v[w - 1] : NULL;

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		if (last && gtid_key_cmp(last, &v[i]) == 0)
		{
			/* MariaDB: sorted by seq and order, the later one wins */
			if (v[i].kind == WC_GTID_MARIADB)
			{
				*last = v[i];
				continue;
			}
			/* MySQL: overlapping or adjacent */
			if (last->hi == UINT64_MAX || v[i].lo <= last->hi + 1)
			{
				if (v[i].hi > last->hi)
					last->hi = v[i].hi;
				continue;
			}
		}
		v[w++] = v[i];
	}
	set->n = w;
}

void
wc_gtid_set_normalize(wc_gtid_set *set)
{
	gtid_sort(set->items, set->n);
	gtid_merge(set);
}

/* The set is normalized, so g goes to its place (binary search, one move)
 * and one merge pass: linear in the set, not n log n. */
wc_status
wc_gtid_set_add(wc_gtid_set *set, const wc_gtid *g, wc_error *err)
{
	wc_gtid		x = *g;
	size_t		lo = 0,
				hi = set->n;

	if (set->n >= set->cap)
		return wc_fail_arg(err, WC_ERR_TOO_LARGE, set->n + 1);
	x.order = set->next_order++;
	while (lo < hi)
	{
		size_t		mid = lo + (hi - lo) / 2;

		if (gtid_cmp(&set->items[mid], &x) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	memmove(&set->items[lo + 1], &set->items[lo], (set->n - lo) * sizeof(wc_gtid));
	set->items[lo] = x;
	set->n++;
	gtid_merge(set);
	return WC_OK;
}

wc_status
wc_gtid_set_union(const wc_gtid_set *a, const wc_gtid_set *b, wc_gtid_set *out, wc_error *err)
{
	if (out->cap < a->n || out->cap - a->n < b->n)
		return wc_fail_arg(err, WC_ERR_TOO_LARGE, a->n + b->n);
	memcpy(out->items, a->items, a->n * sizeof(wc_gtid));
	for (size_t i = 0; i < b->n; i++)
	{
		out->items[a->n + i] = b->items[i];
		out->items[a->n + i].order += a->next_order;
	}
	out->n = a->n + b->n;
	out->next_order = a->next_order + b->next_order;
	wc_gtid_set_normalize(out);
	return WC_OK;
}

bool
wc_gtid_set_contains(const wc_gtid_set *a, const wc_gtid_set *b)
{
	size_t		i = 0;

	for (size_t k = 0; k < b->n; k++)
	{
		const wc_gtid *y = &b->items[k];
		int			c = -1;

		wc_check_interrupts_every(k + 1, WC_INTERRUPT_STRIDE);
		/* a's members before y's source, or of it but ending before y */
		while (i < a->n &&
			   ((c = gtid_key_cmp(&a->items[i], y)) < 0 ||
				(c == 0 && y->kind == WC_GTID_MYSQL && a->items[i].hi < y->lo)))
			i++;
		if (i == a->n || c != 0)
			return false;
		if (y->kind == WC_GTID_MYSQL ?
			a->items[i].lo > y->lo || a->items[i].hi < y->hi :
			a->items[i].lo < y->lo)
			return false;
	}
	return true;
}

bool
wc_gtid_set_contains_gtid(const wc_gtid_set *a, const wc_gtid *g)
{
	wc_gtid		one = *g;
	wc_gtid_set b = {.items = &one, .n = 1, .cap = 1};

	return wc_gtid_set_contains(a, &b);
}

/* Where canonical text goes: out[0 .. cap) receives what fits, pos counts
 * every byte. */
typedef struct gtid_writer
{
	char	   *out;
	size_t		cap;
	size_t		pos;
} gtid_writer;

static void
gw_put(gtid_writer *w, const char *s, size_t n)
{
	if (w->out && w->pos < w->cap)
		memcpy(w->out + w->pos, s, n <= w->cap - w->pos ? n : w->cap - w->pos);
	w->pos += n;
}

static void
gw_char(gtid_writer *w, char c)
{
	gw_put(w, &c, 1);
}

static void
gw_number(gtid_writer *w, uint64_t v)
{
	char		buf[20];
	size_t		n = sizeof(buf);

	do
	{
		buf[--n] = (char) ('0' + v % 10);
		v /= 10;
	} while (v);
	gw_put(w, buf + n, sizeof(buf) - n);
}

static void
gw_uuid(gtid_writer *w, const uint8_t *u)
{
	static const char hex[] = "0123456789abcdef";
	char		buf[36];
	size_t		n = 0;

	for (int i = 0; i < 16; i++)
	{
		if (i == 4 || i == 6 || i == 8 || i == 10)
			buf[n++] = '-';
		buf[n++] = hex[u[i] >> 4];
		buf[n++] = hex[u[i] & 15];
	}
	gw_put(w, buf, n);
}

/* One member, after prev (NULL: the first): its element's start when it
 * begins one, its tag when that changes, then its numbers. */
static void
gw_member(gtid_writer *w, const wc_gtid *prev, const wc_gtid *g)
{
	bool		same_uuid = prev && prev->kind == WC_GTID_MYSQL && g->kind == WC_GTID_MYSQL &&
		memcmp(prev->uuid, g->uuid, 16) == 0;

	if (prev && !same_uuid)
		gw_char(w, ',');
	if (g->kind == WC_GTID_MARIADB)
	{
		gw_number(w, g->domain);
		gw_char(w, '-');
		gw_number(w, g->hi);
		gw_char(w, '-');
		gw_number(w, g->lo);
		return;
	}
	if (!same_uuid)
		gw_uuid(w, g->uuid);
	if (g->tag_len && (!same_uuid || gtid_key_cmp(prev, g) != 0))
	{
		gw_char(w, ':');
		gw_put(w, g->tag, g->tag_len);
	}
	gw_char(w, ':');
	gw_number(w, g->lo);
	if (g->hi != g->lo)
	{
		gw_char(w, '-');
		gw_number(w, g->hi);
	}
}

void
wc_gtid_set_format(const wc_gtid_set *set, char *out, size_t cap, size_t *need)
{
	gtid_writer w = {.out = out, .cap = out ? cap : 0};

	for (size_t i = 0; i < set->n; i++)
	{
		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		gw_member(&w, i ? &set->items[i - 1] : NULL, &set->items[i]);
	}
	*need = w.pos;
}
