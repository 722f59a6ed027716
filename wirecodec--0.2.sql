-- wirecodec 0.2: the whole SQL surface of the extension, grouped by codec (fresh install).
-- Functions are IMMUTABLE STRICT PARALLEL SAFE wherever that is true;
-- sql/catalog.sql fails if one is not.

\echo Use "CREATE EXTENSION wirecodec" to load this file. \quit

-- ======================================================================
-- CockroachDB HLC timestamps (hlc_*)
-- ======================================================================

-- hlc_timestamp: (wall_time int64 >= 0, logical int32 >= 0).  Stored as 16
-- bytes, fixed forever: int64 wall, int32 logical, int32 reserved (zero).
CREATE TYPE hlc_timestamp;

CREATE FUNCTION hlc_timestamp_in(cstring) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_timestamp_out(hlc_timestamp) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_timestamp_recv(internal) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_timestamp_send(hlc_timestamp) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE hlc_timestamp (
	INPUT = hlc_timestamp_in,
	OUTPUT = hlc_timestamp_out,
	RECEIVE = hlc_timestamp_recv,
	SEND = hlc_timestamp_send,
	INTERNALLENGTH = 16,
	ALIGNMENT = double,
	STORAGE = plain
);
COMMENT ON TYPE hlc_timestamp IS 'CockroachDB hybrid-logical-clock timestamp (wall time ns, logical counter)';

