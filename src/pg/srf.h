/*
 * srf.h: row descriptors of functions returning a record or a set of
 * records, shared by every codec's glue (srf.c).  msg is the internal error
 * raised when the call site cannot take a row (the function's own wording).
 */
#ifndef WC_SRF_H
#define WC_SRF_H

#include "compat.h"

#include "funcapi.h"

/* The call's row descriptor, blessed, built in the current memory context. */
extern TupleDesc srf_row_desc(FunctionCallInfo fcinfo, const char *msg);

/* The same, built once per call site and kept in flinfo->fn_extra. */
extern TupleDesc srf_cached_row_desc(FunctionCallInfo fcinfo, const char *msg);

#endif							/* WC_SRF_H */
