-- mysql_conversation: a recorded connection classified packet by packet
-- (both directions, or the server's side only), and typed rows with
-- mysql_row_populate_record.  The capture is built with wirecodec's own
-- framing; live-server captures are tested by test/mysql_live.
\set VERBOSITY default

-- helpers: pg_temp.cd(), pg_temp.capture()
\set ECHO none
\i sql/mysql_helpers.psql
\set ECHO all
CREATE TEMP TABLE cap AS SELECT * FROM pg_temp.capture();

-- both directions: every packet with its command, result set and row
SELECT command, command_type, direction, kind, result_set, row_number, packet, seq,
	   byte_offset, length(payload) AS bytes, cardinality(columns) AS ncols
FROM cap, mysql_conversation(client, server);
-- the server's side alone gives the same classification of its packets
SELECT count(*) AS server_packets,
	   bool_and(a.kind = b.kind AND a.byte_offset = b.byte_offset AND a.payload = b.payload
				AND a.result_set IS NOT DISTINCT FROM b.result_set) AS same
FROM (SELECT * FROM cap, mysql_conversation(client, server) WHERE direction = 'server') a
JOIN (SELECT * FROM cap, mysql_conversation(server)) b USING (packet);
-- rows decoded by hand agree with the conversation's row packets
SELECT kind, row_number, CASE kind WHEN 'text_row' THEN mysql_text_row_decode(payload)
	ELSE mysql_binary_row_decode(payload, ARRAY[3, 253]) END AS values
FROM cap, mysql_conversation(client, server) WHERE kind LIKE '%row' AND command < 4;

-- typed rows: one INSERT ... SELECT from the capture
CREATE TEMP TABLE people (id bigint, name text);
INSERT INTO people
SELECT (mysql_row_populate_record(NULL::people, c.payload, c.columns, c.kind = 'binary_row', c.row_number)).*
FROM cap, mysql_conversation(client, server) c WHERE c.kind IN ('text_row', 'binary_row') AND c.command < 4;
SELECT * FROM people;
-- the same rows into other column types
CREATE TEMP TABLE people2 (id numeric, name bytea);
SELECT (mysql_row_populate_record(NULL::people2, c.payload, c.columns, c.kind = 'binary_row', c.row_number)).*
FROM cap, mysql_conversation(client, server) c WHERE c.kind IN ('text_row', 'binary_row') AND c.command < 4;

-- every MySQL type, binary and text
CREATE TEMP TABLE every (ti smallint, tu smallint, si smallint, su int, i24 int, li int, lu bigint,
	ll bigint, llu numeric, yr smallint, fl real, db double precision, dec numeric,
	d date, dt timestamp, ts timestamptz, tm interval, zd date, vc text, bl bytea,
	js jsonb, bt varbit, en text, latin text);
CREATE TEMP TABLE every_cols AS SELECT ARRAY[
	pg_temp.cd('ti', 63, 1), pg_temp.cd('tu', 63, 1, 32), pg_temp.cd('si', 63, 2),
	pg_temp.cd('su', 63, 2, 32), pg_temp.cd('i24', 63, 9), pg_temp.cd('li', 63, 3),
	pg_temp.cd('lu', 63, 3, 32), pg_temp.cd('ll', 63, 8), pg_temp.cd('llu', 63, 8, 32),
	pg_temp.cd('yr', 63, 13, 96), pg_temp.cd('fl', 63, 4), pg_temp.cd('db', 63, 5),
	pg_temp.cd('dec', 63, 246), pg_temp.cd('d', 63, 10), pg_temp.cd('dt', 63, 12),
	pg_temp.cd('ts', 63, 7), pg_temp.cd('tm', 63, 11), pg_temp.cd('zd', 63, 10),
	pg_temp.cd('vc', 45, 253), pg_temp.cd('bl', 63, 252, 144), pg_temp.cd('js', 255, 245),
	pg_temp.cd('bt', 63, 16, 32, 12), pg_temp.cd('en', 255, 254, 256), pg_temp.cd('latin', 8, 253)] AS cols;
SET timezone = 'UTC';
SET extra_float_digits = 0;
SELECT (mysql_row_populate_record(NULL::every,
	'\x0000000000 80 ff 0080 ffff 000080ff ffffff7f ffffffff 0000000000000080 ffffffffffffffff e807'
	'0000c03f 9a9999999999b93f 0531322e3530 04e807021d 07e807021d173b3b 0be807021d173b3b40e20100'
	'0c01220000000a0b0c40e20100 00 06c3a9f09f9880 0500fbfcfeff 0a7b2261223a205b315d7d 020fff'
	'0162 04e96d6f6a'::bytea, cols, true)).*
FROM every_cols;
SELECT (mysql_row_populate_record(NULL::every,
	mysql_lenenc_str('-128') || mysql_lenenc_str('255') || mysql_lenenc_str('-32768')
	|| mysql_lenenc_str('65535') || mysql_lenenc_str('-8388608') || mysql_lenenc_str('2147483647')
	|| mysql_lenenc_str('4294967295') || mysql_lenenc_str('-9223372036854775808')
	|| mysql_lenenc_str('18446744073709551615') || mysql_lenenc_str('2024') || mysql_lenenc_str('1.5')
	|| mysql_lenenc_str('0.1') || mysql_lenenc_str('12.50') || mysql_lenenc_str('2024-02-29')
	|| mysql_lenenc_str('2024-02-29 23:59:59') || mysql_lenenc_str('2024-02-29 23:59:59.123456')
	|| mysql_lenenc_str('-838:59:59.000000') || mysql_lenenc_str('0000-00-00')
	|| mysql_lenenc_str(convert_to('é😀', 'UTF8')) || mysql_lenenc_str('\x00fbfcfeff')
	|| mysql_lenenc_str('{"a": [1]}') || mysql_lenenc_str('\x0fff') || mysql_lenenc_str('b')
	|| mysql_lenenc_str('\xe96d6f6a'), cols)).*
FROM every_cols;
-- NULLs in both protocols
SELECT (mysql_row_populate_record(NULL::people, '\xfbfb', ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253)])).*;
SELECT (mysql_row_populate_record(NULL::people, '\x000c', ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253)], true)).*;

