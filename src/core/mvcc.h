/*
 * mvcc.h: CockroachDB MVCC keys, pure C core.
 *
 * An MVCC key is a user key plus an HLC timestamp (spec section 4):
 *   empty timestamp:  key 00
 *   logical = 0:      key 00 wall:8 09
 *   otherwise:        key 00 wall:8 logical:4 0D
 * Decoding also accepts the non-canonical versions CockroachDB has written
 * (12 bytes with logical 0, all-zero versions, 13-byte synthetic-era
 * versions).  Keys order with CockroachDB's engine comparator (section 5):
 * user key bytewise, then the unversioned key, then versions newest first.
 *
 * No PostgreSQL headers, no allocation.
 */
#ifndef WC_MVCC_H
#define WC_MVCC_H

#include <stddef.h>
#include <stdint.h>

#include "hlc.h"

/* A decoded key; the user key is the first key_len bytes of the input. */
typedef struct wc_mvcc_key
{
	size_t		key_len;
	unsigned	version_len;	/* 0, 8, 12 or 13: the version bytes as written */
	wc_hlc		ts;				/* (0, 0) for no version and all-zero versions */
} wc_mvcc_key;

/* Exact size of the encoding of a key_len-byte key with ts. */
static inline size_t
wc_mvcc_encode_size(size_t key_len, const wc_hlc *ts)
{
	if (ts->logical != 0)
		return key_len + 14;
	return key_len + (ts->wall != 0 ? 10 : 1);
}

/* Canonical encoding (ts must be a valid value); writes exactly
 * wc_mvcc_encode_size() bytes to out and returns that size. */
size_t		wc_mvcc_encode(const uint8_t *key, size_t key_len, const wc_hlc *ts, uint8_t *out);

/*
 * Split and validate an encoded key (spec 4.1).  On error err (may be NULL)
 * holds the offending byte's offset and what was found: for a length byte
 * that exceeds the key, the byte (found) and the largest it may be, the
 * key's length minus one (expected); for a version of a length never
 * written, its length in bytes; for a bad sentinel, the byte; for a
 * component out of range, its value.
 */
wc_status wc_mvcc_decode(const uint8_t *p, size_t len, wc_mvcc_key *out, wc_error *err);

/*
 * Order two decoded keys (a over pa, b over pb) with the engine comparator;
 * returns -1, 0 or 1.
 */
int			wc_mvcc_cmp_decoded(const uint8_t *pa, const wc_mvcc_key *a,
								const uint8_t *pb, const wc_mvcc_key *b);

/*
 * Decode and order two encoded keys.  On error returns the status, *bad is
 * 0 or 1 for the input at fault and err (may be NULL) says what is wrong
 * in it, offsets within that input.
 */
wc_status wc_mvcc_compare(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
						  int *cmp, int *bad, wc_error *err);

#endif							/* WC_MVCC_H */
