-- bench_setup.sql: helpers for the SQL-level benchmarks (test/bench/run.sh).
-- A case is timed 5 times and its median kept.  Per-row cost is the time
-- over the cost of scanning the same table, so ratios compare what the
-- expressions themselves cost.
SET max_parallel_workers_per_gather = 0;
SET jit = off;

CREATE TABLE bench_ints AS SELECT i::bigint AS i FROM generate_series(1, 1000000) i;
VACUUM ANALYZE bench_ints;

CREATE TABLE bench_results (
	codec text, label text, base text, rows bigint, ms float8, scan_ms float8
);

-- Median of 5 timings of a query, in ms (after one warm-up run).
CREATE FUNCTION bench_time(q text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
	t timestamptz;
	r float8[] := '{}';
BEGIN
	EXECUTE q;
	FOR k IN 1..5 LOOP
		t := clock_timestamp();
		EXECUTE q;
		r := r || (extract(epoch FROM clock_timestamp() - t) * 1000)::float8;
	END LOOP;
	RETURN (SELECT x FROM unnest(r) x ORDER BY x OFFSET 2 LIMIT 1);
END $$;

-- Time count(expr) over every row of tbl; base names the row to compare with.
CREATE FUNCTION bench_expr(codec text, label text, expr text, base text DEFAULT NULL,
						   tbl text DEFAULT 'bench_ints') RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	EXECUTE format('SELECT count(*) FROM %s', tbl) INTO n;
	INSERT INTO bench_results VALUES (codec, label, base, n,
		bench_time(format('SELECT count(%s) FROM %s', expr, tbl)),
		bench_time(format('SELECT count(*) FROM %s', tbl)));
END $$;

-- Time a whole query (e.g. a sort); no scan cost is subtracted.
CREATE FUNCTION bench_query(codec text, label text, q text, base text DEFAULT NULL,
							n bigint DEFAULT 1000000) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO bench_results VALUES (codec, label, base, n, bench_time(q), 0);
END $$;
