-- mysql_binlog_mysql97: a binlog of MySQL 9.7 with GTIDs and transaction
-- compression (test/vectors/binlog/README.md): one transaction of four
-- statements on two tables, five rows in four row events inside one zstd
-- TRANSACTION_PAYLOAD_EVENT.  make test-mysql-binlog checks whole workloads of this server.
\set VERBOSITY default
\set ECHO none
\set f `od -An -v -tx1 test/vectors/binlog/mysql-9.7-gtid-payload.bin | tr -d ' \n'`
CREATE TEMP TABLE bl AS SELECT decode(:'f', 'hex') AS b;
\set ECHO all
SET timezone = 'UTC';

SELECT event_index, byte_offset, event_type_name, log_pos FROM bl, mysql_binlog_events(b);

-- the rows of the payload's events carry the payload's index and log_pos,
-- and the GTID as uuid:n; row_in_event counts on through the payload's
-- events, so that event_index, row_in_event is the order of the log: the
-- row inserted, then updated, then deleted
SELECT event_index, log_pos, gtid, table_name, change, row_in_event, before, after
FROM bl, mysql_binlog_rows(b) ORDER BY event_index, row_in_event;
SELECT count(*) AS rows, count(DISTINCT (event_index, row_in_event)) AS distinct_positions
FROM bl, mysql_binlog_rows(b);

-- the typed form: the payload's rows of its table count on the same way
-- (the other table's row is skipped, not counted)
CREATE TABLE t (id int, v text, j jsonb);
SELECT event_index, gtid, change, row_in_event, before, after
FROM bl, mysql_binlog_rows(b, 'v', 't', NULL::t) ORDER BY event_index, row_in_event;
DROP TABLE t;