-- Comparison: wall time, then logical.
CREATE FUNCTION hlc_timestamp_eq(hlc_timestamp, hlc_timestamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlc_timestamp_ne(hlc_timestamp, hlc_timestamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlc_timestamp_lt(hlc_timestamp, hlc_timestamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlc_timestamp_le(hlc_timestamp, hlc_timestamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlc_timestamp_gt(hlc_timestamp, hlc_timestamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlc_timestamp_ge(hlc_timestamp, hlc_timestamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlc_timestamp_cmp(hlc_timestamp, hlc_timestamp) RETURNS int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlc_timestamp_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_timestamp_hash(hlc_timestamp) RETURNS int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlc_timestamp_hash_extended(hlc_timestamp, int8) RETURNS int8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlc_timestamp_smaller(hlc_timestamp, hlc_timestamp) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_timestamp_larger(hlc_timestamp, hlc_timestamp) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (
	LEFTARG = hlc_timestamp, RIGHTARG = hlc_timestamp, FUNCTION = hlc_timestamp_eq,
	COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = hlc_timestamp, RIGHTARG = hlc_timestamp, FUNCTION = hlc_timestamp_ne,
	COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = hlc_timestamp, RIGHTARG = hlc_timestamp, FUNCTION = hlc_timestamp_lt,
	COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = hlc_timestamp, RIGHTARG = hlc_timestamp, FUNCTION = hlc_timestamp_le,
	COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = hlc_timestamp, RIGHTARG = hlc_timestamp, FUNCTION = hlc_timestamp_gt,
	COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = hlc_timestamp, RIGHTARG = hlc_timestamp, FUNCTION = hlc_timestamp_ge,
	COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- btequalimage: equal values are bitwise equal, so btree deduplication is safe.
CREATE OPERATOR CLASS hlc_timestamp_ops
	DEFAULT FOR TYPE hlc_timestamp USING btree AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 hlc_timestamp_cmp(hlc_timestamp, hlc_timestamp),
	FUNCTION 2 hlc_timestamp_sortsupport(internal),
	FUNCTION 4 btequalimage(oid);

CREATE OPERATOR CLASS hlc_timestamp_hash_ops
	DEFAULT FOR TYPE hlc_timestamp USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 hlc_timestamp_hash(hlc_timestamp),
	FUNCTION 2 hlc_timestamp_hash_extended(hlc_timestamp, int8);

CREATE AGGREGATE min(hlc_timestamp) (
	SFUNC = hlc_timestamp_smaller, STYPE = hlc_timestamp,
	COMBINEFUNC = hlc_timestamp_smaller, SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(hlc_timestamp) (
	SFUNC = hlc_timestamp_larger, STYPE = hlc_timestamp,
	COMBINEFUNC = hlc_timestamp_larger, SORTOP = >, PARALLEL = SAFE
);

-- hlc_range (and, on 14+, hlc_multirange).  subtype_diff: nanoseconds.
CREATE FUNCTION hlc_range_subdiff(hlc_timestamp, hlc_timestamp) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE hlc_range AS RANGE (
	SUBTYPE = hlc_timestamp,
	SUBTYPE_OPCLASS = hlc_timestamp_ops,
	SUBTYPE_DIFF = hlc_range_subdiff
);

-- Constructor, accessors, stepping, arithmetic, CockroachDB's String() form.
CREATE FUNCTION hlc_timestamp(wall bigint, logical int) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME', 'hlc_timestamp_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_walltime(hlc_timestamp) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_logical(hlc_timestamp) RETURNS int
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_is_empty(hlc_timestamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_next(hlc_timestamp) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_prev(hlc_timestamp) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_floor_prev(hlc_timestamp) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_add(ts hlc_timestamp, wall_delta bigint, logical_delta int) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_to_crdb_string(hlc_timestamp) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Casts (explicit): numeric is cluster_logical_timestamp()'s value;
-- timestamptz truncates to microseconds, and from it the logical is 0.
CREATE FUNCTION hlc_to_numeric(hlc_timestamp) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_from_numeric(numeric) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_to_timestamptz(hlc_timestamp) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_from_timestamptz(timestamptz) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (hlc_timestamp AS numeric) WITH FUNCTION hlc_to_numeric(hlc_timestamp);
CREATE CAST (numeric AS hlc_timestamp) WITH FUNCTION hlc_from_numeric(numeric);
CREATE CAST (hlc_timestamp AS timestamptz) WITH FUNCTION hlc_to_timestamptz(hlc_timestamp);
CREATE CAST (timestamptz AS hlc_timestamp) WITH FUNCTION hlc_from_timestamptz(timestamptz);

-- The protobuf form of cockroach.util.hlc.Timestamp.
-- Named like hlc_from_numeric / hlc_to_timestamptz (0.1 called them
-- hlc_timestamp_from_proto / hlc_timestamp_to_proto).
CREATE FUNCTION hlc_from_proto(bytea) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME', 'hlc_timestamp_from_proto' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_to_proto(hlc_timestamp) RETURNS bytea
	AS 'MODULE_PATHNAME', 'hlc_timestamp_to_proto' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- (end of CockroachDB HLC timestamps)


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


-- ======================================================================
-- FoundationDB tuple layer (fdb_*)
-- ======================================================================

-- fdb_versionstamp: 10-byte transaction version + 2-byte user version
CREATE TYPE fdb_versionstamp;
CREATE FUNCTION fdb_versionstamp_in(cstring) RETURNS fdb_versionstamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_versionstamp_out(fdb_versionstamp) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_versionstamp_recv(internal) RETURNS fdb_versionstamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_versionstamp_send(fdb_versionstamp) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE fdb_versionstamp (
	INTERNALLENGTH = 12,
	INPUT = fdb_versionstamp_in,
	OUTPUT = fdb_versionstamp_out,
	RECEIVE = fdb_versionstamp_recv,
	SEND = fdb_versionstamp_send,
	ALIGNMENT = char,
	STORAGE = plain
);
COMMENT ON TYPE fdb_versionstamp IS 'FoundationDB 96-bit versionstamp (text: 20 hex digits, '':'', user version)';

-- versionstamp constructors and parts
CREATE FUNCTION fdb_versionstamp(tx bytea, user_version int4) RETURNS fdb_versionstamp
	AS 'MODULE_PATHNAME', 'fdb_versionstamp_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_versionstamp_incomplete(user_version int4) RETURNS fdb_versionstamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_versionstamp_is_complete(fdb_versionstamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_versionstamp_tx(fdb_versionstamp) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_versionstamp_user_version(fdb_versionstamp) RETURNS int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- versionstamp comparison (bytewise = FoundationDB order) and hashing
CREATE FUNCTION fdb_versionstamp_eq(fdb_versionstamp, fdb_versionstamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_versionstamp_ne(fdb_versionstamp, fdb_versionstamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_versionstamp_lt(fdb_versionstamp, fdb_versionstamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_versionstamp_le(fdb_versionstamp, fdb_versionstamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_versionstamp_gt(fdb_versionstamp, fdb_versionstamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_versionstamp_ge(fdb_versionstamp, fdb_versionstamp) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_versionstamp_cmp(fdb_versionstamp, fdb_versionstamp) RETURNS int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_versionstamp_hash(fdb_versionstamp) RETURNS int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_versionstamp_hash_extended(fdb_versionstamp, int8) RETURNS int8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR = (LEFTARG = fdb_versionstamp, RIGHTARG = fdb_versionstamp,
	FUNCTION = fdb_versionstamp_eq, COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = fdb_versionstamp, RIGHTARG = fdb_versionstamp,
	FUNCTION = fdb_versionstamp_ne, COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = fdb_versionstamp, RIGHTARG = fdb_versionstamp,
	FUNCTION = fdb_versionstamp_lt, COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = fdb_versionstamp, RIGHTARG = fdb_versionstamp,
	FUNCTION = fdb_versionstamp_le, COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = fdb_versionstamp, RIGHTARG = fdb_versionstamp,
	FUNCTION = fdb_versionstamp_gt, COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = fdb_versionstamp, RIGHTARG = fdb_versionstamp,
	FUNCTION = fdb_versionstamp_ge, COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel);

CREATE OPERATOR CLASS fdb_versionstamp_ops DEFAULT FOR TYPE fdb_versionstamp USING btree AS
	OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
	FUNCTION 1 fdb_versionstamp_cmp(fdb_versionstamp, fdb_versionstamp);
CREATE OPERATOR CLASS fdb_versionstamp_hash_ops DEFAULT FOR TYPE fdb_versionstamp USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 fdb_versionstamp_hash(fdb_versionstamp),
	FUNCTION 2 fdb_versionstamp_hash_extended(fdb_versionstamp, int8);

-- 0.2: sort support, btequalimage (equality is bytewise: B-tree deduplication
-- applies) and min/max.  Added to the family, as the 0.1 -> 0.2 upgrade does.
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

-- fdb_tuple: a packed tuple, stored as its bytes (binary-coercible to bytea)
CREATE TYPE fdb_tuple;
CREATE FUNCTION fdb_tuple_in(cstring) RETURNS fdb_tuple
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_out(fdb_tuple) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_recv(internal) RETURNS fdb_tuple
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_send(fdb_tuple) RETURNS bytea
	AS 'byteasend' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE fdb_tuple (
	INTERNALLENGTH = VARIABLE,
	INPUT = fdb_tuple_in,
	OUTPUT = fdb_tuple_out,
	RECEIVE = fdb_tuple_recv,
	SEND = fdb_tuple_send,
	ALIGNMENT = int4,
	STORAGE = extended
);
COMMENT ON TYPE fdb_tuple IS 'FoundationDB tuple-layer key (packed bytes; sorts in FoundationDB key order)';

-- casts: fdb_tuple -> bytea is free; bytea -> fdb_tuple validates.  Both
-- implicit (0.2): the readers take fdb_tuple and still accept bytea keys.
CREATE FUNCTION fdb_tuple(bytea) RETURNS fdb_tuple
	AS 'MODULE_PATHNAME', 'fdb_tuple_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (fdb_tuple AS bytea) WITHOUT FUNCTION AS IMPLICIT;
CREATE CAST (bytea AS fdb_tuple) WITH FUNCTION fdb_tuple(bytea) AS IMPLICIT;

-- fdb_tuple comparison: bytewise (a proper prefix first) = FoundationDB key order
CREATE FUNCTION fdb_tuple_eq(fdb_tuple, fdb_tuple) RETURNS bool
	AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_ne(fdb_tuple, fdb_tuple) RETURNS bool
	AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_lt(fdb_tuple, fdb_tuple) RETURNS bool
	AS 'bytealt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_le(fdb_tuple, fdb_tuple) RETURNS bool
	AS 'byteale' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_gt(fdb_tuple, fdb_tuple) RETURNS bool
	AS 'byteagt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_ge(fdb_tuple, fdb_tuple) RETURNS bool
	AS 'byteage' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_cmp(fdb_tuple, fdb_tuple) RETURNS int4
	AS 'byteacmp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_hash(fdb_tuple) RETURNS int4
	AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_hash_extended(fdb_tuple, int8) RETURNS int8
	AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR = (LEFTARG = fdb_tuple, RIGHTARG = fdb_tuple,
	FUNCTION = fdb_tuple_eq, COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = fdb_tuple, RIGHTARG = fdb_tuple,
	FUNCTION = fdb_tuple_ne, COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = fdb_tuple, RIGHTARG = fdb_tuple,
	FUNCTION = fdb_tuple_lt, COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = fdb_tuple, RIGHTARG = fdb_tuple,
	FUNCTION = fdb_tuple_le, COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = fdb_tuple, RIGHTARG = fdb_tuple,
	FUNCTION = fdb_tuple_gt, COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = fdb_tuple, RIGHTARG = fdb_tuple,
	FUNCTION = fdb_tuple_ge, COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel);

CREATE FUNCTION fdb_tuple_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR CLASS fdb_tuple_ops DEFAULT FOR TYPE fdb_tuple USING btree AS
	OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
	FUNCTION 1 fdb_tuple_cmp(fdb_tuple, fdb_tuple),
	FUNCTION 2 fdb_tuple_sortsupport(internal);
CREATE OPERATOR CLASS fdb_tuple_hash_ops DEFAULT FOR TYPE fdb_tuple USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 fdb_tuple_hash(fdb_tuple),
	FUNCTION 2 fdb_tuple_hash_extended(fdb_tuple, int8);

-- cross-type comparison with bytea (same family), so that a range scan
-- over an fdb_tuple column can use bytea bounds such as fdb_tuple_range()'s
CREATE FUNCTION fdb_tuple_lt_bytea(fdb_tuple, bytea) RETURNS bool
	AS 'bytealt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_le_bytea(fdb_tuple, bytea) RETURNS bool
	AS 'byteale' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_eq_bytea(fdb_tuple, bytea) RETURNS bool
	AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_ne_bytea(fdb_tuple, bytea) RETURNS bool
	AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_ge_bytea(fdb_tuple, bytea) RETURNS bool
	AS 'byteage' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_gt_bytea(fdb_tuple, bytea) RETURNS bool
	AS 'byteagt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_cmp_bytea(fdb_tuple, bytea) RETURNS int4
	AS 'byteacmp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OPERATOR < (LEFTARG = fdb_tuple, RIGHTARG = bytea, FUNCTION = fdb_tuple_lt_bytea,
	COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = fdb_tuple, RIGHTARG = bytea, FUNCTION = fdb_tuple_le_bytea,
	COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR = (LEFTARG = fdb_tuple, RIGHTARG = bytea, FUNCTION = fdb_tuple_eq_bytea,
	COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = fdb_tuple, RIGHTARG = bytea, FUNCTION = fdb_tuple_ne_bytea,
	COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR >= (LEFTARG = fdb_tuple, RIGHTARG = bytea, FUNCTION = fdb_tuple_ge_bytea,
	COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (LEFTARG = fdb_tuple, RIGHTARG = bytea, FUNCTION = fdb_tuple_gt_bytea,
	COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE FUNCTION fdb_tuple_lt_tuple(bytea, fdb_tuple) RETURNS bool
	AS 'bytealt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_le_tuple(bytea, fdb_tuple) RETURNS bool
	AS 'byteale' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_eq_tuple(bytea, fdb_tuple) RETURNS bool
	AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_ne_tuple(bytea, fdb_tuple) RETURNS bool
	AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_ge_tuple(bytea, fdb_tuple) RETURNS bool
	AS 'byteage' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_gt_tuple(bytea, fdb_tuple) RETURNS bool
	AS 'byteagt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION fdb_tuple_cmp_tuple(bytea, fdb_tuple) RETURNS int4
	AS 'byteacmp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OPERATOR < (LEFTARG = bytea, RIGHTARG = fdb_tuple, FUNCTION = fdb_tuple_lt_tuple,
	COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = bytea, RIGHTARG = fdb_tuple, FUNCTION = fdb_tuple_le_tuple,
	COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR = (LEFTARG = bytea, RIGHTARG = fdb_tuple, FUNCTION = fdb_tuple_eq_tuple,
	COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = bytea, RIGHTARG = fdb_tuple, FUNCTION = fdb_tuple_ne_tuple,
	COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR >= (LEFTARG = bytea, RIGHTARG = fdb_tuple, FUNCTION = fdb_tuple_ge_tuple,
	COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (LEFTARG = bytea, RIGHTARG = fdb_tuple, FUNCTION = fdb_tuple_gt_tuple,
	COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
ALTER OPERATOR FAMILY fdb_tuple_ops USING btree ADD
	OPERATOR 1 < (fdb_tuple, bytea), OPERATOR 2 <= (fdb_tuple, bytea), OPERATOR 3 = (fdb_tuple, bytea),
	OPERATOR 4 >= (fdb_tuple, bytea), OPERATOR 5 > (fdb_tuple, bytea),
	FUNCTION 1 (fdb_tuple, bytea) fdb_tuple_cmp_bytea(fdb_tuple, bytea),
	OPERATOR 1 < (bytea, fdb_tuple), OPERATOR 2 <= (bytea, fdb_tuple), OPERATOR 3 = (bytea, fdb_tuple),
	OPERATOR 4 >= (bytea, fdb_tuple), OPERATOR 5 > (bytea, fdb_tuple),
	FUNCTION 1 (bytea, fdb_tuple) fdb_tuple_cmp_tuple(bytea, fdb_tuple),
	-- bytea's own operators complete the family (same order, so amvalidate is satisfied)
	OPERATOR 1 < (bytea, bytea), OPERATOR 2 <= (bytea, bytea), OPERATOR 3 = (bytea, bytea),
	OPERATOR 4 >= (bytea, bytea), OPERATOR 5 > (bytea, bytea),
	FUNCTION 1 (bytea, bytea) byteacmp(bytea, bytea);

-- 0.2: btequalimage (equality is bytewise: B-tree deduplication applies),
-- and the hash family gets the cross-type members that make the cross-type
-- = hashable (a hash index serves k = <bytea>, hash joins with bytea keys)
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

-- packing (not STRICT: a NULL argument is a null element).  The
-- pack_versionstamp result is not a tuple (a 4-byte offset follows it): bytea.
CREATE FUNCTION fdb_tuple_pack(VARIADIC "any") RETURNS fdb_tuple
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_pack() RETURNS fdb_tuple
	AS 'MODULE_PATHNAME', 'fdb_tuple_pack_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_pack_versionstamp(VARIADIC "any") RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_with_versionstamp_offset(fdb_tuple, api_version int4 DEFAULT 520) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- reading packed tuples (fdb_tuple_is_valid takes any bytes)
CREATE FUNCTION fdb_tuple_is_valid(bytea) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_length(fdb_tuple) RETURNS int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_element_type(fdb_tuple, idx int4) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_text(fdb_tuple, idx int4) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_bytea(fdb_tuple, idx int4) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_int8(fdb_tuple, idx int4) RETURNS int8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_numeric(fdb_tuple, idx int4) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_float4(fdb_tuple, idx int4) RETURNS float4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_float8(fdb_tuple, idx int4) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_bool(fdb_tuple, idx int4) RETURNS bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_uuid(fdb_tuple, idx int4) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_tuple(fdb_tuple, idx int4) RETURNS fdb_tuple
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_get_versionstamp(fdb_tuple, idx int4) RETURNS fdb_versionstamp
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_tuple_elements(fdb_tuple, OUT idx int4, OUT type text, OUT value text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 8;
CREATE FUNCTION fdb_tuple_to_jsonb(fdb_tuple) RETURNS jsonb
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- one walk of the tuple into a row (not STRICT: a NULL base is allowed, as
-- in jsonb_populate_record)
CREATE FUNCTION fdb_tuple_populate_record(base anyelement, t fdb_tuple) RETURNS anyelement
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- key ranges: range_begin (prefix || 00) is a tuple; range_end (prefix || ff)
-- and fdb_strinc's result are key bounds, not tuples: bytea, which the
-- cross-type operators compare with fdb_tuple through its indexes
CREATE FUNCTION fdb_tuple_range(prefix fdb_tuple, OUT range_begin fdb_tuple, OUT range_end bytea)
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_strinc(bytea) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

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

-- Payloads: text resultset row, then the server's packets.
CREATE FUNCTION mysql_text_row_decode(payload bytea) RETURNS bytea[]
	AS 'MODULE_PATHNAME', 'mysql_text_row_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_text_row_decode(payload bytea, ncolumns int) RETURNS bytea[]
	AS 'MODULE_PATHNAME', 'mysql_text_row_decode_n'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- Column Definition 41.  Without capabilities MariaDB's extended metadata
-- is detected (unambiguous: nothing may follow the fixed fields); with them
-- it is expected exactly when MARIADB_CLIENT_EXTENDED_METADATA (1 << 35) is
-- set.  Metadata strings are converted from UTF-8 to the database encoding.
CREATE FUNCTION mysql_column_def_decode(payload bytea,
		OUT catalog_name text, OUT schema_name text, OUT table_name text,
		OUT org_table_name text, OUT column_name text, OUT org_column_name text,
		OUT charset int, OUT column_length bigint, OUT column_type int, OUT flags int,
		OUT decimals int, OUT data_type_name text, OUT data_type_format text)
	AS 'MODULE_PATHNAME', 'mysql_column_def_decode_auto'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_column_def_decode(payload bytea, capabilities bigint,
		OUT catalog_name text, OUT schema_name text, OUT table_name text,
		OUT org_table_name text, OUT column_name text, OUT org_column_name text,
		OUT charset int, OUT column_length bigint, OUT column_type int, OUT flags int,
		OUT decimals int, OUT data_type_name text, OUT data_type_format text)
	AS 'MODULE_PATHNAME', 'mysql_column_def_decode_caps'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- Server packets whose layout depends on the negotiated capabilities take
-- them as a bigint (MariaDB's extended capabilities in the high 32 bits);
-- the default 25723392 = PROTOCOL_41 | SECURE_CONNECTION | PLUGIN_AUTH |
-- SESSION_TRACK | DEPRECATE_EOF, what current client libraries negotiate.
CREATE FUNCTION mysql_ok_packet_decode(payload bytea, capabilities bigint DEFAULT 25723392,
		OUT affected_rows numeric, OUT last_insert_id numeric, OUT status_flags int,
		OUT warnings int, OUT info bytea, OUT session_state bytea)
	AS 'MODULE_PATHNAME', 'mysql_ok_packet_decode_caps'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_session_state_decode(session_state bytea)
	RETURNS TABLE (change_type int, change_name text, variable_name text, change_value text,
				   gtid_spec int, change_data bytea)
	AS 'MODULE_PATHNAME', 'mysql_session_state_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
CREATE FUNCTION mysql_err_packet_decode(payload bytea, capabilities bigint DEFAULT 25723392,
		OUT error_code int, OUT sql_state text, OUT message text, OUT progress_stage int,
		OUT progress_max_stage int, OUT progress numeric, OUT progress_info text)
	AS 'MODULE_PATHNAME', 'mysql_err_packet_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_eof_packet_decode(payload bytea, capabilities bigint DEFAULT 25723392,
		OUT warnings int, OUT status_flags int)
	AS 'MODULE_PATHNAME', 'mysql_eof_packet_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_stmt_prepare_ok_decode(payload bytea, capabilities bigint DEFAULT 25723392,
		OUT statement_id bigint, OUT num_columns int, OUT num_params int,
		OUT warnings int, OUT metadata_follows boolean)
	AS 'MODULE_PATHNAME', 'mysql_stmt_prepare_ok_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Connection phase: Initial Handshake v10, Handshake Response 41, Auth Switch.
CREATE FUNCTION mysql_handshake_decode(payload bytea,
		OUT protocol_version int, OUT server_version text, OUT connection_id bigint,
		OUT capabilities bigint, OUT charset int, OUT status_flags int,
		OUT auth_plugin_data bytea, OUT auth_plugin_name text)
	AS 'MODULE_PATHNAME', 'mysql_handshake_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_handshake_response_decode(payload bytea,
		OUT capabilities bigint, OUT max_packet_size bigint, OUT charset int,
		OUT ssl_request boolean, OUT username text, OUT auth_response bytea,
		OUT database_name text, OUT auth_plugin_name text, OUT attribute_names text[],
		OUT attribute_values text[], OUT zstd_level int)
	AS 'MODULE_PATHNAME', 'mysql_handshake_response_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_auth_switch_decode(payload bytea,
		OUT auth_plugin_name text, OUT auth_plugin_data bytea)
	AS 'MODULE_PATHNAME', 'mysql_auth_switch_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Commands: COM_QUERY (query attributes with CLIENT_QUERY_ATTRIBUTES) and
-- COM_STMT_EXECUTE; parameter values are returned as sent.
CREATE FUNCTION mysql_com_query_decode(payload bytea, capabilities bigint DEFAULT 25723392,
		OUT query bytea, OUT attribute_types int[], OUT attribute_names text[],
		OUT attribute_values bytea[])
	AS 'MODULE_PATHNAME', 'mysql_com_query_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mysql_com_stmt_execute_decode(payload bytea, num_params int,
		capabilities bigint DEFAULT 25723392,
		OUT statement_id bigint, OUT flags int, OUT iteration_count bigint,
		OUT new_params_bound boolean, OUT param_types int[], OUT param_names text[],
		OUT param_values bytea[], OUT values_raw bytea)
	AS 'MODULE_PATHNAME', 'mysql_com_stmt_execute_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

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

-- (end of MySQL client/server protocol)
