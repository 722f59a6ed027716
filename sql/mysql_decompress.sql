-- mysql_decompress: decompression bombs in MySQL's zstd transaction
-- payloads, MariaDB's compressed row events and the compressed protocol.
-- A stated size past the limit (64 MB, or 1032 bytes per compressed byte
-- beyond that, never more than 512 MB) is 54000 before anything is
-- decompressed; a stream producing more than it states fails at the first
-- byte past it, one producing fewer with a buffer sized by what it did
-- produce (doc/mysql_binlog.md, doc/mysql.md).
\set VERBOSITY default
\set ECHO none
\i sql/mysql_helpers.psql
\i sql/mysql_binlog_vectors.psql
\set ECHO all

-- a zstd frame of n zero bytes in RLE blocks of 128 KB (4 bytes each),
-- window descriptor wd (38: 128 KB), no content size
CREATE FUNCTION pg_temp.zstd_zeros(n bigint, wd text DEFAULT '38') RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
	SELECT decode('28b52ffd00' || wd || repeat('02001000', ((n - 1) / 131072)::int), 'hex')
		|| mysql_int_le(((n - (n - 1) / 131072 * 131072) << 3) | 3, 3) || '\x00'::bytea $$;
-- prefix, then an event of type t with body (size, log_pos and CRC32 set)
CREATE FUNCTION pg_temp.event(prefix bytea, t int, body bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
	SELECT prefix || e || pg_temp.le32(pg_temp.crc32(e))
	FROM (SELECT '\x00000000'::bytea || mysql_int_le(t, 1) || '\x01000000'::bytea
			|| pg_temp.le32(length(body) + 23) || pg_temp.le32(length(prefix) + length(body) + 23)
			|| '\x0000'::bytea || body AS e) x $$;
-- a TRANSACTION_PAYLOAD_EVENT body: zstd, raw_size, the frame
CREATE FUNCTION pg_temp.payload(raw bigint, frame bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
	SELECT '\x020100'::bytea || '\x0309fe'::bytea || mysql_int_le(raw, 8) || '\x0109fe'::bytea
		|| mysql_int_le(length(frame), 8) || '\x00'::bytea || frame $$;
-- the MySQL 8.0 file up to its payload event (event 23), then a payload
CREATE FUNCTION pg_temp.mysql80(raw bigint, frame bytea) RETURNS bytea
LANGUAGE sql AS $$
	SELECT pg_temp.event(substring(b FROM 1 FOR 1468), 40, pg_temp.payload(raw, frame))
	FROM bl WHERE name = 'mysql80' $$;

-- the frame as MySQL writes it, re-framed: the 100 rows
SELECT count(*) FROM bl, mysql_binlog_rows(pg_temp.event(substring(b FROM 1 FOR 1468), 40,
	substring(b FROM 1469 + 19 FOR 825 - 19))) WHERE name = 'mysql80' AND event_index = 23;
-- 256 KB of zeros stated as 2 GB: past the limit, refused before decompressing
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_binlog_rows(%L)',
	pg_temp.mysql80(2147483648, pg_temp.zstd_zeros(262144)))) AS stated_2gb;
-- stated as 100000 bytes: fails at the first byte past them
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_binlog_rows(%L)',
	pg_temp.mysql80(100000, pg_temp.zstd_zeros(262144)))) AS stated_less;
-- stated as 64 MB: fewer bytes than stated
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_binlog_rows(%L)',
	pg_temp.mysql80(67108864, pg_temp.zstd_zeros(262144)))) AS stated_more;
-- a window of 2^31 bytes
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_binlog_rows(%L)',
	pg_temp.mysql80(100, pg_temp.zstd_zeros(100, 'a8')))) AS window_2gb;
-- the same through the typed reader
CREATE TYPE decompress_t1 AS (a bigint, b int, c text);
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_binlog_rows(%L, %L, %L, NULL::decompress_t1)',
	pg_temp.mysql80(2147483648, pg_temp.zstd_zeros(262144)), 'test', 't1')) AS typed_2gb;

-- MariaDB: the file up to its first compressed row event (event 14,
-- WRITE_ROWS_COMPRESSED_EVENT_V1 at byte 1406), then that event with its
-- table id, flags, column count and bitmap and another compressed record
CREATE FUNCTION pg_temp.mariadb(record bytea) RETURNS bytea LANGUAGE sql AS $$
	SELECT pg_temp.event(substring(b FROM 1 FOR 1406), 166,
		substring(b FROM 1406 + 19 + 1 FOR 11) || record)
	FROM bl WHERE name = 'full' $$;
-- the record as MariaDB wrote it, re-framed: its row
SELECT count(*) FROM bl, mysql_binlog_rows(pg_temp.mariadb(substring(b FROM 1406 + 19 + 12 FOR 100 - 19 - 11 - 4)))
WHERE name = 'full';
-- a record stating 2 GB (header 84, 4 bytes big-endian) of a small stream
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_binlog_rows(%L)',
	pg_temp.mariadb('\x8480000000789c030000000001'))) AS mariadb_2gb;
-- a record stating 10 bytes of a stored block of 100
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_binlog_rows(%L)',
	pg_temp.mariadb('\x810a' || '\x78010164009bff'::bytea || decode(repeat('00', 100), 'hex')
		|| '\x00640001'::bytea))) AS mariadb_less;

-- the compressed protocol, from the server's side alone: a MariaDB
-- handshake and OK, then compressed packets (header: length, sequence,
-- stated length)
CREATE FUNCTION pg_temp.server(packets bytea) RETURNS bytea LANGUAGE sql AS $$
	SELECT '\x640000000a352e352e352d31302e31312e31392d4d6172696144422d302b64656231327531000f000000514c6847695b6a2400fef7080200ff81150000000000001d0000006f297a4e57494663425c2c62006d7973716c5f6e61746976655f70617373776f7264000d00000200000002400000000401020174'::bytea
		|| packets $$;
CREATE FUNCTION pg_temp.cpacket(payload bytea, stated int) RETURNS bytea LANGUAGE sql AS $$
	SELECT mysql_int_le(length(payload), 3) || '\x00'::bytea || mysql_int_le(stated, 3) || payload $$;
-- five packets of 16 MB - 1 zero bytes (2.6 KB in all): past 64 MB at the fifth
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_conversation(%L)',
	pg_temp.server(pg_temp.cpacket(z, 16777215) || pg_temp.cpacket(z, 16777215)
		|| pg_temp.cpacket(z, 16777215) || pg_temp.cpacket(z, 16777215)
		|| pg_temp.cpacket(z, 16777215)))) AS five_16mb
FROM pg_temp.zstd_zeros(16777215) z;
-- a packet stating 1000 bytes of a frame of 256 KB
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_conversation(%L)',
	pg_temp.server(pg_temp.cpacket(pg_temp.zstd_zeros(262144), 1000)))) AS packet_less;
-- a zstd window of 2^31 bytes
SELECT pg_temp.try(format('SELECT count(*) FROM mysql_conversation(%L)',
	pg_temp.server(pg_temp.cpacket(pg_temp.zstd_zeros(100, 'a8'), 100)))) AS packet_window;
