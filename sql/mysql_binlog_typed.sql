-- mysql_binlog_typed: mysql_binlog_rows(binlog, schema_name, table_name,
-- base), one table's row changes decoded straight into a row type, over the
-- real binlog files of test/vectors/binlog.
\set VERBOSITY default
\set ECHO none
\i sql/mysql_helpers.psql
\i sql/mysql_binlog_vectors.psql
-- 'ok' or SQLSTATE: message (detail) / the first context line
CREATE FUNCTION pg_temp.try_ctx(q text) RETURNS text LANGUAGE plpgsql
SET max_parallel_workers = 0 AS $$
DECLARE
	d text;
	c text;
BEGIN
	EXECUTE q;
	RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL, c = PG_EXCEPTION_CONTEXT;
	c := split_part(c, E'\n', 1);
	RETURN SQLSTATE || ': ' || SQLERRM || coalesce(' (' || nullif(d, '') || ')', '')
		|| CASE WHEN c LIKE 'MySQL binlog%' THEN ' / ' || c ELSE '' END;
END $$;
\set ECHO all
SET timezone = 'UTC';

-- ---------------------------------------------------------------------
-- full metadata (column names): matched by name, in any order
-- ---------------------------------------------------------------------
CREATE TABLE ints (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i int4,
				   iu int8, bi int8, biu numeric);
SELECT event_index, log_pos, gtid, change, row_in_event, before, after
FROM bl, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints) WHERE name = 'full';
-- the same values as the jsonb path gives
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE (t.before IS NOT DISTINCT FROM jsonb_populate_record(NULL::ints, j.before))
						  AND (t.after IS NOT DISTINCT FROM jsonb_populate_record(NULL::ints, j.after)))
		   AS same_as_jsonb
FROM bl, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints) t
JOIN mysql_binlog_rows(b) j USING (event_index, row_in_event)
WHERE name = 'full' AND j.table_name = 'ints';

-- DECIMAL to numeric, FLOAT/DOUBLE to float4/float8 as they are, BIT to bit
-- strings, YEAR to an integer; the attributes in another order
CREATE TYPE nums AS (y int, id int, d1 numeric(10,2), d2 numeric, d3 numeric, d4 numeric,
					 d5 numeric, f float4, db float8, b1 bit(1), b64 bit(64), b10 varbit);
SELECT (after).* FROM bl, mysql_binlog_rows(b, 'wcb', 'nums', NULL::nums) WHERE name = 'full';
-- temporal values: DATE, TIME to interval, DATETIME to timestamp, TIMESTAMP
-- (UTC in the log) to timestamptz whatever the session's time zone, to
-- timestamp as UTC, to text with its +00
SET timezone = 'America/New_York';
CREATE TYPE times AS (id int, dt date, t0 interval, t1 interval, t3 interval, t6 interval,
					  dt0 timestamp, dt2 timestamp, dt4 timestamp(2), dt6 timestamp,
					  ts0 timestamptz, ts1 timestamptz, ts3 text, ts6 timestamp);
SELECT (after).* FROM bl, mysql_binlog_rows(b, 'wcb', 'times', NULL::times)
WHERE name = 'full' AND (after).id <> 2;
SET timezone = 'UTC';
-- strings from their character sets (latin1 as Windows-1252, ucs2, utf16,
-- utf32 ...), binary strings and GEOMETRY as bytea, ENUM and SET by name,
-- MariaDB's JSON (text) into jsonb
CREATE TYPE strs AS (id int, c text, c255 text, vc varchar(300), vl text, va text, vu2 text,
					 vu16 text, vu32 text, vu3 text, bn bytea, vb bytea, tt text, tx text,
					 mt text, lt text, tb bytea, bb bytea, mb bytea, lb bytea, e text, st text,
					 j jsonb, g bytea, p bytea);
SELECT change, x.id, c, length(c255) AS c255, length(vc) AS vc, vl, va, vu2, vu16, vu32, vu3, bn, vb,
	   tt, tx, length(mt) AS mt, lt, tb, bb, mb, length(lb) AS lb, e, st, j, g, p
FROM bl, mysql_binlog_rows(b, 'wcb', 'strs', NULL::strs) r,
	 LATERAL (SELECT (coalesce(r.after, r.before)).*) x
