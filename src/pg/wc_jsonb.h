/*
 * wc_jsonb.h: JSON text into jsonb, as jsonb_in makes it, but cancellable
 * (wc_jsonb.c).  PostgreSQL's JSON parser never checks for interrupts, so a
 * document of hundreds of megabytes would hold off a cancel for seconds.
 */
#ifndef WC_JSONB_H
#define WC_JSONB_H

#include "compat.h"

/* JSON text s of len bytes (NUL-terminated, database encoding) as jsonb:
 * the same value and errors as jsonb_in. */
extern Datum wc_jsonb_from_cstring(char *s, size_t len);

/* The same for UTF-8 text (s[len] writable), converted first when the
 * database encoding differs. */
extern Datum wc_jsonb_from_utf8(char *s, size_t len);

#endif							/* WC_JSONB_H */
