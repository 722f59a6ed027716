-- mysql_lenenc: MySQL length-encoded integers int<lenenc>, string<lenenc>
-- and string<NUL>, driven by test/vectors/mysql_lenenc*.tsv and
-- mysql_encode_out_of_range.tsv.
\set VERBOSITY default
-- helpers: pg_temp.try(), pg_temp.unformula(), pg_temp.payload()
\set ECHO none
\i sql/mysql_helpers.psql
\set ECHO all

-- ---------------------------------------------------------------------
-- int<lenenc>: the boundaries of the four size classes, both overloads
-- ---------------------------------------------------------------------
SELECT v, mysql_lenenc_int(v) AS encoded, mysql_lenenc_int_size(v) AS size
FROM unnest(ARRAY[0, 1, 250, 251, 252, 65535, 65536, 16777215, 16777216,
				  9223372036854775807, 9223372036854775808,
				  18446744073709551614, 18446744073709551615]::numeric[]) v
ORDER BY v;
SELECT mysql_lenenc_int(250::bigint) AS b250, mysql_lenenc_int(251::bigint) AS b251,
	   mysql_lenenc_int(9223372036854775807::bigint) AS bmax,
	   mysql_lenenc_int(65535) AS int_literal;
-- integral numerics with a scale are integers too
SELECT mysql_lenenc_int(251.000) AS scaled, mysql_lenenc_int(1e19) AS e19;

-- out of range: negative, above 2^64-1, fractions, NaN, infinity
SELECT mysql_lenenc_int(-1::bigint);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_lenenc_int(-1);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_lenenc_int(18446744073709551616);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_lenenc_int(0.5);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_lenenc_int(18446744073709551614.5);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_lenenc_int('NaN'::numeric);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_lenenc_int('-Infinity'::numeric);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_lenenc_int_size(-0.5);
\echo :LAST_ERROR_SQLSTATE
-- below -2^63 too (numeric_int8 must not see it: its error names no function)
SELECT mysql_lenenc_int(-9223372036854775809);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_lenenc_int(-1e30);
\echo :LAST_ERROR_SQLSTATE

-- decoding: value and the position after it; 0xFB is NULL, not an error
SELECT h, d.value, d.next_pos
FROM unnest(ARRAY['00', 'fa', 'fb', 'fcfb00', 'fcffff', 'fd000001', 'fdffffff',
				  'fe0000000100000000', 'fe0000000000000080', 'feffffffffffffffff',
				  'fc0000', 'fe0000000000000000', 'fa61']) WITH ORDINALITY AS x(h, n),
	 mysql_lenenc_int_decode(decode(h, 'hex')) d
ORDER BY n;
-- pos walks a buffer: 5, 251, NULL, 2^64-1, 65536
WITH RECURSIVE buf(b) AS (
	SELECT mysql_lenenc_int(5) || mysql_lenenc_int(251) || '\xfb'::bytea ||
		   mysql_lenenc_int(18446744073709551615) || mysql_lenenc_int(65536)),
walk(i, pos, value, next_pos) AS (
	SELECT 1, 0, d.value, d.next_pos FROM buf, mysql_lenenc_int_decode(b, 0) d
	UNION ALL
	SELECT i + 1, w.next_pos, d.value, d.next_pos
	FROM walk w, buf, mysql_lenenc_int_decode(b, w.next_pos) d
	WHERE w.next_pos < length(b))
SELECT * FROM walk ORDER BY i;

-- errors: 0xff, truncation, empty input, pos outside the buffer
SELECT * FROM mysql_lenenc_int_decode('\xff');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_lenenc_int_decode('\xfeffffffff');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_lenenc_int_decode('\x');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_lenenc_int_decode('\x0102', 2);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_lenenc_int_decode('\x0102', 3);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_lenenc_int_decode('\x0102', -1);
\echo :LAST_ERROR_SQLSTATE

-- truncation at every byte of every multi-byte form
SELECT form, cut, pg_temp.try(format('SELECT mysql_lenenc_int_decode(%L::bytea)',
									 substring(mysql_lenenc_int(v) FROM 1 FOR cut))) AS result
FROM (VALUES ('fc', 65535::numeric), ('fd', 16777215), ('fe', 18446744073709551615)) f(form, v),
	 generate_series(1, mysql_lenenc_int_size(v) - 1) cut
ORDER BY form, cut;

-- ---------------------------------------------------------------------
-- vector files, int<lenenc>
-- ---------------------------------------------------------------------
CREATE TEMP TABLE v_raw (line text);

