-- wirecodec 0.2 -> 0.3 (ALTER EXTENSION wirecodec UPDATE TO '0.3').

\echo Use "ALTER EXTENSION wirecodec UPDATE TO '0.3'" to load this file. \quit

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
