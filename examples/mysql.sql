-- examples/mysql.sql: the MySQL client/server protocol codec (mysql_*).
-- Run by `make demo`, echoed.  Every function takes or returns bytea; the
-- numbers of the protocol are unsigned 64-bit, so they come back as numeric.
\pset null NULL

-- Length-encoded integers, int<lenenc>: 1, 3, 4 or 9 bytes by size class.
SELECT v, mysql_lenenc_int(v) AS encoded, mysql_lenenc_int_size(v) AS bytes
FROM unnest(ARRAY[250, 251, 65536, 16777216, 18446744073709551615]::numeric[]) v;

-- Decoding reports the value and where the next field starts; 0xFB is NULL.
SELECT * FROM mysql_lenenc_int_decode('\xfcfb00');
SELECT * FROM mysql_lenenc_int_decode('\x00fb', 1);

-- Fixed-width little-endian integers, int<1|2|3|4|6|8>.
SELECT mysql_int_le(300, 2) AS int2, mysql_int_le(1, 3) AS int3,
       mysql_int_le_decode('\x2c01', 0, 2) AS back;

-- Strings: length-prefixed (string<lenenc>) and NUL-terminated (string<NUL>).
SELECT mysql_lenenc_str(convert_to('héllo', 'UTF8')) AS lenenc,
       mysql_null_str('root') AS nul_terminated;
SELECT * FROM mysql_lenenc_str_decode('\x0668c3a96c6c6f');
SELECT * FROM mysql_null_str_decode('\x726f6f7400');

-- Framing: a 4-byte header (length, sequence id) in front of each packet.
SELECT mysql_packet_frame('\x0e', 0) AS com_ping;

-- A captured result set: SELECT id, name, email, created_at FROM shop.users u
-- (column count, four column definitions, EOF, three text rows, EOF).
CREATE TEMP TABLE capture AS
SELECT decode('010000010424000002036465660473686f7001750575736572730269640269640c3f0014'
              '00000008230200000028000003036465660473686f700175057573657273046e616d6504'
              '6e616d650cff0000010000fd01100000002a000004036465660473686f70017505757365'
              '727305656d61696c05656d61696c0cff00fc030000fd0000000000340000050364656604'
              '73686f7001750575736572730a637265617465645f61740a637265617465645f61740c3f'
              '00130000000c810000000005000006fe000002003300000701310c416461204c6f76656c'
              '6163650f616461406578616d706c652e636f6d13323032342d30312d31352030393a3330'
              '3a30302400000801320c4a6f73c3a9204d617274c3adfb13323032342d30322d32392032'
              '333a35393a35392e000009143138343436373434303733373039353531363135034d6178'
              '0013323032352d31322d33312030303a30303a30300500000afe00000200', 'hex') AS stream;

-- 1. Reassemble the stream into logical packets.
CREATE TEMP TABLE pkt AS
SELECT row_number() OVER (ORDER BY byte_offset) AS n, seq, payload, byte_offset
FROM capture, mysql_packets(stream);
SELECT n, seq, length(payload) AS bytes, byte_offset FROM pkt ORDER BY n;

-- 2. The first packet holds the column count; the column definitions follow.
CREATE TEMP TABLE meta AS
SELECT (mysql_lenenc_int_decode(payload)).value::int AS ncols FROM pkt WHERE n = 1;
-- (pick the packets first: a decoder in FROM would also see the other ones)
WITH defs AS MATERIALIZED (
    SELECT n, payload FROM pkt, meta WHERE n BETWEEN 2 AND 1 + meta.ncols)
SELECT n - 1 AS col, d.*
FROM defs, mysql_column_def_decode(defs.payload) d
ORDER BY col;

-- 3. After the definitions an EOF packet (first byte 0xFE, shorter than 9
--    bytes), then one packet per row up to the closing EOF; each column is
--    its text form or NULL.  Into a PostgreSQL table:
CREATE TEMP TABLE users (id numeric(20, 0), name text, email text, created_at timestamp);
INSERT INTO users
SELECT convert_from(r[1], 'UTF8')::numeric, convert_from(r[2], 'UTF8'),
       convert_from(r[3], 'UTF8'), convert_from(r[4], 'UTF8')::timestamp
FROM (SELECT mysql_text_row_decode(payload, meta.ncols) AS r
      FROM pkt, meta
      WHERE n > meta.ncols + 2
        AND NOT (get_byte(payload, 0) = 254 AND length(payload) < 9)) AS rows;
SELECT * FROM users ORDER BY id;

-- An OK packet (after INSERT/UPDATE): 1 row affected, last insert id 300.
SELECT * FROM mysql_ok_packet_decode('\x0001fc2c0102000000');

-- Errors say what is wrong and in which field, with the byte offset in the
-- detail (SQLSTATE 22P03 for malformed input): a length of 2^63 is checked,
-- never trusted.
DO $$
BEGIN
    PERFORM mysql_lenenc_str_decode('\xfe0000000000000080');
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE '% %', SQLSTATE, SQLERRM;
END $$;
DO $$
BEGIN
    PERFORM mysql_column_def_decode('\x03646566ff');
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE '% %', SQLSTATE, SQLERRM;
END $$;
