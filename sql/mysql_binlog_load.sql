-- mysql_binlog_load: the images of one table's row changes inserted
-- straight into a table (in batches, as COPY FROM inserts them), over the
-- real binlog files of test/vectors/binlog; the rows equal those of the
-- typed mysql_binlog_rows.  The checks a loader makes of its table are
-- in the mysql_conversation_load suite (the same loader).
\set VERBOSITY default
\set ECHO none
\i sql/mysql_binlog_vectors.psql
-- loads file f's rows of table s.t into target tab (emptied first) and
-- compares them with mysql_binlog_rows's images of the same kind (after:
-- of inserts and updates; before: of updates and deletes): rows loaded,
-- rows of the SRF, and how many differ either way
CREATE FUNCTION pg_temp.check_load(f text, s text, t text, tab text, image text)
RETURNS TABLE (loaded bigint, srf bigint, different bigint) LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('TRUNCATE %I', tab);
	EXECUTE format('SELECT mysql_binlog_load(b, %L, %L, %L, %L) FROM bl WHERE name = %L',
				   s, t, tab, image, f) INTO loaded;
	EXECUTE format('SELECT count(*) FROM bl, mysql_binlog_rows(b, %L, %L, NULL::%I) r
					WHERE name = %L AND r.change <> %L', s, t, tab, f,
				   CASE image WHEN 'after' THEN 'delete' ELSE 'insert' END) INTO srf;
	EXECUTE format($q$SELECT count(*) FROM (
		(SELECT * FROM %1$I EXCEPT ALL
		 SELECT (r.%5$I).* FROM bl, mysql_binlog_rows(b, %2$L, %3$L, NULL::%1$I) r
		 WHERE name = %4$L AND r.change <> %6$L)
		UNION ALL
		(SELECT (r.%5$I).* FROM bl, mysql_binlog_rows(b, %2$L, %3$L, NULL::%1$I) r
		 WHERE name = %4$L AND r.change <> %6$L
		 EXCEPT ALL SELECT * FROM %1$I)) d$q$, tab, s, t, f, image,
		CASE image WHEN 'after' THEN 'delete' ELSE 'insert' END) INTO different;
	RETURN NEXT;
END $$;
\set ECHO all
SET timezone = 'UTC';

-- every column type of the MariaDB file with full metadata (matched by
-- name), after and before images
CREATE TABLE ld_ints (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i int4,
				   iu int8, bi int8, biu numeric);
CREATE TABLE ld_nums (y int, id int, d1 numeric(10,2), d2 numeric, d3 numeric, d4 numeric,
				   d5 numeric, f float4, db float8, b1 bit(1), b64 bit(64), b10 varbit);
CREATE TABLE ld_times (id int, dt date, t0 interval, t1 interval, t3 interval, t6 interval,
					dt0 timestamp, dt2 timestamp, dt4 timestamp(2), dt6 timestamp,
					ts0 timestamptz, ts1 timestamptz, ts3 text, ts6 timestamp);
CREATE TABLE ld_strs (id int, c text, c255 text, vc varchar(300), vl text, va text, vu2 text,
				   vu16 text, vu32 text, vu3 text, bn bytea, vb bytea, tt text, tx text,
				   mt text, lt text, tb bytea, bb bytea, mb bytea, lb bytea, e text, st text,
				   j jsonb, g bytea, p bytea);
SELECT t, i, c.* FROM unnest('{ints,nums,times,strs}'::text[]) t, unnest('{after,before}'::text[]) i,
	pg_temp.check_load('full', 'wcb', t, 'ld_' || t, i) c;
-- the loaded rows themselves
SELECT mysql_binlog_load(b, 'wcb', 'ints', 'ld_ints') FROM bl WHERE name = 'full';
SELECT * FROM ld_ints ORDER BY id;
-- minimal images (matched by position; absent columns NULL); MySQL 5.1
-- v1 row events; a MySQL 8.0 compressed transaction payload
SELECT t, i, c.* FROM unnest('{ints,strs}'::text[]) t, unnest('{after,before}'::text[]) i,
	pg_temp.check_load('minimal', 'wcb', t, 'ld_' || t, i) c;
