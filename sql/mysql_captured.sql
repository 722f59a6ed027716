-- Regression tests from real captured bytes: MariaDB 10.11.19 (Debian 12)
-- talking to MariaDB Connector/C 3.3 with its default options, recorded by
-- test/mysql_live/proxy.c (make test-mysql-live checks whole captures).

-- A column definition with MariaDB's extended metadata (negotiated by
-- default: MARIADB_CLIENT_EXTENDED_METADATA) is decoded.
-- This is the JSON column of a SELECT: the extra string<lenenc> after
-- org_name holds "format json" (01 04 'json').
SELECT column_name, org_column_name, table_name, charset, column_length, column_type, flags,
       data_type_name, data_type_format
FROM mysql_column_def_decode('\x0364656602776309616c6c5f747970657309616c6c5f747970657306635f6a736f6e06635f6a736f6e0601046a736f6e0c2d00fffffffffc9000000000');
SELECT column_name, data_type_format
FROM mysql_column_def_decode('\x0364656602776309616c6c5f747970657309616c6c5f747970657306635f6a736f6e06635f6a736f6e0601046a736f6e0c2d00fffffffffc9000000000',
                             capabilities => 512 | (1::bigint << 35));
-- without the flag in the capabilities the extra field is an error
SELECT * FROM mysql_column_def_decode('\x0364656602776309616c6c5f747970657309616c6c5f747970657306635f6a736f6e06635f6a736f6e0601046a736f6e0c2d00fffffffffc9000000000',
                                      capabilities => 512);

-- With CLIENT_SESSION_TRACK, info is a string<lenenc> and the
-- session-state changes follow it, apart from info.
-- SET autocommit = 0: empty info, autocommit=OFF and a state change.
SELECT affected_rows, status_flags, warnings, info, session_state
FROM mysql_ok_packet_decode('\x000000004000000014000f0a6175746f636f6d6d6974034f4646020131');
SELECT s.* FROM mysql_ok_packet_decode('\x000000004000000014000f0a6175746f636f6d6d6974034f4646020131') o,
     mysql_session_state_decode(o.session_state) s;
-- START TRANSACTION READ ONLY: transaction state and characteristics
SELECT s.change_type, s.change_name, s.change_value
FROM mysql_ok_packet_decode('\x00000001600000002a050908545f5f5f5f5f5f5f041d1c5354415254205452414e53414354494f4e2052454144204f4e4c593b') o,
     mysql_session_state_decode(o.session_state) s;
-- COM_INIT_DB: the schema, and the state-change flag as servers send it
-- (02 01 31: the byte '1' bare, not the documented string<lenenc>)
SELECT s.change_type, s.change_name, s.change_value
FROM mysql_ok_packet_decode('\x0000000240000000080103027763020131') o,
     mysql_session_state_decode(o.session_state) s;
-- INSERT of 3 rows: the info text, without its length byte
SELECT affected_rows, last_insert_id, convert_from(info, 'UTF8') AS info, session_state
FROM mysql_ok_packet_decode('\x00030102000000265265636f7264733a203320204475706c6963617465733a203020205761726e696e67733a2030');
-- the same OK of a connection without CLIENT_SESSION_TRACK: servers still
-- write the info as a string<lenenc>, which is read as such when it is
-- exactly the rest of the packet
SELECT affected_rows, convert_from(info, 'UTF8') AS info, session_state
FROM mysql_ok_packet_decode('\x00030402000000265265636f7264733a203320204475706c6963617465733a203020205761726e696e67733a2030',
                            capabilities => 512);
-- and an info that is not one string<lenenc> stays string<EOF>
SELECT convert_from(info, 'UTF8') AS info
FROM mysql_ok_packet_decode('\x0003040200000052656164', capabilities => 512);

-- MariaDB's cached metadata (MARIADB_CLIENT_CACHE_METADATA, negotiated by
-- Connector/C): a handshake and a prepared statement's prepare, execute
-- and close from one captured connection.  The execute's column count is
-- 03 00: "metadata follows" = 0, no column definitions; its binary rows
-- take the three definitions of the prepare.
CREATE TABLE mysql_captured_conn AS SELECT
 '\xbe0000018ca2bf00000010002d000000000000000000000000000000000000001d00000077630014913b66e1c9a23d5d715e68b6ea5ec2dca71293217763006d7973716c5f6e61746976655f70617373776f7264006c035f6f73054c696e75780c5f636c69656e745f6e616d650a6c69626d617269616462045f7069640533313237300f5f636c69656e745f76657273696f6e06332e332e3230095f706c6174666f726d067838365f36340c5f7365727665725f686f7374093132372e302e302e31550000001653454c4543542069642c20635f76636861722c20635f756269672046524f4d20616c6c5f7479706573205748455245206964203e3d203f20414e4420635f7663686172203c3e203f204f524445522042592069641a0000001702000000000100000000010800fe0002000000000000000179050000001902000000'::bytea AS client,
 '\x640000000a352e352e352d31302e31312e31392d4d6172696144422d302b6465623132753100060000005b3079363e71443c00fef7080200ff81150000000000001d0000003e65603174746b3b24405876006d7973716c5f6e61746976655f70617373776f7264000e00000200000002400000000501030277630c0000010002000000030002000000001800000203646566000000013f00000c3f00000000000680000000001800000303646566000000013f00000c3f000000000006800000000005000004fe000002002f0000050364656602776309616c6c5f747970657309616c6c5f7479706573026964026964000c3f000b000000030350000000390000060364656602776309616c6c5f747970657309616c6c5f747970657307635f766368617207635f7663686172000c2d0090010000fd0000000000370000070364656602776309616c6c5f747970657309616c6c5f747970657306635f7562696706635f75626967000c3f001400000008200000000005000008fe0000020002000001030005000002fe000002000f000003000002000000000000000000000000260000040000050000001771756f7465202720616e64205c206261636b736c617368010000000000000005000005fe00000200'::bytea AS server;
SELECT command, command_type, direction, kind, result_set, row_number, seq,
       cardinality(columns) AS ncolumns
FROM mysql_captured_conn, mysql_conversation(client, server);
CREATE TABLE mysql_captured_row (id int, c_vchar text, c_ubig numeric);
SELECT (mysql_row_populate_record(NULL::mysql_captured_row, payload, columns, true, row_number)).*
FROM mysql_captured_conn, mysql_conversation(client, server) WHERE kind = 'binary_row';
-- the server's side alone: the latest prepare's definitions
SELECT count(*) FILTER (WHERE cardinality(columns) = 3) AS rows_with_columns
FROM mysql_captured_conn, mysql_conversation(server) WHERE kind = 'binary_row';
-- a "metadata follows" byte other than 0 or 1 is an error
SELECT count(*) FROM mysql_captured_conn,
     mysql_conversation(client, decode(replace(encode(server, 'hex'), '020000010300', '020000010302'), 'hex'));
