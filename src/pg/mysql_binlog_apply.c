/*
 * mysql_binlog_apply.c: the transaction structure of a binlog file for
 * mysql_binlog_apply (src/sql/mysql_binlog.sql applies the rows).
 *
 * mysql_binlog_apply_plan(binlog, start_position, max_units, start_index)
 * walks the complete events of a file (a file still being written may end
 * in a partial event: the walk stops before it) and returns one row per
 * unit that starts at or after start_position: a committed transaction
 * ('transaction'), a rolled back one ('rollback'), a statement outside a
 * transaction ('query', with its text and default database), or an event
 * outside any transaction ('event'); before a transaction's row, one row
 * per statement inside it other than BEGIN and COMMIT ('statement':
 * statement-based changes).  A last row says what follows the last whole
 * unit: 'end' (the end of the file), 'incomplete' (a transaction or event
 * not yet complete), 'rotate' (a ROTATE, whose statement is the next
 * file's name) or 'stop'; or 'more' after max_units units (0: no limit),
 * its first_index and byte_offset where the next call goes on (as its
 * start_index and start_position: a start_index jumps from the
 * FORMAT_DESCRIPTION straight to the start instead of walking the file
 * before it).
 *
 * mysql_binlog_apply_slice(binlog, start_position, end_position) is the
 * file cut at end_position with every event before start_position but the
 * FORMAT_DESCRIPTION made an IGNORABLE_LOG_EVENT (its checksum computed
 * again): the row readers then decode only the rows from start_position on
 * (a table map before it may be of a table since changed), with the events'
 * indexes and offsets those of the file.
 */
#include "compat.h"

#include "catalog/namespace.h"
#include "catalog/pg_class.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "utils/memutils.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

#include "mysql_binlog.h"
#include "mysql_binlog_apply.h"
#include "mysql_binlog_txn.h"
#include "mysql_statement.h"
#include "mysql_binlog_glue.h"
#include "wc_report.h"

/* MySQL's IGNORABLE_LOG_EVENT: what the slice makes of the events it hides */
#define AP_IGNORABLE_EVENT 28

/*
 * A statement is read up to its first AP_STMT_MAX bytes (a compressed one
 * inflated no further): what tells which table it changes comes first,
 * and a statement returned in full could be up to the decompression
 * limit.  A chunk ends ('more') after the unit during which the statements
 * returned passed AP_CHUNK_STMT bytes, so that the statements gathered per
 * chunk stay bounded whatever the number of units.
 */
#define AP_STMT_MAX ((size_t) 256 * 1024)
#define AP_CHUNK_STMT ((size_t) 4 << 20)

/* ---- where MySQL tables go ---- */

void
apply_map_args(apply_map *m, FunctionCallInfo fcinfo, int nsp_arg, int schema_arg, int names_arg,
			   int rels_arg)
{
	Datum	   *names,
			   *rels;
	bool	   *nn,
			   *rn;
	int			n,
				nr;

	memset(m, 0, sizeof(*m));
	if (PG_ARGISNULL(nsp_arg))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("the MySQL binlog apply needs a target schema")));
	/* ERROR 3F000 for a schema that does not exist, 42501 without USAGE */
	m->nsp = LookupExplicitNamespace(NameStr(*PG_GETARG_NAME(nsp_arg)), false);
	m->only_schema = PG_ARGISNULL(schema_arg) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(schema_arg));
	if (PG_NARGS() <= Max(names_arg, rels_arg) || PG_ARGISNULL(names_arg) || PG_ARGISNULL(rels_arg))
		return;
	deconstruct_array(PG_GETARG_ARRAYTYPE_P(names_arg), TEXTOID, -1, false, TYPALIGN_INT,
					  &names, &nn, &n);
	deconstruct_array(PG_GETARG_ARRAYTYPE_P(rels_arg), OIDOID, sizeof(Oid), true, TYPALIGN_INT,
					  &rels, &rn, &nr);
	if (n != nr)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("mysql_tables and target_tables differ in length (%d and %d)", n, nr)));
	m->map_name = palloc(sizeof(char *) * Max(n, 1));
	m->map_rel = palloc(sizeof(Oid) * Max(n, 1));
	for (int i = 0; i < n; i++)
	{
		if (nn[i] || rn[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("table pair %d has a NULL", i + 1)));
		m->map_name[i] = TextDatumGetCString(names[i]);
		m->map_rel[i] = DatumGetObjectId(rels[i]);
	}
	m->nmap = n;
}

Oid
apply_map_table(const apply_map *m, const char *db, const char *name)
{
	Oid			relid = InvalidOid;
	char		kind;

	if (m->only_schema && strcmp(m->only_schema, db) != 0)
		return InvalidOid;
	if (m->map_name != NULL)
	{
		char	   *qualified = psprintf("%s.%s", db, name);

		/* its pair "db.t", else its pair "t" */
		for (int i = 0; i < m->nmap && !OidIsValid(relid); i++)
			if (strcmp(m->map_name[i], qualified) == 0)
				relid = m->map_rel[i];
		for (int i = 0; i < m->nmap && !OidIsValid(relid); i++)
			if (strcmp(m->map_name[i], name) == 0)
				relid = m->map_rel[i];
		pfree(qualified);
	}
	else
	{
		if (strlen(name) >= NAMEDATALEN)
			ereport(ERROR,
					(errcode(ERRCODE_NAME_TOO_LONG),
					 errmsg("MySQL table %s.%s has a name of %zu bytes, longer than PostgreSQL's %d",
							db, name, strlen(name), NAMEDATALEN - 1),
					 errhint("Map it to a table with tables => '{\"%s.%s\": \"...\"}', or leave its database out with schema_name.",
							 db, name)));
		relid = get_relname_relid(name, m->nsp);
	}
	if (!OidIsValid(relid))
		return InvalidOid;
	kind = get_rel_relkind(relid);
	return kind == RELKIND_RELATION || kind == RELKIND_PARTITIONED_TABLE ? relid : InvalidOid;
}

