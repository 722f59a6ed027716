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
