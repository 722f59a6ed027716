-- mvcc: CockroachDB MVCC keys.  Every row of test/vectors/mvcc_*.tsv goes
-- through crdb_mvcc_key_encode/decode/compare and the crdb_mvcc_key type;
-- then storage order, indexes, casts and every error path.
\set VERBOSITY default

-- try(query): the query's single text result, or "SQLSTATE: message".
CREATE FUNCTION pg_temp.try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
	d text;
BEGIN
	EXECUTE q INTO r;
	RETURN r;
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
	RETURN SQLSTATE || ': ' || SQLERRM || coalesce(' (' || nullif(d, '') || ')', '');
END $$;

CREATE TEMP TABLE v_raw (file text, n serial, line text);
CREATE TEMP TABLE v_load (line text);
\copy v_load FROM 'test/vectors/mvcc_keys.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'mvcc_keys', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/mvcc_invalid.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'mvcc_invalid', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/mvcc_keys_noncanonical.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'mvcc_keys_noncanonical', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/mvcc_keys_synthetic.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'mvcc_keys_synthetic', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/mvcc_keys_negative.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'mvcc_keys_negative', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/mvcc_order.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'mvcc_order', line FROM v_load; TRUNCATE v_load;

-- Fields as text; h1..h8 the same fields as bytea (hex).
CREATE TEMP VIEW v AS
SELECT file, n, f[1] AS f1, f[2] AS f2, f[3] AS f3, f[4] AS f4, f[5] AS f5, f[6] AS f6,
	   f[7] AS f7, f[8] AS f8
FROM (SELECT file, n, string_to_array(line, E'\t') AS f FROM v_raw) s;
CREATE FUNCTION pg_temp.h(hex text) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$ SELECT decode(hex, 'hex') $$;

CREATE TEMP TABLE checks (file text, n int, ok bool, detail text);

-- mvcc_keys.tsv: canonical both ways; the type accepts it; equal to itself.
INSERT INTO checks
SELECT file, n,
	   crdb_mvcc_key_encode(pg_temp.h(f1), hlc_timestamp(f2::bigint, f3::int)) = pg_temp.h(f4)
	   AND (crdb_mvcc_key_decode(pg_temp.h(f4))).key = pg_temp.h(f1)
	   AND (crdb_mvcc_key_decode(pg_temp.h(f4))).ts = hlc_timestamp(f2::bigint, f3::int)
	   AND crdb_mvcc_key_compare(pg_temp.h(f4), pg_temp.h(f4)) = 0
	   AND pg_temp.h(f4)::crdb_mvcc_key::bytea = pg_temp.h(f4)
	   AND ('\x' || f4)::crdb_mvcc_key = pg_temp.h(f4)::crdb_mvcc_key,
	   f4
FROM v WHERE file = 'mvcc_keys';

-- mvcc_invalid.tsv: decode, compare (either side), the cast and text input
-- all refuse it: 22P03 for binary, 22P02 for text.
INSERT INTO checks
SELECT file, n,
	   pg_temp.try(format('SELECT crdb_mvcc_key_decode(%L)::text', pg_temp.h(f1))) LIKE '22P03: %'
	   AND pg_temp.try(format('SELECT crdb_mvcc_key_compare(%L, %L)::text', '\x00'::bytea, pg_temp.h(f1))) LIKE '22P03: %argument 2%'
	   AND pg_temp.try(format('SELECT crdb_mvcc_key_compare(%L, %L)::text', pg_temp.h(f1), '\x00'::bytea)) LIKE '22P03: %argument 1%'
	   AND pg_temp.try(format('SELECT %L::bytea::crdb_mvcc_key::text', pg_temp.h(f1))) LIKE '22P03: %'
	   AND pg_temp.try(format('SELECT %L::crdb_mvcc_key::text', '\x' || f1)) LIKE '22P02: %',
	   f1
FROM v WHERE file = 'mvcc_invalid';

