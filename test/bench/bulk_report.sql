-- bulk_report.sql: the bulk I/O rows of sql_bulk_io.sql and run.sh's
-- pg_dump / pg_restore timings, as ratios to the same data as bytea or
-- bigint, with their targets (text output of double keys <= 1.5x
-- bytea hex output + float8out; text input <= 1.5x bytea hex input; binary
-- I/O <= 1.2x bytea).  The ratio is the median of the per-round ratios of
-- rounds alternating with the base (ratio column); ms are medians.
\pset title 'bulk I/O (1M rows; ratio to the same data as bytea / bigint, same run)'
SELECT label, round(ms::numeric - scan_ms::numeric, 0) AS ms, base, ratio, target,
	   CASE WHEN target IS NULL THEN '' WHEN ratio <= target THEN 'met' ELSE 'MISSED' END AS met
FROM (SELECT r.ctid AS id, r.label, r.ms, r.scan_ms, r.base,
			 round(coalesce(r.ratio, (r.ms - r.scan_ms) / nullif(b.ms - b.scan_ms, 0))::numeric, 2) AS ratio,
			 CASE WHEN r.label = 'fdb_tuple out (double)' THEN 1.5
				  WHEN r.label ~ ' in( \(.*\))?$' OR r.label LIKE '%COPY FROM (text)' THEN 1.5
				  WHEN r.label LIKE '%send%' OR r.label LIKE '%(binary)' THEN 1.2
			 END AS target
	  FROM bench_results r
	  JOIN bench_results b ON b.label = r.base AND b.codec = 'bulk'
	  WHERE r.codec = 'bulk') s
ORDER BY id;
\pset title