/* ---- the plan ---- */

/* One unit of the plan. */
typedef struct ap_unit
{
	int64		first;			/* index of its first event */
	uint64		offset;			/* byte offset of its first event */
	bool		have_gtid;
	char		gtid[80];
	uint32		server_id;
	text	   *stmt;			/* 'query': the statement; 'rotate': the file */
	text	   *db;
	bool		complete;		/* stmt is the whole statement */
	uint64		modes;			/* the statement's sql_mode */
	const char *verb;			/* what it does to a mapped table (NULL:
								 * nothing), and to which (relid: InvalidOid
								 * when it cannot be told) */
	char	   *target;
	Oid			relid;
} ap_unit;

/* Text of the first AP_STMT_MAX bytes from the log (cut at a character's
 * start), for a message or a row: as they are when valid in the database
 * encoding, else with every byte over 0x7f (and NUL) as '?'. */
static text *
ap_text(const uint8 *p, size_t n)
{
	text	   *t;
	char	   *d;
	size_t		i;

	if (n > AP_STMT_MAX)
		n = (size_t) pg_mbcliplen((const char *) p, (int) AP_STMT_MAX, (int) AP_STMT_MAX);
	t = (text *) wc_varlena_copy(p, n, "statement text");
	d = VARDATA(t);
	if (memchr(d, 0, n) == NULL && pg_verifymbstr(d, (int) n, true))
		return t;
	for (i = 0; i < n; i++)
		if ((uint8) d[i] > 0x7f || d[i] == 0)
			d[i] = '?';
	return t;
}

/* A QUERY (or MariaDB QUERY_COMPRESSED) event's statement and database. */
static void
ap_query(const wc_binlog_state *st, const wc_binlog_event *ev, ap_unit *u)
{
	unsigned	post = wc_binlog_post_header_len(st, ev->h.type);
	const uint8 *b = ev->body;
	size_t		n = ev->body_len;
	size_t		dbl,
				vars,
				q;

	if (post < 13 || n < post)
		goto bad;
	dbl = b[8];
	vars = (size_t) b[11] | ((size_t) b[12] << 8);
	q = post + vars + dbl + 1;
	if (q > n)
		goto bad;
	u->db = ap_text(b + post + vars, dbl);
	/* the status variables MySQL and MariaDB write first: flags2, then the
	 * sql_mode (ANSI_QUOTES and NO_BACKSLASH_ESCAPES change the lexing) */
	u->modes = 0;
	for (size_t v = post; v < post + vars;)
	{
		if (b[v] == 0 && v + 5 <= post + vars)
			v += 5;
		else
		{
			if (b[v] == 1 && v + 9 <= post + vars)
				for (int i = 0; i < 8; i++)
					u->modes |= (uint64) b[v + 1 + i] << (8 * i);
			break;
		}
	}
	if (ev->h.type == WC_BINLOG_QUERY_COMPRESSED_EVENT)
	{
		size_t		len;
		uint8	   *raw = binlog_inflate_record(b + q, n - q, ev->body_offset + q, AP_STMT_MAX, &len, ev);

		u->stmt = ap_text(raw, len);
		u->complete = len < AP_STMT_MAX;
		pfree(raw);
	}
	else
	{
		u->stmt = ap_text(b + q, n - q);
		u->complete = n - q < AP_STMT_MAX;
	}
	return;
bad:
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
			 errmsg("MySQL binlog event %lld (%s) at byte offset %llu is too short for its statement",
					(long long) ev->index, wc_binlog_event_type_name(ev->h.type),
					(unsigned long long) ev->offset)));
}

/* A name of the statement s: its identifier token, unquoted. */
static char *
ap_ident(const char *s, const wc_stmt_token *tok)
{
	char	   *out = palloc(tok->len + 1);

	(void) wc_stmt_ident(s, tok, out, tok->len + 1);
	return out;
}

/* The verb the apply's driver knows kind by ('alter', 'rename',
 * 'truncate', 'drop', 'insert', 'update', 'delete'), NULL for a kind that
 * changes no table's rows or columns. */
static const char *
ap_verb(wc_stmt_kind kind)
{
	switch (kind)
	{
		case WC_STMT_ALTER:
			return "alter";
		case WC_STMT_RENAME:
			return "rename";
		case WC_STMT_TRUNCATE:
			return "truncate";
		case WC_STMT_DROP:
			return "drop";
		case WC_STMT_INSERT:
		case WC_STMT_REPLACE:
		case WC_STMT_LOAD:
			return "insert";
		case WC_STMT_UPDATE:
			return "update";
		case WC_STMT_DELETE:
			return "delete";
		default:
			return NULL;
	}
}

