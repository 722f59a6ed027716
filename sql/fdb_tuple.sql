-- fdb_tuple: packing from SQL types, the fdb_tuple type, getters, whole-
-- tuple readers, key ranges, versionstamps, and every error path.
\set VERBOSITY default

-- ======================================================================
-- Packing: the SQL type of each argument decides the element type
-- ======================================================================
SELECT fdb_tuple_pack('users', 42) AS simple,
	   fdb_tuple_pack('users'::text, 42::int8) AS typed;

-- one value, one encoding, whatever the SQL integer type
SELECT fdb_tuple_pack(7::int2) AS int2, fdb_tuple_pack(7::int4) AS int4,
	   fdb_tuple_pack(7::int8) AS int8, fdb_tuple_pack(7::numeric) AS numeric,
	   fdb_tuple_pack(7.000::numeric) AS numeric_scale3, fdb_tuple_pack('-0'::numeric) AS numeric_minus_zero;

-- strings: text, varchar, char (trailing blanks dropped as by a text cast), name
SELECT fdb_tuple_pack('ab'::text) AS text, fdb_tuple_pack('ab'::varchar(5)) AS varchar,
	   fdb_tuple_pack('ab'::char(4)) AS bpchar, fdb_tuple_pack('ab'::name) AS name;

-- a domain packs as its base type
CREATE DOMAIN pg_temp.email AS text CHECK (VALUE LIKE '%@%');
SELECT fdb_tuple_pack('a@b'::pg_temp.email) = fdb_tuple_pack('a@b'::text) AS domain_is_base;

-- float4 stays float4, float8 is double; no canonicalisation of -0 or NaN
SELECT fdb_tuple_pack(1.5::float4) AS float4, fdb_tuple_pack(1.5::float8) AS float8,
	   fdb_tuple_pack('-0'::float8) AS minus_zero, fdb_tuple_pack(-'NaN'::float8) AS negative_nan;

-- arrays, rows, table rows, fdb_tuple values and jsonb nest
SELECT fdb_tuple_pack(ARRAY[1, 2, NULL])::fdb_tuple AS int_array,
	   fdb_tuple_pack(ARRAY[]::int[])::fdb_tuple AS empty_array,
	   fdb_tuple_pack(ARRAY['a', NULL]::text[], ARRAY[ARRAY[]::int[]]::int[])::fdb_tuple AS arrays;
SELECT fdb_tuple_pack(ROW(1, 'a', NULL), ARRAY[ROW(1, 'x'), ROW(2, 'y')])::fdb_tuple AS rows;
CREATE TEMP TABLE users (id int, email text, active bool, score float8);
INSERT INTO users VALUES (1, 'alice@example.com', true, 0.5), (2, 'bob@example.com', false, NULL);
SELECT fdb_tuple_pack('users', u)::fdb_tuple AS table_row FROM users u ORDER BY id;
SELECT fdb_tuple_pack('(1, null)'::fdb_tuple, 'x')::fdb_tuple AS nested_fdb_tuple,
	   fdb_tuple_pack('(1, null)'::fdb_tuple) AS bytes;
SELECT fdb_tuple_pack('[1, "a", 2.5, true, null, [100, -0, 1e20]]'::jsonb)::fdb_tuple AS jsonb_array,
	   fdb_tuple_pack('"s"'::jsonb, '7'::jsonb, 'null'::jsonb)::fdb_tuple AS jsonb_scalars;

-- explicit VARIADIC arrays are expanded; an empty one is the empty tuple
SELECT fdb_tuple_pack(VARIADIC ARRAY['a', 'b']) AS variadic_text,
	   fdb_tuple_pack(VARIADIC ARRAY[1, NULL, 3])::fdb_tuple AS variadic_int,
	   fdb_tuple_pack(VARIADIC ARRAY[]::int[]) AS empty,
	   fdb_tuple_pack(VARIADIC NULL::text[]) IS NULL AS variadic_null_is_null;

-- integers of up to 255 bytes
SELECT octet_length(fdb_tuple_pack(2::numeric ^ 2039)) AS bytes_2e2039,
	   fdb_tuple_pack(-(2::numeric ^ 64 - 1)) AS minus_2e64_plus_1;

