-- crdb_key: CockroachDB SQL keys (the user key inside an MVCC key).
-- Error cases show their SQLSTATE with the message.
\set VERBOSITY default

-- Run a statement; an error becomes 'SQLSTATE: message | detail'.
CREATE FUNCTION pg_temp.err(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	d text;
BEGIN
	EXECUTE q;
	RETURN 'no error';
EXCEPTION WHEN others THEN
	GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
	RETURN SQLSTATE || ': ' || SQLERRM || CASE WHEN d <> '' THEN ' | ' || d ELSE '' END;
END $$;

-- ---------------------------------------------------------------- printer
SELECT k, crdb_key_pretty(k)
FROM (VALUES ('\x'::bytea), ('\xbd8912616c6963650001'), ('\xbd891268656c6c6f000188'),
			 ('\xfe92bd8989'), ('\xb2f6'), ('\xb21261'), ('\x0366'), ('\xffff'),
			 ('\x06'), ('\xbd8987fe88'), ('\xbd89b2b3')) v(k);
-- With directions: the values after the table and index IDs.
SELECT crdb_key_pretty('\xbd8987fe88', ARRAY['desc']) AS desc_int,
	   crdb_key_pretty('\xbd8987fe88', ARRAY['ASC']) AS asc_int,
	   crdb_key_pretty('\xbd8912610001', ARRAY['desc']) AS wrong_direction;
-- Never raises on garbage.
SELECT count(*) AS printed
FROM generate_series(1, 300) i,
	 LATERAL (SELECT crdb_key_pretty(decode(md5(i::text) || md5((i * 7)::text), 'hex')) AS t) s
WHERE t IS NOT NULL;
SELECT pg_temp.err($$SELECT crdb_key_pretty('\xbd89', ARRAY['up'])$$);
SELECT pg_temp.err($$SELECT crdb_key_pretty('\xbd89', ARRAY[['asc'],['asc']])$$);

-- Local keys: every suffix of CockroachDB's printer tables.
SELECT k, crdb_key_pretty(k)
FROM (VALUES ('\x0169f80f42417272676368'::bytea), ('\x0169f80f42417572667462'),
			 ('\x0169f80f42417272736c2d126f1b5c2e0a5d4f3c9c2b3d4e5f6071820001'),
			 ('\x0169f80f42417273746174'), ('\x0169f80f4241727266666b'),
			 ('\x017373746e6712610001'), ('\x01736964656e78')) v(k);
-- A lone NULL / not-NULL marker is never an integer: the NULL marker of the
-- column's direction is SQL NULL (no error), every other one 22P03.
SELECT b, d, pg_temp.err(format('SELECT crdb_key_decode_value(%L::bytea, NULL::int8, %s)', b, d::text))
FROM (VALUES ('\xfe'), ('\xff'), ('\x00'), ('\x01')) v(b), (VALUES (false), (true)) w(d);

-- MVCC keys in CockroachDB's form.
SELECT crdb_mvcc_key_pretty(crdb_mvcc_key_encode('\xbd8912616c696365000188', '1700000000.000000001,2')) AS versioned,
	   crdb_mvcc_key_pretty(crdb_mvcc_key_encode('\xbd8912616c696365000188', '0,0')) AS unversioned;

-- ---------------------------------------------------------------- elements
SELECT * FROM crdb_key_elements('\xfe92bd891261000187fe2a1944004b8a482a020000471261000100003a88008988');
SELECT * FROM crdb_key_elements('\xbd898987fe', ARRAY['asc', 'desc']);
SELECT * FROM crdb_key_elements('\xbd');
SELECT count(*) FROM crdb_key_elements(NULL);
SELECT pg_temp.err($$SELECT * FROM crdb_key_elements('\xbd891261')$$);
SELECT pg_temp.err($$SELECT * FROM crdb_key_elements('\xbd89f6')$$);
SELECT pg_temp.err($$SELECT * FROM crdb_key_elements('\x0173')$$);
SELECT pg_temp.err($$SELECT * FROM crdb_key_elements('\xfe89bd89')$$);
SELECT pg_temp.err($$SELECT * FROM crdb_key_elements('\xbd8913979afffe', ARRAY['asc'])$$);
SELECT pg_temp.err($$SELECT * FROM crdb_key_elements('\xbd890a')$$);
SELECT pg_temp.err($$SELECT * FROM crdb_key_elements('\xbd89', ARRAY['sideways'])$$);

-- ---------------------------------------------------------------- prefixes
SELECT crdb_key_table_prefix(53) AS t, crdb_key_table_prefix(53, 1) AS ti,
	   crdb_key_table_prefix(53, 1, 10) AS tenant, crdb_key_table_prefix(53, 1, 1) AS system_tenant,
	   crdb_key_table_prefix(4294967295, 300);
SELECT crdb_key_pretty(crdb_key_table_prefix(53, 2, 10));
SELECT pg_temp.err($$SELECT crdb_key_table_prefix(-1)$$);
SELECT pg_temp.err($$SELECT crdb_key_table_prefix(53, 1, 0)$$);

-- ---------------------------------------------------------------- values
SELECT v, crdb_key_encode_value(v) AS asc, crdb_key_encode_value(v, true) AS desc,
	   crdb_key_decode_value(crdb_key_encode_value(v, true), NULL::int8, true) AS back
FROM (VALUES (0::int8), (1), (-1), (110), (-9223372036854775808), (NULL)) s(v);
SELECT crdb_key_encode_value('hello'::text) AS text, crdb_key_encode_value('\x00ff'::bytea, true) AS bytea,
	   crdb_key_encode_value(12.340::numeric) AS numeric, crdb_key_encode_value(1.5::float4) AS float4,
	   crdb_key_encode_value(true) AS bool, crdb_key_encode_value('2016-03-30 13:40:35.053725+00'::timestamptz) AS ts,
	   crdb_key_encode_value(B'00111010') AS bits, crdb_key_encode_value(ARRAY[1, NULL, 3]) AS arr;
-- Round trips through every supported type, both directions.
CREATE TEMP TABLE samples (v text, t text);
INSERT INTO samples VALUES
	('32767', 'int2'), ('-2147483648', 'int4'), ('9223372036854775807', 'int8'), ('false', 'bool'),
	('4294967295', 'oid'), ('-1.5e-40', 'float4'), ('NaN', 'float8'), ('-Infinity', 'float8'),
	('-0.000123', 'numeric'), ('1E+300', 'numeric'), ('NaN', 'numeric'), ('-Infinity', 'numeric'),
	('héllo', 'text'), ('ab', 'varchar(3)'), ('x', 'char(3)'), ('pg_class', 'name'), ('\x00ff00', 'bytea'),
	('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'uuid'), ('10.1.2.3/8', 'inet'), ('2001:db8::1', 'inet'),
	('2024-02-29', 'date'), ('-infinity', 'date'), ('24:00:00', 'time'), ('23:59:59.5-15:59', 'timetz'),
	('1999-12-31 23:59:59.999999', 'timestamp'), ('infinity', 'timestamptz'),
	('4714-11-24 00:00:00+00 BC', 'timestamptz'), ('-1 year 2 days -00:00:03.25', 'interval'),
	('101', 'bit(3)'), ('', 'varbit'), ('{"b": [1, "x", null], "a": {}}', 'jsonb'), ('"s"', 'jsonb'),
	('16/B374D848', 'pg_lsn'), ('{a,NULL,"c d"}', 'text[]'), ('{}', 'int4[]'), ('(1,x)', 'crdb_pair');
CREATE TYPE crdb_pair AS (a int8, b text);
SELECT t, v, pg_temp.err(format('SELECT 1/(crdb_key_decode_value(crdb_key_encode_value(%L::%s, d), NULL::%s, d) IS NOT DISTINCT FROM %L::%s)::int FROM (VALUES (false), (true)) s(d)',
								v, t, t, v, t)) AS round_trip
FROM samples ORDER BY t, v;

-- Decoding errors, each with its SQLSTATE.
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\xf980000000', NULL::int4)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\xf78000', NULL::int2)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x87ff', NULL::oid)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x8a', NULL::bool)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x85dac273', NULL::date)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x87ff', NULL::time)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x054800000000000000', NULL::float4)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x053690000000000000', NULL::float4)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x26f78234e900', NULL::numeric)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x126100ff620001', NULL::text)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x12ff0001', NULL::text)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x12610001', NULL::uuid)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x1202200a00ff00ff010001', NULL::inet)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x1200ff210a00ff00ff010001', NULL::inet)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x148889', NULL::timestamptz)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x14fb0863b432da0088', NULL::timestamp)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x16898888', NULL::interval)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x168888f980000000', NULL::interval)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x3c88f9ffffff00', NULL::timetz)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x3bff88', NULL::varbit)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x053ff0000000000000', NULL::int8)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\xfe', NULL::text, true)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x8989', NULL::int8)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x3f89', NULL::int8[])$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x3f3f0000', NULL::int8[])$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x4c8900', NULL::jsonb)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x53', NULL::jsonb)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value('\x89', NULL::point)$$);
-- Encoding errors.
SELECT pg_temp.err($$SELECT crdb_key_encode_value('-300 years'::interval, true)$$);
SELECT pg_temp.err($$SELECT crdb_key_encode_value('a b'::tsvector)$$);
SELECT pg_temp.err($$SELECT crdb_key_encode_value('{{1,2},{3,4}}'::int4[])$$);
SELECT pg_temp.err($$SELECT crdb_key_encode_value(ARRAY[ARRAY[1]]::int4[][])$$);