/*
 * What statement u (of default database u->db) does to the tables of map m,
 * into u->verb and u->target (the PostgreSQL table, quoted and qualified;
 * or what is known of a table the statement does not let be told): the
 * first table it changes that maps there.  Conservative (mysql_statement.h):
 * a statement whose read prefix cannot say which tables it changes, or that
 * changes tables the lexer cannot name, counts as changing one of them.
 */
static void
ap_statement(const apply_map *m, ap_unit *u)
{
	const char *s = VARDATA_ANY(u->stmt);
	size_t		len = VARSIZE_ANY_EXHDR(u->stmt);
	char	   *dflt = text_to_cstring(u->db);
	wc_stmt		st;
	wc_stmt_table t;
	wc_error	err;
	wc_status	rc;

	u->verb = NULL;
	u->target = NULL;
	u->relid = InvalidOid;
	if (wc_stmt_classify(s, len, u->complete, u->modes, &st, &err) != WC_OK)
	{
		u->verb = "alter";
		u->target = psprintf("(a table its first %zu bytes do not name)", len);
		return;
	}
	if (ap_verb(st.kind) == NULL)
		return;
	while ((rc = wc_stmt_next_table(s, len, u->complete, &st, &t, &err)) == WC_OK)
	{
		char	   *db = t.has_db ? ap_ident(s, &t.db) : dflt;
		Oid			relid;

		CHECK_FOR_INTERRUPTS();
		/* DROP DATABASE: passed over (documented), as a database is
		 * dropped before one is made anew at the start of a dump */
		if (t.whole_db)
			continue;
		relid = apply_map_table(m, db, ap_ident(s, &t.name));
		if (OidIsValid(relid))
		{
			u->relid = relid;
			u->verb = ap_verb(st.kind);
			u->target = quote_qualified_identifier(get_namespace_name(get_rel_namespace(relid)),
												   get_rel_name(relid));
			return;
		}
	}
	if (rc != WC_NULL)
	{
		u->verb = ap_verb(st.kind);
		u->target = psprintf("(a table at byte offset %zu of the statement)", st.tables.pos);
	}
}

/* Where the walk puts each unit (kind, its last event and end offset):
 * false stops the walk there. */
typedef struct ap_sink
{
	bool		(*unit) (struct ap_sink *sink, const ap_unit *u, int64 last, uint64 end,
						 const char *kind);
	ReturnSetInfo *rsinfo;		/* ap_emit's */
} ap_sink;

/* One row of the result. */
static bool
ap_emit(ap_sink *sink, const ap_unit *u, int64 last, uint64 end, const char *kind)
{
	ReturnSetInfo *rsinfo = sink->rsinfo;
	Datum		values[11];
	bool		nulls[11] = {0};

	values[0] = Int64GetDatum(u->first);
	values[1] = Int64GetDatum(last);
	values[2] = Int64GetDatum((int64) u->offset);
	values[3] = Int64GetDatum((int64) end);
	values[4] = CStringGetTextDatum(kind);
	if (u->have_gtid)
		values[5] = CStringGetTextDatum(u->gtid);
	else
		nulls[5] = true;
	values[6] = Int64GetDatum((int64) u->server_id);
	values[7] = PointerGetDatum(u->stmt);
	nulls[7] = u->stmt == NULL;
	values[8] = PointerGetDatum(u->db);
	nulls[8] = u->db == NULL;
	if (u->verb)
	{
		values[9] = CStringGetTextDatum(u->verb);
		values[10] = CStringGetTextDatum(u->target);
	}
	else
		nulls[9] = nulls[10] = true;
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	return true;
}

/* The next complete event of data[0 .. len), or false before a partial one
 * (or at the end). */
static bool
ap_next(const uint8 *data, size_t len, wc_binlog_state *st, wc_binlog_event *ev)
{
	wc_error	err;
	wc_binlog_header h;

	CHECK_FOR_INTERRUPTS();
	if (st->offset + WC_BINLOG_HEADER_LEN > len)
		return false;
	if (wc_binlog_header_decode(st, data + st->offset, st->offset, &h, &err) != WC_OK)
		wc_report(&err, "MySQL binlog");
	if (h.event_size > len - st->offset)
		return false;
	if (wc_binlog_next(st, data + st->offset, len - st->offset, ev, &err) != WC_OK)
		wc_report(&err, "MySQL binlog");
	return true;
}

/* A GTID event: the unit's GTID. */
static void
ap_gtid(const wc_binlog_event *ev, ap_unit *u)
{
	wc_error	err;
	wc_status	rc = wc_binlog_gtid_text(ev, u->gtid, sizeof(u->gtid), &err);

	if (rc != WC_OK && rc != WC_NULL)
		wc_report(&err, "MySQL binlog");
	u->have_gtid = rc == WC_OK;
}

/* An error of the transaction walk (mysql_binlog_txn.h), ev the event fed. */
static void
ap_txn_error(const wc_error *err, const wc_binlog_event *ev)
{
	if (err->status == WC_BINLOG_NESTED_GTID)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("MySQL binlog event %lld (%s) at byte offset %llu starts a transaction inside the one that event %lld started",
						(long long) err->index, wc_binlog_event_type_name(ev->h.type),
						(unsigned long long) err->offset, (long long) err->expected)));
	if (err->status == WC_BINLOG_NOT_UNIT_START)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("MySQL binlog position %llu is not where a transaction starts in this file",
						(unsigned long long) err->offset),
				 errdetail("Its complete transactions end at byte offset %llu.",
						   (unsigned long long) err->found)));
	wc_report(err, "MySQL binlog");
}

