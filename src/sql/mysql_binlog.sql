
-- ======================================================================
-- MySQL and MariaDB binary logs (mysql_binlog_*)
-- ======================================================================

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
