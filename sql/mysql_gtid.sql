-- mysql_gtid: MySQL and MariaDB GTID sets as text: the GTID state of
-- mysql_binlog_apply (mysql_binlog_apply_gtid_set) and mysql_gtid_contains.
-- Error cases show their SQLSTATE, message, detail and context.
\set VERBOSITY default

-- Run a statement; an error becomes 'SQLSTATE: message | detail | context'.
CREATE FUNCTION pg_temp.err(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	d text;
	c text;
BEGIN
	EXECUTE q;
	RETURN 'no error';
EXCEPTION WHEN others THEN
	GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL, c = PG_EXCEPTION_CONTEXT;
	RETURN SQLSTATE || ': ' || SQLERRM || CASE WHEN d <> '' THEN ' | ' || d ELSE '' END
		|| ' | ' || split_part(c, E'\n', 1);
END $$;

-- ---------------------------------------------------------------- apply
-- canonical text: lower case, uuids in order, intervals sorted and merged
-- (adjacent ones too), MySQL before MariaDB, ',' alone between elements
SELECT s, g, mysql_binlog_apply_gtid_set(s, g) FROM (VALUES
	('3E11FA47-71CA-11E1-9E33-C80AA9429562:1-5,
57b70f4e-20d3-11e5-a393-4a63946f7eac:1-56:58-99', '{}'::text[]),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5', '{3e11fa47-71ca-11e1-9e33-c80aa9429562:6}'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:3-9:12', '{3e11fa47-71ca-11e1-9e33-c80aa9429562:11,3e11fa47-71ca-11e1-9e33-c80aa9429562:10}'),
	('b0000000-0000-0000-0000-000000000000:7,a0000000-0000-0000-0000-000000000000:5-5', '{}'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-9223372036854775805', '{3e11fa47-71ca-11e1-9e33-c80aa9429562:9223372036854775806}'),
	('0-1-5,3e11fa47-71ca-11e1-9e33-c80aa9429562:1', '{}'),
	-- MariaDB: one per domain, in domain order, the highest seq, the last among equals
	('0-1-100,1-2-5', '{0-3-101,1-2-4,10-1-1,9-1-1}'),
	('0-1-5', '{0-2-5}'),
	('0-1-7', '{0-2-5}'),
	('4294967295-4294967295-18446744073709551615', '{}'),
	-- MySQL 8.4 tags: lower case, untagged intervals first, then each tag
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:Batch:1-3', '{3e11fa47-71ca-11e1-9e33-c80aa9429562:batch:4,3e11fa47-71ca-11e1-9e33-c80aa9429562:a_1:9}'),
	-- white space around elements, empty elements, NULL elements
	(' 0-1-5 ,, ', '{NULL,"  1-1-1  ",""}'),
	(NULL, '{0-7-5,1-7-3,0-7-6}')) v(s, g);

-- the empty set is NULL, as are both arguments NULL
SELECT mysql_binlog_apply_gtid_set(NULL, NULL) IS NULL AS both_null,
	   mysql_binlog_apply_gtid_set('', '{}') IS NULL AS empty,
	   mysql_binlog_apply_gtid_set(' , ', '{NULL}') IS NULL AS blank,
	   mysql_binlog_apply_gtid_set('0-1-5', NULL) AS gtids_null;

-- the canonical text is a fixed point
SELECT mysql_binlog_apply_gtid_set(x, '{}') = x AS fixed_point
FROM (SELECT mysql_binlog_apply_gtid_set('3E11FA47-71CA-11E1-9E33-C80AA9429562:9:1-3:T:5,0-1-2,4-4-4', '{}') x) s;

-- an element of gtids may be a set too
SELECT mysql_binlog_apply_gtid_set('0-1-5', '{"1-1-1,2-2-2"}');

-- log order over many GTIDs: 1 .. 20000 one at a time, backwards, is one interval
SELECT mysql_binlog_apply_gtid_set('3e11fa47-71ca-11e1-9e33-c80aa9429562:20001',
	   array(SELECT '3e11fa47-71ca-11e1-9e33-c80aa9429562:' || i FROM generate_series(20000, 1, -1) i));

-- bad text: every error, with its byte offset, element and argument (22P02)
SELECT q, pg_temp.err(format('SELECT mysql_binlog_apply_gtid_set(%s)', q)) FROM (VALUES
	($$'3e11fa47-71ca-11e1-9e33-c80aa942956g:1', '{}'$$),
	($$'0-1-2,3e11fa47:1', '{}'$$),
	($$'3e11fa47-71ca-11e1-9e33-c80aa9429562:0', '{}'$$),
	($$'3e11fa47-71ca-11e1-9e33-c80aa9429562:1-9223372036854775807', '{}'$$),
	($$'3e11fa47-71ca-11e1-9e33-c80aa9429562:9-7', '{}'$$),
	($$'3e11fa47-71ca-11e1-9e33-c80aa9429562:', '{}'$$),
	($$'3e11fa47-71ca-11e1-9e33-c80aa9429562:1:tag', '{}'$$),
	($$'3e11fa47-71ca-11e1-9e33-c80aa9429562:abcdefghijklmnopqrstuvwxyz0123456:1', '{}'$$),
	($$'3e11fa47-71ca-11e1-9e33-c80aa9429562:5x', '{}'$$),
	($$'4294967296-1-5', '{}'$$),
	($$'0-1-18446744073709551616', '{}'$$),
	($$'0-1', '{}'$$),
	($$'0-1-5', '{0-1-6,NULL,0-x-7}'$$),
	($$NULL, '{3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:6-}'$$)) v(q);

-- ---------------------------------------------------------------- contains
SELECT a, b, mysql_gtid_contains(a, b) FROM (VALUES
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-10', '3e11fa47-71ca-11e1-9e33-c80aa9429562:3-7'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-10', '3E11FA47-71CA-11E1-9E33-C80AA9429562:3-11'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:7-10', '3e11fa47-71ca-11e1-9e33-c80aa9429562:5-7'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:6-10', '3e11fa47-71ca-11e1-9e33-c80aa9429562:5-7'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5', '57b70f4e-20d3-11e5-a393-4a63946f7eac:1'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:t:1-9', '3e11fa47-71ca-11e1-9e33-c80aa9429562:T:2'),
	('3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5', '3e11fa47-71ca-11e1-9e33-c80aa9429562:t:2'),
	('0-1-5,1-1-3', '0-9-5'),
	('0-1-5,1-1-3', '0-1-6'),
	('0-1-5', '2-1-1'),
	('0-1-5', ''),
	('', '0-1-5'),
	('', '')) v(a, b);
SELECT mysql_gtid_contains(NULL, '0-1-5') IS NULL AS strict;
SELECT pg_temp.err($$SELECT mysql_gtid_contains('0-1-5', '0-1-5:1')$$);
SELECT pg_temp.err($$SELECT mysql_gtid_contains('0-1-', '0-1-5')$$);
