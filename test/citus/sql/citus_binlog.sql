-- A MariaDB binlog replayed with MERGE into Citus distributed tables: the
-- statements of doc/mysql_binlog.md ("Replaying a binlog into a table with
-- MERGE"), run on the cluster and, with search_path set to a schema of plain
-- tables, on the coordinator alone.  The binlog is real
-- (test/vectors/binlog/README.md: test/mysql_binlog/workload.sql on MariaDB
-- 10.11 with binlog_row_image=FULL and binlog_row_metadata=FULL).
SET citus.shard_count = 4;
SET citus.shard_replication_factor = 1;
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS wirecodec;

CREATE FUNCTION plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $fn$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		RETURN NEXT regexp_replace(regexp_replace(line, 'port=[0-9]+', 'port=N'),
								   '_[0-9]{6}\M', '_S', 'g');
	END LOOP;
END $fn$;

-- ============================================================ the tables
-- The binlog files, distributed by name: each file is stored on one worker,
-- and the MERGE below decodes it there.
CREATE TABLE binlog_files (name text PRIMARY KEY, b bytea);
SELECT create_distributed_table('binlog_files', 'name');
-- Two of the MariaDB tables, distributed by their primary key.
CREATE TABLE many (id int PRIMARY KEY, v varchar(10));
SELECT create_distributed_table('many', 'id');
CREATE TABLE ints (id int PRIMARY KEY, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4,
				   i int4, iu int8, bi int8, biu numeric(20));
SELECT create_distributed_table('ints', 'id');
-- The typed changes of ints, co-located with it.
CREATE TABLE ints_changes (event_index bigint, row_in_event int, change text, LIKE ints);
SELECT create_distributed_table('ints_changes', 'id', colocate_with => 'ints');

-- The same tables as plain PostgreSQL tables, in a schema of their own.
CREATE SCHEMA single;
CREATE TABLE single.binlog_files (name text PRIMARY KEY, b bytea);
CREATE TABLE single.many (LIKE many INCLUDING ALL);
CREATE TABLE single.ints (LIKE ints INCLUDING ALL);

\set ECHO none
\set binlog `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-full-compressed.bin | tr -d ' \n'`
INSERT INTO binlog_files VALUES ('mariadb-bin.000001', decode(:'binlog', 'hex'));
INSERT INTO single.binlog_files VALUES ('mariadb-bin.000001', decode(:'binlog', 'hex'));
\set ECHO all
SELECT logicalrelid, partmethod, column_to_column_name(logicalrelid, partkey) AS column, colocationid = (
		SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = 'ints'::regclass) AS with_ints
FROM pg_dist_partition WHERE logicalrelid::text IN ('binlog_files', 'many', 'ints', 'ints_changes')
ORDER BY logicalrelid::text;
-- the file's shard is on a worker (group 0 is the coordinator)
SELECT groupid > 0 AS on_a_worker FROM pg_dist_placement
WHERE shardid = get_shard_id_for_distribution_column('binlog_files', 'mariadb-bin.000001');

-- What the file holds: inserts, updates and deletes, keys changed twice
-- (many: 500 rows inserted, 300 of them updated, 50 deleted, one more
-- inserted in a later transaction).
SELECT schema_name, table_name, change, count(*), min(event_index) AS first_event,
	   max(event_index) AS last_event
FROM binlog_files, mysql_binlog_rows(b)
WHERE name = 'mariadb-bin.000001' AND table_name IN ('many', 'ints')
GROUP BY 1, 2, 3 ORDER BY 2, 5;

-- ============================================================ jsonb form: one MERGE
-- The last change of each key in log order (event_index, row_in_event):
-- with full images it holds the whole row, and a delete removes the key.
-- Every function and cast in it is IMMUTABLE, as Citus requires of a MERGE,
-- and its source reads a distributed table.
WITH changes AS (
    SELECT event_index, row_in_event, change, coalesce(after, before) AS img,
           (coalesce(before, after)->>'id')::int AS id
    FROM binlog_files, mysql_binlog_rows(b)
    WHERE name = 'mariadb-bin.000001' AND schema_name = 'wcb' AND table_name = 'many'
), last AS (
    SELECT DISTINCT ON (id) * FROM changes
    ORDER BY id, event_index DESC, row_in_event DESC
)
MERGE INTO many o
USING last c ON o.id = c.id
WHEN MATCHED AND c.change = 'delete' THEN
    DELETE
WHEN MATCHED THEN
    UPDATE SET v = c.img->>'v'
WHEN NOT MATCHED AND c.change <> 'delete' THEN
    INSERT VALUES (c.id, c.img->>'v');

-- The plan: the source runs on the worker that holds the file (one task,
-- decoding there), its rows come to the coordinator and go to the shards
-- of many by id.
SELECT plan($$
WITH changes AS (
    SELECT event_index, row_in_event, change, coalesce(after, before) AS img,
           (coalesce(before, after)->>'id')::int AS id
    FROM binlog_files, mysql_binlog_rows(b)
    WHERE name = 'mariadb-bin.000001' AND schema_name = 'wcb' AND table_name = 'many'
), last AS (
    SELECT DISTINCT ON (id) * FROM changes
    ORDER BY id, event_index DESC, row_in_event DESC
)
MERGE INTO many o
USING last c ON o.id = c.id
WHEN MATCHED AND c.change = 'delete' THEN
    DELETE
WHEN MATCHED THEN
    UPDATE SET v = c.img->>'v'
WHEN NOT MATCHED AND c.change <> 'delete' THEN
    INSERT VALUES (c.id, c.img->>'v')$$);
SELECT count(*), min(id), max(id), count(*) FILTER (WHERE v LIKE '%u') AS updated FROM many;
SELECT * FROM many WHERE id IN (1, 300, 301, 450, 451, 1000) ORDER BY id;
-- rows on every shard
SELECT count(DISTINCT get_shard_id_for_distribution_column('many', id)) AS shards FROM many;

-- ============================================================ typed form: staged, then MERGE
-- The typed function is STABLE (the column types' input functions), which
-- Citus does not allow in a MERGE: INSERT ... SELECT the changes into a
-- table co-located with the target, then MERGE from it, shard by shard.
INSERT INTO ints_changes
SELECT event_index, row_in_event, change, (coalesce(after, before)).*
FROM binlog_files, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints)
WHERE name = 'mariadb-bin.000001';

MERGE INTO ints o
USING (SELECT DISTINCT ON (id) * FROM ints_changes
       ORDER BY id, event_index DESC, row_in_event DESC) c
ON o.id = c.id
WHEN MATCHED AND c.change = 'delete' THEN
    DELETE
WHEN MATCHED THEN
    UPDATE SET ti = c.ti, tiu = c.tiu, si = c.si, siu = c.siu, mi = c.mi, miu = c.miu,
               i = c.i, iu = c.iu, bi = c.bi, biu = c.biu
WHEN NOT MATCHED AND c.change <> 'delete' THEN
    INSERT VALUES (c.id, c.ti, c.tiu, c.si, c.siu, c.mi, c.miu, c.i, c.iu, c.bi, c.biu);

-- The plan: pushed down, one task per shard pair, no rows through the
-- coordinator.
SELECT plan($$
MERGE INTO ints o
USING (SELECT DISTINCT ON (id) * FROM ints_changes
       ORDER BY id, event_index DESC, row_in_event DESC) c
ON o.id = c.id
WHEN MATCHED AND c.change = 'delete' THEN
    DELETE
WHEN MATCHED THEN
    UPDATE SET ti = c.ti, tiu = c.tiu, si = c.si, siu = c.siu, mi = c.mi, miu = c.miu,
               i = c.i, iu = c.iu, bi = c.bi, biu = c.biu
WHEN NOT MATCHED AND c.change <> 'delete' THEN
    INSERT VALUES (c.id, c.ti, c.tiu, c.si, c.siu, c.mi, c.miu, c.i, c.iu, c.bi, c.biu)$$);
SELECT * FROM ints ORDER BY id;

-- ============================================================ what Citus refuses
\set VERBOSITY terse
-- a STABLE function (the typed form) in the MERGE itself
WITH last AS (
    SELECT DISTINCT ON ((coalesce(before, after)).id) change, coalesce(after, before) AS img
    FROM binlog_files, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints)
    WHERE name = 'mariadb-bin.000001'
    ORDER BY (coalesce(before, after)).id, event_index DESC, row_in_event DESC
)
MERGE INTO ints o
USING last c ON o.id = (c.img).id
WHEN MATCHED AND c.change = 'delete' THEN
    DELETE
