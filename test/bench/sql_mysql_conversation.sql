-- sql_mysql_conversation.sql: a captured server stream of 100,000 text rows
-- (LONG, VAR_STRING, DATETIME) split and classified by mysql_conversation
-- and turned into typed rows, as ratios to same-run baselines: the split
-- with mysql_packets plus mysql_text_row_decode with the state machine
-- written by hand in SQL, and mysql_text_row_decode alone.
CREATE TABLE bench_mysql_t (id bigint, name text, ts timestamp);
CREATE TABLE bench_mysql_capture AS SELECT bench_capture(100000) AS server;
CREATE TABLE bench_mysql_conv_rows AS
	SELECT payload AS r FROM bench_mysql_capture, mysql_conversation(server) WHERE kind = 'text_row';
VACUUM ANALYZE bench_mysql_capture, bench_mysql_conv_rows;

SELECT bench_query('mysql', 'capture: length(stream)',
	'SELECT length(server) FROM bench_mysql_capture', NULL, 100000);
SELECT bench_query('mysql', 'capture: mysql_packets + text_row_decode by hand',
	$q$SELECT count(mysql_text_row_decode(payload)) FROM
	   (SELECT row_number() OVER () AS n, payload FROM bench_mysql_capture, mysql_packets(server)) p
	   WHERE n > 7 AND get_byte(payload, 0) <> 254$q$, NULL, 100000);
SELECT bench_query('mysql', 'capture: mysql_conversation + text_row_decode',
	$q$SELECT count(mysql_text_row_decode(payload)) FROM bench_mysql_capture, mysql_conversation(server)
	   WHERE kind = 'text_row'$q$, 'capture: mysql_packets + text_row_decode by hand', 100000);
SELECT bench_query('mysql', 'capture: mysql_conversation + typed rows',
	$q$SELECT count(mysql_row_populate_record(NULL::bench_mysql_t, payload, columns, false, row_number))
	   FROM bench_mysql_capture, mysql_conversation(server) WHERE kind = 'text_row'$q$,
	'capture: mysql_packets + text_row_decode by hand', 100000);
SELECT bench_expr('mysql', 'rows: mysql_text_row_decode(r), 3 columns', 'mysql_text_row_decode(r)',
				  NULL, 'bench_mysql_conv_rows');
SELECT bench_expr('mysql', 'rows: mysql_row_populate_record, bigint/text/timestamp',
	'mysql_row_populate_record(NULL::bench_mysql_t, r, (SELECT cols FROM bench_capture_cols))',
	'rows: mysql_text_row_decode(r), 3 columns', 'bench_mysql_conv_rows');
