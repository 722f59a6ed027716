-- setup.sql: the PostgreSQL side of the live MySQL/MariaDB tests: the
-- typed form of driver.c's all_types table, the rows driver.c inserted
-- (what was inserted, as PostgreSQL values; keep in step with driver.c),
-- and the table the checks of check.sql fill.
CREATE EXTENSION IF NOT EXISTS wirecodec;
CREATE TABLE all_types_pg (
	id int, c_tiny smallint, c_utiny smallint, c_small smallint, c_usmall int,
	c_med int, c_umed int, c_int int, c_uint bigint, c_big bigint, c_ubig numeric,
	c_float real, c_double double precision, c_dec numeric,
	c_date date, c_dt timestamp, c_dt0 timestamp, c_ts timestamp, c_time interval, c_year int,
	c_char text, c_vchar text, c_text text, c_latin text,
	c_bin bytea, c_blob bytea, c_json jsonb, c_bit varbit, c_enum text, c_set text);
CREATE TABLE all_types_expected (LIKE all_types_pg);
INSERT INTO all_types_expected VALUES
 (1, -128, 255, -32768, 65535, -8388608, 16777215, -2147483648, 4294967295,
  -9223372036854775808, 18446744073709551615, 3.5, 2.718281828459045,
  12345678901234567890.0123456789, '2024-02-29', '2024-02-29 13:14:15.123456',
  '1999-12-31 23:59:59', '2038-01-19 03:14:07.999', '-838:59:59', 2155,
  'abc', 'héllo 😀 𝄞', repeat('long text ', 50), 'café €', '\x00fbfcfeff', '\x00fbfcfeff00',
  '{"a": [1, 2.5, "x"], "b": null}', B'1010101010', 'b', 'x,z'),
 (2, 127, 0, 32767, 0, 8388607, 0, 2147483647, 0,
  9223372036854775807, 0, -1.5, -1e300,
  -0.0000000001, '1000-01-01', '1000-01-01 00:00:00.000001',
  '9999-12-31 23:59:59', '1970-01-01 00:00:01.000', '838:59:59', 1901,
  '', '', '', '', '', '', '[]', B'0000000000', 'c', ''),
 (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
  NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
 -- zero dates are SQL NULL (doc/mysql.md); YEAR 0 is 0
 (4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.1, 0.1, 0, NULL, NULL,
  NULL, NULL, '-00:00:01.5', 0, 'x', 'y', 'z', 'w',
  '', '', '{}', B'1111111111', 'a', 'x,y,z'),
 (5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1e-30, 5e-324, 1, '2000-01-01', '2000-01-01 00:00:00',
  '2000-01-01 00:00:00', '2000-01-01 00:00:00', '00:00:00', 2000, E'tab\there',
  E'quote '' and \\ backslash', E'line\nbreak', 'x', '\xff', decode(repeat('00', 60000), 'hex'),
  '"str"', B'0000000001', 'a', 'y');
CREATE TABLE live_check (server text, conn text, name text, bad bigint, total bigint);
-- one line per recorded connection: what was negotiated, packets by kind,
-- the steps the driver skipped and why
CREATE TABLE live_report (server text, conn text, capabilities bigint, packets text, skipped text);
-- the rows of driver.c's read-only cursor (scenario_commands)
CREATE TABLE live_idv (id bigint, v text);
-- the two result sets of driver.c's prepared CALL two_results()
CREATE TABLE live_call0 (one bigint);
CREATE TABLE live_call1 (two text, x numeric);