-- conversation errors: truncated and corrupted captures name the stream,
-- the packet and the byte offset
SELECT count(*) FROM cap, mysql_conversation(client, substring(server FROM 1 FOR 160));
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation(client, substring(server FROM 1 FOR length(server) - 40));
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation(substring(client FROM 1 FOR 50), server);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation(client, overlay(server PLACING '\x09' FROM 5 FOR 1));
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation(client, overlay(server PLACING '\x05' FROM 4 FOR 1));
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation(overlay(client PLACING '\x05' FROM 45 FOR 1), server);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM mysql_conversation('\x0100000007'::bytea);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM mysql_conversation(''::bytea, mysql_packet_frame('\x0a00', 0));
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation(client || mysql_packet_frame('\x0e', 0), server);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM cap, mysql_conversation(client, server || mysql_packet_frame('\x00000002000000', 1));
\echo :LAST_ERROR_SQLSTATE
-- (server side only) LOCAL INFILE, then an OK too short to hold its fields
SELECT count(*) FROM mysql_conversation(mysql_packet_frame('\x0a00', 0) || mysql_packet_frame('\x00000002000000', 2)
	|| mysql_packet_frame('\xfb', 1) || mysql_packet_frame('\x00', 2));
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM mysql_conversation(mysql_packet_frame('\x0a00', 0) || mysql_packet_frame('\x00000002000000', 2)
	|| mysql_packet_frame('\x00', 1));
\echo :LAST_ERROR_SQLSTATE
-- empty captures have no packets
SELECT count(*) FROM mysql_conversation(''::bytea, ''::bytea);
SELECT count(*) FROM mysql_conversation(''::bytea);

-- typed-row errors name the row, the column and the MySQL type
SELECT mysql_row_populate_record(NULL::people, '\x03313030', ARRAY[pg_temp.cd('id', 63, 3)]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::people, '\x0131fbfb', ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253)], false, 7);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::people, '\x0131ff', ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253)], false, 7);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::people, '\x0000 2a00', ARRAY[pg_temp.cd('id', 63, 3), pg_temp.cd('name', 255, 253)], true, 8);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::people, '\x0378797afb', ARRAY[pg_temp.cd('id', 63, 8), pg_temp.cd('name', 255, 253)], false, 9);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::every, '\x0000 00', (SELECT cols FROM every_cols)[1:1]);
\echo :LAST_ERROR_SQLSTATE
CREATE TEMP TABLE small (v smallint, w text);
SELECT mysql_row_populate_record(NULL::small, '\x0000 ffffffff 00', ARRAY[pg_temp.cd('v', 63, 3, 32), pg_temp.cd('w', 255, 253)], true, 3);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::small, '\x05393939393900', ARRAY[pg_temp.cd('v', 63, 3), pg_temp.cd('w', 255, 253)], false, 3);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::small, '\x0131 0161', ARRAY[pg_temp.cd('v', 63, 3), pg_temp.cd('w', 35, 253)]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::small, '\x0131 02c328', ARRAY[pg_temp.cd('v', 63, 3), pg_temp.cd('w', 255, 253)]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::small, '\x0131 026100', ARRAY[pg_temp.cd('v', 63, 3), pg_temp.cd('w', 63, 252)]);
\echo :LAST_ERROR_SQLSTATE
CREATE TEMP TABLE dates (d date, t interval);
SELECT mysql_row_populate_record(NULL::dates, '\x0a323032342d30302d3130 0830313a30323a3033', ARRAY[pg_temp.cd('d', 63, 10), pg_temp.cd('t', 63, 11)], false, 4);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::dates, '\x0a323032342d30322d3130 0730313a30323a', ARRAY[pg_temp.cd('d', 63, 10), pg_temp.cd('t', 63, 11)], false, 4);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::dates, '\x08323032342d3032 0830313a30323a3033', ARRAY[pg_temp.cd('d', 63, 10), pg_temp.cd('t', 63, 11)], false, 4);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::dates, '\x0000 04e8070d01 00', ARRAY[pg_temp.cd('d', 63, 10), pg_temp.cd('t', 63, 11)], true, 5);
\echo :LAST_ERROR_SQLSTATE
-- a day its month does not have, into date or timestamp: 22008; the leap
-- days of leap years are read (MySQL's year 0 is one: 1 BC)
SELECT mysql_row_populate_record(NULL::dates, mysql_lenenc_str('2023-02-29') || '\xfb'::bytea, ARRAY[pg_temp.cd('d', 63, 10), pg_temp.cd('t', 63, 11)], false, 6);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::dates, '\x0000 04 64070b1f 00'::bytea, ARRAY[pg_temp.cd('d', 63, 10), pg_temp.cd('t', 63, 11)], true, 7);
\echo :LAST_ERROR_SQLSTATE
CREATE TEMP TABLE stamps (ts timestamp);
SELECT mysql_row_populate_record(NULL::stamps, mysql_lenenc_str('1900-02-29 10:00:00'), ARRAY[pg_temp.cd('ts', 63, 12)], false, 8);
\echo :LAST_ERROR_SQLSTATE
SELECT v, (mysql_row_populate_record(NULL::dates, mysql_lenenc_str(convert_to(v, 'UTF8')) || '\xfb'::bytea, ARRAY[pg_temp.cd('d', 63, 10), pg_temp.cd('t', 63, 11)])).d,
	   (mysql_row_populate_record(NULL::stamps, mysql_lenenc_str(convert_to(v || ' 23:59:59', 'UTF8')), ARRAY[pg_temp.cd('ts', 63, 12)])).ts
