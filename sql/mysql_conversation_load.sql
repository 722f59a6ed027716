-- mysql_conversation_load: the rows of mysql_conversation_rows inserted
-- straight into a table, in batches as COPY FROM inserts them, with the
-- table's indexes and constraints kept and the same errors.
\set VERBOSITY default

-- helpers: pg_temp.cd(), pg_temp.capture(), pg_temp.big_capture(), pg_temp.hwm_reset(),
-- pg_temp.hwm_kb()
\set ECHO none
\i sql/mysql_helpers.psql
\set ECHO all
CREATE TEMP TABLE cap AS SELECT * FROM pg_temp.capture();

CREATE TABLE people (id bigint, name text);
-- command 1 (text rows), command 3 (binary rows); both streams or the
-- server's alone; the count of rows inserted
SELECT mysql_conversation_load(client, server, 'people', command => 1) FROM cap;
SELECT mysql_conversation_load(server, 'people', command => 3) FROM cap;
SELECT * FROM people ORDER BY id;
-- the same rows as mysql_conversation_rows
SELECT count(*) AS different FROM (
	(SELECT * FROM people EXCEPT ALL
	 SELECT p.* FROM cap, generate_series(1, 3) n, mysql_conversation_rows(client, server, NULL::people, command => n) p)
	UNION ALL
	(SELECT p.* FROM cap, generate_series(1, 3) n, mysql_conversation_rows(client, server, NULL::people, command => n) p
	 EXCEPT ALL SELECT * FROM people)) d;
-- result_set selects; no rows: 0; NULL streams or table: NULL
CREATE TABLE one (x numeric);
SELECT mysql_conversation_load(client, server, 'one', command => 4, result_set => 0) FROM cap;
SELECT mysql_conversation_load(client, server, 'one', command => 4, result_set => 1) FROM cap;
SELECT mysql_conversation_load(client, server, 'people', command => 2) FROM cap;
SELECT * FROM one;
SELECT mysql_conversation_load(NULL, server, 'people') IS NULL AS n1,
	   mysql_conversation_load(NULL::bytea, 'people') IS NULL AS n2,
	   mysql_conversation_load(server, NULL) IS NULL AS n3 FROM cap;
-- rolled back with the transaction like any insert
BEGIN;
SELECT mysql_conversation_load(server, 'people', command => 1) FROM cap;
SELECT count(*) FROM people;
ROLLBACK;
SELECT count(*) FROM people;
-- dropped columns are skipped, as by mysql_conversation_rows
CREATE TABLE dropped (a int, id bigint, b int, name text);
ALTER TABLE dropped DROP COLUMN a, DROP COLUMN b;
SELECT mysql_conversation_load(server, 'dropped', command => 1) FROM cap;
SELECT * FROM dropped;

-- 300,000 rows: batches of 1,000, a primary key index kept up to date,
-- and the backend's peak memory flat
SET max_parallel_workers = 0;
SET jit = off;
CREATE TEMP TABLE big AS SELECT pg_temp.big_capture(300000) AS server;
-- (a temporary table: its pages are the backend's local buffers, which the
-- capture's table has already filled, not shared buffers that would add to
-- its resident size; the capture is 9.5 MB, and its detoasted copy is kept
-- during the call)
CREATE TEMP TABLE bigp (id bigint PRIMARY KEY, name text NOT NULL CHECK (name LIKE 'user%'));
SELECT pg_temp.hwm_reset();
CREATE TEMP TABLE hwm AS SELECT pg_temp.hwm_kb() AS before;
SELECT mysql_conversation_load(server, 'bigp') FROM big;
SELECT pg_temp.hwm_kb() - before < 16384 AS flat_over_300k_rows FROM hwm;
SELECT count(*) AS rows, sum(id) AS ids, count(DISTINCT name) AS names FROM bigp;
-- every row reachable through the index
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT count(*) AS by_index FROM bigp WHERE id BETWEEN 1 AND 300000;
SELECT name FROM bigp WHERE id = 123457;
RESET enable_seqscan;
RESET enable_bitmapscan;
-- loading again: the primary key refuses the first duplicate, named with
-- the rows being inserted, and nothing of the call stays
SELECT mysql_conversation_load(server, 'bigp') FROM big;
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM bigp;
DROP TABLE bigp;
RESET max_parallel_workers;
RESET jit;

