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

\set VERBOSITY default
-- CockroachDB
-- 20000 timestamps (wall times spread, logical 0..6) in two tables sharing
-- half of their values; 20000 MVCC keys, 2000 user keys x 10 versions.
CREATE TABLE pl_hlc_a (id int, ts hlc_timestamp);
CREATE TABLE pl_hlc_b (id int, ts hlc_timestamp);
INSERT INTO pl_hlc_a SELECT i, hlc_timestamp(1600000000000000000 + i * 1000, i % 7) FROM generate_series(1, 20000) i;
INSERT INTO pl_hlc_b SELECT i, hlc_timestamp(1600000000000000000 + i * 2000, (2 * i) % 7) FROM generate_series(1, 20000) i;
CREATE INDEX pl_hlc_a_ts ON pl_hlc_a (ts);
CREATE INDEX pl_hlc_b_ts ON pl_hlc_b (ts);
CREATE TABLE pl_mvcc (id int, k crdb_mvcc_key, b bytea);
INSERT INTO pl_mvcc
SELECT i, crdb_mvcc_key_encode(int4send(i % 2000), hlc_timestamp(i, 0)), crdb_mvcc_key_encode(int4send(i % 2000), hlc_timestamp(i, 0))
FROM generate_series(1, 20000) i;
CREATE INDEX pl_mvcc_k ON pl_mvcc (k);
CREATE INDEX pl_mvcc_k_hash ON pl_mvcc USING hash (k);
ANALYZE pl_hlc_a, pl_hlc_b, pl_mvcc;

-- Merge join and hash join between hlc_timestamp columns (the = is MERGES and
-- HASHES); each method in turn, the other disabled.
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pl_hlc_a a JOIN pl_hlc_b b ON a.ts = b.ts;
SELECT count(*) FROM pl_hlc_a a JOIN pl_hlc_b b ON a.ts = b.ts;
RESET enable_hashjoin;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pl_hlc_a a JOIN pl_hlc_b b ON a.ts = b.ts;
SELECT count(*) FROM pl_hlc_a a JOIN pl_hlc_b b ON a.ts = b.ts;
RESET enable_mergejoin;
RESET enable_nestloop;

-- ORDER BY ... LIMIT through the btree, both directions; a range scan.
EXPLAIN (COSTS OFF) SELECT ts FROM pl_hlc_a ORDER BY ts LIMIT 3;
SELECT ts FROM pl_hlc_a ORDER BY ts LIMIT 3;
EXPLAIN (COSTS OFF) SELECT ts FROM pl_hlc_a ORDER BY ts DESC LIMIT 3;
SELECT ts FROM pl_hlc_a ORDER BY ts DESC LIMIT 3;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pl_hlc_a WHERE ts >= '1600000000000100000' AND ts < '1600000000000200000';
SELECT count(*) FROM pl_hlc_a WHERE ts >= '1600000000000100000' AND ts < '1600000000000200000';
-- min/max use the index too.
EXPLAIN (COSTS OFF) SELECT min(ts), max(ts) FROM pl_hlc_a;
SELECT min(ts), max(ts) FROM pl_hlc_a;