-- constant arguments are encoded once per query and reused on every row
SELECT i, fdb_tuple_pack('\x00ff'::bytea, i, NULL::text, 'é', 2::numeric ^ 70, 0.5::float4)::fdb_tuple AS per_row
FROM generate_series(1, 3) i ORDER BY i;

-- only literals are kept: a PL/pgSQL variable is a parameter whose value
-- changes while the same expression state (and its cache) is reused
CREATE FUNCTION pg_temp.pack_loop() RETURNS SETOF fdb_tuple LANGUAGE plpgsql AS $$
DECLARE
	s text;
BEGIN
	FOR i IN 1..3 LOOP
		s := 'k' || i;
		RETURN NEXT fdb_tuple_pack(s, i)::fdb_tuple;
	END LOOP;
END $$;
SELECT * FROM pg_temp.pack_loop();
PREPARE fdb_pack_param(text) AS SELECT fdb_tuple_pack($1)::fdb_tuple;
SET plan_cache_mode = force_generic_plan;
EXECUTE fdb_pack_param('a');
EXECUTE fdb_pack_param('b');
RESET plan_cache_mode;
DEALLOCATE fdb_pack_param;

-- errors: each names the argument position
SELECT fdb_tuple_pack('a', 1.5::numeric);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack('Infinity'::numeric);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack(2::numeric ^ 2040);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack('a', 'b', '2024-01-01'::date);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack(ARRAY['2024-01-01'::date]);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack('{"a": 1}'::jsonb);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack('[0.5, 1e700]'::jsonb);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack(ARRAY[[1, 2], [3, 4]]);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack('k', fdb_versionstamp_incomplete(1));
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack(1, ROW(2, fdb_versionstamp_incomplete(1)));
\echo :LAST_ERROR_SQLSTATE
-- NULL of an unsupported type is still a null element
SELECT fdb_tuple_pack(NULL::date, NULL) AS nulls;

-- ======================================================================
-- The fdb_tuple type
-- ======================================================================
-- text form: strings "..", bytes b"..", floats 1.5f, doubles 1.5, big integers,
-- NaN payloads, -0.0, uuid(..), versionstamp(..), nested (..)
SELECT '("users", 42, b"\x00\xff", null, 1.5, 1.5f, -0.0, true, (1, (null)), uuid(a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11), versionstamp(0102030405060708090a:48879))'::fdb_tuple AS t;
SELECT t::bytea AS bytes
FROM (SELECT '("users", 42, b"\x00\xff", null, 1.5, 1.5f, -0.0, true, (1, (null)))'::fdb_tuple AS t) s;
SELECT '( "x" ,  -18446744073709551616 , nan(0x7ff8000000000001), -nanf, inf, 1e300, "\u{e9}\x01\"\\")'::fdb_tuple AS spaces_and_escapes;
SELECT '()'::fdb_tuple AS empty, ''::bytea::fdb_tuple AS empty_from_bytes;

-- the cast from bytea validates; the cast to bytea is free
SELECT '\x02757365727300152a'::bytea::fdb_tuple AS from_bytea,
	   '("users", 42)'::fdb_tuple::bytea AS to_bytea;
SELECT '\x1601'::bytea::fdb_tuple;
\echo :LAST_ERROR_SQLSTATE

-- text input errors
SELECT '(1, 2'::fdb_tuple;
\echo :LAST_ERROR_SQLSTATE
SELECT '(1,)'::fdb_tuple;
\echo :LAST_ERROR_SQLSTATE
SELECT '("a" "b")'::fdb_tuple;
\echo :LAST_ERROR_SQLSTATE
SELECT '(uuid(1234))'::fdb_tuple;
\echo :LAST_ERROR_SQLSTATE
SELECT '(nan(0x3ff0000000000000))'::fdb_tuple;
\echo :LAST_ERROR_SQLSTATE
SELECT '(versionstamp(0102030405060708090a:65536))'::fdb_tuple;
\echo :LAST_ERROR_SQLSTATE
SELECT ('(' || trunc(2::numeric ^ 2040)::text || ')')::fdb_tuple IS NULL;
\echo :LAST_ERROR_SQLSTATE
SELECT '1, 2'::fdb_tuple;
\echo :LAST_ERROR_SQLSTATE

