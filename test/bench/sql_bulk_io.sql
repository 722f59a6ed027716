-- sql_bulk_io.sql: bulk I/O of every wirecodec type against the same data
-- as bytea (or bigint) in the same run: text output and input, binary
-- send, COPY TO / FROM in text and binary (1M rows each).  pg_dump /
-- pg_restore of the bulk_dump_* tables made here are timed by run.sh;
-- bulk_report.sql prints the issue-12 targets.
SET work_mem = '256MB';

-- 1M FoundationDB keys without and with a double, and their bytes
CREATE TABLE bulk_fdb AS
SELECT k, k::bytea AS b, k::text AS kt, k::bytea::text AS bt
FROM (SELECT fdb_tuple_pack('users', i, 'name')::fdb_tuple AS k FROM bench_ints) s;
CREATE TABLE bulk_fdbd AS
SELECT k, d, k::bytea AS b, k::text AS kt, k::bytea::text AS bt
FROM (SELECT fdb_tuple_pack('users', i, i * 1.5::float8)::fdb_tuple AS k, i * 1.5::float8 AS d
	  FROM bench_ints) s;
-- hlc_timestamp against the wall time as bigint
CREATE TABLE bulk_hlc AS
SELECT ts, n, ts::text AS tst, n::text AS nt
FROM (SELECT hlc_timestamp(1700000000000000000 + i * 1000, (i % 3)::int) AS ts,
			 1700000000000000000 + i * 1000 AS n
	  FROM bench_ints) s;
-- MVCC keys and versionstamps against their bytes
CREATE TABLE bulk_mvcc AS
SELECT m, m::bytea AS b, m::text AS mt, m::bytea::text AS bt
FROM (SELECT crdb_mvcc_key(crdb_mvcc_key_encode('\x7573657273'::bytea || int8send(i),
											  hlc_timestamp(1700000000000000000 + i * 1000, 0))) AS m
	  FROM bench_ints) s;
CREATE TABLE bulk_vs AS
SELECT v, fdb_versionstamp_send(v) AS b, v::text AS vt, fdb_versionstamp_send(v)::text AS bt
FROM (SELECT fdb_versionstamp(int8send(i) || '\x0001'::bytea, (i % 65536)::int) AS v FROM bench_ints) s;
VACUUM ANALYZE bulk_fdb, bulk_fdbd, bulk_hlc, bulk_mvcc, bulk_vs;