-- mysql_lenenc_int.tsv: encode (numeric, and bigint where it fits), size,
-- decode of the bytes and of the bytes inside a longer buffer
\copy v_raw FROM 'test/vectors/mysql_lenenc_int.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE v_int AS
SELECT split_part(line, E'\t', 1)::numeric AS v, decode(split_part(line, E'\t', 2), 'hex') AS enc
FROM v_raw;
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE ok) AS passing
FROM (SELECT mysql_lenenc_int(v) = enc
			 AND (v > 9223372036854775807 OR mysql_lenenc_int(v::bigint) = enc)
			 AND mysql_lenenc_int_size(v) = length(enc)
			 AND (mysql_lenenc_int_decode(enc)).value = v
			 AND (mysql_lenenc_int_decode(enc)).next_pos = length(enc)
			 AND (mysql_lenenc_int_decode('\x00'::bytea || enc || '\xff'::bytea, 1)).next_pos = length(enc) + 1 AS ok
	  FROM v_int) s;
SELECT v, enc, mysql_lenenc_int(v) AS got FROM v_int
WHERE mysql_lenenc_int(v) <> enc OR (mysql_lenenc_int_decode(enc)).value <> v
ORDER BY v;
-- every truncation of every vector is an error
SELECT count(*) AS cuts,
	   count(*) FILTER (WHERE r LIKE '22P03: invalid MySQL int<lenenc>: truncated value (At byte offset 0: %)') AS rejected
FROM v_int, generate_series(0, length(enc) - 1) cut,
	 pg_temp.try(format('SELECT mysql_lenenc_int_decode(%L::bytea)', substring(enc FROM 1 FOR cut))) r;
TRUNCATE v_raw;

-- mysql_lenenc_decode_noncanonical.tsv: wider forms decode; never written
\copy v_raw FROM 'test/vectors/mysql_lenenc_decode_noncanonical.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
SELECT split_part(line, E'\t', 1) AS input, d.value, d.next_pos,
	   d.value = split_part(line, E'\t', 2)::numeric AS ok,
	   mysql_lenenc_int(d.value) AS canonical
FROM v_raw, mysql_lenenc_int_decode(decode(split_part(line, E'\t', 1), 'hex')) d
ORDER BY 1;
TRUNCATE v_raw;

-- mysql_lenenc_decode_invalid.tsv: NULL marker, or an error naming the offset
\copy v_raw FROM 'test/vectors/mysql_lenenc_decode_invalid.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE v_res AS
SELECT split_part(line, E'\t', 1) AS input, split_part(line, E'\t', 2) AS reason,
	   CASE WHEN split_part(line, E'\t', 2) = 'NULL marker'
			THEN (SELECT format('value %s, next_pos %s', coalesce(value::text, 'NULL'), next_pos)
				  FROM mysql_lenenc_int_decode(decode(split_part(line, E'\t', 1), 'hex')))
			ELSE pg_temp.try(format('SELECT mysql_lenenc_int_decode(%L::bytea)',
									'\x' || split_part(line, E'\t', 1))) END AS result
FROM v_raw;
SELECT input, result FROM v_res ORDER BY 1;
-- the byte counts of each reason are the ones the error reports
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE CASE
			WHEN reason = 'NULL marker' THEN result = 'value NULL, next_pos 1'
			WHEN reason LIKE '%truncated%' THEN result LIKE format('22P03: %%(At byte offset 0: expected %s bytes, found %s byte%%.)',
							substring(reason FROM 'needs (\d+)')::int + 1, substring(reason FROM 'has (\d+)')::int + 1)
			ELSE result = '22P03: invalid MySQL int<lenenc>: invalid byte (At byte offset 0: found 0xff.)' END) AS matching
FROM v_res;
DROP TABLE v_res;
TRUNCATE v_raw;

-- mysql_encode_out_of_range.tsv, lenenc rows
\copy v_raw FROM 'test/vectors/mysql_encode_out_of_range.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
SELECT split_part(line, E'\t', 2) AS value,
	   pg_temp.try(format('SELECT mysql_lenenc_int(%L::numeric)', split_part(line, E'\t', 2))) AS result
FROM v_raw WHERE split_part(line, E'\t', 1) = 'lenenc' ORDER BY 1;
TRUNCATE v_raw;

-- ---------------------------------------------------------------------
-- string<lenenc>
-- ---------------------------------------------------------------------
SELECT mysql_lenenc_str('') AS empty, mysql_lenenc_str('abc') AS abc,
	   mysql_lenenc_str(convert_to('é', 'UTF8')) AS e_acute,
	   length(mysql_lenenc_str(decode(repeat('61', 251), 'hex'))) AS len_251,
	   substring(mysql_lenenc_str(decode(repeat('61', 251), 'hex')) FROM 1 FOR 4) AS head_251;
