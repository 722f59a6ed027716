#!/usr/bin/env bash
# run.sh: `make load [LOAD_SECONDS=60]`.  pgbench with 8 clients for the given
# seconds (default 60) running every test/load/*.pgbench script (each a mix
# of wirecodec encode/decode calls and type I/O) against a throwaway cluster
# (or the one test/run.sh started).  Prints throughput
# and errors; a script passes when no client aborted and no transaction failed.
set -u
. "$(dirname "$0")/../common.sh"
cd "$wc_root"
secs=${1:-60}
WC_EXTRA_CONF="max_connections = 50" wc_setup_cluster || exit 1
db=load_$$
"$PGBIN/createdb" "$db" || exit 1
"$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -d "$db" -c "CREATE EXTENSION wirecodec" $([ -f test/load/setup.sql ] && echo -f test/load/setup.sql) || exit 1
passed=0
failed=0
for f in test/load/*.pgbench; do
	[ -f "$f" ] || continue
	out=$("$PGBIN/pgbench" -n -c 8 -j 2 -T "$secs" -f "$f" "$db" 2>&1)
	rc=$?
	tps=$(echo "$out" | sed -n 's/^tps = \([0-9.]*\).*/\1/p' | head -1)
	txn=$(echo "$out" | sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p')
	fails=$(echo "$out" | sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p')
	aborted=$(echo "$out" | grep -c 'aborted')
	printf '%-28s %10s transactions, %10s tps, %s failed, %s aborted clients\n' \
		"$(basename "$f")" "${txn:-?}" "${tps:-?}" "${fails:-0}" "$aborted"
	if [ $rc -eq 0 ] && [ "$aborted" -eq 0 ] && [ "${fails:-0}" -eq 0 ] && [ -n "$tps" ]; then
		passed=$((passed + 1))
	else
		echo "$out" | grep -iE 'error|abort' | head -5
		failed=$((failed + 1))
	fi
done
"$PGBIN/dropdb" "$db"
echo "load: $passed passed, $failed failed"
[ $failed -eq 0 ]
