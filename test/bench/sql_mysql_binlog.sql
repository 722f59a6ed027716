-- sql_mysql_binlog.sql: a binlog of 200,000 row changes decoded into a
-- typed table, against moving the same typed rows by INSERT ... SELECT
-- (bench_load, in alternating rounds).  The file is MySQL 5.1's
-- test/vectors/binlog/mysql-5.1-v1-rows.bin (no checksums) up to its first
-- row event of test.ba (a int, b int, c int), then 200 copies of that
-- WRITE_ROWS event holding 1,000 rows each (log_pos 0, as servers write in
-- events they make up).
\set bench_bl51 `od -An -v -tx1 test/vectors/binlog/mysql-5.1-v1-rows.bin | tr -d ' \n'`
CREATE UNLOGGED TABLE bench_bl_src (a int, b int, c int);
INSERT INTO bench_bl_src SELECT i, i % 1000, -i FROM generate_series(1, 200000) i;
CREATE FUNCTION bench_bl_le32(v int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT lpad(to_hex(v & 255), 2, '0') || lpad(to_hex((v >> 8) & 255), 2, '0')
		|| lpad(to_hex((v >> 16) & 255), 2, '0') || lpad(to_hex((v >> 24) & 255), 2, '0') $$;
CREATE TABLE bench_bl_file AS
WITH f AS (SELECT decode(:'bench_bl51', 'hex') AS f),
ev AS (
	SELECT (a - 1) / 1000 AS g,
		   decode(string_agg('f8' || bench_bl_le32(a) || bench_bl_le32(b) || bench_bl_le32(c), ''
							 ORDER BY a), 'hex') AS rows
	FROM bench_bl_src GROUP BY 1
)
SELECT substring(f FROM 1 FOR 334)
	|| string_agg(overlay(overlay(substring(f FROM 335 FOR 19)
								  PLACING decode(bench_bl_le32(29 + length(rows)), 'hex') FROM 10 FOR 4)
						  PLACING '\x00000000'::bytea FROM 14 FOR 4)
				  || substring(f FROM 354 FOR 10) || rows, ''::bytea ORDER BY g) AS b
FROM f, ev GROUP BY f;
CREATE UNLOGGED TABLE bench_bl (LIKE bench_bl_src);
VACUUM ANALYZE bench_bl_src, bench_bl_file;
-- the file holds the rows (else stop here)
DO $$
BEGIN
	IF (SELECT count(*) FROM bench_bl_file, mysql_binlog_rows(b, 'test', 'ba', NULL::bench_bl) r
		JOIN bench_bl_src s ON (r.after).a = s.a AND (r.after).b = s.b AND (r.after).c = s.c) <> 200000 THEN
		RAISE EXCEPTION 'the benchmark binlog does not hold the 200,000 rows';
	END IF;
END $$;

SELECT bench_load('etl', 'binlog: INSERT SELECT (after).* FROM mysql_binlog_rows(b, schema, table, NULL::t)',
	'INSERT INTO bench_bl SELECT (r.after).* FROM bench_bl_file, mysql_binlog_rows(b, ''test'', ''ba'', NULL::bench_bl) AS r',
	'binlog base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_bl SELECT * FROM bench_bl_src', 'bench_bl', 200000);
-- the jsonb path into the same table
SELECT bench_load('etl', 'binlog: INSERT SELECT (after->>..)::int FROM mysql_binlog_rows(b) (jsonb)',
	'INSERT INTO bench_bl SELECT (r.after->>''@1'')::int, (r.after->>''@2'')::int, (r.after->>''@3'')::int FROM bench_bl_file, mysql_binlog_rows(b) AS r WHERE r.table_name = ''ba''',
	'binlog base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_bl SELECT * FROM bench_bl_src', 'bench_bl', 200000);
-- decoding alone
SELECT bench_load('etl', 'binlog: count(*) FROM mysql_binlog_rows(b, schema, table, NULL::t) (decode only)',
	'SELECT count(*) FROM bench_bl_file, mysql_binlog_rows(b, ''test'', ''ba'', NULL::bench_bl)',
	'binlog base: count(*) FROM typed rows', 'SELECT count(*) FROM bench_bl_src', NULL, 200000);
