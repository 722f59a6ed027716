-- mysql_binlog_apply: a binlog's committed row changes applied to tables,
-- exactly once and resumable, over the real binlog files of
-- test/vectors/binlog: the three files of test/mysql_binlog/apply-workload.sql
-- (recorded by test/mysql_binlog/record-apply.sh, with the tables MariaDB
-- was left with), and the MariaDB and MySQL files of the other suites.
\set VERBOSITY default
\set ECHO none
\i sql/mysql_binlog_vectors.psql
\set a1 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000001 | tr -d ' \n'`
\set a2 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000002 | tr -d ' \n'`
\set a3 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000003 | tr -d ' \n'`
\set rp1 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply-repeat.000001 | tr -d ' \n'`
\set m97 `od -An -v -tx1 test/vectors/binlog/mysql-9.7-gtid-payload.bin | tr -d ' \n'`
INSERT INTO bl VALUES ('apply.000001', decode(:'a1', 'hex')), ('apply.000002', decode(:'a2', 'hex')),
	('apply.000003', decode(:'a3', 'hex')), ('repeat', decode(:'rp1', 'hex')), ('mysql97', decode(:'m97', 'hex'));
-- rows of table a not in table b and of b not in a
CREATE FUNCTION pg_temp.diff(a text, b text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
	EXECUTE format('SELECT count(*) FROM ((TABLE %s EXCEPT ALL TABLE %s) UNION ALL
										  (TABLE %s EXCEPT ALL TABLE %s)) d', a, b, b, a) INTO n;
	RETURN n;
END $$;
-- the rows that the typed images of file f leave in MySQL table s.t (the
-- last image of each id in log order, unless a delete) not in table tab,
-- and the rows of tab not in them (binlog_row_image=FULL)
CREATE FUNCTION pg_temp.replay_diff(f text, s text, t text, tab text, k text DEFAULT 'id')
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
	-- an update that changes the key deletes the old one
	EXECUTE format($q$CREATE TEMP TABLE replay AS SELECT (img).* FROM (
		SELECT DISTINCT ON (key) change, img FROM (
			SELECT event_index, row_in_event, 1 AS sub, change, coalesce(after, before) AS img,
				   (coalesce(after, before)).%5$I AS key
			FROM bl, mysql_binlog_rows(b, %1$L, %2$L, NULL::%3$s) WHERE name = %4$L
			UNION ALL
			SELECT event_index, row_in_event, 0, 'delete', before, (before).%5$I
			FROM bl, mysql_binlog_rows(b, %1$L, %2$L, NULL::%3$s) WHERE name = %4$L
				AND change = 'update' AND (before).%5$I <> (after).%5$I) c
		ORDER BY key, event_index DESC, row_in_event DESC, sub DESC) l
		WHERE change <> 'delete'$q$, s, t, tab, f, k);
	n := pg_temp.diff(tab, 'replay');
	DROP TABLE replay;
	RETURN n;
END $$;
-- an error's SQLSTATE, message and detail
CREATE FUNCTION pg_temp.err(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE d text;
BEGIN
	EXECUTE q;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
	RETURN SQLSTATE || ': ' || SQLERRM || coalesce(E'\n' || nullif(d, ''), '');
END $$;
\set ECHO all
SET timezone = 'UTC';

-- the units of a file: transactions, statements and events outside them,
-- and what follows the last one (a ROTATE here)
SELECT first_index, last_index, byte_offset, end_offset, kind, gtid, server_id, statement, db
FROM bl, mysql_binlog_apply_plan(b) WHERE name = 'apply.000002';
-- from a position on; a position inside a transaction is an error
SELECT kind, byte_offset FROM bl, mysql_binlog_apply_plan(b, 945) WHERE name = 'apply.000002';
SELECT pg_temp.err($$SELECT * FROM bl, mysql_binlog_apply_plan(b, 1000) WHERE name = 'apply.000002'$$);
-- a file still being written: a partial last event or transaction is not
-- an error, the plan ends before it
SELECT kind, byte_offset, end_offset FROM bl, mysql_binlog_apply_plan(substr(b, 1, 1600)) p
WHERE name = 'apply.000002' AND kind <> 'event';
-- every prefix of a file plans without an error, and ends at or before
-- the cut
SELECT p.kind, count(*) AS prefixes, count(*) FILTER (WHERE p.end_offset <= n) AS within_cut
FROM bl, generate_series(4, length(b)) n,
	LATERAL (SELECT * FROM mysql_binlog_apply_plan(substr(b, 1, n))
			 WHERE kind IN ('end', 'incomplete', 'rotate', 'stop')) p
WHERE name = 'apply.000002' GROUP BY p.kind ORDER BY p.kind;
-- in chunks: at most max_units units a call, then 'more' and where the
-- next call goes on (its start_index goes there without walking the file
-- again); the chunks of every file, one, two or three units a call, are
-- the units of the whole file
CREATE FUNCTION pg_temp.plan_in_chunks(f bytea, k bigint)
RETURNS TABLE (first_index bigint, last_index bigint, byte_offset bigint, end_offset bigint,
			   kind text, gtid text, server_id bigint, statement text, db text, verb text,
			   target text)
LANGUAGE plpgsql AS $$
DECLARE pos bigint := 4; idx bigint := 0; more boolean;
BEGIN
	LOOP
		more := false;
		FOR first_index, last_index, byte_offset, end_offset, kind, gtid, server_id, statement, db, verb,
			target IN
			SELECT * FROM mysql_binlog_apply_plan(f, pos, k, idx) LOOP
			IF kind = 'more' THEN
				pos := byte_offset;
				idx := first_index;
				more := true;
			ELSE
				RETURN NEXT;
			END IF;
		END LOOP;
		EXIT WHEN NOT more;
	END LOOP;
END $$;
SELECT kind, byte_offset, first_index FROM bl, mysql_binlog_apply_plan(b, 4, 2) WHERE name = 'apply.000002';
SELECT name, k, cardinality(w) AS units, w = c AS same
FROM bl, (VALUES (1), (2), (3)) v(k),
	LATERAL (SELECT array_agg(x::text) FROM mysql_binlog_apply_plan(b) x) w(w),
	LATERAL (SELECT array_agg(x::text) FROM pg_temp.plan_in_chunks(b, k) x) c(c)
WHERE name IN ('apply.000001', 'apply.000002', 'apply.000003', 'repeat', 'mysql97', 'mysql80',
			   'full', 'minimal', 'gtid', 'annotate')
ORDER BY name, k;
-- a start_index with a start inside the FORMAT_DESCRIPTION, past the end,
-- or in a file whose FORMAT_DESCRIPTION is not whole; the row walk's jump
-- (the event at start_position is event after_index + 1) alike; negative
-- limits
SELECT pg_temp.err($$SELECT * FROM bl, mysql_binlog_apply_plan(b, 5, 1, 2) WHERE name = 'apply.000002'$$);
SELECT pg_temp.err($$SELECT * FROM bl, mysql_binlog_apply_plan(b, 100000, 1, 2) WHERE name = 'apply.000002'$$);
SELECT pg_temp.err($$SELECT * FROM bl, mysql_binlog_apply_plan(substr(b, 1, 100), 99, 1, 2) WHERE name = 'apply.000002'$$);
SELECT pg_temp.err($$SELECT * FROM bl, mysql_binlog_apply_rows(b, 5, length(b), 1, 'public', NULL, false,
					 NULL, NULL, NULL, NULL, NULL) WHERE name = 'apply.000002'$$);
SELECT pg_temp.err($$SELECT * FROM bl, mysql_binlog_apply_plan(b, 4, -1) WHERE name = 'apply.000002'$$);

-- ---------------------------------------------------------------------
-- three files of one server, in order
-- ---------------------------------------------------------------------
CREATE SCHEMA shop;
CREATE TABLE shop.t (id int PRIMARY KEY, v varchar(20), n int, d timestamp(3), ts timestamptz);
CREATE TABLE shop.k2 (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
-- (MySQL table shop.other has no table in schema shop: its rows are passed over)
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000001') a WHERE name = 'apply.000001';
SELECT source, server_id, server_uuid, file_name, position, next_file, gtid, applied_by = current_user AS applied_by_me
FROM mysql_binlog_apply_progress;
SELECT * FROM shop.k2 ORDER BY a, b;
SELECT * FROM shop.t WHERE id IN (1, 3, 5, 1005, 1006) OR id BETWEEN 6 AND 9 ORDER BY id;
SELECT pg_temp.replay_diff('apply.000001', 'shop', 't', 'shop.t') AS t_diff;
-- the same file again changes nothing, not even the progress row
SELECT applied_at AS m1_at FROM mysql_binlog_apply_progress WHERE source = 'm1' \gset
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000001') a WHERE name = 'apply.000001';
SELECT applied_at = :'m1_at' AS unchanged FROM mysql_binlog_apply_progress WHERE source = 'm1';
-- a file that does not continue where the last stopped
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000003') a
					 WHERE name = 'apply.000003'$$);
-- the next file (the one the ROTATE named): minimal images (an update
-- changes only the columns it carries, an insert leaves the others to
-- their defaults), then an ALTER TABLE of a mapped table: the apply stops
-- before it, with the rows before it applied and the position saved
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000002') a WHERE name = 'apply.000002';
SELECT file_name, position, next_file, gtid FROM mysql_binlog_apply_progress WHERE source = 'm1';
SELECT * FROM shop.t WHERE id BETWEEN 10 AND 15 OR id IN (2, 60) ORDER BY id;
-- again: it stops there again, changing nothing
SELECT a.stop_position AS ddl_at FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000002') a
WHERE name = 'apply.000002' \gset
SELECT :ddl_at AS ddl_at;
-- ddl => 'error' raises instead
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000002', ddl => 'error') a
					 WHERE name = 'apply.000002'$$);
-- the table changed as MySQL's did, the apply passes over the statement
ALTER TABLE shop.t ADD COLUMN extra int;
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000002', skip_ddl_at => :ddl_at) a
WHERE name = 'apply.000002';
-- the third file starts with a TRUNCATE of a mapped table: a stop too,
-- unless apply_truncate => true
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000003') a WHERE name = 'apply.000003';
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000003', apply_truncate => true) a
WHERE name = 'apply.000003';
SELECT source, server_id, file_name, position, next_file, gtid FROM mysql_binlog_apply_progress;
-- the tables are those MariaDB was left with
CREATE TEMP TABLE want_t (LIKE shop.t);
CREATE TEMP TABLE want_k2 (LIKE shop.k2);
\copy want_t FROM 'test/vectors/binlog/mariadb-10.11-apply.t' WITH (NULL 'NULL')
\copy want_k2 FROM 'test/vectors/binlog/mariadb-10.11-apply.k2' WITH (NULL 'NULL')
SELECT (SELECT count(*) FROM want_t) AS t_rows, pg_temp.diff('shop.t', 'want_t') AS t_diff,
	   (SELECT count(*) FROM want_k2) AS k2_rows, pg_temp.diff('shop.k2', 'want_k2') AS k2_diff;

-- a file of another server that starts within the GTID set applied and
-- repeats transactions applied from the first (a replica promoted after a
-- failover, whose binlog holds what it replicated): it continues the set,
-- the units it repeats passed over (the DDL among them too), and the file
-- its ROTATE names follows it
CREATE SCHEMA fo;
CREATE TABLE fo.t (id int PRIMARY KEY, v varchar(20), n int, d timestamp(3), ts timestamptz);
CREATE TABLE fo.k2 (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
SELECT a.stop_reason FROM bl, mysql_binlog_apply(b, 'fo', 'fo', 'apply.000001') a WHERE name = 'apply.000001';
SELECT max(a.stop_position) AS ddl_at FROM bl, mysql_binlog_apply(b, 'fo', 'fo', 'apply.000002') a
WHERE name = 'apply.000002' \gset
ALTER TABLE fo.t ADD COLUMN extra int;
SELECT a.stop_reason FROM bl, mysql_binlog_apply(b, 'fo', 'fo', 'apply.000002', skip_ddl_at => :ddl_at) a
WHERE name = 'apply.000002';
SELECT gtid AS fo_gtid FROM mysql_binlog_apply_progress WHERE source = 'fo' \gset
SELECT a.* FROM bl, mysql_binlog_apply(b, 'fo', 'fo', 'replica-bin.000002') a WHERE name = 'apply.000002';
SELECT file_name, position, next_file, gtid = :'fo_gtid' AS same_gtids, stop_reason
FROM mysql_binlog_apply_progress WHERE source = 'fo';
SELECT a.stop_reason FROM bl, mysql_binlog_apply(b, 'fo', 'fo', 'apply.000003', apply_truncate => true) a
WHERE name = 'apply.000003';
SELECT pg_temp.diff('fo.t', 'want_t') AS t_diff, pg_temp.diff('fo.k2', 'want_k2') AS k2_diff;
-- a file that starts after GTIDs not applied is a gap
CREATE SCHEMA fo2;
CREATE TABLE fo2.t (id int PRIMARY KEY, v varchar(20), n int, d timestamp(3), ts timestamptz);
CREATE TABLE fo2.k2 (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
SELECT a.stop_reason FROM bl, mysql_binlog_apply(b, 'fo2', 'fo2', 'apply.000001') a WHERE name = 'apply.000001';
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'fo2', 'fo2', 'other-bin.000003') a
					 WHERE name = 'apply.000003'$$);
DROP SCHEMA fo, fo2 CASCADE;
DELETE FROM mysql_binlog_apply_progress WHERE source IN ('fo', 'fo2');

-- a file replaced under a name applied before (the server's binlog reset)
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1', 'shop', 'apply.000003') a
					 WHERE name = 'apply.000001'$$);

-- the same three files read a unit at a time (wirecodec.binlog_apply_chunk):
-- the same rows, stops and positions
CREATE SCHEMA shop1;
CREATE TABLE shop1.t (id int PRIMARY KEY, v varchar(20), n int, d timestamp(3), ts timestamptz);
CREATE TABLE shop1.k2 (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
SET wirecodec.binlog_apply_chunk = 1;
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1c', 'shop1', 'apply.000001') a WHERE name = 'apply.000001';
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1c', 'shop1', 'apply.000002') a WHERE name = 'apply.000002';
ALTER TABLE shop1.t ADD COLUMN extra int;
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1c', 'shop1', 'apply.000002', skip_ddl_at => :ddl_at) a
WHERE name = 'apply.000002';
SET wirecodec.binlog_apply_chunk = 2;
SELECT a.* FROM bl, mysql_binlog_apply(b, 'm1c', 'shop1', 'apply.000003', apply_truncate => true) a
WHERE name = 'apply.000003';
RESET wirecodec.binlog_apply_chunk;
SELECT pg_temp.diff('shop1.t', 'want_t') AS t_diff, pg_temp.diff('shop1.k2', 'want_k2') AS k2_diff,
	   (SELECT (c.server_id, c.server_uuid, c.file_name, c.file_id, c.position, c.stop_reason, c.next_file, c.gtid)
			   IS NOT DISTINCT FROM (m.server_id, m.server_uuid, m.file_name, m.file_id, m.position, m.stop_reason, m.next_file, m.gtid)
		FROM mysql_binlog_apply_progress c, mysql_binlog_apply_progress m
		WHERE c.source = 'm1c' AND m.source = 'm1') AS same_progress;
SELECT pg_temp.err($$SET wirecodec.binlog_apply_chunk = 0$$);

-- ---------------------------------------------------------------------
-- explicit pairs: MySQL "db.t" (or "t") to any table; no other table maps
-- ---------------------------------------------------------------------
CREATE SCHEMA pairs;
CREATE SCHEMA pairs2;
CREATE TABLE pairs.t_copy (LIKE shop.t INCLUDING ALL);
ALTER TABLE pairs.t_copy DROP COLUMN extra;
CREATE TABLE pairs2.k2x (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
CREATE TABLE pairs.k2 (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
SELECT a.* FROM bl, mysql_binlog_apply(b, 'pairs', 'pairs', 'apply.000001',
									   tables => '{"shop.t": "t_copy", "k2": "pairs2.k2x"}') a
WHERE name = 'apply.000001';
SELECT (SELECT count(*) FROM pairs.k2) AS unmapped_k2_rows,
	   pg_temp.replay_diff('apply.000001', 'shop', 't', 'pairs.t_copy') AS t_diff,
	   (SELECT count(*) FROM pairs2.k2x) AS k2x_rows;
-- a DDL statement of a mapped table names the table it maps to
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'pairs', 'pairs', 'apply.000002', ddl => 'error',
										 tables => '{"shop.t": "t_copy", "k2": "pairs2.k2x"}') a
					 WHERE name = 'apply.000002'$$);
SELECT * FROM mysql_binlog_apply_statement('ALTER TABLE t ADD x int', 'shop', 'pairs', NULL,
										   '{shop.t,t}', '{pairs.t_copy,pairs2.k2x}');
SELECT * FROM mysql_binlog_apply_statement('ALTER TABLE t ADD x int', 'other', 'pairs', NULL,
										   '{shop.t,t}', '{pairs.t_copy,pairs2.k2x}');
-- bad pairs
SELECT pg_temp.err($$SELECT * FROM bl, mysql_binlog_apply(b, 'pairs', 'pairs', 'apply.000002',
										tables => '{"shop.t": "nosuch"}') WHERE name = 'apply.000002'$$);
SELECT pg_temp.err($$SELECT * FROM bl, mysql_binlog_apply(b, 'pairs', 'pairs', 'apply.000002',
										tables => '{"shop.t": 5}') WHERE name = 'apply.000002'$$);
SELECT pg_temp.err($$SELECT * FROM bl, mysql_binlog_apply(b, 'pairs', 'pairs', 'apply.000002',
										tables => '["t"]') WHERE name = 'apply.000002'$$);
DROP SCHEMA pairs, pairs2 CASCADE;

-- ---------------------------------------------------------------------
-- files told without their names: the same file by the events it starts
-- with, the next one by the GTID state it starts with
-- ---------------------------------------------------------------------
SELECT name, header_end, gtid_start FROM bl, mysql_binlog_apply_file(b) ORDER BY name;
CREATE SCHEMA anon;
CREATE TABLE anon.t (id int PRIMARY KEY, v varchar(20), n int, d timestamp(3), ts timestamptz);
CREATE TABLE anon.k2 (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
-- a file too short to tell (cut before the event after FORMAT_DESCRIPTION):
-- nothing applied, nothing saved
SELECT a.* FROM bl, mysql_binlog_apply(substr(b, 1, 200), 'anon', 'anon', 'apply.000001') a
WHERE name = 'apply.000001';
SELECT a.stop_reason FROM bl, mysql_binlog_apply(substr(b, 1, 2), 'anon', 'anon') a
WHERE name = 'apply.000001';
SELECT count(*) AS saved FROM mysql_binlog_apply_progress WHERE source = 'anon';
SELECT a.stop_file, a.stop_position, a.stop_reason, a.stop_statement
FROM bl, mysql_binlog_apply(b, 'anon', 'anon') a WHERE name = 'apply.000001' AND a.target IS NULL;
SELECT file_name, position, stop_reason, next_file, gtid FROM mysql_binlog_apply_progress WHERE source = 'anon';
-- again: nothing changes
SELECT a.inserted, a.updated, a.deleted, a.stop_position
FROM bl, mysql_binlog_apply(b, 'anon', 'anon') a WHERE name = 'apply.000001' AND a.target IS NULL;
-- a file that starts after more GTIDs than were applied: a gap
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'anon', 'anon') a WHERE name = 'apply.000003'$$);
SELECT a.stop_position AS anon_ddl_at FROM bl, mysql_binlog_apply(b, 'anon', 'anon') a
WHERE name = 'apply.000002' AND a.target IS NULL \gset
ALTER TABLE anon.t ADD COLUMN extra int;
SELECT a.stop_reason FROM bl, mysql_binlog_apply(b, 'anon', 'anon', skip_ddl_at => :anon_ddl_at) a
WHERE name = 'apply.000002' AND a.target IS NULL;
SELECT a.stop_reason FROM bl, mysql_binlog_apply(b, 'anon', 'anon', apply_truncate => true) a
WHERE name = 'apply.000003' AND a.target IS NULL;
SELECT file_name, position, stop_reason, next_file, gtid FROM mysql_binlog_apply_progress WHERE source = 'anon';
SELECT pg_temp.diff('anon.t', 'want_t') AS t_diff, pg_temp.diff('anon.k2', 'want_k2') AS k2_diff;
-- a source applied by name goes on without names, and back
DELETE FROM mysql_binlog_apply_progress WHERE source = 'anon';
TRUNCATE anon.t, anon.k2;
ALTER TABLE anon.t DROP COLUMN extra;
SELECT a.stop_reason FROM bl, mysql_binlog_apply(b, 'anon', 'anon', 'apply.000001') a
WHERE name = 'apply.000001' AND a.target IS NULL;
SELECT a.stop_reason FROM bl, mysql_binlog_apply(b, 'anon', 'anon') a
WHERE name = 'apply.000002' AND a.target IS NULL;
SELECT a.stop_reason FROM bl, mysql_binlog_apply(b, 'anon', 'anon', 'apply.000002') a
WHERE name = 'apply.000002' AND a.target IS NULL;
DROP SCHEMA anon CASCADE;
-- a target schema that does not exist is an error, and saves nothing
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'typo', 'no_such_schema', 'apply.000001') a
					 WHERE name = 'apply.000001'$$);
