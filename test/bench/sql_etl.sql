-- sql_etl.sql: decoding into a table against moving the same typed rows.
-- Each job loads an unlogged table and is timed against baselines loading
-- the same table in the same run, in alternating rounds (bench_load):
-- INSERT ... SELECT of the same typed rows from a table, COPY FROM of the
-- same rows as CSV, generate_series in FROM (for the packet scan), and
-- MariaDB Connector/C reading the same result set (added by run.sh).
-- Functions are called in FROM (the LATERAL form).

-- bench_load (bench_setup.sql) times each job.

-- A file in the data directory, for COPY.
CREATE FUNCTION bench_etl_path(name text) RETURNS text LANGUAGE sql AS
$$ SELECT current_setting('data_directory') || '/' || name $$;
CREATE FUNCTION bench_etl_copy_out(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('COPY %s TO %L (FORMAT csv)', tbl, bench_etl_path(tbl || '.csv'));
END $$;

-- ---------------------------------------------------------------------
-- 1. 500,000 FoundationDB keys ('users', id, email, score) into a
--    4-column table
CREATE UNLOGGED TABLE bench_etl_uk_src (dir text, id int8, email text, score float8);
INSERT INTO bench_etl_uk_src
SELECT 'users', i, 'user' || i || '@example.com', i * 0.5 FROM bench_ints WHERE i <= 500000;
CREATE UNLOGGED TABLE bench_etl_keys AS
SELECT fdb_tuple_pack(dir, id, email, score) AS k FROM bench_etl_uk_src;
CREATE UNLOGGED TABLE bench_etl_uk (LIKE bench_etl_uk_src);
SELECT bench_etl_copy_out('bench_etl_uk_src');
VACUUM ANALYZE bench_etl_uk_src, bench_etl_keys;

SELECT bench_load('etl', 'fdb keys: INSERT SELECT p.* FROM keys, fdb_tuple_populate_record(NULL::uk, k) p',
	'INSERT INTO bench_etl_uk SELECT p.* FROM bench_etl_keys, fdb_tuple_populate_record(NULL::bench_etl_uk, k) AS p',
	'fdb keys base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_etl_uk SELECT * FROM bench_etl_uk_src', 'bench_etl_uk', 500000);
SELECT bench_load('etl', 'fdb keys: INSERT SELECT (r).* FROM (SELECT fdb_tuple_populate_record(..) r OFFSET 0)',
	'INSERT INTO bench_etl_uk SELECT (r).* FROM (SELECT fdb_tuple_populate_record(NULL::bench_etl_uk, k) AS r FROM bench_etl_keys OFFSET 0) s',
	'fdb keys base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_etl_uk SELECT * FROM bench_etl_uk_src', 'bench_etl_uk', 500000);
SELECT bench_load('etl', 'fdb keys: INSERT SELECT four fdb_tuple_get_* getters',
	'INSERT INTO bench_etl_uk SELECT fdb_tuple_get_text(k, 0), fdb_tuple_get_int8(k, 1), fdb_tuple_get_text(k, 2), fdb_tuple_get_float8(k, 3) FROM bench_etl_keys',
	'fdb keys base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_etl_uk SELECT * FROM bench_etl_uk_src', 'bench_etl_uk', 500000);
SELECT bench_load('etl', 'fdb keys: INSERT SELECT p.* FROM keys, fdb_tuple_populate_record(..) p [vs COPY]',
	'INSERT INTO bench_etl_uk SELECT p.* FROM bench_etl_keys, fdb_tuple_populate_record(NULL::bench_etl_uk, k) AS p',
	'fdb keys base: COPY FROM csv',
	format('COPY bench_etl_uk FROM %L (FORMAT csv)', bench_etl_path('bench_etl_uk_src.csv')), 'bench_etl_uk', 500000);
-- the loader: fdb_tuple_load inserts each key's row of the array itself
SELECT bench_load('etl', 'fdb keys: SELECT fdb_tuple_load(array_agg(k), uk) FROM keys (loader)',
	$q$SELECT fdb_tuple_load(array_agg(k), 'bench_etl_uk') FROM bench_etl_keys$q$,
	'fdb keys base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_etl_uk SELECT * FROM bench_etl_uk_src', 'bench_etl_uk', 500000);
SELECT bench_load('etl', 'fdb keys: SELECT fdb_tuple_load(array_agg(k), uk) FROM keys (loader) [vs COPY]',
	$q$SELECT fdb_tuple_load(array_agg(k), 'bench_etl_uk') FROM bench_etl_keys$q$,
	'fdb keys base: COPY FROM csv',
	format('COPY bench_etl_uk FROM %L (FORMAT csv)', bench_etl_path('bench_etl_uk_src.csv')), 'bench_etl_uk', 500000);
-- the function alone, without the INSERT: per-call cost in the select
-- list and in FROM
SELECT bench_load('etl', 'fdb keys: count(fdb_tuple_populate_record(..)) in the select list',
	'SELECT count(fdb_tuple_populate_record(NULL::bench_etl_uk, k)) FROM bench_etl_keys',
	'fdb keys base: count(k)', 'SELECT count(k) FROM bench_etl_keys', NULL, 500000);
SELECT bench_load('etl', 'fdb keys: count(p.id) FROM keys, fdb_tuple_populate_record(..) p',
	'SELECT count(p.id) FROM bench_etl_keys, fdb_tuple_populate_record(NULL::bench_etl_uk, k) AS p',
	'fdb keys base: count(k)', 'SELECT count(k) FROM bench_etl_keys', NULL, 500000);

-- ---------------------------------------------------------------------
-- 2. a captured server stream of 100,000 text rows (LONG, VAR_STRING,
--    DATETIME) into a 3-column table
CREATE TABLE bench_etl_capture AS SELECT bench_capture(100000) AS server;
CREATE UNLOGGED TABLE bench_etl_t_src (id bigint, name text, ts timestamp);
INSERT INTO bench_etl_t_src
SELECT i, 'user' || i || '@example.com', timestamp '2024-01-01' + i * interval '1 second'
FROM generate_series(1, 100000) i;
CREATE UNLOGGED TABLE bench_etl_t (LIKE bench_etl_t_src);
SELECT bench_etl_copy_out('bench_etl_t_src');
VACUUM ANALYZE bench_etl_capture, bench_etl_t_src;

SELECT bench_load('etl', 'capture: INSERT SELECT p.* FROM cap, mysql_conversation_rows(server, NULL::t) p',
	'INSERT INTO bench_etl_t SELECT p.* FROM bench_etl_capture, mysql_conversation_rows(server, NULL::bench_etl_t) AS p',
	'capture base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_etl_t SELECT * FROM bench_etl_t_src', 'bench_etl_t', 100000);
SELECT bench_load('etl', 'capture: INSERT SELECT r.* FROM cap, mysql_conversation c, mysql_row_populate_record(..) r',
	$q$INSERT INTO bench_etl_t SELECT r.* FROM bench_etl_capture, mysql_conversation(server) AS c,
		mysql_row_populate_record(NULL::bench_etl_t, c.payload, c.columns, false, c.row_number) AS r
		WHERE c.kind = 'text_row'$q$,
	'capture base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_etl_t SELECT * FROM bench_etl_t_src', 'bench_etl_t', 100000);
SELECT bench_load('etl', 'capture: INSERT SELECT p.* FROM cap, mysql_conversation_rows(..) p [vs COPY]',
	'INSERT INTO bench_etl_t SELECT p.* FROM bench_etl_capture, mysql_conversation_rows(server, NULL::bench_etl_t) AS p',
	'capture base: COPY FROM csv',
	format('COPY bench_etl_t FROM %L (FORMAT csv)', bench_etl_path('bench_etl_t_src.csv')), 'bench_etl_t', 100000);

-- the loader: the same rows inserted by mysql_conversation_load, without
-- the function scan
SELECT bench_load('etl', 'capture: mysql_conversation_load(server, t) (loader)',
	$q$SELECT mysql_conversation_load(server, 'bench_etl_t') FROM bench_etl_capture$q$,
	'capture base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_etl_t SELECT * FROM bench_etl_t_src', 'bench_etl_t', 100000);
SELECT bench_load('etl', 'capture: mysql_conversation_load(server, t) (loader) [vs COPY]',
	$q$SELECT mysql_conversation_load(server, 'bench_etl_t') FROM bench_etl_capture$q$,
	'capture base: COPY FROM csv',
	format('COPY bench_etl_t FROM %L (FORMAT csv)', bench_etl_path('bench_etl_t_src.csv')), 'bench_etl_t', 100000);

-- decoding alone (no INSERT): the row of the client-library comparison
SELECT bench_load('etl', 'capture: count(*) FROM cap, mysql_conversation_rows(..) (decode only)',
	'SELECT count(*) FROM bench_etl_capture, mysql_conversation_rows(server, NULL::bench_etl_t) AS p',
	'capture base: count(*) FROM typed rows', 'SELECT count(*) FROM bench_etl_t_src', NULL, 100000);

-- 3. count(*) over mysql_conversation (100,007 packets)
SELECT bench_load('etl', 'packets: count(*) FROM cap, mysql_conversation(server)',
	'SELECT count(*) FROM bench_etl_capture, mysql_conversation(server)',
	'packets base: count(*) FROM generate_series(1, 100007)',
	'SELECT count(*) FROM generate_series(1, 100007)', NULL, 100007);

-- ---------------------------------------------------------------------
-- 4. 500,000 CockroachDB MVCC keys into a (key bytea, ts hlc_timestamp) table
CREATE UNLOGGED TABLE bench_etl_mvcc_src (key bytea, ts hlc_timestamp);
INSERT INTO bench_etl_mvcc_src
SELECT convert_to('/Table/104/1/user' || i, 'UTF8'), hlc_timestamp(1700000000000000000 + i * 1000, (i % 3)::int)
FROM bench_ints WHERE i <= 500000;
CREATE UNLOGGED TABLE bench_etl_mvcc_keys AS
SELECT crdb_mvcc_key_encode(key, ts)::bytea AS k FROM bench_etl_mvcc_src;
CREATE UNLOGGED TABLE bench_etl_mvcc (LIKE bench_etl_mvcc_src);
SELECT bench_etl_copy_out('bench_etl_mvcc_src');
VACUUM ANALYZE bench_etl_mvcc_src, bench_etl_mvcc_keys;

SELECT bench_load('etl', 'mvcc keys: INSERT SELECT d.* FROM keys, crdb_mvcc_key_decode(k) d',
	'INSERT INTO bench_etl_mvcc SELECT d.* FROM bench_etl_mvcc_keys, crdb_mvcc_key_decode(k) AS d',
	'mvcc keys base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_etl_mvcc SELECT * FROM bench_etl_mvcc_src', 'bench_etl_mvcc', 500000);
SELECT bench_load('etl', 'mvcc keys: INSERT SELECT (crdb_mvcc_key_decode(k)).* (old form)',
	'INSERT INTO bench_etl_mvcc SELECT (crdb_mvcc_key_decode(k)).* FROM bench_etl_mvcc_keys',
	'mvcc keys base: INSERT SELECT * FROM typed rows',
	'INSERT INTO bench_etl_mvcc SELECT * FROM bench_etl_mvcc_src', 'bench_etl_mvcc', 500000);
SELECT bench_load('etl', 'mvcc keys: INSERT SELECT d.* FROM keys, crdb_mvcc_key_decode(k) d [vs COPY]',
	'INSERT INTO bench_etl_mvcc SELECT d.* FROM bench_etl_mvcc_keys, crdb_mvcc_key_decode(k) AS d',
	'mvcc keys base: COPY FROM csv',
	format('COPY bench_etl_mvcc FROM %L (FORMAT csv)', bench_etl_path('bench_etl_mvcc_src.csv')), 'bench_etl_mvcc', 500000);

-- ---------------------------------------------------------------------
-- 5. memory: the backend's peak resident size (VmHWM) while 100,000 and
--    then 1,000,000 captured rows are decoded into a table
CREATE TABLE bench_etl_memory (rows bigint, capture_mb numeric, peak_growth_kb bigint);
CREATE FUNCTION bench_etl_hwm_kb() RETURNS bigint LANGUAGE sql AS
$$ SELECT substring(pg_read_file('/proc/self/status') FROM 'VmHWM:\s*(\d+)')::bigint $$;
CREATE TABLE bench_etl_capture_1m AS SELECT bench_capture(1000000) AS server;
CREATE FUNCTION bench_etl_memory_case(tbl text, n bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	h0 bigint;
	mb numeric;
BEGIN
	EXECUTE format('SELECT round(length(server) / 1048576.0, 1) FROM %s', tbl) INTO mb;
	TRUNCATE bench_etl_t;
	h0 := bench_etl_hwm_kb();
	EXECUTE format('INSERT INTO bench_etl_t SELECT p.* FROM %s, mysql_conversation_rows(server, NULL::bench_etl_t) AS p', tbl);
	INSERT INTO bench_etl_memory VALUES (n, mb, bench_etl_hwm_kb() - h0);
END $$;
SELECT bench_etl_memory_case('bench_etl_capture', 100000);
SELECT bench_etl_memory_case('bench_etl_capture_1m', 1000000);