/* What a walk counts as it goes: the chunk ends ('more') after the unit
 * that passes its limits. */
typedef struct ap_walk_count
{
	int64		units;
	size_t		stmt_bytes;		/* of the statements returned */
	size_t		unit_bytes;		/* of the open unit's */
	bool		mapped;			/* a statement of a mapped table returned */
} ap_walk_count;

/* A statement inside a transaction, before its unit: returned (with a
 * map, only the first that changes a mapped table: what the driver stops
 * at); false when the sink stops the walk. */
static bool
ap_walk_statement(const apply_map *map, ap_sink *sink, const wc_binlog_event *ev,
				  const ap_unit *u, ap_unit *q, ap_walk_count *c)
{
	bool		go;

	if (map && (!q->verb || c->mapped))
		return true;
	q->first = ev->index;
	q->offset = ev->offset;
	q->server_id = ev->h.server_id;
	go = sink->unit(sink, q, ev->index, ev->offset + ev->h.event_size, "statement");
	c->stmt_bytes += VARSIZE(q->stmt);
	c->unit_bytes += VARSIZE(q->stmt);
	c->mapped = q->verb != NULL;
	if (!map && c->unit_bytes > AP_CHUNK_STMT)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("MySQL binlog transaction at byte offset %llu has over %zu bytes of statements",
						(unsigned long long) u->offset, AP_CHUNK_STMT),
				 errhint("Give a target schema: the statements of its tables are all that is returned then.")));
	return go;
}

/* Walk data[0 .. len) and put the units at or after start into sink, at
 * most max_units of them (0: all), then a row saying what follows (unless
 * the sink stopped the walk).  With start_index, the event at start is
 * event start_index (as a walk of the file before said): the walk reads the
 * FORMAT_DESCRIPTION and goes straight there.  Which event starts or ends
 * which unit is the core's (mysql_binlog_txn.h); this reads the statements,
 * classifies them against the map and counts what the chunk holds. */
static void
ap_walk(const uint8 *data, size_t len, uint64 start, int64 max_units, int64 start_index,
		const apply_map *map, ap_sink *sink)
{
	wc_binlog_state st;
	wc_binlog_event ev;
	wc_binlog_txn txn;
	wc_binlog_txn_event te;
	wc_binlog_walk_end fin;
	wc_error	err;
	ap_unit		u = {0};
	ap_walk_count c = {0};
	uint64		done = WC_BINLOG_MAGIC_LEN;
	bool		more = false;
	bool		stopped = false;
	MemoryContext tmp = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog_apply_plan",
											  ALLOCSET_DEFAULT_SIZES);
	MemoryContext old = MemoryContextSwitchTo(tmp);

	if (wc_binlog_begin(&st, data, len, &err) != WC_OK)
		wc_report(&err, "MySQL binlog");
	if (start_index > 1 && start > WC_BINLOG_MAGIC_LEN)
	{
		bool		complete = ap_next(data, len, &st, &ev);

		if (start > len)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("MySQL binlog position %llu is past the end of the file (%zu bytes)",
							(unsigned long long) start, len)));
		binlog_jump(&st, complete, &ev, start, start_index);
		done = start;
	}
	wc_binlog_txn_begin(&txn, done, start);
	while (!more && !stopped && ap_next(data, len, &st, &ev))
	{
		ap_unit		q = {0};
		bool		is_query = ev.h.type == WC_BINLOG_QUERY_EVENT ||
			ev.h.type == WC_BINLOG_QUERY_COMPRESSED_EVENT;

		/* statements live until their row is written, in this event */
		MemoryContextReset(tmp);
		if (is_query)
			ap_query(&st, &ev, &q);
		if (wc_binlog_txn_next(&txn, &st, &ev, is_query ? VARDATA_ANY(q.stmt) : NULL,
							   is_query ? VARSIZE_ANY_EXHDR(q.stmt) : 0, &te, &err) != WC_OK)
			ap_txn_error(&err, &ev);
		if (te.opens)
		{
			memset(&u, 0, sizeof(u));
			u.first = te.first;
			u.offset = te.offset;
		}
		u.server_id = ev.h.server_id;
		if (te.gtid)
			ap_gtid(&ev, &u);
		if (te.name)
			u.stmt = ap_text(te.name, te.name_len);
		if (map && (te.step == WC_BINLOG_TXN_STATEMENT || te.unit == WC_BINLOG_UNIT_QUERY))
			ap_statement(map, &q);
		if (te.unit == WC_BINLOG_UNIT_QUERY)
		{
			u.stmt = !map || q.verb ? q.stmt : NULL;
			u.db = q.db;
			u.verb = q.verb;
			u.target = q.target;
			u.relid = q.relid;
		}
		if (te.step == WC_BINLOG_TXN_STATEMENT && te.wanted)
			stopped = !ap_walk_statement(map, sink, &ev, &u, &q, &c);
		if (te.step != WC_BINLOG_TXN_ENDS)
			continue;
		if (te.wanted)
		{
			if (!sink->unit(sink, &u, ev.index, te.end, wc_binlog_unit_name(te.unit)))
			{
				stopped = true;
				break;
			}
			c.stmt_bytes += u.stmt ? VARSIZE(u.stmt) : 0;
			/* a unit the driver stops at (or acts on) ends the chunk */
			more = ++c.units == max_units || c.stmt_bytes >= AP_CHUNK_STMT || c.mapped ||
				(map && u.verb);
		}
		c.mapped = false;
		c.unit_bytes = 0;
	}
	if (stopped)
	{
		MemoryContextSwitchTo(old);
		MemoryContextDelete(tmp);
		return;
	}
	if (wc_binlog_txn_end(&txn, more, st.offset < len, &fin, &done, &err) != WC_OK)
		ap_txn_error(&err, &ev);
	if (fin != WC_BINLOG_WALK_ROTATE)
		u.stmt = NULL;
	u.db = NULL;
	u.verb = NULL;
	u.first = st.index + 1;
	u.offset = done;
	u.have_gtid = false;
	(void) sink->unit(sink, &u, st.index, done, wc_binlog_walk_end_name(fin));
	MemoryContextSwitchTo(old);
	MemoryContextDelete(tmp);
}