-- mvcc_keys_noncanonical.tsv: decodes to the value, re-encodes canonically,
-- compares as cmp_current with its canonical form (and equal ones hash alike).
INSERT INTO checks
SELECT file, n,
	   (crdb_mvcc_key_decode(pg_temp.h(f1))).key = pg_temp.h(f2)
	   AND (crdb_mvcc_key_decode(pg_temp.h(f1))).ts = hlc_timestamp(f3::bigint, f4::int)
	   AND crdb_mvcc_key_encode(pg_temp.h(f2), hlc_timestamp(f3::bigint, f4::int)) = pg_temp.h(f5)
	   AND crdb_mvcc_key_compare(pg_temp.h(f1), pg_temp.h(f5)) = f6::int
	   AND crdb_mvcc_key_compare(pg_temp.h(f5), pg_temp.h(f1)) = -f6::int
	   AND (crdb_mvcc_key_hash(pg_temp.h(f1)::crdb_mvcc_key) = crdb_mvcc_key_hash(pg_temp.h(f5)::crdb_mvcc_key)) >= (f6 = '0'),
	   f1
FROM v WHERE file = 'mvcc_keys_noncanonical';

-- mvcc_keys_synthetic.tsv: the 21.1-23.1 bytes decode to today's value and
-- compare equal to its canonical re-encoding.
INSERT INTO checks
SELECT file, n,
	   (crdb_mvcc_key_decode(pg_temp.h(f5))).key = pg_temp.h(f1)
	   AND (crdb_mvcc_key_decode(pg_temp.h(f5))).ts = hlc_timestamp(f6::bigint, f7::int)
	   AND crdb_mvcc_key_encode(pg_temp.h(f1), hlc_timestamp(f6::bigint, f7::int)) = pg_temp.h(f8)
	   AND pg_temp.h(f5)::crdb_mvcc_key = pg_temp.h(f8)::crdb_mvcc_key,
	   f5
FROM v WHERE file = 'mvcc_keys_synthetic';

-- mvcc_keys_negative.tsv: out of range (22003) on decode.
INSERT INTO checks
SELECT file, n,
	   pg_temp.try(format('SELECT crdb_mvcc_key_decode(%L)::text', pg_temp.h(f4))) LIKE '22003: %'
	   AND pg_temp.try(format('SELECT %L::bytea::crdb_mvcc_key::text', pg_temp.h(f4))) LIKE '22003: %',
	   f4
FROM v WHERE file = 'mvcc_keys_negative';

-- mvcc_order.tsv: the function and the type's operators give cmp_current;
-- bytea's own order gives the bytewise column.
INSERT INTO checks
SELECT file, n,
	   crdb_mvcc_key_compare(a, b) = f3::int AND crdb_mvcc_key_compare(b, a) = -f3::int
	   AND crdb_mvcc_key_cmp(ka, kb) = f3::int
	   AND (ka = kb) = (f3 = '0') AND (ka <> kb) = (f3 <> '0')
	   AND (ka < kb) = (f3 = '-1') AND (ka <= kb) = (f3 <> '1')
	   AND (ka > kb) = (f3 = '1') AND (ka >= kb) = (f3 <> '-1')
	   AND sign(CASE WHEN a < b THEN -1 WHEN a > b THEN 1 ELSE 0 END) = f6::int,
	   f1 || ' vs ' || f2
FROM (SELECT *, pg_temp.h(f1) AS a, pg_temp.h(f2) AS b,
			 pg_temp.h(f1)::crdb_mvcc_key AS ka, pg_temp.h(f2)::crdb_mvcc_key AS kb
	  FROM v WHERE file = 'mvcc_order') o;

SELECT file, count(*) AS rows, count(*) FILTER (WHERE ok) AS passed
FROM checks GROUP BY file ORDER BY file;
SELECT (SELECT count(*) FROM v) AS vector_rows, (SELECT count(DISTINCT (file, n)) FROM checks) AS checked_rows;
SELECT file, n, detail FROM checks WHERE ok IS NOT TRUE ORDER BY file, n;