SELECT * FROM mysql_lenenc_str_decode('\x03616263ff');
SELECT * FROM mysql_lenenc_str_decode('\x03616263fb00', 4);
SELECT * FROM mysql_lenenc_str_decode('\x03616263fb00', 5);
SELECT * FROM mysql_lenenc_str_decode('\x0361');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_lenenc_str_decode('\xfeffffffffffffffff');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_lenenc_str_decode('\xff00');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_lenenc_str_decode('\xfc01');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_lenenc_str_decode('\x00', 2);
\echo :LAST_ERROR_SQLSTATE

-- mysql_lenenc_str.tsv, long rows included (formula grammar)
\copy v_raw FROM 'test/vectors/mysql_lenenc_str.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
-- each row checked in one place, so its long values are built once; no
-- parallel worker, which would get the 16-50 MB values through a small queue
CREATE FUNCTION pg_temp.check_str(payload_f text, enc_f text, OUT payload_bytes int,
								  OUT encode_ok bool, OUT decode_ok bool, OUT cut text)
LANGUAGE plpgsql SET max_parallel_workers = 0 AS $$
DECLARE
	payload bytea := pg_temp.unformula(payload_f);
	enc bytea := pg_temp.unformula(enc_f);
	d record;
BEGIN
	payload_bytes := length(payload);
	encode_ok := mysql_lenenc_str(payload) = enc;
	SELECT * INTO d FROM mysql_lenenc_str_decode(enc);
	decode_ok := d.value = payload AND d.next_pos = length(enc);
	-- one byte short: the announced length exceeds the input
	BEGIN
		PERFORM mysql_lenenc_str_decode(substring(enc FROM 1 FOR length(enc) - 1));
		cut := 'ok';
	EXCEPTION WHEN OTHERS THEN
		cut := SQLSTATE || ': ' || SQLERRM;
	END;
END $$;
CREATE TEMP TABLE v_str AS
SELECT row_number() OVER () AS n, c.*
FROM v_raw, pg_temp.check_str(split_part(line, E'\t', 1), split_part(line, E'\t', 2)) c;
SELECT count(*) AS rows, count(*) FILTER (WHERE encode_ok AND decode_ok) AS passing,
	   count(*) FILTER (WHERE cut LIKE '22P03: %') AS cut_rejected
FROM v_str;
SELECT * FROM v_str WHERE NOT (encode_ok AND decode_ok) ORDER BY n;
SELECT payload_bytes, cut FROM v_str WHERE payload_bytes IN (1, 250, 251, 65536, 16777217) ORDER BY n;
TRUNCATE v_raw;

-- mysql_lenenc_str_decode_invalid.tsv: lengths beyond the input, near 2^63
\copy v_raw FROM 'test/vectors/mysql_lenenc_str_decode_invalid.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE v_res AS
SELECT split_part(line, E'\t', 1) AS input, split_part(line, E'\t', 2) AS reason,
	   pg_temp.try(format('SELECT mysql_lenenc_str_decode(%L::bytea)',
						  '\x' || split_part(line, E'\t', 1))) AS result
FROM v_raw;
SELECT left(input, 20) AS input, result FROM v_res ORDER BY 1;
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE CASE
			WHEN reason LIKE '%payload truncated%' THEN result LIKE format('22P03: invalid MySQL string<lenenc>: length exceeds the data (At byte offset 0: expected %s byte%%, found %s byte%%.)',
							substring(reason FROM 'length (\d+)'), substring(reason FROM ', (\d+) bytes'))
			WHEN reason LIKE '%2^63%' THEN result LIKE '%expected 9223372036854775808 bytes, found 0 bytes.)'
			ELSE result = '22P03: invalid MySQL string<lenenc>: invalid byte (At byte offset 0: found 0xff.)' END) AS matching
FROM v_res;
DROP TABLE v_res;
TRUNCATE v_raw;

-- ---------------------------------------------------------------------
-- string<NUL>
-- ---------------------------------------------------------------------
SELECT mysql_null_str('') AS empty, mysql_null_str('root') AS root;
SELECT mysql_null_str('\x61006263');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_null_str_decode('\x726f6f7400ff');
SELECT * FROM mysql_null_str_decode('\x726f6f740000', 4);
SELECT * FROM mysql_null_str_decode('\x726f6f740000', 5);
SELECT * FROM mysql_null_str_decode('\x726f6f74');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_null_str_decode('\x726f6f7400', 5);
\echo :LAST_ERROR_SQLSTATE
