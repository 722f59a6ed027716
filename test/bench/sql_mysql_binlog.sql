-- sql_mysql_binlog.sql: the tables of the binlog benchmark.  run.sh records
-- a binlog from a real MariaDB (binlog_mariadb.sh: :bench_binlog_rows rows
-- inserted into bench.orders, int, varchar(40), datetime, decimal(12,2) and
-- a nullable int, FULL metadata, CRC32) into the file :bench_binlog, and
-- times the loads in alternating rounds with mariadb-binlog -vv on the same
-- file (bench_binlog_round there).  Here: the file as one bytea, the same
-- rows as typed rows in a table (the base), the target table, and the proof
-- that the file holds exactly those rows.
\if :bench_binlog_ok
\lo_import :bench_binlog
SELECT :LASTOID AS bench_bl_lo \gset
CREATE TABLE bench_bl_file AS SELECT lo_get(:bench_bl_lo) AS b;
SELECT lo_unlink(:bench_bl_lo);
CREATE UNLOGGED TABLE bench_bl_src (id int, customer varchar(40), placed timestamp,
									amount numeric(12,2), qty int);
INSERT INTO bench_bl_src
SELECT i, 'customer-' || (i % 5000), timestamp '2026-01-01 00:00:00' + i * interval '1 second',
	   (i::bigint * 37 % 1000000) / 100.0, CASE WHEN i % 10 = 0 THEN NULL ELSE i % 7 END
FROM generate_series(1, :bench_binlog_rows) i;
CREATE UNLOGGED TABLE bench_bl (LIKE bench_bl_src);
VACUUM ANALYZE bench_bl_src, bench_bl_file;
-- the file holds the rows, each once, and nothing else (else stop here)
INSERT INTO bench_bl SELECT (r.after).* FROM bench_bl_file, mysql_binlog_rows(b, 'bench', 'orders', NULL::bench_bl) r;
DO $$
BEGIN
	IF (SELECT count(*) FROM bench_bl) <> (SELECT count(*) FROM bench_bl_src)
	   OR EXISTS (TABLE bench_bl EXCEPT ALL TABLE bench_bl_src)
	   OR EXISTS (SELECT FROM bench_bl_file, mysql_binlog_rows(b) r
				  WHERE r.change <> 'insert' OR r.table_name <> 'orders') THEN
		RAISE EXCEPTION 'the benchmark binlog does not hold the rows of bench_bl_src';
	END IF;
END $$;
TRUNCATE bench_bl;
\endif
