/*
 * mysql_binlog_txn.h: the transaction structure of a binlog file, as the
 * binlog apply reads it (src/pg/mysql_binlog_apply.c is its user).
 *
 * The framed events of a file (wc_binlog_next), fed one at a time, group
 * into units: a committed transaction, a rolled back one, a statement
 * outside a transaction, or an event outside any transaction.  A GTID event
 * (MySQL's GTID and ANONYMOUS_GTID, MariaDB's GTID) opens a unit; a MariaDB
 * GTID without FL_STANDALONE, a BEGIN or an XA START begins a transaction
 * in it, whose statements are inside it until a COMMIT or XA COMMIT (a
 * committed transaction) or a ROLLBACK (a rolled back one); an XID or a
 * TRANSACTION_PAYLOAD ends a committed transaction; a statement that no
 * BEGIN precedes is a unit of its own (with the GTID before it, when one
 * is); any other event outside a unit is one.  A GTID event inside an open
 * unit is an error.  The statement words are compared whole, any case,
 * white space around and a ';' after.
 *
 * A walk wants the units from a start position on (a unit must start
 * there) and says what follows its last whole unit: the end of the file,
 * an incomplete unit, more units (the caller stopped early), a ROTATE or a
 * STOP.
 *
 * No PostgreSQL headers, no allocation; errors through wc_status.h.
 */
#ifndef WC_MYSQL_BINLOG_TXN_H
#define WC_MYSQL_BINLOG_TXN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mysql_binlog.h"
#include "wc_status.h"

/* The kinds of unit (wc_binlog_unit_name: "transaction", ...). */
typedef enum wc_binlog_unit
{
	WC_BINLOG_UNIT_NONE = 0,
	WC_BINLOG_UNIT_TRANSACTION, /* committed */
	WC_BINLOG_UNIT_ROLLBACK,	/* rolled back */
	WC_BINLOG_UNIT_QUERY,		/* a statement outside a transaction */
	WC_BINLOG_UNIT_EVENT		/* an event outside any transaction */
} wc_binlog_unit;

/* What follows the last whole unit of a walk (wc_binlog_walk_end_name:
 * "end", ...). */
typedef enum wc_binlog_walk_end
{
	WC_BINLOG_WALK_END = 0,		/* the end of the file */
	WC_BINLOG_WALK_INCOMPLETE,	/* a unit or an event not yet complete */
	WC_BINLOG_WALK_MORE,		/* the caller stopped before more units */
	WC_BINLOG_WALK_ROTATE,		/* a ROTATE: the next file's name */
	WC_BINLOG_WALK_STOP			/* a STOP */
} wc_binlog_walk_end;

/* What one event does. */
typedef enum wc_binlog_txn_step
{
	WC_BINLOG_TXN_CONTINUES = 0,	/* continues the open unit */
	WC_BINLOG_TXN_BEGINS,		/* opens a unit or begins a transaction in it */
	WC_BINLOG_TXN_STATEMENT,	/* a statement inside a transaction */
	WC_BINLOG_TXN_ENDS			/* ends a unit of kind unit at this event */
} wc_binlog_txn_step;

/* The walk between events. */
typedef struct wc_binlog_txn
{
	bool		in_unit;		/* a unit opened at an earlier event is open */
	bool		began;			/* a transaction began: statements are inside */
	bool		wanted;			/* a unit started at the start position */
	int64_t		first;			/* the open unit's first event */
	uint64_t	offset;			/* and its byte offset */
	uint64_t	start;			/* the start position */
	uint64_t	done;			/* where the last whole unit ends */
	wc_binlog_walk_end mark;	/* what the last event says follows it */
} wc_binlog_txn;

/* The answer for one event. */
typedef struct wc_binlog_txn_event
{
	wc_binlog_txn_step step;
	wc_binlog_unit unit;		/* WC_BINLOG_TXN_ENDS: the unit's kind */
	bool		opens;			/* the event is its unit's first */
	bool		gtid;			/* a GTID event: its GTID names the unit */
	bool		wanted;			/* its unit starts at or after the start */
	int64_t		first;			/* its unit's first event */
	uint64_t	offset;			/* and that event's byte offset */
	uint64_t	end;			/* the byte offset after the event */
	const uint8_t *name;		/* a ROTATE outside a unit: the next file's */
	size_t		name_len;		/* name, a slice of the event's body */
} wc_binlog_txn_event;

/* Start a walk whose first event is at byte offset from (4, or where a
 * walk of the file before said a unit starts), wanting the units from
 * byte offset start on. */
void		wc_binlog_txn_begin(wc_binlog_txn *t, uint64_t from, uint64_t start);

/*
 * Feed the next event ev of the file (framed with st).  For a QUERY or
 * QUERY_COMPRESSED event, stmt[0 .. stmt_len) is its statement as the
 * caller read it (inflated, a prefix of it); NULL for other events.  Sets
 * *out.  WC_BINLOG_NESTED_GTID for a GTID event inside an open unit: offset
 * and index the event's, expected the unit's first event; t is unchanged
 * then.
 */
wc_status	wc_binlog_txn_next(wc_binlog_txn *t, const wc_binlog_state *st,
							   const wc_binlog_event *ev, const char *stmt, size_t stmt_len,
							   wc_binlog_txn_event *out, wc_error *err);

/*
 * The end of the walk: more when the caller stopped feeding after a unit
 * it wanted no more after, rest when bytes of the file follow the last
 * event fed (a partial event).  WC_BINLOG_NOT_UNIT_START when no unit
 * started at the start position: offset the start, found where the last
 * whole unit ends.  *done gets where the last whole unit ends.
 */
wc_status	wc_binlog_txn_end(const wc_binlog_txn *t, bool more, bool rest,
							  wc_binlog_walk_end *end, uint64_t *done, wc_error *err);

const char *wc_binlog_unit_name(wc_binlog_unit unit);
const char *wc_binlog_walk_end_name(wc_binlog_walk_end end);

#endif							/* WC_MYSQL_BINLOG_TXN_H */
