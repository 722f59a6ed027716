-- cases_fdb_tuple.sql: hostile inputs for the FoundationDB tuple decoders.
-- Seeds are tuples packed by fdb_tuple_pack over every element type, nesting
-- and versionstamps included.  22021: a decoded string holding U+0000 cannot
-- be PostgreSQL text (spec section 4); 54001: jsonb's own recursion limit.
CREATE TEMP TABLE fdb_seed_tuples AS
SELECT fdb_tuple_pack('users', i) AS t FROM generate_series(-300, 300, 37) i
UNION ALL SELECT fdb_tuple_pack('app', 'users', 'by_email', 'alice@example.com', 1234567)
UNION ALL SELECT fdb_tuple_pack(NULL, '\x00ff00'::bytea, 'é\u0001', 1.5::float4, -0.0::float8,
								'NaN'::float8, true, false, '123e4567-e89b-12d3-a456-426614174000'::uuid)
UNION ALL SELECT fdb_tuple_pack(ARRAY[1, NULL, 3], ROW('a', ARRAY['x', 'y']), '[1, "two", null, [3.5]]'::jsonb)
UNION ALL SELECT fdb_tuple_pack(18446744073709551615::numeric, -18446744073709551615::numeric,
								(2::numeric ^ 200)::numeric(80, 0), -(2::numeric ^ 100)::numeric(40, 0))
UNION ALL SELECT fdb_tuple_pack(fdb_versionstamp('\x0102030405060708090a'::bytea, 7), 'Infinity'::float8)
UNION ALL SELECT decode(h, 'hex')
FROM unnest(ARRAY['0500ff00', '050505000000', '3300000000000000000000000000', '160001', '13ff']) h;

INSERT INTO hostile_seeds SELECT 'fdb_tuple(bytea)', t FROM fdb_seed_tuples;
SELECT hostile_case('fdb_tuple(bytea)', 'fdb_tuple($1)',
	'fdb_tuple_is_valid($1) AND fdb_tuple($1)::text = fdb_tuple($1)::text::fdb_tuple::text', '{22P03}', :n);

INSERT INTO hostile_seeds SELECT 'fdb_tuple_is_valid', t FROM fdb_seed_tuples;
SELECT hostile_case('fdb_tuple_is_valid', 'fdb_tuple_is_valid($1)', NULL, '{}', :n);

INSERT INTO hostile_seeds SELECT 'fdb_tuple_elements', t FROM fdb_seed_tuples;
SELECT hostile_case('fdb_tuple_elements', '(SELECT count(*) FROM fdb_tuple_elements($1))',
	'(SELECT count(*) FROM fdb_tuple_elements($1)) = fdb_tuple_length($1)', '{22P03,22021}', :n);

INSERT INTO hostile_seeds SELECT 'fdb_tuple_to_jsonb', t FROM fdb_seed_tuples;
SELECT hostile_case('fdb_tuple_to_jsonb', 'fdb_tuple_to_jsonb($1)',
	'jsonb_array_length(fdb_tuple_to_jsonb($1)) = fdb_tuple_length($1)', '{22P03,22021,54001}', :n);

-- Every getter on the last element (so the earlier ones are skipped over).
INSERT INTO hostile_seeds SELECT 'fdb_tuple_get_*', t FROM fdb_seed_tuples;
SELECT hostile_case('fdb_tuple_get_*',
	'fdb_tuple_element_type($1, -1), fdb_tuple_get_text($1, -1), fdb_tuple_get_bytea($1, -1),
	 fdb_tuple_get_int8($1, -1), fdb_tuple_get_numeric($1, -1), fdb_tuple_get_float4($1, -1),
	 fdb_tuple_get_float8($1, -1), fdb_tuple_get_bool($1, -1), fdb_tuple_get_uuid($1, -1),
	 fdb_tuple_get_tuple($1, -1), fdb_tuple_get_versionstamp($1, -1)',
	NULL, '{22P03,22023,42804,22003,22021}', :n);

INSERT INTO hostile_seeds SELECT 'fdb_tuple_in', convert_to(fdb_tuple(t)::text, 'UTF8') FROM fdb_seed_tuples;
SELECT hostile_case('fdb_tuple_in', '$1::fdb_tuple',
	'$1::fdb_tuple::text::fdb_tuple = $1::fdb_tuple', '{22P02,22003,54000}', :n, true);

INSERT INTO hostile_seeds
SELECT 'fdb_versionstamp_in', convert_to(v::text, 'UTF8')
FROM (VALUES (fdb_versionstamp('\x0102030405060708090a'::bytea, 7)), (fdb_versionstamp_incomplete(65535))) s(v);
SELECT hostile_case('fdb_versionstamp_in', '$1::fdb_versionstamp',
	'$1::fdb_versionstamp::text::fdb_versionstamp = $1::fdb_versionstamp', '{22P02,22003}', :n, true);

-- One walk into a row: any shape of tuple against a fixed row type is a row
-- or a clean error (count, conversion, range, U+0000, malformed).
CREATE TYPE pg_temp.fdb_hostile_row AS (s text, i int8);
INSERT INTO hostile_seeds SELECT 'fdb_tuple_populate_record', t FROM fdb_seed_tuples;
INSERT INTO hostile_seeds SELECT 'fdb_tuple_populate_record', fdb_tuple_pack('users', i)::bytea
FROM generate_series(-3, 3) i;
SELECT hostile_case('fdb_tuple_populate_record',
	'fdb_tuple_populate_record(NULL::pg_temp.fdb_hostile_row, $1)', NULL,
	'{22P03,22023,22003,22021}', :n);

-- The loader over the same inputs, one key per call: a row inserted for every key
-- fdb_tuple_populate_record takes, the same errors for the others.
CREATE TEMP TABLE fdb_hostile_load OF pg_temp.fdb_hostile_row;
INSERT INTO hostile_seeds SELECT 'fdb_tuple_load', seed FROM hostile_seeds
WHERE label = 'fdb_tuple_populate_record';
SELECT hostile_case('fdb_tuple_load',
	'fdb_tuple_load(ARRAY[$1::fdb_tuple], ''pg_temp.fdb_hostile_load'')',
	$c$(SELECT fdb_tuple_load(ARRAY[$1::fdb_tuple], 'pg_temp.fdb_hostile_load')) = 1$c$,
	'{22P03,22023,22003,22021}', :n);
TRUNCATE fdb_hostile_load;
