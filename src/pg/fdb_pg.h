/*
 * fdb_pg.h: what the FoundationDB glue files (fdb_tuple.c, fdb_tuple_read.c,
 * fdb_tuple_populate.c, fdb_versionstamp.c) share.
 */
#ifndef WC_FDB_PG_H
#define WC_FDB_PG_H

#include "fdb_tuple_text.h"
#include "wc_report.h"

/* Report the error st of the tuple reader r (22P03 for a tuple that does
 * not decode); does not return. */
extern void fdb_reader_error(const wc_fdb_reader *r, wc_status st) WC_NORETURN;

/* Validate a packed tuple as a whole (22P03 on error); returns the number
 * of top-level elements. */
extern size_t fdb_validate_checked(const uint8_t *p, size_t len);

/* Element conversions (fdb_tuple_read.c). */

/* Allocate a bytea of len data bytes (header set; 54000 when too large). */
extern bytea *fdb_new_bytea(size_t len);

/* A decoded string element (0-based index idx) as text in the server
 * encoding. */
extern text *fdb_string_to_text(const char *fname, const wc_fdb_elem *e, int64 idx);

/* An integer element as numeric. */
extern Datum fdb_int_to_numeric(const wc_fdb_elem *e);

/* The nested tuple element e as a packed tuple (bytea). */
extern bytea *fdb_unnest_bytea(const wc_fdb_elem *e);

/* The bytes or string element e, unescaped, as bytea. */
extern bytea *fdb_payload_bytea(const wc_fdb_elem *e);

#endif							/* WC_FDB_PG_H */