-- ordering (bytewise = FoundationDB key order), btree and hash opclasses
CREATE TEMP TABLE keys (k fdb_tuple PRIMARY KEY);
INSERT INTO keys
SELECT fdb_tuple_pack('users', i) FROM generate_series(-2, 2) i
UNION ALL SELECT fdb_tuple_pack('users', i, 'x') FROM generate_series(-1, 1) i
UNION ALL SELECT fdb_tuple_pack('users') UNION ALL SELECT fdb_tuple_pack('users', NULL)
UNION ALL SELECT fdb_tuple_pack('users', 'name') UNION ALL SELECT fdb_tuple_pack('users', 0.5::float8)
UNION ALL SELECT fdb_tuple_pack('usersx') UNION ALL SELECT fdb_tuple_pack('user');
SELECT k FROM keys ORDER BY k;
CREATE INDEX keys_hash ON keys USING hash (k);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT k FROM keys WHERE k = '("users", 1)';
SELECT k FROM keys WHERE k = '("users", 1)';
-- a range scan: every key that extends ('users',), with bytea bounds
EXPLAIN (COSTS OFF)
SELECT k FROM keys, fdb_tuple_range(fdb_tuple_pack('users')) r
WHERE k >= r.range_begin AND k < r.range_end;
SELECT k FROM keys, fdb_tuple_range(fdb_tuple_pack('users')) r
WHERE k >= r.range_begin AND k < r.range_end ORDER BY k;
RESET enable_seqscan;
SELECT count(DISTINCT k) AS distinct_keys, count(*) FILTER (WHERE k = k::bytea) AS cross_type_eq FROM keys;
SELECT opcname, amvalidate(oid) FROM pg_opclass WHERE opcname LIKE 'fdb%' ORDER BY 1;

