-- cases_mysql.sql: hostile inputs for the MySQL protocol decoders.  Seeds
-- are built by wirecodec's encoders and by hand from captured packet shapes.
CREATE TEMP TABLE mysql_seed_ints AS
SELECT mysql_lenenc_int(v) AS b
FROM unnest(ARRAY[0, 250, 251, 65535, 65536, 16777215, 16777216, 9223372036854775807]::numeric[] ||
			ARRAY[18446744073709551615]::numeric[]) v;

INSERT INTO hostile_seeds SELECT 'mysql_lenenc_int_decode', b FROM mysql_seed_ints;
SELECT hostile_case('mysql_lenenc_int_decode', 'mysql_lenenc_int_decode($1)',
	'(SELECT d.value IS NULL OR (SELECT d2.value = d.value FROM mysql_lenenc_int_decode(mysql_lenenc_int(d.value)) d2)
	  FROM mysql_lenenc_int_decode($1) d)', '{22P03,22023}', :n);

INSERT INTO hostile_seeds SELECT 'mysql_lenenc_str_decode', mysql_lenenc_str(decode(repeat('61', n), 'hex'))
FROM unnest(ARRAY[0, 1, 250, 251, 300]) n;
SELECT hostile_case('mysql_lenenc_str_decode', 'mysql_lenenc_str_decode($1)',
	'(SELECT d.value IS NULL OR (SELECT d2.value = d.value FROM mysql_lenenc_str_decode(mysql_lenenc_str(d.value)) d2)
	  FROM mysql_lenenc_str_decode($1) d)', '{22P03,22023}', :n);

INSERT INTO hostile_seeds SELECT 'mysql_null_str_decode', mysql_null_str(convert_to(s, 'UTF8'))
FROM unnest(ARRAY['', 'root', 'mysql_native_password']) s;
SELECT hostile_case('mysql_null_str_decode', 'mysql_null_str_decode($1)',
	'(SELECT (SELECT d2.value = d.value FROM mysql_null_str_decode(mysql_null_str(d.value)) d2)
	  FROM mysql_null_str_decode($1) d)', '{22P03,22023}', :n);

INSERT INTO hostile_seeds SELECT 'mysql_int_le_decode', mysql_int_le(v, 8)
FROM unnest(ARRAY[0, 1, 255, 65536, 18446744073709551615]::numeric[]) v;
SELECT hostile_case('mysql_int_le_decode', 'mysql_int_le_decode($1, 0, 8), mysql_int_le_decode($1, 1, 3)',
	'mysql_int_le(mysql_int_le_decode($1, 0, 8), 8) = substr($1, 1, 8)', '{22P03,22023}', :n);

INSERT INTO hostile_seeds SELECT 'mysql_packets', mysql_packet_frame(decode(repeat('ab', n), 'hex'), s)
FROM unnest(ARRAY[0, 1, 100]) n, unnest(ARRAY[0, 254, 255]) s;
INSERT INTO hostile_seeds SELECT 'mysql_packets',
	mysql_packet_frame('\x0a352e372e3000'::bytea, 0) || mysql_packet_frame('\x00'::bytea, 1);
SELECT hostile_case('mysql_packets', '(SELECT count(*) FROM mysql_packets($1))',
	'(SELECT coalesce(bool_and(p2.payload = p.payload AND p2.seq = p.seq), true)
	  FROM mysql_packets($1) p, mysql_packets(mysql_packet_frame(p.payload, p.seq)) p2)', '{22P03,22023}', :n);

INSERT INTO hostile_seeds SELECT 'mysql_text_row_decode', b
FROM unnest(ARRAY['\x0131fb03616263'::bytea, '\xfbfb'::bytea, '\x00'::bytea,
				  mysql_lenenc_str(decode(repeat('7a', 300), 'hex')) || '\x0178'::bytea]) b;
SELECT hostile_case('mysql_text_row_decode', 'mysql_text_row_decode($1)',
	'(SELECT mysql_text_row_decode(coalesce(string_agg(coalesce(mysql_lenenc_str(col), ''\xfb''::bytea), ''''::bytea ORDER BY o), ''''::bytea))
			 IS NOT DISTINCT FROM mysql_text_row_decode($1)
	  FROM unnest(mysql_text_row_decode($1)) WITH ORDINALITY u(col, o))', '{22P03,22023}', :n);

