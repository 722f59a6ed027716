-- mysql_conversation_rows: the rows of a recorded connection's result sets
-- decoded straight into a row type, from both streams or the server's
-- alone, selected by command and result set.  The same capture as the
-- mysql_conversation suite; rows are read in FROM (the LATERAL form).
\set VERBOSITY default

-- helpers: pg_temp.cd(), pg_temp.capture(), pg_temp.big_capture(), pg_temp.hwm_reset(),
-- pg_temp.hwm_kb()
\set ECHO none
\i sql/mysql_helpers.psql
\set ECHO all
CREATE TEMP TABLE cap AS SELECT * FROM pg_temp.capture();

CREATE TEMP TABLE people (id bigint, name text);

-- command 1: a text result set; command 3: a binary one (both sides, and
-- the server's side alone)
SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::people, command => 1) AS p;
SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::people, command => 3) AS p;
SELECT p.* FROM cap, mysql_conversation_rows(server, NULL::people, command => 3) AS p;
-- into a table, every result set of commands 1 to 3
INSERT INTO people
SELECT p.* FROM cap, generate_series(1, 3) AS n,
	 mysql_conversation_rows(client, server, NULL::people, command => n) AS p;
SELECT * FROM people;
-- the same rows as mysql_conversation + mysql_row_populate_record
SELECT count(*) AS same FROM (
	SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::people, command => 1) AS p
	UNION ALL
	SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::people, command => 3) AS p
	EXCEPT ALL
	SELECT r.* FROM cap, mysql_conversation(client, server) c,
		 mysql_row_populate_record(NULL::people, c.payload, c.columns, c.kind = 'binary_row', c.row_number) AS r
	WHERE c.kind IN ('text_row', 'binary_row') AND c.command < 4) d;
-- other column types for the same rows
CREATE TEMP TABLE people2 (id numeric, name bytea);
SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::people2, command => 3) AS p;
-- command 4 has two result sets: (1), then an error; result_set selects
CREATE TEMP TABLE one (x numeric);
SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::one, command => 4, result_set => 0) AS p;
SELECT count(*) FROM cap, mysql_conversation_rows(client, server, NULL::one, command => 4, result_set => 1) AS p;
-- a command with no result set, a command past the end: no rows
SELECT count(*) FROM cap, mysql_conversation_rows(client, server, NULL::people, command => 2) AS p;
SELECT count(*) FROM cap, mysql_conversation_rows(client, server, NULL::people, command => 99) AS p;
-- NULL streams: no rows
SELECT count(*) FROM mysql_conversation_rows(NULL::bytea, NULL::people);
SELECT count(*) FROM cap, mysql_conversation_rows(NULL, server, NULL::people);
-- in the select list too
SELECT mysql_conversation_rows(server, NULL::people, command => 1) AS r FROM cap;

-- a table altered between two calls of one PL/pgSQL loop: each call sees
-- the current shape
CREATE TABLE conv_shape (id bigint, name text);
DO $$
DECLARE
	r record;
BEGIN
	FOR i IN 1..2 LOOP
		BEGIN
			FOR r IN SELECT to_jsonb(p) AS j FROM cap, mysql_conversation_rows(server, NULL::conv_shape, command => 1) AS p LOOP
				RAISE NOTICE 'call %: %', i, r.j;
			END LOOP;
		EXCEPTION WHEN OTHERS THEN
			RAISE NOTICE 'call %: ERROR % %', i, SQLSTATE, SQLERRM;
		END;
		IF i = 1 THEN
			ALTER TABLE conv_shape ALTER COLUMN name TYPE bytea USING NULL;
		END IF;
	END LOOP;
END $$;
DROP TABLE conv_shape;

-- errors name the command, the result set, the row and the column
\set VERBOSITY default
-- more result-set columns than the row type has (or fewer)
SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::one, command => 1) AS p;
\echo :LAST_ERROR_SQLSTATE
SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::people) AS p;
\echo :LAST_ERROR_SQLSTATE
-- a value the column type cannot take
CREATE TEMP TABLE wrong (id bigint, name int);
SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::wrong, command => 1) AS p;
\echo :LAST_ERROR_SQLSTATE
CREATE TEMP TABLE tiny (id bigint, name varchar(2));
SELECT p.* FROM cap, mysql_conversation_rows(client, server, NULL::tiny, command => 3) AS p;
\echo :LAST_ERROR_SQLSTATE
CREATE TEMP TABLE small (id smallint, name text);
SELECT p.* FROM cap, mysql_conversation_rows(client,
	overlay(server PLACING '\x70110100'::bytea FROM 375 FOR 4), NULL::small, command => 3) AS p;