WHEN NOT MATCHED AND c.change <> 'delete' THEN
    INSERT VALUES ((c.img).id);
-- a STABLE cast in the MERGE (text to timestamp, date, time or timestamptz,
-- as a DATETIME column's jsonb value would be cast)
MERGE INTO many o
USING (SELECT (after->>'id')::int AS id, after FROM binlog_files, mysql_binlog_rows(b)
       WHERE name = 'mariadb-bin.000001' AND table_name = 'many' AND change = 'insert') c
ON o.id = c.id
WHEN MATCHED THEN
    UPDATE SET v = to_char((c.after->>'v')::timestamp, 'YYYY');
-- a source without a Citus table (the function alone, or a local table)
MERGE INTO many o
USING (SELECT (after->>'id')::int AS id FROM single.binlog_files, mysql_binlog_rows(b)
       WHERE table_name = 'many' AND change = 'insert') c
ON o.id = c.id
WHEN MATCHED THEN
    DO NOTHING;
MERGE INTO many o
USING (SELECT (after->>'id')::int AS id FROM mysql_binlog_rows('\x'::bytea)
       WHERE table_name = 'many' AND change = 'insert') c
ON o.id = c.id
WHEN MATCHED THEN
    DO NOTHING;
\set VERBOSITY default

-- ============================================================ the same on one node
-- The same statements against the plain tables of schema single; the typed
-- form runs in the MERGE itself there.
SET search_path = single, public;
WITH changes AS (
    SELECT event_index, row_in_event, change, coalesce(after, before) AS img,
           (coalesce(before, after)->>'id')::int AS id
    FROM binlog_files, mysql_binlog_rows(b)
    WHERE name = 'mariadb-bin.000001' AND schema_name = 'wcb' AND table_name = 'many'
), last AS (
    SELECT DISTINCT ON (id) * FROM changes
    ORDER BY id, event_index DESC, row_in_event DESC
)
MERGE INTO many o
USING last c ON o.id = c.id
WHEN MATCHED AND c.change = 'delete' THEN
    DELETE
WHEN MATCHED THEN
    UPDATE SET v = c.img->>'v'
WHEN NOT MATCHED AND c.change <> 'delete' THEN
    INSERT VALUES (c.id, c.img->>'v');

WITH last AS (
    SELECT DISTINCT ON ((coalesce(before, after)).id) change, coalesce(after, before) AS img
    FROM binlog_files, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints)
    WHERE name = 'mariadb-bin.000001'
    ORDER BY (coalesce(before, after)).id, event_index DESC, row_in_event DESC
)
MERGE INTO ints o
USING last c ON o.id = (c.img).id
WHEN MATCHED AND c.change = 'delete' THEN
    DELETE
