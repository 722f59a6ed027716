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

-- Server packets (MariaDB column definitions with extended metadata,
-- session-tracked OK packets and their state changes, ERR, EOF,
-- COM_STMT_PREPARE OK), the connection phase and the commands.
INSERT INTO hostile_seeds SELECT 'mysql_column_def_decode(caps)', b
FROM unnest(ARRAY['\x036465660164027479027479026964026964000c3f000b000000030342000000'::bytea,
				  '\x036465660164027479027479016301630f00046a736f6e01046a736f6e0701780c2d00fffffffffc9000270000'::bytea]) b;
SELECT hostile_case('mysql_column_def_decode(caps)',
	'mysql_column_def_decode($1, 1::bigint << 35)', NULL, '{22P03,22023}', :n);
INSERT INTO hostile_seeds SELECT 'mysql_session_state_decode', b
FROM unnest(ARRAY['\x000000024000000010000e0a6175746f636f6d6d6974024f4e'::bytea,
				  '\x000300020000002652'::bytea]) b;
SELECT hostile_case('mysql_session_state_decode',
	'(SELECT count(*) FROM mysql_ok_packet_decode($1) o, mysql_session_state_decode(o.session_state) s)',
	NULL, '{22P03,22023}', :n);
INSERT INTO hostile_seeds SELECT 'mysql_err_packet_decode', b
FROM unnest(ARRAY['\xff1904233432303030556e6b6e6f776e'::bytea, '\xffffff010239300007636f7079696e67'::bytea,
				  '\xfe00002200'::bytea, '\x00010000000200010000000001'::bytea]) b;
SELECT hostile_case('mysql_err_packet_decode', 'mysql_err_packet_decode($1)', NULL, '{22P03,22023}', :n);
INSERT INTO hostile_seeds SELECT 'mysql_eof_packet_decode', seed FROM hostile_seeds WHERE label = 'mysql_err_packet_decode';
SELECT hostile_case('mysql_eof_packet_decode', 'mysql_eof_packet_decode($1)', NULL, '{22P03,22023}', :n);
INSERT INTO hostile_seeds SELECT 'mysql_stmt_prepare_ok_decode', seed FROM hostile_seeds WHERE label = 'mysql_err_packet_decode';
SELECT hostile_case('mysql_stmt_prepare_ok_decode', 'mysql_stmt_prepare_ok_decode($1, 25723392 | (1 << 25))',
	NULL, '{22P03,22023}', :n);
INSERT INTO hostile_seeds SELECT 'mysql_handshake_decode',
	'\x0a'::bytea || mysql_null_str('5.5.5-10.11.6-MariaDB') || '\x03000000' || '\x6162636465666768' || '\x00'
	|| '\xfef7' || '\x2d' || '\x0200' || '\xff81' || '\x15' || '\x000000000000' || '\x1d000000'
	|| '\x696a6b6c6d6e6f7071727374' || '\x00' || mysql_null_str('mysql_native_password');
SELECT hostile_case('mysql_handshake_decode', 'mysql_handshake_decode($1)', NULL, '{22P03,22023}', :n);
INSERT INTO hostile_seeds SELECT 'mysql_handshake_response_decode',
	mysql_int_le(x'00bae208'::int, 4) || mysql_int_le(16777216, 4) || '\x2d'::bytea
	|| decode(repeat('00', 19), 'hex') || '\x08000000' || mysql_null_str('root')
	|| mysql_lenenc_str(decode(repeat('a5', 20), 'hex')) || mysql_null_str('test')
	|| mysql_null_str('mysql_native_password')
	|| mysql_lenenc_str(mysql_lenenc_str('_client_name') || mysql_lenenc_str('libmariadb'));
SELECT hostile_case('mysql_handshake_response_decode', 'mysql_handshake_response_decode($1)',
	NULL, '{22P03,22023}', :n);
INSERT INTO hostile_seeds SELECT 'mysql_auth_switch_decode', '\xfe'::bytea || mysql_null_str('caching_sha2_password')
	|| decode(repeat('5a', 20), 'hex') || '\x00'::bytea;
