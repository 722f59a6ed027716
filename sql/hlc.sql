-- hlc: the hlc_timestamp type (CockroachDB HLC timestamps).  Every row of
-- test/vectors/hlc_*.tsv goes through SQL here; then the type's operators,
-- index support, aggregates, range type, functions, casts, binary and
-- protobuf forms, and every error path with its SQLSTATE.
\set VERBOSITY default
SET extra_float_digits = 0;

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

-- Load one vector file as raw lines (no quoting, no escapes).
CREATE TEMP TABLE v_raw (file text, n serial, line text);
CREATE TEMP TABLE v_load (line text);
\copy v_load FROM 'test/vectors/hlc_text.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'hlc_text', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/hlc_invalid.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'hlc_invalid', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/hlc_text_quirks.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'hlc_text_quirks', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/hlc_text_negative.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'hlc_text_negative', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/hlc_order.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'hlc_order', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/hlc_next_prev.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'hlc_next_prev', line FROM v_load; TRUNCATE v_load;
\copy v_load FROM 'test/vectors/hlc_decimal_renderings.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
INSERT INTO v_raw (file, line) SELECT 'hlc_decimal_renderings', line FROM v_load; TRUNCATE v_load;

CREATE TEMP VIEW v AS
SELECT file, n,
	   coalesce(split_part(line, E'\t', 1), '') AS f1, coalesce(split_part(line, E'\t', 2), '') AS f2,
	   coalesce(split_part(line, E'\t', 3), '') AS f3, coalesce(split_part(line, E'\t', 4), '') AS f4,
	   coalesce(split_part(line, E'\t', 5), '') AS f5, coalesce(split_part(line, E'\t', 6), '') AS f6,
	   coalesce(split_part(line, E'\t', 7), '') AS f7
FROM v_raw;

-- Each check: file, row, ok.  The summary lists rows and passes per file;
-- the query after it lists failing rows (none expected).
CREATE TEMP TABLE checks (file text, n int, ok bool, detail text);

-- hlc_text.tsv: input means (walltime, logical), prints canonical_decimal;
-- the String() form prints as crdb_string_form and is itself an input.
INSERT INTO checks
SELECT file, n,
	   hlc_walltime(f1::hlc_timestamp) = f2::bigint AND hlc_logical(f1::hlc_timestamp) = f3::int
	   AND f1::hlc_timestamp::text = f4
	   AND hlc_to_crdb_string(f1::hlc_timestamp) = f5
	   AND f5::hlc_timestamp::text = f4
	   AND hlc_timestamp(f2::bigint, f3::int)::text = f4,
	   f1
FROM v WHERE file = 'hlc_text';

-- hlc_invalid.tsv: rejected; beyond int64 wall or int32 logical is 22003,
-- the rest 22P02.
INSERT INTO checks
SELECT file, n,
	   pg_temp.try(format('SELECT %L::hlc_timestamp::text', f1)) LIKE
	   CASE WHEN f2 ~ '(max|range|overflows)' THEN '22003: %' ELSE '22P02: %' END,
	   f1
FROM v WHERE file = 'hlc_invalid';

-- hlc_text_quirks.tsv: the note ends with "project: <result>".
INSERT INTO checks
SELECT file, n,
	   CASE
		   WHEN proj LIKE 'rejected as invalid text%' THEN r LIKE '22P02: %'
		   WHEN proj LIKE 'rejected as out of range%' THEN r LIKE '22003: %'
		   WHEN proj LIKE 'accepted as %' THEN r = split_part(substr(proj, 13), ' ', 1)
	   END,
	   f1
FROM (SELECT file, n, f1, substring(f4 FROM 'project: (.*)$') AS proj,
			 pg_temp.try(format('SELECT %L::hlc_timestamp::text', f1)) AS r
	  FROM v WHERE file = 'hlc_text_quirks') q;

-- hlc_text_negative.tsv: none is a value; every text form is rejected.
INSERT INTO checks
SELECT file, n,
	   pg_temp.try(format('SELECT hlc_timestamp(%s, %s)::text', f1, f2)) LIKE '22003: %'
	   AND pg_temp.try(format('SELECT %L::hlc_timestamp::text', f3)) LIKE '22P02: %'
	   AND pg_temp.try(format('SELECT %L::hlc_timestamp::text', f4)) LIKE '22P02: %'
	   AND pg_temp.try(format('SELECT %L::hlc_timestamp::text', f5)) LIKE '22P02: %'
	   AND pg_temp.try(format('SELECT %L::hlc_timestamp::text', f6)) LIKE '22P02: %',
	   f1 || ',' || f2