SELECT count(*) AS saved FROM mysql_binlog_apply_progress WHERE source = 'typo';
-- (an empty schema: files whose rows map to no table)
CREATE SCHEMA noschema;
-- the file a ROTATE named, when it does not start from the GTID set
-- applied (a transaction missing between the two files): a gap
BEGIN;
INSERT INTO mysql_binlog_apply_progress (source, file_name, "position", stop_reason, next_file, gtid,
										 applied_at, applied_by)
VALUES ('gapped', 'apply.000001', 5645, 'rotate', 'apply.000002', '0-7-10', now(), current_user);
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'gapped', 'noschema', 'apply.000002') a
					 WHERE name = 'apply.000002'$$);
ROLLBACK;
-- without GTIDs, after a STOP: the file of the next number continues it,
-- another is a gap
BEGIN;
INSERT INTO mysql_binlog_apply_progress (source, file_name, "position", stop_reason, applied_at, applied_by)
VALUES ('stopped', 'host-bin.000009', 4, 'stop', now(), current_user);
SELECT name, header_end, gtid_start FROM bl, mysql_binlog_apply_file(b) WHERE name = 'mysql51';
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'stopped', 'noschema', 'host-bin.000011') a
					 WHERE name = 'mysql51'$$);
SELECT a.stop_file, a.stop_reason FROM bl, mysql_binlog_apply(b, 'stopped', 'noschema', 'host-bin.000010') a
WHERE name = 'mysql51' AND a.target IS NULL;
ROLLBACK;
DROP SCHEMA noschema;

