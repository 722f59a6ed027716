-- mysql_row_populate_record's per-call-site cache: the row type is checked
-- on every call (ALTER TABLE between two calls gives the new shape or a
-- clear error), several column-definition arrays alternate without
-- rebuilding or growing, and an error while building the cache leaves
-- nothing half-built behind.  Rows are read in FROM (the LATERAL form), so
-- that the function runs once per row, not once per output column.
\set VERBOSITY default

-- helpers: pg_temp.cd(), pg_temp.hwm_kb()
\set ECHO none
\i sql/mysql_helpers.psql
\set ECHO all

-- rows of two result sets, interleaved: (id LONG, name VAR_STRING utf8mb4)
-- and (id LONGLONG, name VAR_STRING utf8) into the same row type
CREATE TEMP TABLE person (id bigint, name text);
CREATE TEMP TABLE mixed AS
SELECT g,
	   mysql_lenenc_str(convert_to(g::text, 'UTF8')) || mysql_lenenc_str(convert_to('n' || g, 'UTF8')) AS r,
	   CASE WHEN g % 2 = 0
			THEN ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253)]
			ELSE ARRAY[pg_temp.cd('id', 63, 8), pg_temp.cd('name', 33, 253)] END AS cols
FROM generate_series(1, 6) g;
-- alternating definitions: each row typed by its own array
SELECT m.g, p.* FROM mixed m, mysql_row_populate_record(NULL::person, m.r, m.cols) AS p ORDER BY m.g;
-- the same, as an expression evaluated per row
SELECT m.g, mysql_row_populate_record(NULL::person, m.r, m.cols) AS p FROM mixed m ORDER BY m.g;
-- five different arrays in turn (more than the call site keeps): still right
SELECT count(*) AS rows, count(DISTINCT p.id) AS ids, bool_and(p.name = 'x') AS names
FROM generate_series(1, 50) g,
	 LATERAL (SELECT ARRAY[pg_temp.cd('id' || g % 5, 63, 3), pg_temp.cd('name', 255, 253)] AS cols) c,
	 mysql_row_populate_record(NULL::person,
		mysql_lenenc_str(convert_to(g::text, 'UTF8')) || mysql_lenenc_str('x'), c.cols) AS p;

-- ALTER TABLE between two calls of one PL/pgSQL loop: the expression keeps
-- its call site, and each call sees the table's current shape
CREATE TABLE shape (id bigint, name text, extra int);
DO $$
DECLARE
	c3 bytea[] := ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253), pg_temp.cd('extra', 63, 3)];
	c2 bytea[] := ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253)];
	r3 bytea := '\x0131 0161 0137';
	r2 bytea := '\x0132 0162';
	cols bytea[];
	r bytea;
BEGIN
	FOR i IN 1..5 LOOP
		cols := CASE WHEN i IN (1, 4) THEN c3 WHEN i = 5 THEN c3 ELSE c2 END;
		r := CASE WHEN i IN (1, 4, 5) THEN r3 ELSE r2 END;
		BEGIN
			RAISE NOTICE 'call %: %', i, to_jsonb(mysql_row_populate_record(NULL::shape, r, cols));
		EXCEPTION WHEN OTHERS THEN
			RAISE NOTICE 'call %: ERROR % %', i, SQLSTATE, SQLERRM;
		END;
		IF i = 1 THEN
			ALTER TABLE shape DROP COLUMN extra;    -- call 2: two columns
		ELSIF i = 3 THEN
			ALTER TABLE shape ADD COLUMN note text; -- call 4: id, name, note
		ELSIF i = 4 THEN
			ALTER TABLE shape ALTER COLUMN note TYPE int USING note::int; -- call 5: note is int
		END IF;
	END LOOP;
END $$;
-- the old array against the new shape: a clear error, never the old shape
DO $$
DECLARE
	c3 bytea[] := ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253), pg_temp.cd('note', 63, 3)];
BEGIN
	FOR i IN 1..2 LOOP
		BEGIN
			RAISE NOTICE 'call %: %', i, to_jsonb(mysql_row_populate_record(NULL::shape, '\x0131 0161 0137', c3));
		EXCEPTION WHEN OTHERS THEN
			RAISE NOTICE 'call %: ERROR % %', i, SQLSTATE, SQLERRM;
		END;
		IF i = 1 THEN
			ALTER TABLE shape DROP COLUMN note;
		END IF;
	END LOOP;
END $$;
DROP TABLE shape;

-- an error while the cache is built (the second definition has no column)
-- leaves nothing cached: the same call fails the same way every time, and
-- a good array afterwards works
CREATE TEMP TABLE one (id bigint);
DO $$
DECLARE
	bad bytea[] := ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253)];
	good bytea[] := ARRAY[pg_temp.cd('id', 63, 3)];
BEGIN
	FOR i IN 1..3 LOOP
		BEGIN
			RAISE NOTICE 'call %: %', i,
				to_jsonb(mysql_row_populate_record(NULL::one, CASE WHEN i < 3 THEN '\x0131 0161'::bytea ELSE '\x0139' END,
												   CASE WHEN i < 3 THEN bad ELSE good END));
		EXCEPTION WHEN OTHERS THEN
			RAISE NOTICE 'call %: ERROR % %', i, SQLSTATE, SQLERRM;
		END;
	END LOOP;
END $$;

-- the row type argument: a domain over a composite type and an anonymous
-- record are refused with 42804
CREATE DOMAIN person_d AS person;
SELECT * FROM mysql_row_populate_record(NULL::person_d, '\x0131', ARRAY[pg_temp.cd('id', 63, 3)]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::record, '\x0131', ARRAY[pg_temp.cd('id', 63, 3)]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::int, '\x0131', ARRAY[pg_temp.cd('id', 63, 3)]);
\echo :LAST_ERROR_SQLSTATE
DROP DOMAIN person_d;

-- memory stays flat: 2,000,000 calls with two column-definition arrays
-- alternating row by row.  The peak resident size of this backend (VmHWM)
-- may grow by a few MB at most; a cache rebuilt without freeing the old one
-- grows it by hundreds of MB.  (max_parallel_workers = 0: the calls run in
-- this backend even under force_parallel_mode; jit = off: loading LLVM
-- would be the growth measured.)
SET max_parallel_workers = 0;
SET jit = off;
CREATE TEMP TABLE two AS
SELECT '\x0131 026e31'::bytea AS r,
	   ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253)] AS c1,
	   ARRAY[pg_temp.cd('id', 63, 8), pg_temp.cd('name', 33, 253)] AS c2;
CREATE TEMP TABLE hwm AS SELECT pg_temp.hwm_kb() AS before;
SELECT count(p.id) AS calls
FROM generate_series(1, 2000000) g, two t,
	 mysql_row_populate_record(NULL::person, t.r, CASE g % 2 WHEN 0 THEN t.c1 ELSE t.c2 END) AS p;
SELECT pg_temp.hwm_kb() - before < 16384 AS flat_over_2m_calls FROM hwm;
RESET max_parallel_workers;
RESET jit;
