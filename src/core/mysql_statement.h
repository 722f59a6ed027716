/*
 * mysql_statement.h: a lexer and classifier of the SQL statements MySQL and
 * MariaDB write to a binary log as text (QUERY events), for the binlog
 * apply: does a statement change a table other than through row events
 * (DDL, or DML logged as a statement), and which tables?  Pure C, no
 * allocation: results are byte offsets into the caller's text.
 *
 * The answer is conservative: a table named where none is changed costs a
 * stop for a person, a table changed but not named is a wrong replica.  So
 * version comments (MySQL's slash-star-bang-NNNNN, MariaDB's
 * slash-star-M-bang-NNNNNN) are read as code whatever the version, a verb
 * that may change tables followed by words the classifier cannot read
 * gives WC_STMT_UNKNOWN_TABLE, never "no table", and a verb it does not
 * know is WC_STMT_UNKNOWN.
 *
 * Prefixes: the caller may pass only the first len bytes of a statement
 * (complete false).  A function that cannot decide from those bytes returns
 * WC_STMT_NEED_MORE; what it returns otherwise is what it returns for the
 * whole statement.  After WC_STMT_NEED_MORE the iterators may be called
 * again with a longer prefix of the same statement: they resume after the
 * last item they returned.  Time is linear in len; parentheses are
 * counted, not recursed into.
 *
 * Limits: one statement per text, as servers log them (words after a ';'
 * that ends a statement are not read); sql_mode's ANSI_QUOTES and
 * NO_BACKSLASH_ESCAPES change the lexing and are given by the caller (the
 * QUERY event carries the statement's sql_mode).
 */
#ifndef WC_MYSQL_STATEMENT_H
#define WC_MYSQL_STATEMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wc_status.h"

/* The sql_mode bits that change how a statement is read, as MySQL and
 * MariaDB number them: pass the QUERY event's sql_mode as it is. */
#define WC_STMT_ANSI_QUOTES				(UINT64_C(1) << 2)	/* "x" is an identifier */
#define WC_STMT_NO_BACKSLASH_ESCAPES	(UINT64_C(1) << 20) /* \ is a plain byte in strings */

/* What a statement does to tables (wc_stmt_kind_names: "other", "alter", ...). */
typedef enum wc_stmt_kind
{
	WC_STMT_OTHER = 0,			/* changes no table (SET, BEGIN, COMMIT, XA, SELECT,
								 * GRANT, CREATE DATABASE, CREATE VIEW, ...) */
	WC_STMT_ALTER,				/* ALTER [ONLINE|OFFLINE] [IGNORE] TABLE, ALTER SEQUENCE */
	WC_STMT_RENAME,				/* RENAME TABLE a TO b [, c TO d] ... */
	WC_STMT_TRUNCATE,			/* TRUNCATE [TABLE] t */
	WC_STMT_DROP,				/* DROP [TEMPORARY] TABLE, DROP SEQUENCE, DROP DATABASE */
	WC_STMT_CREATE,				/* CREATE [OR REPLACE] [TEMPORARY] TABLE, CREATE SEQUENCE */
	WC_STMT_INDEX,				/* CREATE / DROP INDEX ... ON t: rows unchanged */
	WC_STMT_INSERT,				/* INSERT ... [INTO] t */
	WC_STMT_REPLACE,			/* REPLACE ... [INTO] t */
	WC_STMT_UPDATE,				/* UPDATE table references SET ... */
	WC_STMT_DELETE,				/* DELETE, single- and multi-table */
	WC_STMT_LOAD,				/* LOAD DATA / LOAD XML ... INTO TABLE t */
	WC_STMT_UNKNOWN				/* may change tables it does not name: CALL, EXECUTE,
								 * BINLOG, compound statements, verbs not known */
} wc_stmt_kind;

extern const char *const wc_stmt_kind_names[];

/* A token: bytes [off, off + len) of the text, quotes included. */
typedef struct wc_stmt_token
{
	size_t		off;
	size_t		len;
	char		quote;			/* 0: a bare word; '`', or '"' under ANSI_QUOTES */
} wc_stmt_token;

/* A table a statement changes (or the database of DROP DATABASE). */
typedef struct wc_stmt_table
{
	bool		has_db;			/* qualified: db.name */
	wc_stmt_token db;
	wc_stmt_token name;			/* len 0 when whole_db */
	bool		new_name;		/* the name a table is renamed to (RENAME TABLE's
								 * and ALTER TABLE ... RENAME's) */
	bool		whole_db;		/* DROP DATABASE: every table of db */
} wc_stmt_table;

/* An iterator's place in the text; the members are the iterator's own. */
typedef struct wc_stmt_cursor
{
	size_t		pos;			/* next byte to read */
	size_t		depth;			/* open parentheses of nested table references */
	uint8_t		version;		/* inside a version comment */
	uint8_t		mode;			/* the table iterator's state */
	uint8_t		clause;			/* what a ',' or the end of a list leads to */
	uint8_t		spec;			/* the specification iterator's state */
	uint8_t		named;			/* a table was returned */
} wc_stmt_cursor;

/* A classified statement. */
typedef struct wc_stmt
{
	wc_stmt_kind kind;
	uint64_t	modes;			/* WC_STMT_ANSI_QUOTES, WC_STMT_NO_BACKSLASH_ESCAPES */
	size_t		verb;			/* byte offset of the verb (after WITH ... and
								 * MariaDB's SET STATEMENT ... FOR) */
	wc_stmt_cursor tables;		/* wc_stmt_next_table's */
	wc_stmt_cursor specs;		/* wc_stmt_next_spec's */
} wc_stmt;

