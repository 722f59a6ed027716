/*
 * mysql_binlog_txn.c: the transaction structure of a binlog file, event by
 * event (see mysql_binlog_txn.h).
 *
 * wc_binlog_txn_next sorts the event into one of a few classes (a GTID, a
 * statement, an event that commits, ROTATE, STOP, any other) and
 * dispatches to one function per class; each says what the event does in
 * the walk's state (a unit open or not, a transaction begun in it or not)
 * and moves the state on.
 */
#include "mysql_binlog_txn.h"

/* The classes of event the walk tells apart. */
enum
{
	E_OTHER,
	E_GTID,
	E_QUERY,
	E_COMMIT,					/* XID, TRANSACTION_PAYLOAD */
	E_ROTATE,
	E_STOP,
	E_COUNT
};

static const char *const unit_names[] = {
	"none", "transaction", "rollback", "query", "event"
};

static const char *const walk_end_names[] = {
	"end", "incomplete", "more", "rotate", "stop"
};

/* The name of a unit kind, as the apply's rows say it. */
const char *
wc_binlog_unit_name(wc_binlog_unit unit)
{
	return (unsigned) unit <= WC_BINLOG_UNIT_EVENT ? unit_names[unit] : "none";
}

/* The name of a walk's end, as the apply's rows say it. */
const char *
wc_binlog_walk_end_name(wc_binlog_walk_end end)
{
	return (unsigned) end <= WC_BINLOG_WALK_STOP ? walk_end_names[end] : "end";
}

/* Start a walk at byte offset from, wanting the units from start on. */
void
wc_binlog_txn_begin(wc_binlog_txn *t, uint64_t from, uint64_t start)
{
	memset(t, 0, sizeof(*t));
	t->done = from;
	t->start = start;
	t->mark = WC_BINLOG_WALK_END;
}

/* The class of an event type. */
static int
event_class(unsigned type)
{
	switch (type)
	{
		case WC_BINLOG_GTID_LOG_EVENT:
		case WC_BINLOG_ANONYMOUS_GTID_LOG_EVENT:
		case WC_BINLOG_GTID_EVENT:
			return E_GTID;
		case WC_BINLOG_QUERY_EVENT:
		case WC_BINLOG_QUERY_COMPRESSED_EVENT:
			return E_QUERY;
		case WC_BINLOG_XID_EVENT:
		case WC_BINLOG_TRANSACTION_PAYLOAD_EVENT:
			return E_COMMIT;
		case WC_BINLOG_ROTATE_EVENT:
			return E_ROTATE;
		case WC_BINLOG_STOP_EVENT:
			return E_STOP;
		default:
			return E_OTHER;
	}
}

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Is the statement s[0 .. n) word (upper case), in any case, with white
 * space around it and ';' after it? */
static bool
stmt_is(const char *s, size_t n, const char *word)
{
	size_t		w = strlen(word);

	while (n > 0 && is_space(*s))
		s++, n--;
	while (n > 0 && (is_space(s[n - 1]) || s[n - 1] == ';'))
		n--;
	if (n != w)
		return false;
	for (size_t i = 0; i < n; i++)
	{
		char		c = s[i];

		if (c >= 'a' && c <= 'z')
			c = (char) (c - 'a' + 'A');
		if (c != word[i])
			return false;
	}
	return true;
}

/* The event ends the open unit (or is a unit of its own) of kind unit. */
static void
ends(wc_binlog_txn *t, wc_binlog_txn_event *out, wc_binlog_unit unit)
{
	out->step = WC_BINLOG_TXN_ENDS;
	out->unit = unit;
	t->in_unit = t->began = false;
	t->done = out->end;
}

/* A GTID event: opens a unit; a MariaDB one without FL_STANDALONE begins
 * its transaction too. */
static wc_status
on_gtid(wc_binlog_txn *t, const wc_binlog_state *st, const wc_binlog_event *ev,
		const char *stmt, size_t stmt_len, wc_binlog_txn_event *out, wc_error *err)
{
	(void) st, (void) stmt, (void) stmt_len;
	if (t->in_unit)
	{
		wc_fail(err, WC_BINLOG_NESTED_GTID, (size_t) ev->offset);
		if (err)
		{
			err->expected = (uint64_t) t->first;
			err->has |= WC_HAS_EXPECTED;
		}
		return wc_at_index(err, WC_BINLOG_NESTED_GTID, "event", ev->index);
	}
	t->in_unit = true;
	t->began = ev->h.type == WC_BINLOG_GTID_EVENT && ev->body_len > 12 &&
		(ev->body[12] & 1) == 0;
	out->step = WC_BINLOG_TXN_BEGINS;
	out->gtid = true;
	return WC_OK;
}

/* A statement: BEGIN or XA START begins a transaction, COMMIT, XA COMMIT
 * or ROLLBACK ends one that began; any other is inside it, or a unit of
 * its own when none began. */
