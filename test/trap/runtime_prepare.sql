-- runtime_prepare.sql: what test/trap/runtime_calls.sql reads and writes,
-- made by each calling role in schemas :s, :s2 and :s3 of its own before any
-- trap is made: the real binlog files of test/vectors/binlog, a recorded
-- connection, FoundationDB keys, the tables to apply and load into, and
-- the tables MariaDB was left with.  Run from the work tree's root.
\set ON_ERROR_STOP 1
\set ECHO none
\set QUIET 1
SET timezone = 'UTC';
\i sql/mysql_helpers.psql
\set a1 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000001 | tr -d ' \n'`
\set a2 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000002 | tr -d ' \n'`
\set a3 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000003 | tr -d ' \n'`
\set full `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-full-compressed.bin | tr -d ' \n'`
CREATE SCHEMA :"s";
CREATE SCHEMA :"s2";
CREATE SCHEMA :"s3";
CREATE TABLE :"s".bl (name text PRIMARY KEY, b bytea);
INSERT INTO :"s".bl VALUES ('apply.000001', decode(:'a1', 'hex')), ('apply.000002', decode(:'a2', 'hex')),
	('apply.000003', decode(:'a3', 'hex')), ('full', decode(:'full', 'hex'));
CREATE TABLE :"s".t (id int PRIMARY KEY, v varchar(20), n int, d timestamp(3), ts timestamptz);
CREATE TABLE :"s".k2 (a int, b text, c numeric(10,2), PRIMARY KEY (a, b));
CREATE TABLE :"s2".t (LIKE :"s".t INCLUDING ALL);
CREATE TABLE :"s2".k2 (LIKE :"s".k2 INCLUDING ALL);
CREATE TABLE :"s3".t (LIKE :"s".t INCLUDING ALL);
CREATE TABLE :"s3".k2 (LIKE :"s".k2 INCLUDING ALL);
CREATE TABLE :"s".want_t (LIKE :"s".t);
CREATE TABLE :"s".want_k2 (LIKE :"s".k2);
ALTER TABLE :"s".want_t ADD COLUMN extra int;
CREATE TEMP TABLE want_t (LIKE :"s".want_t);
CREATE TEMP TABLE want_k2 (LIKE :"s".want_k2);
\copy want_t FROM 'test/vectors/binlog/mariadb-10.11-apply.t' WITH (NULL 'NULL')
\copy want_k2 FROM 'test/vectors/binlog/mariadb-10.11-apply.k2' WITH (NULL 'NULL')
INSERT INTO :"s".want_t SELECT * FROM want_t;
INSERT INTO :"s".want_k2 SELECT * FROM want_k2;
CREATE TABLE :"s".scratch (id int);
INSERT INTO :"s".scratch VALUES (1), (2), (3);
CREATE TABLE :"s".ld_ints (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i int4,
						   iu int8, bi int8, biu numeric);
CREATE TABLE :"s".ld_ints_lo (LIKE :"s".ld_ints);
CREATE TABLE :"s".people (id bigint, name text);
CREATE TABLE :"s".cap AS SELECT * FROM pg_temp.capture();
CREATE TABLE :"s".fl_users (dir text, id int8, email text, score float8);
CREATE TABLE :"s".keys AS
SELECT fdb_tuple_pack('users', g, 'user' || g || '@example.com', g * 0.5::float8) AS k
FROM generate_series(1, 100) g;