-- ---------------------------------------------------------------- index keys
SELECT crdb_key_encode(crdb_key_table_prefix(53, 2), ARRAY['asc', 'desc'], 'Bob'::text, 25000::numeric, 2) AS key,
	   crdb_key_pretty(crdb_key_encode(crdb_key_table_prefix(53, 2), ARRAY['asc', 'desc'], 'Bob'::text, 25000::numeric, 2),
					   ARRAY['asc', 'desc']) AS pretty;
SELECT crdb_key_encode('\xbd89', NULL, 'untyped literal', NULL::int4, 1.5::float8);
SELECT pg_temp.err($$SELECT crdb_key_encode('\xbd89', ARRAY['asc'], VARIADIC ARRAY[1, 2])$$);
SELECT pg_temp.err($$SELECT crdb_key_encode('\xbd89', ARRAY['down'], 1)$$);
SELECT pg_temp.err($$SELECT crdb_key_encode('\xbd89', NULL, point(1, 2))$$);

-- ---------------------------------------------------------------- order
-- Keys built by crdb_key_encode sort, as bytea and as crdb_mvcc_key, in the
-- SQL order of their values: (a ASC NULLS FIRST, b DESC NULLS LAST, c ASC).
CREATE TEMP TABLE ordered AS
SELECT a, b, c,
	   crdb_key_encode(crdb_key_table_prefix(60, 1), ARRAY['asc', 'desc', 'asc'], a, b, c) AS k