-- ---------------------------------------------------------------------
-- a file still being written: cut at a transaction's end, inside a
-- transaction, inside an event, then whole: the same rows
-- ---------------------------------------------------------------------
CREATE SCHEMA part;
CREATE TABLE part.t (id int PRIMARY KEY, v varchar(20), n int, d timestamp(3), ts timestamptz);
CREATE TABLE part.k2 (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
CREATE SCHEMA whole;
CREATE TABLE whole.t (LIKE part.t INCLUDING ALL);
CREATE TABLE whole.k2 (LIKE part.k2 INCLUDING ALL);
SELECT stop_position, stop_reason FROM bl, mysql_binlog_apply(b, 'whole', 'whole', 'apply.000001') a
WHERE name = 'apply.000001' AND target IS NULL;
SELECT byte_offset, end_offset, kind FROM bl, mysql_binlog_apply_plan(b) WHERE name = 'apply.000001'
	AND kind <> 'event';
SELECT cut, a.* FROM unnest('{1210,1800,2921,2930,2921,4700}'::int[]) WITH ORDINALITY c(cut, n)
	CROSS JOIN LATERAL (SELECT a.* FROM bl, mysql_binlog_apply(substr(b, 1, cut), 'part', 'part', 'apply.000001') a
						WHERE name = 'apply.000001') a ORDER BY n, target;
SELECT count(*) FROM part.t;
SELECT a.* FROM bl, mysql_binlog_apply(b, 'part', 'part', 'apply.000001') a WHERE name = 'apply.000001';
SELECT pg_temp.diff('part.t', 'whole.t') AS t_diff, pg_temp.diff('part.k2', 'whole.k2') AS k2_diff;

-- ---------------------------------------------------------------------
-- divergence: a row the table has already, or lacks
-- ---------------------------------------------------------------------
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'again', 'part', 'apply.000001') a
					 WHERE name = 'apply.000001'$$);
