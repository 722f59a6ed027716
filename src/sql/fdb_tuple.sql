
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

-- Sort support, btequalimage (equality is bytewise: B-tree deduplication
-- applies) and min/max, added to the family as the upgrade script adds them.
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
-- implicit: the readers take fdb_tuple and still accept bytea keys.
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

-- btequalimage (equality is bytewise: B-tree deduplication applies),
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
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE;
-- upgrade from 0.2: from here
-- every key's row (fdb_tuple_populate_record's rules) inserted into a
-- table, the count returned.  An ordinary VOLATILE function over an array
-- of keys (SELECT fdb_tuple_load(array_agg(k), 'users') FROM keys): each
-- call is a whole load, so the planner keeps it wherever the query names
-- it and no LIMIT or cursor can leave rows unloaded.  Rows go in batches as
-- COPY FROM inserts them (src/pg/table_load.c); NULL keys are skipped; a
-- NULL array or target: NULL.
CREATE FUNCTION fdb_tuple_load(keys fdb_tuple[], target regclass) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
-- upgrade from 0.2: to here

-- key ranges: range_begin (prefix || 00) is a tuple; range_end (prefix || ff)
-- and fdb_strinc's result are key bounds, not tuples: bytea, which the
-- cross-type operators compare with fdb_tuple through its indexes
CREATE FUNCTION fdb_tuple_range(prefix fdb_tuple, OUT range_begin fdb_tuple, OUT range_end bytea)
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fdb_strinc(bytea) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- (end of FoundationDB tuple layer)

