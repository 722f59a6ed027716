-- mysql_binary: binary-protocol resultset rows (0x00, NULL bitmap with
-- offset 2, values by column type) with mysql_binary_row_decode.
\set VERBOSITY default

-- LONG 42, VAR_STRING 'abc', DATETIME 2024-12-31 23:59:59.999999
SELECT mysql_binary_row_decode('\x0000 2a000000 03616263 0be8070c1f173b3b3f420f00', ARRAY[3, 253, 12]);
-- bit 3 of the bitmap (column 2) marks NULL; the value is absent
SELECT mysql_binary_row_decode('\x0008 2a000000 04e8070c1f', ARRAY[3, 253, 10]);
-- every fixed width: TINY SHORT YEAR LONG INT24 FLOAT LONGLONG DOUBLE, and NULL type
SELECT mysql_binary_row_decode('\x000000 ff ffff e807 01000000 01000000 0000803f ffffffffffffffff 000000000000f03f',
							   ARRAY[1, 2, 13, 3, 9, 4, 8, 5, 6]);
-- lenenc forms: NEWDECIMAL BLOB JSON BIT ENUM SET GEOMETRY DECIMAL VARCHAR STRING TINY/MEDIUM/LONG_BLOB
SELECT mysql_binary_row_decode('\x000000 0431322e35 0500fbfcfeff 027b7d 0105 0161 00 0100 0131 0178 fc0100 79 00 00 00',
							   ARRAY[246, 252, 245, 16, 247, 248, 255, 0, 15, 254, 249, 250, 251]);
-- temporal lengths: DATE 0 and 4, DATETIME 7, TIMESTAMP 11, TIME 0, 8 and 12
SELECT mysql_binary_row_decode('\x000000 00 04e8070c1f 07e8070c1f173b3b 0be8070c1f173b3b3f420f00 00 0801220000000a0b0c 0c01220000000a0b0c40e20100',
							   ARRAY[10, 10, 12, 7, 11, 11, 11]);
-- 14 columns need a 2-byte bitmap; all NULL
SELECT mysql_binary_row_decode('\x00fcff', array_fill(1, ARRAY[14]));
-- no columns
SELECT mysql_binary_row_decode('\x0000', '{}');

-- errors
SELECT mysql_binary_row_decode('', ARRAY[3]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\xfe00000200', ARRAY[3]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x00fc', ARRAY[1, 1, 1, 1, 1, 1, 1]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 2a0000', ARRAY[3]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 2a000000 0561', ARRAY[3, 253]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 fb', ARRAY[253]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 ff', ARRAY[253]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 05e8070c1f00', ARRAY[12]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 04e8070c1f', ARRAY[11]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 04e8070c', ARRAY[10]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 2a000000 00', ARRAY[3]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 00', ARRAY[14]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 00', ARRAY[256]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 00', ARRAY[-1]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 00', ARRAY[NULL::int]);
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binary_row_decode('\x0000 00', ARRAY[[1], [1]]);
\echo :LAST_ERROR_SQLSTATE
