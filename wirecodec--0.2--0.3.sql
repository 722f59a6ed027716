-- wirecodec 0.2 -> 0.3 (ALTER EXTENSION wirecodec UPDATE TO '0.3').

\echo Use "ALTER EXTENSION wirecodec UPDATE TO '0.3'" to load this file. \quit

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