/* The start of a walk: ERROR 22023 before the first event or for negative
 * limits. */
static void
ap_check_start(int64 start, int64 max_units, int64 start_index)
{
	if (start < WC_BINLOG_MAGIC_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("MySQL binlog position %lld is before the first event (4)",
						(long long) start)));
	if (max_units < 0 || start_index < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("max_units and start_index must not be negative")));
}

PG_FUNCTION_INFO_V1(mysql_binlog_apply_plan);
Datum
mysql_binlog_apply_plan(PG_FUNCTION_ARGS)
{
	bytea	   *b;
	int64		start,
				max_units,
				start_index;
	apply_map	map;
	ap_sink		sink;

	/* NULL in the file's arguments: no rows (the map's may be NULL) */
	for (int i = 0; i < Min(PG_NARGS(), 4); i++)
		if (PG_ARGISNULL(i))
		{
			InitMaterializedSRF(fcinfo, 0);
			return (Datum) 0;
		}
	b = PG_GETARG_BYTEA_PP(0);
	start = PG_GETARG_INT64(1);
	max_units = PG_NARGS() > 2 ? PG_GETARG_INT64(2) : 0;
	start_index = PG_NARGS() > 3 ? PG_GETARG_INT64(3) : 0;

	ap_check_start(start, max_units, start_index);
	InitMaterializedSRF(fcinfo, 0);
	if (PG_NARGS() > 4 && !PG_ARGISNULL(4))
		apply_map_args(&map, fcinfo, 4, 5, 6, 7);
	sink.unit = ap_emit;
	sink.rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	ap_walk((const uint8 *) VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), (uint64) start, max_units,
			start_index, PG_NARGS() > 4 && !PG_ARGISNULL(4) ? &map : NULL, &sink);
	return (Datum) 0;
}

/* ---- one chunk for the driver ---- */

/* What the driver needs of a chunk of units (mysql_binlog_apply_chunk). */
typedef struct ap_chunk
{
	ap_sink		sink;			/* first: the walk's */
	MemoryContext cxt;			/* the results' */
	bool		has_skip_ddl;
	int64		skip_ddl_at;	/* the statement there is passed over */
	bool		apply_truncate;
	bool		ddl_error;
	/* the results */
	bool		have_after;
	int64		after_index;	/* the event before the chunk's first */
	bool		have_last;
	int64		last_index;		/* the last event of its last unit */
	int64		end_pos;		/* where it ends (the next chunk starts) */
	bool		more;			/* a chunk follows: next_index is its first event */
	int64		next_index;
	const char *reason;			/* why the apply stops here; NULL: it does not */
	text	   *stmt;			/* ddl / statement: what it stopped at */
	text	   *next_file;		/* rotate: the next file's name */
	text	   *pend;			/* a statement of a mapped table seen, not yet
								 * acted on (its unit's end does) */
	const char *pend_verb;
	char	   *pend_target;
	Oid			pend_relid;
	int64	   *skip;			/* events of rolled back transactions */
	int			nskip,
				cskip;
	int64	   *tr_after;		/* TRUNCATE of tr_target[i] after event
								 * tr_after[i] */
	Oid		   *tr_target;
	int			ntr,
				ctr,
				ctr_target;
	int64	   *ufirst;			/* each unit's first event and offset */
	int64	   *uoff;
	int			nunits,
				cunits,
				cuoff;
	char	  **gtids;			/* the units' GTIDs, in log order */
	int			ngtids,
				cgtids;
	char	   *last_gtid;
	bool		have_sid;
	int64		server_id;		/* the last unit's */
	bool		have_applied;
	wc_gtid_set applied;		/* GTIDs applied before: their units are
								 * passed over */
} ap_chunk;

/* Room for one more of n in an array of *cap elements of size sz. */
static void *
ap_grow(void *a, int n, int *cap, size_t sz)
{
	if (n < *cap)
		return a;
	*cap = *cap ? *cap * 2 : 64;
	return a ? repalloc_huge(a, sz * *cap) : palloc_extended(sz * *cap, MCXT_ALLOC_HUGE);
}

/* arr[i] = v, arr (of capacity cap) grown as needed; AP_PUSH appends */
#define AP_SET(arr, i, cap, v) \
	do { \
		(arr) = ap_grow((arr), (i), &(cap), sizeof(*(arr))); \
		(arr)[(i)] = (v); \
	} while (0)
