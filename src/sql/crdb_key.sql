
-- ======================================================================
-- CockroachDB SQL keys (crdb_key_*): the user key inside an MVCC key
-- ======================================================================

-- CockroachDB's key printer (/Table/53/1/"alice"/0); never raises for
-- malformed keys (??? and /PrefixEnd as CockroachDB prints them).  dirs:
-- 'asc'/'desc' for the column values after the table and index IDs.
CREATE FUNCTION crdb_key_pretty(key bytea) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_key_pretty(key bytea, dirs text[]) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- One row per element of a table or tenant key; strict (malformed keys raise).
CREATE FUNCTION crdb_key_elements(key bytea, dirs text[] DEFAULT NULL,
	OUT idx int4, OUT encoding text, OUT value text, OUT role text, OUT raw bytea)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 8;

-- The key prefix of a table (and index) of a tenant (NULL or 1: the system tenant).
CREATE FUNCTION crdb_key_table_prefix(table_id int8, index_id int8 DEFAULT NULL,
	tenant_id int8 DEFAULT NULL) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- One key element from a SQL value (NULL gives the NULL byte) and back.
CREATE FUNCTION crdb_key_encode_value(value anyelement, descending bool DEFAULT false) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION crdb_key_decode_value(element bytea, sample anyelement, descending bool DEFAULT false)
	RETURNS anyelement
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE;

-- An index key: prefix, then each value in its direction (missing: 'asc').
CREATE FUNCTION crdb_key_encode(prefix bytea, dirs text[], VARIADIC vals "any") RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- The key's column values as a row of base's type (one element per column).
CREATE FUNCTION crdb_key_populate_record(base anyelement, key bytea, dirs text[] DEFAULT NULL)
	RETURNS anyelement
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE;

-- An MVCC key as CockroachDB prints it: key/wall.nanos,logical.
CREATE FUNCTION crdb_mvcc_key_pretty(crdb_mvcc_key) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
