-- mysql_handshake: the connection phase: Initial Handshake v10 (MySQL 8
-- and MariaDB with its extended capabilities), Handshake Response 41 in its
-- three auth-response forms with connection attributes, SSL Request, Auth
-- Switch Request; every error with its SQLSTATE.
\set VERBOSITY default
\set ECHO none
\i sql/mysql_helpers.psql
\set ECHO all

-- MariaDB 10.11: CLIENT_MYSQL clear, so the last 4 reserved bytes are the
-- extended capabilities (0x1d: PROGRESS, STMT_BULK_OPERATIONS,
-- EXTENDED_METADATA, CACHE_METADATA), here in the high 32 bits
CREATE TEMP TABLE hs (server text, payload bytea);
INSERT INTO hs VALUES
('mariadb', '\x0a'::bytea || mysql_null_str('5.5.5-10.11.6-MariaDB-0+deb12u1') || '\x03000000'
	|| '\x6162636465666768' || '\x00' || '\xfef7' || '\x2d' || '\x0200' || '\xff81' || '\x15'
	|| '\x000000000000' || '\x1d000000' || '\x696a6b6c6d6e6f7071727374' || '\x00'
	|| mysql_null_str('mysql_native_password')),
('mysql8', '\x0a'::bytea || mysql_null_str('8.0.36') || '\x0b000000' || '\x0102030405060708'
	|| '\x00' || '\xffff' || '\xff' || '\x0200' || '\xffdf' || '\x15' || '\x00000000000000000000'
	|| '\x090a0b0c0d0e0f1011121314' || '\x00' || mysql_null_str('caching_sha2_password'));
SELECT server, d.protocol_version, d.server_version, d.connection_id,
	   to_hex(d.capabilities) AS capabilities, (d.capabilities & 1) = 0 AS mariadb,
	   (d.capabilities & (1::bigint << 35)) <> 0 AS extended_metadata,
	   d.charset, d.status_flags, d.auth_plugin_data, d.auth_plugin_name
FROM hs, mysql_handshake_decode(hs.payload) d ORDER BY server;
-- a pre-4.1 short form: nothing after the low capability flags
SELECT * FROM mysql_handshake_decode('\x0a'::bytea || mysql_null_str('3.23.58') || '\x01000000'
	|| '\x6162636465666768' || '\x00' || '\x2c00');