FROM v WHERE file = 'hlc_text_negative';

-- hlc_order.tsv: hlc_timestamp_cmp and all six operators agree with sign.
INSERT INTO checks
SELECT file, n,
	   sign(hlc_timestamp_cmp(a, b)) = f3::int AND sign(hlc_timestamp_cmp(b, a)) = -f3::int
	   AND (a = b) = (f3 = '0') AND (a <> b) = (f3 <> '0')
	   AND (a < b) = (f3 = '-1') AND (a <= b) = (f3 <> '1')
	   AND (a > b) = (f3 = '1') AND (a >= b) = (f3 <> '-1')
	   AND (hlc_timestamp_hash(a) = hlc_timestamp_hash(b)) >= (f3 = '0'),
	   f1 || ' vs ' || f2
FROM (SELECT *, f1::hlc_timestamp AS a, f2::hlc_timestamp AS b FROM v WHERE file = 'hlc_order') o;

-- hlc_next_prev.tsv: "panic" is an out-of-range error.
INSERT INTO checks
SELECT file, n,
	   hlc_next(f1::hlc_timestamp)::text = f2
	   AND hlc_prev(f1::hlc_timestamp)::text = f3
	   AND hlc_floor_prev(f1::hlc_timestamp)::text = f4,
	   f1
FROM v WHERE file = 'hlc_next_prev' AND 'panic' NOT IN (f2, f3, f4);
INSERT INTO checks
SELECT file, n,
	   (f2 <> 'panic' OR pg_temp.try(format('SELECT hlc_next(%L)::text', f1)) LIKE '22003: %')
	   AND (f3 <> 'panic' OR pg_temp.try(format('SELECT hlc_prev(%L)::text', f1)) LIKE '22003: %')
	   AND (f4 <> 'panic' OR pg_temp.try(format('SELECT hlc_floor_prev(%L)::text', f1)) LIKE '22003: %'),
	   f1
FROM v WHERE file = 'hlc_next_prev' AND 'panic' IN (f2, f3, f4);

-- hlc_decimal_renderings.tsv: our output is asofsystemtime; the numeric
-- cast gives CockroachDB's DECIMAL value and takes it back; the DECIMAL
-- datum text is an input exactly when it is the same text.
INSERT INTO checks
SELECT file, n,
	   hlc_timestamp(f1::bigint, f2::int)::text = f3
	   AND hlc_timestamp(f1::bigint, f2::int)::numeric = f5::numeric
	   AND hlc_timestamp(f1::bigint, f2::int)::numeric::text = f5
	   AND f5::numeric::hlc_timestamp = hlc_timestamp(f1::bigint, f2::int)
	   AND (pg_temp.try(format('SELECT %L::hlc_timestamp::text', f4)) = f3) = (f6 = 'same'),
	   f1 || ',' || f2
FROM v WHERE file = 'hlc_decimal_renderings';

SELECT file, count(*) AS rows, count(*) FILTER (WHERE ok) AS passed
FROM checks GROUP BY file ORDER BY file;
SELECT (SELECT count(*) FROM v) AS vector_rows, (SELECT count(DISTINCT (file, n)) FROM checks) AS checked_rows;
SELECT file, n, detail FROM checks WHERE ok IS NOT TRUE ORDER BY file, n;

-- The rejected inputs with their errors.
SELECT f1 AS input, pg_temp.try(format('SELECT %L::hlc_timestamp::text', f1)) AS result
FROM v WHERE file IN ('hlc_invalid', 'hlc_text_quirks') ORDER BY file, n;

-- ===================================================== text input/output
SELECT x AS input, x::hlc_timestamp AS output
FROM (VALUES ('1609459200000000000.0000000001'), ('1609459200.000000000,1'),
			 ('1609459200000000000.1'), ('99'), ('99,0'), ('0.000000001'),
			 ('0.000000001,0'), ('1,0005'), ('  145.0000000123 '), (E'\t1\n'),
			 ('0'), ('0,0'), ('9223372036854775807.2147483647'),
			 ('9223372036.854775807,2147483647')) t(x);

-- Errors: 22P02 invalid text (input quoted, byte offset), 22003 out of range.
SELECT ''::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '0,123?'::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '1.00000000000'::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '1.5,0'::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '-0'::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '9223372036.854775808,0'::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '1609459200000000000.2147483648'::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '1,99999999999999999999999'::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE

-- ================================================ binary send and receive
SELECT hlc_timestamp_send('1643550788737652545.0000065535') AS send,
	   hlc_timestamp_send('0.0000000000') AS send_empty;

