-- mysql_packet: MySQL packet framing and reassembly, text resultset rows,
-- Column Definition 41 and OK packets; framing driven by
-- test/vectors/mysql_packets.tsv.
\set VERBOSITY default
-- helpers: pg_temp.try(), pg_temp.unformula(), pg_temp.payload()
\set ECHO none
\i sql/mysql_helpers.psql
\set ECHO all

-- a FROM-clause set-returning function keeps its rows in a tuplestore: let
-- the 50 MB packets stay in memory
SET work_mem = '256MB';

-- ---------------------------------------------------------------------
-- framing
-- ---------------------------------------------------------------------
SELECT mysql_packet_frame('') AS empty, mysql_packet_frame('\x0102', 7) AS seq7,
	   mysql_packet_frame('\x03', 255) AS seq255;
-- a 0xFFFFFF payload needs an empty trailer packet; ids wrap 255 -> 0
SELECT length(f) AS bytes, substring(f FROM 1 FOR 4) AS first_header,
	   substring(f FROM length(f) - 3) AS last_header
FROM (SELECT mysql_packet_frame(pg_temp.payload(16777215), 255) f) s;
SELECT mysql_packet_frame('\x00', 256);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_packet_frame('\x00', -1);
\echo :LAST_ERROR_SQLSTATE

-- mysql_packets.tsv: the framed stream is exactly the listed headers, each
-- followed by its chunk of the payload; reassembly gives the payload back
CREATE TEMP TABLE v_raw (line text);
\copy v_raw FROM 'test/vectors/mysql_packets.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE v_pkt AS
SELECT row_number() OVER () AS n, split_part(line, E'\t', 1)::bigint AS plen,
	   split_part(line, E'\t', 2)::int AS seq,
	   string_to_array(split_part(line, E'\t', 3), ',') AS headers
FROM v_raw;
-- each row checked in one place, so its long values are built once; no
-- parallel worker, which would get the 16-50 MB values through a small queue
CREATE FUNCTION pg_temp.check_frame(plen bigint, seq int, headers text[],
									OUT framed_ok bool, OUT reassembled_ok bool)
LANGUAGE plpgsql SET max_parallel_workers = 0 AS $$
DECLARE
	p bytea := pg_temp.payload(plen);
	f bytea := mysql_packet_frame(p, seq);
	pos int := 0;
	done int := 0;
	h bytea;
	clen int;
BEGIN
	framed_ok := true;
	FOREACH h IN ARRAY (SELECT array_agg(decode(x, 'hex') ORDER BY i)
						FROM unnest(headers) WITH ORDINALITY u(x, i)) LOOP
		clen := get_byte(h, 0) + 256 * get_byte(h, 1) + 65536 * get_byte(h, 2);
		framed_ok := framed_ok AND substring(f FROM pos + 1 FOR 4) = h
			AND substring(f FROM pos + 5 FOR clen) = substring(p FROM done + 1 FOR clen);
		pos := pos + 4 + clen;
		done := done + clen;
	END LOOP;
	framed_ok := framed_ok AND pos = length(f) AND done = plen;
	SELECT count(*) = 1 AND bool_and(r.seq = check_frame.seq AND r.payload = p AND r.byte_offset = 0)
	INTO reassembled_ok FROM mysql_packets(f) r;
END $$;
CREATE TEMP TABLE v_check AS
SELECT n, plen, seq, cardinality(headers) AS packets, c.*
FROM v_pkt, pg_temp.check_frame(plen, seq, headers) c;
SELECT count(*) AS rows, count(*) FILTER (WHERE framed_ok AND reassembled_ok) AS passing FROM v_check;
SELECT * FROM v_check WHERE NOT (framed_ok AND reassembled_ok) ORDER BY n;
SELECT plen, seq, packets FROM v_check WHERE packets > 1 ORDER BY n;
DROP TABLE v_check;

-- ---------------------------------------------------------------------
-- reassembly of a stream of several packets, and its errors
-- ---------------------------------------------------------------------
SELECT * FROM mysql_packets(mysql_packet_frame('\x0161', 1) || mysql_packet_frame('', 2) ||
							mysql_packet_frame('\xfe00000200', 3));
