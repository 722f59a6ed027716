/*
 * hlc_glue.h: what the HLC glue shares with the MVCC glue: the Datum macros
 * of hlc_timestamp.  Include after compat.h.
 */
#ifndef WC_HLC_GLUE_H
#define WC_HLC_GLUE_H

#include "hlc.h"

/* hlc_timestamp is the 16-byte wc_hlc, passed by reference. */
#define DatumGetHlcP(X)		((const wc_hlc *) DatumGetPointer(X))
#define PG_GETARG_HLC_P(n)	DatumGetHlcP(PG_GETARG_DATUM(n))

/* A palloc'd copy of v, as a Datum. */
extern Datum hlc_datum(const wc_hlc *v);

#endif							/* WC_HLC_GLUE_H */