SELECT hostile_case('mysql_auth_switch_decode', 'mysql_auth_switch_decode($1)', NULL, '{22P03,22023}', :n);
INSERT INTO hostile_seeds SELECT 'mysql_com_stmt_execute_decode', b
FROM unnest(ARRAY['\x17010000000001000000020108000300fe00010000000000000003616263'::bytea,
				  '\x030201020108806964' || '\x0f00037461670700000000000000'::bytea || convert_to('SELECT 3', 'UTF8')]) b;
SELECT hostile_case('mysql_com_stmt_execute_decode', 'mysql_com_stmt_execute_decode($1, 3)',
	NULL, '{22P03,22023}', :n);
INSERT INTO hostile_seeds SELECT 'mysql_com_query_decode', seed FROM hostile_seeds
WHERE label = 'mysql_com_stmt_execute_decode';
SELECT hostile_case('mysql_com_query_decode', 'mysql_com_query_decode($1, 25723392 | (1 << 27))',
	NULL, '{22P03,22023}', :n);

-- ---- binary rows, conversations, typed rows ----
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

-- COM_STMT_BULK_EXECUTE (captured: 3 rows of an INT and a VARCHAR, the last
-- NULL); a checked bulk's rows are as many as its payload holds
INSERT INTO hostile_seeds SELECT 'mysql_com_stmt_bulk_execute_decode', b
FROM unnest(ARRAY['\xfa0200000080000300fe00000100000000036f6e650002000000000374776f000300000001'::bytea,
				  '\xfa01000000800008000000ffffffffffffffff01'::bytea]) b;
SELECT hostile_case('mysql_com_stmt_bulk_execute_decode',
	'(SELECT count(*) FROM mysql_com_stmt_bulk_execute_decode($1, 2))',
	'(SELECT count(*) = count(DISTINCT row_number) FROM mysql_com_stmt_bulk_execute_decode($1, 2))',
	'{22P03}', :n);

-- compressed conversations from the server's side alone (captured zlib,
-- and the same with zstd frames): decompressed or a clean 22P03
INSERT INTO hostile_seeds SELECT 'mysql_conversation (compressed)', b
FROM unnest(ARRAY['\x640000000a352e352e352d31302e31312e31392d4d6172696144422d302b64656231327531000f000000514c6847695b6a2400fef7080200ff81150000000000001d0000006f297a4e57494663425c2c62006d7973716c5f6e61746976655f70617373776f7264000d00000200000002400000000401020174640000017a0000789ce361606064e06060606062000323208b3925358db184ab38b530de30be243fde1489c90c648230038f3d8308503d877200905467606006e90232059cfdfd9c1d4334d48bd47514800a3519187874194280327fc1ea58191858fe81ac0300189a155b63000001800000789c63626060646234626060624e494d632ce12a4e2d8c378c2fc98f37456232039920ccc063cf20c2c0c0c0a1280024cd19189841ba804c01677f3f67c7100df522751d05a0424d0c01061e5d8610a0cabf0c20c0cac0c0f28f8121890100b56419bf2b0000010000000d000001000001000000000000000272310d0000020000020000000000000002723205000003fe00004200'::bytea,
				  '\x640000000a352e352e352d31302e31312e31392d4d6172696144422d302b64656231327531000f000000514c6847695b6a2400fef7080200ff81150000000000001d0000006f297a4e57494663425c2c62006d7973716c5f6e61746976655f70617373776f7264000d00000200000002400000000401020174750000017a000028b52ffd045845030052c61623a0298d01abaaaaaaaa0a0d4af2c24494e6da6c6de5506a48d6ba1d2576bbf289dc3b05a3af2c0fa0fced84fa83e612106bb20ccdc11e1026f8997c88bffe4821fd831b6acd45cd458693344ee13437d01c261fa25f8cfef479150300bc94805d8c5dc00b614f19f27300000180000028b52ffd045835030042c61623a0298d01abaaaaaaaa0a0d4af2c2c4a261fbb656f3faa3a95b7f334465eb6faddc3b054ffe02f8c0ff96bfad482334b7905895756810169130f533f910dff12b83e027fc486b2e6a2e361ca5710ba7b983e630f9103de3a0f32802004273c21d9731d92c1c9e2b0000010000000d000001000001000000000000000272310d0000020000020000000000000002723205000003fe00004200'::bytea]) b;