#define AP_PUSH(arr, n, cap, v) \
	do { \
		AP_SET(arr, n, cap, v); \
		(n)++; \
	} while (0)

/* The statement of a mapped table seen (c->pend) at the end of a unit
 * ending at event last: passed over (skip_ddl_at), a TRUNCATE applied
 * (apply_truncate), an error (ddl => 'error') or where the apply stops;
 * false for a stop. */
static bool
ap_chunk_pending(ap_chunk *c, const ap_unit *u, int64 last)
{
	bool		dml = strcmp(c->pend_verb, "insert") == 0 || strcmp(c->pend_verb, "update") == 0 ||
		strcmp(c->pend_verb, "delete") == 0;

	if (c->has_skip_ddl && (int64) u->offset == c->skip_ddl_at)
		;
	else if (c->apply_truncate && strcmp(c->pend_verb, "truncate") == 0 &&
			 OidIsValid(c->pend_relid))
	{
		AP_SET(c->tr_target, c->ntr, c->ctr_target, c->pend_relid);
		AP_PUSH(c->tr_after, c->ntr, c->ctr, last);
	}
	else if (c->ddl_error)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("MySQL binlog statement at byte offset %llu changes table %s: %s",
						(unsigned long long) u->offset, c->pend_target, text_to_cstring(c->pend)),
				 errhint("Change the table as the statement did, then apply again with skip_ddl_at => that byte offset.")));
	else
	{
		c->reason = dml ? "statement" : "ddl";
		c->stmt = c->pend;
		return false;
	}
	c->pend = NULL;
	return true;
}

/* Keep a mapped statement of unit u to act on at its unit's end. */
static void
ap_chunk_keep(ap_chunk *c, const ap_unit *u)
{
	if (u->verb == NULL || c->pend != NULL)
		return;
	c->pend = (text *) pg_detoast_datum_copy((struct varlena *) u->stmt);
	c->pend_verb = u->verb;
	c->pend_target = pstrdup(u->target);
	c->pend_relid = u->relid;
}

/* Is unit u's GTID one of those applied before (c->applied)? */
static bool
ap_chunk_applied(const ap_chunk *c, const ap_unit *u)
{
	wc_gtid		g;
	wc_error	err;

	if (!c->have_applied || !u->have_gtid)
		return false;
	if (wc_gtid_parse_one(u->gtid, strlen(u->gtid), &g, &err) != WC_OK)
		return false;
	return wc_gtid_set_contains_gtid(&c->applied, &g);
}

/* One unit of the walk, as the driver's loop took it: false where the
 * chunk ends.  A unit whose GTID was applied before (a file of another
 * server that holds it) is passed over whole, its statements too. */
static bool
ap_chunk_step(ap_chunk *c, const ap_unit *u, int64 last, const char *kind)
{
	bool		done;

	if (strcmp(kind, "statement") == 0)
	{
		ap_chunk_keep(c, u);
		return true;
	}
	if (!c->have_after)
		c->after_index = u->first - 1;
	c->have_after = true;
	c->end_pos = (int64) u->offset;
	if (strcmp(kind, "more") == 0)
	{
		c->more = true;
		c->next_index = u->first;
		return false;
	}
	if (strcmp(kind, "end") == 0 || strcmp(kind, "incomplete") == 0 ||
		strcmp(kind, "rotate") == 0 || strcmp(kind, "stop") == 0)
	{
		c->reason = kind;
		if (strcmp(kind, "rotate") == 0)
			c->next_file = (text *) pg_detoast_datum_copy((struct varlena *) u->stmt);
		return false;
	}
	done = ap_chunk_applied(c, u);
	if (done)
		c->pend = NULL;
	else if (strcmp(kind, "query") == 0)
		ap_chunk_keep(c, u);
	if (c->pend != NULL && !ap_chunk_pending(c, u, last))
		return false;
	if (done || strcmp(kind, "rollback") == 0)
		for (int64 e = u->first; e <= last; e++)
			AP_PUSH(c->skip, c->nskip, c->cskip, e);
	AP_SET(c->uoff, c->nunits, c->cuoff, (int64) u->offset);
	AP_PUSH(c->ufirst, c->nunits, c->cunits, u->first);
	c->last_index = last;
	c->have_last = true;
	if (u->have_gtid)
	{
		c->last_gtid = pstrdup(u->gtid);
		AP_PUSH(c->gtids, c->ngtids, c->cgtids, c->last_gtid);
	}
	c->server_id = u->server_id;
	c->have_sid = true;
	return true;
}

static bool
ap_chunk_unit(ap_sink *sink, const ap_unit *u, int64 last, uint64 end, const char *kind)
{
	ap_chunk   *c = (ap_chunk *) sink;
	MemoryContext old = MemoryContextSwitchTo(c->cxt);
	bool		go = ap_chunk_step(c, u, last, kind);

	MemoryContextSwitchTo(old);
	return go;
}

/* An int8[] (or oid[]) of n values. */
static Datum
ap_int8s(const int64 *v, int n)
{
	Datum	   *d = palloc(sizeof(Datum) * Max(n, 1));

	for (int i = 0; i < n; i++)
		d[i] = Int64GetDatum(v[i]);
	return PointerGetDatum(construct_array(d, n, INT8OID, 8, FLOAT8PASSBYVAL, TYPALIGN_DOUBLE));
}

