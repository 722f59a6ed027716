-- binlog_apply.sh's SQL: step setup (the tables, before the first round),
-- check (after the first round's apply) or report (the figures).
\set ON_ERROR_STOP on
SET client_min_messages = warning;
SELECT :'step' = 'setup' AS setup, :'step' = 'check' AS check, :'step' = 'report' AS report \gset
\if :setup
CREATE EXTENSION IF NOT EXISTS wirecodec;
DROP SCHEMA IF EXISTS cdc CASCADE;
CREATE SCHEMA cdc;
-- the MariaDB table's types: json as jsonb, datetime(6) as timestamp(6)
CREATE TABLE cdc.orders (id bigint PRIMARY KEY, customer_id int NOT NULL, status int NOT NULL,
						 sku varchar(64) NOT NULL, amount numeric(12,2) NOT NULL,
						 updated_at timestamp(6) NOT NULL, doc jsonb NOT NULL, note varchar(32));
CREATE TABLE cdc.orders_final (LIKE cdc.orders INCLUDING ALL);
CREATE TABLE cdc.orders_ins (LIKE cdc.orders INCLUDING ALL);
-- the typed copy of the inserts, for INSERT ... SELECT *
CREATE TABLE cdc.staged (LIKE cdc.orders);
SELECT mysql_binlog_load(pg_read_binary_file(:'dir' || '/ins.bin'), 'cdc', 'orders_ins', 'cdc.staged') AS staged \gset
VACUUM ANALYZE cdc.staged;
DROP TABLE IF EXISTS bench_apply_times, bench_apply_mem;
CREATE TABLE bench_apply_times (round int, job text, ms float8);
CREATE TABLE bench_apply_mem (label text, file_bytes bigint, changes bigint, peak_anon_kb bigint);
DELETE FROM mysql_binlog_apply_progress WHERE source = 'bench';
\elif :check
-- the applied table is the final state MariaDB left (loaded from final.bin)
TRUNCATE cdc.orders_final;
SELECT mysql_binlog_load(pg_read_binary_file(:'dir' || '/final.bin'), 'cdc', 'orders_final', 'cdc.orders_final') \gset
SELECT (SELECT count(*) FROM cdc.orders) AS n,
	   (SELECT count(*) FROM (TABLE cdc.orders EXCEPT ALL TABLE cdc.orders_final) x) +
	   (SELECT count(*) FROM (TABLE cdc.orders_final EXCEPT ALL TABLE cdc.orders) y) AS diff \gset
\echo '   applied:' :n 'rows, rows differing from the final state:' :diff
SELECT :diff <> 0 AS bad \gset
\if :bad
SELECT 1/0 AS applied_table_differs;
\endif
\elif :report
INSERT INTO bench_apply_times
SELECT o, 'replay', ms FROM unnest(('{' || :'replay' || '}')::float8[]) WITH ORDINALITY u(ms, o);
\pset title 'binlog apply: median ms over the rounds, median of the per-round ratios'
WITH t AS (SELECT * FROM bench_apply_times),
pairs(label, job, base) AS (VALUES
	('mysql_binlog_apply of cdc.bin into an empty table', 'apply', NULL),
	('  against MariaDB replaying cdc.bin (mariadb-binlog | mariadb)', 'apply', 'replay'),
	('  against mysql_binlog_load of the final state (final.bin)', 'apply', 'final'),
	('MariaDB replaying cdc.bin into a fresh database', 'replay', NULL),
	('mysql_binlog_load of the final state (final.bin)', 'final', NULL),
	('mysql_binlog_load of the inserts (ins.bin)', 'ins', NULL),
	('  against INSERT ... SELECT * of the same typed rows', 'ins', 'base'),
	('INSERT ... SELECT * of the same typed rows', 'base', NULL))
SELECT p.label,
	   (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY ms) FROM t WHERE t.job = p.job)::numeric(10,0) AS ms,
	   (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY a.ms / b.ms)
		FROM t a JOIN t b USING (round) WHERE a.job = p.job AND b.job = p.base)::numeric(6,2) AS ratio,
	   (SELECT string_agg(round(ms)::text, ' ' ORDER BY round) FROM t WHERE t.job = p.job) AS rounds_ms
FROM pairs p;
\pset title 'binlog apply: peak private memory (RssAnon) of the backend'
SELECT label, changes, round(file_bytes / 1048576.0, 1) AS file_mb,
	   round(peak_anon_kb / 1024.0, 1) AS peak_anon_mb,
	   round(peak_anon_kb / 1024.0 - file_bytes / 1048576.0, 1) AS peak_less_file_mb
FROM bench_apply_mem;
\pset title
-- the rest of make bench finds its own tables in shared buffers
DROP SCHEMA cdc CASCADE;
DELETE FROM mysql_binlog_apply_progress WHERE source = 'bench';
\endif