/* An ALTER TABLE specification, by what it does to names. */
typedef enum wc_stmt_spec_kind
{
	WC_STMT_SPEC_OTHER = 0,		/* table options, ALTER COLUMN, partitions, ... */
	WC_STMT_SPEC_ADD,			/* ADD [COLUMN] c ..., ADD INDEX ..., ... */
	WC_STMT_SPEC_DROP,			/* DROP [COLUMN] c, DROP INDEX i, ... */
	WC_STMT_SPEC_MODIFY,		/* MODIFY [COLUMN] c definition */
	WC_STMT_SPEC_CHANGE,		/* CHANGE [COLUMN] old new definition */
	WC_STMT_SPEC_RENAME_COLUMN, /* RENAME COLUMN old TO new */
	WC_STMT_SPEC_RENAME_INDEX,	/* RENAME INDEX|KEY old TO new */
	WC_STMT_SPEC_RENAME_TABLE,	/* RENAME [TO|AS] new */
	WC_STMT_SPEC_EXCHANGE		/* EXCHANGE PARTITION p WITH TABLE t2 */
} wc_stmt_spec_kind;

extern const char *const wc_stmt_spec_kind_names[];

typedef struct wc_stmt_spec
{
	wc_stmt_spec_kind kind;
	size_t		off;			/* byte offset of its first word */
	bool		column;			/* of columns: CHANGE, RENAME_COLUMN, and ADD, DROP,
								 * MODIFY of a column (not of an index, key,
								 * constraint, partition, period) */
	wc_stmt_token a;			/* ADD, DROP, MODIFY: the column (len 0 for
								 * ADD (c1 ..., c2 ...)); CHANGE, RENAME_*: the old
								 * name; EXCHANGE: the partition */
	wc_stmt_token b;			/* CHANGE, RENAME_COLUMN, RENAME_INDEX: the new name */
	wc_stmt_table table;		/* RENAME_TABLE: the new name; EXCHANGE: the table */
} wc_stmt_spec;

/*
 * Classify the statement s[0, len): st->kind, and the iterators set at the
 * start of its table names.  Leading white space, comments and ';' are
 * skipped, version comments read as code; WITH [RECURSIVE] cte AS (...), ...
 * and SET STATEMENT ... FOR are passed over to the verb that follows.
 * Returns WC_OK, or WC_STMT_NEED_MORE (err: where the prefix ran out).
 * modes: the statement's sql_mode (only the WC_STMT_* bits are read).
 */
wc_status	wc_stmt_classify(const char *s, size_t len, bool complete, uint64_t modes,
							 wc_stmt *st, wc_error *err);

/*
 * The next table st changes: WC_OK with *t, WC_NULL after the last one;
 * WC_STMT_UNKNOWN_TABLE when the statement changes tables and the words
 * where the next one is named cannot be read (every later call says the
 * same; err: where); WC_STMT_NEED_MORE.  Every statement of a kind other
 * than WC_STMT_OTHER and WC_STMT_UNKNOWN names at least one table or says
 * WC_STMT_UNKNOWN_TABLE; WC_STMT_UNKNOWN says WC_STMT_UNKNOWN_TABLE at
 * once, WC_STMT_OTHER WC_NULL.  UPDATE and DELETE give every base table of
 * their table references (any of them may be written); RENAME TABLE gives
 * each old name then its new one; ALTER TABLE its table, then the tables
 * of its RENAME and EXCHANGE PARTITION specifications.  The same s and
 * modes as classify, or a longer prefix of the same statement.
 */
wc_status	wc_stmt_next_table(const char *s, size_t len, bool complete, wc_stmt *st,
							   wc_stmt_table *t, wc_error *err);

/*
 * The next specification of an ALTER TABLE (WC_NULL after the last, at
 * once for other statements): its kind and names, so that a caller can
 * tell a rename from a drop and an add.  WC_ERR_SYNTAX when a
 * specification that names columns or tables cannot be read (err: where;
 * every later call says the same); WC_STMT_NEED_MORE.
 */
wc_status	wc_stmt_next_spec(const char *s, size_t len, bool complete, wc_stmt *st,
							  wc_stmt_spec *sp, wc_error *err);

/*
 * An identifier token's name without its quotes (`a``b` is a`b) into out,
 * NUL-terminated, truncated to cap - 1 bytes; returns its length (so the
 * whole name was written when the result is less than cap).
 */
size_t		wc_stmt_ident(const char *s, const wc_stmt_token *tok, char *out, size_t cap);

/* Transaction control, as a QUERY event may hold it. */
typedef enum wc_stmt_txn
{
	WC_STMT_TXN_NONE = 0,		/* not transaction control */
	WC_STMT_TXN_BEGIN,			/* BEGIN [WORK] */
	WC_STMT_TXN_COMMIT,			/* COMMIT [WORK] */
	WC_STMT_TXN_ROLLBACK,		/* ROLLBACK [WORK] (not ROLLBACK TO SAVEPOINT) */
	WC_STMT_TXN_XA_START,		/* XA START|BEGIN xid */
	WC_STMT_TXN_XA_END,			/* XA END xid */
	WC_STMT_TXN_XA_PREPARE,		/* XA PREPARE xid */
	WC_STMT_TXN_XA_COMMIT,		/* XA COMMIT xid [ONE PHASE] */
	WC_STMT_TXN_XA_ROLLBACK		/* XA ROLLBACK xid */
} wc_stmt_txn;

/*
 * Which transaction control statement s[0, len) is (a whole statement):
 * words in any case, white space and comments around them, ';' after.
 */
wc_stmt_txn wc_stmt_transaction(const char *s, size_t len, uint64_t modes);

#endif							/* WC_MYSQL_STATEMENT_H */
