/*
 * hlc_pg.h: what the HLC glue shares with the MVCC glue: the Datum macros
 * of hlc_timestamp and the one place that turns a core status into an
 * ERROR.  Include after compat.h.
 */
#ifndef WC_HLC_PG_H
#define WC_HLC_PG_H

#include "hlc.h"

/* hlc_timestamp is the 16-byte wc_hlc, passed by reference. */
#define DatumGetHlcP(X)		((const wc_hlc *) DatumGetPointer(X))
#define PG_GETARG_HLC_P(n)	DatumGetHlcP(PG_GETARG_DATUM(n))

/* A palloc'd copy of v, as a Datum. */
extern Datum wc_hlc_datum(const wc_hlc *v);

/*
 * ERROR for a failed core call.  what names the type or function; text is
 * the input text to quote (text input, numeric/timestamptz casts) or NULL
 * for binary input, where the byte offset is the position.
 */
extern void wc_hlc_error(wc_hlc_status st, size_t off, const char *what,
						 const char *text) WC_NORETURN;

/* The same report through errsave(): with an ErrorSaveContext (16+ input
 * functions called softly) it records the error and returns. */
extern void wc_hlc_error_save(wc_hlc_status st, size_t off, const char *what,
							  const char *text, Node *escontext);

#endif							/* WC_HLC_PG_H */
