-- mysql_binlog_apply into Citus tables: the recorded MariaDB binlogs of the
-- mysql_binlog_apply suite (test/mysql_binlog/apply-workload.sql and
-- apply-repeat.sql, test/vectors/binlog) applied to tables distributed by
-- their primary key, to reference tables and, for comparison, to plain
-- tables on the coordinator: whole, cut and resumed, again (nothing
-- changes), updates that move the distribution column, deletes,
-- divergence errors and idempotent mode.
SET citus.shard_count = 4;
SET citus.shard_replication_factor = 1;
SET client_min_messages = warning;
SET timezone = 'UTC';
CREATE EXTENSION IF NOT EXISTS wirecodec;
\set VERBOSITY default
\set ECHO none
\set a1 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000001 | tr -d ' \n'`
\set a2 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000002 | tr -d ' \n'`
\set a3 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000003 | tr -d ' \n'`
\set rp1 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply-repeat.000001 | tr -d ' \n'`
CREATE TEMP TABLE bl (name text PRIMARY KEY, b bytea);
INSERT INTO bl VALUES ('apply.000001', decode(:'a1', 'hex')), ('apply.000002', decode(:'a2', 'hex')),
	('apply.000003', decode(:'a3', 'hex')), ('repeat', decode(:'rp1', 'hex'));
