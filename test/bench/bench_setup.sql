-- bench_setup.sql: helpers for the SQL-level benchmarks (test/bench/run.sh).
-- A case is timed 5 times and its median kept.  Per-row cost is the time
-- over the cost of scanning the same table, so ratios compare what the
-- expressions themselves cost.
SET max_parallel_workers_per_gather = 0;
SET jit = off;

CREATE TABLE bench_ints AS SELECT i::bigint AS i FROM generate_series(1, 1000000) i;
VACUUM ANALYZE bench_ints;

CREATE TABLE bench_results (
	codec text, label text, base text, rows bigint, ms float8, scan_ms float8,
	ratio float8				-- bench_pair: median of the per-round ratios
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

-- One run of a query, in ms.
CREATE FUNCTION bench_once(q text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
	t timestamptz := clock_timestamp();
BEGIN
	EXECUTE q;
	RETURN extract(epoch FROM clock_timestamp() - t) * 1000;
END $$;

-- Time count(expr) against count(base_expr) over the same table in
-- alternating rounds (scan, base, expr; then scan, expr, base), 9 rounds
-- after a warm-up, so that both see the same machine: the row keeps the
-- median per-row times and the median of the 9 per-round ratios, which a
-- slow spell on the shared machine moves least.  The base row is recorded
-- under base the first time it is timed.  With base_expr2 the base is both
-- expressions in the same scan (their sum: bytea hex output plus float8out).
CREATE FUNCTION bench_pair(codec text, label text, expr text, base text, base_expr text,
						   tbl text, base_expr2 text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
	q_scan text := format('SELECT count(*) FROM %s', tbl);
	q_base text := format('SELECT count(%s)%s FROM %s', base_expr,
						  CASE WHEN base_expr2 IS NOT NULL
							   THEN format(', count(%s)', base_expr2) ELSE '' END, tbl);
	q_expr text := format('SELECT count(%s) FROM %s', expr, tbl);
	ts float8; tb float8; te float8;
	r_scan float8[] := '{}';
	r_base float8[] := '{}';
	r_expr float8[] := '{}';
	r_ratio float8[] := '{}';
BEGIN
	EXECUTE q_scan INTO n;
	EXECUTE q_base;
	EXECUTE q_expr;
	FOR k IN 1..9 LOOP
		ts := bench_once(q_scan);
		IF k % 2 = 1 THEN
			tb := bench_once(q_base);
			te := bench_once(q_expr);
		ELSE
			te := bench_once(q_expr);
			tb := bench_once(q_base);
		END IF;
		r_scan := r_scan || ts;
		r_base := r_base || tb;
		r_expr := r_expr || te;
		r_ratio := r_ratio || ((te - ts) / nullif(tb - ts, 0));
	END LOOP;
	IF NOT EXISTS (SELECT 1 FROM bench_results r WHERE r.label = bench_pair.base AND r.codec = bench_pair.codec) THEN
		INSERT INTO bench_results VALUES (codec, base, NULL, n,
			(SELECT x FROM unnest(r_base) x ORDER BY x OFFSET 4 LIMIT 1),
			(SELECT x FROM unnest(r_scan) x ORDER BY x OFFSET 4 LIMIT 1));
	END IF;
	INSERT INTO bench_results VALUES (codec, label, base, n,
		(SELECT x FROM unnest(r_expr) x ORDER BY x OFFSET 4 LIMIT 1),
		(SELECT x FROM unnest(r_scan) x ORDER BY x OFFSET 4 LIMIT 1),
		(SELECT x FROM unnest(r_ratio) x ORDER BY x NULLS LAST OFFSET 4 LIMIT 1));
END $$;

-- Time q against base_q in 7 alternating rounds after a warm-up, each
-- preceded by TRUNCATE of target (when given): the row keeps the median
-- time of q and the median of the per-round ratios q / base_q.  The base's
-- own row is recorded the first time it is timed.
CREATE FUNCTION bench_load(codec text, label text, q text, base text, base_q text,
						   target text, n bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	tb float8; tq float8;
	r_base float8[] := '{}';
	r_q float8[] := '{}';
	r_ratio float8[] := '{}';
	trunc text := CASE WHEN target IS NULL THEN 'SELECT' ELSE format('TRUNCATE %s', target) END;
BEGIN
	EXECUTE trunc; EXECUTE base_q;
	EXECUTE trunc; EXECUTE q;
	FOR k IN 1..7 LOOP
		IF k % 2 = 1 THEN
			EXECUTE trunc; tb := bench_once(base_q);
			EXECUTE trunc; tq := bench_once(q);
		ELSE
			EXECUTE trunc; tq := bench_once(q);
			EXECUTE trunc; tb := bench_once(base_q);
		END IF;
		r_base := r_base || tb;
		r_q := r_q || tq;
		r_ratio := r_ratio || (tq / nullif(tb, 0));
	END LOOP;
	IF NOT EXISTS (SELECT 1 FROM bench_results r WHERE r.label = bench_load.base AND r.codec = bench_load.codec) THEN
		INSERT INTO bench_results VALUES (codec, base, NULL, n,
			(SELECT x FROM unnest(r_base) x ORDER BY x OFFSET 3 LIMIT 1), 0, NULL);
	END IF;
	INSERT INTO bench_results VALUES (codec, label, base, n,
		(SELECT x FROM unnest(r_q) x ORDER BY x OFFSET 3 LIMIT 1), 0,
		(SELECT x FROM unnest(r_ratio) x ORDER BY x NULLS LAST OFFSET 3 LIMIT 1));
END $$;

-- A captured MySQL server stream (handshake, OK, a result set of n text
-- rows of LONG, VAR_STRING and DATETIME columns, EOF), the input of the
-- capture cases of sql_etl.sql, sql_mysql_conversation.sql and
-- compare_setup.sql; bench_capture_cols holds its column definitions.
CREATE TABLE bench_capture_cols AS SELECT ARRAY[
	mysql_lenenc_str('def') || '\x000000'::bytea || mysql_lenenc_str('id') || mysql_lenenc_str('id')
		|| '\x0c3f000b000000032100000000'::bytea,
	mysql_lenenc_str('def') || '\x000000'::bytea || mysql_lenenc_str('name') || mysql_lenenc_str('name')
		|| '\x0cff0050000000fd00001f0000'::bytea,
	mysql_lenenc_str('def') || '\x000000'::bytea || mysql_lenenc_str('ts') || mysql_lenenc_str('ts')
		|| '\x0c3f00130000000c8000000000'::bytea] AS cols;
CREATE FUNCTION bench_capture(n int) RETURNS bytea LANGUAGE sql AS $$
SELECT mysql_packet_frame('\x0a382e302e333600' || decode(repeat('01', 30), 'hex'), 0)
	|| mysql_packet_frame('\x00000002000000', 2) || mysql_packet_frame('\x03', 1)
	|| mysql_packet_frame(cols[1], 2) || mysql_packet_frame(cols[2], 3) || mysql_packet_frame(cols[3], 4)
	|| mysql_packet_frame('\xfe00002200', 5)
	|| (SELECT string_agg(mysql_packet_frame(mysql_lenenc_str(convert_to(i::text, 'UTF8'))
			|| mysql_lenenc_str(convert_to('user' || i || '@example.com', 'UTF8'))
			|| mysql_lenenc_str(convert_to(to_char(timestamp '2024-01-01' + i * interval '1 second',
												   'YYYY-MM-DD HH24:MI:SS'), 'UTF8')),
			((i + 5) % 256)::int), ''::bytea ORDER BY i) FROM generate_series(1, n) i)
	|| mysql_packet_frame('\xfe00002200', ((n + 6) % 256)::int)
FROM bench_capture_cols $$;