/* The chunk's results as the function's row. */
static Datum
ap_chunk_row(FunctionCallInfo fcinfo, const ap_chunk *c)
{
	TupleDesc	desc;
	Datum		v[15];
	bool		n[15] = {0};
	Datum	   *d;

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "mysql_binlog_apply_chunk must return a row");
	v[0] = Int64GetDatum(c->after_index);
	n[0] = !c->have_after;
	v[1] = Int64GetDatum(c->last_index);
	n[1] = !c->have_last;
	v[2] = Int64GetDatum(c->end_pos);
	n[2] = !c->have_after;
	v[3] = Int64GetDatum(c->next_index);
	n[3] = !c->more;
	v[4] = c->reason ? CStringGetTextDatum(c->reason) : (Datum) 0;
	n[4] = c->reason == NULL;
	v[5] = PointerGetDatum(c->stmt);
	n[5] = c->stmt == NULL;
	v[6] = PointerGetDatum(c->next_file);
	n[6] = c->next_file == NULL;
	v[7] = ap_int8s(c->skip, c->nskip);
	v[8] = ap_int8s(c->tr_after, c->ntr);
	d = palloc(sizeof(Datum) * Max(c->ntr, 1));
	for (int i = 0; i < c->ntr; i++)
		d[i] = ObjectIdGetDatum(c->tr_target[i]);
	v[9] = PointerGetDatum(construct_array(d, c->ntr, OIDOID, sizeof(Oid), true, TYPALIGN_INT));
	v[10] = ap_int8s(c->ufirst, c->nunits);
	v[11] = ap_int8s(c->uoff, c->nunits);
	d = palloc(sizeof(Datum) * Max(c->ngtids, 1));
	for (int i = 0; i < c->ngtids; i++)
		d[i] = CStringGetTextDatum(c->gtids[i]);
	v[12] = PointerGetDatum(construct_array(d, c->ngtids, TEXTOID, -1, false, TYPALIGN_INT));
	v[13] = Int64GetDatum(c->server_id);
	n[13] = !c->have_sid;
	v[14] = c->last_gtid ? CStringGetTextDatum(c->last_gtid) : (Datum) 0;
	n[14] = c->last_gtid == NULL;
	return HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), v, n));
}

/*
 * mysql_binlog_apply_chunk(binlog, start_position, max_units, start_index,
 * target_schema, schema_name, mysql_tables, target_tables, skip_ddl_at,
 * apply_truncate, ddl_error, applied): the next chunk of units the driver applies
 * (the walk of mysql_binlog_apply_plan, its statements classified), folded
 * as the driver acts on them: where the chunk ends and why the apply stops
 * there (NULL: a chunk follows at next_index), the events to skip and the
 * TRUNCATEs, the units' first events and offsets, their GTIDs.  A unit
 * whose GTID the set applied holds is passed over (its events skipped).
 */
PG_FUNCTION_INFO_V1(mysql_binlog_apply_chunk);
Datum
mysql_binlog_apply_chunk(PG_FUNCTION_ARGS)
{
	bytea	   *b;
	apply_map	map;
	ap_chunk	c = {0};

	for (int i = 0; i < 5; i++)
		if (PG_ARGISNULL(i))
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("mysql_binlog_apply_chunk needs a binlog, a position, a chunk size, a start index and a target schema")));
	b = PG_GETARG_BYTEA_PP(0);
	ap_check_start(PG_GETARG_INT64(1), PG_GETARG_INT64(2), PG_GETARG_INT64(3));
	apply_map_args(&map, fcinfo, 4, 5, 6, 7);
	c.sink.unit = ap_chunk_unit;
	c.cxt = CurrentMemoryContext;
	c.has_skip_ddl = !PG_ARGISNULL(8);
	c.skip_ddl_at = c.has_skip_ddl ? PG_GETARG_INT64(8) : 0;
	c.apply_truncate = !PG_ARGISNULL(9) && PG_GETARG_BOOL(9);
	c.ddl_error = !PG_ARGISNULL(10) && PG_GETARG_BOOL(10);
	if (PG_NARGS() > 11 && !PG_ARGISNULL(11))
	{
		text	   *a = PG_GETARG_TEXT_PP(11);

		mysql_gtid_set_text(VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a), "applied", &c.applied);
		c.have_applied = true;
	}
	ap_walk((const uint8 *) VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), (uint64) PG_GETARG_INT64(1),
			PG_GETARG_INT64(2), PG_GETARG_INT64(3), &map, &c.sink);
	PG_RETURN_DATUM(ap_chunk_row(fcinfo, &c));
}

/*
 * mysql_binlog_apply_statement(statement, db, target_schema, schema_name,
 * mysql_tables, target_tables): what a statement (of default database db)
 * does to the tables of target_schema (or of the pairs), as the plan walk
 * tells it: (verb, target), both NULL when it changes no table that maps
 * there.
 */