-- Time COPY of one column to a server file and back into an empty table,
-- median of 3 after a warm-up; the TRUNCATE before each load is not timed.
CREATE FUNCTION bench_copy(label text, tbl text, col text, typ text, fmt text,
						   base text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	path text := current_setting('data_directory') || '/bench_copy.' || fmt;
	t timestamptz;
	r_out float8[] := '{}';
	r_in float8[] := '{}';
BEGIN
	EXECUTE format('CREATE UNLOGGED TABLE bench_copy_in (x %s)', typ);
	FOR k IN 0..3 LOOP
		t := clock_timestamp();
		EXECUTE format('COPY %s (%s) TO %L (FORMAT %s)', tbl, col, path, fmt);
		IF k > 0 THEN
			r_out := r_out || (extract(epoch FROM clock_timestamp() - t) * 1000)::float8;
		END IF;
		EXECUTE 'TRUNCATE bench_copy_in';
		t := clock_timestamp();
		EXECUTE format('COPY bench_copy_in FROM %L (FORMAT %s)', path, fmt);
		IF k > 0 THEN
			r_in := r_in || (extract(epoch FROM clock_timestamp() - t) * 1000)::float8;
		END IF;
	END LOOP;
	INSERT INTO bench_results VALUES
		('bulk', format('%s COPY TO (%s)', label, fmt), format('%s COPY TO (%s)', base, fmt), 1000000,
		 (SELECT x FROM unnest(r_out) x ORDER BY x OFFSET 1 LIMIT 1), 0),
		('bulk', format('%s COPY FROM (%s)', label, fmt), format('%s COPY FROM (%s)', base, fmt), 1000000,
		 (SELECT x FROM unnest(r_in) x ORDER BY x OFFSET 1 LIMIT 1), 0);
	EXECUTE 'DROP TABLE bench_copy_in';
END $$;

-- fdb_tuple without doubles
SELECT bench_expr('bulk', 'bytea out [fdb keys]', 'b::text', NULL, 'bulk_fdb');
SELECT bench_expr('bulk', 'fdb_tuple out', 'k::text', 'bytea out [fdb keys]', 'bulk_fdb');
SELECT bench_expr('bulk', 'bytea in [fdb keys]', 'bt::bytea', NULL, 'bulk_fdb');
SELECT bench_expr('bulk', 'fdb_tuple in', 'kt::fdb_tuple', 'bytea in [fdb keys]', 'bulk_fdb');
SELECT bench_expr('bulk', 'byteasend [fdb keys]', 'byteasend(b)', NULL, 'bulk_fdb');
SELECT bench_expr('bulk', 'fdb_tuple_send', 'fdb_tuple_send(k)', 'byteasend [fdb keys]', 'bulk_fdb');
SELECT bench_copy('bytea [fdb keys]', 'bulk_fdb', 'b', 'bytea', 'text');
SELECT bench_copy('fdb_tuple', 'bulk_fdb', 'k', 'fdb_tuple', 'text', 'bytea [fdb keys]');
SELECT bench_copy('bytea [fdb keys]', 'bulk_fdb', 'b', 'bytea', 'binary');
SELECT bench_copy('fdb_tuple', 'bulk_fdb', 'k', 'fdb_tuple', 'binary', 'bytea [fdb keys]');

-- fdb_tuple holding a double: text output against bytea hex output plus
-- float8out of its doubles (the sum of the two, one row)
SELECT bench_expr('bulk', 'bytea out [double keys]', 'b::text', NULL, 'bulk_fdbd');
SELECT bench_expr('bulk', 'float8out [double keys]', 'd::text', NULL, 'bulk_fdbd');
INSERT INTO bench_results
SELECT 'bulk', 'bytea out + float8out [double keys]', NULL, 1000000,
	   sum(ms - scan_ms), 0
FROM bench_results WHERE label IN ('bytea out [double keys]', 'float8out [double keys]');
SELECT bench_expr('bulk', 'fdb_tuple out (double)', 'k::text', 'bytea out + float8out [double keys]', 'bulk_fdbd');
SELECT bench_expr('bulk', 'fdb_tuple_to_jsonb (double)', 'fdb_tuple_to_jsonb(k)', 'bytea out + float8out [double keys]', 'bulk_fdbd');
SELECT bench_expr('bulk', 'bytea in [double keys]', 'bt::bytea', NULL, 'bulk_fdbd');
SELECT bench_expr('bulk', 'fdb_tuple in (double)', 'kt::fdb_tuple', 'bytea in [double keys]', 'bulk_fdbd');
SELECT bench_expr('bulk', 'byteasend [double keys]', 'byteasend(b)', NULL, 'bulk_fdbd');
SELECT bench_expr('bulk', 'fdb_tuple_send (double)', 'fdb_tuple_send(k)', 'byteasend [double keys]', 'bulk_fdbd');
SELECT bench_copy('bytea [double keys]', 'bulk_fdbd', 'b', 'bytea', 'text');
SELECT bench_copy('fdb_tuple (double)', 'bulk_fdbd', 'k', 'fdb_tuple', 'text', 'bytea [double keys]');
SELECT bench_copy('bytea [double keys]', 'bulk_fdbd', 'b', 'bytea', 'binary');
SELECT bench_copy('fdb_tuple (double)', 'bulk_fdbd', 'k', 'fdb_tuple', 'binary', 'bytea [double keys]');

-- hlc_timestamp against bigint
SELECT bench_expr('bulk', 'bigint out', 'n::text', NULL, 'bulk_hlc');
SELECT bench_expr('bulk', 'hlc_timestamp out', 'ts::text', 'bigint out', 'bulk_hlc');
SELECT bench_expr('bulk', 'bigint in', 'nt::bigint', NULL, 'bulk_hlc');
SELECT bench_expr('bulk', 'hlc_timestamp in', 'tst::hlc_timestamp', 'bigint in', 'bulk_hlc');
SELECT bench_expr('bulk', 'int8send', 'int8send(n)', NULL, 'bulk_hlc');
SELECT bench_expr('bulk', 'hlc_timestamp_send', 'hlc_timestamp_send(ts)', 'int8send', 'bulk_hlc');
SELECT bench_copy('bigint', 'bulk_hlc', 'n', 'bigint', 'text');
SELECT bench_copy('hlc_timestamp', 'bulk_hlc', 'ts', 'hlc_timestamp', 'text', 'bigint');
SELECT bench_copy('bigint', 'bulk_hlc', 'n', 'bigint', 'binary');
SELECT bench_copy('hlc_timestamp', 'bulk_hlc', 'ts', 'hlc_timestamp', 'binary', 'bigint');

-- crdb_mvcc_key against its bytes
SELECT bench_expr('bulk', 'bytea out [mvcc keys]', 'b::text', NULL, 'bulk_mvcc');
SELECT bench_expr('bulk', 'crdb_mvcc_key out', 'm::text', 'bytea out [mvcc keys]', 'bulk_mvcc');
SELECT bench_expr('bulk', 'bytea in [mvcc keys]', 'bt::bytea', NULL, 'bulk_mvcc');
SELECT bench_expr('bulk', 'crdb_mvcc_key in', 'mt::crdb_mvcc_key', 'bytea in [mvcc keys]', 'bulk_mvcc');
SELECT bench_expr('bulk', 'byteasend [mvcc keys]', 'byteasend(b)', NULL, 'bulk_mvcc');
SELECT bench_expr('bulk', 'crdb_mvcc_key_send', 'crdb_mvcc_key_send(m)', 'byteasend [mvcc keys]', 'bulk_mvcc');
SELECT bench_copy('bytea [mvcc keys]', 'bulk_mvcc', 'b', 'bytea', 'text');
SELECT bench_copy('crdb_mvcc_key', 'bulk_mvcc', 'm', 'crdb_mvcc_key', 'text', 'bytea [mvcc keys]');
SELECT bench_copy('bytea [mvcc keys]', 'bulk_mvcc', 'b', 'bytea', 'binary');
SELECT bench_copy('crdb_mvcc_key', 'bulk_mvcc', 'm', 'crdb_mvcc_key', 'binary', 'bytea [mvcc keys]');

-- fdb_versionstamp against its 12 bytes
SELECT bench_expr('bulk', 'bytea out [versionstamps]', 'b::text', NULL, 'bulk_vs');
SELECT bench_expr('bulk', 'fdb_versionstamp out', 'v::text', 'bytea out [versionstamps]', 'bulk_vs');
SELECT bench_expr('bulk', 'bytea in [versionstamps]', 'bt::bytea', NULL, 'bulk_vs');
SELECT bench_expr('bulk', 'fdb_versionstamp in', 'vt::fdb_versionstamp', 'bytea in [versionstamps]', 'bulk_vs');
SELECT bench_expr('bulk', 'byteasend [versionstamps]', 'byteasend(b)', NULL, 'bulk_vs');
SELECT bench_expr('bulk', 'fdb_versionstamp_send', 'fdb_versionstamp_send(v)', 'byteasend [versionstamps]', 'bulk_vs');
SELECT bench_copy('bytea [versionstamps]', 'bulk_vs', 'b', 'bytea', 'text');
SELECT bench_copy('fdb_versionstamp', 'bulk_vs', 'v', 'fdb_versionstamp', 'text', 'bytea [versionstamps]');
SELECT bench_copy('bytea [versionstamps]', 'bulk_vs', 'b', 'bytea', 'binary');
SELECT bench_copy('fdb_versionstamp', 'bulk_vs', 'v', 'fdb_versionstamp', 'binary', 'bytea [versionstamps]');

-- one-column tables for pg_dump / pg_restore (run.sh)
CREATE TABLE bulk_dump_fdb AS SELECT k FROM bulk_fdb;
CREATE TABLE bulk_dump_fdb_bytea AS SELECT b FROM bulk_fdb;
CREATE TABLE bulk_dump_fdbd AS SELECT k FROM bulk_fdbd;
CREATE TABLE bulk_dump_fdbd_bytea AS SELECT b FROM bulk_fdbd;
CREATE TABLE bulk_dump_hlc AS SELECT ts FROM bulk_hlc;
CREATE TABLE bulk_dump_hlc_bigint AS SELECT n FROM bulk_hlc;
CREATE TABLE bulk_dump_mvcc AS SELECT m FROM bulk_mvcc;
CREATE TABLE bulk_dump_mvcc_bytea AS SELECT b FROM bulk_mvcc;
CREATE TABLE bulk_dump_vs AS SELECT v FROM bulk_vs;
CREATE TABLE bulk_dump_vs_bytea AS SELECT b FROM bulk_vs;
VACUUM ANALYZE bulk_dump_fdb, bulk_dump_fdb_bytea, bulk_dump_fdbd, bulk_dump_fdbd_bytea,
	bulk_dump_hlc, bulk_dump_hlc_bigint, bulk_dump_mvcc, bulk_dump_mvcc_bytea,
	bulk_dump_vs, bulk_dump_vs_bytea;