-- (Citus keeps functions of pg_temp on the coordinator, and says so)
SET client_min_messages = error;
-- how many rows one table has that the other lacks, both ways
CREATE FUNCTION pg_temp.diff(x text, y text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN EXECUTE format('SELECT count(*) FROM ((TABLE %1$s EXCEPT ALL TABLE %2$s) UNION ALL '
					 '(TABLE %2$s EXCEPT ALL TABLE %1$s)) d', x, y) INTO n; RETURN n;
END $$;
-- what q raises: SQLSTATE, message, detail (a shard's number as _S)
CREATE FUNCTION pg_temp.err(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE m text; d text;
BEGIN EXECUTE q; RETURN 'no error';
EXCEPTION WHEN OTHERS THEN GET STACKED DIAGNOSTICS m = MESSAGE_TEXT, d = PG_EXCEPTION_DETAIL;
	RETURN regexp_replace(format('%s: %s%s', SQLSTATE, m, E'\n' || nullif(d, '')), '_[0-9]{6}\M', '_S', 'g');
END $$;
SET client_min_messages = warning;
\set ECHO all

-- ---------------------------------------------------------------------
-- three files of one server, in order, into tables distributed by their
-- key (d), reference tables (r) and plain tables (l)
-- ---------------------------------------------------------------------
CREATE SCHEMA d;
CREATE TABLE d.t (id int PRIMARY KEY, v varchar(20), n int, d timestamp(3), ts timestamptz);
CREATE TABLE d.k2 (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
SELECT create_distributed_table('d.t', 'id'), create_distributed_table('d.k2', 'a');
CREATE SCHEMA r;
CREATE TABLE r.t (LIKE d.t INCLUDING ALL);
CREATE TABLE r.k2 (LIKE d.k2 INCLUDING ALL);
SELECT create_reference_table('r.t'), create_reference_table('r.k2');
CREATE SCHEMA l;
CREATE TABLE l.t (LIKE d.t INCLUDING ALL);
CREATE TABLE l.k2 (LIKE d.k2 INCLUDING ALL);
SELECT logicalrelid, partmethod, column_to_column_name(logicalrelid, partkey) AS column
FROM pg_dist_partition WHERE logicalrelid::text ~ '^[dl]\.' OR logicalrelid::text ~ '^r\.'
ORDER BY logicalrelid::text;
SELECT s, a.* FROM unnest('{d,r,l}'::name[]) s, bl, mysql_binlog_apply(b, 'src_' || s, s, 'apply.000001') a
WHERE name = 'apply.000001' ORDER BY s, a.target;
SELECT pg_temp.diff('d.t', 'l.t') AS d_t, pg_temp.diff('d.k2', 'l.k2') AS d_k2,
	   pg_temp.diff('r.t', 'l.t') AS r_t, pg_temp.diff('r.k2', 'l.k2') AS r_k2;
-- the same file again changes nothing, not even the progress row
CREATE TEMP TABLE at1 AS SELECT source, applied_at FROM mysql_binlog_apply_progress;
SELECT s, a.* FROM unnest('{d,r,l}'::name[]) s, bl, mysql_binlog_apply(b, 'src_' || s, s, 'apply.000001') a
WHERE name = 'apply.000001' ORDER BY s, a.target;
SELECT count(*) AS unchanged FROM mysql_binlog_apply_progress JOIN at1 USING (source, applied_at);
-- the next file: MINIMAL images, then an ALTER TABLE: the apply stops
-- before it; Citus propagates the same ALTER TABLE; then on
SELECT s, a.* FROM unnest('{d,r,l}'::name[]) s, bl, mysql_binlog_apply(b, 'src_' || s, s, 'apply.000002') a
WHERE name = 'apply.000002' ORDER BY s, a.target;
ALTER TABLE d.t ADD COLUMN extra int;
ALTER TABLE r.t ADD COLUMN extra int;
ALTER TABLE l.t ADD COLUMN extra int;
SELECT s, a.* FROM unnest('{d,r,l}'::name[]) s, bl,
	mysql_binlog_apply(b, 'src_' || s, s, 'apply.000002', skip_ddl_at => 1802) a
WHERE name = 'apply.000002' ORDER BY s, a.target;
-- the third file starts with a TRUNCATE
SELECT s, a.* FROM unnest('{d,r,l}'::name[]) s, bl,
	mysql_binlog_apply(b, 'src_' || s, s, 'apply.000003', apply_truncate => true) a
WHERE name = 'apply.000003' ORDER BY s, a.target;
SELECT source, file_name, position, next_file, gtid FROM mysql_binlog_apply_progress ORDER BY source;
-- the tables are those MariaDB was left with
CREATE TEMP TABLE want_t (LIKE l.t);
CREATE TEMP TABLE want_k2 (LIKE l.k2);
\copy want_t FROM 'test/vectors/binlog/mariadb-10.11-apply.t' WITH (NULL 'NULL')
\copy want_k2 FROM 'test/vectors/binlog/mariadb-10.11-apply.k2' WITH (NULL 'NULL')
SELECT s, (SELECT count(*) FROM want_t) AS t_rows, pg_temp.diff(s || '.t', 'want_t') AS t_diff,
	   (SELECT count(*) FROM want_k2) AS k2_rows, pg_temp.diff(s || '.k2', 'want_k2') AS k2_diff
FROM unnest('{d,r,l}'::text[]) s;
-- the rows are in the shards on the workers
SELECT count(DISTINCT nodeport) AS workers FROM citus_shards WHERE table_name = 'd.t'::regclass;
SELECT sum(result::bigint) = (SELECT count(*) FROM want_t) AS all_in_shards
FROM run_command_on_shards('d.t', 'SELECT count(*) FROM %s');

-- ---------------------------------------------------------------------
-- cut at a transaction's end, inside a transaction, inside an event, then
-- whole: the same rows; then again: nothing
-- ---------------------------------------------------------------------
CREATE SCHEMA dpart;
CREATE TABLE dpart.t (LIKE l.t INCLUDING ALL);
ALTER TABLE dpart.t DROP COLUMN extra;
CREATE TABLE dpart.k2 (LIKE l.k2 INCLUDING ALL);
SELECT create_distributed_table('dpart.t', 'id'), create_distributed_table('dpart.k2', 'a');
CREATE SCHEMA lwhole;
CREATE TABLE lwhole.t (LIKE dpart.t INCLUDING ALL);
CREATE TABLE lwhole.k2 (LIKE dpart.k2 INCLUDING ALL);
SELECT stop_position, stop_reason FROM bl, mysql_binlog_apply(b, 'lwhole', 'lwhole', 'apply.000001') a
WHERE name = 'apply.000001' AND target IS NULL;
SELECT cut, a.* FROM unnest('{1210,1800,2921,2930,2921,4700}'::int[]) WITH ORDINALITY c(cut, n)
	CROSS JOIN LATERAL (SELECT a.* FROM bl, mysql_binlog_apply(substr(b, 1, cut), 'dpart', 'dpart', 'apply.000001') a
						WHERE name = 'apply.000001') a ORDER BY n, target;
SELECT a.* FROM bl, mysql_binlog_apply(b, 'dpart', 'dpart', 'apply.000001') a WHERE name = 'apply.000001';
SELECT pg_temp.diff('dpart.t', 'lwhole.t') AS t_diff, pg_temp.diff('dpart.k2', 'lwhole.k2') AS k2_diff;
SELECT a.* FROM bl, mysql_binlog_apply(b, 'dpart', 'dpart', 'apply.000001') a WHERE name = 'apply.000001';
SELECT pg_temp.diff('dpart.t', 'lwhole.t') AS t_diff, pg_temp.diff('dpart.k2', 'lwhole.k2') AS k2_diff;

-- ---------------------------------------------------------------------
-- divergence: a row the table has already, or lacks.  A worker's unique
-- violation reaches the client through Citus's COPY of the rows with
-- SQLSTATE XX000 and the shard's constraint (the failing key depends on
-- which shard reports first: shown as N)
-- ---------------------------------------------------------------------
SELECT regexp_replace(pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'again', 'dpart', 'apply.000001') a
					 WHERE name = 'apply.000001'$$), '=\(\d+\)', '=(N)') AS dup;
-- the updates and deletes after the inserts
SELECT u.byte_offset, r.change, string_agg((r.before).id::text, ' ' ORDER BY r.event_index, r.row_in_event) AS ids
FROM bl, mysql_binlog_apply_plan(b) u, mysql_binlog_rows(mysql_binlog_apply_slice(b, u.byte_offset, u.end_offset),
														  'shop', 't', NULL::dpart.t) r
WHERE name = 'apply.000001' AND u.kind = 'transaction' AND u.byte_offset >= 3598 AND r.change <> 'insert'
GROUP BY 1, 2 ORDER BY 1, 2;
-- a copy applied up to the updates, then up to the deletes, each time
-- with one row gone that is not the first of its run: the error names that
-- row (the run's statement is rolled back before the look-up, which reads
-- the shards)
BEGIN;
CREATE SCHEMA dcopy;
CREATE TABLE dcopy.t (LIKE dpart.t INCLUDING ALL);
CREATE TABLE dcopy.k2 (LIKE dpart.k2 INCLUDING ALL);
SELECT create_distributed_table('dcopy.t', 'id'), create_distributed_table('dcopy.k2', 'a');
SELECT stop_position FROM bl, mysql_binlog_apply(substr(b, 1, 3598), 'copy', 'dcopy', 'apply.000001') a
WHERE name = 'apply.000001' AND target IS NULL;
SAVEPOINT updates;
DELETE FROM dcopy.t WHERE id = 21;
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(substr(b, 1, 4671), 'copy', 'dcopy', 'apply.000001') a
					 WHERE name = 'apply.000001'$$) AS update_of_missing;
