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
-- Named like hlc_from_numeric / hlc_to_timestamptz.
CREATE FUNCTION hlc_from_proto(bytea) RETURNS hlc_timestamp
	AS 'MODULE_PATHNAME', 'hlc_timestamp_from_proto' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlc_to_proto(hlc_timestamp) RETURNS bytea
	AS 'MODULE_PATHNAME', 'hlc_timestamp_to_proto' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- (end of CockroachDB HLC timestamps)

