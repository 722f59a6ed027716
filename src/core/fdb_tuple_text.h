/*
 * fdb_tuple_text.h: the text form of FoundationDB tuples, such as
 * ("users", 42, b"\x00"): writing it from packed bytes, parsing it back, and the
 * text of the element kinds that need their own (doubles and floats in
 * their shortest round-trip form, versionstamps, \u{...} escapes).  Pure C,
 * no allocation; the binary codec is fdb_tuple.h.
 */
#ifndef WC_FDB_TUPLE_TEXT_H
#define WC_FDB_TUPLE_TEXT_H

#include "fdb_tuple.h"

/* Encode code point cp as UTF-8 into u (4 bytes); returns the length, 0
 * for a surrogate or a value above U+10FFFF. */
int			wc_fdb_utf8_encode(uint32_t cp, uint8_t *u);

/* Text of a 12-byte versionstamp, "<20 hex digits>:<user version>",
 * NUL-terminated; out needs WC_FDB_VS_TEXT_MAX bytes.  Returns the length. */
#define WC_FDB_VS_TEXT_MAX 32
size_t		wc_fdb_vs_format(const uint8_t *vs, char *out);

/*
 * Parse a versionstamp's text form "<20 hex digits>:<user version>" (s[0..n),
 * nothing after it) into its 12 bytes vs.  Errors: WC_ERR_SYNTAX at the
 * character not in the form (field "transaction version" or "user version"
 * where one was being read), WC_ERR_RANGE (field "user version",
 * expected = the maximum, 65535) for a user version above it.
 */
wc_status	wc_fdb_vs_parse(const char *s, size_t n, uint8_t *vs, wc_error *err);

/* ---- text form ---- */

/* Upper bound of the text form of a valid packed tuple (incl. NUL). */
size_t		wc_fdb_text_bound(const uint8_t *buf, size_t len);

/* Write the text form; returns its length (NUL-terminated).  ascii_only
 * escapes every non-ASCII character as \u{...}. */
size_t		wc_fdb_text_write(const uint8_t *buf, size_t len, char *out, int ascii_only);

/* The same, validating as it writes (one walk): WC_OK, or the decoder's
 * status with *r at the problem (the text written up to it is still within
 * wc_fdb_text_bound); *outlen gets the length. */
wc_status	wc_fdb_text_write_checked(const uint8_t *buf, size_t len, char *out, int ascii_only,
								   size_t *outlen, wc_fdb_reader *r);

/* Text form of a double / float (shortest round-trip form, "inf", "nan",
 * or "nan(0x...)" for NaNs other than the default); out >= 40 bytes. */
size_t		wc_fdb_format_double(uint64_t bits, char *out);
size_t		wc_fdb_format_float(uint32_t bits, char *out);

/* A shortest round-trip formatter (PostgreSQL's double_to_shortest_decimal_bufn
 * and float_to_shortest_decimal_bufn have this shape): writes the shortest
 * decimal that reads back as the value, without a NUL, in a buffer of >= 40 bytes, and
 * returns its length.  Installed once; NULL (the default) makes
 * wc_fdb_format_double / float search precisions with snprintf + strtod. */
typedef int (*wc_fdb_shortest_double_fn) (double d, char *out);
typedef int (*wc_fdb_shortest_float_fn) (float f, char *out);
void		wc_fdb_text_set_shortest(wc_fdb_shortest_double_fn dfn, wc_fdb_shortest_float_fn ffn);

/* Upper bound of the packed size of n characters of text form: an element
 * and the separator before it take >= 3 characters for <= 9 bytes (".5,"
 * is a double), everything else packs smaller than its text. */
#define wc_fdb_text_parse_bound(n) (3 * (size_t) (n) + 16)
/* Text up to this long is parsed once into a buffer of the bound. */
#define WC_FDB_TEXT_ONE_PASS_MAX 8192

/*
 * Parse the text form (s need not be NUL-terminated).  With out == NULL
 * only *outlen is computed.  On error err (when not NULL) gets the status,
 * the byte offset in s and the top-level element (1-based) it is in:
 * WC_ERR_SYNTAX (text not in the form), WC_ERR_UTF8 (a quoted string not
 * UTF-8), WC_FDB_INT_RANGE (an integer beyond 255 bytes of magnitude).
 */
wc_status	wc_fdb_text_parse(const char *s, size_t n, uint8_t *out, size_t *outlen,
						   wc_error *err);

#endif							/* WC_FDB_TUPLE_TEXT_H */
