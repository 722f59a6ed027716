-- sql_crdb_key.sql: SQL-level costs of CockroachDB SQL keys, each against a
-- baseline timed in the same run (alternating rounds, bench_pair): printing
-- a key against bytea's hex output of the same key, and decoding a key into
-- a typed row against fdb_tuple_populate_record of a comparable
-- FoundationDB key (the same three column values).
SET work_mem = '1GB';

CREATE TYPE bench_crdb_row AS (name text, id int8, n int8);
CREATE TABLE bench_crdb_keys AS
SELECT crdb_key_encode(crdb_key_table_prefix(104, 1, 10), NULL, 'user' || i, i, i * 2) || '\x88'::bytea AS k,
	   fdb_tuple_pack('user' || i, i, i * 2) AS f
FROM generate_series(1::bigint, 1000000) i;
VACUUM ANALYZE bench_crdb_keys;

SELECT bench_pair('crdb_key', 'crdb_key_pretty(k)', 'crdb_key_pretty(k)',
				  'bytea out [crdb keys]', 'k::text', 'bench_crdb_keys');
SELECT bench_pair('crdb_key', 'crdb_key_populate_record, 3 columns',
				  'crdb_key_populate_record(NULL::bench_crdb_row, k)',
				  'fdb_tuple_populate_record, 3 columns', 'fdb_tuple_populate_record(NULL::bench_crdb_row, f)',
				  'bench_crdb_keys');
