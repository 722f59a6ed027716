-- mysql_binlog_tables: what the TABLE_MAPs of a binlog say of its tables'
-- columns, over the real binlog files of test/vectors/binlog: names, MySQL
-- types, the PostgreSQL types that take their values, keys, collations and
-- ENUM/SET names; a table listed again when its shape changes.
\set VERBOSITY default
\set ECHO none
\i sql/mysql_binlog_vectors.psql
\set a2 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000002 | tr -d ' \n'`
\set a3 `od -An -v -tx1 test/vectors/binlog/mariadb-10.11-apply.000003 | tr -d ' \n'`
INSERT INTO bl VALUES ('apply.000002', decode(:'a2', 'hex')), ('apply.000003', decode(:'a3', 'hex'));
\set ECHO all

-- every column type of MariaDB with binlog_row_metadata=FULL
SELECT schema_name, table_name, column_index AS i, column_name, mysql_type, pg_type, nullable,
	   primary_key AS pk, collation_id, enum_values
FROM bl, mysql_binlog_tables(b) WHERE name = 'full' ORDER BY event_index, column_index;
-- each shape once: the file maps its tables many times
SELECT table_name, count(DISTINCT event_index) AS listed,
	   (SELECT count(*) FROM bl x, mysql_binlog_events(x.b) e
		WHERE x.name = 'full' AND e.event_type_name = 'TABLE_MAP_EVENT') AS table_maps
FROM bl, mysql_binlog_tables(b) WHERE name = 'full' GROUP BY table_name ORDER BY table_name;

-- tables made of these types take every row the file has: each loaded
-- with mysql_binlog_load, as many rows as the typed images, none differing
DO $$
DECLARE
	r record;
BEGIN
	FOR r IN SELECT table_name, string_agg(format('%I %s', column_name, pg_type), ', ' ORDER BY column_index) AS cols
			 FROM bl, mysql_binlog_tables(b) WHERE name = 'full' AND table_name <> 'many' GROUP BY table_name LOOP
		EXECUTE format('CREATE TEMP TABLE %I (%s)', 'mt_' || r.table_name, r.cols);
	END LOOP;
END $$;
SELECT t, (SELECT mysql_binlog_load(b, 'wcb', t, ('mt_' || t)::regclass) FROM bl WHERE name = 'full') AS loaded,
	   (SELECT count(*) FROM bl, mysql_binlog_rows(b) r
		WHERE name = 'full' AND r.table_name = t AND r.change <> 'delete') AS images
FROM unnest('{ints,nums,times,strs}'::text[]) t;
SELECT count(*) AS different FROM (
	SELECT * FROM mt_ints EXCEPT ALL
	SELECT (r.after).* FROM bl, mysql_binlog_rows(b, 'wcb', 'ints', NULL::mt_ints) r
	WHERE name = 'full' AND r.change <> 'delete') d;

-- a table that changes shape (ALTER TABLE ADD COLUMN between): listed again
SELECT event_index, table_name, column_index AS i, column_name, mysql_type, pg_type, primary_key AS pk
FROM bl, mysql_binlog_tables(b) WHERE name IN ('apply.000002', 'apply.000003')
ORDER BY name, event_index, column_index;

-- without the optional metadata (MySQL 5.1): types alone, no names or keys
SELECT table_name, column_index AS i, column_name, mysql_type, pg_type, nullable, primary_key AS pk, collation_id
FROM bl, mysql_binlog_tables(b) WHERE name = 'mysql51' ORDER BY event_index, column_index;
-- MySQL 8.0's compressed transaction payloads: the maps inside them
SELECT table_name, column_index AS i, column_name, mysql_type, pg_type, primary_key AS pk
FROM bl, mysql_binlog_tables(b) WHERE name = 'mysql80' ORDER BY event_index, column_index;

-- a large object gives the same rows
SELECT lo_from_bytea(0, b) AS lo FROM bl WHERE name = 'full' \gset
SELECT count(*) AS different FROM (
	(SELECT * FROM mysql_binlog_tables_lo(:lo) EXCEPT ALL SELECT t.* FROM bl, mysql_binlog_tables(b) t WHERE name = 'full')
	UNION ALL
	(SELECT t.* FROM bl, mysql_binlog_tables(b) t WHERE name = 'full' EXCEPT ALL SELECT * FROM mysql_binlog_tables_lo(:lo))) d;
SELECT lo_unlink(:lo);

-- errors: a file cut inside an event, not a binlog
SELECT count(*) FROM bl, mysql_binlog_tables(substr(b, 1, 300)) WHERE name = 'full';
SELECT * FROM mysql_binlog_tables('\x00112233');