static wc_status
on_query(wc_binlog_txn *t, const wc_binlog_state *st, const wc_binlog_event *ev,
		 const char *stmt, size_t stmt_len, wc_binlog_txn_event *out, wc_error *err)
{
	(void) st, (void) ev, (void) err;
	if (stmt == NULL)
		stmt = "", stmt_len = 0;
	if (stmt_is(stmt, stmt_len, "BEGIN") || stmt_is(stmt, stmt_len, "XA START"))
	{
		t->in_unit = t->began = true;
		out->step = WC_BINLOG_TXN_BEGINS;
	}
	else if (t->began && (stmt_is(stmt, stmt_len, "COMMIT") || stmt_is(stmt, stmt_len, "XA COMMIT")))
		ends(t, out, WC_BINLOG_UNIT_TRANSACTION);
	else if (t->began && stmt_is(stmt, stmt_len, "ROLLBACK"))
		ends(t, out, WC_BINLOG_UNIT_ROLLBACK);
	else if (!t->began)
		ends(t, out, WC_BINLOG_UNIT_QUERY);
	else
		out->step = WC_BINLOG_TXN_STATEMENT;
	return WC_OK;
}

/* XID or TRANSACTION_PAYLOAD: a committed transaction ends here (or is
 * the event alone). */
static wc_status
on_commit(wc_binlog_txn *t, const wc_binlog_state *st, const wc_binlog_event *ev,
		  const char *stmt, size_t stmt_len, wc_binlog_txn_event *out, wc_error *err)
{
	(void) st, (void) ev, (void) stmt, (void) stmt_len, (void) err;
	ends(t, out, WC_BINLOG_UNIT_TRANSACTION);
	return WC_OK;
}

/* Any other event: a unit of its own outside a unit, else part of it. */
static wc_status
on_other(wc_binlog_txn *t, const wc_binlog_state *st, const wc_binlog_event *ev,
		 const char *stmt, size_t stmt_len, wc_binlog_txn_event *out, wc_error *err)
{
	(void) st, (void) ev, (void) stmt, (void) stmt_len, (void) err;
	if (!t->in_unit)
		ends(t, out, WC_BINLOG_UNIT_EVENT);
	return WC_OK;
}

/* ROTATE outside a unit: an event unit naming the next file (its body
 * after the post-header), which ends the walk when nothing follows. */
static wc_status
on_rotate(wc_binlog_txn *t, const wc_binlog_state *st, const wc_binlog_event *ev,
		  const char *stmt, size_t stmt_len, wc_binlog_txn_event *out, wc_error *err)
{
	if (!t->in_unit)
	{
		unsigned	post = wc_binlog_post_header_len(st, ev->h.type);

		if (post > ev->body_len)
			post = (unsigned) ev->body_len;
		out->name = ev->body + post;
		out->name_len = ev->body_len - post;
		t->mark = WC_BINLOG_WALK_ROTATE;
	}
	return on_other(t, st, ev, stmt, stmt_len, out, err);
}

/* STOP: ends the walk when nothing follows. */
static wc_status
on_stop(wc_binlog_txn *t, const wc_binlog_state *st, const wc_binlog_event *ev,
		const char *stmt, size_t stmt_len, wc_binlog_txn_event *out, wc_error *err)
{
	t->mark = WC_BINLOG_WALK_STOP;
	return on_other(t, st, ev, stmt, stmt_len, out, err);
}

typedef wc_status (*event_fn) (wc_binlog_txn *t, const wc_binlog_state *st,
							   const wc_binlog_event *ev, const char *stmt, size_t stmt_len,
							   wc_binlog_txn_event *out, wc_error *err);

static const event_fn handlers[E_COUNT] = {
	[E_OTHER] = on_other,
	[E_GTID] = on_gtid,
	[E_QUERY] = on_query,
	[E_COMMIT] = on_commit,
	[E_ROTATE] = on_rotate,
	[E_STOP] = on_stop,
};

/* Feed the next event (see the header). */
wc_status
wc_binlog_txn_next(wc_binlog_txn *t, const wc_binlog_state *st, const wc_binlog_event *ev,
				   const char *stmt, size_t stmt_len, wc_binlog_txn_event *out, wc_error *err)
{
	wc_binlog_txn before = *t;
	wc_status	rc;

	memset(out, 0, sizeof(*out));
	out->end = ev->offset + ev->h.event_size;
	if (!t->in_unit)
	{
		out->opens = true;
		t->first = ev->index;
		t->offset = ev->offset;
		if (ev->offset == t->start)
			t->wanted = true;
	}
	t->mark = WC_BINLOG_WALK_END;
	out->first = t->first;
	out->offset = t->offset;
	out->wanted = t->wanted;
	rc = handlers[event_class(ev->h.type)] (t, st, ev, stmt, stmt_len, out, err);
	if (rc != WC_OK)
		*t = before;
	return rc;
}

/* The end of the walk (see the header). */
wc_status
wc_binlog_txn_end(const wc_binlog_txn *t, bool more, bool rest, wc_binlog_walk_end *end,
				  uint64_t *done, wc_error *err)
{
	*done = t->done;
	if (more && rest)
		*end = WC_BINLOG_WALK_MORE;
	else if (t->in_unit || rest)
		*end = WC_BINLOG_WALK_INCOMPLETE;
	else
		*end = t->mark;
	if (!t->wanted && t->done != t->start)
		return wc_fail_found(err, WC_BINLOG_NOT_UNIT_START, (size_t) t->start, t->done);
	return WC_OK;
}
