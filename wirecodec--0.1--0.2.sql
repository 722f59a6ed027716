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

-- versionstamps: sort support, btequalimage, min/max
CREATE FUNCTION fdb_versionstamp_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
ALTER OPERATOR FAMILY fdb_versionstamp_ops USING btree ADD
	FUNCTION 2 (fdb_versionstamp, fdb_versionstamp) fdb_versionstamp_sortsupport(internal),
	FUNCTION 4 (fdb_versionstamp, fdb_versionstamp) btequalimage(oid);
CREATE FUNCTION fdb_versionstamp_smaller(fdb_versionstamp, fdb_versionstamp) RETURNS fdb_versionstamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_versionstamp_larger(fdb_versionstamp, fdb_versionstamp) RETURNS fdb_versionstamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE AGGREGATE min(fdb_versionstamp) (
	SFUNC = fdb_versionstamp_smaller, STYPE = fdb_versionstamp,
	COMBINEFUNC = fdb_versionstamp_smaller, SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(fdb_versionstamp) (
	SFUNC = fdb_versionstamp_larger, STYPE = fdb_versionstamp,
	COMBINEFUNC = fdb_versionstamp_larger, SORTOP = >, PARALLEL = SAFE
);

-- bytea -> fdb_tuple becomes implicit (the readers now take fdb_tuple)
DROP CAST (bytea AS fdb_tuple);
CREATE CAST (bytea AS fdb_tuple) WITH FUNCTION fdb_tuple(bytea) AS IMPLICIT;

-- the cross-type = become HASHES, MERGES.  PostgreSQL 15 has no ALTER
-- OPERATOR ... SET (HASHES, MERGES), and dropping the operators would drop
-- user views and indexes that use them, so the flags are set in place.
UPDATE pg_catalog.pg_operator SET oprcanhash = true, oprcanmerge = true
WHERE oid IN ('=(fdb_tuple, bytea)'::pg_catalog.regoperator,
			  '=(bytea, fdb_tuple)'::pg_catalog.regoperator);

ALTER OPERATOR FAMILY fdb_tuple_ops USING btree ADD
	FUNCTION 4 (fdb_tuple, fdb_tuple) btequalimage(oid);
CREATE FUNCTION fdb_tuple_hash_bytea(bytea) RETURNS int4
	AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_hash_extended_bytea(bytea, int8) RETURNS int8
	AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
ALTER OPERATOR FAMILY fdb_tuple_hash_ops USING hash ADD
	OPERATOR 1 = (fdb_tuple, bytea), OPERATOR 1 = (bytea, fdb_tuple), OPERATOR 1 = (bytea, bytea),
	FUNCTION 1 (bytea, bytea) fdb_tuple_hash_bytea(bytea),
	FUNCTION 2 (bytea, bytea) fdb_tuple_hash_extended_bytea(bytea, int8);

-- constructors return fdb_tuple, readers take fdb_tuple (a changed argument
-- or result type needs DROP + CREATE; the C symbols are the same)
DROP FUNCTION fdb_tuple_pack(VARIADIC "any");
CREATE FUNCTION fdb_tuple_pack(VARIADIC "any") RETURNS fdb_tuple
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_pack() RETURNS fdb_tuple
	AS 'MODULE_PATHNAME', 'fdb_tuple_pack_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_with_versionstamp_offset(bytea, int4);
CREATE FUNCTION fdb_tuple_with_versionstamp_offset(fdb_tuple, api_version int4 DEFAULT 520) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_length(bytea);
CREATE FUNCTION fdb_tuple_length(fdb_tuple) RETURNS int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_element_type(bytea, int4);
CREATE FUNCTION fdb_tuple_element_type(fdb_tuple, idx int4) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_text(bytea, int4);
CREATE FUNCTION fdb_tuple_get_text(fdb_tuple, idx int4) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_bytea(bytea, int4);
CREATE FUNCTION fdb_tuple_get_bytea(fdb_tuple, idx int4) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_int8(bytea, int4);
CREATE FUNCTION fdb_tuple_get_int8(fdb_tuple, idx int4) RETURNS int8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_numeric(bytea, int4);
CREATE FUNCTION fdb_tuple_get_numeric(fdb_tuple, idx int4) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_float4(bytea, int4);
CREATE FUNCTION fdb_tuple_get_float4(fdb_tuple, idx int4) RETURNS float4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_float8(bytea, int4);
CREATE FUNCTION fdb_tuple_get_float8(fdb_tuple, idx int4) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_bool(bytea, int4);
CREATE FUNCTION fdb_tuple_get_bool(fdb_tuple, idx int4) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_uuid(bytea, int4);
CREATE FUNCTION fdb_tuple_get_uuid(fdb_tuple, idx int4) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_tuple(bytea, int4);
CREATE FUNCTION fdb_tuple_get_tuple(fdb_tuple, idx int4) RETURNS fdb_tuple
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_get_versionstamp(bytea, int4);
CREATE FUNCTION fdb_tuple_get_versionstamp(fdb_tuple, idx int4) RETURNS fdb_versionstamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP FUNCTION fdb_tuple_elements(bytea);
CREATE FUNCTION fdb_tuple_elements(fdb_tuple, OUT idx int4, OUT type text, OUT value text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 8;
DROP FUNCTION fdb_tuple_to_jsonb(bytea);
CREATE FUNCTION fdb_tuple_to_jsonb(fdb_tuple) RETURNS jsonb
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_populate_record(base anyelement, t fdb_tuple) RETURNS anyelement
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
DROP FUNCTION fdb_tuple_range(bytea);
CREATE FUNCTION fdb_tuple_range(prefix fdb_tuple, OUT range_begin fdb_tuple, OUT range_end bytea)
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ======================================================================
-- MySQL client/server protocol (mysql_*)
-- ======================================================================