-- crdb_mvcc_key: ORDER BY ... LIMIT through the btree, in CockroachDB's
-- order (a user key's newest version first).
EXPLAIN (COSTS OFF) SELECT k FROM pl_mvcc ORDER BY k LIMIT 3;
SELECT k, crdb_mvcc_key_key(k) AS key, crdb_mvcc_key_timestamp(k) AS ts FROM pl_mvcc ORDER BY k LIMIT 3;
EXPLAIN (COSTS OFF) SELECT k FROM pl_mvcc ORDER BY k DESC LIMIT 3;
SELECT crdb_mvcc_key_key(k) AS key, crdb_mvcc_key_timestamp(k) AS ts FROM pl_mvcc ORDER BY k DESC LIMIT 3;
-- The versions of one user key: a range scan from the key's newest version
-- (the bare key sorts first) to the next user key, in index order.
EXPLAIN (COSTS OFF) SELECT k FROM pl_mvcc
WHERE k > crdb_mvcc_key_encode(int4send(7), '0') AND k < crdb_mvcc_key_encode(int4send(8), '0') ORDER BY k;
SELECT crdb_mvcc_key_timestamp(k) AS ts FROM pl_mvcc
WHERE k > crdb_mvcc_key_encode(int4send(7), '0') AND k < crdb_mvcc_key_encode(int4send(8), '0') ORDER BY k LIMIT 4;
-- k = crdb_mvcc_key_encode(...) is an index lookup; so is k = bytea.
EXPLAIN (COSTS OFF) SELECT id FROM pl_mvcc WHERE k = crdb_mvcc_key_encode(int4send(7), '2007');
SELECT id FROM pl_mvcc WHERE k = crdb_mvcc_key_encode(int4send(7), '2007');
EXPLAIN (COSTS OFF) SELECT id FROM pl_mvcc WHERE k = '\x000000070000000000000007d709'::bytea;
SELECT id FROM pl_mvcc WHERE k = '\x000000070000000000000007d709'::bytea;
-- A join of a crdb_mvcc_key column with a bytea column hashes (the
-- cross-type = is HASHES; it does not MERGE: bytea's own order is bytewise).
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pl_mvcc a JOIN pl_mvcc b ON a.k = b.b;
SELECT count(*) FROM pl_mvcc a JOIN pl_mvcc b ON a.k = b.b;
RESET enable_nestloop;
-- ... and a crdb_mvcc_key self-join merges or hashes.
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pl_mvcc a JOIN pl_mvcc b ON a.k = b.k;
RESET enable_hashjoin;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pl_mvcc a JOIN pl_mvcc b ON a.k = b.k;
SELECT count(*) FROM pl_mvcc a JOIN pl_mvcc b ON a.k = b.k;
RESET enable_mergejoin;
RESET enable_nestloop;

-- Hash partitioning by hlc_timestamp and by crdb_mvcc_key (the extended hash
-- support functions): equality prunes to one partition, at plan time for a
-- constant and at run time for a parameter.
CREATE TABLE pl_hlc_part (ts hlc_timestamp, v int) PARTITION BY HASH (ts);
CREATE TABLE pl_hlc_part_0 PARTITION OF pl_hlc_part FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE pl_hlc_part_1 PARTITION OF pl_hlc_part FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE pl_hlc_part_2 PARTITION OF pl_hlc_part FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE pl_hlc_part_3 PARTITION OF pl_hlc_part FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO pl_hlc_part SELECT ts, id FROM pl_hlc_a;
CREATE TABLE pl_mvcc_part (k crdb_mvcc_key, v int) PARTITION BY HASH (k);
CREATE TABLE pl_mvcc_part_0 PARTITION OF pl_mvcc_part FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE pl_mvcc_part_1 PARTITION OF pl_mvcc_part FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE pl_mvcc_part_2 PARTITION OF pl_mvcc_part FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE pl_mvcc_part_3 PARTITION OF pl_mvcc_part FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO pl_mvcc_part SELECT k, id FROM pl_mvcc;
ANALYZE pl_hlc_part, pl_mvcc_part;
-- every partition holds rows (the hash spreads them)
SELECT tableoid::regclass AS partition, count(*) > 2000 AS well_filled FROM pl_hlc_part GROUP BY 1 ORDER BY 1;
SELECT tableoid::regclass AS partition, count(*) > 2000 AS well_filled FROM pl_mvcc_part GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT v FROM pl_hlc_part WHERE ts = hlc_timestamp(1600000000000042000, 0);
SELECT tableoid::regclass AS partition, v FROM pl_hlc_part WHERE ts = hlc_timestamp(1600000000000042000, 0);
EXPLAIN (COSTS OFF) SELECT v FROM pl_mvcc_part WHERE k = crdb_mvcc_key_encode(int4send(7), '2007');
SELECT tableoid::regclass AS partition, v FROM pl_mvcc_part WHERE k = crdb_mvcc_key_encode(int4send(7), '2007');
-- a non-canonical form of the same key finds the same partition and row
SELECT tableoid::regclass AS partition, v FROM pl_mvcc_part
WHERE k = ('\x000000070000000000000007d700000000' || '\x0d'::bytea)::crdb_mvcc_key;
PREPARE pl_hlc_q(hlc_timestamp) AS SELECT v FROM pl_hlc_part WHERE ts = $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE pl_hlc_q(hlc_timestamp(1600000000000042000, 0));
PREPARE pl_mvcc_q(crdb_mvcc_key) AS SELECT v FROM pl_mvcc_part WHERE k = $1;
EXPLAIN (COSTS OFF) EXECUTE pl_mvcc_q(crdb_mvcc_key_encode(int4send(7), '2007'));
RESET plan_cache_mode;
DEALLOCATE pl_hlc_q;
DEALLOCATE pl_mvcc_q;
DROP TABLE pl_hlc_a, pl_hlc_b, pl_mvcc, pl_hlc_part, pl_mvcc_part;
RESET max_parallel_workers_per_gather;
