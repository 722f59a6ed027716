/*
 * bytea_text.h: PostgreSQL's bytea text forms (hex "\x..." and escape),
 * decoded by wirecodec's own code so that input functions can report a bad
 * form as a soft error.  Accepts exactly what byteain accepts.  Pure C: the
 * caller passes the output buffer.
 */
#ifndef WC_BYTEA_TEXT_H
#define WC_BYTEA_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "wc_status.h"

/*
 * Errors (err's offset is in s as passed):
 *   WC_ERR_SYNTAX, field "hexadecimal data": a character that is not a hex
 *     digit, found = the byte;
 *   WC_ERR_TRUNCATED, field "hexadecimal data": an odd number of digits,
 *     at the last one;
 *   WC_ERR_SYNTAX, field "escape sequence": a backslash not followed by
 *     another or by three octal digits (000 to 377), at the backslash.
 */

/* The value of hex digit c (0-9, a-f, A-F), or -1. */
extern int wc_hex_digit(int c);

/* True when s (n bytes) is the hex form: starts with "\x". */
static inline int
wc_bytea_text_is_hex(const char *s, size_t n)
{
	return n >= 2 && s[0] == '\\' && s[1] == 'x';
}

/*
 * Decode the hex digits s[0..n) (the text after "\x"; whitespace between
 * digit pairs is skipped, as byteain does).  With out NULL only measures:
 * *outlen gets the decoded size, which is at most n / 2.
 */
extern wc_status wc_bytea_text_hex_decode(const char *s, size_t n,
										  uint8_t *out, size_t *outlen,
										  wc_error *err);

/* Decode either form of bytea's text input (hex when it starts "\x"). */
extern wc_status wc_bytea_text_decode(const char *s, size_t n, uint8_t *out,
									  size_t *outlen, wc_error *err);

#endif							/* WC_BYTEA_TEXT_H */
