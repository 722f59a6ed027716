#!/usr/bin/env bash
# test/mysql_binlog/apply-random.sh [mariadb|mysql] [SEED] [STATEMENTS]:
# mysql_binlog_apply against a live MariaDB 10.11 (mariadbd on PATH or in
# /usr/sbin; the default) or MySQL 9.7 (the sid chroot of test/chroot.sh,
# GTIDs on).  A random workload (apply-random.awk, seeded: the same SEED
# gives the same statements) of inserts, updates (some moving the key),
# deletes, multi-statement and rolled back transactions, FULL and MINIMAL
# row images, compression switched on and off and FLUSH BINARY LOGS runs on
# two tables (one with a composite key), piece by piece: after each FLUSH
# BINARY LOGS the file just closed is applied to PostgreSQL, first cut at a
# random byte after the 4-byte magic (a file being written), then whole,
# then whole again (which must change nothing), and the PostgreSQL tables
# must equal the server's (both sides read into the same row types, row for
# row).  The last file, still open, is applied the same way at the end.
# Ends with "apply-random: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
server=mariadb
case "${1:-}" in
mariadb | mysql)
	server=$1
	shift
	;;
esac
if [ "$server" = mysql ]; then
	. "$here/../chroot.sh"
	. "$here/../mysql_sid.sh"
fi
. "$here/apply-lib.sh"
seed=${1:-$RANDOM}
nstmt=${2:-600}
apply_begin random
cleanup() {
	apply_server_stop
	rm -rf "$d"
	[ -n "$own" ] && wc_cluster_stop
}
trap cleanup EXIT
wc_setup_cluster || { echo "apply-random: 0 passed, 1 failed"; exit 1; }
# wc_cluster_start sets a trap of its own
trap cleanup EXIT
src=rnd-$server
echo "== $server, seed $seed, $nstmt statements"
apply_server_start "$server" "$d"
check $? "start $server" || { echo "apply-random: $passed passed, $failed failed"; exit 1; }

# The workload, in pieces ending each with FLUSH BINARY LOGS
awk -v seed="$seed" -v n="$nstmt" -v server="$server" -f "$here/apply-random.awk" >"$d/workload.sql"
awk -v dir="$d" 'BEGIN { n = 1 } /^-- file end$/ { n++; next } { print >(sprintf("%s/part.%04d", dir, n)) }' "$d/workload.sql"
apply_pg_tables "$src"
mkdir -p "$WC_CLUSTER_DIR/binlogs"

# apply_file FILE: cut, whole, whole again; prints one line, returns 1 when
# a call failed, 2 when the second whole apply changed something
apply_file() {
	local f=$1 p=$WC_CLUSTER_DIR/binlogs/$1 cut out rc=0
	cp "$apply_binlog_dir/$f" "$p" && chmod 644 "$p" || return 1
	cut=$(awk -v s="$seed" -v f="$f" 'BEGIN { srand(s + length(f) + substr(f, length(f) - 1) * 7); print rand() }')
	out=$(psqlq -At -F ' ' \
		-c "SELECT 'cut: ' || stop_reason || ' ' || stop_position FROM mysql_binlog_apply(substr(pg_read_binary_file('$p'), 1, greatest(4, (length(pg_read_binary_file('$p')) * $cut)::int)), '$src', 'r', '$f') WHERE target IS NULL" \
		-c "SELECT 'whole: ' || stop_reason || ' ' || stop_position || ' +' || inserted || ' ~' || updated || ' -' || deleted FROM mysql_binlog_apply(pg_read_binary_file('$p'), '$src', 'r', '$f') WHERE target IS NULL" \
		-c "SELECT 'again: ' || stop_reason || ' ' || stop_position || ' +' || inserted || ' ~' || updated || ' -' || deleted FROM mysql_binlog_apply(pg_read_binary_file('$p'), '$src', 'r', '$f') WHERE target IS NULL" 2>&1) || rc=1
	echo "   $f ($(stat -c %s "$p") bytes): $(echo "$out" | tr '\n' ' ')"
	[ $rc -eq 0 ] || return 1
	[[ "$out" == *"again: "*" +0 ~0 -0" ]] || return 2
}

wok=0
aok=0
again=0
eq=0
nfiles=0
ncmp=0
parts=("$d"/part.*)
for ((k = 0; k < ${#parts[@]}; k++)); do
	apply_sql <"${parts[k]}" >>"$d/workload.log" 2>&1 || { wok=1; cat "$d/workload.log"; break; }
	mapfile -t files < <(apply_sql -N -e 'SHOW BINARY LOGS' | cut -f1)
	upto=$((${#files[@]} - 1))
	# the last piece: the last file too, still open
	[ $k -eq $((${#parts[@]} - 1)) ] && upto=${#files[@]}
	for ((i = nfiles; i < upto; i++)); do
		apply_file "${files[i]}"
		case $? in
		1) aok=1 ;;
		2) again=1 ;;
		esac
	done
	[ $upto -gt $nfiles ] || continue
	nfiles=$upto
	out=$(apply_compare "$d") || { eq=1; echo "   after ${files[upto - 1]}: $out"; }
	ncmp=$((ncmp + 1))
done
echo "   after the last file: $out"
echo "   events: $(psqlq -At -c "SELECT string_agg(event_type_name || ' ' || n, ', ' ORDER BY event_type_name)
	FROM (SELECT event_type_name, count(*) AS n FROM pg_ls_dir('$WC_CLUSTER_DIR/binlogs') AS f,
		mysql_binlog_events(pg_read_binary_file('$WC_CLUSTER_DIR/binlogs/' || f)) GROUP BY 1) e" 2>&1)"
check $wok "the workload runs on $server ($(grep -c . "$d/workload.sql") lines, ${#parts[@]} pieces)"
check $aok "every file applies after it is closed, cut and then whole ($nfiles files)"
check $again "every file applied a second time changes nothing"
[ $eq -eq 0 ] && [ $ncmp -gt 0 ]
check $? "the tables equal $server's after each file ($ncmp comparisons, seed $seed)"
echo "apply-random: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
