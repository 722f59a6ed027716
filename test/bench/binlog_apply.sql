-- mysql_binlog_apply timed (binlog_apply.sh; not a sql_*.sql case of run.sh): the MariaDB binlogs :ins
-- (inserts into bench.orders) and :chg (updates and deletes) applied in
-- turn to an empty table; then mysql_binlog_load of :ins into the emptied
-- table, the loader's time for the same rows.
\pset tuples_only on
\pset format unaligned
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS wirecodec;
DROP SCHEMA IF EXISTS bench CASCADE;
CREATE SCHEMA bench;
CREATE TABLE bench.orders (id int PRIMARY KEY, customer varchar(40) NOT NULL,
						   placed timestamp NOT NULL, amount numeric(12,2) NOT NULL, qty int);
CREATE TEMP TABLE f AS SELECT pg_read_binary_file(:'ins') AS ins, pg_read_binary_file(:'chg') AS chg;
CREATE TEMP TABLE t0 (t timestamptz);
DELETE FROM mysql_binlog_apply_progress WHERE source = 'bench';

INSERT INTO t0 VALUES (clock_timestamp());
SELECT stop_statement AS next_file FROM f, mysql_binlog_apply(f.ins, 'bench', 'bench', 'first') a
WHERE a.target IS NULL \gset
SELECT format('   mysql_binlog_apply: inserts %s s (%s rows)',
			  round(extract(epoch FROM clock_timestamp() - t)::numeric, 2),
			  (SELECT count(*) FROM bench.orders)) FROM t0;
TRUNCATE t0;
INSERT INTO t0 VALUES (clock_timestamp());
SELECT count(*) FROM f, mysql_binlog_apply(f.chg, 'bench', 'bench', :'next_file') \gset
SELECT format('   mysql_binlog_apply: changes %s s (%s rows left)',
			  round(extract(epoch FROM clock_timestamp() - t)::numeric, 2),
			  (SELECT count(*) FROM bench.orders)) FROM t0;

TRUNCATE bench.orders;
TRUNCATE t0;
INSERT INTO t0 VALUES (clock_timestamp());
SELECT mysql_binlog_load(f.ins, 'bench', 'orders', 'bench.orders') FROM f \gset
SELECT format('   mysql_binlog_load: inserts %s s',
			  round(extract(epoch FROM clock_timestamp() - t)::numeric, 2)) FROM t0;
DELETE FROM mysql_binlog_apply_progress WHERE source = 'bench';
DROP SCHEMA bench CASCADE;
