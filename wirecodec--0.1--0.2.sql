-- wirecodec 0.1 -> 0.2 upgrade.  After ALTER EXTENSION wirecodec UPDATE the
-- catalog footprint equals a fresh install of wirecodec--0.2.sql (checked by
-- the upgrade test in make test).  Grouped by codec like the install script.

\echo Use "ALTER EXTENSION wirecodec UPDATE TO '0.2'" to load this file. \quit

-- ======================================================================
-- CockroachDB HLC timestamps (hlc_*)
-- ======================================================================

-- Names settled like hlc_from_numeric / hlc_to_timestamptz.
ALTER FUNCTION hlc_timestamp_from_proto(bytea) RENAME TO hlc_from_proto;
ALTER FUNCTION hlc_timestamp_to_proto(hlc_timestamp) RENAME TO hlc_to_proto;

-- ======================================================================
-- CockroachDB MVCC keys (crdb_*)
-- ======================================================================

-- crdb_mvcc_key to bytea becomes implicit (a key goes wherever bytea is
-- expected: crdb_mvcc_key_decode, crdb_mvcc_key_compare, length, encode ...).
DROP CAST (crdb_mvcc_key AS bytea);
CREATE CAST (crdb_mvcc_key AS bytea) WITHOUT FUNCTION AS IMPLICIT;

-- crdb_mvcc_key_encode returns the type (same bytes).
DROP FUNCTION crdb_mvcc_key_encode(bytea, hlc_timestamp);
CREATE FUNCTION crdb_mvcc_key_encode(key bytea, ts hlc_timestamp) RETURNS crdb_mvcc_key
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Accessors (CockroachDB's MVCCKey.Key and MVCCKey.Timestamp).
CREATE FUNCTION crdb_mvcc_key_key(crdb_mvcc_key) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_timestamp(crdb_mvcc_key) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Cross-type comparison with bytea, in the engine order (the bytea side is
-- validated; an invalid one is an error): k = '\x..'::bytea compares keys,
-- not bytes, and a crdb_mvcc_key index serves it.  The cross-type = HASHES
-- (both hash functions decode the key) but does not MERGE: a merge join would
-- sort the bytea side, and bytea's own < is bytewise.

CREATE FUNCTION crdb_mvcc_key_eq_bytea(crdb_mvcc_key, bytea) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_ne_bytea(crdb_mvcc_key, bytea) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_lt_bytea(crdb_mvcc_key, bytea) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_le_bytea(crdb_mvcc_key, bytea) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_gt_bytea(crdb_mvcc_key, bytea) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_ge_bytea(crdb_mvcc_key, bytea) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_cmp_bytea(crdb_mvcc_key, bytea) RETURNS int
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_bytea_eq(bytea, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_bytea_ne(bytea, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_bytea_lt(bytea, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_bytea_le(bytea, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_bytea_gt(bytea, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_bytea_ge(bytea, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_bytea_cmp(bytea, crdb_mvcc_key) RETURNS int
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_hash_bytea(bytea) RETURNS int4
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_hash_extended_bytea(bytea, int8) RETURNS int8
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (
	LEFTARG = crdb_mvcc_key, RIGHTARG = bytea, FUNCTION = crdb_mvcc_key_eq_bytea,
	COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES
);

CREATE OPERATOR <> (
	LEFTARG = crdb_mvcc_key, RIGHTARG = bytea, FUNCTION = crdb_mvcc_key_ne_bytea,
	COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);

CREATE OPERATOR < (
	LEFTARG = crdb_mvcc_key, RIGHTARG = bytea, FUNCTION = crdb_mvcc_key_lt_bytea,
	COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);

CREATE OPERATOR <= (
	LEFTARG = crdb_mvcc_key, RIGHTARG = bytea, FUNCTION = crdb_mvcc_key_le_bytea,
	COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);

CREATE OPERATOR > (
	LEFTARG = crdb_mvcc_key, RIGHTARG = bytea, FUNCTION = crdb_mvcc_key_gt_bytea,
	COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);

CREATE OPERATOR >= (
	LEFTARG = crdb_mvcc_key, RIGHTARG = bytea, FUNCTION = crdb_mvcc_key_ge_bytea,
	COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

CREATE OPERATOR = (
	LEFTARG = bytea, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_bytea_eq,
	COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES
);

CREATE OPERATOR <> (
	LEFTARG = bytea, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_bytea_ne,
	COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);

CREATE OPERATOR < (
	LEFTARG = bytea, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_bytea_lt,
	COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);

CREATE OPERATOR <= (
	LEFTARG = bytea, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_bytea_le,
	COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);

CREATE OPERATOR > (
	LEFTARG = bytea, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_bytea_gt,
	COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);

CREATE OPERATOR >= (
	LEFTARG = bytea, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_bytea_ge,
	COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

ALTER OPERATOR FAMILY crdb_mvcc_key_ops USING btree ADD
	OPERATOR 1 < (crdb_mvcc_key, bytea),
	OPERATOR 2 <= (crdb_mvcc_key, bytea),
	OPERATOR 3 = (crdb_mvcc_key, bytea),
	OPERATOR 4 >= (crdb_mvcc_key, bytea),
	OPERATOR 5 > (crdb_mvcc_key, bytea),
	FUNCTION 1 (crdb_mvcc_key, bytea) crdb_mvcc_key_cmp_bytea(crdb_mvcc_key, bytea),
	OPERATOR 1 < (bytea, crdb_mvcc_key),
	OPERATOR 2 <= (bytea, crdb_mvcc_key),
	OPERATOR 3 = (bytea, crdb_mvcc_key),
	OPERATOR 4 >= (bytea, crdb_mvcc_key),
	OPERATOR 5 > (bytea, crdb_mvcc_key),
	FUNCTION 1 (bytea, crdb_mvcc_key) crdb_mvcc_key_bytea_cmp(bytea, crdb_mvcc_key);

ALTER OPERATOR FAMILY crdb_mvcc_key_hash_ops USING hash ADD
	OPERATOR 1 = (crdb_mvcc_key, bytea),
	OPERATOR 1 = (bytea, crdb_mvcc_key),
	FUNCTION 1 (bytea) crdb_mvcc_key_hash_bytea(bytea),
	FUNCTION 2 (bytea) crdb_mvcc_key_hash_extended_bytea(bytea, int8);

-- ======================================================================
-- FoundationDB tuple layer (fdb_*)
-- ======================================================================

-- ======================================================================
-- MySQL client/server protocol (mysql_*)
-- ======================================================================
