-- mysql_command: COM_QUERY (with MySQL 8 query attributes),
-- COM_STMT_EXECUTE (NULL bitmap, new-params-bound flag, types, values as
-- sent) and COM_STMT_BULK_EXECUTE; every error with its SQLSTATE.
\set VERBOSITY default
\set ECHO none
\i sql/mysql_helpers.psql
\set ECHO all

-- COM_QUERY without query attributes (the default capabilities)
SELECT convert_from(query, 'UTF8') AS query, attribute_types, attribute_names, attribute_values
FROM mysql_com_query_decode('\x03'::bytea || convert_to('SELECT 1', 'UTF8'));
-- with CLIENT_QUERY_ATTRIBUTES (1 << 27): no attribute; two attributes,
-- a LONGLONG and a NULL VARCHAR, named
SELECT convert_from(query, 'UTF8') AS query, attribute_types, attribute_names, attribute_values
FROM mysql_com_query_decode('\x030001'::bytea || convert_to('SELECT 2', 'UTF8'), 25723392 | (1 << 27));
SELECT convert_from(query, 'UTF8') AS query, attribute_types, attribute_names, attribute_values
FROM mysql_com_query_decode('\x030201'::bytea || '\x02' || '\x01' || '\x0880' || mysql_lenenc_str('id')
	|| '\x0f00' || mysql_lenenc_str('tag') || mysql_int_le(7, 8) || convert_to('SELECT 3', 'UTF8'),
	25723392 | (1 << 27));
-- errors: not 03, a NULL count, a bitmap past the end, an unbound
-- attribute block, an unknown type, a value past the end
SELECT * FROM mysql_com_query_decode('\x16');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_query_decode('\x03fb01', 1 << 27);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_query_decode('\x03fc000101', 1 << 27);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_query_decode('\x0301010000', 1 << 27);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_query_decode('\x03010100011100016100', 1 << 27);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_query_decode('\x030101000108000161010203', 1 << 27);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_query_decode('', 1 << 27);
\echo :LAST_ERROR_SQLSTATE

-- COM_STMT_EXECUTE of a statement with 3 parameters: LONGLONG 1, NULL,
-- STRING 'abc'; then every fixed and temporal width, UNSIGNED flagged
SELECT * FROM mysql_com_stmt_execute_decode('\x17010000000001000000020108000300fe00010000000000000003616263', 3);
SELECT param_types, param_values
FROM mysql_com_stmt_execute_decode('\x17' || mysql_int_le(9, 4) || '\x00' || mysql_int_le(1, 4)
	|| '\x0000' || '\x01' || '\x0180' || '\x0200' || '\x0300' || '\x0400' || '\x0500' || '\x0a00'
	|| '\x0c00' || '\x0b00' || '\x0d00'
	|| '\xff' || '\x0100' || '\x02000000' || '\x0000803f' || '\x000000000000f03f'
	|| '\x04e8070c1f' || '\x07e8070c1f173b3b' || '\x00' || '\xe807', 9);
-- new-params-bound 0: the types are the previous execution's, the values
-- come back unsplit
SELECT new_params_bound, param_types, param_values, values_raw
FROM mysql_com_stmt_execute_decode('\x17010000000001000000000001000000', 1);
-- no parameters; MySQL 8 with query attributes: a parameter count and names
SELECT * FROM mysql_com_stmt_execute_decode('\x17010000000001000000', 0);
SELECT param_types, param_names, param_values
FROM mysql_com_stmt_execute_decode('\x170100000008010000000100010300' || mysql_lenenc_str('n') || '\x2a000000'::bytea,
								   0, 25723392 | (1 << 27));