FROM (VALUES (NULL::int8), (-300), (-1), (0), (1), (109), (110), (70000), (9223372036854775807)) x(a),
	 (VALUES (NULL::text), (''), ('a'), (E'a\\000'), ('ab'), ('b'), ('é')) y(b),
	 (VALUES (-1.5::float8), ('-Infinity'), (0), ('NaN'), (2.25)) z(c);
SELECT count(*) AS keys,
	   (SELECT count(DISTINCT k) FROM ordered) AS distinct_keys,
	   bool_and(by_bytes = by_sql) AS bytea_order_is_sql_order,
	   bool_and(by_mvcc = by_sql) AS mvcc_order_is_sql_order
FROM (SELECT row_number() OVER (ORDER BY k) AS by_bytes,
			 row_number() OVER (ORDER BY crdb_mvcc_key_encode(k, '5,1')) AS by_mvcc,
			 row_number() OVER (ORDER BY a ASC NULLS FIRST, b COLLATE "C" DESC NULLS LAST,
								(c = 'NaN'::float8) DESC, c ASC) AS by_sql
	  FROM ordered) s;
-- More types, one column each, both directions.
CREATE TEMP TABLE ordered2 AS
SELECT n, ts, iv, d,
	   crdb_key_encode('\xc4', NULL, n) AS kn, crdb_key_encode('\xc4', ARRAY['desc'], n) AS kn_desc,
	   crdb_key_encode('\xc4', NULL, ts) AS kts, crdb_key_encode('\xc4', ARRAY['desc'], ts) AS kts_desc,
	   crdb_key_encode('\xc4', NULL, d) AS kd, crdb_key_encode('\xc4', ARRAY['desc'], d) AS kd_desc
FROM unnest(ARRAY[NULL, -1e10, -12.5, -0.001, 0, 0.0001, 1, 1.5, 99, 100, 101, 1e20, 'Infinity', '-Infinity']::numeric[]) WITH ORDINALITY a(n, i)
JOIN unnest(ARRAY[NULL, '-infinity', '1900-01-01', '1969-12-31 23:59:59.999999', '1970-01-01', '2024-05-05 10:00:00.5', 'infinity', '1000-01-01', '2500-01-01', '1970-01-01 00:00:00.000001', '1969-12-31', '2000-01-01', '3000-01-01', '1800-06-30']::timestamptz[]) WITH ORDINALITY b(ts, j) ON i = j
JOIN unnest(ARRAY[NULL, '-infinity', '1900-01-01', '1969-12-31', '1970-01-01', '2024-05-05', 'infinity', '1000-01-01', '2500-01-01', '1970-01-02', '0001-01-01 BC', '2000-01-01', '3000-01-01', '1800-06-30']::date[]) WITH ORDINALITY c(d, l) ON i = l
CROSS JOIN (SELECT NULL::interval) e(iv);
SELECT bool_and(a = b) AS numeric_asc, bool_and(c = dd) AS numeric_desc
FROM (SELECT row_number() OVER (ORDER BY kn) a, row_number() OVER (ORDER BY n NULLS FIRST) b,
			 row_number() OVER (ORDER BY kn_desc) c, row_number() OVER (ORDER BY n DESC NULLS LAST) dd
	  FROM ordered2) s;
