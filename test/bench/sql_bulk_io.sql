-- sql_bulk_io.sql: bulk I/O of every wirecodec type against the same data
-- as bytea (or bigint) in the same run: text output and input, binary
-- send, COPY TO / FROM in text and binary (1M rows each), each timed in
-- rounds alternating with its base (bench_pair, bench_copy) so that a slow
-- spell of the shared machine hits both.  pg_dump /
-- pg_restore of the bulk_dump_* tables made here are timed by run.sh;
-- bulk_report.sql prints them against their targets.
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

-- Time COPY of a column to a server file and back into an empty table,
-- against the same for the base column of the same table, in alternating
-- rounds (base first in odd rounds, the type first in even ones), 9 rounds
-- after a warm-up; the TRUNCATE before each load is not timed.  Rows keep
-- the median times and the median of the per-round ratios (bench_pair).
CREATE FUNCTION bench_copy_time(tbl text, col text, typ text, fmt text, OUT t_out float8,
								OUT t_in float8) LANGUAGE plpgsql AS $$
DECLARE
	path text := current_setting('data_directory') || '/bench_copy.' || fmt;
	t timestamptz;
BEGIN
	EXECUTE format('CREATE UNLOGGED TABLE bench_copy_in (x %s)', typ);
	t := clock_timestamp();
	EXECUTE format('COPY %s (%s) TO %L (FORMAT %s)', tbl, col, path, fmt);
	t_out := extract(epoch FROM clock_timestamp() - t) * 1000;
	t := clock_timestamp();
	EXECUTE format('COPY bench_copy_in FROM %L (FORMAT %s)', path, fmt);
	t_in := extract(epoch FROM clock_timestamp() - t) * 1000;
	EXECUTE 'DROP TABLE bench_copy_in';
END $$;

