-- fdb_tuple_populate_record's per-call-site cache: the row types (the base
-- and every nested one) are checked on every call, so that ALTER TABLE or
-- ALTER TYPE between two calls gives the new shape or a clear error; the
-- base argument may be a row value; memory stays flat when the row type
-- changes from row to row.  Rows are read in FROM (the LATERAL form), so
-- that the function runs once per key, not once per output column.
\set VERBOSITY default

-- keys in FROM, one call per key
CREATE TEMP TABLE uk (dir text, id int8, email text, score float8);
CREATE TEMP TABLE keys AS
SELECT fdb_tuple_pack('users', g, 'user' || g || '@example.com', g * 0.5::float8) AS k
FROM generate_series(1, 4) g;
SELECT p.* FROM keys, fdb_tuple_populate_record(NULL::uk, k) AS p ORDER BY p.id;
-- a row value as the base (its values are not used, its type is)
SELECT p.* FROM keys, uk AS u, fdb_tuple_populate_record(u, k) AS p ORDER BY p.id;
INSERT INTO uk VALUES ('x', 0, 'x', 0);
SELECT p.* FROM keys, uk AS u, fdb_tuple_populate_record(u, k) AS p ORDER BY p.id;
TRUNCATE uk;

-- ALTER TABLE between two calls of one PL/pgSQL loop
CREATE TABLE fshape (dir text, id int8, extra int4);
DO $$
BEGIN
	FOR i IN 1..5 LOOP
		BEGIN
			RAISE NOTICE 'call %: %', i, to_jsonb(fdb_tuple_populate_record(NULL::fshape,
				CASE WHEN i IN (2, 3) THEN fdb_tuple_pack('users', i) ELSE fdb_tuple_pack('users', i, 7) END));
		EXCEPTION WHEN OTHERS THEN
			RAISE NOTICE 'call %: ERROR % %', i, SQLSTATE, SQLERRM;
		END;
		IF i = 1 THEN
			ALTER TABLE fshape DROP COLUMN extra;      -- call 2: dir, id
		ELSIF i = 3 THEN
			ALTER TABLE fshape ADD COLUMN note text;   -- call 4: a number is no text: error
		ELSIF i = 4 THEN
			ALTER TABLE fshape ALTER COLUMN note TYPE int8 USING note::int8; -- call 5: dir, id, note
		END IF;
	END LOOP;
END $$;
-- the same three elements after a DROP COLUMN: a clear error, never the old shape
DO $$
BEGIN
	FOR i IN 1..2 LOOP
		BEGIN
			RAISE NOTICE 'call %: %', i, to_jsonb(fdb_tuple_populate_record(NULL::fshape, fdb_tuple_pack('users', i, 7)));
		EXCEPTION WHEN OTHERS THEN
			RAISE NOTICE 'call %: ERROR % %', i, SQLSTATE, SQLERRM;
		END;
		IF i = 1 THEN
			ALTER TABLE fshape DROP COLUMN note;
		END IF;
	END LOOP;
END $$;
DROP TABLE fshape;
-- constant arguments: the row type's shape is read on every call, never
-- folded into the cached plan with the old shape
CREATE TABLE tf (a text, b int8, c int8);
CREATE FUNCTION pg_temp.fpop() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	RETURN fdb_tuple_populate_record(NULL::tf, fdb_tuple_pack('x'::text, 1::int8, 2::int8))::text;
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
SELECT pg_temp.fpop();
ALTER TABLE tf DROP COLUMN c;
SELECT pg_temp.fpop();
ALTER TABLE tf ADD COLUMN d int8;
SELECT pg_temp.fpop();
DROP TABLE tf;

-- a nested row type altered between two calls
CREATE TYPE fdb_pt AS (x int4, y int4);
CREATE TABLE fpath (name text, at fdb_pt);
DO $$
BEGIN
	FOR i IN 1..3 LOOP
		BEGIN
			RAISE NOTICE 'call %: %', i, to_jsonb(fdb_tuple_populate_record(NULL::fpath,
				CASE WHEN i = 1 THEN fdb_tuple_pack('p', ROW(1, 2)) ELSE fdb_tuple_pack('p', ROW(1, 2, 3)) END));
		EXCEPTION WHEN OTHERS THEN
			RAISE NOTICE 'call %: ERROR % %', i, SQLSTATE, SQLERRM;
		END;
		IF i = 2 THEN
			ALTER TYPE fdb_pt ADD ATTRIBUTE z int4;
		END IF;
	END LOOP;
END $$;
DROP TABLE fpath;
DROP TYPE fdb_pt;