-- binary I/O (COPY BINARY out and back in, which validates; client-side
-- \copy into pg_regress's results/, so no superuser and nothing left behind)
\copy keys TO 'results/wirecodec_fdb_tuple_keys.copy' (FORMAT binary)
CREATE TEMP TABLE keys2 (k fdb_tuple);
\copy keys2 FROM 'results/wirecodec_fdb_tuple_keys.copy' (FORMAT binary)
SELECT count(*) AS copied, count(*) FILTER (WHERE k IN (SELECT k FROM keys)) AS same FROM keys2;
SELECT fdb_tuple_send('("a", 1)') AS send;
-- binary input validates too (a bytea column's binary form is its bytes)
CREATE TEMP TABLE bad_bin AS SELECT '\x1601'::bytea AS b;
\copy bad_bin TO 'results/wirecodec_fdb_tuple_bad.copy' (FORMAT binary)
\copy keys2 FROM 'results/wirecodec_fdb_tuple_bad.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy keys2 FROM 'results/wirecodec_fdb_tuple_bad.copy' (FORMAT binary)
\set VERBOSITY default
-- fdb_versionstamp: 12 bytes exactly, both ways
CREATE TEMP TABLE vs_bin (v fdb_versionstamp);
INSERT INTO vs_bin VALUES ('0102030405060708090a:48879');
\copy vs_bin TO 'results/wirecodec_fdb_vs.copy' (FORMAT binary)
\copy vs_bin FROM 'results/wirecodec_fdb_vs.copy' (FORMAT binary)
SELECT v, fdb_versionstamp_send(v) AS send FROM vs_bin;
TRUNCATE bad_bin;
INSERT INTO bad_bin VALUES ('\x0102030405060708090a0b');
\copy bad_bin TO 'results/wirecodec_fdb_tuple_bad.copy' (FORMAT binary)
\copy vs_bin FROM 'results/wirecodec_fdb_tuple_bad.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy vs_bin FROM 'results/wirecodec_fdb_tuple_bad.copy' (FORMAT binary)
\set VERBOSITY default

-- ======================================================================
-- Getters: idx is 0-based, negative counts from the end
-- ======================================================================
CREATE TEMP TABLE g AS
SELECT fdb_tuple_pack('users', 42, '\x00ff'::bytea, NULL, 1.5::float8, 1.5::float4, true,
					  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid, ARRAY[1, NULL],
					  fdb_versionstamp('\x0102030405060708090a', 48879),
					  18446744073709551616::numeric, 'é') AS k;
SELECT k::fdb_tuple FROM g;
SELECT i, fdb_tuple_element_type(k, i) AS type, fdb_tuple_element_type(k, i - 12) AS from_end
FROM g, generate_series(0, 11) i ORDER BY i;
SELECT fdb_tuple_length(k) AS length,
	   fdb_tuple_get_text(k, 0) AS text, fdb_tuple_get_text(k, -1) AS text_last,
	   fdb_tuple_get_int8(k, 1) AS int8, fdb_tuple_get_numeric(k, 1) AS numeric,
	   fdb_tuple_get_bytea(k, 2) AS bytea, fdb_tuple_get_bytea(k, -1) AS string_as_bytes
FROM g;
SELECT fdb_tuple_get_float8(k, 4) AS float8, fdb_tuple_get_float4(k, 5) AS float4,
	   fdb_tuple_get_bool(k, 6) AS bool, fdb_tuple_get_uuid(k, 7) AS uuid,
	   fdb_tuple_get_tuple(k, 8) AS tuple, fdb_tuple_get_tuple(k, 8)::fdb_tuple AS tuple_text,
	   fdb_tuple_get_versionstamp(k, 9) AS versionstamp,
	   fdb_tuple_get_numeric(k, 10) AS big_numeric
FROM g;
-- a null element reads as NULL with every getter
SELECT fdb_tuple_get_text(k, 3) IS NULL AS text, fdb_tuple_get_int8(k, 3) IS NULL AS int8,
	   fdb_tuple_get_uuid(k, -9) IS NULL AS uuid, fdb_tuple_get_tuple(k, 3) IS NULL AS tuple
FROM g;
-- a nested tuple's own nulls are plain nulls again
SELECT fdb_tuple_get_tuple(fdb_tuple_pack(ROW(NULL, ROW(NULL))), 0) AS inner_bytes;

-- getter errors
SELECT fdb_tuple_get_int8(k, 0) FROM g;
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_get_text(k, 12) FROM g;
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_get_text(k, -13) FROM g;
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_get_int8(k, 10) FROM g;
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_get_float8(k, 5) FROM g;
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_get_text('("a\x00b")'::fdb_tuple, 0);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_get_bytea('("a\x00b")'::fdb_tuple, 0) AS nul_string_as_bytes;
SELECT fdb_tuple_get_int8('\x150116'::bytea, 1);
\echo :LAST_ERROR_SQLSTATE
-- a bytea argument goes through the implicit, validating cast to fdb_tuple
-- first: the whole key is checked, and the cast names itself
SELECT fdb_tuple_get_int8('\x150116'::bytea, 0) AS before_garbage;
SELECT fdb_tuple_get_int8('\x150116'::bytea, -1);
\echo :LAST_ERROR_SQLSTATE

-- ======================================================================
-- Whole-tuple readers
-- ======================================================================
SELECT e.* FROM g, fdb_tuple_elements(k) e ORDER BY e.idx;
SELECT fdb_tuple_to_jsonb(k) FROM g;
SELECT fdb_tuple_to_jsonb('(nan, -inf, inff, -0.0, 0.1f, 1e30, 123456789012345678901234567890, b"", ())'::fdb_tuple) AS special_numbers;
SELECT fdb_tuple_to_jsonb('("a\x00")'::fdb_tuple);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_is_valid('\x0261'::bytea) AS unterminated, fdb_tuple_is_valid('\x'::bytea) AS empty,
	   fdb_tuple_is_valid('\x0500ff00'::bytea) AS nested_null, fdb_tuple_is_valid('\x00ff'::bytea) AS top_00ff;
SELECT fdb_tuple_length('\x0500ff00'::bytea) AS nested_counts_once;

-- 100,000 levels of nesting: iterative decoders, no stack overflow
CREATE TEMP TABLE deep AS
SELECT decode(repeat('05', 100000) || repeat('00', 100000), 'hex') AS b;
SELECT fdb_tuple_is_valid(b) AS valid, fdb_tuple_length(b) AS length,
	   length(b::fdb_tuple::text) AS text_length, fdb_tuple_element_type(b, -1) AS type,
	   octet_length(fdb_tuple_get_tuple(b, 0)) AS inner_bytes,
	   length(b::fdb_tuple::text::fdb_tuple::bytea) = 200000 AS text_roundtrip,
	   (SELECT length(value) FROM fdb_tuple_elements(b)) AS element_text_length
FROM deep;
-- jsonb's own conversion is recursive: a clean error, not a crash
\set VERBOSITY terse
SELECT fdb_tuple_to_jsonb(b) FROM deep;
\set VERBOSITY default
-- a deeply nested jsonb array packs (the jsonb walk is iterative too)
SELECT octet_length(fdb_tuple_pack((repeat('[', 5000) || repeat(']', 5000))::jsonb)) AS jsonb_5000_deep;
SELECT fdb_tuple_is_valid(substr(b, 1, 199999)) AS unterminated FROM deep;
SELECT fdb_tuple_length(substr(b, 1, 199999)) FROM deep;
\echo :LAST_ERROR_SQLSTATE

-- ======================================================================
-- Key ranges
-- ======================================================================
SELECT * FROM fdb_tuple_range(fdb_tuple_pack('users'));
SELECT * FROM fdb_tuple_range('\x'::bytea);
SELECT fdb_strinc('\x0261ff'::bytea) AS strinc, fdb_strinc('\x01'::bytea) AS one,
	   fdb_strinc('\x02fe'::bytea) AS fe;
SELECT fdb_strinc('\xffff'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_range('\x0a'::bytea);
\echo :LAST_ERROR_SQLSTATE
-- every reader reports the same 22P03 error, with its position (a truncated integer)
CREATE FUNCTION pg_temp.try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	d text;
BEGIN
	EXECUTE q;
	RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
	RETURN SQLSTATE || ': ' || SQLERRM || coalesce(' (' || nullif(d, '') || ')', '');
END $$;
SELECT f, pg_temp.try(format('SELECT %s', q)) AS error
FROM (VALUES ('fdb_tuple_elements', 'count(*) FROM fdb_tuple_elements(''\x02610016''::bytea)'),
			 ('fdb_tuple_to_jsonb', 'fdb_tuple_to_jsonb(''\x02610016''::bytea)'),
			 ('fdb_tuple_element_type', 'fdb_tuple_element_type(''\x02610016''::bytea, 1)'),
			 ('fdb_tuple_get_int8', 'fdb_tuple_get_int8(''\x02610016''::bytea, -1)'),
			 ('fdb_tuple_with_versionstamp_offset',
			  'fdb_tuple_with_versionstamp_offset(''\x02610016''::bytea)')) v(f, q)
ORDER BY f;

-- ======================================================================
-- Versionstamps
-- ======================================================================
SELECT '0102030405060708090a:48879'::fdb_versionstamp AS vs,
	   fdb_versionstamp('\x0102030405060708090a', 48879) AS made,
	   fdb_versionstamp_incomplete(5) AS incomplete;
SELECT fdb_versionstamp_tx(v) AS tx, fdb_versionstamp_user_version(v) AS user_version,
	   fdb_versionstamp_is_complete(v) AS complete,
	   fdb_versionstamp_is_complete(fdb_versionstamp_incomplete(0)) AS incomplete_is_complete
FROM (SELECT '0102030405060708090a:48879'::fdb_versionstamp AS v) s;
SELECT fdb_tuple_pack(fdb_versionstamp('\x0102030405060708090a', 48879)) AS packed;
-- ordered by transaction version, then user version
SELECT v FROM (VALUES ('00000000000000000001:0'::fdb_versionstamp), ('00000000000000000000:65535'),
	('00000000000000000000:1'), ('ffffffffffffffffffff:0')) s(v) ORDER BY v;
SELECT count(DISTINCT v) AS distinct_hashable,
	   bool_and(v = v) AS eq, bool_and(v <= v AND v >= v AND NOT v < v AND NOT v > v AND NOT v <> v) AS ops
FROM (VALUES ('00000000000000000001:0'::fdb_versionstamp), ('00000000000000000001:0')) s(v);

-- SET_VERSIONSTAMPED_KEY keys: exactly one incomplete versionstamp, offset appended
SELECT fdb_tuple_pack_versionstamp('prefix', fdb_versionstamp_incomplete(5)) AS key;
SELECT fdb_tuple_pack_versionstamp('a', ROW(1, fdb_versionstamp_incomplete(7))) AS nested;
SELECT fdb_tuple_with_versionstamp_offset('("prefix", versionstamp(ffffffffffffffffffff:5))'::fdb_tuple, 510) AS api510;
SELECT fdb_tuple_pack_versionstamp('prefix');
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack_versionstamp(fdb_versionstamp_incomplete(1), fdb_versionstamp_incomplete(2));
\echo :LAST_ERROR_SQLSTATE
-- the decoder keeps an incomplete versionstamp as it is
SELECT fdb_tuple_get_versionstamp(substr(k, 1, octet_length(k) - 4), 1) AS read_back
FROM (SELECT fdb_tuple_pack_versionstamp('p', fdb_versionstamp_incomplete(5)) AS k) s;

-- versionstamp errors
SELECT '0102:1'::fdb_versionstamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '0102030405060708090a:65536'::fdb_versionstamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '0102030405060708090a:1x'::fdb_versionstamp;
\echo :LAST_ERROR_SQLSTATE
-- a space among the 20 digits, a non-hex digit, no user version, upper case
SELECT '0102030405 60708090a:1'::fdb_versionstamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '0102030405060708090g:1'::fdb_versionstamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '0102030405060708090a:'::fdb_versionstamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '0102030405060708090A:7'::fdb_versionstamp AS upper_case;
SELECT fdb_versionstamp('\x0102', 1);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_versionstamp_incomplete(-1);
\echo :LAST_ERROR_SQLSTATE

-- ======================================================================
-- the types are first-class
-- ======================================================================
SELECT pg_typeof(fdb_tuple_pack('users', 42)) AS pack, pg_typeof(fdb_tuple_pack()) AS empty_type,
	   fdb_tuple_pack()::bytea AS empty_bytes, fdb_tuple_length(fdb_tuple_pack()) AS empty_length,
	   pg_typeof(fdb_tuple_get_tuple(fdb_tuple_pack(ARRAY[1]), 0)) AS get_tuple,
	   pg_typeof((fdb_tuple_range(fdb_tuple_pack('a'))).range_begin) AS range_begin,
	   pg_typeof((fdb_tuple_range(fdb_tuple_pack('a'))).range_end) AS range_end;
-- bytea keys still read (through the implicit validating cast)
SELECT fdb_tuple_get_int8('\x02757365727300152a'::bytea, 1) AS from_bytea,
	   fdb_tuple_get_int8(fdb_tuple_pack('users', 42), 1) AS from_tuple;

-- fdb_tuple_to_jsonb: a versionstamp keeps its own text when a float, a
-- double or another versionstamp follows (each used to overwrite it)
SELECT fdb_tuple_to_jsonb('\x330102030405060708090a000521bff8000000000000'::bytea) AS vs_then_double,
	   fdb_tuple_to_jsonb(fdb_tuple_pack(fdb_versionstamp('\x0102030405060708090a', 1),
										 fdb_versionstamp('\x0a090807060504030201', 2), 1.5::float4,
										 ARRAY[fdb_versionstamp('\x00000000000000000001', 3)], 2.5::float8)) AS two_vs_nested;

-- fdb_tuple_pack_versionstamp finds the offset while writing: the same bytes
-- as fdb_tuple_with_versionstamp_offset, which decodes; also when the
-- incomplete versionstamp sits inside an fdb_tuple argument after a null
SELECT fdb_tuple_pack_versionstamp('p', '(1, null, versionstamp(ffffffffffffffffffff:5))'::fdb_tuple) AS in_tuple_arg,
	   fdb_tuple_pack_versionstamp('p', '(1, null, versionstamp(ffffffffffffffffffff:5))'::fdb_tuple) =
	   fdb_tuple_with_versionstamp_offset('("p", (1, null, versionstamp(ffffffffffffffffffff:5)))') AS same_as_decoding,
	   fdb_tuple_pack_versionstamp(NULL, ARRAY[NULL, fdb_versionstamp_incomplete(7)]) =
	   fdb_tuple_with_versionstamp_offset('(null, (null, versionstamp(ffffffffffffffffffff:7)))') AS in_array;

-- fdb_versionstamp_in and the tuple text parser agree on the user version:
-- leading zeros are allowed in both, the value must be at most 65535
SELECT '0102030405060708090a:0000000000005'::fdb_versionstamp AS type_in,
	   fdb_tuple_get_versionstamp('(versionstamp(0102030405060708090a:0000000000005))', 0) AS parser,
	   '0102030405060708090a:065535'::fdb_versionstamp AS type_max,
	   '(versionstamp(0102030405060708090a:065535))'::fdb_tuple AS parser_max;
SELECT '0102030405060708090a:0065536'::fdb_versionstamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '(versionstamp(0102030405060708090a:0065536))'::fdb_tuple;
\echo :LAST_ERROR_SQLSTATE

-- min/max and sort support of fdb_versionstamp
CREATE TEMP TABLE vs AS
SELECT fdb_versionstamp(decode(lpad(to_hex(i % 97), 20, '0'), 'hex'), i) AS v
FROM generate_series(1, 1000) i;
SELECT min(v), max(v), count(DISTINCT v) FROM vs;
SELECT v FROM vs ORDER BY v DESC LIMIT 2;

-- ======================================================================
-- fdb_tuple_populate_record: one walk, element i -> column i
-- ======================================================================
CREATE TYPE fdb_t_inner AS (a int2, tags text[]);
CREATE TYPE fdb_t_row AS (dir text, id int4, big int8, n numeric(25, 0), f4 float4, f8 float8,
	name_ name, vc varchar(5), b bytea, ok bool, u uuid, vs fdb_versionstamp, t fdb_tuple,
	inner_ fdb_t_inner, ids int8[], nothing text);
SELECT * FROM fdb_tuple_populate_record(NULL::fdb_t_row,
	fdb_tuple_pack('users', 42, -9000000000, 18446744073709551616::numeric, 1.5::float4, -0.0::float8,
				   'nm', 'abc', '\x00ff'::bytea, true, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid,
				   fdb_versionstamp('\x0102030405060708090a', 7), fdb_tuple_pack(1, NULL),
				   ROW(3, ARRAY['x', NULL]), ARRAY[1, 2, 3], NULL));
-- a table's row type, a bytea key, an empty array, a float widened to float8
CREATE TEMP TABLE users_k (dir text, id int8, score float8, tags int4[]);
SELECT (fdb_tuple_populate_record(NULL::users_k, '\x02757365727300152a20bfc000000500'::bytea)).*;
SELECT * FROM fdb_tuple_populate_record(NULL::users_k, fdb_tuple_pack('a', 1, 2.5::float8, ARRAY[]::int[]))
UNION ALL
SELECT * FROM fdb_tuple_populate_record(NULL::users_k, fdb_tuple_pack('b', NULL, NULL, NULL));
-- errors name the element, its FoundationDB type and the column
SELECT * FROM fdb_tuple_populate_record(NULL::users_k, fdb_tuple_pack('a', 1));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::users_k, fdb_tuple_pack('a', 1, 2.5::float8, ARRAY[1], 'extra'));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::users_k, fdb_tuple_pack('a', 'one', 2.5::float8, ARRAY[1]));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::users_k, fdb_tuple_pack('a', 1, 2.5::float8, ARRAY[1, 'x']::text[]));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::users_k, fdb_tuple_pack('a', 18446744073709551616::numeric, 2.5::float8, ARRAY[1]));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fdb_t_inner, fdb_tuple_pack(40000, ARRAY['a']));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::users_k, fdb_tuple_pack('a', 1, 2.5::float8, 7));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM fdb_tuple_populate_record(NULL::fdb_t_inner, fdb_tuple_pack(1, ARRAY[ROW(1)]));
\echo :LAST_ERROR_SQLSTATE
SELECT (fdb_tuple_populate_record(NULL::fdb_t_row, fdb_tuple_pack('users', 42, 1, 1, 1.5::float4, 1.5::float8, 'n', 'toolong',
	'\x'::bytea, true, NULL, NULL, NULL, NULL, NULL, NULL))).vc;
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_populate_record(1, fdb_tuple_pack(1));
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_populate_record(NULL::users_k, NULL) IS NULL AS null_tuple;
DROP TYPE fdb_t_row;
DROP TYPE fdb_t_inner;
-- packing: a named row type altered between two calls of one call site has
-- its fields resolved again (never the old shape)
CREATE TABLE fdb_pk (a int4, b text);
INSERT INTO fdb_pk VALUES (1, 'x');
DO $$
DECLARE
	r record;
