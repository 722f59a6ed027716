-- fdb_tuple_encoding: tuple strings are UTF-8 whatever the database encoding.
-- A LATIN1 database converts on the way in and out; the fdb_tuple text form
-- escapes non-ASCII characters there, so it prints in any encoding.
\set VERBOSITY default
SELECT current_database() AS orig_db \gset
-- a run that died half-way leaves the database behind
SET client_min_messages = warning;
DROP DATABASE IF EXISTS fdb_latin1;
RESET client_min_messages;
CREATE DATABASE fdb_latin1 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c fdb_latin1
SET client_encoding = 'UTF8';
CREATE EXTENSION wirecodec;
SHOW server_encoding;

-- packing converts to UTF-8: é is c3 a9 in the tuple, not LATIN1's e9
SELECT fdb_tuple_pack('é')::bytea AS unknown_literal, fdb_tuple_pack('é'::text)::bytea AS text,
	   fdb_tuple_pack('ÿ'::varchar)::bytea AS varchar, fdb_tuple_pack('é '::char(3))::bytea AS bpchar,
	   fdb_tuple_pack('é'::name)::bytea AS name, fdb_tuple_pack('"é"'::jsonb)::bytea AS jsonb;

-- reading converts back
SELECT fdb_tuple_get_text('\x02c3a900'::bytea, 0) AS get_text, fdb_tuple_to_jsonb('\x02c3a900'::bytea) AS to_jsonb,
	   (SELECT value FROM fdb_tuple_elements('\x02c3a900'::bytea)) AS elements;
-- and so does fdb_tuple_populate_record (text, varchar and name columns)
CREATE TEMP TABLE latin1_row (t text, v varchar(3), n name);
SELECT * FROM fdb_tuple_populate_record(NULL::latin1_row, fdb_tuple_pack('é', 'ÿé', 'é'));
SELECT * FROM fdb_tuple_populate_record(NULL::latin1_row, '\x02e697a500026100026100'::bytea);
\echo :LAST_ERROR_SQLSTATE

-- the text form: non-ASCII as \u{...} on output; input is converted first
SELECT '("é", "\u{ff}", "\u{65e5}")'::fdb_tuple AS text_form,
	   '("é", "\u{ff}", "\u{65e5}")'::fdb_tuple::bytea AS bytes;

-- a character LATIN1 cannot hold (日) is PostgreSQL's usual conversion error
SELECT fdb_tuple_get_text('\x02e697a500'::bytea, 0);
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_get_bytea('\x02e697a500'::bytea, 0) AS as_bytes_it_reads;

\c :orig_db
DROP DATABASE fdb_latin1;

-- SQL_ASCII: bytes pass unconverted, so a string argument must already be
-- UTF-8; PostgreSQL's own check rejects anything else
SET client_min_messages = warning;
DROP DATABASE IF EXISTS fdb_sql_ascii;
RESET client_min_messages;
CREATE DATABASE fdb_sql_ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c fdb_sql_ascii
CREATE EXTENSION wirecodec;
SELECT fdb_tuple_pack(convert_from('\xc3a9', 'SQL_ASCII'))::bytea AS utf8_passes;
SELECT fdb_tuple_pack(convert_from('\x41e9', 'SQL_ASCII'));
\echo :LAST_ERROR_SQLSTATE
SELECT fdb_tuple_pack(convert_from('\xeda080', 'SQL_ASCII')) AS surrogate;
\echo :LAST_ERROR_SQLSTATE
\c :orig_db
DROP DATABASE fdb_sql_ascii;
