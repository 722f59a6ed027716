#!/usr/bin/env bash
# run.sh: `make test-citus`, wirecodec on a real Citus cluster on this machine.
# Uses the Citus installed in PG_CONFIG's PostgreSQL, or builds the vendored
# one (../shared/vendor) into a cache outside the clone; builds and installs
# wirecodec; starts a coordinator and two workers (three throwaway clusters,
# localhost, free ports, private sockets); runs the pg_regress suite of
# test/citus/ (schedule test/citus/schedule) against the coordinator; always
# stops and removes the three clusters.  Ends with "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
. "$here/citus.sh"
cd "$wc_root"

passed=0
failed=0
finish() {
	echo "citus: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

wc_install_deps || { failed=1; finish; }
if ! wc_citus_ensure; then
	echo "citus: could not find or build Citus for $("$PG_CONFIG" --version)"
	failed=1
	finish
fi
wc_install_lock
if ! wc_build_install; then
	echo "citus: building or installing wirecodec failed"
	failed=1
	finish
fi
if ! wc_citus_start; then
	echo "citus: the cluster did not start"
	wc_citus_stop
	failed=1
	finish
fi
echo "citus: coordinator on port ${WC_CITUS_PORTS[0]}, workers on ${WC_CITUS_PORTS[1]} and ${WC_CITUS_PORTS[2]} (the suite adds the second)"

out=$(mktemp -d /tmp/wirecodec-citus-out.XXXXXX)
chmod 777 "$out"
# The suite reads the second worker's port with \getenv.
export WC_CITUS_WORKER2_PORT=${WC_CITUS_PORTS[2]}
"$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/regress/pg_regress" \
	--inputdir="$here" --outputdir="$out" --bindir="$PGBIN" \
	--host=localhost --port="$PGPORT" --user="$PGUSER" \
	--use-existing --dbname=postgres \
	--schedule="$here/schedule" >"$out/pg_regress.log" 2>&1
rc=$?
grep -E '\.\.\. |^ok |^not ok |^test ' "$out/pg_regress.log" | sed 's/^/   /'
passed=$(grep -cE '\.\.\. ok|^ok ' "$out/pg_regress.log")
failed=$(grep -cE '\.\.\. FAILED|^not ok ' "$out/pg_regress.log")
if [ $rc -ne 0 ]; then
	[ -f "$out/regression.diffs" ] && head -150 "$out/regression.diffs"
	[ "$failed" -gt 0 ] || { tail -20 "$out/pg_regress.log"; failed=1; }
	echo "citus: outputs and diffs kept in $out"
else
	rm -rf "$out"
fi
# The cluster must still answer after the suite's errors.
wc_citus_psql "$PGPORT" -At -c 'SELECT count(*) FROM citus_get_active_worker_nodes()' >/dev/null ||
	{ echo "citus: the coordinator no longer answers"; failed=$((failed + 1)); }
flock -u 9
wc_citus_stop
finish