-- (from a position after the inserts, with row 3 gone)
DELETE FROM part.t WHERE id = 3;
BEGIN;
-- (a position set by hand, as for a snapshot: no file_id, no GTID set)
INSERT INTO mysql_binlog_apply_progress (source, file_name, "position", applied_at, applied_by)
VALUES ('again', 'apply.000001', 3598, now(), current_user);
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'again', 'part', 'apply.000001') a
					 WHERE name = 'apply.000001'$$);
ROLLBACK;
-- idempotent => true: an insert of a key that is there updates it, an
-- update or delete of a row that is not there inserts the new row (a whole
-- image) or does nothing
SELECT a.* FROM bl, mysql_binlog_apply(b, 'again', 'part', 'apply.000001', idempotent => true) a
WHERE name = 'apply.000001';
SELECT pg_temp.diff('part.t', 'whole.t') AS t_diff, pg_temp.diff('part.k2', 'whole.k2') AS k2_diff;

-- ---------------------------------------------------------------------
-- privileges: the rows go through INSERT, UPDATE and DELETE as the caller
-- ---------------------------------------------------------------------
CREATE ROLE wc_apply_user;
CREATE SCHEMA priv;
CREATE TABLE priv.t (LIKE part.t INCLUDING ALL);
CREATE TABLE priv.k2 (LIKE part.k2 INCLUDING ALL);
GRANT USAGE ON SCHEMA priv TO wc_apply_user;
GRANT SELECT, INSERT, DELETE ON priv.t, priv.k2 TO wc_apply_user;
GRANT SELECT ON bl TO wc_apply_user;
-- no lock without a privilege: a table is opened only when the caller has
-- USAGE on its schema and may write it (INSERT, UPDATE or DELETE on it or
-- a column of it), by name or by OID, catalogs included; here every event
-- is skipped, so that no statement would have refused it
CREATE SCHEMA secret;
CREATE TABLE secret.t (LIKE part.t INCLUDING ALL);
GRANT USAGE ON SCHEMA secret TO wc_apply_user;
CREATE TABLE secret.ro (LIKE part.t INCLUDING ALL);
GRANT SELECT ON secret.ro TO wc_apply_user;
REVOKE USAGE ON SCHEMA secret FROM wc_apply_user;
SELECT 'secret.t'::regclass::oid AS secret_t, 'secret.ro'::regclass::oid AS secret_ro \gset
SET ROLE wc_apply_user;
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'sec', 'secret', 'apply.000001') a
					 WHERE name = 'apply.000001'$$);