WHERE name = 'full' ORDER BY event_index, row_in_event;
-- text columns into bytea come as their bytes, in their character set
-- (latin1, ucs2, utf8mb3 here)
CREATE TYPE strs_bytes AS (id int, c bytea, c255 bytea, vc bytea, vl bytea, va bytea, vu2 bytea,
						   vu16 bytea, vu32 bytea, vu3 bytea, bn bytea, vb bytea, tt bytea,
						   tx bytea, mt bytea, lt bytea, tb bytea, bb bytea, mb bytea, lb bytea,
						   e text, st text, j text, g bytea, p bytea);
SELECT (after).vl, (after).vu2, (after).vu3 FROM bl,
	mysql_binlog_rows(b, 'wcb', 'strs', NULL::strs_bytes) WHERE name = 'full' AND (after).id = 1;

-- ---------------------------------------------------------------------
-- no column names: matched by position; minimal images leave the columns
-- they do not carry NULL
-- ---------------------------------------------------------------------
SELECT change, before, after FROM bl, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints)
WHERE name = 'minimal';
-- ENUM and SET without their names: the index and the bit mask
SELECT (after).id, (after).e, (after).st FROM bl, mysql_binlog_rows(b, 'wcb', 'strs', NULL::strs)
WHERE name = 'minimal' AND change = 'insert';
-- MySQL 5.1, row events v1
CREATE TYPE ba AS (a int, b int, c int);
SELECT event_index, log_pos, gtid, change, row_in_event, before, after
FROM bl, mysql_binlog_rows(b, 'test', 'ba', NULL::ba) WHERE name = 'mysql51';
-- MySQL 8.0: the rows of a compressed TRANSACTION_PAYLOAD_EVENT
CREATE TYPE t1 AS (a bigint, b int, c text);
SELECT event_index, log_pos, gtid, change, count(*), min((after).a), max((after).a),
	   min(left((after).c, 12))
FROM bl, mysql_binlog_rows(substring(b FROM 1 FOR 3353), 'test', 't1', NULL::t1)
WHERE name = 'mysql80' GROUP BY 1, 2, 3, 4 ORDER BY 1;
-- the whole file: its PARTIAL_UPDATE_ROWS_EVENT is of another table (t2),
-- whose rows are not decoded
SELECT count(*), max((after).a) FROM bl, mysql_binlog_rows(b, 'test', 't1', NULL::t1)
WHERE name = 'mysql80';

-- MySQL's binary JSON: the document's text into json, jsonb or text.  A
-- TABLE_MAP of test.tj (int, JSON) and a WRITE_ROWS_EVENT_V1 of two rows,
-- {"a": 1} and the string "hi", made here and appended to the MySQL 5.1
-- file (no checksums; log_pos 0)
CREATE FUNCTION pg_temp.ev(f bytea, type int, body bytea) RETURNS bytea LANGUAGE sql AS $$
	SELECT overlay(overlay(overlay(overlay(substring(f FROM 335 FOR 19)
		PLACING set_byte('\x00'::bytea, 0, type) FROM 5 FOR 1)
		PLACING pg_temp.le32(19 + length(body)) FROM 10 FOR 4)
		PLACING '\x00000000'::bytea FROM 14 FOR 4) PLACING '\x0000'::bytea FROM 18 FOR 2) || body $$;
CREATE TEMP TABLE bl_json AS
SELECT substring(b FROM 1 FOR 334)
	|| pg_temp.ev(b, 19, '\x300000000000 0100 04 7465737400 02 746a00 02 03f5 01 04 02')
	|| pg_temp.ev(b, 23, '\x300000000000 0100 02 03'
		'00 01000000 0d000000 0001000c000b000100050100 61'
		'00 02000000 04000000 0c026869') AS b
FROM bl WHERE name = 'mysql51';
CREATE TYPE tj AS (a int, j jsonb);
CREATE TYPE tj_text AS (a int, j text);
CREATE TYPE tj_json AS (a int, j json);
SELECT event_index, change, after FROM bl_json, mysql_binlog_rows(b, 'test', 'tj', NULL::tj);
SELECT (after).* FROM bl_json, mysql_binlog_rows(b, 'test', 'tj', NULL::tj_text);
SELECT (after).* FROM bl_json, mysql_binlog_rows(b, 'test', 'tj', NULL::tj_json);
SELECT after FROM bl_json, mysql_binlog_rows(b) WHERE table_name = 'tj';