CREATE TABLE ld_ba (a int, b int, c int);
SELECT i, c.* FROM unnest('{after,before}'::text[]) i, pg_temp.check_load('mysql51', 'test', 'ba', 'ld_ba', i) c;
CREATE TABLE ld_t1 (a bigint, b int, c text);
SELECT i, c.* FROM unnest('{after,before}'::text[]) i, pg_temp.check_load('mysql80', 'test', 't1', 'ld_t1', i) c;
-- from a large object
SELECT lo_from_bytea(0, b) AS lo FROM bl WHERE name = 'full' \gset
TRUNCATE ld_strs;
SELECT mysql_binlog_load_lo(:lo, 'wcb', 'strs', 'ld_strs');
SELECT count(*) AS different FROM (
	SELECT * FROM ld_strs EXCEPT ALL
	SELECT (r.after).* FROM bl, mysql_binlog_rows(b, 'wcb', 'strs', NULL::ld_strs) r
	WHERE name = 'full' AND r.change <> 'delete') d;
SELECT lo_unlink(:lo);
-- a table the log does not have: 0 rows; NULL arguments: NULL
SELECT mysql_binlog_load(b, 'wcb', 'nosuch', 'ld_ints') FROM bl WHERE name = 'full';
SELECT mysql_binlog_load(NULL, 'wcb', 'ints', 'ld_ints') IS NULL AS null_binlog,
	   mysql_binlog_load(b, 'wcb', 'ints', NULL) IS NULL AS null_target,
	   mysql_binlog_load(b, 'wcb', 'ints', 'ld_ints', NULL) IS NULL AS null_image
FROM bl WHERE name = 'full';
-- an ALTER TABLE between two calls of one statement is seen
PREPARE load_ba AS SELECT mysql_binlog_load(b, 'test', 'ba', 'ld_ba') FROM bl WHERE name = 'mysql51';
EXECUTE load_ba;
ALTER TABLE ld_ba DROP COLUMN b;
ALTER TABLE ld_ba ADD COLUMN b text;
TRUNCATE ld_ba;
EXECUTE load_ba;
SELECT * FROM ld_ba ORDER BY a;
DEALLOCATE load_ba;

-- errors
-- image must be after or before
SELECT mysql_binlog_load(b, 'wcb', 'ints', 'ld_ints', 'both') FROM bl WHERE name = 'full';
\echo :LAST_ERROR_SQLSTATE
-- a table whose columns are not the log's
CREATE TABLE ld_two (a int, b int);
SELECT mysql_binlog_load(b, 'test', 'ba', 'ld_two') FROM bl WHERE name = 'mysql51';
\echo :LAST_ERROR_SQLSTATE
-- a value the column cannot take: the event, row and column
CREATE TABLE ld_ints_small (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i int4,
						 iu int4, bi int8, biu numeric);
SELECT mysql_binlog_load(b, 'wcb', 'ints', 'ld_ints_small') FROM bl WHERE name = 'full';
\echo :LAST_ERROR_SQLSTATE
-- a constraint: the row being loaded
CREATE TABLE ld_ints_check (LIKE ld_ints, CHECK (ti > -100));
SELECT mysql_binlog_load(b, 'wcb', 'ints', 'ld_ints_check') FROM bl WHERE name = 'full';
\echo :LAST_ERROR_SQLSTATE
-- a checksum mismatch, a file that is no binlog: nothing stays loaded
TRUNCATE ld_ints;
SELECT mysql_binlog_load(set_byte(b, 2000, get_byte(b, 2000) # 1), 'wcb', 'ints', 'ld_ints')
FROM bl WHERE name = 'full';
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binlog_load('\x00010203', 'wcb', 'ints', 'ld_ints');
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM ld_ints;
-- a target the loader refuses
CREATE VIEW ld_ints_v AS SELECT * FROM ld_ints;
SELECT mysql_binlog_load(b, 'wcb', 'ints', 'ld_ints_v') FROM bl WHERE name = 'full';
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_binlog_load_lo(4294967295, 'wcb', 'ints', 'ld_ints_v');
\echo :LAST_ERROR_SQLSTATE

DROP TABLE ld_ints, ld_nums, ld_times, ld_strs, ld_ba, ld_t1, ld_two, ld_ints_small, ld_ints_check CASCADE;