-- an unsupported column type fails while the plan is built; the previous
-- plan stays, and the same call fails the same way every time
CREATE TABLE fbad (dir text, id int8);
DO $$
BEGIN
	FOR i IN 1..4 LOOP
		BEGIN
			RAISE NOTICE 'call %: %', i, to_jsonb(fdb_tuple_populate_record(NULL::fbad, fdb_tuple_pack('users', i)));
		EXCEPTION WHEN OTHERS THEN
			RAISE NOTICE 'call %: ERROR % %', i, SQLSTATE, SQLERRM;
		END;
		IF i = 1 THEN
			ALTER TABLE fbad ALTER COLUMN id TYPE inet USING NULL;
		ELSIF i = 3 THEN
			ALTER TABLE fbad ALTER COLUMN id TYPE numeric USING NULL;
		END IF;
	END LOOP;
END $$;
DROP TABLE fbad;

-- the base argument: a domain over a row type, an anonymous record and a
-- scalar are refused with 42804
CREATE DOMAIN uk_d AS uk;
SELECT * FROM fdb_tuple_populate_record(NULL::uk_d, fdb_tuple_pack('a'));
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_populate_record(ROW(1, 2), fdb_tuple_pack(1, 2));
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_populate_record(NULL::text, fdb_tuple_pack('a'));
\echo :LAST_ERROR_SQLSTATE
DROP DOMAIN uk_d;

-- rows of scalar columns are written in one pass (the direct form); every
-- key it does not take is read again by the general path, with the same
-- values and the same errors.  fflat_slow has the same columns but a
-- varchar(1000), which the direct form leaves to the general path.
CREATE TABLE fflat (a int2, gone int4, b int4, c int8, d float4, e float8, f bool,
					g uuid, h text, i bytea, j varchar, m numeric);
ALTER TABLE fflat DROP COLUMN gone;
CREATE TYPE fflat_slow AS (a int2, b int4, c int8, d float4, e float8, f bool,
						   g uuid, h text, i bytea, j varchar(1000), m numeric(30, 0));
CREATE TEMP TABLE fflat_keys (n int, k fdb_tuple);
INSERT INTO fflat_keys VALUES
 (1, fdb_tuple_pack((-32768)::int2, 2147483647, -9223372036854775807, 1.5::float4, -0.25::float8, true,
	'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid, 'héllo', '\x00ff01'::bytea, 'v', -9223372036854775808)),
 (2, fdb_tuple_pack(NULL::int2, NULL::int4, NULL::int8, NULL::float4, NULL::float8, NULL::bool,
	NULL::uuid, NULL::text, NULL::bytea, NULL::text, NULL::numeric)),
 (3, fdb_tuple_pack(7::int2, 8, 9, 'NaN'::float4, 2.5::float4, false,
	'00000000-0000-0000-0000-000000000000'::uuid, repeat('x', 300), 's', repeat('y', 126), 0)),
 (4, fdb_tuple_pack(1::int2, 2, 3, 4::float4, 5::float8, true, NULL::uuid, '', ''::bytea, repeat('z', 127),
	123456789012345678));
-- in FROM, in the select list, and stored as a whole row value
SELECT n, p.a, p.b, p.c, p.d, p.e, p.f, p.g, left(p.h, 10) AS h, length(p.h) AS hlen,
	   p.i, length(p.j) AS jlen, p.m
FROM fflat_keys, fdb_tuple_populate_record(NULL::fflat, k) AS p ORDER BY n;
INSERT INTO fflat SELECT p.* FROM fflat_keys, fdb_tuple_populate_record(NULL::fflat, k) AS p;
CREATE TEMP TABLE fflat_rows AS
SELECT n, fdb_tuple_populate_record(NULL::fflat, k) AS r FROM fflat_keys;
-- the same rows, each way: as the table stores them, as a row value, as
-- the general path reads them, and field by field through the getters
SELECT n, (r).h = repeat('x', 300) AS long_text,
	   r = (SELECT t FROM fflat t WHERE t.c IS NOT DISTINCT FROM (r).c) AS same_row,
	   to_jsonb(r) = to_jsonb(fdb_tuple_populate_record(NULL::fflat_slow, k)) AS same_as_general
FROM fflat_rows JOIN fflat_keys USING (n) ORDER BY n;
SELECT count(*) AS matching FROM fflat_rows JOIN fflat_keys USING (n)
WHERE (r).b IS NOT DISTINCT FROM fdb_tuple_get_int8(k, 1)::int4
  AND (r).h IS NOT DISTINCT FROM fdb_tuple_get_text(k, 7)
  AND (r).i IS NOT DISTINCT FROM fdb_tuple_get_bytea(k, 8)
  AND (r).j IS NOT DISTINCT FROM fdb_tuple_get_text(k, 9)
  AND (r).m IS NOT DISTINCT FROM fdb_tuple_get_numeric(k, 10);
-- keys the direct form hands to the general path: the same errors (an
-- int2 and an int4 out of range, a double out of real's range (one in range
-- converts), an element missing, one too many, an integer beyond 64 bits and
-- a double into numeric, which convert, a truncated key, a string with
-- U+0000 into text)
SELECT * FROM fdb_tuple_populate_record(NULL::fflat, fdb_tuple_pack(32768, 1, 1, 1::float4, 1::float8, true,
	NULL::uuid, 't', 'b'::bytea, 'v', 1));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fflat, fdb_tuple_pack(1::int2, 2147483648, 1, 1::float4, 1::float8, true,
	NULL::uuid, 't', 'b'::bytea, 'v', 1));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fflat, fdb_tuple_pack(1::int2, 1, 1, 1e300::float8, 1::float8, true,
	NULL::uuid, 't', 'b'::bytea, 'v', 1));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fflat, fdb_tuple_pack(1::int2, 1, 1, 1::float8, 1::float8, true,
	NULL::uuid, 't', 'b'::bytea, 'v', 1));