-- The rejected keys with their errors.
SELECT f1 AS encoded, pg_temp.try(format('SELECT crdb_mvcc_key_decode(%L)::text', pg_temp.h(f1))) AS decode
FROM v WHERE file = 'mvcc_invalid' ORDER BY n;
SELECT f4 AS encoded, pg_temp.try(format('SELECT crdb_mvcc_key_decode(%L)::text', pg_temp.h(f4))) AS decode
FROM v WHERE file = 'mvcc_keys_negative' ORDER BY n;

-- ================================================== encode and decode
SELECT k AS key, ts, crdb_mvcc_key_encode(k, ts::hlc_timestamp) AS encoded
FROM (VALUES (''::bytea, '0'), ('foo', '0'), ('', '1643550788737652545'), ('foo', '1643550788737652545'),
			 ('foo', '0.0000065535'), ('foo', '1643550788737652545.0000065535'),
			 ('\x00ff'::bytea, '0.0000000001')) t(k, ts);
SELECT * FROM crdb_mvcc_key_decode('\x666f6f0016cf10bc050557410000ffff0d');
SELECT * FROM crdb_mvcc_key_decode('\x666f6f00');
SELECT * FROM crdb_mvcc_key_decode('\x666f6f0016cf10bc050557410000ffff010e');  -- synthetic era
SELECT * FROM crdb_mvcc_key_decode('\x666f6f000000000000000000000000000d');  -- zero version
SELECT length(crdb_mvcc_key_encode(decode(repeat('ab', 100000), 'hex'), '1.0000000001')) AS long_key;
SELECT (crdb_mvcc_key_decode(crdb_mvcc_key_encode(decode(repeat('00', 5000), 'hex'), '7'))).ts AS zeros_key_ts;

-- Errors: 22P03 with the byte offset and what is wrong, 22003 out of range.
SELECT crdb_mvcc_key_decode('\x');
\echo :LAST_ERROR_SQLSTATE
SELECT crdb_mvcc_key_decode('\x01');
\echo :LAST_ERROR_SQLSTATE
SELECT crdb_mvcc_key_decode('\xab00ffffffffffffffff0f');
\echo :LAST_ERROR_SQLSTATE
SELECT crdb_mvcc_key_decode('\x61ff16cf10bc050557410000ffff0d');
\echo :LAST_ERROR_SQLSTATE
SELECT crdb_mvcc_key_decode('\x6100000103');
\echo :LAST_ERROR_SQLSTATE
SELECT crdb_mvcc_key_decode('\x00ffffffffffffffff09');
\echo :LAST_ERROR_SQLSTATE
SELECT crdb_mvcc_key_compare('\x6100', '\x6109');
\echo :LAST_ERROR_SQLSTATE
-- Text that is not even bytea hex: this type's 22P02, bytea's reason as detail.
SELECT '\x6g00'::crdb_mvcc_key;
\echo :LAST_ERROR_SQLSTATE
SELECT '\x610'::crdb_mvcc_key;
\echo :LAST_ERROR_SQLSTATE
-- bytea's escape-format error (22P02 naming bytea) is re-raised the same way
SELECT 'a\q'::crdb_mvcc_key;
\echo :LAST_ERROR_SQLSTATE

-- ===================================== CockroachDB's storage order
-- a < a@max < a@(1,0) < a@(0,1) < a@(0,0) (a zero-valued version) < a\x00
-- < a\x00@... : bytea's order gets this wrong, crdb_mvcc_key's does not.
CREATE TEMP TABLE keys (label text, k crdb_mvcc_key);
INSERT INTO keys VALUES
	('a', crdb_mvcc_key_encode('a', '0')),
	('a@max', crdb_mvcc_key_encode('a', '9223372036854775807.2147483647')),
	('a@1609459200000000000', crdb_mvcc_key_encode('a', '1609459200000000000')),
	('a@(1,0) 12-byte form', '\x61000000000000000001000000000d'),
	('a@(1,0)', crdb_mvcc_key_encode('a', '1')),
	('a@(0,1)', crdb_mvcc_key_encode('a', '0.0000000001')),
	('a@(0,0) zero version', '\x6100000000000000000009'),
	('a\x00', crdb_mvcc_key_encode('\x6100', '0')),
	('a\x00@(1,0)', crdb_mvcc_key_encode('\x6100', '1')),
	('b', crdb_mvcc_key_encode('b', '0'));
