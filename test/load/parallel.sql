-- parallel.sql: a parallel plan for building keys over :rows rows, and its
-- speed-up with 2 workers over 0, each timed as the median of 3 runs.
\set QUIET on
SET jit = off;
CREATE TABLE par_rows AS SELECT i::bigint AS i FROM generate_series(1, :rows) i;
VACUUM ANALYZE par_rows;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;

CREATE FUNCTION par_time(q text, workers int) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
	t timestamptz;
	r float8[] := '{}';
BEGIN
	EXECUTE format('SET max_parallel_workers_per_gather = %s', workers);
	FOR k IN 1..3 LOOP
		t := clock_timestamp();
		EXECUTE q;
		r := r || (extract(epoch FROM clock_timestamp() - t) * 1000)::float8;
	END LOOP;
	RETURN (SELECT x FROM unnest(r) x ORDER BY x OFFSET 1 LIMIT 1);
END $$;

-- The plan with 2 workers, as EXPLAIN (COSTS OFF) prints it.
CREATE FUNCTION par_plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	SET max_parallel_workers_per_gather = 2;
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		RETURN NEXT line;
	END LOOP;
END $$;

CREATE TABLE par_cases (label text, q text);
INSERT INTO par_cases VALUES
	('fdb_tuple_pack', 'SELECT sum(length(fdb_tuple_pack(''users'', i, ''by_id''))) FROM par_rows'),
	('crdb_mvcc_key_encode', 'SELECT sum(length(crdb_mvcc_key_encode(int8send(i), hlc_timestamp(i, 1)))) FROM par_rows');

\set QUIET off
SELECT label, par_plan(q) AS plan_with_2_workers FROM par_cases;
SELECT label, round(ms0::numeric) AS ms_0_workers, round(ms2::numeric) AS ms_2_workers,
	   round((ms0 / ms2)::numeric, 2) AS speedup
FROM (SELECT label, par_time(q, 0) AS ms0, par_time(q, 2) AS ms2 FROM par_cases) t;
