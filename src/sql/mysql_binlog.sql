
-- ======================================================================
-- MySQL and MariaDB binary logs (mysql_binlog_*)
-- ======================================================================

-- One row per event of a whole binlog file (magic fe 62 69 6e first):
-- header fields and the body without header and checksum.
CREATE FUNCTION mysql_binlog_events(binlog bytea)
	RETURNS TABLE (event_index bigint, byte_offset bigint, event_type int,
				   event_type_name text, server_id bigint, log_pos bigint, flags int,
				   "timestamp" timestamptz, payload bytea)
	AS 'MODULE_PATHNAME', 'mysql_binlog_events'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1000;

-- One row per changed row, in log order, with before/after images as jsonb.
CREATE FUNCTION mysql_binlog_rows(binlog bytea)
	RETURNS TABLE (event_index bigint, log_pos bigint, gtid text, schema_name text,
				   table_name text, change text, row_in_event bigint, before jsonb,
				   after jsonb)
	AS 'MODULE_PATHNAME', 'mysql_binlog_rows'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1000;

-- The same over a binlog stored as a large object, read a megabyte or one
-- event at a time; VOLATILE and PARALLEL UNSAFE like lo_get, which reads it.
CREATE FUNCTION mysql_binlog_events_lo(binlog oid)
	RETURNS TABLE (event_index bigint, byte_offset bigint, event_type int,
				   event_type_name text, server_id bigint, log_pos bigint, flags int,
				   "timestamp" timestamptz, payload bytea)
	AS 'MODULE_PATHNAME', 'mysql_binlog_events_lo'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE ROWS 1000;
CREATE FUNCTION mysql_binlog_rows_lo(binlog oid)
	RETURNS TABLE (event_index bigint, log_pos bigint, gtid text, schema_name text,
				   table_name text, change text, row_in_event bigint, before jsonb,
				   after jsonb)
	AS 'MODULE_PATHNAME', 'mysql_binlog_rows_lo'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE ROWS 1000;

