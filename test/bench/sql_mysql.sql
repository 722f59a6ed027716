-- sql_mysql.sql: SQL-level per-row costs of the MySQL codec, as ratios to
-- int8send(i) measured in the same run (test/bench/run.sh).
SELECT bench_expr('mysql', 'mysql_lenenc_int(i)', 'mysql_lenenc_int(i)', 'int8send(i)');
SELECT bench_expr('mysql', 'mysql_lenenc_int(i::numeric)', 'mysql_lenenc_int(i::numeric)', 'int8send(i)');
SELECT bench_expr('mysql', 'mysql_int_le(i, 8)', 'mysql_int_le(i, 8)', 'int8send(i)');

-- decoding: the encoded values of 1 .. 1M (3- and 4-byte forms mostly),
-- and of 2^63 + i, which take the numeric path above INT64_MAX
CREATE TABLE bench_mysql_lenenc AS SELECT mysql_lenenc_int(i) AS b FROM bench_ints;
CREATE TABLE bench_mysql_lenenc_big AS
	SELECT mysql_lenenc_int(i + 9223372036854775807::numeric) AS b FROM bench_ints;
VACUUM ANALYZE bench_mysql_lenenc, bench_mysql_lenenc_big;
SELECT bench_expr('mysql', 'mysql_lenenc_int_decode(b)', 'mysql_lenenc_int_decode(b)',
				  'int8send(i)', 'bench_mysql_lenenc');
SELECT bench_expr('mysql', '(mysql_lenenc_int_decode(b)).value', '(mysql_lenenc_int_decode(b)).value',
				  'int8send(i)', 'bench_mysql_lenenc');
SELECT bench_expr('mysql', 'mysql_lenenc_int_decode(b), b >= 2^63', 'mysql_lenenc_int_decode(b)',
				  'int8send(i)', 'bench_mysql_lenenc_big');
SELECT bench_expr('mysql', 'mysql_int_le_decode(int8send(i), 0, 8)', 'mysql_int_le_decode(int8send(i), 0, 8)',
				  'int8send(i)');
-- references for the numeric conversion: from int8, and through text
SELECT bench_expr('mysql', 'ref: i::numeric', 'i::numeric', 'int8send(i)');
SELECT bench_expr('mysql', 'ref: i::text::numeric', 'i::text::numeric', 'int8send(i)');

-- strings and rows
SELECT bench_expr('mysql', 'mysql_lenenc_str(int8send(i))', 'mysql_lenenc_str(int8send(i))', 'int8send(i)');
CREATE TABLE bench_mysql_rows AS
	SELECT mysql_lenenc_str(convert_to(i::text, 'UTF8')) || '\xfb'::bytea ||
		   mysql_lenenc_str(convert_to('user' || i || '@example.com', 'UTF8')) AS r
	FROM bench_ints;
VACUUM ANALYZE bench_mysql_rows;
SELECT bench_expr('mysql', 'mysql_text_row_decode(r), 3 columns', 'mysql_text_row_decode(r)',
				  'int8send(i)', 'bench_mysql_rows');
-- 12 columns: the one walk per row shows more with more columns
CREATE TABLE bench_mysql_rows12 AS SELECT r || r || r || r AS r FROM bench_mysql_rows;
VACUUM ANALYZE bench_mysql_rows12;
SELECT bench_expr('mysql', 'mysql_text_row_decode(r), 12 columns', 'mysql_text_row_decode(r)',
				  'int8send(i)', 'bench_mysql_rows12');
