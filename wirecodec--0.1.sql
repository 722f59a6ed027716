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

-- (end of MySQL client/server protocol)
