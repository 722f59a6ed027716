-- bench_report.sql: the SQL-level table, per-row ns and ratio to the base.
SELECT r.codec, r.label,
	   round(((r.ms - r.scan_ms) * 1e6 / r.rows)::numeric, 1) AS ns_per_row,
	   r.base,
	   round(((r.ms - r.scan_ms) / nullif(b.ms - b.scan_ms, 0))::numeric, 2) AS ratio
FROM bench_results r
LEFT JOIN bench_results b ON b.label = r.base AND b.codec IN (r.codec, 'baseline')
WHERE r.codec NOT IN ('bulk', 'etl')
ORDER BY r.codec = 'baseline' DESC, r.codec, r.ctid;
