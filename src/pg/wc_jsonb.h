/*
 * wc_jsonb.h: JSON text into jsonb, as jsonb_in makes it, but cancellable
 * (wc_jsonb.c).  PostgreSQL's JSON parser never checks for interrupts, so a
 * document of hundreds of megabytes would hold off a cancel for seconds.
 * Used by every path that makes jsonb from decoded text: MySQL binlog rows
 * and partial JSON updates (mysql_binlog.c, mysql_binlog_partial.c), typed
 * rows (row_target.c, mysql_row.c) and CockroachDB JSON keys (crdb_key.c).
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