SELECT bool_and(a = b) AS timestamptz_asc, bool_and(c = dd) AS timestamptz_desc
FROM (SELECT row_number() OVER (ORDER BY kts) a, row_number() OVER (ORDER BY ts NULLS FIRST) b,
			 row_number() OVER (ORDER BY kts_desc) c, row_number() OVER (ORDER BY ts DESC NULLS LAST) dd
	  FROM ordered2) s;
SELECT bool_and(a = b) AS date_asc, bool_and(c = dd) AS date_desc
FROM (SELECT row_number() OVER (ORDER BY kd) a, row_number() OVER (ORDER BY d NULLS FIRST) b,
			 row_number() OVER (ORDER BY kd_desc) c, row_number() OVER (ORDER BY d DESC NULLS LAST) dd
	  FROM ordered2) s;

-- ---------------------------------------------------------------- rows
CREATE TYPE crdb_user_pk AS (region text, id int8, score numeric);
SELECT (crdb_key_populate_record(NULL::crdb_user_pk,
		crdb_key_encode(crdb_key_table_prefix(53, 1, 10), ARRAY['asc', 'asc', 'desc'], 'eu'::text, 42, 7.5) || '\x88'::bytea,
		ARRAY['asc', 'asc', 'desc'])).*;
-- LATERAL over many keys, NULL columns, the family suffix ignored.
SELECT r.*
FROM (SELECT crdb_key_encode(crdb_key_table_prefix(53, 1), ARRAY['asc', 'asc', 'desc'],
							 CASE WHEN i % 3 = 0 THEN NULL ELSE 'r' || i END, i, i / 4.0) || '\x8989'::bytea AS k
	  FROM generate_series(1, 6) i) s,
	 LATERAL crdb_key_populate_record(NULL::crdb_user_pk, s.k, ARRAY['asc', 'asc', 'desc']) r
ORDER BY r.id;
-- The cache follows the row type: a changed type between calls is seen.
CREATE TEMP TABLE popkeys AS
SELECT crdb_key_encode('\xbd89', NULL, 'x'::text, 1, 2.5, true) AS k;
PREPARE pop AS SELECT crdb_key_populate_record(NULL::crdb_user_pk, k)::text FROM popkeys;
EXECUTE pop;
ALTER TYPE crdb_user_pk ADD ATTRIBUTE flag bool;
EXECUTE pop;
DEALLOCATE pop;
-- DROP and ADD COLUMN between two calls of one PL/pgSQL call site, with a
-- constant key (which an IMMUTABLE function would have had folded into the
-- cached plan) and with a key from a variable (the call site's cache).
CREATE TABLE crdb_tf (a text, b int8, c int8);
CREATE FUNCTION pg_temp.crdb_pop(k bytea) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	BEGIN
		r := crdb_key_populate_record(NULL::crdb_tf, '\xbd8912780001898a')::text;
	EXCEPTION WHEN OTHERS THEN
		r := SQLSTATE || ': ' || SQLERRM;
	END;
	BEGIN
		RETURN r || ' | ' || crdb_key_populate_record(NULL::crdb_tf, k)::text;
	EXCEPTION WHEN OTHERS THEN
		RETURN r || ' | ' || SQLSTATE || ': ' || SQLERRM;
	END;
END $$;
SELECT pg_temp.crdb_pop('\xbd8912780001898a');
ALTER TABLE crdb_tf DROP COLUMN c;
SELECT pg_temp.crdb_pop('\xbd8912780001898a');
ALTER TABLE crdb_tf ADD COLUMN d int8;
SELECT pg_temp.crdb_pop('\xbd8912780001898a');
DROP TABLE crdb_tf;
-- Errors.
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_user_pk, '\xbd891261000189')$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_user_pk, '\x0173')$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_user_pk, '\xbd89126100018a2a020089f6')$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_user_pk, '\xbd8913979afffe8a2a020089', ARRAY['asc'])$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(1, '\xbd89')$$);
SELECT crdb_key_populate_record(NULL::crdb_user_pk, NULL) IS NULL AS null_key;
-- Column typmods apply: varchar(n) and bit(n).
CREATE TYPE crdb_narrow AS (s varchar(3), b bit(2));
SELECT (crdb_key_populate_record(NULL::crdb_narrow, '\xbd891261620001'::bytea || '\x3afdc000000000000000008a'::bytea)).*;
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_narrow, '\xbd891261626364650001')$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_narrow, '\xbd8912610001' || '\x3afd80000000000000000089'::bytea)$$);
-- Elements of another numeric encoding convert: an integer into numeric
-- (the typmod applied) and float, an integral decimal into an integer
-- (range-checked), a decimal or float into float and numeric; others are
-- 22023 naming the element's encoding and the column's type.
CREATE TYPE crdb_conv AS (i int8, n numeric(6,2), f float8, s int2);
SELECT (crdb_key_populate_record(NULL::crdb_conv, crdb_key_encode('\xbd89', NULL, 12.000::numeric, 7, 1.5::numeric, 3::int8))).*;
SELECT (crdb_key_populate_record(NULL::crdb_conv, crdb_key_encode('\xbd89', NULL, 1E+3::numeric, 1.005::float8, 2, 1E+2::numeric))).*;
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_conv, crdb_key_encode('\xbd89', NULL, 1.5::numeric, 1, 1, 1))$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_conv, crdb_key_encode('\xbd89', NULL, 1, 12345::numeric, 1, 1))$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_conv, crdb_key_encode('\xbd89', NULL, 1, 1, 'x'::text, 1))$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_conv, crdb_key_encode('\xbd89', NULL, 1, 1, 1, 1E+5::numeric))$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_conv, crdb_key_encode('\xbd89', NULL, 1, 1, 1, 2.5::float8))$$);
SELECT crdb_key_decode_value(crdb_key_encode_value(-42::int8), NULL::numeric) AS int_to_numeric,
	   crdb_key_decode_value(crdb_key_encode_value(-4.2E+1::numeric), NULL::int4) AS decimal_to_int,
	   crdb_key_decode_value(crdb_key_encode_value(0.0::numeric), NULL::int2) AS zero,
	   crdb_key_decode_value(crdb_key_encode_value(0.25::float8), NULL::numeric) AS float_to_numeric;