-- Bounds.  Entries of one container that share a child make a graph whose
-- text doubles with each level: 30 levels of a two-element array whose
-- entries point at one child (725 bytes, 2^30 copies of "a" as text) are
-- refused (22P03) where the first pair shares, not rendered
CREATE TEMP TABLE dag AS
WITH RECURSIVE d(n, doc) AS (
	SELECT 0, '\x010009000c07000161'::bytea
	UNION ALL
	SELECT n + 1, '\x0200'::bytea || substring(pg_temp.le32(10 + length(doc)) FROM 1 FOR 2)
		|| '\x020a00020a00'::bytea || doc FROM d WHERE n < 30)
SELECT substring(b FROM 1 FOR 334)
	|| pg_temp.ev(b, 19, '\x300000000000 0100 04 7465737400 02 746a00 02 03f5 01 04 02')
	|| pg_temp.ev(b, 23, '\x300000000000 0100 02 03 00 01000000'::bytea
		|| pg_temp.le32(1 + length(doc)) || '\x02'::bytea || doc) AS b
FROM bl, d WHERE name = 'mysql51' AND n = 30;
SELECT pg_temp.try('SELECT * FROM dag, mysql_binlog_rows(b)') AS dag_jsonb;
SELECT pg_temp.try('SELECT * FROM dag, mysql_binlog_rows(b, ''test'', ''tj'', NULL::tj)') AS dag_typed;
-- rendered text has a limit (256 MB for jsonb): a string of 45 million
-- control characters (\u0001 each) stops there with 54000
SELECT pg_temp.try($$WITH s AS MATERIALIZED (
	SELECT '\x300000000000 0100 02 03 00 01000000 45a5ae02 0cc0caba15'::bytea
		|| convert_to(repeat(chr(1), 45000000), 'UTF8') AS body)
SELECT * FROM bl, s, mysql_binlog_rows(substring(b FROM 1 FOR 334)
	|| pg_temp.ev(b, 19, '\x300000000000 0100 04 7465737400 02 746a00 02 03f5 01 04 02')
	|| pg_temp.ev(b, 23, body)) WHERE name = 'mysql51'$$) AS over_limit;
-- a cancel reaches the rows of one event: 4 million one-byte rows (some
-- seconds to decode) stop at a 100 ms statement_timeout
CREATE TEMP TABLE many AS
SELECT substring(b FROM 1 FOR 334)
	|| pg_temp.ev(b, 19, '\x310000000000 0100 04 7465737400 02 743100 01 01 00 00')
	|| pg_temp.ev(b, 23, '\x310000000000 0100 01 01'::bytea || decode(repeat('0007', 4000000), 'hex'))
	AS b
FROM bl WHERE name = 'mysql51';
SET statement_timeout = '100ms';
DO $$
DECLARE
	t0 timestamptz := clock_timestamp();
BEGIN
	PERFORM count(*) FROM many, mysql_binlog_rows(b);
	RAISE NOTICE 'not cancelled';
EXCEPTION WHEN query_canceled THEN
	RAISE NOTICE 'cancelled within a second: %', clock_timestamp() - t0 < '1 s';
END $$;
RESET statement_timeout;
-- and the parse of one large JSON value into jsonb (PostgreSQL's JSON parser
-- has no interrupt checks of its own): an array of 4 million integers
-- (16843009 each, an inline int32), 40 MB of text and seconds to parse (after
-- its rendering, a cancellable half second or so), stops soon after a 700 ms
-- statement_timeout, as an image and as a jsonb attribute
CREATE TEMP TABLE ints4m AS
WITH s AS MATERIALIZED (
	SELECT '\x300000000000 0100 02 03 00 01000000'::bytea || pg_temp.le32(9 + 5 * 4000000)
		|| '\x03'::bytea || pg_temp.le32(4000000) || pg_temp.le32(8 + 5 * 4000000)
		|| convert_to(repeat(chr(7) || repeat(chr(1), 4), 4000000), 'UTF8') AS body)