WHEN MATCHED THEN
    UPDATE SET ti = (c.img).ti, tiu = (c.img).tiu, si = (c.img).si, siu = (c.img).siu,
               mi = (c.img).mi, miu = (c.img).miu, i = (c.img).i, iu = (c.img).iu,
               bi = (c.img).bi, biu = (c.img).biu
WHEN NOT MATCHED AND c.change <> 'delete' THEN
    INSERT VALUES ((c.img).id, (c.img).ti, (c.img).tiu, (c.img).si, (c.img).siu, (c.img).mi,
                   (c.img).miu, (c.img).i, (c.img).iu, (c.img).bi, (c.img).biu);
RESET search_path;

-- Every change applied one by one in log order (delete the before image's
-- key, insert the after image), into plain tables: the reference.
CREATE FUNCTION replay_in_order(target regclass, binlog bytea, db text, tbl text) RETURNS bigint
LANGUAGE plpgsql AS $fn$
DECLARE
	r record;
	n bigint := 0;
BEGIN
	FOR r IN SELECT * FROM mysql_binlog_rows(binlog)
			 WHERE schema_name = db AND table_name = tbl ORDER BY event_index, row_in_event LOOP
		IF r.before IS NOT NULL THEN
			EXECUTE format('DELETE FROM %s WHERE id = $1', target) USING (r.before->>'id')::int;
		END IF;
		IF r.after IS NOT NULL THEN
			EXECUTE format('INSERT INTO %s SELECT * FROM jsonb_populate_record(NULL::%s, $1)', target, target)
			USING r.after;
		END IF;
		n := n + 1;
	END LOOP;
	RETURN n;
END $fn$;
CREATE TABLE single.many_in_order (LIKE many);
CREATE TABLE single.ints_in_order (LIKE ints);
SELECT replay_in_order('single.many_in_order', b, 'wcb', 'many') AS many_changes,
	   replay_in_order('single.ints_in_order', b, 'wcb', 'ints') AS ints_changes
FROM single.binlog_files;

-- ============================================================ the comparison
-- The distributed tables, the same MERGE on one node and the replay in
-- order: the same rows (EXCEPT both ways), and the rows workload.sql leaves.
SELECT (SELECT count(*) FROM (TABLE many EXCEPT TABLE single.many) d) AS dist_not_single,
	   (SELECT count(*) FROM (TABLE single.many EXCEPT TABLE many) d) AS single_not_dist,
	   (SELECT count(*) FROM (TABLE many EXCEPT TABLE single.many_in_order) d) AS dist_not_in_order,
	   (SELECT count(*) FROM (TABLE single.many_in_order EXCEPT TABLE many) d) AS in_order_not_dist;
