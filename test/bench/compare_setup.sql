-- compare_setup.sql: the tables of test/bench/compare.sh, made the same in
-- both databases (the extension of the work tree, and the one of the
-- revision compared against).  Every case reads one of these and loads or
-- counts the typed rows, as the ETL benchmark (sql_etl.sql) does.
-- bench_once (a query timed once, in ms) and bench_capture
\ir bench_setup.sql

-- 500,000 FoundationDB keys ('users', id, email, score)
CREATE UNLOGGED TABLE cmp_uk (dir text, id int8, email text, score float8);
CREATE UNLOGGED TABLE cmp_fdb_keys AS
SELECT fdb_tuple_pack('users', i, 'user' || i || '@example.com', (i * 0.5)::float8) AS k
FROM generate_series(1::bigint, 500000) i;

-- 500,000 CockroachDB keys of three columns
CREATE TYPE cmp_crdb_row AS (name text, id int8, n int8);
CREATE UNLOGGED TABLE cmp_crdb (LIKE cmp_crdb_row);
CREATE UNLOGGED TABLE cmp_crdb_keys AS
SELECT crdb_key_encode(crdb_key_table_prefix(104, 1, 10), NULL, 'user' || i, i, i * 2)
	   || '\x88'::bytea AS k
FROM generate_series(1::bigint, 500000) i;

-- a captured server stream of 100,000 text rows (LONG, VAR_STRING, DATETIME)
CREATE UNLOGGED TABLE cmp_t (id bigint, name text, ts timestamp);
CREATE TABLE cmp_capture AS SELECT bench_capture(100000) AS server;

-- the binlog recorded by binlog_mariadb.sh (when it could record one)
CREATE UNLOGGED TABLE cmp_bl (id int, customer varchar(40), placed timestamp,
							  amount numeric(12,2), qty int);
\if :cmp_binlog_ok
\lo_import :cmp_binlog
SELECT :LASTOID AS cmp_bl_lo \gset
CREATE TABLE cmp_bl_file AS SELECT lo_get(:cmp_bl_lo) AS b;
SELECT lo_unlink(:cmp_bl_lo);
\endif
VACUUM ANALYZE;