PG_FUNCTION_INFO_V1(mysql_binlog_apply_statement);
Datum
mysql_binlog_apply_statement(PG_FUNCTION_ARGS)
{
	TupleDesc	desc;
	Datum		values[2] = {0};
	bool		nulls[2] = {true, true};
	apply_map	map;
	ap_unit		u = {0};

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "mysql_binlog_apply_statement must return a row");
	if (!PG_ARGISNULL(0) && !PG_ARGISNULL(2))
	{
		text	   *stmt = PG_GETARG_TEXT_PP(0);

		apply_map_args(&map, fcinfo, 2, 3, 4, 5);
		u.stmt = ap_text((const uint8 *) VARDATA_ANY(stmt), VARSIZE_ANY_EXHDR(stmt));
		u.complete = VARSIZE_ANY_EXHDR(stmt) < AP_STMT_MAX;
		u.db = PG_ARGISNULL(1) ? cstring_to_text("") : PG_GETARG_TEXT_PP(1);
		ap_statement(&map, &u);
		if (u.verb)
		{
			values[0] = CStringGetTextDatum(u.verb);
			values[1] = CStringGetTextDatum(u.target);
			nulls[0] = nulls[1] = false;
		}
	}
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls)));
}

/*
 * mysql_binlog_apply_file(binlog): where the events a file starts with end
 * (FORMAT_DESCRIPTION, then MySQL's PREVIOUS_GTIDS or MariaDB's GTID_LIST
 * when there is one) and the GTID state that event carries, NULL without
 * one: the driver tells a file by the hash of those bytes and checks that
 * a new file starts from the GTID set applied.  Both NULL while the file
 * is too short to tell (it ends before the event that follows
 * FORMAT_DESCRIPTION).
 */
PG_FUNCTION_INFO_V1(mysql_binlog_apply_file);
Datum
mysql_binlog_apply_file(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	const uint8 *data = (const uint8 *) VARDATA_ANY(b);
	size_t		len = VARSIZE_ANY_EXHDR(b);
	wc_binlog_state st;
	wc_binlog_event ev;
	wc_error	err;
	TupleDesc	desc;
	Datum		values[2];
	bool		nulls[2] = {false, true};
	uint64		end = 0;
	bool		told = false;

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "mysql_binlog_apply_file must return a row");
	/* a file just created, its magic not all written yet: too short */
	if (len < WC_BINLOG_MAGIC_LEN && memcmp(data, "\xfe" "bin", len) == 0)
	{
		nulls[0] = true;
		PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls)));
	}
	if (wc_binlog_begin(&st, data, len, &err) != WC_OK)
		wc_report(&err, "MySQL binlog");
	while (ap_next(data, len, &st, &ev))
	{
		if (ev.h.type == WC_BINLOG_FORMAT_DESCRIPTION_EVENT)
		{
			end = ev.offset + ev.h.event_size;
			continue;
		}
		if (ev.h.type == WC_BINLOG_PREVIOUS_GTIDS_LOG_EVENT ||
			ev.h.type == WC_BINLOG_GTID_LIST_EVENT)
		{
			size_t		need;
			char	   *t;
			wc_status	rc = wc_binlog_gtid_state_text(&ev, NULL, 0, &need, &err);

			/* a tagged set (MySQL 8.3+) is not decoded: no state known */
			if (rc == WC_ERR_UNSUPPORTED)
			{
				end = ev.offset + ev.h.event_size;
				told = true;
				break;
			}
			if (rc != WC_OK && rc != WC_NULL)
				wc_report(&err, "MySQL binlog");
			t = palloc(need);
			if (wc_binlog_gtid_state_text(&ev, t, need, &need, &err) == WC_OK)
			{
				values[1] = CStringGetTextDatum(t);
				nulls[1] = false;
			}
			end = ev.offset + ev.h.event_size;
		}
		told = true;
		break;
	}
	values[0] = Int64GetDatum((int64) end);
	nulls[0] = !told;
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls)));
}

PG_FUNCTION_INFO_V1(mysql_binlog_apply_slice);
Datum
mysql_binlog_apply_slice(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	int64		start = PG_GETARG_INT64(1);
	int64		end = PG_GETARG_INT64(2);
	const uint8 *data = (const uint8 *) VARDATA_ANY(b);
	size_t		len = VARSIZE_ANY_EXHDR(b);
	wc_binlog_state st;
	wc_binlog_event ev;
	wc_error	err;
	bytea	   *r;
	uint8	   *out;

	if (start < WC_BINLOG_MAGIC_LEN || end < start || (uint64) end > len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("MySQL binlog slice from %lld to %lld is not within the file's %zu bytes",
						(long long) start, (long long) end, len)));
	r = (bytea *) palloc(VARHDRSZ + end);
	SET_VARSIZE(r, VARHDRSZ + end);
	out = (uint8 *) VARDATA(r);
	memcpy(out, data, end);
	if (wc_binlog_begin(&st, data, len, &err) != WC_OK)
		wc_report(&err, "MySQL binlog");
	while (st.offset < (uint64) start && ap_next(data, len, &st, &ev))
	{
		uint8	   *p = out + ev.offset;

		if (ev.h.type == WC_BINLOG_FORMAT_DESCRIPTION_EVENT)
			continue;
		p[4] = AP_IGNORABLE_EVENT;
		if (st.checksum == WC_BINLOG_CHECKSUM_CRC32)
		{
			uint32		crc = wc_binlog_crc32(0, p, ev.h.event_size - WC_BINLOG_CHECKSUM_LEN);
			uint8	   *c = p + ev.h.event_size - WC_BINLOG_CHECKSUM_LEN;

			c[0] = crc & 0xff;
			c[1] = (crc >> 8) & 0xff;
			c[2] = (crc >> 16) & 0xff;
			c[3] = crc >> 24;
		}
	}
	PG_RETURN_BYTEA_P(r);
}
