#!/usr/bin/env bash
# run.sh: `make bench`.  Core micro-benchmarks (test/bench/bench_*.c, linked
# with the core, no server) then SQL-level per-row costs in a throwaway
# cluster (test/bench/sql_*.sql), each as a ratio to a baseline measured in
# the same run.  BENCH=bulk (make bench BENCH=bulk) runs only the bulk I/O
# part (sql_bulk_io.sql, pg_dump / pg_restore, bulk_report.sql); BENCH=etl
# only the decoding-into-tables part (sql_etl.sql, sql_mysql_binlog.sql, the
# client-library baseline, etl_report.sql); BENCH=binlog only the binlog
# part of it (binlog_mariadb.sh, sql_mysql_binlog.sql, bench_binlog_rounds,
# etl_report.sql); BENCH=apply only mysql_binlog_apply of a 1.3M-change
# binlog against MariaDB replaying it and against the loader
# (binlog_apply.sh, binlog_apply.sql; also run by the whole make bench).
set -eu
. "$(dirname "$0")/../common.sh"
cd "$wc_root"

only=${BENCH:-}
wc_install_deps
mkdir -p test/bench/build
[ -n "$only" ] || echo "== core (C, no server)"
for src in test/bench/bench_*.c; do
	[ -n "$only" ] && break
	[ -f "$src" ] || continue
	bin=test/bench/build/$(basename "$src" .c)
	cc -O2 -std=gnu11 -Wall -Wextra -Isrc/core -Itest/bench -o "$bin" "$src" src/core/*.c -lz -lzstd
	"./$bin"
done

echo
echo "== SQL (per-row cost over a 1M-row scan; ratio to the base in the same run)"
# every bench table stays in shared buffers, so that no case reads the disk
WC_EXTRA_CONF="shared_buffers = 3GB" wc_setup_cluster
psql() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }
if [ "$only" = apply ]; then
	"$wc_root/test/bench/binlog_apply.sh"
	exit
fi
# The binlog part (all but BENCH=bulk): a binlog of 1,000,000 row changes
# recorded from a real MariaDB (binlog_mariadb.sh), read by
# sql_mysql_binlog.sql and timed by bench_binlog_rounds below.
bl_rows=1000000
bl_file=$(mktemp /tmp/wirecodec-bench-binlog.XXXXXX.bin)
trap 'rm -f "$bl_file"; wc_cluster_stop' EXIT
bl_ok=false
if [ "$only" != bulk ]; then
	echo "== MySQL binlog: recording $bl_rows row changes from MariaDB"
	"$wc_root/test/bench/binlog_mariadb.sh" "$bl_file" "$bl_rows" && bl_ok=true ||
		echo "   (MariaDB did not record the binlog: the binlog part is not measured)"
fi
{
	echo 'CREATE EXTENSION wirecodec;'
	cat test/bench/bench_setup.sql
	# The cases print nothing; the report at the end prints the table.
	echo '\o /dev/null'
	echo "SELECT bench_expr('baseline', 'int8send(i)', 'int8send(i)');"
	case "$only" in
	bulk) cat test/bench/sql_bulk_io.sql ;;
	etl) cat test/bench/sql_etl.sql test/bench/sql_mysql_binlog.sql ;;
	binlog) cat test/bench/sql_mysql_binlog.sql ;;
	*) cat test/bench/sql_*.sql ;;
	esac
	echo '\o'
} | psql -P pager=off -v bench_binlog="$bl_file" -v bench_binlog_rows=$bl_rows -v bench_binlog_ok=$bl_ok

# The binlog loads, timed in alternating rounds (the order reversed every
# other round) with mariadb-binlog -vv --base64-output=decode-rows printing
# the same file to /dev/null: the median time of each over 5 rounds after
# a warm-up round, and the median of the 5 per-round ratios to the typed
# INSERT ... SELECT and to the tool.
bench_binlog_rounds() {
	local names=(base typed load jsonb count tool) k i n t
	local -A q=(
		[base]="INSERT INTO bench_bl SELECT * FROM bench_bl_src"
		[typed]="INSERT INTO bench_bl SELECT (r.after).* FROM bench_bl_file, mysql_binlog_rows(b, 'bench', 'orders', NULL::bench_bl) r"
		[load]="SELECT mysql_binlog_load(b, 'bench', 'orders', 'bench_bl') FROM bench_bl_file"
		[jsonb]="INSERT INTO bench_bl SELECT (r.after->>'id')::int, r.after->>'customer', (r.after->>'placed')::timestamp, (r.after->>'amount')::numeric, (r.after->>'qty')::int FROM bench_bl_file, mysql_binlog_rows(b) r WHERE r.table_name = 'orders'"
		[count]="SELECT count(*) FROM bench_bl_file, mysql_binlog_rows(b, 'bench', 'orders', NULL::bench_bl)")
	local -A ms=()
	once() {	# one timing of $1 in ms
		if [ "$1" = tool ]; then
			local t0 t1
			t0=$(date +%s%N)
			mariadb-binlog --no-defaults -vv --base64-output=decode-rows "$bl_file" >/dev/null
			t1=$(date +%s%N)
			echo $(((t1 - t0) / 1000))e-3
		else
			psql -At -c 'TRUNCATE bench_bl' -c "SELECT bench_once(\$q\$${q[$1]}\$q\$)"
		fi
	}
	echo "== MySQL binlog: $bl_rows row changes, 5 alternating rounds"
	for k in 0 1 2 3 4 5; do
		for ((i = 0; i < ${#names[@]}; i++)); do
			n=${names[$((k % 2 ? ${#names[@]} - 1 - i : i))]}
			t=$(once "$n")
			[ "$k" -gt 0 ] && ms[$n]+="$t "
		done
	done
	median() { printf '%s\n' "$@" | sort -g | sed -n 3p; }
	ratios() {	# median of the per-round ratios of $1 to $2
		local a b j r=()
		read -r -a a <<<"${ms[$1]}"
		read -r -a b <<<"${ms[$2]}"
		for j in 0 1 2 3 4; do r+=("$(awk -v x="${a[$j]}" -v y="${b[$j]}" 'BEGIN { printf "%.4f", x / y }')"); done
		median "${r[@]}"
	}
	local base='binlog base: INSERT SELECT * FROM the same typed rows'
	local tool='binlog base: mariadb-binlog -vv --base64-output=decode-rows > /dev/null'
	local typed='binlog: INSERT SELECT (after).* FROM mysql_binlog_rows(b, schema, table, NULL::t)'
	local load='binlog: mysql_binlog_load(b, schema, table, t) (loader)'
	local jsonb='binlog: INSERT SELECT (after->>..)::type FROM mysql_binlog_rows(b) (jsonb)'
	local count='binlog: count(*) FROM mysql_binlog_rows(b, schema, table, NULL::t) (decode only)'
	psql -c "INSERT INTO bench_results VALUES
		('etl', '$base', NULL, $bl_rows, $(median ${ms[base]}), 0, NULL),
		('etl', '$typed', '$base', $bl_rows, $(median ${ms[typed]}), 0, $(ratios typed base)),
		('etl', '$load', '$base', $bl_rows, $(median ${ms[load]}), 0, $(ratios load base)),
		('etl', '$jsonb', '$base', $bl_rows, $(median ${ms[jsonb]}), 0, $(ratios jsonb base)),
		('etl', '$tool', NULL, $bl_rows, $(median ${ms[tool]}), 0, NULL),
		('etl', '$typed [vs tool]', '$tool', $bl_rows, $(median ${ms[typed]}), 0, $(ratios typed tool)),
		('etl', '$load [vs tool]', '$tool', $bl_rows, $(median ${ms[load]}), 0, $(ratios load tool)),
		('etl', '$jsonb [vs tool]', '$tool', $bl_rows, $(median ${ms[jsonb]}), 0, $(ratios jsonb tool)),
		('etl', '$count [vs tool]', '$tool', $bl_rows, $(median ${ms[count]}), 0, $(ratios count tool))"
}
$bl_ok && bench_binlog_rounds
[ -n "$only" ] || "$wc_root/test/bench/binlog_apply.sh" ||
	echo "   (the binlog apply benchmark did not complete)"

# pg_dump (custom format, uncompressed) and pg_restore (--clean, into a
# second database) of each bulk_dump_* table of sql_bulk_io.sql, median of 3.
echo "== MySQL: the client library parsing the same result set"
# MariaDB Connector/C reads the conversation benchmark's result set from a
# replaying server (test/bench/mysql_client_baseline.c); its time is the
# base of two more rows of the report.
[ "$only" = bulk ] || [ "$only" = binlog ] || command -v mariadb_config >/dev/null 2>&1 || wc_apt_install libmariadb-dev || true
if [ "$only" = bulk ] || [ "$only" = binlog ]; then
	echo "   (BENCH=$only: not measured)"
elif command -v mariadb_config >/dev/null 2>&1 &&
	cc -O2 -Wall -Wextra $(mariadb_config --cflags) -o test/bench/build/mysql_client_baseline \
		test/bench/mysql_client_baseline.c $(mariadb_config --libs); then
	# the response to the COM_QUERY: after the 42-byte handshake and 11-byte OK
	# (sql_etl.sql's capture has the same bytes)
	captbl=$([ "$only" = etl ] && echo bench_etl_capture || echo bench_mysql_capture)
	psql -At -c "SELECT encode(substr(server, 54), 'hex') FROM $captbl" \
		>test/bench/build/mysql_result.hex
	read -r cl_ms cl_rows _ < <(test/bench/build/mysql_client_baseline test/bench/build/mysql_result.hex 5)
	echo "   Connector/C: $cl_rows rows in $cl_ms ms (median of 5)"
	[ "$only" = etl ] ||
	psql -c "INSERT INTO bench_results VALUES ('mysql', 'capture: client library (Connector/C) use_result + fetch_row', NULL, $cl_rows, $cl_ms, 0)" \
		-c "INSERT INTO bench_results SELECT codec, label || ' [vs client library]',
			'capture: client library (Connector/C) use_result + fetch_row', rows, ms, scan_ms
			FROM bench_results WHERE label IN ('capture: mysql_conversation + text_row_decode',
											   'capture: mysql_conversation + typed rows')"
	psql -c "INSERT INTO bench_results VALUES ('etl', 'capture base: client library (Connector/C) use_result + fetch_row', NULL, $cl_rows, $cl_ms, 0, NULL)" \
		-c "INSERT INTO bench_results SELECT codec, label || ' [vs client library]',
			'capture base: client library (Connector/C) use_result + fetch_row', rows, ms, scan_ms, ms / $cl_ms
			FROM bench_results WHERE label = 'capture: count(*) FROM cap, mysql_conversation_rows(..) (decode only)'"
else
	echo "   (MariaDB Connector/C not available: the client-library baseline is not measured)"
fi

if [ "$only" = binlog ]; then
	# etl_report.sql without sql_etl.sql's memory figures
	sed -n '1,/ORDER BY r.ctid;/p' test/bench/etl_report.sql | psql -P pager=off
	exit 0
elif [ "$only" = etl ]; then
	psql -P pager=off -f test/bench/etl_report.sql
	exit 0
fi

echo "== pg_dump / pg_restore of 1M-row tables"
dumpdir=$(mktemp -d /tmp/wirecodec-dump.XXXXXX)
psql -c 'CREATE DATABASE bench_restore' -c '\c bench_restore' -c 'CREATE EXTENSION wirecodec'
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
# dump and restore one table: sets dump_ms and restore_ms
dump_restore() {
	local t0 t1 t2
	t0=$(now_ms)
	"$PGBIN/pg_dump" -Fc -Z0 -t "$1" -f "$dumpdir/$1.dump" postgres
	t1=$(now_ms)
	"$PGBIN/pg_restore" --clean --if-exists -d bench_restore "$dumpdir/$1.dump"
	t2=$(now_ms)
	rm -f "$dumpdir/$1.dump"
	dump_ms=$((t1 - t0))
	restore_ms=$((t2 - t1))
}
# A table against its base table, in alternating rounds (as bench_pair):
# medians of 3 times, and of the 3 per-round ratios.
bulk_dump() {	# base-table base-label table label
	local bd=() br=() d=() r=() qd=() qr=() k
	for k in 1 2 3; do
		if [ $((k % 2)) -eq 1 ]; then dump_restore "$1"; bd+=("$dump_ms"); br+=("$restore_ms"); fi
		dump_restore "$3"
		d+=("$dump_ms")
		r+=("$restore_ms")
		if [ $((k % 2)) -eq 0 ]; then dump_restore "$1"; bd+=("$dump_ms"); br+=("$restore_ms"); fi
		qd+=("$(awk -v a="$dump_ms" -v b="${bd[-1]}" 'BEGIN { printf "%.4f", a / (b > 0 ? b : 1) }')")
		qr+=("$(awk -v a="$restore_ms" -v b="${br[-1]}" 'BEGIN { printf "%.4f", a / (b > 0 ? b : 1) }')")
	done
	psql -c "INSERT INTO bench_results VALUES
		('bulk', '$2 pg_dump', NULL, 1000000, $(median3 "${bd[@]}"), 0, NULL),
		('bulk', '$2 pg_restore', NULL, 1000000, $(median3 "${br[@]}"), 0, NULL),
		('bulk', '$4 pg_dump', '$2 pg_dump', 1000000, $(median3 "${d[@]}"), 0, $(median3 "${qd[@]}")),
		('bulk', '$4 pg_restore', '$2 pg_restore', 1000000, $(median3 "${r[@]}"), 0, $(median3 "${qr[@]}"))"
}
bulk_dump bulk_dump_fdb_bytea 'bytea [fdb keys]' bulk_dump_fdb 'fdb_tuple'
bulk_dump bulk_dump_fdbd_bytea 'bytea [double keys]' bulk_dump_fdbd 'fdb_tuple (double)'
bulk_dump bulk_dump_hlc_bigint 'bigint' bulk_dump_hlc 'hlc_timestamp'
bulk_dump bulk_dump_mvcc_bytea 'bytea [mvcc keys]' bulk_dump_mvcc 'crdb_mvcc_key'
bulk_dump bulk_dump_vs_bytea 'bytea [versionstamps]' bulk_dump_vs 'fdb_versionstamp'
rm -rf "$dumpdir"

if [ "$only" = bulk ]; then
	psql -P pager=off -f test/bench/bulk_report.sql
else
	cat test/bench/bench_report.sql test/bench/etl_report.sql test/bench/bulk_report.sql | psql -P pager=off
fi
