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

typedef enum wc_bt_status
{
	WC_BT_OK = 0,
	WC_BT_BAD_HEX_DIGIT,		/* err_off: the offending character */
	WC_BT_ODD_HEX,				/* odd number of hex digits */
	WC_BT_BAD_ESCAPE			/* err_off: the backslash */
} wc_bt_status;

/* True when s (n bytes) is the hex form: starts with "\x". */
static inline int
wc_bt_is_hex(const char *s, size_t n)
{
	return n >= 2 && s[0] == '\\' && s[1] == 'x';
}

/*
 * Decode the hex digits s[0..n) (the text after "\x"; whitespace between
 * digit pairs is skipped, as byteain does).  With out NULL only measures:
 * *outlen gets the decoded size, which is at most n / 2.
 */
extern wc_bt_status wc_bt_hex_decode(const char *s, size_t n, uint8_t *out,
									 size_t *outlen, size_t *err_off);

/* Decode either form of bytea's text input (hex when it starts "\x"). */
extern wc_bt_status wc_bt_decode(const char *s, size_t n, uint8_t *out,
								 size_t *outlen, size_t *err_off);

#endif							/* WC_BYTEA_TEXT_H */
