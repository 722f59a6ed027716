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
	t = (text *) palloc(VARHDRSZ + n);
	SET_VARSIZE(t, VARHDRSZ + n);
	d = VARDATA(t);
	memcpy(d, p, n);
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
	if (ev->h.type == WC_BINLOG_QUERY_COMPRESSED_EVENT)
	{
		size_t		len;
		uint8	   *raw = binlog_inflate_record(b + q, n - q, ev->body_offset + q, AP_STMT_MAX, &len, ev);

		u->stmt = ap_text(raw, len);
		pfree(raw);
	}
	else
		u->stmt = ap_text(b + q, n - q);
	return;
bad:
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
			 errmsg("MySQL binlog event %lld (%s) at byte offset %llu is too short for its statement",
					(long long) ev->index, wc_binlog_event_type_name(ev->h.type),
					(unsigned long long) ev->offset)));
}

/* Is the statement t (trimmed, any case) word? */
static bool
ap_is(const text *t, const char *word)
{
	const char *p = VARDATA_ANY(t);
	size_t		n = VARSIZE_ANY_EXHDR(t);
	size_t		w = strlen(word);

	while (n > 0 && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++, n--;
	while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\n' ||
					 p[n - 1] == '\r' || p[n - 1] == ';'))
		n--;
	return n == w && pg_strncasecmp(p, word, w) == 0;
}

