#!/usr/bin/env bash
# run.sh: `make test-citus`.  wirecodec on a real Citus cluster on this
# machine: a coordinator and two workers (three throwaway clusters), the
# pg_regress suite test/citus/sql/citus.sql run against the coordinator,
# all three stopped and removed at the end, also on failure.  Uses the
# installed Citus of PG_CONFIG's PostgreSQL, else builds the vendored one
# (test/citus/citus.sh).  Ends with one line "N passed, N failed".
set -u
. "$(dirname "$0")/../common.sh"
. "$(dirname "$0")/citus.sh"
cd "$wc_root"

passed=0
failed=0
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }

wc_install_deps || { fail "install dependencies"; echo "$passed passed, $failed failed"; exit 1; }
wc_citus_ensure || { fail "citus build/install"; echo "$passed passed, $failed failed"; exit 1; }
passed=$((passed + 1))
wc_install_lock
wc_build_install || { fail "build/install wirecodec"; echo "$passed passed, $failed failed"; exit 1; }
passed=$((passed + 1))

if wc_citus_start; then
	passed=$((passed + 1))
	out=$(mktemp -d /tmp/wirecodec-citus-regress.XXXXXX)
	chmod 755 "$out"
	# The suite adds worker 2 itself (a worker added after CREATE EXTENSION).
	PGOPTIONS="-c wirecodec_test.worker2_port=${WC_CITUS_PORTS[2]}" \
		"$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/regress/pg_regress" \
		--inputdir=test/citus --outputdir="$out" --bindir="$PGBIN" \
		--host=localhost --port="$PGPORT" --user="$PGUSER" \
		--use-existing --dbname=postgres --schedule=test/citus/schedule >"$out/pg_regress.log" 2>&1
	rc=$?
	grep -E '^(ok|not ok) |\.\.\. ' "$out/pg_regress.log" | sed 's/^/   /'
	ok=$(grep -cE '\.\.\. ok|^ok ' "$out/pg_regress.log")
	bad=$(grep -cE '\.\.\. FAILED|^not ok ' "$out/pg_regress.log")
	passed=$((passed + ok))
	failed=$((failed + bad))
	if [ $rc -ne 0 ]; then
		[ -f "$out/regression.diffs" ] && head -150 "$out/regression.diffs"
		[ "$bad" -gt 0 ] || fail "pg_regress did not run: $(tail -5 "$out/pg_regress.log")"
		# Keep the diffs and results for a look; the clusters still go.
		echo "results: $out"
	else
		rm -rf "$out"
	fi
else
	fail "start the coordinator and two workers"
fi
wc_citus_stop
flock -u 9
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
