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

/* Decode s (measure, then write) and compare with want / the status. */
static void
check(const char *s, wc_bt_status want_st, const char *want, size_t want_len, size_t want_off)
{
	size_t		n = strlen(s),
				len = 12345,
				off = 12345,
				len2 = 0;
	char	   *in = malloc(n ? n : 1);
	uint8_t    *out;
	wc_bt_status st;

	memcpy(in, s, n);
	st = wc_bt_decode(in, n, NULL, &len, &off);
	CHECK(st == want_st, "%s: status %d, want %d", s, (int) st, (int) want_st);
	if (st != WC_BT_OK)
	{
		CHECK(off == want_off, "%s: error offset %zu, want %zu", s, off, want_off);
		free(in);
		return;
	}
	out = malloc(len ? len : 1);
	st = wc_bt_decode(in, n, out, &len2, &off);
	CHECK(st == WC_BT_OK && len2 == len, "%s: second pass %d, %zu bytes", s, (int) st, len2);
	CHECK_BYTES(out, len2, (const uint8_t *) want, want_len, "%s", s);
	free(out);
	free(in);
}

int
main(void)
{
	/* hex form */
	check("\\x", WC_BT_OK, "", 0, 0);
	check("\\x6100", WC_BT_OK, "a\0", 2, 0);
	check("\\xDEADbeef", WC_BT_OK, "\xde\xad\xbe\xef", 4, 0);
	check("\\x 61\t00\n\r", WC_BT_OK, "a\0", 2, 0);
	check("\\x6g00", WC_BT_BAD_HEX_DIGIT, NULL, 0, 3);
	check("\\xg6", WC_BT_BAD_HEX_DIGIT, NULL, 0, 2);
	check("\\x610", WC_BT_ODD_HEX, NULL, 0, 4);
	check("\\x61 0", WC_BT_ODD_HEX, NULL, 0, 5);
	check("\\x6 1", WC_BT_BAD_HEX_DIGIT, NULL, 0, 3);
	/* escape form */
	check("", WC_BT_OK, "", 0, 0);
	check("abc", WC_BT_OK, "abc", 3, 0);
	check("a\\000b", WC_BT_OK, "a\0b", 3, 0);
	check("\\\\", WC_BT_OK, "\\", 1, 0);
	check("\\377\\001", WC_BT_OK, "\xff\x01", 2, 0);
	check("x\\", WC_BT_BAD_ESCAPE, NULL, 0, 1);
	check("\\400", WC_BT_BAD_ESCAPE, NULL, 0, 0);
	check("ab\\q", WC_BT_BAD_ESCAPE, NULL, 0, 2);
	check("\\07", WC_BT_BAD_ESCAPE, NULL, 0, 0);
	check("\\078", WC_BT_BAD_ESCAPE, NULL, 0, 0);
	/* "\X" is not the hex prefix (byteain's is lower-case only) */
	check("\\X61", WC_BT_BAD_ESCAPE, NULL, 0, 0);
	return wc_summary("test_bytea_text");
}