INSERT INTO hostile_seeds SELECT 'mysql_column_def_decode',
	mysql_lenenc_str('def') || mysql_lenenc_str('shop') || mysql_lenenc_str('o') || mysql_lenenc_str('orders')
	|| mysql_lenenc_str('id') || mysql_lenenc_str('id') || '\x0c'::bytea || mysql_int_le(63, 2)
	|| mysql_int_le(20, 4) || mysql_int_le(8, 1) || mysql_int_le(16899, 2) || mysql_int_le(0, 1) || '\x0000'::bytea;
SELECT hostile_case('mysql_column_def_decode', 'mysql_column_def_decode($1)', NULL, '{22P03,22023}', :n);

INSERT INTO hostile_seeds SELECT 'mysql_ok_packet_decode', b
FROM unnest(ARRAY['\x0001000200000000'::bytea, '\x00fc1027fd00000102000000'::bytea,
				  '\xfe0000020000'::bytea, '\x00010002000000066d6f726520696e666f'::bytea]) b;
SELECT hostile_case('mysql_ok_packet_decode', 'mysql_ok_packet_decode($1)', NULL, '{22P03,22023}', :n);

-- ---- binary rows, conversations, typed rows (issue 10) ----
INSERT INTO hostile_seeds SELECT 'mysql_binary_row_decode', b
FROM unnest(ARRAY['\x00002a000000036162630be8070c1f173b3b3f420f00'::bytea, '\x00082a00000004e8070c1f'::bytea,
				  '\x001c'::bytea]) b;
SELECT hostile_case('mysql_binary_row_decode', 'mysql_binary_row_decode($1, ARRAY[3, 253, 12])',
	'(SELECT count(*) = 3 FROM unnest(mysql_binary_row_decode($1, ARRAY[3, 253, 12])))', '{22P03}', :n);

INSERT INTO hostile_seeds SELECT 'mysql_conversation', s
FROM (SELECT mysql_packet_frame('\x0a382e302e333600' || decode(repeat('01', 30), 'hex'), 0)
	|| mysql_packet_frame('\x00000002000000', 2) || mysql_packet_frame('\x02', 1)
	|| mysql_packet_frame('\x03646566000000013101310c3f000100000008810000000000'::bytea, 2)
	|| mysql_packet_frame('\x03646566000000013201320cff000100000008810000000000'::bytea, 3)
	|| mysql_packet_frame('\xfe00000200', 4) || mysql_packet_frame('\x0131fb', 5)
	|| mysql_packet_frame('\xfe00000200', 6) || mysql_packet_frame('\x000100000002000100000000', 1)
	|| mysql_packet_frame('\x03646566000000013101310c3f000100000008810000000000'::bytea, 2)
	|| mysql_packet_frame('\x00000002000000', 1) AS s) x;
SELECT hostile_case('mysql_conversation', '(SELECT count(*) FROM mysql_conversation($1))',
	'(SELECT count(*) = (SELECT count(*) FROM mysql_packets($1)) FROM mysql_conversation($1))', '{22P03}', :n);

INSERT INTO hostile_seeds SELECT 'mysql_row_populate_record', b
FROM unnest(ARRAY['\x0131fb'::bytea, '\x0a323032342d30322d3239033a3132'::bytea, '\x00'::bytea]) b;
INSERT INTO hostile_seeds SELECT 'mysql_row_populate_record (binary)', b
FROM unnest(ARRAY['\x0000ffffffffffffffff0be8070c1f173b3b3f420f00'::bytea, '\x00080100000000000000'::bytea]) b;
CREATE TYPE hostile_mysql_row AS (a numeric, b text);
SELECT hostile_case('mysql_row_populate_record',
	'mysql_row_populate_record(NULL::hostile_mysql_row, $1, ARRAY[''\x03646566000000016101610c3f000100000008a100000000''::bytea, ''\x03646566000000016201620cff0001000000fd0000000000''::bytea])',
	NULL, '{22P03,22P02,22003,22021,22P05,22008}', :n);
SELECT hostile_case('mysql_row_populate_record (binary)',
	'mysql_row_populate_record(NULL::hostile_mysql_row, $1, ARRAY[''\x03646566000000016101610c3f000100000008a100000000''::bytea, ''\x03646566000000016201620cff00010000000c0000000000''::bytea], true)',
	NULL, '{22P03,22P02,22003,22021,22P05,22008,22007}', :n);
