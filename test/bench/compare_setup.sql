-- compare_setup.sql: the tables of test/bench/compare.sh, made the same in
-- both databases (the extension of the work tree, and the one of the
-- revision compared against).  Every case reads one of these and loads or
-- counts the typed rows, as the ETL benchmark (sql_etl.sql) does.
SET max_parallel_workers_per_gather = 0;
SET jit = off;

CREATE FUNCTION bench_once(q text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
	t timestamptz := clock_timestamp();
BEGIN
	EXECUTE q;
	RETURN extract(epoch FROM clock_timestamp() - t) * 1000;
END $$;

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
CREATE TABLE cmp_cols AS SELECT ARRAY[
	mysql_lenenc_str('def') || '\x000000'::bytea || mysql_lenenc_str('id') || mysql_lenenc_str('id')
		|| '\x0c3f000b000000032100000000'::bytea,
	mysql_lenenc_str('def') || '\x000000'::bytea || mysql_lenenc_str('name') || mysql_lenenc_str('name')
		|| '\x0cff0050000000fd00001f0000'::bytea,
	mysql_lenenc_str('def') || '\x000000'::bytea || mysql_lenenc_str('ts') || mysql_lenenc_str('ts')
		|| '\x0c3f00130000000c8000000000'::bytea] AS cols;
CREATE TABLE cmp_capture AS
SELECT mysql_packet_frame('\x0a382e302e333600' || decode(repeat('01', 30), 'hex'), 0)
	|| mysql_packet_frame('\x00000002000000', 2) || mysql_packet_frame('\x03', 1)
	|| mysql_packet_frame(cols[1], 2) || mysql_packet_frame(cols[2], 3) || mysql_packet_frame(cols[3], 4)
	|| mysql_packet_frame('\xfe00002200', 5)
	|| (SELECT string_agg(mysql_packet_frame(mysql_lenenc_str(convert_to(i::text, 'UTF8'))
			|| mysql_lenenc_str(convert_to('user' || i || '@example.com', 'UTF8'))
			|| mysql_lenenc_str(convert_to(to_char(timestamp '2024-01-01' + i * interval '1 second',
												   'YYYY-MM-DD HH24:MI:SS'), 'UTF8')),
			((i + 5) % 256)::int), ''::bytea ORDER BY i) FROM generate_series(1, 100000) i)
	|| mysql_packet_frame('\xfe00002200', ((100000 + 6) % 256)::int) AS server
FROM cmp_cols;

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
