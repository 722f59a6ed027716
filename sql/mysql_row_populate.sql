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

-- DECIMAL text (either protocol) into numeric: short forms from their
-- digits, the rest (19+ digits, other spellings) through numeric_in; the
-- same values and errors either way, typmods applied as numeric_in does
CREATE TEMP TABLE dec_text (v text);
INSERT INTO dec_text VALUES ('0'), ('-0.00'), ('123'), ('-123'), ('999999999999999999'),
	('-99999999999999999.9'), ('9999999999999999.99'), ('99999999999999.9999'),
	('-0.000000000000000001'), ('1234567890123456789'), ('-1234567890123456789.5'), ('12.345'),
	('12.355'), ('-12.345'), ('007.50'), ('1.'), ('.5'), ('1e5'), ('-'), ('');
CREATE TYPE dec_n AS (n numeric);
CREATE TYPE dec_n2 AS (n numeric(10,2));
CREATE TYPE dec_n4 AS (n numeric(4,2));
SELECT v, t, pg_temp.try(format('SELECT n::text FROM mysql_row_populate_record(NULL::%s, %L, %L)', t,
								mysql_lenenc_str(convert_to(v, 'UTF8')),
								ARRAY[pg_temp.cd('n', 63, 246)])) AS status,
	   CASE WHEN v NOT IN ('-', '') THEN
		   (mysql_row_populate_record(NULL::dec_n, mysql_lenenc_str(convert_to(v, 'UTF8')),
									  ARRAY[pg_temp.cd('n', 63, 246)])).n::text END AS numeric
FROM dec_text, unnest(ARRAY['dec_n', 'dec_n2', 'dec_n4']) t ORDER BY t, v;
SELECT v, (mysql_row_populate_record(NULL::dec_n2, mysql_lenenc_str(convert_to(v, 'UTF8')),
									  ARRAY[pg_temp.cd('n', 63, 246)])).n::text AS numeric_10_2
FROM dec_text WHERE length(v) BETWEEN 1 AND 8 AND v NOT IN ('-', '1e5') ORDER BY v;

-- strings: latin1 (Windows-1252) and utf8mb4 into varchar(3), text and
-- char(4): ASCII as it is, the rest converted once per column; varchar
-- past its length is 22001 (trailing spaces cut, as varcharin does)
CREATE TYPE str_v3 AS (s varchar(3));
CREATE TYPE str_t AS (s text);
CREATE TYPE str_c4 AS (s char(4));
CREATE TEMP TABLE str_in (b bytea, cs int);
INSERT INTO str_in VALUES ('\x616263', 8), ('\x61626364', 8), ('\x616263202020', 8), ('\xe9e8', 8),
	('\xe9e8e7e6', 8), ('\x80', 8), ('\x81', 8), ('\xc3a9c3a8', 45), ('\xc3a9c3a8c3a7c3a6', 45),
	('\xc3', 45), ('', 45), ('\xe9', 63), ('\x6162', 11);
SELECT b, cs, t, pg_temp.try(format('SELECT s::text FROM mysql_row_populate_record(NULL::%s, %L, %L)',
									t, mysql_lenenc_str(b), ARRAY[pg_temp.cd('s', cs, 253)])) AS status
FROM str_in, unnest(ARRAY['str_v3', 'str_t', 'str_c4']) t ORDER BY t, b, cs;
SELECT b, cs, (mysql_row_populate_record(NULL::str_t, mysql_lenenc_str(b),
										 ARRAY[pg_temp.cd('s', cs, 253)])).s AS text,
	   (mysql_row_populate_record(NULL::str_c4, mysql_lenenc_str(b),
								  ARRAY[pg_temp.cd('s', cs, 253)])).s AS char_4
FROM str_in WHERE cs IN (8, 45) AND b NOT IN ('\x81', '\xc3') AND length(b) <= 4 ORDER BY b, cs;

-- TIME text into time (a time of day straight, the rest through time_in),
-- interval and time(3)
CREATE TYPE tm_t AS (t time);
CREATE TYPE tm_i AS (t interval);
CREATE TYPE tm_t3 AS (t time(3));
CREATE TEMP TABLE tm_in (v text);
INSERT INTO tm_in VALUES ('00:00:00'), ('12:34:56'), ('12:34:56.5'), ('23:59:59.999999'),
	('24:00:00'), ('24:00:01'), ('-01:00:00'), ('838:59:59'), ('-838:59:59.000001');
SELECT v, t, pg_temp.try(format('SELECT t::text FROM mysql_row_populate_record(NULL::%s, %L, %L)', t,
								mysql_lenenc_str(convert_to(v, 'UTF8')),
								ARRAY[pg_temp.cd('t', 63, 11)])) AS status
