-- wirecodec 0.1 -> 0.2 upgrade.  After ALTER EXTENSION wirecodec UPDATE the
-- catalog footprint equals a fresh install of wirecodec--0.2.sql (checked by
-- the upgrade test in make test).  Grouped by codec like the install script.

\echo Use "ALTER EXTENSION wirecodec UPDATE TO '0.2'" to load this file. \quit

-- ======================================================================
-- CockroachDB HLC timestamps (hlc_*)
-- ======================================================================

-- ======================================================================
-- CockroachDB MVCC keys (crdb_*)
-- ======================================================================

-- ======================================================================
-- FoundationDB tuple layer (fdb_*)
-- ======================================================================

-- ======================================================================
-- MySQL client/server protocol (mysql_*)
-- ======================================================================

-- ---- binary protocol, conversations and typed rows (issue 10) ----

-- Binary resultset row: 0x00, NULL bitmap (offset 2), values by column type;
-- each value's bytes (fixed-width little-endian, string contents, temporal
-- fields after the length byte), NULL for columns marked in the bitmap.
CREATE FUNCTION mysql_binary_row_decode(payload bytea, column_types int[]) RETURNS bytea[]
	AS 'MODULE_PATHNAME', 'mysql_binary_row_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Conversation decoding: every packet of one recorded connection in order,
-- classified (handshake, command, column_count, column_def, text_row,
-- binary_row, ok, err, eof, prepare_ok, param_def, ...), with the current
-- result set's column definitions on each row.  Value-per-call, one pass.
CREATE FUNCTION mysql_conversation(client bytea, server bytea)
	RETURNS TABLE (command int, command_type int, direction text, kind text,
				   result_set int, row_number bigint, packet bigint, seq int,
				   byte_offset bigint, payload bytea, columns bytea[])
	AS 'MODULE_PATHNAME', 'mysql_conversation'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1000;
CREATE FUNCTION mysql_conversation(server bytea)
	RETURNS TABLE (command int, command_type int, direction text, kind text,
				   result_set int, row_number bigint, packet bigint, seq int,
				   byte_offset bigint, payload bytea, columns bytea[])
	AS 'MODULE_PATHNAME', 'mysql_conversation_server'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1000;

-- Typed rows: a text or binary row payload and its column definitions as a
-- row of base's composite type (columns matched by position).  Not STRICT:
-- base is usually NULL::some_table.
CREATE FUNCTION mysql_row_populate_record(base anyelement, "row" bytea, columns bytea[],
										  "binary" boolean DEFAULT false,
										  row_number bigint DEFAULT NULL)
	RETURNS anyelement
	AS 'MODULE_PATHNAME', 'mysql_row_populate_record'
	LANGUAGE C STABLE PARALLEL SAFE;

-- (end of binary protocol, conversations and typed rows)