/* One row of the result. */
static void
ap_emit(ReturnSetInfo *rsinfo, const ap_unit *u, int64 last, uint64 end, const char *kind)
{
	Datum		values[9];
	bool		nulls[9] = {0};

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
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
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

/* A GTID event: the unit's GTID; MariaDB's says whether a BEGIN is implied
 * (its flags without FL_STANDALONE). */
static bool
ap_gtid(const wc_binlog_event *ev, ap_unit *u)
{
	wc_error	err;
	wc_status	rc = wc_binlog_gtid_text(ev, u->gtid, sizeof(u->gtid), &err);

	if (rc != WC_OK && rc != WC_NULL)
		wc_report(&err, "MySQL binlog");
	u->have_gtid = rc == WC_OK;
	return ev->h.type == WC_BINLOG_GTID_EVENT && ev->body_len > 12 && (ev->body[12] & 1) == 0;
}

/* Walk data[0 .. len) and put the units at or after start into rsinfo, at
 * most max_units of them (0: all).  With start_index, the event at start is
 * event start_index (as a walk of the file before said): the walk reads the
 * FORMAT_DESCRIPTION and goes straight there. */
static void
ap_walk(const uint8 *data, size_t len, uint64 start, int64 max_units, int64 start_index,
		ReturnSetInfo *rsinfo)
{
	wc_binlog_state st;
	wc_binlog_event ev;
	wc_error	err;
	ap_unit		u = {0};
	bool		in_txn = false,
				began = false,
				start_seen = false;
	uint64		done = WC_BINLOG_MAGIC_LEN;
	const char *final = "end";
	int64		units = 0;
	size_t		stmt_bytes = 0;
	bool		more = false;
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
	while (!more && ap_next(data, len, &st, &ev))
	{
		const char *kind = NULL;
		ap_unit		q = {0};

		/* statements live until their row is written, in this event */
		MemoryContextReset(tmp);

		if (!in_txn)
		{
			memset(&u, 0, sizeof(u));
			u.first = ev.index;
			u.offset = ev.offset;
			if (ev.offset == start)
				start_seen = true;
		}
		u.server_id = ev.h.server_id;
		final = "end";
		switch (ev.h.type)
		{
			case WC_BINLOG_GTID_LOG_EVENT:
			case WC_BINLOG_ANONYMOUS_GTID_LOG_EVENT:
			case WC_BINLOG_GTID_EVENT:
				if (in_txn)
					ereport(ERROR,
							(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
							 errmsg("MySQL binlog event %lld (%s) at byte offset %llu starts a transaction inside the one that event %lld started",
									(long long) ev.index, wc_binlog_event_type_name(ev.h.type),
									(unsigned long long) ev.offset, (long long) u.first)));
				in_txn = true;
				began = ap_gtid(&ev, &u);
				break;
			case WC_BINLOG_QUERY_EVENT:
			case WC_BINLOG_QUERY_COMPRESSED_EVENT:
				ap_query(&st, &ev, &q);
				if (ap_is(q.stmt, "BEGIN") || ap_is(q.stmt, "XA START"))
					in_txn = began = true;
				else if (began && (ap_is(q.stmt, "COMMIT") || ap_is(q.stmt, "XA COMMIT")))
					kind = "transaction";
				else if (began && ap_is(q.stmt, "ROLLBACK"))
					kind = "rollback";
				else if (!began)
				{
					u.stmt = q.stmt;
					u.db = q.db;
					kind = "query";
				}
				else if (start_seen)
				{
					/* a statement inside a transaction, before its unit */
					q.first = ev.index;
					q.offset = ev.offset;
					q.server_id = ev.h.server_id;
					ap_emit(rsinfo, &q, ev.index, ev.offset + ev.h.event_size, "statement");
					stmt_bytes += VARSIZE(q.stmt);
				}
				break;
			case WC_BINLOG_XID_EVENT:
			case WC_BINLOG_TRANSACTION_PAYLOAD_EVENT:
				kind = "transaction";
				break;
			case WC_BINLOG_ROTATE_EVENT:
				if (!in_txn)
				{
					unsigned	post = wc_binlog_post_header_len(&st, ev.h.type);

					if (post > ev.body_len)
						post = ev.body_len;
					u.stmt = ap_text(ev.body + post, ev.body_len - post);
					final = "rotate";
				}
				break;
			case WC_BINLOG_STOP_EVENT:
				final = "stop";
				break;
			default:
				break;
		}
		if (kind == NULL && !in_txn)
			kind = "event";
		if (kind != NULL)
		{
			if (start_seen)
			{
				ap_emit(rsinfo, &u, ev.index, ev.offset + ev.h.event_size, kind);
				stmt_bytes += u.stmt ? VARSIZE(u.stmt) : 0;
				more = ++units == max_units || stmt_bytes >= AP_CHUNK_STMT;
			}
			done = ev.offset + ev.h.event_size;
			in_txn = began = false;
		}
	}
	if (more && st.offset < len)
		final = "more";
	else if (in_txn || st.offset < len)
		final = "incomplete";
	if (done == start)
		start_seen = true;
	if (!start_seen)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("MySQL binlog position %llu is not where a transaction starts in this file",
						(unsigned long long) start),
				 errdetail("Its complete transactions end at byte offset %llu.",
						   (unsigned long long) done)));
	if (strcmp(final, "rotate") != 0)
		u.stmt = NULL;
	u.db = NULL;
	u.first = st.index + 1;
	u.offset = done;
	u.have_gtid = false;
	ap_emit(rsinfo, &u, st.index, done, final);
	MemoryContextSwitchTo(old);
	MemoryContextDelete(tmp);
}

PG_FUNCTION_INFO_V1(mysql_binlog_apply_plan);
Datum
mysql_binlog_apply_plan(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	int64		start = PG_GETARG_INT64(1);
	int64		max_units = PG_NARGS() > 2 ? PG_GETARG_INT64(2) : 0;
	int64		start_index = PG_NARGS() > 3 ? PG_GETARG_INT64(3) : 0;

	if (start < WC_BINLOG_MAGIC_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("MySQL binlog position %lld is before the first event (4)",
						(long long) start)));
	if (max_units < 0 || start_index < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("max_units and start_index must not be negative")));
	InitMaterializedSRF(fcinfo, 0);
	ap_walk((const uint8 *) VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), (uint64) start, max_units,
			start_index, (ReturnSetInfo *) fcinfo->resultinfo);
	return (Datum) 0;
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
