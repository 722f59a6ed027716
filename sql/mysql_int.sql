-- mysql_int: MySQL fixed-width little-endian integers int<N>, driven by
-- test/vectors/mysql_fixed_int.tsv and mysql_encode_out_of_range.tsv.
\set VERBOSITY default
-- helpers: pg_temp.try(), pg_temp.unformula(), pg_temp.payload()
\set ECHO none
\i sql/mysql_helpers.psql
\set ECHO all

-- The spec's table, through the numeric, bigint and int overloads
SELECT mysql_int_le(255, 1) AS w1, mysql_int_le(x'ABCD'::int, 2) AS w2,
	   mysql_int_le(1::bigint, 3) AS w3, mysql_int_le(x'ABCDEF10'::bigint, 4) AS w4,
	   mysql_int_le(x'010203040506'::bigint, 6) AS w6,
	   mysql_int_le(18446744073709551615, 8) AS w8;
SELECT mysql_int_le_decode('\xcdab', 0, 2) AS w2, mysql_int_le_decode('\x010000', 0, 3) AS w3,
	   mysql_int_le_decode('\x060504030201', 0, 6) AS w6,
	   mysql_int_le_decode('\xffffffffffffffff', 0, 8) AS w8,
	   mysql_int_le_decode('\x00ff10efcdab00', 2, 4) AS w4_at_2;

-- the largest value of each width, and one more
SELECT w, max_value, mysql_int_le(max_value, w) AS encoded,
	   mysql_int_le_decode(mysql_int_le(max_value, w), 0, w) = max_value AS round_trip,
	   pg_temp.try(format('SELECT mysql_int_le(%s, %s)', max_value + 1, w)) AS one_more
FROM (SELECT w, trunc(2::numeric ^ (8 * w)) - 1 AS max_value
	  FROM unnest(ARRAY[1, 2, 3, 4, 6, 8]) w) s
ORDER BY w;

-- errors: negative, out of range, unsupported widths, truncation, pos
SELECT mysql_int_le(-1, 1);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_int_le(-1::numeric, 8);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_int_le(65536, 2);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_int_le(1.5, 2);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_int_le(0, 5);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_int_le(99999999999999999999, 9);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_int_le_decode('\x0102', 0, 7);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_int_le_decode('\x010203', 0, 4);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_int_le_decode('\x010203', 2, 2);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_int_le_decode('\x010203', 4, 1);
\echo :LAST_ERROR_SQLSTATE

-- mysql_fixed_int.tsv: encode (numeric; bigint where it fits), decode, and
-- decode inside a longer buffer
CREATE TEMP TABLE v_raw (line text);
\copy v_raw FROM 'test/vectors/mysql_fixed_int.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE v_fixed AS
SELECT split_part(line, E'\t', 1)::int AS w, split_part(line, E'\t', 2)::numeric AS v,
	   decode(split_part(line, E'\t', 3), 'hex') AS enc
FROM v_raw;
SELECT w, count(*) AS rows,
	   count(*) FILTER (WHERE mysql_int_le(v, w) = enc
						AND (v > 9223372036854775807 OR mysql_int_le(v::bigint, w) = enc)
						AND mysql_int_le_decode(enc, 0, w) = v
						AND mysql_int_le_decode('\xee'::bytea || enc || '\xee'::bytea, 1, w) = v) AS passing
FROM v_fixed GROUP BY w ORDER BY w;
SELECT w, v, enc, mysql_int_le(v, w) AS got FROM v_fixed
WHERE mysql_int_le(v, w) <> enc OR mysql_int_le_decode(enc, 0, w) <> v ORDER BY w, v;
-- every short read of every vector is an error
SELECT count(*) AS cuts,
	   count(*) FILTER (WHERE pg_temp.try(format('SELECT mysql_int_le_decode(%L::bytea, 0, %s)',
												 substring(enc FROM 1 FOR cut), w))
						LIKE format('22P03: invalid MySQL int<N>: truncated value (At byte offset 0: expected %s byte%%, found %s byte%%.)',
								 w, cut)) AS rejected
FROM v_fixed, generate_series(0, w - 1) cut;
TRUNCATE v_raw;

-- mysql_encode_out_of_range.tsv, fixedN rows
\copy v_raw FROM 'test/vectors/mysql_encode_out_of_range.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
SELECT split_part(line, E'\t', 1) AS kind, split_part(line, E'\t', 2) AS value,
	   pg_temp.try(format('SELECT mysql_int_le(%L::numeric, %s)', split_part(line, E'\t', 2),
						  substring(split_part(line, E'\t', 1) FROM 6))) AS result
FROM v_raw WHERE split_part(line, E'\t', 1) LIKE 'fixed%' ORDER BY 1, 2;
