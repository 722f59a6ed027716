-- bench_apply.sql: mysql_binlog_apply of the MariaDB binlogs :ins (inserts
-- into bench.orders) and :chg (every row updated, every other one
-- deleted), recorded by test/bench/binlog_mariadb.sh, into a table on the
-- coordinator and into one distributed by its key over the two workers;
-- each file timed on its own, then the two tables compared.  Run by
-- bench.sh.
\pset tuples_only on
\pset format unaligned
SET client_min_messages = warning;
SET citus.shard_count = 4;
SET citus.shard_replication_factor = 1;
CREATE SCHEMA al;
CREATE TABLE al.orders (id int PRIMARY KEY, customer varchar(40) NOT NULL,
						placed timestamp NOT NULL, amount numeric(12,2) NOT NULL, qty int);
CREATE SCHEMA ad;
CREATE TABLE ad.orders (LIKE al.orders INCLUDING ALL);
SELECT create_distributed_table('ad.orders', 'id') \gset
CREATE TEMP TABLE f AS SELECT pg_read_binary_file(:'ins') AS ins, pg_read_binary_file(:'chg') AS chg;
CREATE TEMP TABLE took (target text, file text, s numeric, rows bigint);
SET client_min_messages = error;
CREATE FUNCTION pg_temp.timed(target name, file text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz := clock_timestamp();
	n bigint;
BEGIN
	EXECUTE format('SELECT sum(inserted + updated + deleted) FROM f, mysql_binlog_apply(f.%I, $1, $2, $3) a
					WHERE a.target IS NULL', file)
		INTO n USING 'bench_' || target, target,
			coalesce((SELECT next_file FROM mysql_binlog_apply_progress WHERE source = 'bench_' || target), 'first');
	INSERT INTO took VALUES (target, file, round(extract(epoch FROM clock_timestamp() - t0)::numeric, 2), n);
END $$;
SET client_min_messages = warning;
-- (the first file's ROTATE names the second)
SELECT pg_temp.timed('al', 'ins') \gset
SELECT pg_temp.timed('ad', 'ins') \gset
SELECT pg_temp.timed('al', 'chg') \gset
SELECT pg_temp.timed('ad', 'chg') \gset
SELECT format('%-26s %10s %10s %10s %8s', 'mysql_binlog_apply', 'row changes', 'local s', 'citus s', 'ratio');
SELECT format('%-26s %10s %10s %10s %7sx', CASE l.file WHEN 'ins' THEN 'inserts' ELSE 'updates + deletes' END,
			  l.rows, l.s, d.s, round(l.s / nullif(d.s, 0), 2))
FROM took l JOIN took d ON d.file = l.file AND d.target = 'ad' WHERE l.target = 'al' ORDER BY l.file DESC;
SELECT format('tables equal: %s (%s rows)',
			  (SELECT count(*) FROM ((TABLE al.orders EXCEPT ALL TABLE ad.orders) UNION ALL
									 (TABLE ad.orders EXCEPT ALL TABLE al.orders)) x) = 0,
			  (SELECT count(*) FROM ad.orders));
DELETE FROM mysql_binlog_apply_progress WHERE source IN ('bench_al', 'bench_ad');
DROP SCHEMA al, ad CASCADE;
