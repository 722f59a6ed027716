#!/usr/bin/env bash
# binlog_apply.sh [ROWS [ROUNDS]]: mysql_binlog_apply of a change-data-capture
# binlog against MariaDB replaying it and against the loader
# (make bench BENCH=apply; also part of the whole make bench).
# binlog_mariadb.sh --cdc records ROWS (default 1,000,000) inserts, ROWS / 5
# updates and ROWS / 10 deletes on cdc.orders (cdc.bin), the rows left
# inserted into cdc.orders_final (final.bin) and the ROWS inserts alone into
# cdc.orders_ins (ins.bin), then runs ROUNDS (default 3) rounds, each
# MariaDB replaying cdc.bin into a fresh database and this script's
# --round, in alternating order.  A round times, in PostgreSQL (the
# caller's cluster or a throwaway one; ordinary logged tables, emptied
# before each job), in alternating order: apply, mysql_binlog_apply of
# cdc.bin into an empty cdc.orders; final, mysql_binlog_load of final.bin;
# ins, mysql_binlog_load of ins.bin; base, INSERT INTO ... SELECT * of the
# same 1,000,000 typed rows from a table.  The first round also checks that
# the applied table equals the loaded final state.  Then the peak private
# memory (RssAnon, sampled every 50 ms) of the backend applying cdc.bin and
# a prefix of it about a tenth its size.  binlog_apply.sql prints the
# medians and the medians of the per-round ratios.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
wc_find_pg
psql() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }
apply_sql() {	# FILE: mysql_binlog_apply of FILE into the emptied cdc.orders
	echo "SELECT coalesce(sum(inserted + updated + deleted), 0) FROM mysql_binlog_apply(pg_read_binary_file('$1'), 'bench', 'cdc', 'cdc.bin', 'cdc') WHERE target IS NOT NULL"
}
empty() { psql -c "TRUNCATE $1" -c "DELETE FROM mysql_binlog_apply_progress WHERE source = 'bench'"; }

if [ "${1:-}" = --round ]; then
	dir=$2 k=$3
	[ "$k" -eq 1 ] && psql -v dir="$dir" -v step=setup -f "$here/binlog_apply.sql"
	declare -A q=(
		[apply]=$(apply_sql "$dir/cdc.bin")
		[final]="SELECT mysql_binlog_load(pg_read_binary_file('$dir/final.bin'), 'cdc', 'orders_final', 'cdc.orders_final')"
		[ins]="SELECT mysql_binlog_load(pg_read_binary_file('$dir/ins.bin'), 'cdc', 'orders_ins', 'cdc.orders_ins')"
		[base]="INSERT INTO cdc.orders_ins SELECT * FROM cdc.staged")
	declare -A tbl=([apply]=cdc.orders [final]=cdc.orders_final [ins]=cdc.orders_ins [base]=cdc.orders_ins)
	names=(apply final ins base)
	for ((i = 0; i < 4; i++)); do
		n=${names[$((k % 2 ? i : 3 - i))]}
		empty "${tbl[$n]}"
		t0=$(date +%s%N)
		psql -c "${q[$n]}" >/dev/null || exit 1
		t1=$(date +%s%N)
		psql -c "INSERT INTO bench_apply_times VALUES ($k, '$n', $(((t1 - t0) / 1000)) / 1e3)"
		if [ "$k" -eq 1 ] && [ "$n" = apply ]; then
			psql -v dir="$dir" -v step=check -f "$here/binlog_apply.sql" || exit 1
		fi
	done
	exit 0
fi

rows=${1:-1000000}
rounds=${2:-3}
own=${WC_CLUSTER_DIR:-}
wc_setup_cluster || exit 1
work=$(mktemp -d /tmp/wirecodec-bench-apply.XXXXXX)
chmod 755 "$work"
trap 'rm -rf "$work"; [ -n "$own" ] || wc_cluster_stop' EXIT

echo "== MySQL binlog apply: $rows inserts, $((rows / 5)) updates, $((rows / 10)) deletes, $rounds rounds"
"$here/binlog_mariadb.sh" --cdc "$work" "$rows" "$rounds" "$here/binlog_apply.sh" --round "$work" || exit 1

# Peak private memory of the backend applying FILE (RssAnon of
# /proc/PID/status sampled every 50 ms; VmHWM also counts the shared
# buffers it touched)
mem() {	# label FILE
	local p pid= peak=0 a st
	empty cdc.orders
	PGAPPNAME=bench_apply_mem psql -At -c "$(apply_sql "$2")" >"$work/mem.out" &
	p=$!
	while kill -0 $p 2>/dev/null; do
		[ -n "$pid" ] || pid=$(psql -At -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'bench_apply_mem'")
		if [ -n "$pid" ] && st=$(cat "/proc/$pid/status" 2>/dev/null); then
			a=$(awk '/^RssAnon:/ { print $2 }' <<<"$st")
			[ -n "$a" ] && [ "$a" -gt "$peak" ] && peak=$a
		fi
		sleep 0.05
	done
	wait $p || return 1
	psql -c "INSERT INTO bench_apply_mem VALUES ('$1', $(stat -c %s "$2"), $(cat "$work/mem.out"), $peak)"
}
off=$(psql -At -c "SELECT max(end_offset) FROM mysql_binlog_apply_plan(pg_read_binary_file('$work/cdc.bin'))
	WHERE end_offset <= $(stat -c %s "$work/cdc.bin") / 10")
head -c "$off" "$work/cdc.bin" >"$work/small.bin"
chmod 644 "$work/small.bin"
mem 'a tenth of cdc.bin' "$work/small.bin" && mem 'cdc.bin' "$work/cdc.bin" || exit 1
psql -v step=report -v replay="$(paste -sd, "$work/replay")" -P pager=off -f "$here/binlog_apply.sql"
