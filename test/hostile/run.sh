#!/usr/bin/env bash
# run.sh: the hostile-input test.  Feeds every decoder and type input
# function listed in test/hostile/cases_*.sql at least N (default 100000)
# random and mutated inputs through SQL, in a throwaway cluster (or the
# one test/run.sh started), and checks that only documented SQLSTATEs come back, that
# accepted inputs round-trip, and that the server never restarted.  Then
# amplify.py: inputs built to make each decoder work as hard as it can,
# measured (output/input, peak memory growth, time, cancel latency) against
# test/hostile/bounds.tsv (skip with WC_NO_AMPLIFY=1).
set -u
. "$(dirname "$0")/../common.sh"
cd "$wc_root"
n=${1:-100000}
wc_setup_cluster || exit 1
db=hostile_$$
"$PGBIN/createdb" "$db" || exit 1
psql() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -d "$db" "$@"; }
start=$(psql -Atc 'SELECT pg_postmaster_start_time()')
psql -c 'CREATE EXTENSION wirecodec' -f test/hostile/framework.sql || exit 1
status=0
for f in test/hostile/cases_*.sql; do
	[ -f "$f" ] || continue
	psql -v n="$n" -o /dev/null -f "$f" || status=1
done
# Limits: values near 1 GB and 100,000-level nesting (skip with WC_NO_LIMITS=1).
[ -n "${WC_NO_LIMITS:-}" ] || psql -o /dev/null -f test/hostile/limits.sql || status=1
amp=0
if [ -z "${WC_NO_AMPLIFY:-}" ]; then
	PGBIN=$PGBIN python3 test/hostile/amplify.py "$db" || amp=1
fi
psql -P pager=off -c "SELECT label, tried, accepted, errors, bad, example FROM hostile_results ORDER BY label"
after=$("$PGBIN/psql" -X -Atd "$db" -c 'SELECT pg_postmaster_start_time()') || status=1
[ "$start" = "$after" ] || { echo "server restarted during the hostile-input test (crash)"; status=1; }
read -r cases tried bad < <(psql -Atc "SELECT count(*), coalesce(sum(tried),0), count(*) FILTER (WHERE bad > 0) FROM hostile_results" | tr '|' ' ')
"$PGBIN/dropdb" "$db"
echo "hostile: $tried inputs over $cases decoders; server start time unchanged: $([ "$start" = "$after" ] && echo yes || echo NO)"
echo "hostile: $((cases - bad)) passed, $bad failed"
[ $status -eq 0 ] && [ "$bad" -eq 0 ] && [ $amp -eq 0 ]