BEGIN
	FOR i IN 1..3 LOOP
		SELECT t INTO r FROM fdb_pk t;
		RAISE NOTICE 'call %: %', i, fdb_tuple_pack(r);
		IF i = 1 THEN
			ALTER TABLE fdb_pk ADD COLUMN c int8 DEFAULT 7;
		ELSIF i = 2 THEN
			ALTER TABLE fdb_pk ALTER COLUMN a TYPE text;
		END IF;
	END LOOP;
END $$;
DROP TABLE fdb_pk;
-- the same for a nested composite field altered (ALTER TYPE) and a column
-- dropped, through a record variable and a variable of the row type
CREATE TYPE fdb_pk_in AS (x int4, y text);
CREATE TABLE fdb_pk (a int4, n fdb_pk_in, b text);
INSERT INTO fdb_pk VALUES (1, ROW(2, 'y'), 'b');
DO $$
DECLARE
	r record;
BEGIN
	FOR i IN 1..4 LOOP
		SELECT t INTO r FROM fdb_pk t;
		RAISE NOTICE 'call %: %', i, fdb_tuple_pack(r, ARRAY[r]);
		IF i = 1 THEN
			ALTER TYPE fdb_pk_in ADD ATTRIBUTE z int8;
			UPDATE fdb_pk SET n.z = 9;
		ELSIF i = 2 THEN
			ALTER TYPE fdb_pk_in DROP ATTRIBUTE x;
		ELSIF i = 3 THEN
			ALTER TABLE fdb_pk DROP COLUMN a;
		END IF;
	END LOOP;