SELECT x.rel, pg_temp.err(format($$SELECT r.* FROM bl, mysql_binlog_apply_rows(b, 4, length(b), 0, 'priv', NULL,
		false, ARRAY(SELECT generate_series(1, 1000)::bigint), '{}', '{}', '{}', '{}', '{t}', ARRAY[%s]::oid[]) r
		WHERE name = 'apply.000001'$$, x.t))
FROM (VALUES ('secret.t', :secret_t::oid), ('pg_class', 'pg_catalog.pg_class'::regclass::oid)) x(rel, t);
RESET ROLE;
GRANT USAGE ON SCHEMA secret TO wc_apply_user;
SET ROLE wc_apply_user;
SELECT pg_temp.err(format($$SELECT r.* FROM bl, mysql_binlog_apply_rows(b, 4, length(b), 0, 'priv', NULL,
		false, ARRAY(SELECT generate_series(1, 1000)::bigint), '{}', '{}', '{}', '{}', '{t}', ARRAY[%s]::oid[]) r
		WHERE name = 'apply.000001'$$, :secret_ro));
-- a TRUNCATE by OID: TRUNCATE's own privilege check, before its lock
SELECT pg_temp.err(format($$SELECT r.* FROM bl, mysql_binlog_apply_rows(b, 4, length(b), 0, 'priv', NULL,
		false, '{}', '{1}', ARRAY[%s]::oid[], '{}', '{}') r WHERE name = 'apply.000001'$$, :secret_ro));
