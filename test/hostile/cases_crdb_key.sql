-- cases_crdb_key.sql: hostile inputs for the CockroachDB SQL key decoders.
-- Seeds are keys made by wirecodec's own encoders over a spread of column
-- types and directions, plus the shapes of every key region.
CREATE TYPE hostile_crdb_row AS (a text, b int8, c numeric, d timestamptz);

CREATE TEMP TABLE crdb_seed_keys AS
SELECT crdb_key_encode(crdb_key_table_prefix(53, 1, t), ARRAY[da, 'asc', db], s, i, n, ts) || '\x88'::bytea AS k
FROM unnest(ARRAY[NULL, 10]::int8[]) t,
	 unnest(ARRAY['asc', 'desc']) da,
	 unnest(ARRAY['asc', 'desc']) db,
	 unnest(ARRAY['', 'alice', E'a\\000b', 'héllo']) s,
	 unnest(ARRAY[0, -1, 110, 9223372036854775807]::int8[]) i,
	 unnest(ARRAY[0, 12.34, -1e300, 'NaN']::numeric[]) n,
	 unnest(ARRAY['2016-03-30 13:40:35.053725+00', 'infinity']::timestamptz[]) ts
UNION ALL SELECT decode(h, 'hex')
FROM unnest(ARRAY['', '01736e746d620000007b', '0169f80f4241726162632d126f1b5c2e0a5d4f3c9c2b3d4e5f6071820001',
				  '016b12fe8db2000174786e2d6f1b5c2e0a5d4f3c9c2b3d4e5f607182', '03fe92bb89',
				  '047374617475732d6e6f64652df70457', 'b23afd3a000000000000000090',
				  'b216fc0983fdd42bca008989', 'b23cfa0446c22dc0865740', 'b24b8a482a02000047126100010000',
				  'b23f89018b00', 'b240fe87fdff', 'b24c8b4712610001004b8b4a464c8800004712616100010047127800010047126200010000']) h;

INSERT INTO hostile_seeds SELECT 'crdb_key_pretty', k FROM crdb_seed_keys;
SELECT hostile_case('crdb_key_pretty', 'crdb_key_pretty($1)',
	'crdb_key_pretty($1) = crdb_key_pretty($1, ARRAY[]::text[])', '{}', :n);

INSERT INTO hostile_seeds SELECT 'crdb_key_pretty_dirs', k FROM crdb_seed_keys;
SELECT hostile_case('crdb_key_pretty_dirs', 'crdb_key_pretty($1, ARRAY[''desc'', ''asc'', ''desc''])',
	NULL, '{}', :n);

