-- citus: wirecodec on a Citus coordinator with two workers (test/citus/run.sh
-- starts them; worker 1 is connected, worker 2 is added below).  Plans are
-- EXPLAIN (COSTS OFF) with worker ports masked; shard ids are fixed.
\set VERBOSITY default
\set SHOW_CONTEXT never
SET citus.shard_count = 4;
SET citus.next_shard_id = 1100000;
SET citus.explain_all_tasks = off;
SET citus.enable_binary_protocol = on;
-- EXPLAIN (COSTS OFF) of a query, with the workers' random ports and the
-- aggregates' OIDs masked
SET client_min_messages = error;  -- Citus: a temp function stays local
CREATE FUNCTION pg_temp.plan(q text, with_verbose bool DEFAULT false) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE l text;
BEGIN
	FOR l IN EXECUTE 'EXPLAIN (COSTS OFF' || CASE WHEN with_verbose THEN ', VERBOSE' ELSE '' END || ') ' || q LOOP
		RETURN NEXT regexp_replace(regexp_replace(l, 'port=[0-9]+', 'port=xxxxx', 'g'),
			'''[0-9]+''::oid', '''xxxxx''::oid', 'g');
	END LOOP;
END $$;
RESET client_min_messages;

-- ======================================================================
-- CREATE EXTENSION propagates, also to a worker added later
-- ======================================================================
CREATE EXTENSION wirecodec;
SELECT success, result FROM run_command_on_workers($$SELECT extversion FROM pg_extension WHERE extname = 'wirecodec'$$);
SELECT citus_add_node('localhost', current_setting('wirecodec_test.worker2_port')::int) > 0 AS worker2_added;
SELECT success, result FROM run_command_on_workers($$SELECT extversion FROM pg_extension WHERE extname = 'wirecodec'$$) ORDER BY 1, 2;
SELECT success, result FROM run_command_on_workers($$SELECT fdb_tuple_pack('x', 1)::text || ' ' || hlc_timestamp(5, 1)::text$$) ORDER BY 1, 2;
SELECT count(*) AS workers FROM pg_dist_node WHERE groupid > 0 AND isactive;

-- ======================================================================
-- Distribution columns: hlc_timestamp, fdb_tuple, crdb_mvcc_key
-- ======================================================================
CREATE TABLE kv (k fdb_tuple PRIMARY KEY, v text);
SELECT create_distributed_table('kv', 'k');
INSERT INTO kv SELECT fdb_tuple_pack((ARRAY['item', 'order', 'user'])[i % 3 + 1], i / 10, i % 10), 'v' || i
FROM generate_series(0, 9999) i;
CREATE TABLE events (ts hlc_timestamp, source fdb_tuple, n int);
SELECT create_distributed_table('events', 'ts');
INSERT INTO events SELECT hlc_timestamp(1700000000000000000 + i * 1000, i % 3), fdb_tuple_pack('src', i % 7), i
FROM generate_series(1, 5000) i;
CREATE TABLE versions (k crdb_mvcc_key PRIMARY KEY, v int);
SELECT create_distributed_table('versions', 'k');
INSERT INTO versions SELECT crdb_mvcc_key_encode(convert_to('key' || (i % 50), 'UTF8'), hlc_timestamp(1000 + i, i % 2))::crdb_mvcc_key, i
FROM generate_series(1, 2000) i;
-- a bare key (no timestamp) sorts before all of its versions
INSERT INTO versions VALUES (crdb_mvcc_key_encode('key0', hlc_timestamp(0, 0))::crdb_mvcc_key, 0);
ANALYZE kv; ANALYZE events; ANALYZE versions;
-- every table has shards on both workers
SELECT table_name, count(*) AS shards, count(DISTINCT nodeport) AS nodes
FROM citus_shards WHERE table_name::text IN ('kv', 'events', 'versions') GROUP BY 1 ORDER BY 1;

-- '=' on the distribution column prunes to one task
SELECT pg_temp.plan($$SELECT * FROM kv WHERE k = fdb_tuple_pack('user', 42, 5)$$);
SELECT * FROM kv WHERE k = fdb_tuple_pack('user', 42, 5);
SELECT pg_temp.plan($$SELECT * FROM kv WHERE k = '("user", 42, 5)'::fdb_tuple$$);
SELECT * FROM kv WHERE k = '("user", 42, 5)'::fdb_tuple;
SELECT pg_temp.plan($$SELECT * FROM events WHERE ts = hlc_timestamp(1700000000000042000, 0)$$);
SELECT ts, source, n FROM events WHERE ts = hlc_timestamp(1700000000000042000, 0);
SELECT pg_temp.plan($$SELECT * FROM versions WHERE k = crdb_mvcc_key_encode('key7', hlc_timestamp(1007, 1))::crdb_mvcc_key$$);
SELECT (crdb_mvcc_key_decode(k::bytea)).*, v FROM versions
WHERE k = crdb_mvcc_key_encode('key7', hlc_timestamp(1007, 1))::crdb_mvcc_key;

-- a co-located join of two tables distributed by fdb_tuple keys: one task
-- per shard pair, no repartition; with '=' on the key, one router task
CREATE TABLE kv_attrs (k fdb_tuple, attr text);
SELECT create_distributed_table('kv_attrs', 'k', colocate_with => 'kv');
INSERT INTO kv_attrs SELECT k, 'attr of ' || v FROM kv WHERE fdb_tuple_get_int8(k, 2) = 0;
ANALYZE kv_attrs;
SET citus.enable_repartition_joins = off;
SELECT pg_temp.plan($$SELECT count(*) FROM kv JOIN kv_attrs USING (k)$$);
SELECT count(*) FROM kv JOIN kv_attrs USING (k);
SELECT pg_temp.plan($$SELECT v, attr FROM kv JOIN kv_attrs USING (k) WHERE k = fdb_tuple_pack('order', 100, 0)$$);
SELECT v, attr FROM kv JOIN kv_attrs USING (k) WHERE k = fdb_tuple_pack('order', 100, 0);

-- ======================================================================
-- Range scans, FoundationDB order, CockroachDB order across shards
-- ======================================================================
-- fdb_tuple_range() bounds of a prefix: an index scan on every shard
SELECT pg_temp.plan($$SELECT k FROM kv, fdb_tuple_range(fdb_tuple_pack('user', 42)) r
	WHERE k >= r.range_begin AND k < r.range_end ORDER BY k$$);
SELECT k, v FROM kv, fdb_tuple_range(fdb_tuple_pack('user', 42)) r
WHERE k >= r.range_begin AND k < r.range_end ORDER BY k;
-- the first keys of a prefix: each shard's index gives its first n, the
-- coordinator merges them in key order
SELECT pg_temp.plan($$SELECT k FROM kv WHERE k >= (fdb_tuple_range(fdb_tuple_pack('order'))).range_begin
	AND k < (fdb_tuple_range(fdb_tuple_pack('order'))).range_end ORDER BY k LIMIT 5$$);
SELECT k FROM kv WHERE k >= (fdb_tuple_range(fdb_tuple_pack('order'))).range_begin
	AND k < (fdb_tuple_range(fdb_tuple_pack('order'))).range_end ORDER BY k LIMIT 5;
SELECT k FROM kv ORDER BY k DESC LIMIT 3;
-- FoundationDB key order across shards: null < bytes < string < negative
-- < zero < positive integers < double < false < true, a prefix first
CREATE TABLE ordered (k fdb_tuple PRIMARY KEY);
SELECT create_distributed_table('ordered', 'k');
INSERT INTO ordered VALUES (fdb_tuple_pack('a', 1)), (fdb_tuple_pack('a')), (fdb_tuple_pack('a', -1)),
	(fdb_tuple_pack('a', 0)), (fdb_tuple_pack('a', NULL::int)), (fdb_tuple_pack('a', 'b')),
	(fdb_tuple_pack('a', '\x00'::bytea)), (fdb_tuple_pack('a', -300)), (fdb_tuple_pack('a', 300)),
	(fdb_tuple_pack('a', 1, 'z')), (fdb_tuple_pack('b')), (fdb_tuple_pack(-1)), (fdb_tuple_pack(1.5::float8)),
	(fdb_tuple_pack(true)), (fdb_tuple_pack(false));
SELECT count(DISTINCT nodeport) AS nodes FROM citus_shards WHERE table_name = 'ordered'::regclass;
SELECT k, k::bytea AS bytes FROM ordered ORDER BY k;
-- equal to bytewise order, the definition of FoundationDB's key order
SELECT array_agg(k ORDER BY k) = array_agg(k ORDER BY k::bytea) AS fdb_order_is_byte_order FROM ordered;
-- crdb_mvcc_key across shards: user key ascending, then newest version first
SELECT (crdb_mvcc_key_decode(k::bytea)).*, v FROM versions
WHERE crdb_mvcc_key_decode(k::bytea) IS NOT NULL ORDER BY k LIMIT 6;
CREATE TEMP TABLE versions_local AS SELECT * FROM versions;
SELECT (SELECT array_agg(v ORDER BY k) FROM versions) = (SELECT array_agg(v ORDER BY k) FROM versions_local)
	AS same_order_as_single_node;
SELECT count(*) AS out_of_cockroach_order FROM (
	SELECT crdb_mvcc_key_compare(lag(k::bytea) OVER (ORDER BY k), k::bytea) AS c FROM versions) s WHERE c > 0;

-- ======================================================================
-- Aggregates pushed down to the workers
-- ======================================================================
SELECT pg_temp.plan($$SELECT min(ts), max(ts) FROM events$$, true);
SELECT min(ts), max(ts) FROM events;
SELECT pg_temp.plan($$SELECT count(DISTINCT k) FROM kv$$);
SELECT count(DISTINCT k) FROM kv;
SELECT pg_temp.plan($$SELECT count(DISTINCT source) FROM events$$);
SELECT count(DISTINCT source) FROM events;
SELECT pg_temp.plan($$SELECT fdb_tuple_get_text(k, 0) AS kind, count(*) FROM kv GROUP BY 1 ORDER BY 1$$);
SELECT fdb_tuple_get_text(k, 0) AS kind, count(*) FROM kv GROUP BY 1 ORDER BY 1;
SELECT source, min(ts), max(ts), count(*) FROM events GROUP BY source ORDER BY source;

-- ======================================================================
-- ETL on the workers: decode a distributed staging table into a typed one
-- ======================================================================
CREATE TABLE staging (id bigint, raw_key bytea, raw_mvcc bytea, raw_row bytea);
SELECT create_distributed_table('staging', 'id');
CREATE TABLE typed (id bigint, kind text, seq bigint, user_key bytea, ts hlc_timestamp,
	name text, city text);
SELECT create_distributed_table('typed', 'id', colocate_with => 'staging');
CREATE TEMP TABLE staging_local (LIKE staging);
CREATE TEMP TABLE typed_local (LIKE typed);
INSERT INTO staging_local SELECT i,
	fdb_tuple_pack((ARRAY['item', 'order', 'user'])[i % 3 + 1], i),
	crdb_mvcc_key_encode(convert_to('/table/52/' || i, 'UTF8'), hlc_timestamp(1700000000000000000 + i, i % 4))::bytea,
	mysql_lenenc_str(convert_to('name' || i, 'UTF8')) ||
		CASE WHEN i % 5 = 0 THEN '\xfb'::bytea ELSE mysql_lenenc_str(convert_to('city' || (i % 17), 'UTF8')) END
FROM generate_series(1, 3000) i;
INSERT INTO staging SELECT * FROM staging_local;
SELECT pg_temp.plan($$INSERT INTO typed
	SELECT id, fdb_tuple_get_text(raw_key::fdb_tuple, 0), fdb_tuple_get_int8(raw_key::fdb_tuple, 1),
		(crdb_mvcc_key_decode(raw_mvcc)).key, (crdb_mvcc_key_decode(raw_mvcc)).ts,
		convert_from((mysql_text_row_decode(raw_row, 2))[1], 'UTF8'),
		convert_from((mysql_text_row_decode(raw_row, 2))[2], 'UTF8')
	FROM staging$$, true);
INSERT INTO typed
	SELECT id, fdb_tuple_get_text(raw_key::fdb_tuple, 0), fdb_tuple_get_int8(raw_key::fdb_tuple, 1),
		(crdb_mvcc_key_decode(raw_mvcc)).key, (crdb_mvcc_key_decode(raw_mvcc)).ts,
		convert_from((mysql_text_row_decode(raw_row, 2))[1], 'UTF8'),
		convert_from((mysql_text_row_decode(raw_row, 2))[2], 'UTF8')
	FROM staging;
INSERT INTO typed_local
	SELECT id, fdb_tuple_get_text(raw_key::fdb_tuple, 0), fdb_tuple_get_int8(raw_key::fdb_tuple, 1),
		(crdb_mvcc_key_decode(raw_mvcc)).key, (crdb_mvcc_key_decode(raw_mvcc)).ts,
		convert_from((mysql_text_row_decode(raw_row, 2))[1], 'UTF8'),
		convert_from((mysql_text_row_decode(raw_row, 2))[2], 'UTF8')
	FROM staging_local;
SELECT (SELECT count(*) FROM typed) AS distributed_rows, (SELECT count(*) FROM typed_local) AS local_rows;
SELECT count(*) AS only_distributed FROM (SELECT * FROM typed EXCEPT SELECT * FROM typed_local) d;
SELECT count(*) AS only_local FROM (SELECT * FROM typed_local EXCEPT SELECT * FROM typed) d;
SELECT * FROM typed WHERE id IN (1, 5, 3000) ORDER BY id;

-- ======================================================================
-- A reference table of fdb_tuple keys joined with a distributed one
-- ======================================================================
CREATE TABLE hot (k fdb_tuple PRIMARY KEY, why text);
SELECT create_reference_table('hot');
INSERT INTO hot VALUES (fdb_tuple_pack('user', 7, 1), 'vip'), (fdb_tuple_pack('item', 500, 0), 'best seller'),
	(fdb_tuple_pack('order', 999, 9), 'last'), (fdb_tuple_pack('user', -1, 0), 'no such key');
SELECT success, result FROM run_command_on_workers($$SELECT count(*) FROM hot$$) ORDER BY 1, 2;
SELECT pg_temp.plan($$SELECT k, v, why FROM kv JOIN hot USING (k) ORDER BY k$$);
SELECT k, v, why FROM kv JOIN hot USING (k) ORDER BY k;

-- ======================================================================
-- Bad input on a worker: the single node's error and SQLSTATE, and the
-- cluster keeps answering
-- ======================================================================
INSERT INTO staging VALUES (9001, '\x0261', '\x6b', '\xfc01');
INSERT INTO staging_local VALUES (9001, '\x0261', '\x6b', '\xfc01');
-- a truncated string in a packed key, cast to fdb_tuple on the worker
SELECT fdb_tuple_get_text(raw_key::fdb_tuple, 0) FROM staging WHERE id = 9001;
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_get_text(raw_key::fdb_tuple, 0) FROM staging_local WHERE id = 9001;
\echo :LAST_ERROR_SQLSTATE
-- the same, in a multi-shard ETL step that casts to the fdb_tuple type
CREATE TABLE keys_out (k fdb_tuple);
SELECT create_distributed_table('keys_out', 'k');
INSERT INTO keys_out SELECT raw_key::fdb_tuple FROM staging;
\echo :LAST_ERROR_SQLSTATE
CREATE TEMP TABLE keys_out_local (k fdb_tuple);
INSERT INTO keys_out_local SELECT raw_key::fdb_tuple FROM staging_local;
\echo :LAST_ERROR_SQLSTATE
-- a truncated MVCC key
SELECT crdb_mvcc_key_decode(raw_mvcc) FROM staging WHERE id = 9001;
\echo :LAST_ERROR_SQLSTATE
SELECT crdb_mvcc_key_decode(raw_mvcc) FROM staging_local WHERE id = 9001;
\echo :LAST_ERROR_SQLSTATE
-- a MySQL row whose length-encoded string runs past the payload
SELECT mysql_text_row_decode(raw_row) FROM staging WHERE id = 9001;
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_text_row_decode(raw_row) FROM staging_local WHERE id = 9001;
\echo :LAST_ERROR_SQLSTATE
-- nothing was written, and every node still answers
SELECT count(*) AS keys_out_rows FROM keys_out;
SELECT count(*) FROM kv;
SELECT success, result FROM run_command_on_workers($$SELECT 1$$) ORDER BY 1, 2;
