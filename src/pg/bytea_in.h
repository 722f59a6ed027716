/*
 * bytea_in.h: bytea's text forms (hex "\x..." and escape) as the input of a
 * type stored as bytes, with the one reporter's errors.  Used by the input
 * functions of fdb_tuple (fdb_tuple_read.c), fdb_versionstamp
 * (fdb_tuple_versionstamp.c) and crdb_mvcc_key (mvcc.c).
 */
#ifndef WC_BYTEA_IN_H
#define WC_BYTEA_IN_H

#include "compat.h"

/*
 * Decode str (n bytes, bytea's hex or escape form) given to the input
 * function of type into a new bytea, allocated once at the upper bound of
 * the decoded size.  A bad form is type's invalid input (22P02, through
 * wc_report_input); with an escontext that saves it the result is NULL.
 */
extern bytea *wc_bytea_in(const char *str, size_t n, const char *type, Node *escontext);

#endif							/* WC_BYTEA_IN_H */
