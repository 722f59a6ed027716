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
				   table_name text, change text, row_in_event int, before jsonb,
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
				   table_name text, change text, row_in_event int, before jsonb,
				   after jsonb)
	AS 'MODULE_PATHNAME', 'mysql_binlog_rows_lo'
	LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE ROWS 1000;
