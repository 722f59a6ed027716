
-- ======================================================================
-- CockroachDB MVCC keys (crdb_*)
-- ======================================================================

-- crdb_mvcc_key: the bytes of an encoded key (as bytea), validated on
-- input, ordered by CockroachDB's engine comparator.
CREATE TYPE crdb_mvcc_key;
CREATE FUNCTION crdb_mvcc_key_in(cstring) RETURNS crdb_mvcc_key
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_out(crdb_mvcc_key) RETURNS cstring
	AS 'byteaout' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_recv(internal) RETURNS crdb_mvcc_key
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_send(crdb_mvcc_key) RETURNS bytea
	AS 'byteasend' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE crdb_mvcc_key (
	INPUT = crdb_mvcc_key_in,
	OUTPUT = crdb_mvcc_key_out,
	RECEIVE = crdb_mvcc_key_recv,
	SEND = crdb_mvcc_key_send,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = int4,
	STORAGE = extended
);
COMMENT ON TYPE crdb_mvcc_key IS 'CockroachDB MVCC key (encoded bytes) in CockroachDB''s storage order';

-- Casts: to bytea is free (same bytes) and implicit, so a key goes wherever
-- bytea is expected (crdb_mvcc_key_decode, crdb_mvcc_key_compare, length,
-- encode ...); from bytea validates, no copy.
CREATE FUNCTION crdb_mvcc_key(bytea) RETURNS crdb_mvcc_key
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (crdb_mvcc_key AS bytea) WITHOUT FUNCTION AS IMPLICIT;
CREATE CAST (bytea AS crdb_mvcc_key) WITH FUNCTION crdb_mvcc_key(bytea) AS ASSIGNMENT;

-- Encoding and decoding (CockroachDB's EncodeMVCCKey / DecodeMVCCKey).
-- crdb_mvcc_key_decode and crdb_mvcc_key_compare take bytea (validated), and
-- crdb_mvcc_key through the implicit cast.
CREATE FUNCTION crdb_mvcc_key_encode(key bytea, ts hlc_timestamp) RETURNS crdb_mvcc_key
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_decode(encoded bytea, OUT key bytea, OUT ts hlc_timestamp)
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- The engine comparator: -1, 0 or 1; an invalid key is an error.
CREATE FUNCTION crdb_mvcc_key_compare(a bytea, b bytea) RETURNS int
	AS 'MODULE_PATHNAME', 'crdb_mvcc_key_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- Accessors (CockroachDB's MVCCKey.Key and MVCCKey.Timestamp).
CREATE FUNCTION crdb_mvcc_key_key(crdb_mvcc_key) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_timestamp(crdb_mvcc_key) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION crdb_mvcc_key_cmp(crdb_mvcc_key, crdb_mvcc_key) RETURNS int
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_eq(crdb_mvcc_key, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_ne(crdb_mvcc_key, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_lt(crdb_mvcc_key, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_le(crdb_mvcc_key, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_gt(crdb_mvcc_key, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_ge(crdb_mvcc_key, crdb_mvcc_key) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_hash(crdb_mvcc_key) RETURNS int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crdb_mvcc_key_hash_extended(crdb_mvcc_key, int8) RETURNS int8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (
	LEFTARG = crdb_mvcc_key, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_eq,
	COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = crdb_mvcc_key, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_ne,
	COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = crdb_mvcc_key, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_lt,
	COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = crdb_mvcc_key, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_le,
	COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = crdb_mvcc_key, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_gt,
	COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = crdb_mvcc_key, RIGHTARG = crdb_mvcc_key, FUNCTION = crdb_mvcc_key_ge,
	COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- No btequalimage: equal keys can differ in bytes (a zero-logical timestamp
-- written with or without its logical part, the synthetic-era 13-byte
-- version), so btree deduplication, which keeps one key's bytes for all of
-- its duplicates, would change what an index-only scan returns.
CREATE OPERATOR CLASS crdb_mvcc_key_ops
	DEFAULT FOR TYPE crdb_mvcc_key USING btree AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 crdb_mvcc_key_cmp(crdb_mvcc_key, crdb_mvcc_key),
	FUNCTION 2 crdb_mvcc_key_sortsupport(internal);

CREATE OPERATOR CLASS crdb_mvcc_key_hash_ops
	DEFAULT FOR TYPE crdb_mvcc_key USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 crdb_mvcc_key_hash(crdb_mvcc_key),
	FUNCTION 2 crdb_mvcc_key_hash_extended(crdb_mvcc_key, int8);

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

-- (end of CockroachDB MVCC keys)