CREATE FUNCTION bench_copy(label text, tbl text, col text, typ text, fmt text,
						   base text, base_col text, base_typ text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	s_out float8[] := '{}'; s_in float8[] := '{}';
	b_out float8[] := '{}'; b_in float8[] := '{}';
	q_out float8[] := '{}'; q_in float8[] := '{}';
	so float8; si float8; bo float8; bi float8;
BEGIN
	PERFORM bench_copy_time(tbl, base_col, base_typ, fmt);
	PERFORM bench_copy_time(tbl, col, typ, fmt);
	FOR k IN 1..9 LOOP
		IF k % 2 = 1 THEN
			SELECT * INTO bo, bi FROM bench_copy_time(tbl, base_col, base_typ, fmt);
			SELECT * INTO so, si FROM bench_copy_time(tbl, col, typ, fmt);
		ELSE
			SELECT * INTO so, si FROM bench_copy_time(tbl, col, typ, fmt);
			SELECT * INTO bo, bi FROM bench_copy_time(tbl, base_col, base_typ, fmt);
		END IF;
		s_out := s_out || so; s_in := s_in || si;
		b_out := b_out || bo; b_in := b_in || bi;
		q_out := q_out || so / bo; q_in := q_in || si / bi;
	END LOOP;
	IF NOT EXISTS (SELECT 1 FROM bench_results r
				   WHERE r.label = format('%s COPY TO (%s)', bench_copy.base, fmt) AND r.codec = 'bulk') THEN
		INSERT INTO bench_results VALUES
			('bulk', format('%s COPY TO (%s)', base, fmt), NULL, 1000000,
			 (SELECT x FROM unnest(b_out) x ORDER BY x OFFSET 4 LIMIT 1), 0),
			('bulk', format('%s COPY FROM (%s)', base, fmt), NULL, 1000000,
			 (SELECT x FROM unnest(b_in) x ORDER BY x OFFSET 4 LIMIT 1), 0);
	END IF;
	INSERT INTO bench_results VALUES
		('bulk', format('%s COPY TO (%s)', label, fmt), format('%s COPY TO (%s)', base, fmt), 1000000,
		 (SELECT x FROM unnest(s_out) x ORDER BY x OFFSET 4 LIMIT 1), 0,
		 (SELECT x FROM unnest(q_out) x ORDER BY x OFFSET 4 LIMIT 1)),
		('bulk', format('%s COPY FROM (%s)', label, fmt), format('%s COPY FROM (%s)', base, fmt), 1000000,
		 (SELECT x FROM unnest(s_in) x ORDER BY x OFFSET 4 LIMIT 1), 0,
		 (SELECT x FROM unnest(q_in) x ORDER BY x OFFSET 4 LIMIT 1));
END $$;

-- fdb_tuple without doubles
SELECT bench_pair('bulk', 'fdb_tuple out', 'k::text', 'bytea out [fdb keys]', 'b::text', 'bulk_fdb');
SELECT bench_pair('bulk', 'fdb_tuple in', 'kt::fdb_tuple', 'bytea in [fdb keys]', 'bt::bytea', 'bulk_fdb');
SELECT bench_pair('bulk', 'fdb_tuple in (bytea hex form)', 'bt::fdb_tuple', 'bytea in [fdb keys]', 'bt::bytea', 'bulk_fdb');
SELECT bench_pair('bulk', 'fdb_tuple_send', 'fdb_tuple_send(k)', 'byteasend [fdb keys]', 'byteasend(b)', 'bulk_fdb');
SELECT bench_copy('fdb_tuple', 'bulk_fdb', 'k', 'fdb_tuple', 'text', 'bytea [fdb keys]', 'b', 'bytea');
SELECT bench_copy('fdb_tuple', 'bulk_fdb', 'k', 'fdb_tuple', 'binary', 'bytea [fdb keys]', 'b', 'bytea');

-- fdb_tuple holding a double: text output against bytea hex output plus
-- float8out of its doubles (both in the same scan)
SELECT bench_pair('bulk', 'fdb_tuple out (double)', 'k::text', 'bytea out + float8out [double keys]',
				  'b::text', 'bulk_fdbd', 'd::text');
SELECT bench_pair('bulk', 'fdb_tuple_to_jsonb (double)', 'fdb_tuple_to_jsonb(k)',
				  'bytea out + float8out [double keys]', 'b::text', 'bulk_fdbd', 'd::text');
SELECT bench_pair('bulk', 'fdb_tuple in (double)', 'kt::fdb_tuple', 'bytea in [double keys]', 'bt::bytea', 'bulk_fdbd');
SELECT bench_pair('bulk', 'fdb_tuple_send (double)', 'fdb_tuple_send(k)', 'byteasend [double keys]', 'byteasend(b)', 'bulk_fdbd');
SELECT bench_copy('fdb_tuple (double)', 'bulk_fdbd', 'k', 'fdb_tuple', 'text', 'bytea [double keys]', 'b', 'bytea');
SELECT bench_copy('fdb_tuple (double)', 'bulk_fdbd', 'k', 'fdb_tuple', 'binary', 'bytea [double keys]', 'b', 'bytea');

-- hlc_timestamp against bigint
SELECT bench_pair('bulk', 'hlc_timestamp out', 'ts::text', 'bigint out', 'n::text', 'bulk_hlc');
SELECT bench_pair('bulk', 'hlc_timestamp in', 'tst::hlc_timestamp', 'bigint in', 'nt::bigint', 'bulk_hlc');
SELECT bench_pair('bulk', 'hlc_timestamp_send', 'hlc_timestamp_send(ts)', 'int8send', 'int8send(n)', 'bulk_hlc');
SELECT bench_copy('hlc_timestamp', 'bulk_hlc', 'ts', 'hlc_timestamp', 'text', 'bigint', 'n', 'bigint');
SELECT bench_copy('hlc_timestamp', 'bulk_hlc', 'ts', 'hlc_timestamp', 'binary', 'bigint', 'n', 'bigint');

-- crdb_mvcc_key against its bytes
SELECT bench_pair('bulk', 'crdb_mvcc_key out', 'm::text', 'bytea out [mvcc keys]', 'b::text', 'bulk_mvcc');
SELECT bench_pair('bulk', 'crdb_mvcc_key in', 'mt::crdb_mvcc_key', 'bytea in [mvcc keys]', 'bt::bytea', 'bulk_mvcc');
SELECT bench_pair('bulk', 'crdb_mvcc_key_send', 'crdb_mvcc_key_send(m)', 'byteasend [mvcc keys]', 'byteasend(b)', 'bulk_mvcc');
SELECT bench_copy('crdb_mvcc_key', 'bulk_mvcc', 'm', 'crdb_mvcc_key', 'text', 'bytea [mvcc keys]', 'b', 'bytea');
SELECT bench_copy('crdb_mvcc_key', 'bulk_mvcc', 'm', 'crdb_mvcc_key', 'binary', 'bytea [mvcc keys]', 'b', 'bytea');

-- fdb_versionstamp against its 12 bytes
SELECT bench_pair('bulk', 'fdb_versionstamp out', 'v::text', 'bytea out [versionstamps]', 'b::text', 'bulk_vs');
SELECT bench_pair('bulk', 'fdb_versionstamp in', 'vt::fdb_versionstamp', 'bytea in [versionstamps]', 'bt::bytea', 'bulk_vs');
SELECT bench_pair('bulk', 'fdb_versionstamp_send', 'fdb_versionstamp_send(v)', 'byteasend [versionstamps]', 'byteasend(b)', 'bulk_vs');
SELECT bench_copy('fdb_versionstamp', 'bulk_vs', 'v', 'fdb_versionstamp', 'text', 'bytea [versionstamps]', 'b', 'bytea');
SELECT bench_copy('fdb_versionstamp', 'bulk_vs', 'v', 'fdb_versionstamp', 'binary', 'bytea [versionstamps]', 'b', 'bytea');

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