-- errors: protocol 9, no NUL after the version, cut in every field, the
-- filler, bytes after the plugin name
SELECT * FROM mysql_handshake_decode('\x09352e3000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_handshake_decode('\x0a352e30');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_handshake_decode(overlay((SELECT payload FROM hs WHERE server = 'mysql8') PLACING '\x01' FROM 21));
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_handshake_decode((SELECT payload FROM hs WHERE server = 'mysql8') || '\x00'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT cut, pg_temp.try(format('SELECT mysql_handshake_decode(%L::bytea)',
			 substring((SELECT payload FROM hs WHERE server = 'mysql8') FROM 1 FOR cut))) AS result
FROM unnest(ARRAY[0, 3, 10, 15, 19, 21, 23, 25, 27, 29, 30, 35, 48]) cut ORDER BY cut;

-- Handshake Response 41 of a MariaDB client: CONNECT_WITH_DB, PLUGIN_AUTH,
-- CONNECT_ATTRS, PLUGIN_AUTH_LENENC_CLIENT_DATA, SESSION_TRACK; CLIENT_MYSQL
-- clear, so the filler's last 4 bytes are extended capabilities (8:
-- EXTENDED_METADATA)
CREATE TEMP TABLE hr (form text, payload bytea);
INSERT INTO hr VALUES
('lenenc', mysql_int_le(x'00bae208'::int, 4) || mysql_int_le(16777216, 4) || '\x2d'::bytea
	|| decode(repeat('00', 19), 'hex') || '\x08000000' || mysql_null_str('root')
	|| mysql_lenenc_str(decode(repeat('a5', 20), 'hex')) || mysql_null_str('test')
	|| mysql_null_str('mysql_native_password')
	|| mysql_lenenc_str(mysql_lenenc_str('_client_name') || mysql_lenenc_str('libmariadb')
						|| mysql_lenenc_str('_os') || mysql_lenenc_str('Linux')
						|| mysql_lenenc_str('prog') || mysql_lenenc_str('ünï'))),
-- MySQL 8 form: SECURE_CONNECTION without the lenenc flag (int<1> length),
-- CLIENT_MYSQL set, no database, zstd level
('int1', mysql_int_le(x'040aa201'::int, 4) || mysql_int_le(0, 4) || '\xff'::bytea
	|| decode(repeat('00', 23), 'hex') || mysql_null_str('app') || '\x03' || '\x010203'
	|| mysql_null_str('caching_sha2_password') || '\x03'),
-- old form: string<NUL> auth response
('nul', mysql_int_le(x'00000205'::int, 4) || mysql_int_le(0, 4) || '\x08'::bytea
	|| decode(repeat('00', 23), 'hex') || mysql_null_str('u') || mysql_null_str('pw'));
SELECT form, to_hex(d.capabilities) AS capabilities, d.max_packet_size, d.charset, d.ssl_request,
	   d.username, d.auth_response, d.database_name, d.auth_plugin_name, d.attribute_names,
	   d.attribute_values, d.zstd_level
FROM hr, mysql_handshake_response_decode(hr.payload) d ORDER BY form;
SELECT jsonb_object(attribute_names, attribute_values) AS attrs
FROM hr, mysql_handshake_response_decode(hr.payload) WHERE form = 'lenenc';
-- SSL Request: the first 32 bytes alone, with CLIENT_SSL
SELECT to_hex(capabilities) AS capabilities, ssl_request, username
FROM mysql_handshake_response_decode(mysql_int_le(x'00000a00'::int, 4) || mysql_int_le(0, 4)
	|| '\x21'::bytea || decode(repeat('00', 23), 'hex'));
-- errors: cut in the fixed part, a username without 00, an auth response
-- longer than the payload (both forms), attributes past their block, a
-- missing zstd level, trailing bytes
SELECT * FROM mysql_handshake_response_decode('\x0000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_handshake_response_decode(decode(repeat('00', 32), 'hex') || '\x726f6f74'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_handshake_response_decode(mysql_int_le(x'00208200'::int, 4) || decode(repeat('00', 28), 'hex')
	|| mysql_null_str('u') || '\x05aa'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_handshake_response_decode(mysql_int_le(x'00008200'::int, 4) || decode(repeat('00', 28), 'hex')
	|| mysql_null_str('u') || '\x05aa'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_handshake_response_decode(mysql_int_le(x'00308200'::int, 4) || decode(repeat('00', 28), 'hex')
	|| mysql_null_str('u') || '\x00'::bytea || mysql_null_str('p') || '\x0403616263'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_handshake_response_decode(mysql_int_le(x'04008200'::int, 4) || decode(repeat('00', 28), 'hex')
	|| mysql_null_str('u') || '\x00'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_handshake_response_decode((SELECT payload FROM hr WHERE form = 'nul') || '\x00'::bytea);
\echo :LAST_ERROR_SQLSTATE

-- Auth Switch Request: to caching_sha2_password with a 20-byte scramble
-- and its 00; the old one-byte form
SELECT * FROM mysql_auth_switch_decode('\xfe'::bytea || mysql_null_str('caching_sha2_password')
	|| decode(repeat('5a', 20), 'hex') || '\x00'::bytea);
SELECT * FROM mysql_auth_switch_decode('\xfe');
SELECT * FROM mysql_auth_switch_decode('\x00');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_auth_switch_decode('\xfe6d7973');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_auth_switch_decode('');
\echo :LAST_ERROR_SQLSTATE
