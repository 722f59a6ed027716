#!/usr/bin/env bash
# bench.sh: `make bench-citus [CITUS_BENCH_ROWS=10000000]`.  Packs N keys with
# fdb_tuple_pack and decodes them again (fdb_tuple_get_text/get_int8), once
# on the coordinator alone (a local table) and once on a table distributed
# over two workers on this machine (the same query pushed down to 8 shards).
# Prints the best of 3 times of each and their ratio.  Not a test.
set -u
. "$(dirname "$0")/../common.sh"
. "$(dirname "$0")/citus.sh"
cd "$wc_root"
n=${1:-10000000}

wc_install_deps && wc_citus_ensure || exit 1
wc_install_lock
wc_build_install || exit 1
flock -u 9
wc_citus_start || exit 1
wc_citus_add_worker2 || exit 1
wc_citus_psql "$PGPORT" <<SQL || exit 1
CREATE EXTENSION wirecodec;
SET citus.shard_count = 8;
CREATE TABLE ids_local (i bigint);
INSERT INTO ids_local SELECT generate_series(1, $n);
CREATE TABLE ids_dist (i bigint);
SELECT create_distributed_table('ids_dist', 'i');
INSERT INTO ids_dist SELECT i FROM ids_local;
VACUUM ANALYZE ids_local; VACUUM ANALYZE ids_dist;
-- the best of 3 runs of one query, in seconds
CREATE FUNCTION bench_best(q text) RETURNS float8 LANGUAGE plpgsql AS \$\$
DECLARE t0 timestamptz; best float8 := 'infinity'; r bigint;
BEGIN
	FOR run IN 1..3 LOOP
		t0 := clock_timestamp();
		EXECUTE q INTO r;
		IF r <> $n THEN RAISE EXCEPTION 'bench: % rows, expected $n', r; END IF;
		best := least(best, extract(epoch FROM clock_timestamp() - t0));
	END LOOP;
	RETURN best;
END \$\$;
SQL
q='SELECT count(*) FROM (SELECT fdb_tuple_pack('"'"'user'"'"', i, '"'"'x'"'"') AS k FROM %s) s
	WHERE fdb_tuple_get_int8(k, 1) > 0 AND fdb_tuple_get_text(k, 0) = '"'"'user'"'"''
wc_citus_psql "$PGPORT" -At -F ' ' <<SQL
SET max_parallel_workers_per_gather = 0;
WITH t AS (SELECT bench_best(format(\$q\$$q\$q\$, 'ids_local')) AS coord,
		bench_best(format(\$q\$$q\$q\$, 'ids_dist')) AS dist)
SELECT format('citus bench: pack + decode %s keys: coordinator alone %s s, distributed over 2 workers (8 shards) %s s, ratio %s x',
	$n, round(coord::numeric, 2), round(dist::numeric, 2), round((coord / dist)::numeric, 2)) FROM t;
SQL
wc_citus_stop