SELECT substring(b FROM 1 FOR 334)
	|| pg_temp.ev(b, 19, '\x300000000000 0100 04 7465737400 02 746a00 02 03f5 01 04 02')
	|| pg_temp.ev(b, 23, body) AS b
FROM bl, s WHERE name = 'mysql51';
CREATE FUNCTION pg_temp.cancelled(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz := clock_timestamp();
BEGIN
	EXECUTE q;
	RETURN 'not cancelled';
EXCEPTION WHEN query_canceled THEN
	RETURN 'cancelled within a second of the timeout: ' || (clock_timestamp() - t0 < '1.7 s');
END $$;
SET statement_timeout = '700ms';
SELECT pg_temp.cancelled('SELECT count(*) FROM ints4m, mysql_binlog_rows(b)') AS image;
SELECT pg_temp.cancelled('SELECT count(*) FROM ints4m, mysql_binlog_rows(b, ''test'', ''tj'', NULL::tj)') AS typed;
RESET statement_timeout;

-- a table the log does not have, and NULL arguments: no rows
SELECT count(*) FROM bl, mysql_binlog_rows(b, 'wcb', 'nosuch', NULL::ints) WHERE name = 'full';
SELECT count(*) FROM bl, mysql_binlog_rows(b, 'WCB', 'ints', NULL::ints) WHERE name = 'full';
SELECT count(*) FROM mysql_binlog_rows(NULL, 'wcb', 'ints', NULL::ints);
SELECT count(*) FROM bl, mysql_binlog_rows(b, NULL, 'ints', NULL::ints) WHERE name = 'full';

-- the same rows from a large object
SELECT lo_from_bytea(0, b) AS lo FROM bl WHERE name = 'full' \gset
SELECT count(*) AS lo_rows,
	   count(*) FILTER (WHERE t = l) AS same
FROM mysql_binlog_rows_lo(:lo, 'wcb', 'strs', NULL::strs) l
JOIN (SELECT r.* FROM bl, mysql_binlog_rows(b, 'wcb', 'strs', NULL::strs) r WHERE name = 'full') t
	USING (event_index, row_in_event);
SELECT lo_unlink(:lo);

-- ---------------------------------------------------------------------
-- the row type is cached per call site and checked on every call: an
-- ALTER TABLE between two calls is seen
-- ---------------------------------------------------------------------
CREATE TABLE ba_t (a int, b int, c int);
PREPARE typed AS SELECT count(*), string_agg(coalesce(after, before)::text, ' ')
FROM bl, mysql_binlog_rows(b, 'test', 'ba', NULL::ba_t) WHERE name = 'mysql51';
EXECUTE typed;
ALTER TABLE ba_t ADD COLUMN d int;
SELECT pg_temp.try_ctx('EXECUTE typed') AS added_column;
-- dropped attributes are passed over
ALTER TABLE ba_t DROP COLUMN d;
ALTER TABLE ba_t DROP COLUMN b;
ALTER TABLE ba_t ADD COLUMN b numeric;
EXECUTE typed;
ALTER TABLE ba_t ALTER COLUMN c TYPE text;
EXECUTE typed;
DEALLOCATE typed;
-- one call site over several files binds each file's table map
SELECT name, count(*) FROM bl, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints) GROUP BY name ORDER BY name;

-- ---------------------------------------------------------------------
-- errors: the event, byte offset, table and column, with their SQLSTATE
-- ---------------------------------------------------------------------
-- base must be a composite type
SELECT pg_temp.try_ctx($$SELECT * FROM mysql_binlog_rows('\x', 'a', 'b', NULL::int)$$) AS not_composite;
CREATE DOMAIN ba_d AS ba;
SELECT pg_temp.try_ctx($$SELECT * FROM mysql_binlog_rows('\x', 'a', 'b', NULL::ba_d)$$) AS domain;
-- a column count the row type does not have
CREATE TYPE two AS (a int, b int);
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::two)', b, 'test', 'ba'))
	AS column_count FROM bl WHERE name = 'mysql51';
