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

-- 0.2 renames the output columns of mysql_column_def_decode (no quoting:
-- catalog_name, schema_name, table_name, ...), adds MariaDB's extended
-- metadata and a capabilities overload, and gives mysql_ok_packet_decode a
-- capabilities argument and a session_state column: an OUT list cannot
-- change in place, so both are dropped and created again.
DROP FUNCTION mysql_column_def_decode(bytea);
DROP FUNCTION mysql_ok_packet_decode(bytea);
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

-- ---- binary protocol, conversations and typed rows ----

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