SELECT hostile_case('mysql_conversation (compressed)', '(SELECT count(*) FROM mysql_conversation($1))',
	NULL, '{22P03,54000}', :n);

-- ---- a capture's rows straight into a row type ----
-- the conversation seed's result set (LONGLONG UNSIGNED, LONGLONG
-- UNSIGNED) and a text one of (LONG, VAR_STRING), mutated: every input
-- gives rows or a documented error; the row count never exceeds the
-- conversation's row packets
INSERT INTO hostile_seeds SELECT 'mysql_conversation_rows', seed FROM hostile_seeds
WHERE label = 'mysql_conversation';
INSERT INTO hostile_seeds SELECT 'mysql_conversation_rows', s
FROM (SELECT mysql_packet_frame('\x0a382e302e333600' || decode(repeat('01', 30), 'hex'), 0)
	|| mysql_packet_frame('\x00000002000000', 2) || mysql_packet_frame('\x02', 1)
	|| mysql_packet_frame('\x03646566000000016101610c3f000b000000030000000000'::bytea, 2)
	|| mysql_packet_frame('\x03646566000000016201620cff0050000000fd0000000000'::bytea, 3)
	|| mysql_packet_frame('\xfe00002200', 4) || mysql_packet_frame('\x0131036162fb'::bytea, 5)
	|| mysql_packet_frame('\x02343203c3a978'::bytea, 6) || mysql_packet_frame('\xfe00002200', 7) AS s) x;
SELECT hostile_case('mysql_conversation_rows',
	'(SELECT count(*) FROM mysql_conversation_rows($1, NULL::hostile_mysql_row))',
	$c$(SELECT count(*) FROM mysql_conversation_rows($1, NULL::hostile_mysql_row))
		<= (SELECT count(*) FROM mysql_conversation($1) WHERE kind LIKE '%row')$c$,
	'{22P03,22P02,22003,22021,22P05,22008,22007,22023,0A000,54000}', :n);

-- ---- the same rows inserted by the loader ----
-- every input loads as many rows as mysql_conversation_rows returns, or is
-- a documented error (a failed load leaves nothing: the case's
-- subtransaction rolls back)
CREATE TEMP TABLE hostile_mysql_load OF hostile_mysql_row;
INSERT INTO hostile_seeds SELECT 'mysql_conversation_load', seed FROM hostile_seeds
WHERE label = 'mysql_conversation_rows';
SELECT hostile_case('mysql_conversation_load',
	'mysql_conversation_load($1, ''pg_temp.hostile_mysql_load'')',
	$c$mysql_conversation_load($1, 'pg_temp.hostile_mysql_load')
		= (SELECT count(*) FROM mysql_conversation_rows($1, NULL::hostile_mysql_row))$c$,
	'{22P03,22P02,22003,22021,22P05,22008,22007,22023,0A000,54000}', :n);
TRUNCATE hostile_mysql_load;

-- GTID sets as text: the canonical text is a fixed point; contains holds
-- for a set and itself
INSERT INTO hostile_seeds SELECT 'mysql_binlog_apply_gtid_set', convert_to(s, 'UTF8')
FROM unnest(ARRAY['3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:7:tag_1:1-3,57b70f4e-20d3-11e5-a393-4a63946f7eac:1-56',
				  '0-1-100,1-2-5,4294967295-4294967295-18446744073709551615',
				  '3E11FA47-71CA-11E1-9E33-C80AA9429562:9223372036854775806, 0-1-2']) s;
SELECT hostile_case('mysql_binlog_apply_gtid_set', 'mysql_binlog_apply_gtid_set($1, ''{}''::text[])',
	'(SELECT g IS NULL OR mysql_binlog_apply_gtid_set(g, ''{}''::text[]) = g
	  FROM mysql_binlog_apply_gtid_set($1, ''{}''::text[]) g)', '{22P02}', :n, true);
INSERT INTO hostile_seeds SELECT 'mysql_gtid_contains', seed FROM hostile_seeds
WHERE label = 'mysql_binlog_apply_gtid_set';
SELECT hostile_case('mysql_gtid_contains', 'mysql_gtid_contains($1, $1)',
	'mysql_gtid_contains($1, $1)', '{22P02}', :n, true);
