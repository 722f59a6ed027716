-- fdb_tuple_load(keys, target): inserts the row of each key of an array (by
-- fdb_tuple_populate_record's rules) into a table, in batches as COPY FROM
-- inserts them, and returns the count.  An ordinary VOLATILE function, each
-- call a whole load: keys come from any query through array_agg.  The
-- checks a loader makes of its table are in the mysql_conversation_load
-- suite (the same loader).
\set VERBOSITY default

-- what the catalog says survives pg_dump and pg_upgrade as it is: a plain
-- function, volatile, parallel unsafe (no aggregate whose volatility a
-- catalog edit would have to fix)
SELECT p.prokind, p.provolatile, p.proparallel, p.proisstrict
FROM pg_proc p WHERE p.oid = 'fdb_tuple_load(fdb_tuple[], regclass)'::regprocedure;
SELECT count(*) AS aggregates FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
WHERE p.proname = 'fdb_tuple_load';

CREATE TABLE fl_users (dir text, id int8, email text, score float8);
CREATE TEMP TABLE fl_keys AS
SELECT fdb_tuple_pack('users', g, 'user' || g || '@example.com', g * 0.5::float8) AS k
FROM generate_series(1, 2500) g;
SELECT fdb_tuple_load(array_agg(k), 'fl_users') FROM fl_keys;
-- the rows of fdb_tuple_populate_record, each once
SELECT count(*) AS rows, count(DISTINCT id) AS ids, sum(score) AS scores FROM fl_users;
SELECT count(*) AS different FROM (
	(SELECT * FROM fl_users EXCEPT ALL SELECT p.* FROM fl_keys, fdb_tuple_populate_record(NULL::fl_users, k) p)
	UNION ALL
	(SELECT p.* FROM fl_keys, fdb_tuple_populate_record(NULL::fl_users, k) p EXCEPT ALL SELECT * FROM fl_users)) d;
-- keys from any query; NULL keys are skipped; an empty array: 0; no keys
-- at all (array_agg of no rows is NULL): NULL; per group
TRUNCATE fl_users;
SELECT fdb_tuple_load(array_agg(k), 'fl_users') FROM (VALUES (fdb_tuple_pack('a', 1, 'x', 1.5::float8)), (NULL),
	(fdb_tuple_pack('b', 2, NULL, NULL))) v(k);
SELECT * FROM fl_users ORDER BY id;
SELECT fdb_tuple_load('{}', 'fl_users');
SELECT fdb_tuple_load(array_agg(k), 'fl_users') FROM fl_keys WHERE false;
SELECT fdb_tuple_load(ARRAY[fdb_tuple_pack('c', 3, 'y', 2.5::float8)], 'fl_users');
SELECT fdb_tuple_load(NULL, 'fl_users'), fdb_tuple_load(ARRAY[fdb_tuple_pack('c', 3, 'y', 2.5::float8)], NULL);
TRUNCATE fl_users;
SELECT fdb_tuple_get_int8(k, 1) % 2 AS odd, fdb_tuple_load(array_agg(k), 'fl_users')
FROM fl_keys GROUP BY 1 ORDER BY 1;
SELECT count(*) FROM fl_users;
-- wherever the query names it, it runs, even when its result is not used:
-- an unreferenced subquery column, a CTE, a nested subquery; as any
-- volatile call, not where an outer condition the planner proves false
-- leaves its subquery out.  (As an aggregate it loaded 0 rows in the first
-- of these once its volatility was lost, as pg_dump and pg_upgrade lose it.)
TRUNCATE fl_users;
SELECT count(*) FROM (SELECT fdb_tuple_load(array_agg(k), 'fl_users') FROM fl_keys) s;
SELECT count(*) FROM fl_users;
WITH l AS (SELECT fdb_tuple_load(array_agg(k), 'fl_users') FROM fl_keys WHERE fdb_tuple_get_int8(k, 1) <= 10)
SELECT 1 AS loaded FROM l;
SELECT count(*) FROM fl_users;
SELECT count(*) FROM (SELECT 1 FROM (SELECT fdb_tuple_load(array_agg(k), 'fl_users') AS n FROM fl_keys
	WHERE fdb_tuple_get_int8(k, 1) <= 5) a) b;
SELECT count(*) FROM fl_users;
SELECT count(*) FROM (SELECT fdb_tuple_load(array_agg(k), 'fl_users') FROM fl_keys) s WHERE false;
SELECT count(*) FROM fl_users;
-- a query that stops early loads exactly what it returned: a LIMIT over a
-- hash aggregate of 4 groups of 1,500 keys, a cursor closed after one row.
-- (As an aggregate whose final function never ran for the other groups it
-- loaded 1500/911/911/911 rows and leaked its table and buffers.)
CREATE TEMP TABLE fl_groups AS
SELECT g % 4 AS grp, fdb_tuple_pack('users', g, 'user' || g || '@example.com', g * 0.5::float8) AS k
FROM generate_series(1, 6000) g;
ANALYZE fl_groups;
TRUNCATE fl_users;
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT grp, fdb_tuple_load(array_agg(k), 'fl_users') FROM fl_groups GROUP BY grp LIMIT 1;
CREATE TEMP TABLE fl_returned AS
SELECT grp, fdb_tuple_load(array_agg(k), 'fl_users') AS n FROM fl_groups GROUP BY grp LIMIT 1;
SELECT (SELECT sum(n) FROM fl_returned) AS returned, (SELECT count(*) FROM fl_users) AS in_table;
RESET enable_sort;
TRUNCATE fl_users;
BEGIN;
DECLARE fl_cur CURSOR FOR SELECT grp, fdb_tuple_load(array_agg(k), 'fl_users') AS n FROM fl_groups GROUP BY grp;
FETCH 1 FROM fl_cur \gset fetched_
CLOSE fl_cur;
COMMIT;
SELECT :fetched_n AS returned, count(*) AS in_table FROM fl_users;
-- an error in a later group undoes the earlier groups with the statement
TRUNCATE fl_users;
SELECT grp, fdb_tuple_load(array_agg(CASE WHEN grp = 3 AND fdb_tuple_get_int8(k, 1) = 7
	THEN fdb_tuple_pack('users', 'seven') ELSE k END), 'fl_users')
FROM fl_groups GROUP BY grp ORDER BY grp;
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) AS in_table FROM fl_users;
-- nested tuples and other column types, as fdb_tuple_populate_record has them
CREATE TYPE fl_pt AS (x int4, y int4);
CREATE TABLE fl_shapes (name varchar(5), at fl_pt, tags text[], ok bool, u uuid);
SELECT fdb_tuple_load(ARRAY[fdb_tuple_pack('a', fdb_tuple_pack(1, 2), fdb_tuple_pack('p', 'q'), true,
	'6ba7b810-9dad-11d1-80b4-00c04fd430c8'::uuid)], 'fl_shapes');
