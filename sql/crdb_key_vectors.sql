-- crdb_key_vectors: every row of test/vectors/crdb_key_*.tsv through SQL.
-- Each file prints a summary (rows, rows passing each check) and lists the
-- failing rows, which must be none.
\set VERBOSITY default

-- Run a query returning one value; an error becomes 'SQLSTATE: message'.
CREATE FUNCTION pg_temp.try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	EXECUTE q INTO r;
	RETURN r;
EXCEPTION WHEN others THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END $$;

-- The SQLSTATE a query raises ('00000' when it does not).
CREATE FUNCTION pg_temp.state(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE q;
	RETURN '00000';
EXCEPTION WHEN others THEN
	RETURN SQLSTATE;
END $$;

-- Composite types of the tuple rows.
CREATE TYPE crdb_vec_it AS (a int8, b text);
CREATE TYPE crdb_vec_ii AS (a int8, b int8);

CREATE TEMP TABLE raw (line text);
\copy raw FROM 'test/vectors/crdb_key_values.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE vals AS
SELECT f[1] AS case_id, f[2] AS encoding, f[3] AS direction,
	   CASE f[4] WHEN '(int8,text)' THEN 'crdb_vec_it' WHEN '(int8,int8)' THEN 'crdb_vec_ii' ELSE f[4] END AS pg_type,
	   f[5] AS pg_value, decode(f[6], 'hex') AS bytes, f[7] AS crdb_text
FROM (SELECT string_to_array(line, E'\t') AS f FROM raw) s;

-- Typed rows: encode (canonical rows), decode, and the printer's text.
CREATE TEMP TABLE vals_checked AS
SELECT case_id, pg_type, pg_value, bytes, crdb_text, direction,
	   CASE WHEN pg_type IN ('-', 'uint64') OR case_id LIKE 'nc\_%' THEN NULL
			ELSE pg_temp.try(format('SELECT crdb_key_encode_value(%s::%s, %L)::text',
									CASE WHEN pg_value = 'NULL' THEN 'NULL' ELSE quote_literal(pg_value) END,
									pg_type, direction = 'desc'))
	   END AS encoded,
	   CASE WHEN pg_type IN ('-', 'uint64') THEN NULL
			ELSE pg_temp.try(format('SELECT (crdb_key_decode_value(%L::bytea, NULL::%s, %L) IS NOT DISTINCT FROM %s::%s)::text',
									bytes, pg_type, direction = 'desc',
									CASE WHEN pg_value = 'NULL' THEN 'NULL' ELSE quote_literal(pg_value) END, pg_type))
	   END AS decoded,
	   CASE WHEN crdb_text = '-' THEN NULL
			WHEN encoding = 'json' THEN crdb_key_pretty('\xb289'::bytea || bytes, ARRAY[direction])
			ELSE crdb_key_pretty('\xb289'::bytea || bytes || '\x88'::bytea, ARRAY[direction])
	   END AS printed,
	   CASE WHEN encoding = 'json' THEN '/Table/42/1/' || crdb_text
			ELSE '/Table/42/1/' || crdb_text || '/0' END AS want_printed
FROM vals;

SELECT count(*) AS rows,
	   count(*) FILTER (WHERE encoded IS NOT NULL) AS encode_checks,
	   count(*) FILTER (WHERE encoded = bytes::text) AS encode_ok,
	   count(*) FILTER (WHERE decoded IS NOT NULL) AS decode_checks,
	   count(*) FILTER (WHERE decoded = 'true') AS decode_ok,
	   count(*) FILTER (WHERE printed IS NOT NULL) AS print_checks,
	   count(*) FILTER (WHERE printed = want_printed) AS print_ok
FROM vals_checked;

-- Failing rows (none).
SELECT case_id, encoded, bytes, decoded, printed, want_printed
FROM vals_checked
WHERE encoded <> bytes::text OR decoded <> 'true' OR printed <> want_printed
ORDER BY case_id;

-- The element walker accepts every value row as a key column.
SELECT count(*) AS rows, count(*) FILTER (WHERE ok) AS walk_ok
FROM (SELECT pg_temp.state(format('SELECT * FROM crdb_key_elements(%L::bytea, ARRAY[%L])',
								   '\xb289'::bytea || bytes, direction)) = '00000' AS ok
	  FROM vals WHERE encoding NOT IN ('uvarint', 'tuple')) s;

-- The printer: every row of crdb_key_pretty.tsv.
TRUNCATE raw;
\copy raw FROM 'test/vectors/crdb_key_pretty.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE pretty AS
SELECT f[1] AS case_id, decode(f[2], 'hex') AS key, f[3] AS want, f[4] AS scope
FROM (SELECT string_to_array(line, E'\t') AS f FROM raw) s;

SELECT scope, count(*) AS rows, count(*) FILTER (WHERE crdb_key_pretty(key) = want) AS ok
FROM pretty GROUP BY scope ORDER BY scope;

SELECT case_id, key, crdb_key_pretty(key) AS got, want
FROM pretty WHERE crdb_key_pretty(key) <> want ORDER BY case_id;

-- Invalid inputs: each raises its SQLSTATE.
TRUNCATE raw;
\copy raw FROM 'test/vectors/crdb_key_invalid.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE invalid AS
SELECT f[1] AS case_id, f[2] AS scope, f[3] AS encoding, f[4] AS direction, f[5] AS pg_type,
	   f[6] AS pg_value, f[7] AS hex, f[8] AS sqlstate
FROM (SELECT string_to_array(line, E'\t') AS f FROM raw) s;

CREATE TEMP TABLE invalid_checked AS
SELECT case_id, scope, sqlstate,
	   pg_temp.state(CASE scope
		   WHEN 'element' THEN format('SELECT crdb_key_decode_value(%L::bytea, NULL::%s, %L)',
									  decode(hex, 'hex'),
									  CASE encoding WHEN 'varint' THEN 'int8' WHEN 'uvarint' THEN 'pg_lsn'
										  WHEN 'bytes' THEN 'bytea' WHEN 'float' THEN 'float8'
										  WHEN 'decimal' THEN 'numeric' WHEN 'bitarray' THEN 'varbit'
										  WHEN 'time' THEN 'timestamptz' WHEN 'duration' THEN 'interval'
										  WHEN 'array' THEN 'int8[]' WHEN 'json' THEN 'jsonb' END,
									  direction = 'desc')
		   WHEN 'typed' THEN format('SELECT crdb_key_decode_value(%L::bytea, NULL::%s, %L)',
									decode(hex, 'hex'), pg_type, direction = 'desc')
		   WHEN 'encode' THEN format('SELECT crdb_key_encode_value(%L::%s, %L)', pg_value, pg_type,
									 direction = 'desc')
		   WHEN 'key' THEN format('SELECT * FROM crdb_key_elements(%L::bytea)', decode(hex, 'hex'))
	   END) AS got
FROM invalid;

SELECT scope, count(*) AS rows, count(*) FILTER (WHERE got = sqlstate) AS ok
FROM invalid_checked GROUP BY scope ORDER BY scope;

SELECT case_id, sqlstate, got FROM invalid_checked WHERE got <> sqlstate ORDER BY case_id;

DROP TYPE crdb_vec_it, crdb_vec_ii;
