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

-- (end of binary protocol, conversations and typed rows)