SELECT (SELECT count(*) FROM (TABLE ints EXCEPT TABLE single.ints) d) AS dist_not_single,
	   (SELECT count(*) FROM (TABLE single.ints EXCEPT TABLE ints) d) AS single_not_dist,
	   (SELECT count(*) FROM (TABLE ints EXCEPT TABLE single.ints_in_order) d) AS dist_not_in_order,
	   (SELECT count(*) FROM (TABLE single.ints_in_order EXCEPT TABLE ints) d) AS in_order_not_dist;
-- workload.sql: ids 1 to 500 as 'v' || id, then 'u' appended to ids up to
-- 300, ids above 450 deleted, then id 1000 as 'tx'
CREATE TEMP TABLE many_expected AS
SELECT i AS id, ('v' || i || CASE WHEN i <= 300 THEN 'u' ELSE '' END)::varchar(10) AS v
FROM generate_series(1, 450) i UNION ALL SELECT 1000, 'tx';
SELECT (SELECT count(*) FROM (TABLE many EXCEPT TABLE many_expected) d) AS dist_not_expected,
	   (SELECT count(*) FROM (TABLE many_expected EXCEPT TABLE many) d) AS expected_not_dist;
-- ids 1 to 4 (the extremes of every integer type, NULLs), ti - 1 and biu
-- 18446744073709551614 for id 2, id 4 deleted, then id 10 with i = 10
SELECT (SELECT count(*) FROM (TABLE ints EXCEPT VALUES
		(1, -128, 0, -32768, 0, -8388608, 0, -2147483648, 0, -9223372036854775808, 0::numeric),
		(2, 126, 255, 32767, 65535, 8388607, 16777215, 2147483647, 4294967295,
		 9223372036854775807, 18446744073709551614),
		(3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
		(10, NULL, NULL, NULL, NULL, NULL, NULL, 10, NULL, NULL, NULL)) d) AS dist_not_expected,
	   (SELECT count(*) FROM ints) AS rows;

-- ============================================================ replaying again
-- The same file merged a second time changes nothing: a replay that stopped
-- half way can be run again from the start.
WITH changes AS (
    SELECT event_index, row_in_event, change, coalesce(after, before) AS img,
           (coalesce(before, after)->>'id')::int AS id
    FROM binlog_files, mysql_binlog_rows(b)
    WHERE name = 'mariadb-bin.000001' AND schema_name = 'wcb' AND table_name = 'many'
), last AS (
    SELECT DISTINCT ON (id) * FROM changes
    ORDER BY id, event_index DESC, row_in_event DESC
)
MERGE INTO many o
USING last c ON o.id = c.id
WHEN MATCHED AND c.change = 'delete' THEN
    DELETE
WHEN MATCHED THEN
    UPDATE SET v = c.img->>'v'
WHEN NOT MATCHED AND c.change <> 'delete' THEN
    INSERT VALUES (c.id, c.img->>'v');
SELECT (SELECT count(*) FROM (TABLE many EXCEPT TABLE many_expected) d) AS dist_not_expected,
	   (SELECT count(*) FROM (TABLE many_expected EXCEPT TABLE many) d) AS expected_not_dist;

-- ============================================================ loaders
-- mysql_binlog_load writes a table's own storage: a distributed table,
-- whose rows live in its shards, is refused with the INSERT ... SELECT hint
-- (and nothing is written to the coordinator's empty shell); a local table
-- on the coordinator loads the rows the typed function decodes.
SELECT mysql_binlog_load(b, 'wcb', 'ints', 'ints') FROM single.binlog_files;
\echo :LAST_ERROR_SQLSTATE
CREATE TABLE single.ints_loaded (LIKE ints);
SELECT mysql_binlog_load(b, 'wcb', 'ints', 'single.ints_loaded') FROM single.binlog_files;
SELECT count(*) AS different FROM (
	(TABLE single.ints_loaded
	 EXCEPT ALL SELECT (r.after).* FROM single.binlog_files, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints) r
	 WHERE r.change <> 'delete')
	UNION ALL
	(SELECT (r.after).* FROM single.binlog_files, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints) r
	 WHERE r.change <> 'delete' EXCEPT ALL TABLE single.ints_loaded)) d;

DROP TABLE binlog_files, many, ints, ints_changes, many_expected;
DROP SCHEMA single CASCADE;
DROP FUNCTION plan(text), replay_in_order(regclass, bytea, text, text);
