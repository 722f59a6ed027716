/*
 * table_load.h: rows decoded straight into a table, without a function
 * scan in between.  Shared by the loaders (fdb_tuple_load in
 * fdb_tuple_populate.c, mysql_binlog_load in mysql_binlog_typed.c,
 * mysql_conversation_load in mysql_conversation_rows.c): they decode into values/nulls of the table's
 * row type and hand each row here, which inserts batches of rows the way
 * COPY FROM does (a multi-insert into the table's storage through a bulk
 * insert state, then the rows' index entries), checking NOT NULL, CHECK and
 * partition constraints as an INSERT would.
 *
 * The table is locked first, then checked as an INSERT INTO t SELECT *
 * checks it: USAGE on its schema (an OID skips the name lookup that checks
 * it), INSERT on the table or every column (the executor's check), a
 * read-only transaction, another session's temporary table; a generated or
 * GENERATED ALWAYS identity column gets INSERT's 428C9 error.  Tables this
 * cannot load as an INSERT would are refused up front, with a hint to use
 * INSERT ... SELECT: anything but an ordinary table, system catalogs,
 * tables with insert rules or triggers (foreign keys and deferred unique
 * constraints included), row level security, and Citus tables (whose rows
 * are not in the coordinator's own storage).
 */
#ifndef WC_TABLE_LOAD_H
#define WC_TABLE_LOAD_H

#include "compat.h"

#include "access/tupdesc.h"

typedef struct wc_table_load wc_table_load;

/*
 * Whether wc_table_load_begin would load relid (locked by the caller) as an
 * INSERT of every column would insert it: false, without an error, for
 * what it would refuse or what an INSERT would fail on (privileges, a
 * read-only transaction); the caller then inserts through SQL.
 */
extern bool wc_table_load_can(Oid relid);

/*
 * Open relid for loading (RowExclusiveLock, held to the end of the
 * transaction), then check privileges and the table's kind; fname names
 * the function in messages, the SRF form in the hint.  Allocates in the
 * current memory context.
 */
extern wc_table_load *wc_table_load_begin(Oid relid, const char *fname, const char *instead);

/*
 * Before the first row: the rows' pages stay in shared buffers as an
 * INSERT's do, for a caller that goes on to change them (a load's pages
 * otherwise go through a small ring of buffers, as COPY FROM's do, and
 * leave the cache as they fill).
 */
extern void wc_table_load_keep_pages(wc_table_load *l);

/* The table's row type (pg_class.reltype). */
extern Oid	wc_table_load_rowtype(const wc_table_load *l);

/* One row of the table's row type (natts values; by-reference ones are
 * copied, so they may be freed at once). */
extern void wc_table_load_put(wc_table_load *l, const Datum *values, const bool *nulls);

/* Insert what is buffered, release everything; returns the rows loaded. */
extern int64 wc_table_load_end(wc_table_load *l);

/*
 * Is relid a table of Citus's metadata (distributed, reference, local)?
 * *distatt (if not NULL): its distribution column's index from 0, or -1.
 */
extern bool wc_citus_table(Oid relid, int *distatt);

#endif							/* WC_TABLE_LOAD_H */
