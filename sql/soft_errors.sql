-- Soft input errors (PostgreSQL 16+; this suite runs only there, see the
-- Makefile): every wirecodec type reports bad text input through the
-- ErrorSaveContext, so pg_input_is_valid() answers false and
-- pg_input_error_info() returns the same message, detail and SQLSTATE that a
-- plain cast raises.

CREATE TEMP TABLE soft_cases (t text, v text);
INSERT INTO soft_cases VALUES
	('hlc_timestamp', '1700000000000000000.0000000005'),
	('hlc_timestamp', 'garbage'),
	('hlc_timestamp', '1.5'),
	('hlc_timestamp', '-1'),
	('hlc_range', '[1,5)'),
	('hlc_range', '[1,garbage)'),
	('hlc_range', '[1,1.5)'),
	('fdb_tuple', '("users", 42, 1.5)'),
	('fdb_tuple', '("users", 42'),
	('fdb_tuple', '(1' || repeat('0', 700) || ')'),
	('fdb_tuple', '\x0275736572730015'),
	('fdb_tuple', '\x02757365727300152a'),
	('fdb_tuple', '\x027573657273'),
	('fdb_tuple', '\x02757365727300zz'),
	('fdb_tuple', '\x027'),
	('fdb_versionstamp', '0102030405060708090a:48879'),
	('fdb_versionstamp', '0102030405060708090a'),
	('fdb_versionstamp', '0102030405060708090a:70000'),
	('fdb_versionstamp', '0102030405060708090a:1x'),
	('fdb_versionstamp', '\x0102030405060708090abeef'),
	('fdb_versionstamp', '\x0102030405060708090abe'),
	('crdb_mvcc_key', '\x6100'),
	('crdb_mvcc_key', '\x6g00'),
	('crdb_mvcc_key', '\x610'),
	('crdb_mvcc_key', 'a\q'),
	('crdb_mvcc_key', 'foo'),
	('crdb_mvcc_key', '\x6109');

-- Valid or not, without an error.
SELECT t, left(v, 40) AS v, pg_input_is_valid(v, t) AS valid FROM soft_cases;

-- The error a cast would raise, as data.
SELECT t, left(v, 40) AS v, e.sql_error_code, left(e.message, 80) AS message, e.detail
FROM soft_cases, LATERAL pg_input_error_info(v, t) e
WHERE NOT pg_input_is_valid(v, t);

-- The same errors as a hard cast, for comparison (one per type).
\set VERBOSITY sqlstate
SELECT 'garbage'::hlc_timestamp;
SELECT '("users", 42'::fdb_tuple;
SELECT '\x027573657273'::fdb_tuple;
SELECT '0102030405060708090a'::fdb_versionstamp;
SELECT '\x6g00'::crdb_mvcc_key;
\set VERBOSITY default

-- In a domain over the type and in an array of it, soft too.
CREATE DOMAIN soft_key AS fdb_tuple;
SELECT pg_input_is_valid('("a")', 'soft_key') AS domain_ok,
	   pg_input_is_valid('("a"', 'soft_key') AS domain_bad,
	   pg_input_is_valid('{1.0,2.0}', 'hlc_timestamp[]') AS array_ok,
	   pg_input_is_valid('{1.0,zzz}', 'hlc_timestamp[]') AS array_bad;
DROP DOMAIN soft_key;