FROM tm_in, unnest(ARRAY['tm_t', 'tm_i', 'tm_t3']) t ORDER BY t, v;
SELECT v, (mysql_row_populate_record(NULL::tm_t, mysql_lenenc_str(convert_to(v, 'UTF8')),
									 ARRAY[pg_temp.cd('t', 63, 11)])).t AS time,
	   (mysql_row_populate_record(NULL::tm_t3, mysql_lenenc_str(convert_to(v, 'UTF8')),
								  ARRAY[pg_temp.cd('t', 63, 11)])).t AS time_3
FROM tm_in WHERE v NOT IN ('24:00:01', '-01:00:00', '838:59:59', '-838:59:59.000001') ORDER BY v;

-- DATETIME text into timestamptz (the session's zone, DST gaps and
-- overlaps as timestamptz_in has them), date and timestamp; zero dates are
-- NULL, impossible dates 22008
SET timezone = 'Europe/Berlin';
CREATE TYPE dtm_z AS (t timestamptz);
CREATE TYPE dtm_d AS (t date);
CREATE TYPE dtm_s AS (t timestamp);
CREATE TEMP TABLE dtm_in (v text);
INSERT INTO dtm_in VALUES ('0000-00-00'), ('0000-00-00 00:00:00'), ('0000-01-01 00:00:00'),
	('2024-02-30 00:00:00'), ('2024-03-31 02:30:00'), ('2024-10-27 02:30:00.5'),
	('9999-12-31 23:59:59.999999'), ('2024-00-01 00:00:00');
SELECT v, t, ty, pg_temp.try(format('SELECT t::text FROM mysql_row_populate_record(NULL::%s, %L, %L)',
									t, mysql_lenenc_str(convert_to(v, 'UTF8')),
									ARRAY[pg_temp.cd('t', 63, ty)])) AS status
FROM dtm_in, unnest(ARRAY['dtm_z', 'dtm_d', 'dtm_s']) t, unnest(ARRAY[7, 12]) ty ORDER BY t, ty, v;
SELECT v, ty, (mysql_row_populate_record(NULL::dtm_z, mysql_lenenc_str(convert_to(v, 'UTF8')),
										 ARRAY[pg_temp.cd('t', 63, ty)])).t AS timestamptz
FROM dtm_in, unnest(ARRAY[7, 12]) ty
WHERE v NOT IN ('2024-02-30 00:00:00', '2024-00-01 00:00:00') ORDER BY ty, v;
RESET timezone;

-- domain targets: the value is built as the base type, then the domain's
-- constraints checked (integers, strings within a varchar's length, dates)
CREATE DOMAIN pos_int AS int CHECK (VALUE > 0);
CREATE DOMAIN short_name AS varchar(3);
CREATE DOMAIN past_date AS date CHECK (VALUE < '2100-01-01');
CREATE TYPE dom_row AS (n pos_int, s short_name, d past_date);
CREATE TEMP TABLE dom_in (n text, s text, d text);
INSERT INTO dom_in VALUES ('5', 'abc', '2024-01-02'), ('-5', 'abc', '2024-01-02'),
	('5', 'abcd', '2024-01-02'), ('5', 'ab', '2200-01-01'), ('5', 'ab', '0000-00-00');
SELECT n, s, d, pg_temp.try(format('SELECT to_jsonb(r)::text FROM mysql_row_populate_record(NULL::dom_row, %L, %L) r',
		mysql_lenenc_str(convert_to(n, 'UTF8')) || mysql_lenenc_str(convert_to(s, 'UTF8')) ||
		mysql_lenenc_str(convert_to(d, 'UTF8')),
		ARRAY[pg_temp.cd('n', 63, 3), pg_temp.cd('s', 255, 253), pg_temp.cd('d', 63, 10)])) AS status
FROM dom_in ORDER BY n, s, d;
DROP TYPE dom_row;
DROP DOMAIN pos_int;
DROP DOMAIN short_name;
DROP DOMAIN past_date;

-- a row type nested in the target changes between two calls of one call
-- site: the nested type is watched too, the next call has its new shape
CREATE TYPE inner_t AS (a int, b text);
CREATE TABLE outer_t (id int, inner_v inner_t);
DO $$
DECLARE
	cols bytea[] := ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('inner_v', 255, 253)];
	r bytea := mysql_lenenc_str('1') || mysql_lenenc_str('(2,x,3)');
BEGIN
	FOR i IN 1..2 LOOP
		BEGIN
			RAISE NOTICE 'call %: %', i, to_jsonb(mysql_row_populate_record(NULL::outer_t, r, cols));
		EXCEPTION WHEN OTHERS THEN
			RAISE NOTICE 'call %: ERROR % %', i, SQLSTATE, SQLERRM;
		END;
		IF i = 1 THEN
			ALTER TYPE inner_t ADD ATTRIBUTE c int;
		END IF;
	END LOOP;
END $$;
DROP TABLE outer_t;
DROP TYPE inner_t;
