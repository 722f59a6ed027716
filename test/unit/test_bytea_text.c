/*
 * test_bytea_text.c: unit tests of bytea's text forms (src/core/bytea_text.c),
 * the decoder behind crdb_mvcc_key input and the \x input of fdb_tuple and
 * fdb_versionstamp.  It must accept exactly what PostgreSQL's byteain accepts.
 * Inputs sit in buffers of exactly their size, so ASan catches overreads.
 */
#include <stdlib.h>
#include <string.h>

#include "bytea_text.h"
#include "harness.h"

/* Decode s (measure, then write) and compare with want / the status, its
 * field and offset. */
static void
check(const char *s, wc_status want_st, const char *want, size_t want_len, size_t want_off)
{
	size_t		n = strlen(s),
				len = 12345,
				len2 = 0;
	char	   *in = malloc(n ? n : 1);
	uint8_t    *out;
	wc_status	st;
	wc_error	err;

	memcpy(in, s, n);
	st = wc_bytea_text_decode(in, n, NULL, &len, &err);
	CHECK(st == want_st, "%s: status %d, want %d", s, (int) st, (int) want_st);
	if (st != WC_OK)
	{
		const char *field = wc_bytea_text_is_hex(s, n) ? "hexadecimal data" : "escape sequence";

		CHECK(err.status == st && (err.has & WC_HAS_OFFSET) && err.offset == want_off,
			  "%s: error offset %zu, want %zu", s, err.offset, want_off);
		CHECK(err.field && strcmp(err.field, field) == 0, "%s: field %s, want %s", s,
			  err.field ? err.field : "(none)", field);
		CHECK(!(err.has & WC_HAS_FOUND) || err.found == (uint8_t) s[want_off],
			  "%s: found 0x%02x", s, (unsigned) err.found);
		free(in);
		return;
	}
	out = malloc(len ? len : 1);
	st = wc_bytea_text_decode(in, n, out, &len2, &err);
	CHECK(st == WC_OK && len2 == len, "%s: second pass %d, %zu bytes", s, (int) st, len2);
	CHECK_BYTES(out, len2, (const uint8_t *) want, want_len, "%s", s);
	free(out);
	free(in);
}

/* 1 MB of hex digits, or of escape-form text, reaches the interrupt hook
 * once per 64 KB. */
static void
test_interrupts(void)
{
	const size_t mb = 1 << 20;
	char	   *s = malloc(2 * mb);
	uint8_t    *out = malloc(mb);
	size_t		n;
	wc_error	err;
	long		calls;

	for (size_t i = 0; i < 2 * mb; i += 2)
		memcpy(s + i, "61", 2);
	wc_interrupts_count_start();
	CHECK(wc_bytea_text_hex_decode(s, 2 * mb, out, &n, &err) == WC_OK && n == mb, "1 MB hex: %zu", n);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (2 * mb / WC_INTERRUPT_BYTES) - 1, "hex 1 MB: %ld checks", calls);
	memset(s, 'a', mb);
	wc_interrupts_count_start();
	CHECK(wc_bytea_text_decode(s, mb, out, &n, &err) == WC_OK && n == mb, "1 MB escape form: %zu", n);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= 2 * ((long) (mb / WC_INTERRUPT_BYTES) - 1), "escape form 1 MB: %ld checks", calls);
	free(s);
	free(out);
}

int
main(void)
{
	/* hex form */
	check("\\x", WC_OK, "", 0, 0);
	check("\\x6100", WC_OK, "a\0", 2, 0);
	check("\\xDEADbeef", WC_OK, "\xde\xad\xbe\xef", 4, 0);
	check("\\x 61\t00\n\r", WC_OK, "a\0", 2, 0);
	check("\\x6g00", WC_ERR_SYNTAX, NULL, 0, 3);
	check("\\xg6", WC_ERR_SYNTAX, NULL, 0, 2);
	check("\\x610", WC_ERR_TRUNCATED, NULL, 0, 4);
	check("\\x61 0", WC_ERR_TRUNCATED, NULL, 0, 5);
	check("\\x6 1", WC_ERR_SYNTAX, NULL, 0, 3);
	/* escape form */
	check("", WC_OK, "", 0, 0);
	check("abc", WC_OK, "abc", 3, 0);
	check("a\\000b", WC_OK, "a\0b", 3, 0);
	check("\\\\", WC_OK, "\\", 1, 0);
	check("\\377\\001", WC_OK, "\xff\x01", 2, 0);
	check("x\\", WC_ERR_SYNTAX, NULL, 0, 1);
	check("\\400", WC_ERR_SYNTAX, NULL, 0, 0);
	check("ab\\q", WC_ERR_SYNTAX, NULL, 0, 2);
	check("\\07", WC_ERR_SYNTAX, NULL, 0, 0);
	check("\\078", WC_ERR_SYNTAX, NULL, 0, 0);
	/* "\X" is not the hex prefix (byteain's is lower-case only) */
	check("\\X61", WC_ERR_SYNTAX, NULL, 0, 0);
	test_interrupts();
	return wc_summary("test_bytea_text");
}