FROM unnest(ARRAY['2000-02-29', '2024-02-29', '0000-02-29', '2023-04-30', '2023-12-31']) v;
SELECT mysql_row_populate_record(NULL::dates, '\x0000 00 0800000000000a4b0c', ARRAY[pg_temp.cd('d', 63, 10), pg_temp.cd('t', 63, 11)], true, 5);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::people, '\x0131', ARRAY[pg_temp.cd('id', 63, 3)]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::small, '\x0131', ARRAY[pg_temp.cd('v', 63, 3), pg_temp.cd('w', 63, 3), pg_temp.cd('x', 63, 3)]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::small, '\x0131', ARRAY[pg_temp.cd('v', 63, 3), NULL]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::small, '\x0131', ARRAY['\x00'::bytea, '\x00']);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::small, '\x0131', ARRAY[pg_temp.cd('v', 63, 3), pg_temp.cd('w', 63, 14)]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(1, '\x0131', ARRAY[pg_temp.cd('v', 63, 3)]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_row_populate_record(NULL::small, '\x0131', ARRAY[[pg_temp.cd('v', 63, 3)], [pg_temp.cd('w', 63, 3)]]);
\echo :LAST_ERROR_SQLSTATE
-- NULL row or columns: NULL
SELECT mysql_row_populate_record(NULL::small, NULL, ARRAY[pg_temp.cd('v', 63, 3)]) IS NULL AS is_null;
-- BIT into a number is the bits' unsigned value (BIT(10) 0x0200 is 512),
-- into bit/varbit the bit string, into text its digits; text and binary
-- protocol alike
CREATE TEMP TABLE bits (i int, n numeric, b bigint, f float8, v bit(10), t text);
SELECT (mysql_row_populate_record(NULL::bits, mysql_lenenc_str('\x0200') || mysql_lenenc_str('\x0200') || mysql_lenenc_str('\x0200')
		|| mysql_lenenc_str('\x0200') || mysql_lenenc_str('\x0200') || mysql_lenenc_str('\x0200'),
	ARRAY[pg_temp.cd('i', 63, 16, 32, 10), pg_temp.cd('n', 63, 16, 32, 10), pg_temp.cd('b', 63, 16, 32, 10),
		  pg_temp.cd('f', 63, 16, 32, 10), pg_temp.cd('v', 63, 16, 32, 10), pg_temp.cd('t', 63, 16, 32, 10)])).*;
CREATE TEMP TABLE bitn (n numeric);
CREATE TEMP TABLE bitb (b bigint);
-- BIT(64) all ones, binary protocol, into numeric; into bigint: 22003
SELECT (mysql_row_populate_record(NULL::bitn, '\x0000'::bytea || mysql_lenenc_str('\xffffffffffffffff'),
	ARRAY[pg_temp.cd('n', 63, 16, 32, 64)], true)).n;
SELECT mysql_row_populate_record(NULL::bitb, mysql_lenenc_str('\x8000000000000000'),
	ARRAY[pg_temp.cd('b', 63, 16, 32, 64)]);
\echo :LAST_ERROR_SQLSTATE
