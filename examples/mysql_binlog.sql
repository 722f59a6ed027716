-- examples/mysql_binlog.sql: change data capture from a MariaDB binary log,
-- with no MySQL server: examples/apply.000001 is a file MariaDB
-- 10.11 wrote (binlog_format=ROW, binlog_row_metadata=FULL) while a
-- workload changed its database shop.  Run by `make demo`, echoed.
\pset null NULL

-- The file, into a large object from the client side (psql's \lo_import).
\lo_import examples/apply.000001
\set f :LASTOID

-- Its events: the header, GTIDs, table maps, row events, the ROTATE at its end.
SELECT event_type_name, count(*) AS events
FROM mysql_binlog_events_lo(:f) GROUP BY 1 ORDER BY min(event_index);

-- The tables its TABLE_MAPs describe, with the PostgreSQL types that take
-- their values.
SELECT table_name, column_index, column_name, mysql_type, pg_type, primary_key
FROM mysql_binlog_tables_lo(:f) WHERE schema_name = 'shop' ORDER BY event_index, column_index;

-- Tables of those types, then the file's committed changes applied to them,
-- exactly once: a row per table, then where the apply stopped and why.
CREATE SCHEMA shop;
CREATE TABLE shop.t (id integer PRIMARY KEY, v text, n integer, d timestamp(3), ts timestamptz(6));
CREATE TABLE shop.k2 (a integer, b text, c numeric(10,2), PRIMARY KEY (a, b));
SELECT * FROM mysql_binlog_apply_lo(:f, 'demo', 'shop', 'apply.000001');
SELECT * FROM shop.k2 ORDER BY a, b;
SELECT count(*) AS rows, min(id), max(id) FROM shop.t;

-- Where the source stands: the next file the ROTATE names, the GTIDs applied.
SELECT source, file_name, "position", stop_reason, next_file, gtid FROM mysql_binlog_apply_progress;

-- The same file again changes nothing.
SELECT * FROM mysql_binlog_apply_lo(:f, 'demo', 'shop', 'apply.000001');

DROP SCHEMA shop CASCADE;
DELETE FROM mysql_binlog_apply_progress WHERE source = 'demo';
SELECT lo_unlink(:f);
