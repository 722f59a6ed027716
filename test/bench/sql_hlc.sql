-- sql_hlc.sql: SQL-level costs of the CockroachDB codec (hlc_timestamp and
-- MVCC keys), each against a baseline timed in the same run.
SET work_mem = '1GB';

-- 1M rows in a scrambled order: bigint, its hlc_timestamp, texts, a key.
CREATE TABLE bench_hlc AS
SELECT i, ts, ts::text AS ts_text, i::text AS i_text, ts::numeric AS ts_num,
	   '\x666f6f'::bytea AS k, crdb_mvcc_key_encode('\x666f6f', ts)::bytea AS enc
FROM (SELECT i, hlc_timestamp(1700000000000000000 + ((i * 7919) % 1000003) * 1000, (i % 3)::int) AS ts
	  FROM generate_series(1::bigint, 1000000) i) s;
VACUUM ANALYZE bench_hlc;

SELECT bench_expr('hlc', 'int8send(i) [bench_hlc]', 'int8send(i)', NULL, 'bench_hlc');
SELECT bench_expr('hlc', 'crdb_mvcc_key_encode(k, ts)', 'crdb_mvcc_key_encode(k, ts)', 'int8send(i) [bench_hlc]', 'bench_hlc');
SELECT bench_expr('hlc', 'crdb_mvcc_key_decode(enc)', 'crdb_mvcc_key_decode(enc)', 'int8send(i) [bench_hlc]', 'bench_hlc');
SELECT bench_expr('hlc', 'hlc_timestamp_send(ts)', 'hlc_timestamp_send(ts)', 'int8send(i) [bench_hlc]', 'bench_hlc');

-- Text input and output against bigint's and numeric's.
SELECT bench_expr('hlc', 'i_text::bigint', 'i_text::bigint', NULL, 'bench_hlc');
SELECT bench_expr('hlc', 'ts_text::hlc_timestamp', 'ts_text::hlc_timestamp', 'i_text::bigint', 'bench_hlc');
SELECT bench_expr('hlc', 'ts_text::numeric', 'ts_text::numeric', 'i_text::bigint', 'bench_hlc');
SELECT bench_expr('hlc', 'i::text', 'i::text', NULL, 'bench_hlc');
SELECT bench_expr('hlc', 'ts::text', 'ts::text', 'i::text', 'bench_hlc');
SELECT bench_expr('hlc', 'ts_num::text', 'ts_num::text', 'i::text', 'bench_hlc');

-- Sorting 1M values in memory, in a scrambled order: hlc_timestamp (sort
-- support, abbreviated keys) against bigint (the same wall times) and
-- numeric.  A one-column table is a Datum sort (bigint: by value, no copy;
-- hlc_timestamp, 16 bytes, is copied); with a second column both are tuple
-- sorts.  MVCC keys: crdb_mvcc_key's engine order against bytea's, for
-- versions of one user key (abbreviated keys abandoned) and for 1M user
-- keys (abbreviated keys decide most comparisons).
CREATE TABLE bench_sort_bigint AS SELECT hlc_walltime(ts) AS x FROM bench_hlc;
CREATE TABLE bench_sort_hlc AS SELECT ts AS x FROM bench_hlc;
CREATE TABLE bench_sort_numeric AS SELECT ts_num AS x FROM bench_hlc;
CREATE TABLE bench_sort2_bigint AS SELECT i AS id, hlc_walltime(ts) AS x FROM bench_hlc;
CREATE TABLE bench_sort2_hlc AS SELECT i AS id, ts AS x FROM bench_hlc;
CREATE TABLE bench_sort_mvcc AS SELECT enc::crdb_mvcc_key AS x FROM bench_hlc;
CREATE TABLE bench_sort_bytea AS SELECT enc AS x FROM bench_hlc;
CREATE TABLE bench_sort_bytea2 AS
SELECT crdb_mvcc_key_encode('\xf28912'::bytea || int4send(((i * 7919) % 1000003)::int), ts)::bytea AS x FROM bench_hlc;
CREATE TABLE bench_sort_mvcc2 AS SELECT x::crdb_mvcc_key AS x FROM bench_sort_bytea2;
VACUUM ANALYZE bench_sort_bigint, bench_sort_hlc, bench_sort_numeric, bench_sort2_bigint,
	bench_sort2_hlc, bench_sort_mvcc, bench_sort_bytea, bench_sort_mvcc2, bench_sort_bytea2;
SELECT bench_query('hlc', 'ORDER BY bigint (1M, 1 column)', 'SELECT * FROM bench_sort_bigint ORDER BY x OFFSET 1000000');
SELECT bench_query('hlc', 'ORDER BY hlc_timestamp (1M, 1 column)', 'SELECT * FROM bench_sort_hlc ORDER BY x OFFSET 1000000', 'ORDER BY bigint (1M, 1 column)');
SELECT bench_query('hlc', 'ORDER BY numeric (1M, 1 column)', 'SELECT * FROM bench_sort_numeric ORDER BY x OFFSET 1000000', 'ORDER BY bigint (1M, 1 column)');
SELECT bench_query('hlc', 'ORDER BY bigint (1M, 2 columns)', 'SELECT * FROM bench_sort2_bigint ORDER BY x OFFSET 1000000');
SELECT bench_query('hlc', 'ORDER BY hlc_timestamp (1M, 2 columns)', 'SELECT * FROM bench_sort2_hlc ORDER BY x OFFSET 1000000', 'ORDER BY bigint (1M, 2 columns)');
SELECT bench_query('hlc', 'ORDER BY bytea, MVCC keys of one user key (1M)', 'SELECT * FROM bench_sort_bytea ORDER BY x OFFSET 1000000');
SELECT bench_query('hlc', 'ORDER BY crdb_mvcc_key, one user key (1M)', 'SELECT * FROM bench_sort_mvcc ORDER BY x OFFSET 1000000', 'ORDER BY bytea, MVCC keys of one user key (1M)');
SELECT bench_query('hlc', 'ORDER BY bytea, MVCC keys, 1M user keys (1M)', 'SELECT * FROM bench_sort_bytea2 ORDER BY x OFFSET 1000000');
SELECT bench_query('hlc', 'ORDER BY crdb_mvcc_key, 1M user keys (1M)', 'SELECT * FROM bench_sort_mvcc2 ORDER BY x OFFSET 1000000', 'ORDER BY bytea, MVCC keys, 1M user keys (1M)');
RESET work_mem;
