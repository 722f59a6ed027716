#!/usr/bin/env bash
# reliability.sh: `make reliability`, the figures of doc/testing.md's "Reliability"
# section in one run: hostile input (100,000 inputs per decoder), pgbench
# load (8 clients, 60 s), memory over 10 million calls of each decoder in
# one backend, and the parallel speed-up of packing keys over 10 million
# rows with 2 workers vs 0.  Sizes can be lowered for a quick look:
# HOSTILE_N, LOAD_SECONDS, MEM_CALLS, PAR_ROWS.
set -u
. "$(dirname "$0")/../common.sh"
cd "$wc_root"
WC_EXTRA_CONF="max_connections = 50
work_mem = 64MB" wc_setup_cluster || exit 1
psql() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -P pager=off "$@"; }
status=0

echo "== hostile input"
bash test/hostile/run.sh "${HOSTILE_N:-100000}" || status=1

echo
echo "== load: pgbench, 8 clients, ${LOAD_SECONDS:-60} s per script"
bash test/load/run.sh "${LOAD_SECONDS:-60}" || status=1

echo
echo "== memory: ${MEM_CALLS:-10000000} calls of each decoder in one backend"
psql -c 'CREATE DATABASE mem' && psql -d mem -c 'CREATE EXTENSION wirecodec' \
	-f test/load/memory_framework.sql -v calls="${MEM_CALLS:-10000000}" -f test/load/memory_cases.sql -c "
	SELECT label, calls, pg_size_pretty(ctx_before) AS contexts_before, pg_size_pretty(ctx_after) AS contexts_after,
		   hwm_before_kb AS peak_rss_before_kb, hwm_after_kb AS peak_rss_after_kb,
		   hwm_after_kb - hwm_before_kb AS peak_growth_kb, seconds
	FROM mem_results ORDER BY label" || status=1

echo
echo "== parallel query: ${PAR_ROWS:-10000000} rows, 2 workers vs 0"
psql -c 'CREATE DATABASE par' && psql -d par -c 'CREATE EXTENSION wirecodec' \
	-v rows="${PAR_ROWS:-10000000}" -f test/load/parallel.sql || status=1

exit $status
