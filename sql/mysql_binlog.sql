-- mysql_binlog: MySQL and MariaDB binary logs decoded to events and row
-- changes.  The binlog files are real (test/vectors/binlog/README.md says
-- who wrote them); make test-mysql-binlog checks whole workloads against a
-- live server.
\set VERBOSITY default
\set ECHO none
\i sql/mysql_helpers.psql
\i sql/mysql_binlog_vectors.psql
\set ECHO all
SET timezone = 'UTC';

-- ---------------------------------------------------------------------
-- events: MariaDB 10.3 with GTIDs, ANNOTATE_ROWS and CRC32 checksums
-- ---------------------------------------------------------------------
SELECT event_index, byte_offset, event_type, event_type_name, server_id, log_pos, flags,
	   "timestamp", length(payload) AS payload_bytes
FROM bl, mysql_binlog_events(b) WHERE name = 'annotate';
-- the payload is the body without header and checksum: ANNOTATE_ROWS holds
-- the statement
SELECT convert_from(payload, 'UTF8') FROM bl, mysql_binlog_events(b)
WHERE name = 'annotate' AND event_type_name = 'ANNOTATE_ROWS_EVENT';
SELECT event_index, event_type_name, log_pos FROM bl, mysql_binlog_events(b) WHERE name = 'gtid';

-- MySQL 8.0: anonymous GTIDs, a compressed transaction payload, a partial
-- JSON update
SELECT event_type_name, count(*) FROM bl, mysql_binlog_events(b) WHERE name = 'mysql80'
GROUP BY 1 ORDER BY 1;

-- ---------------------------------------------------------------------
-- rows
-- ---------------------------------------------------------------------
SELECT r.* FROM bl, mysql_binlog_rows(b) r WHERE name = 'annotate';
-- MySQL 8.0: the 100 rows of a zstd-compressed TRANSACTION_PAYLOAD_EVENT
-- come out in place, with the payload event's index and log_pos; the file
-- is cut before its PARTIAL_UPDATE_ROWS_EVENT
SELECT event_index, log_pos, gtid, table_name, change, count(*), min(after->>'@1') AS first_id,
	   max(after->>'@1') AS last_id, min(left(after->>'@3', 12)) AS c3
FROM bl, mysql_binlog_rows(substring(b FROM 1 FOR 3353)) WHERE name = 'mysql80'
GROUP BY 1, 2, 3, 4, 5 ORDER BY 1;
-- which replaces $.b of a JSON document (more in mysql_binlog_partial.sql)
SELECT event_index, change, before->'@2'->'b' = after->'@2'->'b' AS same_b,
	   left(after->'@2'->>'b', 12) AS b, (after->'@2') - 'b' AS rest
FROM bl, mysql_binlog_rows(b) WHERE name = 'mysql80' AND event_index = 38;
-- a TRANSACTION_PAYLOAD announcing one byte more than its zstd frame holds
-- (the event's CRC32 recomputed)
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	substring(b FROM 1 FOR 1468) || e || pg_temp.le32(pg_temp.crc32(e)) || substring(b FROM 1468 + 829 + 1)))
	AS payload_size
FROM bl, LATERAL (SELECT set_byte(substring(b FROM 1469 FOR 825), 25, 221) AS e) x WHERE name = 'mysql80';

-- MySQL 5.1 row events v1 with minimal images: absent columns are absent
-- keys; strings without a character set in the log are bytes
SELECT event_index, log_pos, gtid, schema_name, table_name, change, row_in_event, before, after
FROM bl, mysql_binlog_rows(b) WHERE name = 'mysql51';

-- MariaDB 10.11, full metadata (names, ENUM/SET values, charsets), full
-- images, compressed row events: every column type
SELECT table_name, change, count(*) FROM bl, mysql_binlog_rows(b) WHERE name = 'full'
GROUP BY 1, 2 ORDER BY 1, 2;
SELECT gtid, change, row_in_event, before, after FROM bl, mysql_binlog_rows(b)
WHERE name = 'full' AND table_name IN ('ints', 'nums', 'times') ORDER BY event_index, row_in_event;
-- strings: UTF-8 from utf8mb4, latin1 (Windows-1252), ascii, ucs2, utf16,
-- utf32, utf8mb3; binary strings and GEOMETRY as \x; BINARY padded to its
-- length; MariaDB's JSON is text
SELECT e.key, e.value FROM bl, mysql_binlog_rows(b) r, jsonb_each(r.after) e
WHERE name = 'full' AND table_name = 'strs' AND change = 'insert' AND r.after->>'id' = '1'
  AND e.key NOT IN ('c255', 'vc')
