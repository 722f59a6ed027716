-- check.sql: the contents of wc_upgrade_data, then one line per index saying
-- whether it is valid and whether a lookup through it uses it.
\pset format unaligned
\pset tuples_only on
SET enable_seqscan = off;
SET enable_bitmapscan = off;
COPY (SELECT * FROM wc_upgrade_data ORDER BY id) TO STDOUT;
SELECT format('index %s valid=%s ready=%s', i.indexrelid::regclass, i.indisvalid, i.indisready)
FROM pg_index i WHERE i.indrelid = 'wc_upgrade_data'::regclass ORDER BY 1;
-- Each lookup must be answered by an index scan on the named index.
CREATE FUNCTION pg_temp.plan_uses(q text, idx text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	line text;
	plan text := '';
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		plan := plan || line || E'\n';
	END LOOP;
	RETURN format('%s uses %s: %s', q, idx, plan LIKE '%' || idx || '%');
END $$;
SELECT pg_temp.plan_uses(q, idx) FROM (VALUES
	($q$SELECT id FROM wc_upgrade_data WHERE ts = hlc_timestamp(1600000000000042000, 0)$q$, 'wc_upgrade_ts_hash'),
	($q$SELECT id FROM wc_upgrade_data ORDER BY ts LIMIT 3$q$, 'wc_upgrade_ts_btree'),
	($q$SELECT id FROM wc_upgrade_data WHERE r @> hlc_timestamp(42, 0)$q$, 'wc_upgrade_r_gist'),
	($q$SELECT id FROM wc_upgrade_data ORDER BY k LIMIT 3$q$, 'wc_upgrade_k_btree'),
	($q$SELECT id FROM wc_upgrade_data WHERE k = crdb_mvcc_key_encode(int8send(7), hlc_timestamp(7, 1))::crdb_mvcc_key$q$, 'wc_upgrade_k_hash'),
	($q$SELECT id FROM wc_upgrade_data ORDER BY vs LIMIT 3$q$, 'wc_upgrade_vs_btree'),
	($q$SELECT id FROM wc_upgrade_data WHERE vs = '0000000000000000002a:6'::fdb_versionstamp$q$, 'wc_upgrade_vs_hash'),
	($q$SELECT id FROM wc_upgrade_data ORDER BY t LIMIT 3$q$, 'wc_upgrade_t_btree'),
	($q$SELECT id FROM wc_upgrade_data WHERE t = fdb_tuple_pack('users', 7, 7)::fdb_tuple$q$, 'wc_upgrade_t_hash')
) v(q, idx) ORDER BY 1;
-- The same lookups give the same rows through the index as without it.
SELECT 'rows ' || string_agg(id::text, ',' ORDER BY id) FROM wc_upgrade_data WHERE ts = hlc_timestamp(1600000000000042000, 0);
SELECT 'rows ' || string_agg(id::text, ',' ORDER BY id) FROM wc_upgrade_data WHERE r @> hlc_timestamp(42, 0);
SELECT 'rows ' || string_agg(id::text, ',') FROM (SELECT id FROM wc_upgrade_data ORDER BY k, id LIMIT 5) s;
SELECT 'rows ' || string_agg(id::text, ',') FROM (SELECT id FROM wc_upgrade_data ORDER BY t LIMIT 5) s;
SELECT 'rows ' || string_agg(id::text, ',') FROM (SELECT id FROM wc_upgrade_data ORDER BY vs LIMIT 5) s;
