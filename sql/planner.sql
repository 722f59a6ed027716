-- planner: the operator classes are used.  EXPLAIN (COSTS OFF) over analysed
-- tables big enough that an index beats a scan; a plan that regresses fails.
\set VERBOSITY sqlstate
SET max_parallel_workers_per_gather = 0;
SET jit = off;

-- FoundationDB
CREATE TABLE fdb_kv (k fdb_tuple NOT NULL, v int4);
INSERT INTO fdb_kv
SELECT fdb_tuple_pack(CASE i % 4 WHEN 0 THEN 'users' WHEN 1 THEN 'orders' WHEN 2 THEN 'items' ELSE 'logs' END, i), i
FROM generate_series(1, 20000) i;
CREATE INDEX fdb_kv_hash ON fdb_kv USING hash (k);
CREATE INDEX fdb_kv_btree ON fdb_kv (k);
CREATE TABLE fdb_raw (key bytea NOT NULL, n int4);
INSERT INTO fdb_raw SELECT k::bytea, v FROM fdb_kv WHERE v % 5 = 0;
ANALYZE fdb_kv, fdb_raw;

-- equality through the hash index: fdb_tuple_pack() returns fdb_tuple
SET enable_bitmapscan = off;
SET enable_indexscan = on;
DROP INDEX fdb_kv_btree;
EXPLAIN (COSTS OFF) SELECT v FROM fdb_kv WHERE k = fdb_tuple_pack('users', 42);
SELECT v FROM fdb_kv WHERE k = fdb_tuple_pack('users', 44);
-- and with a bytea value (the cross-type = is in the hash family)
EXPLAIN (COSTS OFF) SELECT v FROM fdb_kv WHERE k = '\x02757365727300152c'::bytea;
SELECT v FROM fdb_kv WHERE k = '\x02757365727300152c'::bytea;
CREATE INDEX fdb_kv_btree ON fdb_kv (k);
DROP INDEX fdb_kv_hash;
-- B-tree deduplication is on (btequalimage)
SELECT bt_equalimage_ok
FROM (SELECT amproc = 'btequalimage'::regproc AS bt_equalimage_ok
	  FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
	  WHERE f.opfname = 'fdb_tuple_ops' AND p.amprocnum = 4) x;

-- range scans with fdb_tuple_range() bounds and prefix ranges, index-only
VACUUM fdb_kv;
EXPLAIN (COSTS OFF)
SELECT k FROM fdb_kv, fdb_tuple_range(fdb_tuple_pack('users')) r
WHERE k >= r.range_begin AND k < r.range_end;
EXPLAIN (COSTS OFF)
SELECT k FROM fdb_kv WHERE k >= fdb_tuple_pack('users') AND k < fdb_strinc(fdb_tuple_pack('users'));
SELECT count(*) FROM fdb_kv, fdb_tuple_range(fdb_tuple_pack('users')) r
WHERE k >= r.range_begin AND k < r.range_end;
SELECT count(*) FROM fdb_kv WHERE k >= fdb_tuple_pack('users') AND k < fdb_strinc(fdb_tuple_pack('users'));

-- ORDER BY ... LIMIT served by the index
EXPLAIN (COSTS OFF) SELECT k FROM fdb_kv ORDER BY k LIMIT 3;
SELECT k FROM fdb_kv ORDER BY k LIMIT 3;
EXPLAIN (COSTS OFF) SELECT k FROM fdb_kv ORDER BY k DESC LIMIT 3;

-- merge and hash joins between fdb_tuple and bytea keys
SET enable_nestloop = off;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM fdb_kv JOIN fdb_raw ON k = key;
SELECT count(*) FROM fdb_kv JOIN fdb_raw ON k = key;
SET enable_mergejoin = on;
SET enable_hashjoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM fdb_kv JOIN fdb_raw ON k = key;
SELECT count(*) FROM fdb_kv JOIN fdb_raw ON k = key;
EXPLAIN (COSTS OFF) SELECT count(*) FROM fdb_raw JOIN fdb_kv ON key = k;
RESET enable_hashjoin;
RESET enable_nestloop;

-- fdb_versionstamp: ORDER BY ... LIMIT and min/max through a B-tree
CREATE TABLE fdb_log (vs fdb_versionstamp NOT NULL, n int4);
INSERT INTO fdb_log
SELECT fdb_versionstamp(decode(lpad(to_hex(i), 20, '0'), 'hex'), i % 7), i FROM generate_series(1, 20000) i;
CREATE INDEX fdb_log_vs ON fdb_log (vs);
ANALYZE fdb_log;
VACUUM fdb_log;
EXPLAIN (COSTS OFF) SELECT vs FROM fdb_log ORDER BY vs DESC LIMIT 2;
SELECT vs FROM fdb_log ORDER BY vs DESC LIMIT 2;
EXPLAIN (COSTS OFF) SELECT max(vs) FROM fdb_log;
SELECT min(vs), max(vs) FROM fdb_log;
EXPLAIN (COSTS OFF) SELECT n FROM fdb_log WHERE vs = '00000000000000000064:2';

-- partition pruning of a table hash-partitioned by fdb_tuple
CREATE TABLE fdb_part (k fdb_tuple NOT NULL, v int4) PARTITION BY HASH (k);
CREATE TABLE fdb_part_0 PARTITION OF fdb_part FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE fdb_part_1 PARTITION OF fdb_part FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE fdb_part_2 PARTITION OF fdb_part FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE fdb_part_3 PARTITION OF fdb_part FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO fdb_part SELECT k, v FROM fdb_kv;
ANALYZE fdb_part;
EXPLAIN (COSTS OFF) SELECT v FROM fdb_part WHERE k = fdb_tuple_pack('users', 42);
SELECT v FROM fdb_part WHERE k = fdb_tuple_pack('users', 44);
SELECT tableoid::regclass, count(*) FROM fdb_part GROUP BY 1 ORDER BY 1;

DROP TABLE fdb_kv, fdb_raw, fdb_log, fdb_part;
RESET enable_bitmapscan;
RESET enable_indexscan;
RESET enable_mergejoin;