-- The row changes of one table (schema_name.table_name, exactly as the log
-- spells them) decoded straight into base's row type, with
-- mysql_row_populate_record's conversions; columns matched by name when
-- the table map carries names, else by position.  STABLE like
-- mysql_row_populate_record (the target types' input functions).
CREATE FUNCTION mysql_binlog_rows(binlog bytea, schema_name text, table_name text,
								  base anyelement)
	RETURNS TABLE (event_index bigint, log_pos bigint, gtid text, change text,
				   row_in_event bigint, before anyelement, after anyelement)
	AS 'MODULE_PATHNAME', 'mysql_binlog_rows_typed'
	LANGUAGE C STABLE PARALLEL SAFE ROWS 1000;
CREATE FUNCTION mysql_binlog_rows_lo(binlog oid, schema_name text, table_name text,
									 base anyelement)
	RETURNS TABLE (event_index bigint, log_pos bigint, gtid text, change text,
				   row_in_event bigint, before anyelement, after anyelement)
	AS 'MODULE_PATHNAME', 'mysql_binlog_rows_typed_lo'
	LANGUAGE C VOLATILE PARALLEL UNSAFE ROWS 1000;

-- The images of one table's row changes inserted straight into a table
-- (its row type is the decoding type, as base above): image 'after' loads
-- the rows inserts and updates leave, 'before' the rows updates and deletes
-- replace; returns the number of rows inserted.  Rows go in batches, as
-- COPY FROM inserts them (indexes, NOT NULL, CHECK and partition
-- constraints kept), with no function scan in between; tables with insert
-- triggers, row-level security, generated columns or in Citus's metadata
-- are refused (load those with INSERT ... SELECT ... FROM mysql_binlog_rows).
CREATE FUNCTION mysql_binlog_load(binlog bytea, schema_name text, table_name text,
								  target regclass, image text DEFAULT 'after')
	RETURNS bigint
	AS 'MODULE_PATHNAME', 'mysql_binlog_load'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
CREATE FUNCTION mysql_binlog_load_lo(binlog oid, schema_name text, table_name text,
									 target regclass, image text DEFAULT 'after')
	RETURNS bigint
	AS 'MODULE_PATHNAME', 'mysql_binlog_load_lo'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

-- ======================================================================
-- Applying a binlog's row changes to tables (mysql_binlog_apply)
-- ======================================================================

-- Where each source's apply stopped: the file (its name when given, and
-- file_id, the SHA-256 of the events it starts with) and the byte offset
-- after the last unit applied, why it stopped there (next_file: the file a
-- ROTATE at its end names), the GTID set applied (from the state the first
-- file started with).  Written in the same transaction as the
-- rows; dumped by pg_dump with the extension's data.  Every role keeps
-- sources of its own, by name (row-level security: a row is its
-- applied_by's, and the key is the role and the name, so that no role can
-- claim or lock another's source).
CREATE TABLE mysql_binlog_apply_progress (
	source text NOT NULL,
	server_id bigint,
	server_uuid text,
	file_name text,
	file_id bytea,
	"position" bigint NOT NULL,
	stop_reason text NOT NULL DEFAULT 'end',
	next_file text,
	gtid text,
	applied_at timestamptz NOT NULL,
	applied_by name NOT NULL,
	PRIMARY KEY (applied_by, source)
);
SELECT pg_catalog.pg_extension_config_dump('mysql_binlog_apply_progress', '');
ALTER TABLE mysql_binlog_apply_progress ENABLE ROW LEVEL SECURITY;
CREATE POLICY mysql_binlog_apply_own ON mysql_binlog_apply_progress
	USING (applied_by OPERATOR(pg_catalog.=) CURRENT_USER);
GRANT SELECT, INSERT, UPDATE, DELETE ON mysql_binlog_apply_progress TO PUBLIC;

-- The units of a binlog (committed and rolled back transactions, statements
-- and events outside a transaction) that start at or after start_position,
-- then one row for what follows the last whole unit: 'end', 'incomplete',
-- 'rotate' (statement: the next file) or 'stop'; or 'more' after max_units
-- units (0: no limit), where the next call goes on with its byte_offset as
-- start_position and its first_index as start_index (which goes there
-- straight from the FORMAT_DESCRIPTION, without walking the events before).
-- A partial last event is not an error: the walk stops before it.  A
-- statement is its first 256 kB at most.  With target_schema (and
-- schema_name and the pairs mysql_tables, target_tables, as
-- mysql_binlog_apply_rows takes them), each statement is classified as
-- mysql_binlog_apply_statement does (verb, target) and only those that
-- change a table mapped there are returned (of a transaction, the first),
-- a chunk ending after such a unit.
CREATE FUNCTION mysql_binlog_apply_plan(binlog bytea, start_position bigint DEFAULT 4,
										max_units bigint DEFAULT 0, start_index bigint DEFAULT 0,
										target_schema name DEFAULT NULL, schema_name text DEFAULT NULL,
										mysql_tables text[] DEFAULT NULL, target_tables oid[] DEFAULT NULL)
	RETURNS TABLE (first_index bigint, last_index bigint, byte_offset bigint,
				   end_offset bigint, kind text, gtid text, server_id bigint,
				   statement text, db text, verb text, target text)
	AS 'MODULE_PATHNAME', 'mysql_binlog_apply_plan'
	LANGUAGE C STABLE PARALLEL SAFE ROWS 100;

-- The next chunk of units mysql_binlog_apply applies (the plan's walk, its
-- statements classified), folded as the apply acts on them: where the
-- chunk ends (end_position; next_index: the start_index of the next chunk,
-- NULL when none follows) and why the apply stops there (reason: 'end',
-- 'incomplete', 'rotate', 'stop', 'ddl', 'statement'; NULL when a chunk
-- follows), the statement it stopped at or the next file's name, the
-- events to skip (rolled back transactions), the TRUNCATEs of
-- apply_truncate, each unit's first event and byte offset, the units'
-- GTIDs.  A statement of a mapped table at skip_ddl_at is passed over;
-- with ddl_error one elsewhere is an error (55000).  A unit whose GTID the
-- set applied holds is passed over, as a rolled back one (a file of another
-- server that holds transactions applied from the first).
CREATE FUNCTION mysql_binlog_apply_chunk(binlog bytea, start_position bigint, max_units bigint,
										 start_index bigint, target_schema name, schema_name text,
										 mysql_tables text[], target_tables oid[],
										 skip_ddl_at bigint, apply_truncate boolean, ddl_error boolean,
										 applied text DEFAULT NULL,
										 OUT after_index bigint, OUT last_index bigint,
										 OUT end_position bigint, OUT next_index bigint,
										 OUT reason text, OUT statement text, OUT next_file text,
										 OUT skip bigint[], OUT truncate_after bigint[],
										 OUT truncate_target oid[], OUT unit_first bigint[],
										 OUT unit_offset bigint[], OUT gtids text[],
										 OUT server_id bigint, OUT last_gtid text)
	AS 'MODULE_PATHNAME', 'mysql_binlog_apply_chunk'
	LANGUAGE C STABLE PARALLEL SAFE;

-- The file cut at end_position, every event before start_position but the
-- FORMAT_DESCRIPTION hidden (an IGNORABLE_LOG_EVENT), offsets and indexes
-- kept: what the row readers decode from start_position on.
CREATE FUNCTION mysql_binlog_apply_slice(binlog bytea, start_position bigint, end_position bigint)
	RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_binlog_apply_slice'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The row changes of binlog from start_position to end_position (a unit's
-- start and a unit's end; as mysql_binlog_apply_slice cuts it, in place)
-- after event after_index applied in log order to the tables of
-- target_schema that the MySQL tables map to (same name; of MySQL database
-- schema_name only, when given), each by the table's primary key, through
-- plain INSERT, UPDATE and DELETE (so the privileges, row-level security,
-- triggers and constraints of those apply).  The event at start_position
-- is event after_index + 1: the walk goes there straight from the
-- FORMAT_DESCRIPTION (after_index 0: walks the events before it).  Events
-- skip are not applied (rolled back transactions); the TRUNCATE of table
-- truncate_target[i] comes after event truncate_after[i].  unit_first and
-- unit_offset (a unit's first event index and byte offset) name the
-- transaction of a row in errors.  With mysql_tables, the MySQL table
-- "db.t" (or, without a pair of its own, "t") of mysql_tables[i] maps to
-- table target_tables[i] instead, and no other.  Returns the rows per
-- table.
-- Consecutive changes of one kind to a table go in one statement each
-- (src/pg/mysql_binlog_apply_rows.c).
CREATE FUNCTION mysql_binlog_apply_rows(binlog bytea, start_position bigint, end_position bigint,
										after_index bigint, target_schema name,
										schema_name text, idempotent boolean, skip bigint[],
										truncate_after bigint[], truncate_target oid[],
										unit_first bigint[], unit_offset bigint[],
										mysql_tables text[] DEFAULT NULL,
										target_tables oid[] DEFAULT NULL)
	RETURNS TABLE (target regclass, inserted bigint, updated bigint, deleted bigint)
	AS 'MODULE_PATHNAME', 'mysql_binlog_apply_rows'
	LANGUAGE C VOLATILE PARALLEL UNSAFE;

-- Where the events a binlog file starts with end (FORMAT_DESCRIPTION, then
-- PREVIOUS_GTIDS or GTID_LIST when there is one) and the GTID state that
-- event carries (NULL without one): what tells a file and whether it
-- continues the GTIDs applied.
CREATE FUNCTION mysql_binlog_apply_file(binlog bytea, OUT header_end bigint, OUT gtid_start text)
	AS 'MODULE_PATHNAME', 'mysql_binlog_apply_file'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The table of target_schema that a MySQL statement (run with default
-- database db) changes other than through row events, and how: 'alter',
-- 'rename', 'truncate', 'drop' (DDL) or 'insert', 'update', 'delete'
-- (statement-based changes); NULL when it changes no table that maps there
-- (same name; of MySQL database schema_name only, when given; or the
-- explicit pairs mysql_tables and target_tables, as mysql_binlog_apply_rows
-- takes them).
CREATE FUNCTION mysql_binlog_apply_statement(statement text, db text, target_schema name,
											 schema_name text, mysql_tables text[] DEFAULT NULL,
											 target_tables regclass[] DEFAULT NULL,
											 OUT verb text, OUT target text)
	AS 'MODULE_PATHNAME', 'mysql_binlog_apply_statement'
	LANGUAGE C STABLE PARALLEL SAFE;

-- A GTID set (MySQL's 'uuid:1-5:7,uuid2:1-3', with MySQL 8.4's tags
-- 'uuid:1-5:tag:1-3'; MariaDB's 'domain-server-seq' per domain;
-- comma-separated, as gtid_executed and gtid_slave_pos print them) with the
-- GTIDs gtids added in log order: a MySQL GTID joins its uuid's intervals, a
-- MariaDB GTID replaces its domain's when its sequence number is higher (the
-- last one given among equals).  The canonical text (src/pg/mysql_gtid.c);
-- NULL when the set is empty.  Not STRICT: a NULL adds nothing.
CREATE FUNCTION mysql_binlog_apply_gtid_set(gtid_set text, gtids text[])
	RETURNS text
	AS 'MODULE_PATHNAME', 'mysql_binlog_apply_gtid_set'
	LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- Does GTID set gtid_set hold every GTID of set other (MySQL: every number
-- of every uuid and tag; MariaDB: each of other's domains with a sequence
-- number at least other's)?  What a failover check asks of a replica.
CREATE FUNCTION mysql_gtid_contains(gtid_set text, other text)
	RETURNS boolean
	AS 'MODULE_PATHNAME', 'mysql_gtid_contains'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The schema mysql_binlog_apply writes to, checked (3F000 when it does
-- not exist, 42501 without USAGE), and its explicit pairs: tables, a JSON
-- object {"db.t" or "t": "table" or "schema.table"}, as MySQL names and
-- tables (NULL without pairs).
CREATE FUNCTION mysql_binlog_apply_tables(target_schema name, tables jsonb,
										  OUT names text[], OUT rels regclass[])
	LANGUAGE plpgsql STABLE PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
	AS $body$
BEGIN
	IF NOT EXISTS (SELECT FROM pg_catalog.pg_namespace ns
				   WHERE ns.nspname OPERATOR(pg_catalog.=) target_schema) THEN
		RAISE EXCEPTION 'schema "%" does not exist', target_schema USING ERRCODE = '3F000';
	END IF;
	IF NOT pg_catalog.has_schema_privilege(target_schema::text, 'USAGE') THEN
		RAISE EXCEPTION 'permission denied for schema %', target_schema USING ERRCODE = '42501';
	END IF;
	IF tables IS NULL THEN
		RETURN;
	END IF;
	-- explicit pairs: {"db.t" or "t": "table" or "schema.table"}
	IF pg_catalog.jsonb_typeof(tables) OPERATOR(pg_catalog.<>) 'object' OR EXISTS (
		SELECT FROM pg_catalog.jsonb_each(tables) e
		WHERE pg_catalog.jsonb_typeof(e.value) OPERATOR(pg_catalog.<>) 'string') THEN
		RAISE EXCEPTION 'tables must be a JSON object of MySQL table names and PostgreSQL table names'
			USING ERRCODE = '22023', DETAIL = format('Given: %s', tables);
	END IF;
	SELECT pg_catalog.array_agg(e.key ORDER BY e.key),
		   pg_catalog.array_agg((SELECT pg_catalog.string_agg(pg_catalog.quote_ident(x), '.' ORDER BY o)
								 FROM pg_catalog.unnest(CASE pg_catalog.cardinality(i)
														WHEN 1 THEN ARRAY[target_schema::text] OPERATOR(pg_catalog.||) i
														ELSE i END) WITH ORDINALITY u(x, o))::regclass
								ORDER BY e.key)
		INTO names, rels
	FROM pg_catalog.jsonb_each_text(tables) e, LATERAL pg_catalog.parse_ident(e.value) i;
	names := coalesce(names, '{}');
	rels := coalesce(rels, '{}');
END
$body$;

-- Apply the row changes of binlog file file_name of MySQL server source to
-- the tables of target_schema, exactly once: from where the last apply of
-- source stopped (in this file, or at the start of the next file), every
-- complete committed transaction in log order, then the new position in
-- mysql_binlog_apply_progress, in the caller's transaction.  The file is
-- the one applied last when its name (else the SHA-256 of the events it
-- starts with) is that one's; the next file when its ROTATE named it, or,
-- once that one ended, when the GTID state it starts with is within the
-- GTID set applied (or, without GTIDs, its name's number follows that of a
-- file ended by STOP); a transaction whose GTID the set holds (a new
-- primary's file repeats what it replicated) is passed over.  Anything
-- else is a gap, an error naming both positions.
-- Returns a row per table (inserted, updated, deleted; in order of the
-- tables' qualified names), then a summary row
-- (target NULL) saying where it stopped and why: 'end', 'incomplete' (a
-- transaction still being written), 'rotate', 'stop' or 'ddl' (a DDL
-- statement of a mapped table, not applied: change the table, then resume
-- with skip_ddl_at => stop_position; ddl => 'error' raises instead).
CREATE FUNCTION mysql_binlog_apply(binlog bytea, source text, target_schema name,
								   file_name text DEFAULT NULL, schema_name text DEFAULT NULL,
								   idempotent boolean DEFAULT false, ddl text DEFAULT 'stop',
								   skip_ddl_at bigint DEFAULT NULL,
								   apply_truncate boolean DEFAULT false,
								   tables jsonb DEFAULT NULL)
	RETURNS TABLE (target regclass, inserted bigint, updated bigint, deleted bigint,
				   stop_file text, stop_position bigint, stop_reason text,
				   stop_statement text)
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
	AS $body$
DECLARE
	ext text;
	prog text;
	p record;
	c record;
	start_pos bigint;
	end_pos bigint;
	pos bigint;
	pidx bigint := 0;
	chunk bigint;
	reason text;
	stmt text;
	nextf text;
	hdr bigint;
	fid bytea;
	map_names text[];
	map_rels regclass[];
	-- GTIDs: the set applied, this file's start, within it, units to pass over
	g text;
	fstart text;
	within boolean;
	applied text;
	gtids text[] := '{}';
	last_gtid text;
	sid bigint;
	t_rel regclass[] := '{}';
	t_ins bigint[] := '{}';
	t_upd bigint[] := '{}';
	t_del bigint[] := '{}';
	pcm text := pg_catalog.current_setting('plan_cache_mode');
BEGIN
	IF binlog IS NULL OR source IS NULL OR target_schema IS NULL THEN
		RAISE EXCEPTION 'mysql_binlog_apply needs a binlog, a source and a target schema'
			USING ERRCODE = '22023';
	END IF;
	-- A stored value (compressed, or a TOAST pointer) is read once here, not
	-- once per chunk; one in memory (its length plus a 4-byte header) is not copied.
	IF pg_catalog.pg_column_size(binlog) OPERATOR(pg_catalog.<>)
		(pg_catalog.octet_length(binlog) OPERATOR(pg_catalog.+) 4) THEN
		binlog := pg_catalog.substr(binlog, 1);
	END IF;
	IF ddl IS NULL OR ddl OPERATOR(pg_catalog.<>) ALL ('{stop,error}') THEN
		RAISE EXCEPTION 'ddl must be ''stop'' or ''error'', not %', coalesce(ddl, 'NULL')
			USING ERRCODE = '22023';
	END IF;
	SELECT ns.nspname INTO ext FROM pg_catalog.pg_extension e
		JOIN pg_catalog.pg_namespace ns ON ns.oid OPERATOR(pg_catalog.=) e.extnamespace
		WHERE e.extname OPERATOR(pg_catalog.=) 'wirecodec';
	prog := format('%I.mysql_binlog_apply_progress', ext);
	EXECUTE format('SELECT * FROM %I.mysql_binlog_apply_tables($1, $2)', ext) INTO map_names, map_rels
		USING target_schema, tables;
	PERFORM pg_catalog.set_config('search_path', format('pg_catalog, %I, pg_temp', ext), true);
	PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
	SELECT h.header_end, h.gtid_start INTO hdr, fstart FROM mysql_binlog_apply_file(binlog) h;
	PERFORM pg_catalog.set_config('plan_cache_mode', pcm, true);
	PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
	IF hdr IS NULL THEN
		-- too short to tell which file it is: nothing to apply yet
		RETURN QUERY SELECT NULL::regclass, 0::bigint, 0::bigint, 0::bigint, file_name, 4::bigint,
			'incomplete'::text, NULL::text;
		RETURN;
	END IF;
	fid := pg_catalog.sha256(pg_catalog.substr(binlog, 1, hdr::integer));
	EXECUTE format('SELECT %I.mysql_binlog_apply_gtid_set($1, $2)', ext) INTO fstart
		USING fstart, '{}'::text[];
	-- One apply of a source at a time, also before its progress row exists:
	-- the caller's own row, inserted ('new') unless it is there, then locked.
	-- A second apply waits at the insert or the lock; no other role can
	-- see, insert or lock the caller's row (row-level security).
	EXECUTE format($q$INSERT INTO %s (source, "position", stop_reason, applied_at, applied_by)
		VALUES ($1, 4, 'new', pg_catalog.now(), CURRENT_USER) ON CONFLICT DO NOTHING$q$, prog)
		USING source;
	EXECUTE format($q$SELECT * FROM %s WHERE source OPERATOR(pg_catalog.=) $1
		AND applied_by OPERATOR(pg_catalog.=) CURRENT_USER FOR UPDATE$q$, prog)
		INTO p USING source;
	-- within: the set applied holds every GTID the server had before this file
	EXECUTE format('SELECT %I.mysql_gtid_contains($1, $2)', ext) INTO within USING p.gtid, fstart;
	IF p.stop_reason OPERATOR(pg_catalog.=) 'new' THEN
		start_pos := 4;
	ELSIF (CASE WHEN file_name IS NULL OR p.file_name IS NULL THEN p.file_id OPERATOR(pg_catalog.=) fid
				ELSE p.file_name OPERATOR(pg_catalog.=) mysql_binlog_apply.file_name END) THEN
		IF p.file_id OPERATOR(pg_catalog.<>) fid THEN
			RAISE EXCEPTION 'MySQL binlog file % is not the file of that name that source % applied', file_name, source
				USING ERRCODE = '55000',
				DETAIL = 'The events it starts with differ: the source''s binlog was reset or the file replaced.';
		END IF;
		start_pos := p.position;
	ELSIF p.next_file OPERATOR(pg_catalog.=) mysql_binlog_apply.file_name
		OR (p.stop_reason OPERATOR(pg_catalog.=) ANY ('{rotate,stop,end,incomplete}') AND within)
		OR (p.stop_reason OPERATOR(pg_catalog.=) 'stop' AND fstart IS NULL AND p.gtid IS NULL
			AND pg_catalog.regexp_replace(file_name, '[0-9]+$', '') OPERATOR(pg_catalog.=)
				pg_catalog.regexp_replace(p.file_name, '[0-9]+$', '')
			AND (pg_catalog.regexp_match(file_name, '([0-9]+)$'))[1]::numeric OPERATOR(pg_catalog.=)
				((pg_catalog.regexp_match(p.file_name, '([0-9]+)$'))[1]::numeric OPERATOR(pg_catalog.+) 1)) THEN
		IF NOT within THEN
			RAISE EXCEPTION 'MySQL binlog file % does not continue the GTIDs source % applied', file_name, source
				USING ERRCODE = '55000',
				DETAIL = format('The apply stopped at %s position %s after GTID set %s; this file starts after GTID set %s.',
								coalesce(p.file_name, 'its last file''s'), p.position, p.gtid, fstart);
		END IF;
		start_pos := 4;
	ELSE
		RAISE EXCEPTION 'MySQL binlog file % does not continue where source % stopped', coalesce(file_name, '(unnamed)'), source
			USING ERRCODE = '55000',
			HINT = CASE WHEN file_name IS NULL AND fstart IS NULL
						THEN 'A file without GTIDs is told by its name: pass file_name.'
						ELSE 'Apply the files in the order the server wrote them.' END,
			DETAIL = format('The apply stopped at %s position %s%s%s; this file starts at position 4%s.',
							coalesce(p.file_name, 'its last file''s'), p.position,
							CASE WHEN p.next_file IS NULL THEN format(' (%s)', p.stop_reason)
								 ELSE format(' (its ROTATE names %s)', p.next_file) END,
							CASE WHEN p.gtid IS NULL THEN '' ELSE format(' after GTID set %s', p.gtid) END,
							CASE WHEN fstart IS NULL THEN ''
								 ELSE format(' after GTID set %s', fstart) END);
	END IF;
	-- the GTID set: a new file's state, then the GTIDs of its units
	g := CASE WHEN start_pos OPERATOR(pg_catalog.=) 4 THEN coalesce(fstart, p.gtid) ELSE p.gtid END;
	IF start_pos OPERATOR(pg_catalog.=) 4 AND within AND fstart OPERATOR(pg_catalog.<>) p.gtid THEN
		applied := p.gtid;
		EXECUTE format('SELECT %I.mysql_binlog_apply_gtid_set($1, $2)', ext) INTO g USING p.gtid, ARRAY[fstart];
	END IF;
	-- The binlog reaches the C functions as a parameter of a generic plan
	-- (found through a search_path naming the extension's schema after
	-- pg_catalog): EXECUTE ... USING would fold it into a constant of a
	-- one-shot plan and copy it whole several times, and a cursor copies
	-- its parameters.  The units come in chunks (wirecodec.binlog_apply_chunk,
	-- 50,000 by default), each chunk's row changes applied before the next
	-- is read (the next chunk goes on from the last one's end without
	-- walking the file again): memory is the file and a chunk's worth.  The
	-- settings are back before any of the user's statements run.
	chunk := pg_catalog.current_setting('wirecodec.binlog_apply_chunk')::bigint;
	pos := start_pos;
	LOOP
		PERFORM pg_catalog.set_config('search_path', format('pg_catalog, %I, pg_temp', ext), true);
		PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
		SELECT * INTO c FROM mysql_binlog_apply_chunk(binlog, pos, chunk, pidx, target_schema,
			schema_name, map_names, map_rels::oid[], skip_ddl_at, apply_truncate,
			ddl OPERATOR(pg_catalog.=) 'error', applied) x;
		PERFORM pg_catalog.set_config('plan_cache_mode', pcm, true);
		PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
		end_pos := c.end_position;
		reason := c.reason;
		stmt := c.statement;
		nextf := c.next_file;
		pidx := coalesce(c.next_index, pidx);
		sid := coalesce(c.server_id, sid);
		last_gtid := coalesce(c.last_gtid, last_gtid);
		gtids := gtids OPERATOR(pg_catalog.||) c.gtids;
		-- folded into the set as it goes: memory stays flat
		IF pg_catalog.cardinality(gtids) OPERATOR(pg_catalog.>=) 10000 THEN
			EXECUTE format('SELECT %I.mysql_binlog_apply_gtid_set($1, $2)', ext) INTO g USING g, gtids;
			gtids := '{}';
		END IF;
		IF c.last_index IS NOT NULL THEN
			PERFORM pg_catalog.set_config('search_path', format('pg_catalog, %I, pg_temp', ext), true);
			PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
			-- each chunk's rows per table, summed at the end
			SELECT t_rel OPERATOR(pg_catalog.||) pg_catalog.array_agg(r.target),
				   t_ins OPERATOR(pg_catalog.||) pg_catalog.array_agg(r.inserted),
				   t_upd OPERATOR(pg_catalog.||) pg_catalog.array_agg(r.updated),
				   t_del OPERATOR(pg_catalog.||) pg_catalog.array_agg(r.deleted)
				INTO t_rel, t_ins, t_upd, t_del
				FROM mysql_binlog_apply_rows(binlog, pos, end_pos, c.after_index, target_schema,
					schema_name, idempotent, c.skip, c.truncate_after, c.truncate_target, c.unit_first,
					c.unit_offset, map_names, map_rels::oid[]) r;
			PERFORM pg_catalog.set_config('plan_cache_mode', pcm, true);
			PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
		END IF;
		EXIT WHEN reason IS NOT NULL;
		pos := end_pos;
	END LOOP;
	RETURN QUERY SELECT x.r, pg_catalog.sum(x.i)::bigint, pg_catalog.sum(x.u)::bigint,
			pg_catalog.sum(x.d)::bigint, NULL::text, NULL::bigint, NULL::text, NULL::text
		FROM ROWS FROM (pg_catalog.unnest(t_rel), pg_catalog.unnest(t_ins), pg_catalog.unnest(t_upd),
						pg_catalog.unnest(t_del)) x(r, i, u, d)
		GROUP BY x.r ORDER BY x.r::text;
	EXECUTE format('SELECT %I.mysql_binlog_apply_gtid_set($1, $2)', ext) INTO g USING g, gtids;
	reason := coalesce(reason, 'end');
	IF p.stop_reason OPERATOR(pg_catalog.=) 'new' OR p.file_id IS DISTINCT FROM fid
		OR p.file_name IS DISTINCT FROM file_name
		OR p.position OPERATOR(pg_catalog.<>) end_pos OR p.stop_reason OPERATOR(pg_catalog.<>) reason
		OR p.next_file IS DISTINCT FROM nextf OR p.gtid IS DISTINCT FROM g THEN
		EXECUTE format($q$INSERT INTO %s AS p VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, pg_catalog.now(), CURRENT_USER)
			ON CONFLICT (applied_by, source) DO UPDATE SET server_id = coalesce(EXCLUDED.server_id, p.server_id),
				server_uuid = coalesce(EXCLUDED.server_uuid, p.server_uuid), file_name = EXCLUDED.file_name,
				file_id = EXCLUDED.file_id, "position" = EXCLUDED."position",
				stop_reason = EXCLUDED.stop_reason, next_file = EXCLUDED.next_file,
				gtid = EXCLUDED.gtid, applied_at = EXCLUDED.applied_at,
				applied_by = EXCLUDED.applied_by$q$, prog)
			USING source, sid, CASE WHEN last_gtid OPERATOR(pg_catalog.~) '^[0-9A-Fa-f-]{36}:'
							   THEN pg_catalog.lower(pg_catalog.split_part(last_gtid, ':', 1)) END,
				file_name, fid, end_pos, reason, nextf, g;
	END IF;
	RETURN QUERY SELECT NULL::regclass, coalesce(pg_catalog.sum(x.i), 0)::bigint, coalesce(pg_catalog.sum(x.u), 0)::bigint,
			coalesce(pg_catalog.sum(x.d), 0)::bigint, file_name, end_pos, reason, coalesce(stmt, nextf)
		FROM ROWS FROM (pg_catalog.unnest(t_ins), pg_catalog.unnest(t_upd), pg_catalog.unnest(t_del)) x(i, u, d);
END
$body$;

-- The same over a binlog stored as a large object (read whole, by lo_get).
CREATE FUNCTION mysql_binlog_apply_lo(binlog oid, source text, target_schema name,
									  file_name text DEFAULT NULL, schema_name text DEFAULT NULL,
									  idempotent boolean DEFAULT false, ddl text DEFAULT 'stop',
									  skip_ddl_at bigint DEFAULT NULL,
									  apply_truncate boolean DEFAULT false,
								   tables jsonb DEFAULT NULL)
	RETURNS TABLE (target regclass, inserted bigint, updated bigint, deleted bigint,
				   stop_file text, stop_position bigint, stop_reason text,
				   stop_statement text)
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
	AS $body$
DECLARE
	ext text;
BEGIN
	SELECT ns.nspname INTO ext FROM pg_catalog.pg_extension e
		JOIN pg_catalog.pg_namespace ns ON ns.oid OPERATOR(pg_catalog.=) e.extnamespace
		WHERE e.extname OPERATOR(pg_catalog.=) 'wirecodec';
	RETURN QUERY EXECUTE format('SELECT * FROM %I.mysql_binlog_apply(pg_catalog.lo_get($1), $2, $3, $4, $5, $6, $7, $8, $9, $10)', ext)
		USING binlog, source, target_schema, file_name, schema_name, idempotent, ddl, skip_ddl_at,
			apply_truncate, tables;
END
$body$;

-- Follow a directory of binlog files (a mirror such as mariadb-binlog or
-- mysqlbinlog --read-from-remote-server --raw --stop-never writes): apply
-- every file from the one source's progress row names (first_file for a
-- new source), committing after each, until the file to apply next is not
-- there yet, a file does not end with ROTATE or STOP (the file being
-- written: the next call goes on from there), or max_files were applied.
-- A call that finds the file being written no longer than where the last
-- one stopped reads nothing of it (an idle poll costs a stat).
-- The file after one ended by ROTATE is the one it names, after STOP the
-- next number.  Runs as the caller: reading server files needs EXECUTE on
-- pg_read_binary_file(text) and pg_stat_file(text, boolean) (superuser's
-- to grant), and pg_read_server_files outside the data directory;
-- a file name with '/' or starting with '.' is an error (22023).  No SET
-- clause (a procedure that commits cannot have one): every name is
-- schema-qualified.  A DDL or statement stop raises a WARNING naming it;
-- skip_ddl_at is for the first file the call applies (resuming after such
-- a stop), apply_truncate and the rest for every file, as mysql_binlog_apply
-- takes them.
CREATE PROCEDURE mysql_binlog_follow(dir text, source text, target_schema name,
									 first_file text DEFAULT NULL, schema_name text DEFAULT NULL,
									 tables jsonb DEFAULT NULL, max_files integer DEFAULT NULL,
									 skip_ddl_at bigint DEFAULT NULL, apply_truncate boolean DEFAULT false)
	LANGUAGE plpgsql
	AS $body$
DECLARE
	ext text;
	f text;
	r record;
	n integer := 0;
	at bigint;
	size bigint;
BEGIN
	IF dir IS NULL OR source IS NULL OR target_schema IS NULL THEN
		RAISE EXCEPTION 'mysql_binlog_follow needs a directory, a source and a target schema'
			USING ERRCODE = '22023';
	END IF;
	SELECT ns.nspname INTO ext FROM pg_catalog.pg_extension e
		JOIN pg_catalog.pg_namespace ns ON ns.oid OPERATOR(pg_catalog.=) e.extnamespace
		WHERE e.extname OPERATOR(pg_catalog.=) 'wirecodec';
	LOOP
		EXIT WHEN max_files IS NOT NULL AND n OPERATOR(pg_catalog.>=) max_files;
		EXECUTE pg_catalog.format($q$SELECT CASE WHEN p.stop_reason OPERATOR(pg_catalog.=) 'stop'
				THEN pg_catalog.regexp_replace(p.file_name, '[0-9]+$', '') OPERATOR(pg_catalog.||)
					pg_catalog.lpad((pg_catalog.substring(p.file_name, '([0-9]+)$')::numeric
						OPERATOR(pg_catalog.+) 1)::text, pg_catalog.length(pg_catalog.substring(p.file_name, '([0-9]+)$')), '0')
				ELSE coalesce(p.next_file, p.file_name) END,
				CASE WHEN p.next_file IS NULL AND p.stop_reason OPERATOR(pg_catalog.=) ANY ('{end,incomplete}')
					THEN p."position" END
			FROM %I.mysql_binlog_apply_progress p WHERE p.source OPERATOR(pg_catalog.=) $1
				AND p.applied_by OPERATOR(pg_catalog.=) CURRENT_USER
				AND p.stop_reason OPERATOR(pg_catalog.<>) 'new'$q$, ext) INTO f, at USING source;
		f := coalesce(f, first_file);
		IF f IS NULL THEN
			RAISE EXCEPTION 'source % has applied no file: give first_file', source USING ERRCODE = '22023';
		END IF;
		IF f OPERATOR(pg_catalog.~) '(/|^\.|^$)' THEN
			RAISE EXCEPTION 'MySQL binlog file name "%" of source % is not a file of directory %', f, source, dir
				USING ERRCODE = '22023';
		END IF;
		size := (pg_catalog.pg_stat_file(dir OPERATOR(pg_catalog.||) '/' OPERATOR(pg_catalog.||) f, true)).size;
		-- not there yet, or the file being written has grown by nothing:
		-- nothing to read
		EXIT WHEN size IS NULL OR size OPERATOR(pg_catalog.=) at;
		EXECUTE pg_catalog.format('SELECT * FROM %I.mysql_binlog_apply(pg_catalog.pg_read_binary_file($1), $2, $3, $4,
				schema_name => $5, tables => $6, skip_ddl_at => $7, apply_truncate => $8) a
				WHERE a.target IS NULL', ext)
			INTO r USING dir OPERATOR(pg_catalog.||) '/' OPERATOR(pg_catalog.||) f, source, target_schema, f,
				schema_name, tables, CASE WHEN n OPERATOR(pg_catalog.=) 0 THEN skip_ddl_at END, apply_truncate;
		n := n OPERATOR(pg_catalog.+) 1;
		COMMIT;
		IF r.stop_reason OPERATOR(pg_catalog.=) ANY ('{ddl,statement}') THEN
			RAISE WARNING 'binlog apply of % stopped at % position %: % %', source, f, r.stop_position,
				r.stop_reason, coalesce(r.stop_statement, '');
		END IF;
		EXIT WHEN r.stop_reason OPERATOR(pg_catalog.<>) ALL ('{rotate,stop}');
	END LOOP;
END
$body$;

-- What the TABLE_MAPs of a binlog say of its tables: one row per column of
-- each table shape (listed at the first TABLE_MAP of it, and again at one
-- that differs from every shape listed: an ALTER TABLE between), with its
-- MySQL type as far as the log tells it and the PostgreSQL type that takes
-- its values (mysql_binlog_rows' conversions) without loss.  Names, keys,
-- character sets and ENUM/SET values need binlog_row_metadata=FULL (NULL,
-- false without).  The basis for making the target tables of an apply.
CREATE FUNCTION mysql_binlog_tables(binlog bytea,
									OUT event_index bigint, OUT schema_name text, OUT table_name text,
									OUT column_index integer, OUT column_name text, OUT mysql_type text,
									OUT pg_type text, OUT nullable boolean, OUT primary_key boolean,
									OUT collation_id integer, OUT enum_values text[])
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'mysql_binlog_tables'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 100;
CREATE FUNCTION mysql_binlog_tables_lo(binlog oid,
									   OUT event_index bigint, OUT schema_name text, OUT table_name text,
									   OUT column_index integer, OUT column_name text, OUT mysql_type text,
									   OUT pg_type text, OUT nullable boolean, OUT primary_key boolean,
									   OUT collation_id integer, OUT enum_values text[])
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'mysql_binlog_tables_lo'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE ROWS 100;