-- Receive through COPY (FORMAT binary), client-side: \copy files in
-- pg_regress's results/ (no superuser, nothing left in the server).  A round
-- trip, then hand-made fields: a bytea column's binary form is its bytes, so
-- copying a one-column bytea file into an hlc_timestamp column hands exactly
-- those bytes to hlc_timestamp_recv.
CREATE TEMP TABLE bin_src (id int, ts hlc_timestamp);
INSERT INTO bin_src VALUES (1, '0'), (2, '1643550788737652545.0000065535'),
	(3, '9223372036854775807.2147483647');
CREATE TEMP TABLE bin_dst (id int, ts hlc_timestamp);
\copy bin_src TO 'results/wirecodec_hlc.copy' (FORMAT binary)
\copy bin_dst FROM 'results/wirecodec_hlc.copy' (FORMAT binary)
SELECT s.id, s.ts, d.ts = s.ts AS same FROM bin_src s JOIN bin_dst d USING (id) ORDER BY id;
CREATE TEMP TABLE bin_field (field bytea);
-- valid
TRUNCATE bin_field, bin_dst;
INSERT INTO bin_field VALUES ('\x16cf10bc050557410000ffff');
\copy bin_field TO 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
SELECT ts FROM bin_dst;
-- negative wall
TRUNCATE bin_field, bin_dst;
INSERT INTO bin_field VALUES ('\x800000000000000000000001');
\copy bin_field TO 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\set VERBOSITY default
-- negative logical
TRUNCATE bin_field, bin_dst;
INSERT INTO bin_field VALUES ('\x000000000000000180000000');
\copy bin_field TO 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\set VERBOSITY default
-- 11 bytes
TRUNCATE bin_field, bin_dst;
INSERT INTO bin_field VALUES ('\x0000000000000001000000');
\copy bin_field TO 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\set VERBOSITY default
-- 13 bytes
TRUNCATE bin_field, bin_dst;
INSERT INTO bin_field VALUES ('\x00000000000000010000000100');
\copy bin_field TO 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\set VERBOSITY default
-- empty
TRUNCATE bin_field, bin_dst;
INSERT INTO bin_field VALUES ('\x');
\copy bin_field TO 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
-- again, for the SQLSTATE (\copy does not set LAST_ERROR_SQLSTATE)
\set VERBOSITY sqlstate
\copy bin_dst (ts) FROM 'results/wirecodec_hlc_field.copy' (FORMAT binary)
\set VERBOSITY default

-- ================================================== operators and order
CREATE TEMP TABLE t (id int, ts hlc_timestamp);
INSERT INTO t VALUES (1, '145.0000000001'), (2, '145'), (3, '0'), (4, '144.2147483647'),
	(5, '9223372036854775807.2147483647'), (6, '0.0000000001'), (7, '145.0000000001'), (8, NULL);
SELECT id, ts FROM t ORDER BY ts, id;
SELECT id, ts FROM t ORDER BY ts DESC NULLS LAST, id;
SELECT a.id, b.id, a.ts = b.ts AS eq, a.ts < b.ts AS lt, hlc_timestamp_cmp(a.ts, b.ts) AS cmp
FROM t a, t b WHERE a.id IN (1, 2) AND b.id IN (1, 2, 7) ORDER BY 1, 2;

-- min/max, also in parallel (combine functions).
SELECT min(ts), max(ts), count(ts) FROM t;
CREATE TEMP TABLE big AS
SELECT i, hlc_timestamp(1700000000000000000 + (i * 7919) % 1000, (i * 104729) % 7) AS ts
FROM generate_series(1, 20000) i;
SELECT min(ts), max(ts) FROM big;
SELECT min(hlc_walltime(ts)) AS min_wall, max(hlc_walltime(ts)) AS max_wall FROM big;
-- A plain table (temp tables are never scanned in parallel), with parallel
-- plans made cheap: partial aggregates in workers, combined in the leader.
CREATE TABLE hlc_par AS SELECT * FROM big;
ANALYZE hlc_par;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT min(ts), max(ts) FROM hlc_par;
SELECT min(ts), max(ts) FROM hlc_par;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
DROP TABLE hlc_par;

-- Sorting with sort support and abbreviated keys agrees with (wall, logical).
SELECT count(*) AS rows_out_of_order FROM (
	SELECT ts, lag(ts) OVER (ORDER BY r) AS prev_ts
	FROM (SELECT ts, row_number() OVER () AS r FROM (SELECT ts FROM big ORDER BY ts) s) s2
) c WHERE prev_ts > ts;
SELECT (SELECT array_agg(ts ORDER BY ts) FROM big)
	 = (SELECT array_agg(ts ORDER BY hlc_walltime(ts), hlc_logical(ts)) FROM big) AS same_order;

