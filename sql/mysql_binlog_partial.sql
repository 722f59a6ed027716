-- mysql_binlog_partial: MySQL's PARTIAL_UPDATE_ROWS_EVENT
-- (binlog_row_value_options=PARTIAL_JSON), whose after images carry JSON
-- columns as diffs; mysql_binlog_rows applies them to the before image's
-- document.  The binlog was written by MySQL 9.7
-- (test/vectors/binlog/README.md says how); the comments quote what
-- mysqlbinlog -vv prints for each update.
\set VERBOSITY default
\set ECHO none
\i sql/mysql_helpers.psql
\set f `od -An -v -tx1 test/vectors/binlog/mysql-9.7-partial-json.bin | tr -d ' \n'`
\set z `od -An -v -tx1 test/vectors/binlog/mysql-9.7-partial-json-zstd.bin | tr -d ' \n'`
CREATE TEMP TABLE bl AS SELECT decode(:'f', 'hex') AS b;
CREATE TEMP TABLE blz AS SELECT decode(:'z', 'hex') AS b;
-- the file up to its last three transactions (events 129, 134, 139),
-- which update under binlog_row_image=MINIMAL a table with a primary key
-- (see the end)
CREATE TEMP VIEW pj AS SELECT substring(b FROM 1 FOR 10923) AS b FROM bl;
-- b with byte pos (0-based) set to v, the CRC32 of the event holding it
-- recomputed
CREATE FUNCTION pg_temp.binlog_patch(b bytea, pos int, v int) RETURNS bytea LANGUAGE sql AS $$
	SELECT overlay(m PLACING pg_temp.le32(pg_temp.crc32(substring(m FROM e.byte_offset::int + 1
										 FOR (e.log_pos - e.byte_offset)::int - 4)))
				   FROM e.log_pos::int - 3 FOR 4)
	FROM (SELECT set_byte(b, pos, v) AS m) x, mysql_binlog_events(b) e
	WHERE pos >= e.byte_offset AND pos < e.log_pos $$;
-- the 0-based offset of the first occurrence of s in b
CREATE FUNCTION pg_temp.at(b bytea, s text) RETURNS int LANGUAGE sql AS $$
	SELECT position(convert_to(s, 'UTF8') IN b) - 1 $$;
\set ECHO all

SELECT event_type_name, count(*) FROM bl, mysql_binlog_events(b)
WHERE event_type_name LIKE '%ROWS%' GROUP BY 1 ORDER BY 1;

-- ---------------------------------------------------------------------
-- every update, the partial ones with their diffs applied
-- ---------------------------------------------------------------------
-- np has no primary key, so even binlog_row_image=MINIMAL logs the whole
-- before image:
--   29: @1=JSON_REPLACE(@1, '$.p[0]', 100)
--   34, 39: whole documents (MySQL logs an update that grows one in full)
--   44: @1=JSON_REMOVE(@1, '$.q.r')
-- t under binlog_row_image=FULL:
--   49: @2=JSON_REMOVE(@2, '$.b[1]'), 54 and 59 whole,
--   64: @2=JSON_REPLACE(@2, '$."odd key"."q\\"t"', 'quoted'),
--   69: @2=JSON_REPLACE(@2, '$[1].k', 'w'), 74: @2=JSON_REMOVE(@2, '$[2][0]'),
--   79 and 84 whole, 89: @2=JSON_REPLACE(@2, '$.a', 3, '$.c.e[0]', 11,
--   '$.c.d', CAST('[1, 2]' AS JSON)), 94: @2=JSON_REPLACE(@2, '$.été[1]',
--   'caf\\u00e9'), 99: @2=JSON_INSERT(@2, '$.m', 1) in three rows
-- t2 has two JSON columns:
--   104: @2=@2 (partial, no diff), @3=JSON_REPLACE(@3, '$.x', 2)
--   109: @2 whole, @3=JSON_REMOVE(@3, '$.y[0]')
-- 119: binlog_row_image=NOBLOB, @2=JSON_REPLACE(@2, '$.a', 5)
-- 124: binlog_row_value_options='' (an UPDATE_ROWS_EVENT, whole documents)
SELECT event_index, table_name, row_in_event, before, after
FROM pj, mysql_binlog_rows(b) WHERE change = 'update' ORDER BY event_index, row_in_event;

-- the last image of every row equals the table MySQL had then
-- (SELECT id, j FROM t, SELECT j FROM np)
WITH last AS (
	SELECT DISTINCT ON (table_name, coalesce(after->>'id', before->>'id'))
		   table_name, change, after
	FROM pj, mysql_binlog_rows(b)
	ORDER BY table_name, coalesce(after->>'id', before->>'id'), event_index DESC, row_in_event DESC)
SELECT table_name, after->'id' AS id, after->'j' = mysql AS equal
FROM last
JOIN (VALUES ('t', 1, '{"a": 6, "b": [1, 3, 4], "c": {"d": [1, 2], "e": [11, 20, 30]}, "m": 1, "odd key": {"q\"t": "quoted"}}'::jsonb),
			 ('t', 2, '["first", 1, {"k": "w"}, [null, "z"]]'),
			 ('t', 3, 'null'),
			 ('t', 4, '{"m": 1, "full": true}'),
			 ('t', 5, '{"m": 1, "été": [1.5, "caf\\u00e9", 3000000000]}'),
			 ('np', NULL, '{"p": [100, 2, 3], "q": {"s": {"deep": [1, 2]}}}')) AS m(tab, id, mysql)
  ON m.tab = table_name AND (m.id IS NULL OR (after->>'id')::int = m.id)
