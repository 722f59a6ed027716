/*
 * fdb_tuple_glue.h: what the FoundationDB glue files (fdb_tuple.c,
 * fdb_tuple_read.c, fdb_tuple_populate.c, fdb_tuple_versionstamp.c) share.
 */
#ifndef WC_FDB_TUPLE_GLUE_H
#define WC_FDB_TUPLE_GLUE_H

#include "fdb_tuple_text.h"
#include "wc_report.h"

/*
 * How a PostgreSQL type meets tuple elements, kept in the row layer's
 * rt_attr.kind by the resolve callbacks of packing (fdb_tuple.c) and of
 * fdb_tuple_populate_record (fdb_tuple_populate.c).  Packing knows them
 * all; populating refuses the ones marked "packing only" and a type of no
 * kind when it resolves the column.  The kinds before FDB_K_JSONB are
 * scalars that a constant argument encodes once (fdb_tuple.c).
 */
typedef enum fdb_kind
{
	FDB_K_UNKNOWN_LIT,			/* an untyped literal (packing only) */
	FDB_K_TEXT,					/* text, varchar */
	FDB_K_BPCHAR,				/* (packing only) */
	FDB_K_NAME,
	FDB_K_BYTEA,
	FDB_K_INT2,
	FDB_K_INT4,
	FDB_K_INT8,
	FDB_K_NUMERIC,
	FDB_K_FLOAT4,
	FDB_K_FLOAT8,
	FDB_K_BOOL,
	FDB_K_UUID,
	FDB_K_JSONB,				/* (packing only) */
	FDB_K_ARRAY,
	FDB_K_RECORD,
	FDB_K_TUPLE,
	FDB_K_VERSIONSTAMP,
	FDB_K_UNSUPPORTED			/* no tuple encoding (packing refuses a value) */
} fdb_kind;

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

#endif							/* WC_FDB_TUPLE_GLUE_H */