SELECT * FROM fdb_tuple_populate_record(NULL::fflat, fdb_tuple_pack(1::int2, 1, 1, 1::float4, 1::float8, true,
	NULL::uuid, 't', 'b'::bytea, 'v'));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fflat, fdb_tuple_pack(1::int2, 1, 1, 1::float4, 1::float8, true,
	NULL::uuid, 't', 'b'::bytea, 'v', 1, 'w'));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fflat, fdb_tuple_pack(1::int2, 1, 1, 1::float4, 1::float8, true,
	NULL::uuid, 't', 'b'::bytea, 'v', 18446744073709551616::numeric));
SELECT * FROM fdb_tuple_populate_record(NULL::fflat, fdb_tuple_pack(1::int2, 1, 1, 1::float4, 1::float8, true,
	NULL::uuid, 't', 'b'::bytea, 'v', 1.5::float8));
SELECT * FROM fdb_tuple_populate_record(NULL::fflat, '\x0c0a'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fflat,
	decode(replace(encode(fdb_tuple_pack(1::int2, 1, 1, 1::float4, 1::float8, true, NULL::uuid,
		'x' || chr(1) || 'y', 'b'::bytea, 'v', 1)::bytea, 'hex'), '780179', '7800ff79'), 'hex'));
\echo :LAST_ERROR_SQLSTATE
DROP TABLE fflat_rows, fflat;
DROP TYPE fflat_slow;

-- floats into numeric (as the casts float4/float8 -> numeric, the typmod
-- applied), domains (NOT NULL included) on a column and an array's
-- elements, PostgreSQL's own errors with the element and column as context
CREATE DOMAIN fdb_nn AS int4 NOT NULL;
CREATE TYPE fdb_fn AS (a numeric, b numeric(4,1), c fdb_nn, d fdb_nn[]);
SELECT * FROM fdb_tuple_populate_record(NULL::fdb_fn, fdb_tuple_pack(0.1::float4, 0.25::float8, 1, ARRAY[1, 2]));
SELECT * FROM fdb_tuple_populate_record(NULL::fdb_fn, fdb_tuple_pack(0.1::float4, 0.25::float8, NULL::int4, ARRAY[1]));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fdb_fn, fdb_tuple_pack(0.1::float4, 0.25::float8, 1, ARRAY[1, NULL]));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fdb_fn, fdb_tuple_pack(0.1::float4, 12345.0::float8, 1, ARRAY[1]));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fdb_fn, fdb_tuple_pack(0.1::float4, 'NaN'::float8, 1, ARRAY[1]));
DROP TYPE fdb_fn;
DROP DOMAIN fdb_nn;

-- memory stays flat over 2,000,000 calls: the peak resident size of this
-- backend (VmHWM) grows by a few MB at most.
SET max_parallel_workers = 0;
SET jit = off;
CREATE FUNCTION pg_temp.hwm_kb() RETURNS bigint LANGUAGE sql AS
$$ SELECT substring(pg_read_file('/proc/self/status') FROM 'VmHWM:\s*(\d+)')::bigint $$;
CREATE TEMP TABLE hwm AS SELECT pg_temp.hwm_kb() AS before;
SELECT count(p.id) AS calls
FROM generate_series(1, 2000000) g, fdb_tuple_populate_record(NULL::uk, fdb_tuple_pack('u', g, 'e' || g, g * 0.5::float8)) AS p;
SELECT pg_temp.hwm_kb() - before < 16384 AS flat_over_2m_calls FROM hwm;
RESET max_parallel_workers;
RESET jit;
