-- etl_report.sql: decoding into tables (sql_etl.sql), per-row ns and the
-- median of the per-round ratios to the base timed in the same rounds.
SELECT r.label, round((r.ms * 1e6 / r.rows)::numeric, 0) AS ns_per_row, r.base,
	   round(r.ratio::numeric, 2) AS ratio
FROM bench_results r
WHERE r.codec = 'etl'
ORDER BY r.ctid;
SELECT rows AS captured_rows, capture_mb, peak_growth_kb AS backend_peak_rss_growth_kb
FROM bench_etl_memory ORDER BY rows;