SELECT label, k FROM keys ORDER BY k, label;
SELECT label, k::bytea FROM keys ORDER BY k::bytea, label;
SELECT label, k FROM keys ORDER BY k DESC, label;
SELECT a.label, b.label FROM keys a JOIN keys b ON a.k = b.k AND a.label < b.label ORDER BY 1, 2;

-- Every key of the vector files, sorted: neighbours are in comparator order.
CREATE TEMP TABLE all_keys AS
SELECT DISTINCT pg_temp.h(x)::crdb_mvcc_key AS k
FROM v, LATERAL (VALUES (f1), (f2)) t(x) WHERE file = 'mvcc_order'
UNION ALL
SELECT DISTINCT pg_temp.h(f4)::crdb_mvcc_key FROM v WHERE file = 'mvcc_keys';
SELECT count(*) AS keys,
	   count(*) FILTER (WHERE crdb_mvcc_key_compare(prev::bytea, k::bytea) > 0) AS out_of_order
FROM (SELECT k, lag(k) OVER (ORDER BY k) AS prev FROM all_keys) s;

-- 20000 keys with distinct 8-byte prefixes (abbreviated keys decide), and
-- 20000 sharing one prefix (the abbreviation is abandoned): both sorts agree
-- with the comparator, as does a sort on (decoded key, version, timestamp).
CREATE TEMP TABLE many_keys AS
SELECT crdb_mvcc_key_encode(int4send(((i * 7919) % 20011)::int), hlc_timestamp(i % 7, i % 3))::crdb_mvcc_key AS k
FROM generate_series(1, 20000) i
UNION ALL
SELECT crdb_mvcc_key_encode('\xf28912ff0000000000'::bytea || int4send(((i * 7919) % 20011)::int), hlc_timestamp(i % 7, i % 3))::crdb_mvcc_key
FROM generate_series(1, 20000) i;
SELECT 'distinct prefixes' AS keys, count(*),
	   count(*) FILTER (WHERE crdb_mvcc_key_compare(prev::bytea, k::bytea) > 0) AS out_of_order
FROM (SELECT k, lag(k) OVER (ORDER BY k) AS prev FROM many_keys WHERE k::bytea < '\xf2') s
UNION ALL
SELECT 'one prefix', count(*),
	   count(*) FILTER (WHERE crdb_mvcc_key_compare(prev::bytea, k::bytea) > 0)
FROM (SELECT k, lag(k) OVER (ORDER BY k) AS prev FROM many_keys WHERE k::bytea >= '\xf2') s
UNION ALL
SELECT 'all', count(*),
	   count(*) FILTER (WHERE crdb_mvcc_key_compare(prev::bytea, k::bytea) > 0)
FROM (SELECT k, lag(k) OVER (ORDER BY k) AS prev FROM many_keys) s;
SELECT (SELECT array_agg(k::bytea ORDER BY k) FROM many_keys)
	 = (SELECT array_agg(k::bytea ORDER BY (crdb_mvcc_key_decode(k::bytea)).key,
							 length(k::bytea) > length((crdb_mvcc_key_decode(k::bytea)).key) + 1,
							 (crdb_mvcc_key_decode(k::bytea)).ts DESC)
		FROM many_keys) AS same_as_decoded_order;