SELECT pg_temp.err($$SELECT r.* FROM bl, mysql_binlog_apply_rows(b, 4, length(b), 0, 'priv', NULL,
		false, '{}', '{1}', '{0}', '{}', '{}') r WHERE name = 'apply.000001'$$);
RESET ROLE;
DROP SCHEMA secret CASCADE;
-- inserts need INSERT on the table, or on every column they write
REVOKE INSERT ON priv.t FROM wc_apply_user;
GRANT INSERT (id) ON priv.t TO wc_apply_user;
SET ROLE wc_apply_user;
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'priv', 'priv', 'apply.000001') a
					 WHERE name = 'apply.000001'$$);
RESET ROLE;
REVOKE INSERT (id) ON priv.t FROM wc_apply_user;
GRANT INSERT ON priv.t TO wc_apply_user;
SET ROLE wc_apply_user;
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'priv', 'priv', 'apply.000001') a
					 WHERE name = 'apply.000001'$$);
-- each role sees and moves only its own sources
SELECT count(*) FROM mysql_binlog_apply_progress;
RESET ROLE;
GRANT UPDATE ON priv.t, priv.k2 TO wc_apply_user;
-- row-level security of the target applies, to inserts too
ALTER TABLE priv.t ENABLE ROW LEVEL SECURITY;
CREATE POLICY tiny ON priv.t USING (id < 3);
SET ROLE wc_apply_user;
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'priv', 'priv', 'apply.000001') a
					 WHERE name = 'apply.000001'$$);
RESET ROLE;
DROP POLICY tiny ON priv.t;
CREATE POLICY small ON priv.t USING (id < 1000);
SET ROLE wc_apply_user;
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'priv', 'priv', 'apply.000001') a
					 WHERE name = 'apply.000001'$$);