ORDER BY e.key;
SELECT length(after->>'mt') AS mt_chars, length(after->>'lb') AS lb_hex_chars
FROM bl, mysql_binlog_rows(b) WHERE name = 'full' AND table_name = 'strs' AND after->>'id' = '4' AND change = 'insert';
SELECT before->>'e' AS e_before, after->>'e' AS e_after, before->>'st' AS st_before, after->>'st' AS st_after
FROM bl, mysql_binlog_rows(b) WHERE name = 'full' AND table_name = 'strs' AND change = 'update' AND before->>'id' = '1';
-- one transaction, two tables, one GTID
SELECT event_index, gtid, table_name, change, after FROM bl, mysql_binlog_rows(b)
WHERE name = 'full' AND (after->>'id' IN ('10', '1000'));

-- minimal metadata and images: positional keys, ENUM/SET as numbers,
-- updates carry the key before and the changed columns after
SELECT table_name, change, before, after FROM bl, mysql_binlog_rows(b)
WHERE name = 'minimal' AND table_name IN ('ints', 'strs') AND change <> 'insert'
ORDER BY event_index, row_in_event;
SELECT after->'@21' AS e, after->'@22' AS st FROM bl, mysql_binlog_rows(b)
WHERE name = 'minimal' AND table_name = 'strs' AND after->>'@1' = '1' AND change = 'insert';

-- the same rows from a large object
SELECT lo_from_bytea(0, b) AS lo FROM bl WHERE name = 'full' \gset
SELECT (SELECT count(*) FROM mysql_binlog_rows_lo(:lo)) AS lo_rows,
	   (SELECT count(*) FROM ((SELECT * FROM mysql_binlog_rows_lo(:lo)
							   EXCEPT ALL SELECT r.* FROM bl, mysql_binlog_rows(b) r WHERE name = 'full')
							  UNION ALL
							  (SELECT r.* FROM bl, mysql_binlog_rows(b) r WHERE name = 'full'
							   EXCEPT ALL SELECT * FROM mysql_binlog_rows_lo(:lo))) d) AS differ,
	   (SELECT count(*) FROM mysql_binlog_events_lo(:lo)) AS lo_events;
SELECT lo_unlink(:lo);

-- ---------------------------------------------------------------------
-- unknown event types are listed, not errors
-- ---------------------------------------------------------------------
SELECT event_index, event_type, event_type_name FROM bl,
	mysql_binlog_events(set_byte(b, 110, 99)) WHERE name = 'mysql51' AND event_index <= 3;
SELECT count(*) FROM bl, mysql_binlog_rows(set_byte(b, 110, 99)) WHERE name = 'mysql51';

-- ---------------------------------------------------------------------
-- errors: 22P03 naming the event, byte offset, table and column
-- ---------------------------------------------------------------------
SELECT pg_temp.try('SELECT * FROM mysql_binlog_events(''\x00010203'')') AS not_a_binlog;
SELECT pg_temp.try('SELECT * FROM mysql_binlog_events('''')') AS empty;
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_events(%L)', substring(b FROM 1 FOR 260)))
	AS truncated_header FROM bl WHERE name = 'annotate';
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_events(%L)', substring(b FROM 1 FOR 650)))
	AS truncated_event FROM bl WHERE name = 'annotate';
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)', set_byte(b, 620, get_byte(b, 620) # 1)))
	AS crc_mismatch FROM bl WHERE name = 'annotate';
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_events(%L)', set_byte(b, 269, get_byte(b, 269) # 1)))
	AS log_pos FROM bl WHERE name = 'annotate';
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_events(%L)', set_byte(set_byte(b, 265, 3), 266, 0)))
	AS event_size FROM bl WHERE name = 'annotate';
SELECT pg_temp.try('SELECT * FROM mysql_binlog_events(''\xfe62696e00000000010100000040000000000000000000'')')
	AS binlog_v3;
-- FORMAT_DESCRIPTION with another checksum algorithm: byte 4 before its end
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_events(%L)', set_byte(b, 251, 7)))
	AS checksum_algorithm FROM bl WHERE name = 'annotate';
-- a row event for a table id no TABLE_MAP announced
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)', set_byte(b, 294, 25)))
	AS no_table_map FROM bl WHERE name = 'mysql51';
-- a row event whose column count is not its TABLE_MAP's
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)', set_byte(b, 361, 2)))
	AS column_count FROM bl WHERE name = 'mysql51';
-- a row event whose present-columns bitmap is empty
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)', set_byte(b, 362, 0)))
	AS image_without_columns FROM bl WHERE name = 'mysql51';
-- a VARCHAR whose length runs past the row
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)', set_byte(b, 317, 80)))
	AS varchar_length FROM bl WHERE name = 'mysql51';
-- a column type the decoder does not know: named, never guessed
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)', set_byte(b, 208, 99)))
	AS unknown_type FROM bl WHERE name = 'mysql51';
-- a ROTATE to the next file is no error, nor are events after it
SELECT event_type_name, convert_from(substring(payload FROM 9), 'UTF8') AS next_file
FROM bl, mysql_binlog_events(b) WHERE name = 'mysql51' AND event_type = 4;
-- a large object that does not exist: lo_get's error
SELECT pg_temp.try('SELECT * FROM mysql_binlog_rows_lo(4294967295)') AS no_lo;
