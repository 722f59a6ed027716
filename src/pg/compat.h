/*
 * compat.h: the one place for PostgreSQL-version differences.
 *
 * wirecodec is tested on PostgreSQL 15 and written to build on 13-18;
 * every version gate lives here so the glue files stay free of #if.
 */
#ifndef WIRECODEC_COMPAT_H
#define WIRECODEC_COMPAT_H

#include "postgres.h"

/* varatt.h split out of postgres.h in 16; VARDATA_ANY etc. live there */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/* PG_MODULE_MAGIC_EXT arrived in 18; plain magic works everywhere */
#if PG_VERSION_NUM >= 180000
#define WC_MODULE_MAGIC PG_MODULE_MAGIC_EXT(.name = "wirecodec", .version = "0.1")
#else
#define WC_MODULE_MAGIC PG_MODULE_MAGIC
#endif

/*
 * Sort support: 15 added the shared signed-Datum comparator, which
 * tuplesort recognises and sorts with a specialised quicksort.  Abbreviated
 * keys that are int64s need 8-byte Datums.
 */
#if SIZEOF_DATUM >= 8
#define WC_HAVE_INT64_ABBREV 1
#endif
#if PG_VERSION_NUM >= 150000 && SIZEOF_DATUM >= 8
#define WC_SSUP_SIGNED_CMP ssup_datum_signed_cmp
#define WC_SSUP_UNSIGNED_CMP ssup_datum_unsigned_cmp
#endif

/* Error helpers that never return (pg_attribute_noreturn left in 18). */
#define WC_NORETURN __attribute__((noreturn))

#endif							/* WIRECODEC_COMPAT_H */
