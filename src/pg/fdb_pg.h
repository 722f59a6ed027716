/*
 * fdb_pg.h: what the FoundationDB glue files (fdb_tuple.c, fdb_tuple_read.c,
 * fdb_versionstamp.c) share.
 */
#ifndef WC_FDB_PG_H
#define WC_FDB_PG_H

#include "fdb_tuple.h"

/* ERROR 22P03 naming the problem, its byte offset and element index; what
 * names the function or type that was decoding. */
extern void fdb_report_decode_error(const char *what, fdb_status st,
									const fdb_reader *r);

/* The same report through errsave(): with an ErrorSaveContext (16+ input
 * functions called softly) it records the error and returns. */
extern void fdb_save_decode_error(const char *what, fdb_status st,
								  const fdb_reader *r, Node *escontext);

/* Validate a packed tuple as a whole (22P03 on error); returns the number
 * of top-level elements. */
extern size_t fdb_validate_or_error(const char *what, const uint8_t *p, size_t len);

#endif							/* WC_FDB_PG_H */