SELECT * FROM fl_shapes;
-- an index and a constraint kept
CREATE TABLE fl_pk (dir text, id int8 PRIMARY KEY, email text, score float8 CHECK (score < 1000));
SELECT fdb_tuple_load(array_agg(k), 'fl_pk') FROM fl_keys WHERE fdb_tuple_get_int8(k, 1) < 1000;
SET enable_seqscan = off;
SELECT email FROM fl_pk WHERE id = 777;
RESET enable_seqscan;
SELECT fdb_tuple_load(array_agg(k), 'fl_pk') FROM fl_keys WHERE fdb_tuple_get_int8(k, 1) BETWEEN 999 AND 1001;
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_load(array_agg(k), 'fl_pk') FROM fl_keys WHERE fdb_tuple_get_int8(k, 1) = 2400;
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM fl_pk;

-- errors: fdb_tuple_populate_record's for the keys, the loader's for the
-- table (bytea keys are checked as they become fdb_tuple)
SELECT fdb_tuple_load(ARRAY[fdb_tuple_pack('users', 1)], 'fl_users');
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_load(ARRAY[fdb_tuple_pack('users', 'one', 'x', 1.5::float8)], 'fl_users');
\echo :LAST_ERROR_SQLSTATE
CREATE VIEW fl_v AS SELECT * FROM fl_users;
SELECT fdb_tuple_load(array_agg(k), 'fl_v') FROM fl_keys;
\echo :LAST_ERROR_SQLSTATE
DROP VIEW fl_v;
SELECT fdb_tuple_load(ARRAY['\x02757365727300'::bytea], 'fl_users');
\echo :LAST_ERROR_SQLSTATE
-- an ALTER TABLE between two loads is seen
ALTER TABLE fl_users DROP COLUMN score;
SELECT fdb_tuple_load(array_agg(k), 'fl_users') FROM fl_keys;
\echo :LAST_ERROR_SQLSTATE
ALTER TABLE fl_users ADD COLUMN score float8;
TRUNCATE fl_users;
SELECT fdb_tuple_load(array_agg(k), 'fl_users') FROM fl_keys WHERE fdb_tuple_get_int8(k, 1) <= 2;
SELECT * FROM fl_users ORDER BY id;

DROP TABLE fl_users, fl_shapes, fl_pk, fl_groups, fl_returned;
DROP TYPE fl_pt;
