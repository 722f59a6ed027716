-- wirecodec on a Citus cluster: a coordinator and two workers on one machine
-- (test/citus/run.sh).  Results and EXPLAIN (COSTS OFF) plans show what is
-- distributed, what is pruned and what is pushed down to the workers.
SET citus.shard_count = 4;
SET citus.shard_replication_factor = 1;
SET citus.explain_all_tasks = off;
SET client_min_messages = warning;

-- EXPLAIN with the parts that differ from run to run (the workers' ports,
-- shard ids) replaced, so plans can be compared line by line.
-- With verbose_plan, EXPLAIN (COSTS OFF, VERBOSE): the task's query and the
-- expressions each worker computes.
CREATE FUNCTION plan(q text, verbose_plan bool DEFAULT false) RETURNS SETOF text LANGUAGE plpgsql AS $fn$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF' || CASE WHEN verbose_plan THEN ', VERBOSE' ELSE '' END || ') ' || q LOOP
		RETURN NEXT regexp_replace(regexp_replace(line, 'port=[0-9]+', 'port=N'),
								   '_[0-9]{6}\M', '_S', 'g');
	END LOOP;
END $fn$;

-- ============================================================ the extension
-- CREATE EXTENSION on the coordinator propagates to the workers.
CREATE EXTENSION wirecodec;
SELECT success, result FROM run_command_on_workers(
	$$SELECT CASE WHEN extversion = default_version THEN 'cur' END
	  FROM pg_extension, pg_available_extensions WHERE extname = 'wirecodec' AND name = extname$$);

-- A worker added later gets it too (and every wirecodec type with it).
\getenv worker2_port WC_CITUS_WORKER2_PORT
SELECT count(*) AS added FROM (SELECT citus_add_node('localhost', :worker2_port)) s;
SELECT count(*) AS workers FROM citus_get_active_worker_nodes();
SELECT success, result FROM run_command_on_workers(
	$$SELECT CASE WHEN extversion = default_version THEN 'cur' END || ' ' || 'users'::text
	  FROM pg_extension, pg_available_extensions WHERE extname = 'wirecodec' AND name = extname$$);
SELECT success, result FROM run_command_on_workers(
	$$SELECT fdb_tuple_pack('users', 42)::fdb_tuple::text$$);

-- ============================================================ distribution columns
-- FoundationDB keys.
CREATE TABLE kv (k fdb_tuple PRIMARY KEY, v text);
SELECT create_distributed_table('kv', 'k');
INSERT INTO kv SELECT fdb_tuple_pack('users', i, 'name'), 'user ' || i
FROM generate_series(1, 20000) i;
INSERT INTO kv SELECT fdb_tuple_pack('orders', i), 'order ' || i
FROM generate_series(1, 5000) i;
ANALYZE kv;

-- CockroachDB HLC timestamps.
CREATE TABLE events (ts hlc_timestamp, payload text);
SELECT create_distributed_table('events', 'ts');
INSERT INTO events SELECT hlc_timestamp(1700000000000000000 + i * 1000, i % 3), 'e' || i
FROM generate_series(1, 10000) i;
CREATE INDEX ON events (ts);
ANALYZE events;

-- CockroachDB MVCC keys.
CREATE TABLE mvcc (k crdb_mvcc_key, v int);
SELECT create_distributed_table('mvcc', 'k');
INSERT INTO mvcc SELECT crdb_mvcc_key_encode(convert_to('key' || (i % 100), 'UTF8'),
										   hlc_timestamp(1000 + i, 0))::crdb_mvcc_key, i
FROM generate_series(1, 5000) i;
-- the bare key (no timestamp) sorts before all of its versions
INSERT INTO mvcc SELECT crdb_mvcc_key_encode(convert_to('key' || i, 'UTF8'), '0'::hlc_timestamp)::crdb_mvcc_key, -i
FROM generate_series(0, 99) i;
CREATE INDEX ON mvcc (k);
ANALYZE mvcc;