-- btree index (deduplicated), merge join, hash index, hash join.
CREATE INDEX big_ts ON big (ts);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM big WHERE ts = '1700000000000000919.0000000004';
SELECT count(*) FROM big WHERE ts = '1700000000000000919.0000000004';
SELECT count(*) FROM big WHERE ts BETWEEN '1700000000000000010' AND '1700000000000000020';
RESET enable_seqscan;
RESET enable_bitmapscan;
CREATE INDEX big_ts_hash ON big USING hash (ts);
SELECT count(*) FROM big WHERE ts = '1700000000000000919.0000000004';
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM t a JOIN t b ON a.ts = b.ts;
SELECT count(*) FROM t a JOIN t b ON a.ts = b.ts;
RESET enable_mergejoin;
RESET enable_nestloop;
SELECT count(DISTINCT ts) AS distinct_ts FROM big;

-- Hash functions: fixed values, and the extended hash with seed 0 has the
-- plain hash as its low 32 bits.
SELECT hlc_timestamp_hash('145.0000000123') AS hash,
	   hlc_timestamp_hash_extended('145.0000000123', 0) AS hash_ext0,
	   hlc_timestamp_hash_extended('145.0000000123', 1) AS hash_ext1;
SELECT count(*) AS low_bits_mismatch FROM big
WHERE hlc_timestamp_hash(ts) <> hlc_timestamp_hash_extended(ts, 0)::bit(32)::int;

-- Hash partitioning uses the extended hash.
CREATE TEMP TABLE parts (ts hlc_timestamp) PARTITION BY HASH (ts);
CREATE TEMP TABLE parts0 PARTITION OF parts FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TEMP TABLE parts1 PARTITION OF parts FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO parts SELECT ts FROM big;
SELECT (SELECT count(*) FROM parts0) + (SELECT count(*) FROM parts1) AS total,
	   (SELECT count(*) FROM parts0) > 0 AND (SELECT count(*) FROM parts1) > 0 AS both_used;
SELECT tableoid::regclass, ts FROM parts WHERE ts = '1700000000000000919.0000000004' LIMIT 1;

-- ============================================================ hlc_range
SELECT hlc_range('145', '146') AS r,
	   hlc_range('145', '146') @> '145.2147483647'::hlc_timestamp AS contains,
	   hlc_range('145', '146') @> '146'::hlc_timestamp AS contains_upper,
	   hlc_range('145', '146', '[]') @> '146'::hlc_timestamp AS contains_closed,
	   '[1,2)'::hlc_range && '[1.2,3)'::hlc_range AS overlaps;
SELECT hlc_range_subdiff('146', '145.0000000001') AS diff,
	   hlc_range_subdiff('0', '0.2147483647') AS diff_logical;
CREATE TEMP TABLE ranges (r hlc_range);
INSERT INTO ranges SELECT hlc_range(ts, hlc_add(ts, 5, 0)) FROM big;
CREATE INDEX ON ranges USING gist (r);
SELECT count(*) FROM ranges WHERE r @> '1700000000000000003'::hlc_timestamp;

-- ============================================================ functions
SELECT hlc_timestamp(1643550788737652545, 65535) AS ts,
	   hlc_walltime('1643550788737652545.0000065535') AS wall,
	   hlc_logical('1643550788737652545.0000065535') AS logical,
	   hlc_is_empty('0') AS empty, hlc_is_empty('0.0000000001') AS not_empty;
SELECT hlc_next('145.2147483647'), hlc_prev('123'), hlc_floor_prev('123'), hlc_next('0');
SELECT hlc_add('145.0000000123', 10, -3) AS added, hlc_add('145', -145, 0) AS to_zero;
SELECT x AS ts, hlc_to_crdb_string(x::hlc_timestamp) AS crdb_string
FROM (VALUES ('0'), ('0.0000000123'), ('1'), ('1000000000'), ('1643550788737652545.0000065535'),
			 ('9223372036854775807.2147483647')) t(x);

SELECT hlc_timestamp(-1, 0);
\echo :LAST_ERROR_SQLSTATE
SELECT hlc_timestamp(0, -1);
\echo :LAST_ERROR_SQLSTATE
SELECT hlc_next('9223372036854775807.2147483647');
\echo :LAST_ERROR_SQLSTATE
SELECT hlc_prev('0');
\echo :LAST_ERROR_SQLSTATE
SELECT hlc_floor_prev('0');
\echo :LAST_ERROR_SQLSTATE
SELECT hlc_add('9223372036854775807', 1, 0);
\echo :LAST_ERROR_SQLSTATE
SELECT hlc_add('145', 0, -1);
\echo :LAST_ERROR_SQLSTATE
SELECT hlc_add('145.2147483647', 0, 1);
\echo :LAST_ERROR_SQLSTATE

