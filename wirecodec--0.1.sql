-- wirecodec 0.1: the whole SQL surface of the extension, grouped by codec.
-- Functions are IMMUTABLE STRICT PARALLEL SAFE wherever that is true;
-- sql/catalog.sql fails if one is not.

\echo Use "CREATE EXTENSION wirecodec" to load this file. \quit

-- ======================================================================
-- CockroachDB HLC timestamps (hlc_*)
-- ======================================================================

-- (end of CockroachDB HLC timestamps)


-- ======================================================================
-- CockroachDB MVCC keys (crdb_*)
-- ======================================================================

-- (end of CockroachDB MVCC keys)


-- ======================================================================
-- FoundationDB tuple layer (fdb_*)
-- ======================================================================

-- (end of FoundationDB tuple layer)


-- ======================================================================
-- MySQL client/server protocol (mysql_*)
-- ======================================================================

-- Length-encoded integers, int<lenenc>: 0 .. 2^64-1 in 1, 3, 4 or 9 bytes.
CREATE FUNCTION mysql_lenenc_int(bigint) RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_lenenc_int_int8'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- (an int overload too: an integer literal would match bigint and numeric alike)
CREATE FUNCTION mysql_lenenc_int(int) RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_lenenc_int_int4'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_lenenc_int(numeric) RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_lenenc_int_numeric'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_lenenc_int_size(numeric) RETURNS int
	AS 'MODULE_PATHNAME', 'mysql_lenenc_int_size_numeric'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_lenenc_int_decode(buf bytea, pos int DEFAULT 0,
										OUT value numeric, OUT next_pos int)
	AS 'MODULE_PATHNAME', 'mysql_lenenc_int_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Fixed-width little-endian unsigned integers, int<N>, N in 1, 2, 3, 4, 6, 8.
CREATE FUNCTION mysql_int_le(value numeric, width int) RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_int_le_numeric'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_int_le(value bigint, width int) RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_int_le_int8'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_int_le(value int, width int) RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_int_le_int4'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_int_le_decode(buf bytea, pos int, width int) RETURNS numeric
	AS 'MODULE_PATHNAME', 'mysql_int_le_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Strings: string<lenenc> (length prefix) and string<NUL> (00-terminated).
CREATE FUNCTION mysql_lenenc_str(bytea) RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_lenenc_str'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_lenenc_str_decode(buf bytea, pos int DEFAULT 0,
										OUT value bytea, OUT next_pos int)
	AS 'MODULE_PATHNAME', 'mysql_lenenc_str_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_null_str(bytea) RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_null_str'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_null_str_decode(buf bytea, pos int DEFAULT 0,
									  OUT value bytea, OUT next_pos int)
	AS 'MODULE_PATHNAME', 'mysql_null_str_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Packets: framing (split at 0xFFFFFF) and reassembly of a captured stream.
CREATE FUNCTION mysql_packet_frame(payload bytea, seq int DEFAULT 0) RETURNS bytea
	AS 'MODULE_PATHNAME', 'mysql_packet_frame'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_packets(stream bytea)
	RETURNS TABLE (seq int, payload bytea, byte_offset bigint)
	AS 'MODULE_PATHNAME', 'mysql_packets'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 10;

-- Payloads: text resultset row, Column Definition 41, OK packet.
CREATE FUNCTION mysql_text_row_decode(payload bytea) RETURNS bytea[]
	AS 'MODULE_PATHNAME', 'mysql_text_row_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_text_row_decode(payload bytea, ncolumns int) RETURNS bytea[]
	AS 'MODULE_PATHNAME', 'mysql_text_row_decode_n'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_column_def_decode(payload bytea,
		OUT catalog text, OUT schema text, OUT "table" text, OUT org_table text,
		OUT name text, OUT org_name text, OUT charset int, OUT column_length bigint,
		OUT type int, OUT flags int, OUT decimals int)
	AS 'MODULE_PATHNAME', 'mysql_column_def_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_ok_packet_decode(payload bytea,
		OUT affected_rows numeric, OUT last_insert_id numeric, OUT status_flags int,
		OUT warnings int, OUT info bytea)
	AS 'MODULE_PATHNAME', 'mysql_ok_packet_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- (end of MySQL client/server protocol)
