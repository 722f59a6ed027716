#!/usr/bin/env bash
# bench.sh: `make bench-citus [CITUS_BENCH_ROWS=N]`, packing and decoding N
# keys (default 10 million) on the coordinator alone versus distributed over
# two workers of a Citus cluster on this machine (test/citus/citus.sh).  Both
# sides scan a table of the same ids and keys; each query runs three times and
# the best time counts.  A benchmark, not a test: it prints figures and
# ratios, and always stops the cluster.
# Then (CITUS_BENCH_APPLY_ROWS, default 100,000; 0 skips it) the
# MariaDB binlogs of test/bench/binlog_mariadb.sh (that many inserts, then
# every row updated and every other one deleted) applied by
# mysql_binlog_apply into a local and a distributed table (bench_apply.sql).
# ROWS 0 skips the key queries.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
. "$here/citus.sh"
cd "$wc_root"
rows=${1:-10000000}
apply_rows=${CITUS_BENCH_APPLY_ROWS:-100000}

wc_install_deps || exit 1
work=$(mktemp -d /tmp/wirecodec-citus-bench.XXXXXX)
chmod 755 "$work"
if [ "$apply_rows" -gt 0 ]; then
	echo "recording MariaDB binlogs of $apply_rows rows"
	"$here/../bench/binlog_mariadb.sh" "$work/ins.bin" "$apply_rows" "$work/chg.bin" | sed 's/^ *//' || exit 1
	chmod 644 "$work"/*.bin
fi
wc_citus_ensure || exit 1
wc_install_lock
wc_build_install || exit 1
wc_citus_start || exit 1
wc_citus_add_worker2 || exit 1

q() { wc_citus_psql "$PGPORT" "$@"; }
q -c 'CREATE EXTENSION wirecodec' >/dev/null || exit 1

# Best of three runs of one query, in ms.
best() {
	local sql=$1 t b=
	for _ in 1 2 3; do
		t=$(q -c '\timing on' -c "$sql" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1)
		if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN { exit !(a < b) }'; then b=$t; fi
	done
	echo "$b"
}

if [ "$rows" -gt 0 ]; then
	echo "loading $rows keys into a local and a distributed table (4 shards, 2 workers)"
	q -c "CREATE TABLE keys_local (id bigint, k bytea)" \
		-c "INSERT INTO keys_local SELECT i, fdb_tuple_pack('users', i, 'name') FROM generate_series(1, $rows) i" \
		-c "SET citus.shard_count = 4" \
		-c "CREATE TABLE keys_dist (id bigint, k bytea)" \
		-c "SELECT create_distributed_table('keys_dist', 'id')" \
		-c "INSERT INTO keys_dist SELECT * FROM keys_local" \
		-c "VACUUM ANALYZE keys_local" -c "VACUUM ANALYZE keys_dist" >/dev/null || exit 1

	printf '%-44s %12s %12s %8s\n' "query (over $rows rows)" "local ms" "citus ms" "ratio"
	for item in \
		"scan baseline: count(int8send(id))|SELECT count(int8send(id)) FROM %s" \
		"pack: fdb_tuple_pack('users', id, 'name')|SELECT count(fdb_tuple_pack('users', id, 'name')) FROM %s" \
		"decode: sum(fdb_tuple_get_int8(k, 1))|SELECT sum(fdb_tuple_get_int8(k, 1)) FROM %s" \
		"decode: count(fdb_tuple_get_text(k, 2))|SELECT count(fdb_tuple_get_text(k, 2)) FROM %s"; do
		name=${item%%|*}
		tmpl=${item#*|}
		# shellcheck disable=SC2059
		l=$(best "$(printf "$tmpl" keys_local)")
		# shellcheck disable=SC2059
		d=$(best "$(printf "$tmpl" keys_dist)")
		printf '%-44s %12s %12s %7.2fx\n' "$name" "$l" "$d" "$(awk -v l="$l" -v d="$d" 'BEGIN { print l / d }')"
	done
	echo "(ratio = local time / distributed time; above 1 the two workers are faster)"
fi
if [ "$apply_rows" -gt 0 ]; then
	q -v ins="$work/ins.bin" -v chg="$work/chg.bin" -f "$here/bench_apply.sql" ||
		echo "the apply benchmark failed"
fi
flock -u 9
wc_citus_stop
rm -rf "$work"