SELECT logicalrelid, partmethod, column_to_column_name(logicalrelid, partkey) AS column
FROM pg_dist_partition WHERE logicalrelid::text IN ('kv', 'events', 'mvcc') ORDER BY logicalrelid::text;

-- ============================================================ shard pruning on =
-- One task: the router planner hashes the constant with the type's extended
-- hash function, the same one the shards were split by.
SELECT plan($$SELECT v FROM kv WHERE k = fdb_tuple_pack('users', 42, 'name')::fdb_tuple$$);
SELECT v FROM kv WHERE k = fdb_tuple_pack('users', 42, 'name')::fdb_tuple;
-- = with the packed bytes as they come (fdb_tuple = bytea)
SELECT plan($$SELECT v FROM kv WHERE k = fdb_tuple_pack('users', 42, 'name')$$);
SELECT v FROM kv WHERE k = fdb_tuple_pack('users', 42, 'name');
SELECT plan($$SELECT payload FROM events WHERE ts = hlc_timestamp(1700000000000042000, 0)$$);
SELECT payload FROM events WHERE ts = hlc_timestamp(1700000000000042000, 0);
SELECT plan($$SELECT v FROM mvcc
WHERE k = crdb_mvcc_key_encode('\x6b65793432', hlc_timestamp(1042, 0))::crdb_mvcc_key$$);
SELECT v FROM mvcc WHERE k = crdb_mvcc_key_encode('\x6b65793432', hlc_timestamp(1042, 0))::crdb_mvcc_key;

-- ============================================================ co-located joins
CREATE TABLE profile (k fdb_tuple PRIMARY KEY, email text);
SELECT create_distributed_table('profile', 'k', colocate_with => 'kv');
INSERT INTO profile SELECT fdb_tuple_pack('users', i, 'name'), 'u' || i || '@example.com'
FROM generate_series(1, 20000, 7) i;
ANALYZE profile;
SELECT plan($$SELECT count(*) FROM kv JOIN profile USING (k)$$);
SELECT count(*) FROM kv JOIN profile USING (k);
SELECT plan($$SELECT kv.v, p.email FROM kv JOIN profile p USING (k)
WHERE k = fdb_tuple_pack('users', 15, 'name')::fdb_tuple$$);
SELECT kv.v, p.email FROM kv JOIN profile p USING (k)
WHERE k = fdb_tuple_pack('users', 15, 'name')::fdb_tuple;

-- ============================================================ range scans
-- A prefix range with fdb_tuple_range() bounds: every shard scans its index.
SET citus.explain_all_tasks = on;
SELECT plan($$SELECT count(*) FROM kv, fdb_tuple_range(fdb_tuple_pack('orders')) r
WHERE k >= r.range_begin AND k < r.range_end$$);
SET citus.explain_all_tasks = off;
SELECT count(*) FROM kv, fdb_tuple_range(fdb_tuple_pack('orders')) r
WHERE k >= r.range_begin AND k < r.range_end;
SELECT count(*) FROM kv
WHERE k >= fdb_tuple_pack('users', 100) AND k < fdb_tuple_pack('users', 200);

-- ORDER BY k LIMIT n: each shard sorts by its index, the coordinator merges
-- in FoundationDB key order (integers by value, not by text).
SELECT plan($$SELECT k FROM kv ORDER BY k LIMIT 5$$);
SELECT k FROM kv ORDER BY k LIMIT 5;
SELECT k FROM kv WHERE k >= fdb_tuple_pack('users', 8) ORDER BY k LIMIT 4;
SELECT k FROM kv ORDER BY k DESC LIMIT 3;

-- crdb_mvcc_key across shards in CockroachDB's storage order: a bare key
-- first, then its versions newest first.
SELECT (crdb_mvcc_key_decode(k::bytea)).*, v FROM mvcc
WHERE k >= crdb_mvcc_key_encode('\x6b65793130', '0'::hlc_timestamp)::crdb_mvcc_key
ORDER BY k LIMIT 6;
SELECT count(*) AS out_of_order FROM (
	SELECT k, lag(k) OVER (ORDER BY k) AS prev FROM mvcc) s
