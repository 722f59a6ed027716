
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
-- upgrade from 0.2: from here
-- The same after COM_STMT_SEND_LONG_DATA: bit i of long_data says
-- parameter i (from 0) was streamed, so that the packet carries its type
-- and no value (param_values: NULL).  trailing_bytes: the bytes after the last
-- parameter, which MariaDB and MySQL ignore (NULL when there are none; the
-- three-argument form reports them in a NOTICE).
CREATE FUNCTION mysql_com_stmt_execute_decode(payload bytea, num_params int,
		capabilities bigint, long_data bigint,
		OUT statement_id bigint, OUT flags int, OUT iteration_count bigint,
		OUT new_params_bound boolean, OUT param_types int[], OUT param_names text[],
		OUT param_values bytea[], OUT values_raw bytea,
		OUT trailing_bytes bytea)
	AS 'MODULE_PATHNAME', 'mysql_com_stmt_execute_decode_streamed'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- COM_STMT_BULK_EXECUTE (MariaDB's array binding): one row per row of
-- parameters; indicators 0 (a value), 1 NULL, 2 DEFAULT, 3 IGNORE.
-- Value-per-call: memory holds the payload and one row.
CREATE FUNCTION mysql_com_stmt_bulk_execute_decode(payload bytea, num_params int,
		OUT statement_id bigint, OUT flags int, OUT row_number bigint,
		OUT param_types int[], OUT indicators int[], OUT param_values bytea[])
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'mysql_com_stmt_bulk_execute_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 100;
-- upgrade from 0.2: to here

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
-- result set's column definitions on each row.  Materialize mode, one pass.
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

-- upgrade from 0.2: from here
-- Typed rows of a recorded conversation: every row of the selected result
-- sets (command and result_set as mysql_conversation numbers them; NULL:
-- all) decoded straight into base's row type, columns matched by position,
-- with mysql_row_populate_record's conversions.  Materialize mode.  Not
-- STRICT (base is usually NULL::some_table); STABLE like
-- mysql_row_populate_record.
CREATE FUNCTION mysql_conversation_rows(client bytea, server bytea, base anyelement,
										command int DEFAULT NULL, result_set int DEFAULT NULL)
	RETURNS SETOF anyelement
	AS 'MODULE_PATHNAME', 'mysql_conversation_rows'
	LANGUAGE C STABLE PARALLEL SAFE ROWS 1000;
CREATE FUNCTION mysql_conversation_rows(server bytea, base anyelement,
										command int DEFAULT NULL, result_set int DEFAULT NULL)
	RETURNS SETOF anyelement
	AS 'MODULE_PATHNAME', 'mysql_conversation_rows_server'
	LANGUAGE C STABLE PARALLEL SAFE ROWS 1000;

-- The same rows inserted straight into a table (its row type is the
-- decoding type); returns the number of rows inserted.  Rows go in batches,
-- as COPY FROM inserts them (indexes, NOT NULL, CHECK and partition
-- constraints kept), with no function scan in between; tables with insert
-- triggers, row-level security, generated columns or in Citus's metadata
-- are refused (load those with INSERT ... SELECT ... FROM
-- mysql_conversation_rows).  NULL streams or target: NULL.
CREATE FUNCTION mysql_conversation_load(client bytea, server bytea, target regclass,
										command int DEFAULT NULL, result_set int DEFAULT NULL)
	RETURNS bigint
	AS 'MODULE_PATHNAME', 'mysql_conversation_load'
	LANGUAGE C VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION mysql_conversation_load(server bytea, target regclass,
										command int DEFAULT NULL, result_set int DEFAULT NULL)
	RETURNS bigint
	AS 'MODULE_PATHNAME', 'mysql_conversation_load_server'
	LANGUAGE C VOLATILE PARALLEL UNSAFE;
-- upgrade from 0.2: to here

-- (end of binary protocol, conversations and typed rows)

-- (end of MySQL client/server protocol)