RESET ROLE;
ALTER TABLE priv.t DISABLE ROW LEVEL SECURITY;
SET ROLE wc_apply_user;
SELECT a.* FROM bl, mysql_binlog_apply(b, 'priv', 'priv', 'apply.000001') a WHERE name = 'apply.000001';
SELECT source, file_name, position, applied_by FROM mysql_binlog_apply_progress;
-- a source named as another role's is this role's own: it starts at the
-- file's start, and the other role's row is neither moved nor locked (it
-- cannot see it, lock it, or write a row in that role's name)
SELECT source FROM mysql_binlog_apply_progress WHERE source = 'm1' FOR UPDATE;
SELECT pg_temp.err($$INSERT INTO mysql_binlog_apply_progress (source, position, applied_at, applied_by)
					 VALUES ('m1', 4, now(), 'postgres')$$);
SELECT a.stop_reason, a.stop_position FROM bl, mysql_binlog_apply(b, 'm1', 'priv', 'apply.000001',
																   idempotent => true) a
WHERE name = 'apply.000001' AND a.target IS NULL;
SELECT source, file_name, position FROM mysql_binlog_apply_progress WHERE source = 'm1';
RESET ROLE;
SELECT applied_by OPERATOR(pg_catalog.=) current_user AS own, file_name, position
FROM mysql_binlog_apply_progress WHERE source = 'm1' ORDER BY 1;
DELETE FROM mysql_binlog_apply_progress WHERE applied_by = 'wc_apply_user';
SELECT pg_temp.diff('priv.t', 'whole.t') AS t_diff;
DROP SCHEMA priv CASCADE;
DELETE FROM mysql_binlog_apply_progress WHERE source = 'priv';
REVOKE ALL ON bl FROM wc_apply_user;
DROP ROLE wc_apply_user;
-- a table with an insert trigger gets its rows through INSERT: the trigger
-- sees every row inserted, with search_path pg_catalog, pg_temp
CREATE SCHEMA trg;
CREATE TABLE trg.t (LIKE part.t INCLUDING ALL);
CREATE TABLE trg.seen (n bigint, path text);
CREATE FUNCTION trg.count_new() RETURNS trigger LANGUAGE plpgsql
	AS $$BEGIN INSERT INTO trg.seen SELECT count(*), current_setting('search_path') FROM new_rows; RETURN NULL; END$$;
CREATE TRIGGER count_new AFTER INSERT ON trg.t REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION trg.count_new();
SELECT a.inserted FROM bl, mysql_binlog_apply(b, 'trg', 'trg', 'apply.000001') a
WHERE name = 'apply.000001' AND a.target = 'trg.t'::regclass;
SELECT sum(n) AS seen_by_trigger, string_agg(DISTINCT path, '; ') AS search_path FROM trg.seen;
DROP SCHEMA trg CASCADE;
DELETE FROM mysql_binlog_apply_progress WHERE source = 'trg';

-- ---------------------------------------------------------------------
-- one key changed more than once in one transaction
-- (test/mysql_binlog/apply-repeat.sql): insert, update and delete of a key,
-- a key updated twice and moved twice, rows moved onto other rows' old keys
-- (apart, in a swap, in one statement shifting rows), a key deleted and
-- inserted again, ON DUPLICATE KEY UPDATE and REPLACE of a key the same
-- statement inserted, with FULL and MINIMAL images.  MySQL has no arrays:
-- tags holds array literals in a VARCHAR, read by int[]'s input function;
-- j is JSON into jsonb.
-- ---------------------------------------------------------------------
CREATE SCHEMA rep;
CREATE TABLE rep.rp (id int PRIMARY KEY, v text, tags int[], j jsonb);
SELECT a.* FROM bl, mysql_binlog_apply(b, 'repeat', 'rep', 'repeat.000001') a WHERE name = 'repeat';
SELECT file_name, position = (SELECT length(b) FROM bl WHERE name = 'repeat') AS at_end, next_file
FROM mysql_binlog_apply_progress WHERE source = 'repeat';
CREATE TEMP TABLE want_rp (LIKE rep.rp);
\copy want_rp FROM 'test/vectors/binlog/mariadb-10.11-apply-repeat.rp' WITH (NULL 'NULL')
SELECT (SELECT count(*) FROM want_rp) AS rows, pg_temp.diff('rep.rp', 'want_rp') AS diff;
SELECT * FROM rep.rp WHERE id < 10 OR id IN (10, 21, 31, 36, 40, 44, 60, 65, 66, 70, 71) OR id > 100
ORDER BY id;
-- the same cut after each transaction, one apply per cut
CREATE SCHEMA rep_cut;
CREATE TABLE rep_cut.rp (LIKE rep.rp INCLUDING ALL);
SELECT count(*) AS cuts, sum(a.inserted) AS inserted, sum(a.updated) AS updated, sum(a.deleted) AS deleted
FROM bl, LATERAL (SELECT end_offset FROM mysql_binlog_apply_plan(b) WHERE kind = 'transaction'
				  ORDER BY end_offset) c,
	LATERAL mysql_binlog_apply(substr(b, 1, c.end_offset::int), 'repeat_cut', 'rep_cut', 'repeat.000001') a
WHERE name = 'repeat' AND a.target IS NULL;
SELECT pg_temp.diff('rep_cut.rp', 'want_rp') AS diff;
DROP SCHEMA rep CASCADE;
DROP SCHEMA rep_cut CASCADE;

-- ---------------------------------------------------------------------
-- the other recorded files: every column type by name (FULL metadata) and
-- by position (MINIMAL metadata and images), MySQL 8.0 transaction
-- payloads
-- ---------------------------------------------------------------------
CREATE SCHEMA wf;
CREATE TABLE wf.many (id int PRIMARY KEY, v varchar(10));
CREATE TABLE wf.ints (id int PRIMARY KEY, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4,
					  i int4, iu int8, bi int8, biu numeric(20));
CREATE TABLE wf.nums (id int PRIMARY KEY, d1 numeric(10,2), d2 numeric, d3 numeric, d4 numeric,
					  d5 numeric, f float4, db float8, b1 bit(1), b64 bit(64), b10 varbit, y int);
CREATE TABLE wf.times (id int PRIMARY KEY, dt date, t0 interval, t1 interval, t3 interval,
					   t6 interval, dt0 timestamp, dt2 timestamp, dt4 timestamp(2), dt6 timestamp,
					   ts0 timestamptz, ts1 timestamptz, ts3 text, ts6 timestamp);
CREATE TABLE wf.strs (id int PRIMARY KEY, c text, c255 text, vc varchar(300), vl text, va text,
					  vu2 text, vu16 text, vu32 text, vu3 text, bn bytea, vb bytea, tt text, tx text,
					  mt text, lt text, tb bytea, bb bytea, mb bytea, lb bytea, e text, st text,
					  j jsonb, g bytea, p bytea);
CREATE SCHEMA wm;
CREATE TABLE wm.many (LIKE wf.many INCLUDING ALL);
CREATE TABLE wm.ints (LIKE wf.ints INCLUDING ALL);
CREATE TABLE wm.nums (LIKE wf.nums INCLUDING ALL);
CREATE TABLE wm.times (LIKE wf.times INCLUDING ALL);
CREATE TABLE wm.strs (LIKE wf.strs INCLUDING ALL);
SELECT a.* FROM bl, mysql_binlog_apply(b, 'full', 'wf', 'bin.000012') a WHERE name = 'full';
SELECT a.* FROM bl, mysql_binlog_apply(b, 'minimal', 'wm', 'bin.000018') a WHERE name = 'minimal';
SELECT t, pg_temp.replay_diff('full', 'wcb', t, 'wf.' || t) AS replay_diff,
	   pg_temp.diff('wf.' || t, 'wm.' || t) AS full_minimal_diff
FROM unnest('{many,ints,nums,times,strs}'::text[]) t;
-- (without names ENUM and SET come as their index and bit mask)
SELECT f.id, f.e, m.e, f.st, m.st FROM wf.strs f JOIN wm.strs m USING (id)
WHERE (f.e, f.st) IS DISTINCT FROM (m.e, m.st);
SELECT count(*) FROM ((SELECT id, c, c255, vc, vl, va, vu2, vu16, vu32, vu3, bn, vb, tt, tx, mt, lt, tb,
							  bb, mb, lb, j, g, p FROM wf.strs
					   EXCEPT SELECT id, c, c255, vc, vl, va, vu2, vu16, vu32, vu3, bn, vb, tt, tx, mt, lt, tb,
							  bb, mb, lb, j, g, p FROM wm.strs)) d;
CREATE SCHEMA my;
CREATE TABLE my.t1 (a int PRIMARY KEY, b int, c text);
CREATE TABLE my.t2 (a int PRIMARY KEY, b jsonb);
CREATE TABLE my.t (a int);
-- (a statement-based INSERT of a mapped table inside a transaction is a
-- stop too: its rows are not in the log)
SELECT a.* FROM bl, mysql_binlog_apply(b, 'mysql80', 'my', 'master-bin.000001', schema_name => 'test') a
WHERE name = 'mysql80';
SELECT pg_temp.replay_diff('mysql80', 'test', 't1', 'my.t1', 'a') AS t1_diff;
INSERT INTO my.t2 VALUES (1, '{}');
SELECT a.* FROM bl, mysql_binlog_apply(b, 'mysql80', 'my', 'master-bin.000001', skip_ddl_at => 2821) a
WHERE name = 'mysql80';
SELECT a, length(b::text) FROM my.t2 ORDER BY a;
-- MySQL 9.7 with GTIDs: one compressed transaction whose rows of two
-- tables interleave (insert, insert, update, insert into the other table,
-- delete), applied in log order; the progress keeps the GTID set
CREATE SCHEMA m97;
CREATE TABLE m97.t (id int PRIMARY KEY, v text, j jsonb);
CREATE TABLE m97.u (id int PRIMARY KEY);
SELECT a.* FROM bl, mysql_binlog_apply(b, 'mysql97', 'm97', 'binlog.000001') a WHERE name = 'mysql97';
SELECT * FROM m97.t;
SELECT * FROM m97.u;
SELECT server_id, server_uuid, position, gtid FROM mysql_binlog_apply_progress WHERE source = 'mysql97';
DROP SCHEMA m97 CASCADE;

-- what is a statement of a mapped table
SELECT s, v.* FROM unnest(ARRAY['ALTER TABLE t ADD x int', 'alter online table `shop`.`t` drop x',
	'ALTER TABLE other.t ADD x int', 'ALTER DATABASE t', 'DROP TABLE IF EXISTS a, t', 'DROP DATABASE t',
	'RENAME TABLE t TO t_old, x TO t', 'TRUNCATE t', 'truncate table `t`', 'INSERT t VALUES (1)',
	'REPLACE INTO t SELECT 1', 'UPDATE LOW_PRIORITY t SET x = 1', 'DELETE QUICK FROM t',
	'DELETE FROM tt', 'CREATE TABLE t (a int)', 'SELECT 1']) s,
	mysql_binlog_apply_statement(s, 'shop', 'my', 'shop') v;
-- behind comments and version comments, after WITH, in any case; a
-- statement whose first 256 kB do not say which table it changes counts
-- as changing one
SELECT s, v.* FROM unnest(ARRAY['/* app */ ALTER TABLE t ADD y int', '-- x' || chr(10) || 'TRUNCATE t',
	'# x' || chr(10) || ' drop table `t`', '/*!40000 ALTER TABLE `t` DISABLE KEYS */',
	'/*M!100100 ALTER TABLE t ADD z int */', 'WITH x AS (SELECT 1) UPDATE t JOIN x SET t.v = 1',
	'WITH RECURSIVE x AS (SELECT 1) DELETE FROM t WHERE id IN (SELECT * FROM x)',
	'SELECT ''ALTER TABLE t'' /* ALTER TABLE t */', 'UPDATE tt, t SET tt.a = t.a',
	'DELETE tt FROM tt JOIN t', 'RENAME TABLE x TO t', 'ALTER TABLE x RENAME TO t',
	'ALTER TABLE `shop` . `t` CHANGE a b int', 'LOAD DATA INFILE ''f'' INTO TABLE t']) s,
	mysql_binlog_apply_statement(s, 'shop', 'my', 'shop') v;
SELECT v.* FROM mysql_binlog_apply_statement('/*' || repeat(' ', 300000) || '*/ ALTER TABLE t ADD y int',
											 'shop', 'my', 'shop') v;
SELECT v.* FROM mysql_binlog_apply_statement('/*' || repeat(' ', 300000) || '*/ ALTER TABLE t ADD y int',
											 'other', 'my', 'shop') v;
-- a MySQL table name longer than PostgreSQL's 63 bytes cannot map by name
SELECT pg_temp.err(format('SELECT * FROM mysql_binlog_apply_statement(%L, ''shop'', ''my'', NULL)',
						  'ALTER TABLE ' || repeat('t', 64) || ' ADD y int'));
SELECT v.* FROM mysql_binlog_apply_statement('ALTER TABLE ' || repeat('t', 64) || ' ADD y int',
											 'shop', 'my', 'other') v;

-- GTID sets: MySQL's intervals per uuid joined, MariaDB's last per domain
SELECT s, g, mysql_binlog_apply_gtid_set(s, g) FROM (VALUES
	(NULL, '{0-7-5,1-7-3,0-7-6}'::text[]),
	('0-7-4,2-1-9', '{0-7-5}'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5', '{3E11FA47-71CA-11E1-9E33-C80AA9429562:6,3e11fa47-71ca-11e1-9e33-c80aa9429562:8}'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-3:7-9', '{3e11fa47-71ca-11e1-9e33-c80aa9429562:5,3e11fa47-71ca-11e1-9e33-c80aa9429562:4,00000000-0000-0000-0000-000000000001:1}'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-10', '{3e11fa47-71ca-11e1-9e33-c80aa9429562:3}')) v(s, g);

-- the large-object form
SELECT lo_from_bytea(0, b) AS lo FROM bl WHERE name = 'apply.000001' \gset
CREATE SCHEMA lo;
CREATE TABLE lo.t (LIKE part.t INCLUDING ALL);
CREATE TABLE lo.k2 (LIKE part.k2 INCLUDING ALL);
SELECT * FROM mysql_binlog_apply_lo(:lo, 'lo', 'lo', 'apply.000001');
SELECT pg_temp.diff('lo.t', 'whole.t') AS t_diff;
SELECT lo_unlink(:lo);

-- bad arguments
SELECT pg_temp.err($$SELECT * FROM mysql_binlog_apply('\x', NULL, 'lo')$$);
SELECT pg_temp.err($$SELECT * FROM mysql_binlog_apply('\x', 's', 'lo', 'f', ddl => 'skip')$$);
SELECT pg_temp.err($$SELECT * FROM mysql_binlog_apply('\x01', 's', 'lo', 'f')$$);
SELECT pg_temp.err($$SELECT * FROM mysql_binlog_apply_slice('\xfe62696e', 5, 4)$$);

DROP SCHEMA shop, part, whole, wf, wm, my, lo CASCADE;
DELETE FROM mysql_binlog_apply_progress;