WHERE crdb_mvcc_key_compare(prev::bytea, k::bytea) > 0;

-- ============================================================ aggregates
-- min/max(hlc_timestamp) run on the workers and are combined on the
-- coordinator with their combine functions.
SELECT plan($$SELECT min(ts), max(ts) FROM events$$);
SELECT min(ts), max(ts) FROM events;
SELECT hlc_logical(ts) AS logical, min(ts), max(ts), count(*) FROM events GROUP BY 1 ORDER BY 1;
SELECT plan($$SELECT count(DISTINCT k) FROM kv$$);
SELECT count(DISTINCT k) FROM kv;
SELECT plan($$SELECT count(DISTINCT v) FROM kv$$);
SELECT plan($$SELECT fdb_tuple_get_text(k, 0) AS space, count(*) FROM kv GROUP BY 1$$);
SELECT fdb_tuple_get_text(k, 0) AS space, count(*) FROM kv GROUP BY 1 ORDER BY 1;

-- ============================================================ ETL pushed down
-- A staging table of raw captured bytes and a typed table, co-located by id:
-- INSERT ... SELECT decodes on the workers (the VERBOSE plan shows the
-- decoders in the task's query and in its scan's output).
CREATE TABLE staging (id bigint, fdb_key bytea, mvcc_key bytea, mysql_row bytea);
CREATE TABLE typed (id bigint, space text, user_id bigint, attr text,
					mvcc_user_key bytea, mvcc_ts hlc_timestamp, name text, n text);
SELECT create_distributed_table('staging', 'id');
SELECT create_distributed_table('typed', 'id', colocate_with => 'staging');
INSERT INTO staging
SELECT i, fdb_tuple_pack('users', i, 'attr' || (i % 10)),
	   crdb_mvcc_key_encode(convert_to('user/' || i, 'UTF8'), hlc_timestamp(1700000000000000000 + i, i % 4)),
	   mysql_lenenc_str(convert_to('name' || i, 'UTF8')) || mysql_lenenc_str(convert_to(i::text, 'UTF8'))
FROM generate_series(1, 10000) i;

SELECT plan($$INSERT INTO typed
SELECT id, fdb_tuple_get_text(fdb_key, 0), fdb_tuple_get_int8(fdb_key, 1), fdb_tuple_get_text(fdb_key, 2),
	   (crdb_mvcc_key_decode(mvcc_key)).key, (crdb_mvcc_key_decode(mvcc_key)).ts,
	   convert_from((mysql_text_row_decode(mysql_row))[1], 'UTF8'),
	   convert_from((mysql_text_row_decode(mysql_row))[2], 'UTF8')
FROM staging$$, verbose_plan => true);
INSERT INTO typed
SELECT id, fdb_tuple_get_text(fdb_key, 0), fdb_tuple_get_int8(fdb_key, 1), fdb_tuple_get_text(fdb_key, 2),
	   (crdb_mvcc_key_decode(mvcc_key)).key, (crdb_mvcc_key_decode(mvcc_key)).ts,
	   convert_from((mysql_text_row_decode(mysql_row))[1], 'UTF8'),
	   convert_from((mysql_text_row_decode(mysql_row))[2], 'UTF8')
FROM staging;
SELECT count(*) FROM typed;

-- The same decode on a single-node (local, not distributed) copy: equal.
CREATE TABLE staging_local AS SELECT * FROM staging;
CREATE TABLE typed_local AS
SELECT id, fdb_tuple_get_text(fdb_key, 0) AS space, fdb_tuple_get_int8(fdb_key, 1) AS user_id,
	   fdb_tuple_get_text(fdb_key, 2) AS attr,
	   (crdb_mvcc_key_decode(mvcc_key)).key AS mvcc_user_key, (crdb_mvcc_key_decode(mvcc_key)).ts AS mvcc_ts,
	   convert_from((mysql_text_row_decode(mysql_row))[1], 'UTF8') AS name,
	   convert_from((mysql_text_row_decode(mysql_row))[2], 'UTF8') AS n
