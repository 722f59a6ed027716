/*
 * mysql_gtid.h: MySQL and MariaDB GTID sets as text, the way gtid_executed
 * and gtid_slave_pos print them.  Pure C, no allocation: the caller passes
 * the member array and the output buffer, and learns both sizes first.
 *
 * A set is an array of members.  A MySQL member is one interval lo..hi of
 * one source (uuid and, in MySQL 8.4, tag): 'uuid:1-5:7' is two members.  A
 * MariaDB member is one GTID domain-server-seq.  A normalized set (what
 * wc_gtid_set_normalize leaves) has the MySQL members first, by uuid, tag
 * (untagged first) and lo, no two of one source overlapping or adjacent,
 * then one MariaDB member per domain, by domain: the highest sequence
 * number given, the last one given among equals.
 *
 * Text: elements separated by commas, white space around them and empty
 * ones ignored; a MySQL element 'uuid(:interval|:tag:interval...)' with
 * uuid 8-4-4-4-12 hexadecimal digits in either case, an interval 'n' or
 * 'lo-hi' of transaction numbers 1 .. 2^63-2, a tag a letter or underscore
 * then at most 31 letters, digits or underscores (in either case; the
 * intervals after a tag are that tag's); a MariaDB element
 * 'domain-server-seq' (domain and server 0 .. 2^32-1, seq 0 .. 2^64-1).
 * The canonical text (wc_gtid_set_format) is lower case, the MySQL
 * elements first, one per uuid with its untagged intervals then each tag
 * and its intervals, then the MariaDB ones, all joined by ',' alone.
 *
 * Bounds: parsing is linear in the text; a text of n bytes has at most
 * n / 2 + 1 members (each but the first takes two bytes at least), and
 * sizeof(wc_gtid) bytes each is the caller's work memory.  Normalizing
 * sorts in place (heapsort: n log n, no allocation); adding one GTID to a
 * normalized set is linear.  The canonical text
 * of a normalized set is never longer than the texts its members came
 * from together plus one byte per text (each number is printed without
 * the leading zeros it may have had, each uuid once, tags at most once
 * per interval as given).
 *
 * Errors carry the byte offset in the text parsed and the 1-based index
 * of its comma-separated element (index_kind "element").
 */
#ifndef WC_MYSQL_GTID_H
#define WC_MYSQL_GTID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wc_status.h"

#define WC_GTID_MYSQL	1
#define WC_GTID_MARIADB 2

/* Largest MySQL transaction number (MySQL's GNO_END - 1). */
#define WC_GTID_GNO_MAX UINT64_C(9223372036854775806)
/* Longest MySQL 8.4 tag. */
#define WC_GTID_TAG_MAX 32

/* One member: a MySQL interval of one source, or one MariaDB GTID. */
typedef struct wc_gtid
{
	uint8_t		kind;			/* WC_GTID_MYSQL or WC_GTID_MARIADB */
	uint8_t		tag_len;		/* MySQL: 0 (untagged) or the tag's length */
	uint8_t		uuid[16];		/* MySQL: the source */
	char		tag[WC_GTID_TAG_MAX];	/* MySQL: lower case, tag_len bytes */
	uint32_t	domain;			/* MariaDB */
	uint64_t	lo;				/* MySQL: first number; MariaDB: seq */
	uint64_t	hi;				/* MySQL: last number; MariaDB: server */
	uint64_t	order;			/* the position given in (last among equals) */
} wc_gtid;

/* A set: members items[0 .. n), room for cap.  next_order numbers the
 * members as they are given. */
typedef struct wc_gtid_set
{
	wc_gtid    *items;
	size_t		n;
	size_t		cap;
	uint64_t	next_order;
} wc_gtid_set;

/*
 * Parse the GTID set text[0 .. len) and append its members to set (not
 * normalized): those that fit in cap are stored, set->n counts them all
 * (a first call with cap 0 validates and counts).
 */
wc_status	wc_gtid_set_parse(wc_gtid_set *set, const char *text, size_t len, wc_error *err);

/* Parse one GTID ('uuid:n', 'uuid:tag:n', 'domain-server-seq'); anything
 * else, an interval too, is an error. */
wc_status	wc_gtid_parse_one(const char *text, size_t len, wc_gtid *g, wc_error *err);

/* Add g (given after everything in set) to normalized set, which stays
 * normalized: a MySQL GTID (or interval) joins its source's intervals, a
 * MariaDB one replaces its domain's when its seq is not lower.  Linear in
 * the set.  WC_ERR_TOO_LARGE when set is full. */
wc_status	wc_gtid_set_add(wc_gtid_set *set, const wc_gtid *g, wc_error *err);

/* Sort and merge set in place (see the top of this file). */
void		wc_gtid_set_normalize(wc_gtid_set *set);

/* out = a then b, normalized (b's MariaDB GTIDs win ties); out->cap must
 * hold a->n + b->n, else WC_ERR_TOO_LARGE.  out may not be a or b. */
wc_status	wc_gtid_set_union(const wc_gtid_set *a, const wc_gtid_set *b, wc_gtid_set *out,
							  wc_error *err);

/* Does normalized a hold every GTID of normalized b?  MySQL: every number
 * of every source; MariaDB: each of b's domains with a seq at least b's
 * (server IDs do not count, as MASTER_GTID_WAIT). */
bool		wc_gtid_set_contains(const wc_gtid_set *a, const wc_gtid_set *b);

/* Does normalized a hold the GTID g? */
bool		wc_gtid_set_contains_gtid(const wc_gtid_set *a, const wc_gtid *g);

/* The canonical text of normalized set into out[0 .. cap) (no NUL); *need
 * gets its length (0: the empty set).  out NULL (or cap too small) only
 * sizes it. */
void		wc_gtid_set_format(const wc_gtid_set *set, char *out, size_t cap, size_t *need);

#endif							/* WC_MYSQL_GTID_H */
