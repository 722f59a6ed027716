-- memory_framework.sql: call a decoder N times in one backend and report
-- the backend's memory before and after: the total of
-- pg_backend_memory_contexts (what stays allocated) and the peak resident
-- size VmHWM (what a per-call allocation escaping the per-row context would
-- grow).  Rows land in mem_results.
SET max_parallel_workers_per_gather = 0;
SET jit = off;

CREATE TABLE mem_results (
	label text, calls bigint, ctx_before bigint, ctx_after bigint,
	hwm_before_kb bigint, hwm_after_kb bigint, seconds numeric
);

-- Peak resident set size of this backend, in kB.
CREATE FUNCTION mem_hwm_kb() RETURNS bigint LANGUAGE sql AS
$$ SELECT substring(pg_read_file('/proc/self/status') FROM 'VmHWM:\s*(\d+)')::bigint $$;

-- Bytes allocated in all memory contexts of this backend.
CREATE FUNCTION mem_ctx_total() RETURNS bigint LANGUAGE sql AS
$$ SELECT sum(total_bytes)::bigint FROM pg_backend_memory_contexts $$;

-- Run count(expr) over seed_table repeated until calls rows; expr may use
-- the seed table's columns.
CREATE FUNCTION mem_case(label text, expr text, seed_table text, calls bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	nseeds bigint;
	c0 bigint; c1 bigint; h0 bigint; h1 bigint;
	t timestamptz;
	got bigint;
BEGIN
	EXECUTE format('SELECT count(*) FROM %s', seed_table) INTO nseeds;
	c0 := mem_ctx_total();
	h0 := mem_hwm_kb();
	t := clock_timestamp();
	EXECUTE format('SELECT count(%s) FROM generate_series(1, %s) g, %s s',
				   expr, calls / nseeds, seed_table) INTO got;
	h1 := mem_hwm_kb();
	c1 := mem_ctx_total();
	INSERT INTO mem_results VALUES (label, (calls / nseeds) * nseeds, c0, c1, h0, h1,
		round(extract(epoch FROM clock_timestamp() - t)::numeric, 1));
END $$;