-- a column name the row type does not have
CREATE TYPE ints_renamed AS (id int, ti int, tiu int, si int, siu int, mi int, miu int, i int,
							 iu bigint, bi bigint, big_unsigned numeric);
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::ints_renamed)',
							  b, 'wcb', 'ints')) AS column_name FROM bl WHERE name = 'full';
-- without an exact name, the attribute equal ignoring case
CREATE TYPE ints_case AS ("ID" int, ti int, tiu int, si int, siu int, mi int, miu int, "I" int,
						  iu bigint, bi bigint, "Biu" numeric);
SELECT (after)."Biu" FROM bl, mysql_binlog_rows(b, 'wcb', 'ints', NULL::ints_case)
WHERE name = 'full' AND (after)."ID" = 2;
-- a value out of the attribute's range: 22003, with the column and offset
CREATE TYPE ints_small AS (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i int4,
						   iu int4, bi int8, biu numeric);
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::ints_small)',
							  b, 'wcb', 'ints')) AS out_of_range FROM bl WHERE name = 'full';
-- a value the attribute's input function refuses: 22P02
CREATE TYPE strs_int AS (id int, c int, c255 text, vc text, vl text, va text, vu2 text, vu16 text,
						 vu32 text, vu3 text, bn bytea, vb bytea, tt text, tx text, mt text,
						 lt text, tb bytea, bb bytea, mb bytea, lb bytea, e text, st text, j text,
						 g bytea, p bytea);
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::strs_int)',
							  b, 'wcb', 'strs')) AS invalid_text FROM bl WHERE name = 'full';
-- a negative TIME into time, which refuses it: 22007
CREATE TYPE times_time AS (id int, dt date, t0 interval, t1 interval, t3 time, t6 interval,
						   dt0 timestamp, dt2 timestamp, dt4 timestamp, dt6 timestamp,
						   ts0 timestamptz, ts1 timestamptz, ts3 timestamptz, ts6 timestamptz);
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::times_time)',
							  b, 'wcb', 'times')) AS time_range FROM bl WHERE name = 'full';
-- a value that does not decode: 22P03 naming the row, event, table and
-- column (only the rows of the table asked for are decoded)
CREATE TYPE nas AS (server_id int, epoch bigint, log_name bytea, start_pos bigint, end_pos bigint);
SELECT (after).* FROM bl, mysql_binlog_rows(b, 'mysql', 'ndb_apply_status', NULL::nas)
WHERE name = 'mysql51';
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::nas)',
							  set_byte(b, 317, 80), 'mysql', 'ndb_apply_status'))
	AS varchar_length FROM bl WHERE name = 'mysql51';
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::ba)',
							  set_byte(b, 317, 80), 'test', 'ba'))
	AS other_table FROM bl WHERE name = 'mysql51';
-- a binary JSON document of an unknown type, which only the value's
-- rendering finds
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::tj)',
							  substring(b FROM 1 FOR 334)
							  || pg_temp.ev(b, 19, '\x300000000000 0100 04 7465737400 02 746a00 02 03f5 01 04 02')
							  || pg_temp.ev(b, 23, '\x300000000000 0100 02 03 00 01000000 02000000 7f00'),
							  'test', 'tj')) AS json_type
FROM bl WHERE name = 'mysql51';
-- a row event for a table id no TABLE_MAP announced
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::ba)',
							  set_byte(b, 294, 25), 'test', 'ba'))
	AS no_table_map FROM bl WHERE name = 'mysql51';
-- a row event whose column count is not its TABLE_MAP's
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::ba)',
							  set_byte(b, 361, 2), 'test', 'ba'))
	AS column_count_event FROM bl WHERE name = 'mysql51';
