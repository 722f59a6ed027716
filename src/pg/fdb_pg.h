/*
 * fdb_pg.h: what the FoundationDB glue files (fdb_tuple.c, fdb_tuple_read.c,
 * fdb_versionstamp.c) share.
 */
#ifndef WC_FDB_PG_H
#define WC_FDB_PG_H

#include "fdb_tuple_text.h"
#include "wc_report.h"

/* Validate a packed tuple as a whole (22P03 on error); returns the number
 * of top-level elements. */
extern size_t fdb_validate_checked(const uint8_t *p, size_t len);

#endif							/* WC_FDB_PG_H */