FROM staging_local;
SELECT (SELECT count(*) FROM (SELECT * FROM typed EXCEPT SELECT * FROM typed_local) a) AS only_distributed,
	   (SELECT count(*) FROM (SELECT * FROM typed_local EXCEPT SELECT * FROM typed) b) AS only_local;
SELECT * FROM typed WHERE id = 7;

-- ============================================================ reference tables
CREATE TABLE spaces (prefix fdb_tuple PRIMARY KEY, owner text);
SELECT create_reference_table('spaces');
INSERT INTO spaces VALUES (fdb_tuple_pack('users'), 'accounts team'), (fdb_tuple_pack('orders'), 'billing team');
SELECT plan($$SELECT s.owner, count(*) FROM kv
JOIN spaces s ON fdb_tuple_pack(fdb_tuple_get_text(kv.k, 0))::fdb_tuple = s.prefix GROUP BY 1$$);
SELECT s.owner, count(*) FROM kv
JOIN spaces s ON fdb_tuple_pack(fdb_tuple_get_text(kv.k, 0))::fdb_tuple = s.prefix GROUP BY 1 ORDER BY 1;

-- ============================================================ bad input on a worker
-- A malformed key in a distributed table: the worker's error reaches the
-- client as the same clean error with the same SQLSTATE as the same query on
-- one node (staging_local holds the same bad row).
INSERT INTO staging VALUES (10001, '\x0275736572730015', '\x6109', '\xfc01');
INSERT INTO staging_local VALUES (10001, '\x0275736572730015', '\x6109', '\xfc01');
\set VERBOSITY terse
SELECT fdb_tuple_get_int8(fdb_key, 1) FROM staging WHERE id = 10001;
SELECT fdb_tuple_get_int8(fdb_key, 1) FROM staging_local WHERE id = 10001;
SELECT count(*) FROM staging WHERE fdb_tuple_get_int8(fdb_key, 1) > 0;
SELECT count(*) FROM staging_local WHERE fdb_tuple_get_int8(fdb_key, 1) > 0;
SELECT crdb_mvcc_key_decode(mvcc_key) FROM staging WHERE id = 10001;
SELECT crdb_mvcc_key_decode(mvcc_key) FROM staging_local WHERE id = 10001;
SELECT mysql_text_row_decode(mysql_row) FROM staging WHERE id = 10001;
SELECT mysql_text_row_decode(mysql_row) FROM staging_local WHERE id = 10001;
INSERT INTO kv VALUES ('\x0275736572730015'::bytea, 'bad');
\set VERBOSITY sqlstate
SELECT fdb_tuple_get_int8(fdb_key, 1) FROM staging WHERE id = 10001;
SELECT fdb_tuple_get_int8(fdb_key, 1) FROM staging_local WHERE id = 10001;
SELECT crdb_mvcc_key_decode(mvcc_key) FROM staging WHERE id = 10001;
SELECT mysql_text_row_decode(mysql_row) FROM staging WHERE id = 10001;
INSERT INTO kv VALUES ('\x0275736572730015'::bytea, 'bad');
\set VERBOSITY default
-- the cluster keeps answering
SELECT count(*) FROM staging;
SELECT count(*) FROM kv;

-- ============================================================ binary transfer
-- Workers send results to the coordinator in binary (send/recv of every type).
SHOW citus.enable_binary_protocol;
SELECT k, k::bytea AS bytes FROM kv WHERE k = fdb_tuple_pack('users', 1, 'name')::fdb_tuple;
SELECT ts FROM events ORDER BY ts DESC LIMIT 2;
SELECT k FROM mvcc ORDER BY k LIMIT 2;

DROP TABLE kv, profile, events, mvcc, staging, typed, spaces, staging_local, typed_local;
DROP FUNCTION plan(text, bool);