\echo :LAST_ERROR_SQLSTATE
-- a row the column definitions do not describe: 22P03 naming row, command and result set
SELECT p.* FROM cap, mysql_conversation_rows(client,
	overlay(server PLACING '\x09'::bytea FROM 142 FOR 1), NULL::people, command => 1) AS p;
\echo :LAST_ERROR_SQLSTATE
-- a corrupt column definition: the conversation refuses it
SELECT p.* FROM cap, mysql_conversation_rows(client,
	overlay(server PLACING '\x40'::bytea FROM 63 FOR 1), NULL::people, command => 1) AS p;
\echo :LAST_ERROR_SQLSTATE
-- a truncated capture, a broken frame
SELECT count(*) FROM cap, mysql_conversation_rows(client, substring(server FROM 1 FOR 160), NULL::people);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation_rows(client, overlay(server PLACING '\x09' FROM 5 FOR 1), NULL::people);
\echo :LAST_ERROR_SQLSTATE
-- a result set whose server sent no column definitions (optional result set
-- metadata negotiated in the handshake) for a plain query: no statement
-- holds them, 22P03
CREATE TEMP TABLE nometa AS SELECT
  mysql_packet_frame('\x8da20a03000000012d' || decode(repeat('00', 23), 'hex') || '\x726f6f7400', 1)
  || mysql_packet_frame('\x03' || convert_to('SELECT id, name FROM t', 'UTF8'), 0) AS client,
  mysql_packet_frame('\x0a382e302e33360001000000010101010101010100'::bytea
	|| '\x0082ff020008031500000000000000000000'::bytea || decode(repeat('01', 12), 'hex')
	|| '\x00'::bytea || convert_to('mysql_native_password', 'UTF8') || '\x00'::bytea, 0)
  || mysql_packet_frame('\x00000002000000', 2)
  || mysql_packet_frame('\x0200', 1)
  || mysql_packet_frame('\x0131' || mysql_lenenc_str('x'), 2)
  || mysql_packet_frame('\xfe0000020000000000'::bytea, 3) AS server;
SELECT kind, cardinality(columns) AS ncols FROM nometa, mysql_conversation(client, server)
WHERE command = 1;
SELECT p.* FROM nometa, mysql_conversation_rows(client, server, NULL::people) AS p;
\echo :LAST_ERROR_SQLSTATE
-- called where no set can be taken (the function declared as returning one
-- row), and mysql_conversation likewise: 0A000
CREATE FUNCTION pg_temp.rows_as_scalar(bytea, anyelement) RETURNS anyelement
AS '$libdir/wirecodec', 'mysql_conversation_rows_server' LANGUAGE C;
SELECT pg_temp.rows_as_scalar(server, NULL::people) FROM cap;
\echo :LAST_ERROR_SQLSTATE
CREATE FUNCTION pg_temp.conv_as_scalar(bytea) RETURNS record
AS '$libdir/wirecodec', 'mysql_conversation_server' LANGUAGE C;
SELECT pg_temp.conv_as_scalar(server) FROM cap;
\echo :LAST_ERROR_SQLSTATE
-- selectors and base
SELECT count(*) FROM cap, mysql_conversation_rows(server, NULL::people, command => -1);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation_rows(server, NULL::people, result_set => -2);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation_rows(server, NULL::int);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation_rows(server, NULL::record) AS p(a int);
\echo :LAST_ERROR_SQLSTATE
CREATE DOMAIN people_d AS people;
SELECT count(*) FROM cap, mysql_conversation_rows(server, NULL::people_d);
\echo :LAST_ERROR_SQLSTATE
DROP DOMAIN people_d;

