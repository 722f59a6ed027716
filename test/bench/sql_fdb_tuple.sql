-- sql_fdb_tuple.sql: SQL-level per-row costs of the FoundationDB tuple layer,
-- as ratios to int8send(i) measured in the same run, and to the
-- hand-written PL/pgSQL peer (test/bench/plpgsql_fdb_peer.sql).
\i test/bench/plpgsql_fdb_peer.sql

SELECT bench_expr('fdb', 'fdb_tuple_pack(''users'', i)', 'fdb_tuple_pack(''users'', i)', 'int8send(i)');

CREATE TABLE bench_fdb_keys AS SELECT fdb_tuple_pack('users', i) AS k FROM bench_ints;
VACUUM ANALYZE bench_fdb_keys;
SELECT bench_expr('fdb', 'fdb_tuple_get_int8(k, 1)', 'fdb_tuple_get_int8(k, 1)', 'int8send(i)', 'bench_fdb_keys');

-- fdb_tuple_pack of the Namespaces workload, and decoding to jsonb
SELECT bench_expr('fdb', 'fdb_tuple_pack(''app'',''users'',''by_email'',''alice@example.com'', i)',
				  'fdb_tuple_pack(''app'', ''users'', ''by_email'', ''alice@example.com'', i)', 'int8send(i)');
SELECT bench_expr('fdb', 'fdb_tuple_to_jsonb(k)', 'fdb_tuple_to_jsonb(k)', 'int8send(i)', 'bench_fdb_keys');

-- the PL/pgSQL peer is slow: time it on 100,000 rows (per-row cost is what counts)
CREATE TABLE bench_fdb_ints_100k AS SELECT i FROM bench_ints WHERE i <= 100000;
CREATE TABLE bench_fdb_keys_100k AS SELECT fdb_tuple_pack('users', i) AS k FROM bench_fdb_ints_100k;
VACUUM ANALYZE bench_fdb_ints_100k, bench_fdb_keys_100k;
SELECT CASE WHEN count(*) FILTER (WHERE plpgsql_fdb_pack_text_int8('users', i) <> fdb_tuple_pack('users', i)) = 0
			THEN 'peer agrees' ELSE 'PEER DISAGREES' END AS plpgsql_peer_pack
FROM bench_fdb_ints_100k;
-- (bench_report's ratio compares totals, so the peer's base runs on the same 100k rows)
SELECT bench_expr('fdb', 'fdb_tuple_pack(''users'', i) [100k rows]', 'fdb_tuple_pack(''users'', i)',
				  NULL, 'bench_fdb_ints_100k');
SELECT bench_expr('fdb', 'PL/pgSQL peer: pack (''users'', i)', 'plpgsql_fdb_pack_text_int8(''users'', i)',
				  'fdb_tuple_pack(''users'', i) [100k rows]', 'bench_fdb_ints_100k');
SELECT bench_expr('fdb', 'fdb_tuple_get_int8(k, 1) [100k rows]', 'fdb_tuple_get_int8(k, 1)',
				  NULL, 'bench_fdb_keys_100k');
SELECT bench_expr('fdb', 'PL/pgSQL peer: get_int8(k, 1)', 'plpgsql_fdb_get_int8_1(k)',
				  'fdb_tuple_get_int8(k, 1) [100k rows]', 'bench_fdb_keys_100k');

-- sorting packed keys (btree order = bytewise, with sort support), against
-- sorting the same bytes as bytea
CREATE TABLE bench_fdb_tuples AS SELECT fdb_tuple_pack('users', (i * 7919) % 1000003, 'x')::fdb_tuple AS k FROM bench_ints;
VACUUM ANALYZE bench_fdb_tuples;
SELECT bench_query('fdb', 'ORDER BY bytea (1M keys)',
				   'SELECT count(*) FROM (SELECT k::bytea FROM bench_fdb_tuples ORDER BY 1 OFFSET 0) s', NULL);
SELECT bench_query('fdb', 'ORDER BY fdb_tuple (1M keys)',
				   'SELECT count(*) FROM (SELECT k FROM bench_fdb_tuples ORDER BY 1 OFFSET 0) s', 'ORDER BY bytea (1M keys)');

-- one-pass typed unpacking: a 6-element key into a row with
-- fdb_tuple_populate_record, against the 6 getters that read the same
-- columns (each re-walks the tuple up to its element), same rows, same run
CREATE TYPE bench_fdb_row6 AS (app text, dir text, id int8, idx text, id2 int8, live bool);
CREATE TABLE bench_fdb_keys6 AS
SELECT fdb_tuple_pack('app', 'users', i, 'by_email', i * 2, i % 2 = 0) AS k FROM bench_fdb_ints_100k;
VACUUM ANALYZE bench_fdb_keys6;
SELECT bench_expr('fdb', '6 getters, 6-element key [100k rows]',
				  'ROW(fdb_tuple_get_text(k, 0), fdb_tuple_get_text(k, 1), fdb_tuple_get_int8(k, 2), '
				  'fdb_tuple_get_text(k, 3), fdb_tuple_get_int8(k, 4), fdb_tuple_get_bool(k, 5))::bench_fdb_row6',
				  NULL, 'bench_fdb_keys6');
SELECT bench_expr('fdb', 'fdb_tuple_populate_record, 6-element key [100k rows]',
				  'fdb_tuple_populate_record(NULL::bench_fdb_row6, k)',
				  '6 getters, 6-element key [100k rows]', 'bench_fdb_keys6');