ROLLBACK TO updates;
SELECT stop_position FROM bl, mysql_binlog_apply(substr(b, 1, 4671), 'copy', 'dcopy', 'apply.000001') a
WHERE name = 'apply.000001' AND target IS NULL;
DELETE FROM dcopy.t WHERE id = 8;
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'copy', 'dcopy', 'apply.000001') a
					 WHERE name = 'apply.000001'$$) AS delete_of_missing;
SELECT id FROM dcopy.t WHERE id BETWEEN 7 AND 9 ORDER BY id;
ROLLBACK;
-- idempotent => true: the whole file again over the table (inserts of
-- keys that are there update them, deletes of rows gone do nothing): the
-- rows of the plain table
SELECT a.* FROM bl, mysql_binlog_apply(b, 'again', 'dpart', 'apply.000001', idempotent => true) a
WHERE name = 'apply.000001';
SELECT pg_temp.diff('dpart.t', 'lwhole.t') AS t_diff, pg_temp.diff('dpart.k2', 'lwhole.k2') AS k2_diff;

-- ---------------------------------------------------------------------
-- keys changed more than once in one transaction (apply-repeat.sql):
-- updates that move the primary key, which is the distribution column,
-- with FULL and MINIMAL images.  Citus refuses an UPDATE that may change
-- the distribution column:
-- ---------------------------------------------------------------------
CREATE SCHEMA drep;
CREATE TABLE drep.rp (id int PRIMARY KEY, v text, tags int[], j jsonb);
SELECT create_distributed_table('drep.rp', 'id');
INSERT INTO drep.rp VALUES (1, 'x');
SELECT pg_temp.err($$UPDATE drep.rp SET id = 2 WHERE id = 1$$);
TRUNCATE drep.rp;
-- so the apply updates the rows that keep it, and inserts those that change
-- it at the new key and deletes them at the old one
SELECT a.* FROM bl, mysql_binlog_apply(b, 'drep', 'drep', 'repeat.000001') a WHERE name = 'repeat';
CREATE TEMP TABLE want_rp (LIKE drep.rp);
\copy want_rp FROM 'test/vectors/binlog/mariadb-10.11-apply-repeat.rp' WITH (NULL 'NULL')
SELECT (SELECT count(*) FROM want_rp) AS rows, pg_temp.diff('drep.rp', 'want_rp') AS diff;
-- a reference table
CREATE SCHEMA rrep;
CREATE TABLE rrep.rp (LIKE drep.rp INCLUDING ALL);
SELECT create_reference_table('rrep.rp');
SELECT a.* FROM bl, mysql_binlog_apply(b, 'rrep', 'rrep', 'repeat.000001') a WHERE name = 'repeat';
SELECT pg_temp.diff('rrep.rp', 'want_rp') AS diff;
-- a Citus local table (in Citus's metadata, its rows on the coordinator)
CREATE SCHEMA crep;
CREATE TABLE crep.rp (LIKE drep.rp INCLUDING ALL);
SELECT citus_add_local_table_to_metadata('crep.rp');
SELECT partmethod FROM pg_dist_partition WHERE logicalrelid = 'crep.rp'::regclass;
SELECT a.* FROM bl, mysql_binlog_apply(b, 'crep', 'crep', 'repeat.000001') a WHERE name = 'repeat';
SELECT pg_temp.diff('crep.rp', 'want_rp') AS diff;
-- cut after each transaction, one apply per cut
CREATE SCHEMA drep_cut;
CREATE TABLE drep_cut.rp (LIKE drep.rp INCLUDING ALL);
SELECT create_distributed_table('drep_cut.rp', 'id');
WITH cuts AS (SELECT p.end_offset AS e FROM bl, mysql_binlog_apply_plan(b) p
			  WHERE name = 'repeat' AND p.kind = 'transaction')
SELECT count(*) AS cuts, sum(a.inserted) AS inserted, sum(a.updated) AS updated, sum(a.deleted) AS deleted
FROM (SELECT e FROM cuts ORDER BY e) c, bl,
	mysql_binlog_apply(substr(bl.b, 1, c.e::int), 'drep_cut', 'drep_cut', 'repeat.000001') a
WHERE bl.name = 'repeat' AND a.target IS NULL;
SELECT pg_temp.diff('drep_cut.rp', 'want_rp') AS diff;
-- again, idempotent: nothing changes
SELECT a.* FROM bl, mysql_binlog_apply(b, 'drep_again', 'drep', 'repeat.000001', idempotent => true) a
WHERE name = 'repeat';
SELECT pg_temp.diff('drep.rp', 'want_rp') AS diff;
-- the moves of the file, and a row moved whose old key is missing: the
-- error names it
SELECT u.byte_offset, (r.before).id AS old_id, (r.after).id AS new_id
FROM bl, mysql_binlog_apply_plan(b) u, mysql_binlog_rows(mysql_binlog_apply_slice(b, u.byte_offset, u.end_offset),
														  'shop', 'rp', NULL::drep.rp) r
WHERE name = 'repeat' AND u.kind = 'transaction' AND r.change = 'update' AND (r.before).id <> (r.after).id
ORDER BY u.byte_offset, r.event_index, r.row_in_event;
BEGIN;
TRUNCATE drep_cut.rp;
DELETE FROM mysql_binlog_apply_progress WHERE source = 'drep_cut';
SELECT stop_position FROM bl, mysql_binlog_apply(substr(b, 1, 5926), 'drep_cut', 'drep_cut', 'repeat.000001') a
WHERE name = 'repeat' AND target IS NULL;
DELETE FROM drep_cut.rp WHERE id = 11;
SELECT pg_temp.err($$SELECT a.* FROM bl, mysql_binlog_apply(b, 'drep_cut', 'drep_cut', 'repeat.000001') a
					 WHERE name = 'repeat'$$) AS move_of_missing;
ROLLBACK;
-- rows that keep the distribution column and rows that change it in one
-- run, with partial (MINIMAL) images: the plain table's result
CREATE SCHEMA lrep;
CREATE TABLE lrep.rp (LIKE drep.rp INCLUDING ALL);
SELECT a.inserted, a.updated, a.deleted FROM bl, mysql_binlog_apply(b, 'lrep', 'lrep', 'repeat.000001') a
WHERE name = 'repeat' AND target IS NULL;
SELECT pg_temp.diff('lrep.rp', 'drep.rp') AS diff;

DROP SCHEMA d, r, l, dpart, lwhole, drep, rrep, crep, drep_cut, lrep CASCADE;
DELETE FROM mysql_binlog_apply_progress;