-- real captures (test/unit/mysql_captures.tsv, recorded from MariaDB
-- 10.11 with Connector/C: pipelined prepare + execute, cached metadata,
-- cursors and COM_STMT_FETCH, long data, bulk, compression): every result
-- set's rows through mysql_conversation_rows equal the rows of
-- mysql_conversation + mysql_row_populate_record, into a row type of as
-- many text columns
CREATE TEMP TABLE caps (name text, compressed int, client text, server text, description text, signature text);
\copy caps FROM 'test/unit/mysql_captures.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x02')
CREATE TEMP TABLE capsets AS
SELECT name, c.command, c.result_set, count(*) AS rows, max(cardinality(c.columns)) AS ncols
FROM caps, mysql_conversation(CASE WHEN client <> '' THEN decode(client, 'hex') END, decode(server, 'hex')) c
WHERE c.kind LIKE '%row' AND client <> '' GROUP BY 1, 2, 3;
CREATE TEMP TABLE capsame (name text, command int, result_set int, rows bigint, same bool);
DO $$
DECLARE
	r record;
	same bool;
	n bigint;
BEGIN
	FOR r IN SELECT * FROM capsets ORDER BY name COLLATE "C", command, result_set LOOP
		EXECUTE format('CREATE TYPE pg_temp.captext%s AS (%s)', r.ncols,
					   (SELECT string_agg('c' || i || ' text', ', ') FROM generate_series(1, r.ncols) i));
		EXECUTE format($q$
			SELECT count(*), count(*) = %s AND NOT EXISTS (
				(SELECT p.* FROM caps, mysql_conversation_rows(decode(client, 'hex'), decode(server, 'hex'),
					NULL::pg_temp.captext%s, command => %s, result_set => %s) AS p WHERE name = %L
				 EXCEPT ALL
				 SELECT q.* FROM caps, mysql_conversation(decode(client, 'hex'), decode(server, 'hex')) c,
					mysql_row_populate_record(NULL::pg_temp.captext%s, c.payload, c.columns,
											  c.kind = 'binary_row', c.row_number) AS q
				 WHERE name = %L AND c.command = %s AND c.result_set = %s AND c.kind LIKE '%%row'))
			FROM caps, mysql_conversation_rows(decode(client, 'hex'), decode(server, 'hex'),
					NULL::pg_temp.captext%s, command => %s, result_set => %s) AS p WHERE name = %L$q$,
			r.rows, r.ncols, r.command, r.result_set, r.name, r.ncols, r.name, r.command, r.result_set,
			r.ncols, r.command, r.result_set, r.name) INTO n, same;
		INSERT INTO capsame VALUES (r.name, r.command, r.result_set, n, same);
		EXECUTE format('DROP TYPE pg_temp.captext%s', r.ncols);
	END LOOP;
END $$;
-- (the vector file grows: at least the 23 result sets of its first 16 captures)
SELECT count(*) >= 23 AS enough_result_sets, sum(rows) >= 222 AS enough_rows,
	   bool_and(same) AS all_same,
	   string_agg(name || ' ' || command || '/' || result_set, ', ') FILTER (WHERE NOT same) AS different
FROM capsame;
-- a few of them by name: pipelined prepare + execute (0xFFFFFFFF), cached
-- metadata, cursor fetch, compressed multi-statement, the 17 MB value
SELECT name, command, result_set, rows, same FROM capsame
WHERE name IN ('direct', 'direct2', 'cursor', 'multi-compress', 'big-compress')
ORDER BY name COLLATE "C", command, result_set;

-- memory: 300,000 rows decoded in one call keep this backend's peak
-- resident size within a few MB (the rows go to the scan's tuplestore,
-- which spills to a temporary file beyond work_mem)
SET max_parallel_workers = 0;
SET jit = off;
CREATE TEMP TABLE big AS SELECT pg_temp.big_capture(300000) AS server;
SELECT pg_temp.hwm_reset();
CREATE TEMP TABLE hwm AS SELECT pg_temp.hwm_kb() AS before;
SELECT count(*) AS rows, sum(p.id) AS ids, count(DISTINCT p.name) AS names
FROM big, mysql_conversation_rows(server, NULL::people) AS p;
SELECT pg_temp.hwm_kb() - before < 16384 AS flat_over_300k_rows FROM hwm;
RESET max_parallel_workers;
RESET jit;