-- ================================================================ casts
SELECT '1643550788737652545.0000065535'::hlc_timestamp::numeric AS to_numeric,
	   '0.0000000001'::hlc_timestamp::numeric AS small,
	   1643550788737652545.0000065535::hlc_timestamp AS from_numeric,
	   145.00000001230000::numeric(30, 14)::hlc_timestamp AS trailing_zeros,
	   99::numeric::hlc_timestamp AS integer;
SELECT (-1)::numeric::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT 'NaN'::numeric::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT 1.00000000001::numeric::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT 1.5::numeric::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT 9223372036854775808::numeric::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE

SET TIME ZONE 'UTC';
SELECT '1643550788737652545.0000065535'::hlc_timestamp::timestamptz AS to_timestamptz,
	   '0'::hlc_timestamp::timestamptz AS epoch,
	   '9223372036854775807.2147483647'::hlc_timestamp::timestamptz AS latest,
	   '2022-01-30 13:53:08.737652+00'::timestamptz::hlc_timestamp AS from_timestamptz,
	   '1970-01-01 00:00:00+00'::timestamptz::hlc_timestamp AS from_epoch;
SELECT '1969-12-31 23:59:59.999999+00'::timestamptz::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT '2262-04-11 23:47:16.854776+00'::timestamptz::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
-- the latest timestamptz: shifting it to the Unix epoch overflows int64
SELECT '294276-12-31 23:59:59.999999+00'::timestamptz::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
SELECT 'infinity'::timestamptz::hlc_timestamp;
\echo :LAST_ERROR_SQLSTATE
RESET TIME ZONE;

-- ============================================================= protobuf
SELECT x AS ts, hlc_to_proto(x::hlc_timestamp) AS proto,
	   hlc_from_proto(hlc_to_proto(x::hlc_timestamp)) = x::hlc_timestamp AS round_trip
FROM (VALUES ('0'), ('1'), ('0.0000000001'), ('145.0000000123'), ('1643550788737652545.0000065535'),
			 ('9223372036854775807.2147483647')) t(x);
-- Decoding: any order, repeats (last wins), explicit zeros, non-minimal
-- varints, the synthetic field and unknown fields of every wire type.
SELECT label, hlc_from_proto(b) AS ts
FROM (VALUES
	('explicit zeros (proto2 LegacyTimestamp)', '\x08001000'::bytea),
	('reversed order', '\x107b089101'),
	('repeated wall, last wins', '\x08010802'),
	('non-minimal varint', '\x088180001001'),
	('synthetic flag', '\x089101107b1801'),
	('unknown fixed64, fixed32, bytes', '\x210102030405060708 089101 2d01020304 107b 2201ff'),
	('unknown group', '\x2b 08ff01 220100 33 0801 34 2c 107b'),
	('groups nested 64 deep (the limit)', decode(repeat('2b', 64) || repeat('2c', 64) || '107b', 'hex'))) t(label, b)
ORDER BY label;
SELECT label, pg_temp.try(format('SELECT hlc_from_proto(%L)::text', b)) AS result
FROM (VALUES
	('field number 0', '\x00'::bytea),
	('end-group outside a group', '\x24'),
	('wire type 6', '\x1e'),
	('wire type 7', '\x1f'),
	('wall as fixed64', '\x090102030405060708'),
	('logical as bytes', '\x120101'),
	('truncated varint', '\x0880'),
	('missing value', '\x0801 10'),
	('11-byte varint', '\x0880808080808080808080 01'),
	('tenth varint byte above 01', '\x08ffffffffffffffffff02'),
	('length past the end', '\x2a05010203'),
	('length 2^64-1', '\x2affffffffffffffffff01'),
	('truncated fixed64', '\x21010203'),
	('unterminated group', '\x2b0801'),
	('mismatched end-group', '\x2b34'),
	('negative wall', '\x08ffffffffffffffffff01'),
	('negative logical', '\x10ffffffffffffffffff01'),
	('logical 2^31', '\x108080808008'),
	('logical 2^32-1', '\x10ffffffff0f'),
	('groups nested 65 deep', decode(repeat('2b', 65) || repeat('2c', 65), 'hex'))) t(label, b)
ORDER BY label;
SELECT hlc_from_proto('\x0801 2b2b2b34');
\echo :LAST_ERROR_SQLSTATE
SELECT hlc_from_proto('\x08ffffffffffffffffff01');
\echo :LAST_ERROR_SQLSTATE
