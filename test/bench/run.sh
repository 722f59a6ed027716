#!/usr/bin/env bash
# run.sh: `make bench`.  Core micro-benchmarks (test/bench/bench_*.c, linked
# with the core, no server) then SQL-level per-row costs in a throwaway
# cluster (test/bench/sql_*.sql), each as a ratio to a baseline measured in
# the same run.
set -eu
. "$(dirname "$0")/../common.sh"
cd "$wc_root"

wc_install_deps
mkdir -p test/bench/build
echo "== core (C, no server)"
for src in test/bench/bench_*.c; do
	[ -f "$src" ] || continue
	bin=test/bench/build/$(basename "$src" .c)
	cc -O2 -std=gnu11 -Wall -Wextra -Isrc/core -Itest/bench -o "$bin" "$src" src/core/*.c
	"./$bin"
done

echo
echo "== SQL (per-row cost over a 1M-row scan; ratio to the base in the same run)"
wc_setup_cluster
psql() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }
{
	echo 'CREATE EXTENSION wirecodec;'
	cat test/bench/bench_setup.sql
	# The cases print nothing; the report at the end prints the table.
	echo '\o /dev/null'
	echo "SELECT bench_expr('baseline', 'int8send(i)', 'int8send(i)');"
	cat test/bench/sql_*.sql
	echo '\o'
	cat test/bench/bench_report.sql
} | psql -P pager=off
