-- mysql_encoding: MySQL metadata strings (column definitions, and the
-- other decoders' text fields) are UTF-8 on the wire and are converted to
-- the database encoding.  A LATIN1 database converts é; 日 has no LATIN1
-- equivalent (PostgreSQL's standard 22P05); an SQL_ASCII database keeps
-- the checked UTF-8 bytes.  Invalid UTF-8 is 22P03 in every encoding.
\set VERBOSITY default
-- a run that died half-way leaves the databases behind
SET client_min_messages = warning;
DROP DATABASE IF EXISTS mysql_enc_latin1;
DROP DATABASE IF EXISTS mysql_enc_sql_ascii;
RESET client_min_messages;
CREATE DATABASE mysql_enc_latin1 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
CREATE DATABASE mysql_enc_sql_ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;

\c mysql_enc_latin1
SET client_encoding = 'UTF8';
CREATE EXTENSION wirecodec;
SHOW server_encoding;
-- a column named é (c3 a9) of table café: é, not Ã©
SELECT column_name, table_name, convert_to(column_name, 'LATIN1') AS column_name_latin1
FROM mysql_column_def_decode(mysql_lenenc_str('def') || mysql_lenenc_str('s') || mysql_lenenc_str('\x636166c3a9'::bytea) || mysql_lenenc_str('\x636166c3a9'::bytea)
	|| mysql_lenenc_str('\xc3a9'::bytea) || mysql_lenenc_str('\xc3a9'::bytea) || '\x0c2d0004000000fd0000000000'::bytea);
-- 日 (e6 97 a5) has no LATIN1 equivalent
SELECT * FROM mysql_column_def_decode(mysql_lenenc_str('def') || mysql_lenenc_str('s') || mysql_lenenc_str('t'::bytea) || mysql_lenenc_str('t'::bytea)
	|| mysql_lenenc_str('\xe697a5'::bytea) || mysql_lenenc_str('\xe697a5'::bytea) || '\x0c2d0004000000fd0000000000'::bytea);
\echo :LAST_ERROR_SQLSTATE
-- not UTF-8 at all
SELECT * FROM mysql_column_def_decode(mysql_lenenc_str('def') || mysql_lenenc_str('s') || mysql_lenenc_str('t'::bytea) || mysql_lenenc_str('t'::bytea)
	|| mysql_lenenc_str('\xe9'::bytea) || mysql_lenenc_str('\xe9'::bytea) || '\x0c2d0004000000fd0000000000'::bytea);
\echo :LAST_ERROR_SQLSTATE
-- the other decoders' text: an ERR message, a session-state value
SELECT message FROM mysql_err_packet_decode('\xff1904233432303030'::bytea || convert_to('base « café » inconnue', 'UTF8'));
SELECT change_value FROM mysql_session_state_decode('\x01'::bytea || mysql_lenenc_str(mysql_lenenc_str('\x6361c3a9'::bytea)));

\c mysql_enc_sql_ascii
SET client_encoding = 'SQL_ASCII';
CREATE EXTENSION wirecodec;
SHOW server_encoding;
-- no conversion: the UTF-8 bytes stay, 日 included
SELECT convert_to(column_name, 'SQL_ASCII') AS column_name_bytes
FROM mysql_column_def_decode(mysql_lenenc_str('def') || mysql_lenenc_str('s') || mysql_lenenc_str('\x636166c3a9'::bytea) || mysql_lenenc_str('\x636166c3a9'::bytea)
	|| mysql_lenenc_str('\xe697a5'::bytea) || mysql_lenenc_str('\xe697a5'::bytea) || '\x0c2d0004000000fd0000000000'::bytea);
-- but they are checked
SELECT * FROM mysql_column_def_decode(mysql_lenenc_str('def') || mysql_lenenc_str('s') || mysql_lenenc_str('t'::bytea) || mysql_lenenc_str('t'::bytea)
	|| mysql_lenenc_str('\xe9'::bytea) || mysql_lenenc_str('\xe9'::bytea) || '\x0c2d0004000000fd0000000000'::bytea);
\echo :LAST_ERROR_SQLSTATE

\c postgres
DROP DATABASE mysql_enc_latin1;
DROP DATABASE mysql_enc_sql_ascii;
