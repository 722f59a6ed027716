-- wirecodec 0.2 -> 0.3 (ALTER EXTENSION wirecodec UPDATE TO '0.3').

\echo Use "ALTER EXTENSION wirecodec UPDATE TO '0.3'" to load this file. \quit

-- MySQL and MariaDB binary logs
-- One row per event of a whole binlog file (magic fe 62 69 6e first):
-- header fields and the body without header and checksum.
CREATE FUNCTION mysql_binlog_events(binlog bytea)
	RETURNS TABLE (event_index bigint, byte_offset bigint, event_type int,
				   event_type_name text, server_id bigint, log_pos bigint, flags int,
				   "timestamp" timestamptz, payload bytea)
	AS 'MODULE_PATHNAME', 'mysql_binlog_events'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1000;

-- One row per changed row, in log order, with before/after images as jsonb.
CREATE FUNCTION mysql_binlog_rows(binlog bytea)
	RETURNS TABLE (event_index bigint, log_pos bigint, gtid text, schema_name text,
				   table_name text, change text, row_in_event bigint, before jsonb,
				   after jsonb)
	AS 'MODULE_PATHNAME', 'mysql_binlog_rows'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1000;

-- The same over a binlog stored as a large object, read a megabyte or one
-- event at a time; VOLATILE and PARALLEL UNSAFE like lo_get, which reads it.
CREATE FUNCTION mysql_binlog_events_lo(binlog oid)
	RETURNS TABLE (event_index bigint, byte_offset bigint, event_type int,
				   event_type_name text, server_id bigint, log_pos bigint, flags int,
				   "timestamp" timestamptz, payload bytea)
	AS 'MODULE_PATHNAME', 'mysql_binlog_events_lo'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE ROWS 1000;
CREATE FUNCTION mysql_binlog_rows_lo(binlog oid)
	RETURNS TABLE (event_index bigint, log_pos bigint, gtid text, schema_name text,
				   table_name text, change text, row_in_event bigint, before jsonb,
				   after jsonb)
	AS 'MODULE_PATHNAME', 'mysql_binlog_rows_lo'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE ROWS 1000;

-- CockroachDB SQL keys (crdb_key_*)
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

-- MySQL: COM_STMT_EXECUTE after COM_STMT_SEND_LONG_DATA
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

-- MySQL: COM_STMT_BULK_EXECUTE
-- COM_STMT_BULK_EXECUTE (MariaDB's array binding): one row per row of
-- parameters; indicators 0 (a value), 1 NULL, 2 DEFAULT, 3 IGNORE.
-- Value-per-call: memory holds the payload and one row.
CREATE FUNCTION mysql_com_stmt_bulk_execute_decode(payload bytea, num_params int,
		OUT statement_id bigint, OUT flags int, OUT row_number bigint,
		OUT param_types int[], OUT indicators int[], OUT param_values bytea[])
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'mysql_com_stmt_bulk_execute_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 100;

-- MySQL: typed rows of a recorded conversation
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

-- MySQL: typed row changes of one table of a binlog
-- The row changes of one table (schema_name.table_name, exactly as the log
-- spells them) decoded straight into base's row type, with
-- mysql_row_populate_record's conversions; columns matched by name when
-- the table map carries names, else by position.  STABLE like
-- mysql_row_populate_record (the target types' input functions).
CREATE FUNCTION mysql_binlog_rows(binlog bytea, schema_name text, table_name text,
								  base anyelement)
	RETURNS TABLE (event_index bigint, log_pos bigint, gtid text, change text,
				   row_in_event bigint, before anyelement, after anyelement)
	AS 'MODULE_PATHNAME', 'mysql_binlog_rows_typed'
	LANGUAGE C STABLE PARALLEL SAFE ROWS 1000;
CREATE FUNCTION mysql_binlog_rows_lo(binlog oid, schema_name text, table_name text,
									 base anyelement)
	RETURNS TABLE (event_index bigint, log_pos bigint, gtid text, change text,
				   row_in_event bigint, before anyelement, after anyelement)
	AS 'MODULE_PATHNAME', 'mysql_binlog_rows_typed_lo'
	LANGUAGE C VOLATILE PARALLEL UNSAFE ROWS 1000;

-- MySQL: typed rows of a recorded conversation, loaded into a table
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

-- MySQL: typed row changes of one table of a binlog, loaded into a table
-- The images of one table's row changes inserted straight into a table
-- (its row type is the decoding type, as base above): image 'after' loads
-- the rows inserts and updates leave, 'before' the rows updates and deletes
-- replace; returns the number of rows inserted.  Rows go in batches, as
-- COPY FROM inserts them (indexes, NOT NULL, CHECK and partition
-- constraints kept), with no function scan in between; tables with insert
-- triggers, row-level security, generated columns or in Citus's metadata
-- are refused (load those with INSERT ... SELECT ... FROM mysql_binlog_rows).
CREATE FUNCTION mysql_binlog_load(binlog bytea, schema_name text, table_name text,
								  target regclass, image text DEFAULT 'after')
	RETURNS bigint
	AS 'MODULE_PATHNAME', 'mysql_binlog_load'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
CREATE FUNCTION mysql_binlog_load_lo(binlog oid, schema_name text, table_name text,
									 target regclass, image text DEFAULT 'after')
	RETURNS bigint
	AS 'MODULE_PATHNAME', 'mysql_binlog_load_lo'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

-- FoundationDB: keys loaded into a table
-- every key's row (fdb_tuple_populate_record's rules) inserted into a
-- table, the count returned.  An ordinary VOLATILE function over an array
-- of keys (SELECT fdb_tuple_load(array_agg(k), 'users') FROM keys): each
-- call is a whole load, so the planner keeps it wherever the query names
-- it and no LIMIT or cursor can leave rows unloaded.  Rows go in batches as
-- COPY FROM inserts them (src/pg/table_load.c); NULL keys are skipped; a
-- NULL array or target: NULL.
CREATE FUNCTION fdb_tuple_load(keys fdb_tuple[], target regclass) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

-- A populated row follows its row type's current shape, so the result is not
-- a function of the arguments alone: STABLE (as json_populate_record is),
-- which keeps the planner from folding a call with constant arguments into
-- a cached plan that outlives ALTER TABLE.
ALTER FUNCTION fdb_tuple_populate_record(anyelement, fdb_tuple) STABLE;