-- btree index in storage order; hash index; hash join; DISTINCT.
CREATE INDEX all_keys_k ON all_keys (k);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT k FROM all_keys WHERE k < '\x6100' ORDER BY k;
SELECT count(*) FROM (SELECT k FROM all_keys WHERE k < '\x6100' ORDER BY k) s;
SELECT k FROM all_keys WHERE k = '\x666f6f0016cf10bc050557410000ffff010e' ORDER BY k, k::bytea;
RESET enable_seqscan;
RESET enable_bitmapscan;
CREATE INDEX all_keys_h ON all_keys USING hash (k);
SELECT count(*) FROM all_keys WHERE k = '\x666f6f0016cf10bc0505574109';
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT count(*) AS hash_join_pairs FROM keys a JOIN keys b ON a.k = b.k;
RESET enable_mergejoin;
RESET enable_nestloop;
SELECT count(DISTINCT k) AS distinct_keys FROM keys;
SELECT crdb_mvcc_key_hash('\x666f6f0016cf10bc0505574109') = crdb_mvcc_key_hash('\x666f6f0016cf10bc0505574100000000010e') AS synthetic_hashes_alike,
	   crdb_mvcc_key_hash('\x666f6f00') = crdb_mvcc_key_hash('\x666f6f000000000000000000000000000d') AS zero_version_hashes_alike,
	   crdb_mvcc_key_hash('\x666f6f00') = crdb_mvcc_key_hash_extended('\x666f6f00', 0)::bit(32)::int AS low_bits_match;

-- ==================================== the type's casts, input and errors
SELECT '\x666f6f00'::crdb_mvcc_key AS from_text,
	   '\x666f6f00'::bytea::crdb_mvcc_key AS from_bytea,
	   crdb_mvcc_key('\x666f6f00') AS by_function,
	   '\x666f6f00'::crdb_mvcc_key::bytea AS to_bytea;
CREATE TEMP TABLE typed (k crdb_mvcc_key, b bytea);
INSERT INTO typed VALUES (crdb_mvcc_key_encode('x', '5'), '\x7800'::crdb_mvcc_key);  -- assignment casts
SELECT * FROM typed;
SELECT 'foo'::crdb_mvcc_key;
\echo :LAST_ERROR_SQLSTATE
SELECT '\x6109'::crdb_mvcc_key;
\echo :LAST_ERROR_SQLSTATE
SELECT '\x6109'::bytea::crdb_mvcc_key;
\echo :LAST_ERROR_SQLSTATE
SELECT '\x00ffffffffffffffff09'::crdb_mvcc_key;
\echo :LAST_ERROR_SQLSTATE
SELECT crdb_mvcc_key_compare('\x6100ff', '\x6100');
\echo :LAST_ERROR_SQLSTATE

-- Binary input through COPY (FORMAT binary) validates too.  Client-side
-- \copy files in pg_regress's results/ (no superuser needed); a bytea
-- column's binary form is its bytes, so copying a one-column bytea file into
-- a crdb_mvcc_key column hands exactly those bytes to crdb_mvcc_key_recv.
CREATE TEMP TABLE bin_field (field bytea);
TRUNCATE bin_field, typed;
INSERT INTO bin_field VALUES ('\x666f6f0016cf10bc0505574109');
\copy bin_field TO 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
\copy typed (k) FROM 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
SELECT k FROM typed;
TRUNCATE bin_field, typed;
INSERT INTO bin_field VALUES ('\x666f6f09');
\copy bin_field TO 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
\copy typed (k) FROM 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy typed (k) FROM 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
\set VERBOSITY default
TRUNCATE bin_field, typed;
INSERT INTO bin_field VALUES ('\x');
\copy bin_field TO 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
\copy typed (k) FROM 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy typed (k) FROM 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
\set VERBOSITY default
TRUNCATE bin_field, typed;
INSERT INTO bin_field VALUES ('\x00800000000000000009');
\copy bin_field TO 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
\copy typed (k) FROM 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy typed (k) FROM 'results/wirecodec_mvcc_field.copy' (FORMAT binary)
\set VERBOSITY default

-- ============================================ the type is first-class (0.2)
-- crdb_mvcc_key_encode returns crdb_mvcc_key; the cast to bytea is implicit,
-- so the result still goes wherever bytea went.
SELECT pg_typeof(crdb_mvcc_key_encode('foo', '5')) AS encode_returns,
	   length(crdb_mvcc_key_encode('foo', '5')) AS length,
	   encode(crdb_mvcc_key_encode('foo', '5'), 'hex') AS hex,
	   crdb_mvcc_key_encode('foo', '5') = '\x666f6f00000000000000000509'::bytea AS equals_bytea;