-- constraints are checked as an INSERT checks them, naming the row
CREATE TABLE nn (id bigint NOT NULL, name text);
SELECT mysql_conversation_load(client, server, 'nn', command => 1) FROM cap;
\echo :LAST_ERROR_SQLSTATE
CREATE TABLE chk (id bigint CHECK (id < 2), name text);
SELECT mysql_conversation_load(client, server, 'chk', command => 3) FROM cap;
\echo :LAST_ERROR_SQLSTATE
-- a partition directly: its partition constraint; the partitioned table
-- itself is refused
CREATE TABLE parted (id bigint, name text) PARTITION BY RANGE (id);
CREATE TABLE parted_low PARTITION OF parted FOR VALUES FROM (0) TO (5);
SELECT mysql_conversation_load(client, server, 'parted_low', command => 1) FROM cap;
SELECT mysql_conversation_load(client, server, 'parted_low', command => 3) FROM cap;
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_conversation_load(client, server, 'parted', command => 1) FROM cap;
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM parted;

-- what an INSERT would run besides is refused, with the way to do it
CREATE VIEW people_v AS SELECT * FROM people;
SELECT mysql_conversation_load(server, 'people_v') FROM cap;
\echo :LAST_ERROR_SQLSTATE
CREATE TABLE trig (id bigint, name text);
CREATE FUNCTION trig_f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER trig_t BEFORE INSERT ON trig FOR EACH ROW EXECUTE FUNCTION trig_f();
SELECT mysql_conversation_load(server, 'trig') FROM cap;
\echo :LAST_ERROR_SQLSTATE
-- an update trigger fires on no insert: loaded
DROP TRIGGER trig_t ON trig;
CREATE TRIGGER trig_u BEFORE UPDATE ON trig FOR EACH ROW EXECUTE FUNCTION trig_f();
SELECT mysql_conversation_load(server, 'trig', command => 1) FROM cap;
CREATE TABLE parent (id bigint PRIMARY KEY);
CREATE TABLE child (id bigint REFERENCES parent, name text);
SELECT mysql_conversation_load(server, 'child') FROM cap;
\echo :LAST_ERROR_SQLSTATE
-- the referenced side has only update and delete triggers: loaded
CREATE TABLE parent2 (id bigint PRIMARY KEY, name text);
CREATE TABLE child2 (id bigint REFERENCES parent2);
SELECT mysql_conversation_load(server, 'parent2', command => 3) FROM cap;
CREATE TABLE gen (id bigint, name text, n int GENERATED ALWAYS AS (length(name)) STORED);
SELECT mysql_conversation_load(server, 'gen') FROM cap;
\echo :LAST_ERROR_SQLSTATE
CREATE TABLE rls (id bigint, name text);
ALTER TABLE rls ENABLE ROW LEVEL SECURITY;
CREATE ROLE regress_wc_load;
GRANT INSERT ON rls, people TO regress_wc_load;
GRANT SELECT ON cap TO regress_wc_load;
SET ROLE regress_wc_load;
SELECT mysql_conversation_load(server, 'rls') FROM cap;
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_conversation_load(server, 'one') FROM cap;
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_conversation_load(server, 'people', command => 1) FROM cap;
RESET ROLE;
-- column-level INSERT on every column is enough
CREATE TABLE colpriv (id bigint, name text);
GRANT INSERT (id, name) ON colpriv TO regress_wc_load;
SET ROLE regress_wc_load;
SELECT mysql_conversation_load(server, 'colpriv', command => 1) FROM cap;
RESET ROLE;
REVOKE ALL ON rls, people, colpriv, cap FROM regress_wc_load;
DROP ROLE regress_wc_load;
SELECT mysql_conversation_load(server, 'pg_class') FROM cap;
\echo :LAST_ERROR_SQLSTATE
BEGIN READ ONLY;
SELECT mysql_conversation_load(server, 'people') FROM cap;
\echo :LAST_ERROR_SQLSTATE
ROLLBACK;
SELECT mysql_conversation_load(server, 0::regclass) FROM cap;
\echo :LAST_ERROR_SQLSTATE

-- the decoding errors of mysql_conversation_rows, unchanged
SELECT mysql_conversation_load(client, server, 'one', command => 1) FROM cap;
\echo :LAST_ERROR_SQLSTATE
CREATE TABLE wrong (id bigint, name int);
SELECT mysql_conversation_load(client, server, 'wrong', command => 1) FROM cap;
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_conversation_load(client, overlay(server PLACING '\x09'::bytea FROM 142 FOR 1),
							   'people', command => 1) FROM cap;
\echo :LAST_ERROR_SQLSTATE
SELECT mysql_conversation_load(server, 'people', command => -1) FROM cap;
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM people;

DROP TABLE people, one, dropped, nn, chk, parted, trig, child, parent, child2, parent2, gen, rls,
	colpriv, wrong CASCADE;
DROP FUNCTION trig_f();
