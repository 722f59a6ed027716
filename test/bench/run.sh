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
} | psql -P pager=off

# pg_dump (custom format, uncompressed) and pg_restore (--clean, into a
# second database) of each bulk_dump_* table of sql_bulk_io.sql, median of 3.
echo "== MySQL: the client library parsing the same result set (issue 10)"
# MariaDB Connector/C reads the conversation benchmark's result set from a
# replaying server (test/bench/mysql_client_baseline.c); its time is the
# base of two more rows of the report.
command -v mariadb_config >/dev/null 2>&1 || wc_apt_install libmariadb-dev || true
if command -v mariadb_config >/dev/null 2>&1 &&
	cc -O2 -Wall -Wextra $(mariadb_config --cflags) -o test/bench/build/mysql_client_baseline \
		test/bench/mysql_client_baseline.c $(mariadb_config --libs); then
	# the response to the COM_QUERY: after the 42-byte handshake and 11-byte OK
	psql -At -c "SELECT encode(substr(server, 54), 'hex') FROM bench_mysql_capture" \
		>test/bench/build/mysql_result.hex
	read -r cl_ms cl_rows _ < <(test/bench/build/mysql_client_baseline test/bench/build/mysql_result.hex 5)
	echo "   Connector/C: $cl_rows rows in $cl_ms ms (median of 5)"
	psql -c "INSERT INTO bench_results VALUES ('mysql', 'capture: client library (Connector/C) use_result + fetch_row', NULL, $cl_rows, $cl_ms, 0)" \
		-c "INSERT INTO bench_results SELECT codec, label || ' [vs client library]',
			'capture: client library (Connector/C) use_result + fetch_row', rows, ms, scan_ms
			FROM bench_results WHERE label IN ('capture: mysql_conversation + text_row_decode',
											   'capture: mysql_conversation + typed rows')"
else
	echo "   (MariaDB Connector/C not available: the client-library baseline is not measured)"
fi

echo "== pg_dump / pg_restore of 1M-row tables"
dumpdir=$(mktemp -d /tmp/wirecodec-dump.XXXXXX)
psql -c 'CREATE DATABASE bench_restore' -c '\c bench_restore' -c 'CREATE EXTENSION wirecodec'
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
bulk_dump() {	# table label base-label
	local d=() r=() t0 t1 t2
	for _ in 1 2 3; do
		t0=$(now_ms)
		"$PGBIN/pg_dump" -Fc -Z0 -t "$1" -f "$dumpdir/$1.dump" postgres
		t1=$(now_ms)
		"$PGBIN/pg_restore" --clean --if-exists -d bench_restore "$dumpdir/$1.dump"
		t2=$(now_ms)
		d+=($((t1 - t0)))
		r+=($((t2 - t1)))
	done
	rm -f "$dumpdir/$1.dump"
	psql -c "INSERT INTO bench_results VALUES
		('bulk', '$2 pg_dump', $( [ -n "$3" ] && echo "'$3 pg_dump'" || echo NULL), 1000000, $(median3 "${d[@]}"), 0),
		('bulk', '$2 pg_restore', $( [ -n "$3" ] && echo "'$3 pg_restore'" || echo NULL), 1000000, $(median3 "${r[@]}"), 0)"
}
bulk_dump bulk_dump_fdb_bytea 'bytea [fdb keys]' ''
bulk_dump bulk_dump_fdb 'fdb_tuple' 'bytea [fdb keys]'
bulk_dump bulk_dump_fdbd_bytea 'bytea [double keys]' ''
bulk_dump bulk_dump_fdbd 'fdb_tuple (double)' 'bytea [double keys]'
bulk_dump bulk_dump_hlc_bigint 'bigint' ''
bulk_dump bulk_dump_hlc 'hlc_timestamp' 'bigint'
bulk_dump bulk_dump_mvcc_bytea 'bytea [mvcc keys]' ''
bulk_dump bulk_dump_mvcc 'crdb_mvcc_key' 'bytea [mvcc keys]'
bulk_dump bulk_dump_vs_bytea 'bytea [versionstamps]' ''
bulk_dump bulk_dump_vs 'fdb_versionstamp' 'bytea [versionstamps]'
rm -rf "$dumpdir"

cat test/bench/bench_report.sql test/bench/bulk_report.sql | psql -P pager=off