-- (2) is (3)'s key in the 12-byte form: the same MVCC key in other bytes.
CREATE TEMP TABLE fc (id int, k crdb_mvcc_key, b bytea);
INSERT INTO fc VALUES
	(1, crdb_mvcc_key_encode('bar', '0'), '\x62617200'),
	(2, '\x666f6f00000000000000000500000000' || '\x0d'::bytea, '\x666f6f00000000000000000509'),
	(3, crdb_mvcc_key_encode('foo', '5'), '\x666f6f00000000000000000500000000' || '\x0d'::bytea),
	(4, crdb_mvcc_key_encode('foo', '1643550788737652545.0000065535'), '\x666f6f00');
-- decode and compare take the column; the accessors take the type (and its
-- text form).
SELECT id, (crdb_mvcc_key_decode(k)).*, crdb_mvcc_key_key(k) AS key_of,
	   crdb_mvcc_key_timestamp(k) AS timestamp_of,
	   crdb_mvcc_key_compare(k, crdb_mvcc_key_encode('foo', '5')) AS cmp_foo5
FROM fc ORDER BY id;
SELECT crdb_mvcc_key_key('\x666f6f0016cf10bc050557410000ffff0d') AS key,
	   crdb_mvcc_key_timestamp('\x666f6f0016cf10bc050557410000ffff0d') AS ts,
	   crdb_mvcc_key_timestamp('\x666f6f00') AS ts_of_unversioned;
-- Equality with crdb_mvcc_key_encode(...) on the column: key equality.
SELECT id FROM fc WHERE k = crdb_mvcc_key_encode('foo', '5') ORDER BY id;
-- With bytea on either side: the engine order, not bytea's.
SELECT id FROM fc WHERE k = '\x666f6f00000000000000000509'::bytea ORDER BY id;
SELECT id FROM fc WHERE '\x666f6f00000000000000000509'::bytea = k ORDER BY id;
SELECT id FROM fc WHERE k <> '\x666f6f00000000000000000509'::bytea ORDER BY id;
SELECT id, k < '\x666f6f00'::bytea AS lt, k <= '\x666f6f00'::bytea AS le,
	   k > '\x666f6f00'::bytea AS gt, k >= '\x666f6f00'::bytea AS ge,
	   '\x666f6f00'::bytea < k AS rev_lt, '\x666f6f00'::bytea >= k AS rev_ge
FROM fc ORDER BY id;
SELECT a.id, b.id AS b_row FROM fc a JOIN fc b ON a.k = b.b ORDER BY 1, 2;
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT a.id, b.id AS b_row FROM fc a JOIN fc b ON a.k = b.b ORDER BY 1, 2;
SELECT a.id, b.id AS b_row FROM fc a JOIN fc b ON b.b = a.k ORDER BY 1, 2;
RESET enable_mergejoin;
RESET enable_nestloop;
SELECT crdb_mvcc_key_hash_bytea('\x666f6f00000000000000000509') = crdb_mvcc_key_hash(crdb_mvcc_key_encode('foo', '5')) AS hash_bytea_alike,
	   crdb_mvcc_key_hash_extended_bytea('\x666f6f00000000000000000509', 7) = crdb_mvcc_key_hash_extended(('\x666f6f00000000000000000500000000' || '\x0d'::bytea)::crdb_mvcc_key, 7) AS extended_alike;
-- The bytea side must be a valid key: 22P03 naming the argument.
SELECT id FROM fc WHERE k = '\x6109'::bytea;
\echo :LAST_ERROR_SQLSTATE
SELECT id FROM fc WHERE '\x6109'::bytea < k;
\echo :LAST_ERROR_SQLSTATE
SELECT crdb_mvcc_key_hash_bytea('\x6109');
\echo :LAST_ERROR_SQLSTATE
