-- Regression tests from real captured bytes: MariaDB 10.11.19 (Debian 12)
-- talking to MariaDB Connector/C 3.3 with its default options, recorded by
-- test/mysql_live/proxy.c (make test-mysql-live checks whole captures).

-- Bug (issue 10): a column definition with MariaDB's extended metadata
-- (negotiated by default: MARIADB_CLIENT_EXTENDED_METADATA) was rejected.
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

-- Bug (issue 10): with CLIENT_SESSION_TRACK, info is a string<lenenc> and
-- the session-state changes follow; they were returned as part of info.
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