-- errors: not 17, cut, a bad bound flag, a missing value, num_params out
-- of range
SELECT * FROM mysql_com_stmt_execute_decode('\x03', 0);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_execute_decode('\x170100', 0);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_execute_decode('\x1701000000000100000000020300', 1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_execute_decode('\x17010000000001000000000103000102', 1);
\echo :LAST_ERROR_SQLSTATE
-- bytes after the last parameter: ignored, as the servers ignore them
-- (a NOTICE here, the trailing_bytes column in the long_data form)
SELECT * FROM mysql_com_stmt_execute_decode('\x1701000000000100000000010100010203', 1);
SELECT trailing_bytes FROM mysql_com_stmt_execute_decode('\x1701000000000100000000010100010203', 1, 25723392, 0);
SELECT * FROM mysql_com_stmt_execute_decode('\x1701000000000100000002', 0);
-- no parameters and the new-params-bound byte (0 or 1), as MariaDB's
-- connectors write it: accepted (example from a pipelined prepare+execute)
SELECT * FROM mysql_com_stmt_execute_decode('\x17ffffffff000100000001', 0);
SELECT statement_id FROM mysql_com_stmt_execute_decode('\x1701000000000100000000', 0);
SELECT * FROM mysql_com_stmt_execute_decode('\x17010000000001000000', -1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_execute_decode('\x170100000000010000000001fe00fc0a00', 1);
\echo :LAST_ERROR_SQLSTATE

-- COM_STMT_BULK_EXECUTE (MariaDB's array binding) of a statement with 2
-- parameters, LONG and STRING, types sent (flags 0x0080): a row of values,
-- a row of NULL and DEFAULT, a row of IGNORE and an UNSIGNED-flagged type
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa07000000'::bytea || '\x8000' || '\x0380fe00'
	|| '\x00' || '\x2a000000' || '\x00' || mysql_lenenc_str('abc') || '\x0102' || '\x0303', 2);
-- no parameters: no rows
SELECT count(*) FROM mysql_com_stmt_bulk_execute_decode('\xfa070000008000', 0);
-- errors: not FA, cut in the statement id and in the flags, no types sent,
-- types cut, bytes after the types of no parameters, a bad indicator, a row
-- cut before an indicator, a value cut, a string past the end, an unknown
-- parameter type, num_params out of range
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\x17', 0);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa0100', 0);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa0100000080', 0);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa010000004000', 1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa01000000800003', 1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa01000000800001', 0);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa0100000080000300'::bytea || '\x0104', 1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa01000000800003000300'::bytea || '\x0101' || '\x01', 2);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa0100000080000300'::bytea || '\x002a00', 1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa010000008000fe00'::bytea || '\x00056162', 1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa0100000080001100'::bytea || '\x0000', 1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa010000008000', -1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM mysql_com_stmt_bulk_execute_decode('\xfa010000008000', 65536);
-- after COM_STMT_SEND_LONG_DATA (long_data: bit i, parameter i streamed):
-- libmysqlclient's execute of INSERT ... VALUES (?, ?) with parameter 1
-- streamed (MySQL 9.7, query attributes): the BLOB's type, no value;
-- without long_data the packet lacks a value
SELECT statement_id, param_types, param_values
FROM mysql_com_stmt_execute_decode('\x17070000000801000000020001080000fc00000100000000000000', 2,
								   25723392 | (1 << 27), 2);
SELECT * FROM mysql_com_stmt_execute_decode('\x17070000000801000000020001080000fc00000100000000000000', 2,
											 25723392 | (1 << 27));
\echo :LAST_ERROR_SQLSTATE
-- MariaDB Connector/C's: the streamed parameter is also NULL in the bitmap
SELECT param_types, param_values
FROM mysql_com_stmt_execute_decode('\x1708000000000100000002010800fc000100000000000000', 2, 25723392, 2);
-- Go's mymysql streams parameter 1 and still writes a value for it: the
-- servers skip parameter 1, read parameter 2 from the 00 (the empty string)
-- and ignore the 9 bytes after it, which come back as trailing_bytes
SELECT statement_id, param_types, param_values, values_raw, trailing_bytes
FROM mysql_com_stmt_execute_decode('\x175b000000000100000000010800fd00fe000100000000000000000873686f727420c3bc',
								   3, 25723392, 2);
-- without long_data the same bytes are three values and nothing trails
SELECT param_values
FROM mysql_com_stmt_execute_decode('\x175b000000000100000000010800fd00fe000100000000000000000873686f727420c3bc',
								   3);
SELECT trailing_bytes IS NULL AS no_trailing
FROM mysql_com_stmt_execute_decode('\x1708000000000100000002010800fc000100000000000000', 2, 25723392, 2);
-- long_data naming a parameter the statement does not have
SELECT * FROM mysql_com_stmt_execute_decode('\x1708000000000100000002010800fc000100000000000000', 2, 25723392, 4);
\echo :LAST_ERROR_SQLSTATE