SELECT pg_temp.err($$SELECT crdb_key_decode_value(crdb_key_encode_value(99999999999999999999::numeric), NULL::int8)$$);
SELECT pg_temp.err($$SELECT crdb_key_decode_value(crdb_key_encode_value('NaN'::numeric), NULL::int8)$$);
-- A composite last column ends the key: an element after its fields is an
-- error (with another column last it would be a family suffix, ignored).
CREATE TYPE crdb_pt AS (x int4);
CREATE TYPE crdb_nest AS (a text, p crdb_pt);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_nest, crdb_key_encode('\xbd89', NULL, 'n'::text, 1, 2))$$);
SELECT pg_temp.err($$SELECT crdb_key_populate_record(NULL::crdb_nest, crdb_key_encode('\xbd89', NULL, 'n'::text))$$);
DROP TYPE crdb_conv, crdb_nest, crdb_pt;

-- ---------------------------------------------------------------- worked example
-- An exported MVCC key column split into tenant, table, index, typed
-- primary-key columns and timestamp in one query.
CREATE TYPE crdb_accounts_pk AS (owner text, id int8);
CREATE TEMP TABLE kv_export AS
SELECT crdb_mvcc_key_encode(crdb_key_encode(crdb_key_table_prefix(104, 1, 10), NULL, o, i) || '\x88'::bytea,
							format('1700000000.00000000%s,%s', i, i % 3)::hlc_timestamp) AS k
FROM (VALUES ('alice', 1), ('alice', 2), ('bob', 7)) v(o, i);
SELECT crdb_mvcc_key_pretty(k) FROM kv_export ORDER BY k;
SELECT t.tenant, t.table_id, t.index_id, pk.owner, pk.id, crdb_mvcc_key_timestamp(x.k) AS ts
FROM kv_export x
CROSS JOIN LATERAL (SELECT max(value) FILTER (WHERE role = 'tenant')::int8 AS tenant,
						   max(value) FILTER (WHERE role = 'table')::int8 AS table_id,
						   max(value) FILTER (WHERE role = 'index')::int8 AS index_id
					FROM crdb_key_elements(crdb_mvcc_key_key(x.k))) t
CROSS JOIN LATERAL crdb_key_populate_record(NULL::crdb_accounts_pk, crdb_mvcc_key_key(x.k)) pk
ORDER BY x.k;

DROP TYPE crdb_accounts_pk, crdb_narrow, crdb_user_pk, crdb_pair;