-- a checksum mismatch and a file that is no binlog
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::ints)',
							  set_byte(b, 2000, get_byte(b, 2000) # 1), 'wcb', 'ints'))
	AS crc_mismatch FROM bl WHERE name = 'full';
SELECT pg_temp.try_ctx($$SELECT * FROM mysql_binlog_rows('\x00010203', 'a', 'b', NULL::ba)$$) AS not_a_binlog;
-- a large object that does not exist: lo_get's error
SELECT pg_temp.try_ctx('SELECT * FROM mysql_binlog_rows_lo(4294967295, ''a'', ''b'', NULL::ba)') AS no_lo;

-- ---------------------------------------------------------------------
-- mutated files: every outcome is rows or a documented error, never a
-- crash or another SQLSTATE (900 single-byte changes of the MySQL 5.1 file
-- with the JSON table above, which has no checksums to catch them, decoded
-- into its three tables)
-- ---------------------------------------------------------------------
CREATE FUNCTION pg_temp.mutations(f bytea) RETURNS TABLE (outcome text, n bigint)
LANGUAGE plpgsql AS $$
DECLARE
	m bytea;
	st text;
	res text[] := '{}';
BEGIN
	FOR i IN 1 .. 900 LOOP
		m := set_byte(f, 4 + (i * 7919) % (length(f) - 4), (i * 131 + 7) % 256);
		BEGIN
			IF i % 3 = 0 THEN
				PERFORM count(*) FROM mysql_binlog_rows(m, 'test', 'ba', NULL::ba);
			ELSIF i % 3 = 1 THEN
				PERFORM count(*) FROM mysql_binlog_rows(m, 'mysql', 'ndb_apply_status', NULL::nas);
			ELSE
				PERFORM count(*) FROM mysql_binlog_rows(m, 'test', 'tj', NULL::tj);
			END IF;
			st := 'rows';
		EXCEPTION WHEN OTHERS THEN
			st := SQLSTATE;
		END;
		res := res || st;
	END LOOP;
	RETURN QUERY SELECT CASE WHEN x IN ('rows', '22P03', '22023', '22P02', '22003', '22007', '22008',
										'22021', '0A000', '54000') THEN 'documented' ELSE x END, count(*)
		FROM unnest(res) x GROUP BY 1 ORDER BY 1;
END $$;
SELECT m.* FROM bl_json, pg_temp.mutations(b) m;

-- temporal fields straight into other targets (0 to 6 fraction digits):
-- DATETIME into date, into timestamptz in the session's zone and into
-- text; TIMESTAMP (UTC) into date, timestamp and text; TIME into text
SET timezone = 'America/New_York';
CREATE TYPE times_as AS (id int, dt timestamp, t0 text, t1 text, t3 text, t6 interval,
						 dt0 date, dt2 timestamptz, dt4 text, dt6 text,
						 ts0 date, ts1 timestamp, ts3 timestamptz, ts6 text);
SELECT (after).* FROM bl, mysql_binlog_rows(b, 'wcb', 'times', NULL::times_as) WHERE name = 'full';
-- with typmods (rounded by the type, as its input function rounds)
CREATE TYPE times_tz AS (id int, dt timestamptz, t0 interval, t1 interval, t3 interval, t6 interval,
						 dt0 timestamp(0), dt2 timestamptz(1), dt4 timestamp(3), dt6 timestamptz(6),
						 ts0 timestamptz(0), ts1 timestamp(0), ts3 timestamptz(2), ts6 timestamptz);
SELECT (after).* FROM bl, mysql_binlog_rows(b, 'wcb', 'times', NULL::times_tz) WHERE name = 'full';
SET timezone = 'UTC';
-- DECIMAL into numeric with typmods (18 digits and fewer from the digits,
-- 20 and 65 through the text), into text as rendered
CREATE TYPE nums_as AS (y int, id int, d1 text, d2 numeric(70,3), d3 numeric(20,2), d4 numeric(6,2),
						d5 numeric(22,4), f float4, db float8, b1 bit(1), b64 bit(64), b10 varbit);
SELECT id, d1, d2, d3, d4, d5
FROM bl, mysql_binlog_rows(b, 'wcb', 'nums', NULL::nums_as) r, LATERAL (SELECT (r.after).*) x
WHERE name = 'full';
-- a typmod too narrow for 18 digits: 22003 as numeric_in has it
CREATE TYPE nums_narrow AS (y int, id int, d1 numeric(10,2), d2 numeric, d3 numeric(17,0),
							d4 numeric(5,5), d5 numeric, f float4, db float8, b1 bit(1),
							b64 bit(64), b10 varbit);
SELECT pg_temp.try_ctx(format('SELECT * FROM mysql_binlog_rows(%L, %L, %L, NULL::nums_narrow)',
							  b, 'wcb', 'nums')) AS d3_narrow FROM bl WHERE name = 'full';
