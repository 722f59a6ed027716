/*
 * compat.h: the one place for PostgreSQL-version differences.
 *
 * wirecodec is tested on PostgreSQL 15, 17 and 18 (make test-matrix) and
 * needs 14 or later (int64_to_numeric); every version gate lives here so the
 * glue files stay free of #if.
 */
#ifndef WIRECODEC_COMPAT_H
#define WIRECODEC_COMPAT_H

#include "postgres.h"
#include "nodes/nodes.h"

/* varatt.h split out of postgres.h in 16; VARDATA_ANY etc. live there */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/* PG_MODULE_MAGIC_EXT arrived in 18; plain magic works everywhere */
#if PG_VERSION_NUM >= 180000
#define WC_MODULE_MAGIC PG_MODULE_MAGIC_EXT(.name = "wirecodec", .version = "0.3")
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

/*
 * Soft input errors (16+): input functions report bad input with
 * errsave(fcinfo->context, ...) / ereturn(...), so that pg_input_is_valid and
 * COPY ... ON_ERROR can catch it without a subtransaction.  Before 16 there is
 * no ErrorSaveContext and both are a plain ERROR.  WC_SOFT_FAILED(ctx) tells
 * whether an errsave() into ctx recorded an error (never true before 16).
 */
#if PG_VERSION_NUM >= 160000
#include "nodes/miscnodes.h"
#define WC_SOFT_FAILED(ctx) SOFT_ERROR_OCCURRED(ctx)
#else
#define errsave(context, ...) \
	do { (void) (context); ereport(ERROR, __VA_ARGS__); } while (0)
#define ereturn(context, dummy_value, ...) \
	do { errsave(context, __VA_ARGS__); return dummy_value; } while (0)
#define WC_SOFT_FAILED(ctx) ((void) (ctx), false)
#endif

/*
 * The header of a composite Datum written in place (the fields
 * heap_form_tuple sets: length, row type and typmod).  Minor releases that
 * version row-type Datums against ALTER TYPE (HEAP_IS_DATUM in
 * access/htup_details.h) set it, version included, with
 * heap_tuple_set_datum.
 */
#include "access/htup_details.h"
#ifdef HEAP_IS_DATUM
#define WC_SET_DATUM_HEADER(td, desc, len) heap_tuple_set_datum((td), (desc), (uint32) (len))
#else
#define WC_SET_DATUM_HEADER(td, desc, len) \
	do { \
		HeapTupleHeaderSetDatumLength((td), (len)); \
		HeapTupleHeaderSetTypeId((td), (desc)->tdtypeid); \
		HeapTupleHeaderSetTypMod((td), (desc)->tdtypmod); \
	} while (0)
#endif

/*
 * Index entries of a row inserted by a loader (table_load.c): 16 added the
 * onlySummarizing argument.
 */
#if PG_VERSION_NUM >= 160000
#define WC_EXEC_INSERT_INDEX_TUPLES(rri, slot, estate) \
	ExecInsertIndexTuples((rri), (slot), (estate), false, false, NULL, NIL, false)
#else
#define WC_EXEC_INSERT_INDEX_TUPLES(rri, slot, estate) \
	ExecInsertIndexTuples((rri), (slot), (estate), false, false, NULL, NIL)
#endif

/*
 * A loader's privilege checks, as an INSERT makes them (table_load.c).  16
 * moved a range table entry's privileges into an RTEPermissionInfo and
 * renamed ExecCheckRTPerms; it also replaced pg_namespace_aclcheck by
 * object_aclcheck.  WC_CHECK_INSERT_PERMS(rte, cols, raise, ok) checks INSERT
 * on the RTE_RELATION entry rte's relation or on each column of cols
 * (attribute numbers less FirstLowInvalidHeapAttributeNumber), through the
 * executor (its hook included): ok is whether it is granted; with raise, a
 * refusal is the executor's error.
 */
#if PG_VERSION_NUM >= 160000
#include "catalog/pg_namespace.h"
#define WC_CHECK_INSERT_PERMS(rte, cols, raise, ok) \
	do { \
		List	   *perminfos_ = NIL; \
		RTEPermissionInfo *perminfo_ = addRTEPermissionInfo(&perminfos_, (rte)); \
		perminfo_->requiredPerms = ACL_INSERT; \
		perminfo_->insertedCols = (cols); \
		(ok) = ExecCheckPermissions(list_make1(rte), perminfos_, (raise)); \
	} while (0)
#define WC_NAMESPACE_ACLCHECK(nsp, role, mode) \
	object_aclcheck(NamespaceRelationId, (nsp), (role), (mode))
#else
#define WC_CHECK_INSERT_PERMS(rte, cols, raise, ok) \
	do { \
		(rte)->requiredPerms = ACL_INSERT; \
		(rte)->insertedCols = (cols); \
		(ok) = ExecCheckRTPerms(list_make1(rte), (raise)); \
	} while (0)
#define WC_NAMESPACE_ACLCHECK(nsp, role, mode) pg_namespace_aclcheck((nsp), (role), (mode))
#endif

/*
 * JSON parsing (wc_jsonb.c): 16 made the semantic actions return a
 * JsonParseErrorType; 17 gave makeJsonLexContextCstringLen a caller's
 * context (NULL: allocate one) and a size_t length.
 */
#if PG_VERSION_NUM >= 160000
#define WC_JSON_ACTION JsonParseErrorType
#define WC_JSON_ACTION_DONE return JSON_SUCCESS
#else
#define WC_JSON_ACTION void
#define WC_JSON_ACTION_DONE return
#endif
#if PG_VERSION_NUM >= 170000
#define WC_JSON_LEX_CONTEXT(s, len, enc) makeJsonLexContextCstringLen(NULL, (s), (len), (enc), true)
#else
#define WC_JSON_LEX_CONTEXT(s, len, enc) makeJsonLexContextCstringLen((s), (int) (len), (enc), true)
#endif

#endif							/* WIRECODEC_COMPAT_H */