END $$;
CREATE FUNCTION fdb_pk_pack(r fdb_pk) RETURNS bytea LANGUAGE plpgsql AS
$$BEGIN RETURN fdb_tuple_pack(r, (r).n); END$$;
DO $$
BEGIN
	FOR i IN 1..3 LOOP
		RAISE NOTICE 'call %: %', i, (SELECT fdb_pk_pack(t)::fdb_tuple FROM fdb_pk t);
		IF i = 1 THEN
			ALTER TYPE fdb_pk_in ADD ATTRIBUTE w text;
			UPDATE fdb_pk SET n.w = 'w';
		ELSIF i = 2 THEN
			ALTER TABLE fdb_pk DROP COLUMN b;
		END IF;
	END LOOP;
END $$;
-- anonymous records of different shapes through one argument
SELECT fdb_tuple_pack(r) FROM (VALUES (ROW(1, 'a')), (ROW(2, ROW(3, 'b'))), (ROW(4, 'c'))) v(r);
SELECT fdb_tuple_pack(ARRAY[ROW(1, 'a'), ROW(2, 'b')], ROW(ROW(1), ARRAY[ROW(2, 3)]));
DROP FUNCTION fdb_pk_pack(fdb_pk);
DROP TABLE fdb_pk;
DROP TYPE fdb_pk_in;