WHERE change <> 'delete' ORDER BY 1, 2;
-- the same through a large object
SELECT lo_from_bytea(0, b) AS lo FROM pj \gset
SELECT count(*) AS differ FROM ((SELECT * FROM mysql_binlog_rows_lo(:lo)
								 EXCEPT ALL SELECT r.* FROM pj, mysql_binlog_rows(b) r)
								UNION ALL
								(SELECT r.* FROM pj, mysql_binlog_rows(b) r
								 EXCEPT ALL SELECT * FROM mysql_binlog_rows_lo(:lo))) d;
SELECT lo_unlink(:lo);

-- the typed form applies the same diffs: jsonb, json and text columns
CREATE TEMP TABLE pj_t (id int, j jsonb, n int);
CREATE TEMP TABLE pj_t2 (id int, a json, b text);
WITH j AS (SELECT r.* FROM pj, mysql_binlog_rows(b) r WHERE table_name = 't'),
	 t AS (SELECT r.* FROM pj, mysql_binlog_rows(b, 'pj', 't', NULL::pj_t) r)
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE t.before IS NOT DISTINCT FROM jsonb_populate_record(NULL::pj_t, j.before)
						  AND t.after IS NOT DISTINCT FROM jsonb_populate_record(NULL::pj_t, j.after)) AS equal
FROM j JOIN t USING (event_index, row_in_event);
SELECT event_index, change, before, after FROM pj, mysql_binlog_rows(b, 'pj', 't2', NULL::pj_t2)
ORDER BY event_index;

-- the same workload with binlog_transaction_compression=ON: every
-- transaction in a zstd TRANSACTION_PAYLOAD_EVENT, the same rows (up to the
-- same three MINIMAL transactions)
SELECT event_type_name, count(*) FROM blz, mysql_binlog_events(b) GROUP BY 1 ORDER BY 1;
WITH p AS (SELECT table_name, change, before, after,
				  row_number() OVER (ORDER BY event_index, row_in_event) AS n
		   FROM pj, mysql_binlog_rows(b)),
	 z AS (SELECT table_name, change, before, after,
				  row_number() OVER (ORDER BY event_index, row_in_event) AS n
		   FROM blz, mysql_binlog_rows(substring(b FROM 1 FOR 8889)))
SELECT (SELECT count(*) FROM z) AS rows,
	   (SELECT count(*) FROM p FULL JOIN z USING (n) WHERE p IS DISTINCT FROM z) AS differ;

-- ---------------------------------------------------------------------
-- binlog_row_image=MINIMAL on a table with a primary key: the before
-- image holds the key only, so there is no document to apply the diffs to
-- ---------------------------------------------------------------------
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)', b)) AS minimal FROM bl;
SELECT * FROM bl, mysql_binlog_rows(b);
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::pj_t)', b, 'pj', 't'))
	AS minimal_typed FROM bl;
-- inside a payload, the offset counts from its first event
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)', b)) AS minimal_zstd FROM blz;

-- ---------------------------------------------------------------------
-- hostile diffs: 22P03 naming event, row, table, column and path
-- ---------------------------------------------------------------------
-- event 29's after image: value_options 01, partial bits 01, null bitmap
-- 00, the diffs' length 0c000000, then REPLACE (00), path length 06,
-- '$.p[0]', value length 03, an int16 100
SELECT encode(substring(b FROM pg_temp.at(b, '$.p[0]') - 8 FOR 18), 'hex') AS event_29_after FROM pj;
-- an operation MySQL does not define
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.p[0]') - 2, 3))) AS bad_operation FROM pj;
-- value_options other than 0 and 1
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.p[0]') - 9, 2))) AS value_options FROM pj;
-- a partial column that the null bitmap calls NULL
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.p[0]') - 7, 1))) AS partial_null FROM pj;
-- diffs longer than the row
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.p[0]') - 3, 1))) AS diffs_length FROM pj;
-- a diff cut: its path runs past the diffs
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.p[0]') - 1, 48))) AS cut_diff FROM pj;
-- a path that is not a path
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.p[0]'), 35))) AS bad_path FROM pj;
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.p[0]') + 3, 42))) AS wildcard_path FROM pj;
-- paths not in the before document: REPLACE of an element past the array,
-- REMOVE of a missing member, INSERT of a member that exists, a member leg
-- into a number
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.p[0]') + 4, 55))) AS replace_not_found FROM pj;
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.q.r') + 4, 122))) AS remove_not_found FROM pj;
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.m') + 2, 97))) AS insert_exists FROM pj;
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$[1].k') + 2, 48))) AS member_of_scalar FROM pj;
-- a REPLACE value that is not binary JSON
SELECT pg_temp.try(format('SELECT * FROM mysql_binlog_rows(%L)',
	pg_temp.binlog_patch(b, pg_temp.at(b, '$.p[0]') + 7, 99))) AS bad_value FROM pj;