SELECT count(*) FROM mysql_packets('');
-- two logical packets, the first split in two chunks
SELECT seq, length(payload) AS payload_bytes, byte_offset,
	   CASE WHEN seq = 250 THEN (payload = pg_temp.payload(16777216))::text
			ELSE encode(payload, 'hex') END AS payload_check
FROM mysql_packets(mysql_packet_frame(pg_temp.payload(16777216), 250) || mysql_packet_frame('\x0a0b', 0));
-- truncated inside a header, inside a payload, after a full-size chunk
SELECT * FROM mysql_packets('\x010000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_packets('\x0500000061626364');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_packets(mysql_packet_frame('\x61') || '\x0500000061626364'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM mysql_packets(substring(mysql_packet_frame(pg_temp.payload(16777215)) FROM 1 FOR 16777219));
\echo :LAST_ERROR_SQLSTATE
-- a sequence gap inside a split packet
SELECT count(*) FROM mysql_packets(overlay(mysql_packet_frame(pg_temp.payload(16777215), 4)
										   PLACING '\x07'::bytea FROM 16777223 FOR 1));
\echo :LAST_ERROR_SQLSTATE
-- every cut of a small stream fails except at packet boundaries
SELECT cut, pg_temp.try(format('SELECT count(*) FROM mysql_packets(%L::bytea)',
							   substring(s FROM 1 FOR cut))) AS result
FROM (SELECT mysql_packet_frame('\x6162') || mysql_packet_frame('', 1) AS s) x,
	 generate_series(0, length(s)) cut
ORDER BY cut;

-- ---------------------------------------------------------------------
-- text resultset rows
-- ---------------------------------------------------------------------
SELECT mysql_text_row_decode('\x0131fb03616263') AS spec_example,
	   mysql_text_row_decode('\x00fb00') AS empty_null_empty,
	   mysql_text_row_decode('') AS no_columns,
	   mysql_text_row_decode('\x0131fb03616263', 3) AS with_count;
SELECT i, length(c) AS bytes, left(convert_from(c, 'UTF8'), 20) AS value
FROM unnest(mysql_text_row_decode(mysql_lenenc_str(convert_to('José', 'UTF8')) || '\xfb'::bytea ||
								  mysql_lenenc_str(pg_temp.payload(300)))) WITH ORDINALITY AS u(c, i)
ORDER BY i;
-- 41 columns, every 7th NULL, lengths 0 .. 40: the same array as built by
-- PostgreSQL itself (elements, NULL positions across bitmap bytes, hash)
SELECT mysql_text_row_decode(r) = a AS same, mysql_text_row_decode(r)::text = a::text AS same_text,
	   hash_array(mysql_text_row_decode(r)) = hash_array(a) AS same_hash,
	   cardinality(mysql_text_row_decode(r)) AS columns,
	   array_position(mysql_text_row_decode(r), NULL) AS first_null
FROM (SELECT string_agg(CASE WHEN i % 7 = 0 THEN '\xfb'::bytea
							 ELSE mysql_lenenc_str(convert_to(repeat('x', i), 'UTF8')) END, ''::bytea ORDER BY i) AS r,
			 array_agg(CASE WHEN i % 7 = 0 THEN NULL ELSE convert_to(repeat('x', i), 'UTF8') END ORDER BY i) AS a
	  FROM generate_series(0, 40) i) s;
SELECT mysql_text_row_decode(r) = a AS same_without_nulls
FROM (SELECT string_agg(mysql_lenenc_str(convert_to(repeat('y', i), 'UTF8')), ''::bytea ORDER BY i) AS r,
			 array_agg(convert_to(repeat('y', i), 'UTF8') ORDER BY i) AS a
	  FROM generate_series(0, 300, 7) i) s;
SELECT mysql_text_row_decode('\x0131ff');
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_text_row_decode('\x013105616263');
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_text_row_decode('\x0131fc01');
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_text_row_decode('\x0131fb03616263', 2);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_text_row_decode('\x0131', -1);
\echo :LAST_ERROR_SQLSTATE
-- every cut inside a column fails; a cut between columns is a shorter row,
-- which the column count catches
SELECT cut, pg_temp.try(format('SELECT mysql_text_row_decode(%L::bytea)',
							   substring('\x0131fb03616263'::bytea FROM 1 FOR cut))) AS result,
	   pg_temp.try(format('SELECT mysql_text_row_decode(%L::bytea, 3)',
						  substring('\x0131fb03616263'::bytea FROM 1 FOR cut))) AS with_count
FROM generate_series(0, 7) cut ORDER BY cut;

-- ---------------------------------------------------------------------
-- Column Definition 41
-- ---------------------------------------------------------------------
-- @@version_comment, from a packet with its header (seq 2)
SELECT d.*
FROM mysql_packets('\x270000020364656600000011404076657273696f6e5f636f6d6d656e74000c08001c000000fd00001f0000') p,
	 mysql_column_def_decode(p.payload) d;
SELECT * FROM mysql_column_def_decode('\x0364656600000011404076657273696f6e5f636f6d6d656e74000c08001c000000fd00001f0000');
-- shop.users.id AS u: binary, LONG, NOT_NULL|PRI_KEY|AUTO_INCREMENT
SELECT *, to_hex(flags) AS flags_hex
FROM mysql_column_def_decode('\x036465660473686f7001750575736572730269640269640c3f000b000000030302000000');
-- NULL strings, a non-canonical 12
-- (output names need no quoting: catalog_name, schema_name, table_name)
SELECT catalog_name IS NULL AS catalog_null, schema_name, table_name, column_name
FROM mysql_column_def_decode('\xfb000000017800fc0c003f000b000000030000000000');
-- errors: trailing bytes (COM_FIELD_LIST default values), bad fixed length,
-- NULL fixed length, 0xff, invalid UTF-8, truncation
SELECT * FROM mysql_column_def_decode('\x036465660473686f7001750575736572730269640269640c3f000b000000030302000000fb');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_column_def_decode('\x036465660473686f7001750575736572730269640269640b3f000b0000000303020000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_column_def_decode('\x036465660473686f700175057573657273026964026964fb3f000b000000030302000000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_column_def_decode('\x036465660473686f700175057573657273026964ff');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_column_def_decode('\x036465660473686f7001750575736572730269640269c30c3f000b000000030302000000');
\echo :LAST_ERROR_SQLSTATE
SELECT cut, pg_temp.try(format('SELECT mysql_column_def_decode(%L::bytea)',
			 substring('\x036465660473686f7001750575736572730269640269640c3f000b000000030302000000'::bytea
					   FROM 1 FOR cut))) AS result
FROM generate_series(0, 35) cut ORDER BY cut;

-- MariaDB extended metadata (MARIADB_CLIENT_EXTENDED_METADATA, 1 << 35):
-- the column d.ty.id of a MariaDB 10.11 capture, an empty extended field
-- after org_name.  Detected without capabilities; expected with the flag.
SELECT * FROM mysql_column_def_decode('\x036465660164027479027479026964026964000c3f000b000000030342000000');
SELECT column_name, column_type, to_hex(flags) AS flags
FROM mysql_column_def_decode('\x036465660164027479027479026964026964000c3f000b000000030342000000',
							 (1::bigint << 35) | 25723392);
-- a JSON column: type name "json" (key 0) and format "json" (key 1), an
-- unknown key 7 skipped
SELECT column_name, column_type, data_type_name, data_type_format
FROM mysql_column_def_decode('\x036465660164027479027479016301630f'::bytea || '\x00046a736f6e' ||
							 '\x01046a736f6e' || '\x070178' || '\x0c2d00ffffffff' || '\xfc9000270000'::bytea);
-- without the capability the same bytes are the plain layout: an error
SELECT * FROM mysql_column_def_decode('\x036465660164027479027479026964026964000c3f000b000000030342000000', 25723392);
\echo :LAST_ERROR_SQLSTATE
-- with it, a plain column definition lacks the extended field
SELECT * FROM mysql_column_def_decode('\x036465660473686f7001750575736572730269640269640c3f000b000000030302000000',
									  1::bigint << 35);
\echo :LAST_ERROR_SQLSTATE
-- an extended value running past its field, a NULL extended field
SELECT * FROM mysql_column_def_decode('\x0364656601640274790274790163016304000578790c2d00ffffffff'::bytea || '\xfc9000270000',
									  1::bigint << 35);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_column_def_decode('\x03646566016402747902747901630163fb0c2d00ffffffff'::bytea || '\xfc9000270000',
									  1::bigint << 35);
\echo :LAST_ERROR_SQLSTATE

-- ---------------------------------------------------------------------
-- OK packets
-- ---------------------------------------------------------------------
-- the docs example, with its header: 0 rows, id 0, AUTOCOMMIT
SELECT p.seq, d.* FROM mysql_packets('\x0700000200000002000000') p, mysql_ok_packet_decode(p.payload) d;
-- 1 row affected, last insert id 300
SELECT * FROM mysql_ok_packet_decode('\x0001fc2c0102000000');
-- FE header (CLIENT_DEPRECATE_EOF), NULL affected_rows, 2^64-1 id, info
-- text; without CLIENT_SESSION_TRACK (capabilities = PROTOCOL_41 only) the
-- info is the rest of the payload
SELECT affected_rows, last_insert_id, to_hex(status_flags) AS status_flags, warnings,
	   convert_from(info, 'UTF8') AS info
FROM mysql_ok_packet_decode('\xfefbfeffffffffffffffff2200010052656364733a2031', 512);
-- with it (the default) the info is a string<lenenc>: this one is too short
SELECT * FROM mysql_ok_packet_decode('\xfefbfeffffffffffffffff2200010052656364733a2031');
\echo :LAST_ERROR_SQLSTATE

-- CLIENT_SESSION_TRACK, from a MariaDB 10.11 capture: an INSERT's info
SELECT affected_rows, convert_from(info, 'UTF8') AS info, session_state
FROM mysql_ok_packet_decode('\x00030002000000'::bytea || '\x26' ||
	convert_to('Records: 3  Duplicates: 0  Warnings: 0', 'UTF8'));
-- SET autocommit = 1: empty info, the variable in the session state
SELECT * FROM mysql_ok_packet_decode('\x000000024000000010000e0a6175746f636f6d6d6974024f4e');
SELECT s.* FROM mysql_ok_packet_decode('\x000000024000000010000e0a6175746f636f6d6d6974024f4e') o,
	 mysql_session_state_decode(o.session_state) s;
-- an OK with nothing after the warnings: empty info
SELECT info, session_state FROM mysql_ok_packet_decode('\x00000002000000');
-- every change type: schema, state change, system variable, GTIDs,
-- transaction characteristics, transaction state, and an unknown type 9
SELECT s.* FROM mysql_session_state_decode(
	'\x01'::bytea || mysql_lenenc_str(mysql_lenenc_str('test')) ||
	'\x02' || mysql_lenenc_str(mysql_lenenc_str('1')) ||
	'\x00' || mysql_lenenc_str(mysql_lenenc_str('character_set_client') || mysql_lenenc_str('utf8mb4')) ||
	'\x03' || mysql_lenenc_str('\x00'::bytea || mysql_lenenc_str('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5')) ||
	'\x04' || mysql_lenenc_str(mysql_lenenc_str('START TRANSACTION READ ONLY;')) ||
	'\x05' || mysql_lenenc_str(mysql_lenenc_str('T_R_____')) ||
	'\x0902abcd') s;
-- errors: state changed but no info, info beyond the payload, bytes after
-- the info, a change cut short, trailing bytes inside a change
SELECT * FROM mysql_ok_packet_decode('\x00000002400000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_ok_packet_decode('\x0000000200000005616263');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_ok_packet_decode('\x000000020000000161ff');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_ok_packet_decode('\x00000002400000000500030178');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_session_state_decode('\x010604746573');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_session_state_decode('\x010604746573747a');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_session_state_decode('\x01fb');
\echo :LAST_ERROR_SQLSTATE
-- errors: legacy EOF, ERR packet, 0xff count, bad header, empty
SELECT * FROM mysql_ok_packet_decode('\xfe00000200');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_ok_packet_decode('\xff1504233432303030');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_ok_packet_decode('\x00ff00020000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_ok_packet_decode('\x00fd0102');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_ok_packet_decode('');
\echo :LAST_ERROR_SQLSTATE
SELECT cut, pg_temp.try(format('SELECT mysql_ok_packet_decode(%L::bytea)',
							   substring('\x0001fc2c0102000000'::bytea FROM 1 FOR cut))) AS result
FROM generate_series(0, 8) cut ORDER BY cut;

-- ---------------------------------------------------------------------
-- ERR packets
-- ---------------------------------------------------------------------
-- ER_BAD_DB_ERROR with its SQLSTATE; an error before the handshake ends,
-- without the marker; without PROTOCOL_41 the '#' is part of the message
SELECT * FROM mysql_err_packet_decode('\xff1904233432303030'::bytea || convert_to('Unknown database ''x''', 'UTF8'));
SELECT error_code, sql_state, message FROM mysql_err_packet_decode('\xff6a04486f7374');
SELECT error_code, sql_state, message FROM mysql_err_packet_decode('\xff19042334323030303078', 0);
-- MariaDB progress report: stage 1 of 2, 12.345 %
SELECT * FROM mysql_err_packet_decode('\xffffff010239300007636f7079696e67');
-- errors: not FF, cut code, cut SQLSTATE, cut progress, bytes after it
SELECT * FROM mysql_err_packet_decode('\x00190423');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_err_packet_decode('\xff19');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_err_packet_decode('\xff1904233432');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_err_packet_decode('\xffffff0102393000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_err_packet_decode('\xffffff0102393000017878');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_err_packet_decode('\xff1904233432303030ff');
\echo :LAST_ERROR_SQLSTATE

-- ---------------------------------------------------------------------
-- EOF packets and COM_STMT_PREPARE OK
-- ---------------------------------------------------------------------
SELECT * FROM mysql_eof_packet_decode('\xfe00002200');
SELECT * FROM mysql_eof_packet_decode('\xfe', 0);
SELECT * FROM mysql_eof_packet_decode('\xfe000022');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_eof_packet_decode('\xfe0000220000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_eof_packet_decode('\x0000002200');
\echo :LAST_ERROR_SQLSTATE
-- statement 1: 2 columns, 1 parameter; with warnings; MySQL 8's
-- metadata_follows with CLIENT_OPTIONAL_RESULTSET_METADATA (1 << 25)
SELECT * FROM mysql_stmt_prepare_ok_decode('\x00010000000200010000');
SELECT * FROM mysql_stmt_prepare_ok_decode('\x000100000002000100000000');
SELECT * FROM mysql_stmt_prepare_ok_decode('\x00010000000200010000000001', 25723392 | (1 << 25));
SELECT * FROM mysql_stmt_prepare_ok_decode('\x00010000000200010000000001');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_stmt_prepare_ok_decode('\x0001000000020001000000');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_stmt_prepare_ok_decode('\x00010000000200010001');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_stmt_prepare_ok_decode('\xff0100000002');
\echo :LAST_ERROR_SQLSTATE
SELECT cut, pg_temp.try(format('SELECT mysql_stmt_prepare_ok_decode(%L::bytea)',
							   substring('\x00010000000200010000'::bytea FROM 1 FOR cut))) AS result
FROM generate_series(0, 9) cut ORDER BY cut;

-- ---------------------------------------------------------------------
-- the worked example of doc/mysql.md: a captured result set into a table
-- ---------------------------------------------------------------------
-- (runs examples/mysql.sql, whose last part is that example, so the demo
-- and doc/mysql.md stay right)
\i examples/mysql.sql
SELECT id, name, email IS NULL AS email_null, email, created_at FROM users ORDER BY id;
