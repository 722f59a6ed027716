-- fdb_tuple and fdb_versionstamp text input also take bytea's hex form, the
-- usual export of a binary key column, so such an export loads as it is.  The
-- hex is validated as a tuple with the bytea -> fdb_tuple cast's errors; the
-- canonical text output stays the tuple grammar.

SELECT '\x02757365727300152a'::fdb_tuple AS from_hex,
	   '\x02757365727300152a'::fdb_tuple = fdb_tuple_pack('users', 42) AS same_key,
	   '\x'::fdb_tuple AS empty_tuple,
	   '\x02 75 73 65 72 73 00 15 2a'::fdb_tuple AS spaces_between_pairs;

-- Every key survives key::bytea::text::fdb_tuple (the hex export round trip).
SELECT count(*) AS keys,
	   count(*) FILTER (WHERE k::bytea::text::fdb_tuple = k) AS round_trip
FROM (SELECT fdb_tuple_pack('users', i, i * 1.5::float8, md5(i::text))::fdb_tuple AS k
	  FROM generate_series(1, 1000) i) s;

-- A COPY of a hex export straight into an fdb_tuple column.
CREATE TEMP TABLE hex_keys (k fdb_tuple);
COPY hex_keys FROM STDIN;
\\x02757365727300152a
\\x0275736572730015ff
\\x01ff00ff00
\.
SELECT k AS tuple, k::bytea AS bytes FROM hex_keys ORDER BY 1;

-- Errors: bad hex is this type's 22P02; hex that is not a tuple is the
-- cast's 22P03 naming the byte and element.
SELECT '\x02757365727300zz'::fdb_tuple;
SELECT '\x027'::fdb_tuple;
SELECT '\x0275736572730015'::fdb_tuple;
SELECT '\x027573657273'::fdb_tuple;
SELECT '\xff'::fdb_tuple;
\set VERBOSITY sqlstate
SELECT '\x02757365727300zz'::fdb_tuple;
SELECT '\x0275736572730015'::fdb_tuple;
\set VERBOSITY default

-- fdb_versionstamp: \x and the 12 bytes.
SELECT '\x0102030405060708090abeef'::fdb_versionstamp AS vs,
	   '\x0102030405060708090abeef'::fdb_versionstamp = '0102030405060708090a:48879' AS same;
SELECT '\x0102030405060708090abe'::fdb_versionstamp;
SELECT '\x0102030405060708090abeefzz'::fdb_versionstamp;
-- 13 bytes (one too many); the 12 with whitespace between digit pairs
SELECT '\x0102030405060708090abeef00'::fdb_versionstamp;
SELECT '\x01020304 05060708 090abeef'::fdb_versionstamp AS spaced;
\set VERBOSITY sqlstate
SELECT '\x0102030405060708090abe'::fdb_versionstamp;
\set VERBOSITY default

-- crdb_mvcc_key reads bytea's text forms with wirecodec's own decoder: the
-- escape form, octal escapes and doubled backslashes included.
SELECT 'a\000'::crdb_mvcc_key = '\x6100'::crdb_mvcc_key AS escape_form,
	   E'\\\\\\000'::crdb_mvcc_key::bytea AS backslash_key,
	   '\x 61 00'::crdb_mvcc_key::bytea AS hex_with_spaces;
SELECT 'a\400'::crdb_mvcc_key;
SELECT 'a\'::crdb_mvcc_key;
SELECT '\x61 0'::crdb_mvcc_key;