INSERT INTO hostile_seeds SELECT 'crdb_key_elements', k FROM crdb_seed_keys;
SELECT hostile_case('crdb_key_elements', '(SELECT count(*) FROM crdb_key_elements($1))',
	'(SELECT string_agg(raw, ''''::bytea ORDER BY idx) FROM crdb_key_elements($1)) = $1',
	'{22P03,22008}', :n);

INSERT INTO hostile_seeds SELECT 'crdb_key_populate_record', k FROM crdb_seed_keys;
SELECT hostile_case('crdb_key_populate_record',
	'crdb_key_populate_record(NULL::hostile_crdb_row, $1, ARRAY[''asc'', ''asc'', ''desc''])',
	NULL, '{22P03,22003,22008,22021,22023}', :n);

-- Single elements as typed values: decode, re-encode, decode again.
CREATE TEMP TABLE crdb_seed_elems AS
SELECT raw AS e
FROM (SELECT k FROM crdb_seed_keys
	  WHERE substr(k, 1, 2) IN ('\xbd89', '\xfe92')) s,
	 LATERAL crdb_key_elements(k) x
WHERE role = 'value';

INSERT INTO hostile_seeds SELECT 'crdb_key_decode_value_numeric', e FROM crdb_seed_elems;
SELECT hostile_case('crdb_key_decode_value_numeric', 'crdb_key_decode_value($1, NULL::numeric)',
	'crdb_key_decode_value(crdb_key_encode_value(crdb_key_decode_value($1, NULL::numeric)), NULL::numeric) IS NOT DISTINCT FROM crdb_key_decode_value($1, NULL::numeric)',
	'{22P03,22003}', :n);

INSERT INTO hostile_seeds SELECT 'crdb_key_decode_value_text', e FROM crdb_seed_elems;
SELECT hostile_case('crdb_key_decode_value_text', 'crdb_key_decode_value($1, NULL::text)',
	'crdb_key_decode_value(crdb_key_encode_value(crdb_key_decode_value($1, NULL::text)), NULL::text) IS NOT DISTINCT FROM crdb_key_decode_value($1, NULL::text)',
	'{22P03,22021}', :n);

INSERT INTO hostile_seeds SELECT 'crdb_key_decode_value_timestamptz', e FROM crdb_seed_elems;
SELECT hostile_case('crdb_key_decode_value_timestamptz', 'crdb_key_decode_value($1, NULL::timestamptz)',
	'crdb_key_decode_value(crdb_key_encode_value(crdb_key_decode_value($1, NULL::timestamptz)), NULL::timestamptz) IS NOT DISTINCT FROM crdb_key_decode_value($1, NULL::timestamptz)',
	'{22P03,22008}', :n);

INSERT INTO hostile_seeds
SELECT 'crdb_key_decode_value_interval', crdb_key_encode_value(v, d)
FROM unnest(ARRAY['0', '1 day', '-1 mon 3 days 00:00:01.5', '100 years']::interval[]) v, unnest(ARRAY[false, true]) d;
SELECT hostile_case('crdb_key_decode_value_interval', 'crdb_key_decode_value($1, NULL::interval)',
	'crdb_key_decode_value(crdb_key_encode_value(crdb_key_decode_value($1, NULL::interval)), NULL::interval) IS NOT DISTINCT FROM crdb_key_decode_value($1, NULL::interval)',
	'{22P03,22008}', :n);

INSERT INTO hostile_seeds
SELECT 'crdb_key_decode_value_jsonb', crdb_key_encode_value(v, d)
FROM unnest(ARRAY['null', '[1, "a", {"b": [true, false, 1.5e10]}]', '{}', '[]', '"x"', '{"a": {"b": {"c": []}}}']::jsonb[]) v,
	 unnest(ARRAY[false, true]) d;
SELECT hostile_case('crdb_key_decode_value_jsonb', 'crdb_key_decode_value($1, NULL::jsonb)',
	'crdb_key_decode_value(crdb_key_encode_value(crdb_key_decode_value($1, NULL::jsonb)), NULL::jsonb) IS NOT DISTINCT FROM crdb_key_decode_value($1, NULL::jsonb)',
	'{22P03,22021,22P05,22003,54000}', :n);

INSERT INTO hostile_seeds
SELECT 'crdb_key_decode_value_varbit', crdb_key_encode_value(v, d)
FROM unnest(ARRAY['', '1', '0101', repeat('10', 50)]::varbit[]) v, unnest(ARRAY[false, true]) d;
SELECT hostile_case('crdb_key_decode_value_varbit', 'crdb_key_decode_value($1, NULL::varbit)',
	'crdb_key_decode_value(crdb_key_encode_value(crdb_key_decode_value($1, NULL::varbit)), NULL::varbit) IS NOT DISTINCT FROM crdb_key_decode_value($1, NULL::varbit)',
	'{22P03,54000}', :n);

INSERT INTO hostile_seeds
SELECT 'crdb_key_decode_value_array', crdb_key_encode_value(v, d)
FROM (VALUES ('{}'::int8[]), ('{1,NULL,3}'), ('{-1,0,110}')) x(v), unnest(ARRAY[false, true]) d;
SELECT hostile_case('crdb_key_decode_value_array', 'crdb_key_decode_value($1, NULL::int8[])',
	'crdb_key_decode_value(crdb_key_encode_value(crdb_key_decode_value($1, NULL::int8[])), NULL::int8[]) IS NOT DISTINCT FROM crdb_key_decode_value($1, NULL::int8[])',
	'{22P03,22003}', :n);

INSERT INTO hostile_seeds SELECT 'crdb_mvcc_key_pretty', crdb_mvcc_key_encode(k, '1700000000.000000001,2')::bytea
FROM crdb_seed_keys;
SELECT hostile_case('crdb_mvcc_key_pretty', 'crdb_mvcc_key_pretty($1::crdb_mvcc_key)', NULL,
	'{22P03,22003}', :n);

DROP TYPE hostile_crdb_row;
