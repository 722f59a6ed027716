#!/usr/bin/env bash
# test/mysql_binlog/apply-failover.sh: mysql_binlog_apply across a failover
# between real MariaDB servers.  Primary A (server 1) runs the random
# workload of apply-random.awk; replica B (server 2, log_slave_updates,
# MASTER_USE_GTID) replicates it into binlog files of its own.  Two mirrors
# apply A's files: one all of them, one all but the last four (it lags).  Then A
# stops, B is promoted and goes on with the rest of the workload, and both
# mirrors follow B's files from the first one B started after the
# replication began: a file that starts within the GTID set a mirror
# applied continues it, the transactions it repeats from A are passed over
# (the mirror that was up to date changes nothing until B's own writes,
# the lagging one gets A's last transactions from B), and both end with
# B's tables.  A third mirror that applied only A's first file is refused
# B's last file (a gap: 55000) and saves nothing.
# Usage: apply-failover.sh [SEED [STATEMENTS]].
# Ends with "apply-failover: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
. "$here/apply-lib.sh"
seed=${1:-$RANDOM}
nstmt=${2:-400}
apply_begin failover
pid_a=
pid_b=
cleanup() {
	local p
	for p in $pid_b $pid_a; do kill -TERM "$p" 2>/dev/null && wait "$p" 2>/dev/null; done
	rm -rf "$d"
	[ -n "$own" ] && wc_cluster_stop
}
trap cleanup EXIT
wc_setup_cluster || { echo "apply-failover: 0 passed, 1 failed"; exit 1; }
trap cleanup EXIT
done_() { echo "apply-failover: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }
sql_a() { mariadb --no-defaults --default-character-set=utf8mb4 -S "$d/a/sock" -uroot "$@"; }
sql_b() { mariadb --no-defaults --default-character-set=utf8mb4 -S "$d/b/sock" -uroot "$@"; }
binlog_opts=(--binlog-format=ROW --binlog-row-metadata=FULL --binlog-checksum=CRC32 --log-bin-compress-min-len=10
	--innodb-buffer-pool-size=64M)
echo "== MariaDB primary and replica, seed $seed, $nstmt statements"
port=
for _ in $(seq 1 50); do
	port=$((30000 + RANDOM % 20000))
	ss -ltnH 2>/dev/null | awk '{print $4}' | grep -q ":$port\$" || break
done
mkdir -p "$d/a" "$d/b"
wc_mariadb_start "$d/a" --server-id=1 --log-bin="$d/a/data/a" "${binlog_opts[@]}" \
	--skip-networking=0 --bind-address=127.0.0.1 --port="$port"
rc=$?
pid_a=$wc_mariadb_pid
check $rc "start the primary (port $port)" || done_
wc_mariadb_start "$d/b" --server-id=2 --log-bin="$d/b/data/b" --log-slave-updates "${binlog_opts[@]}"
rc=$?
pid_b=$wc_mariadb_pid
check $rc "start the replica" || done_
sql_a -e "SET sql_log_bin = 0; CREATE USER repl@'127.0.0.1' IDENTIFIED BY 'r';
	GRANT REPLICATION SLAVE ON *.* TO repl@'127.0.0.1'" &&
	sql_b -e "CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = $port, MASTER_USER = 'repl',
		MASTER_PASSWORD = 'r', MASTER_USE_GTID = slave_pos; START SLAVE"
check $? "the replica replicates the primary by GTID" || done_
# sync: B has applied everything A logged
sync_b() {
	local pos
	pos=$(sql_a -N -e 'SELECT @@gtid_binlog_pos') &&
		[ "$(sql_b -N -e "SELECT MASTER_GTID_WAIT('$pos', 60)")" = 0 ]
}

awk -v seed="$seed" -v n="$nstmt" -v server=mariadb -f "$here/apply-random.awk" >"$d/workload.sql"
awk -v dir="$d" 'BEGIN { n = 1 } /^-- file end$/ { n++; next } { print >(sprintf("%s/part.%04d", dir, n)) }' "$d/workload.sql"
parts=("$d"/part.*)
np=${#parts[@]}
[ "$np" -ge 4 ]
check $? "the workload is $np pieces (each ends with FLUSH BINARY LOGS)" || done_
# A: the first piece, then B starts a file (its files before are setup),
# then all but the last two pieces
# run CLIENT PIECE...: the pieces, one client each
run() {
	local cli=$1 p
	shift
	for p; do "$cli" <"$p" || return 1; done
}
run sql_a "${parts[0]}" && sync_b && sql_b -e 'FLUSH BINARY LOGS' && run sql_a "${parts[@]:1:np-3}" && sync_b
check $? "the primary ran ${#parts[@]} pieces but the last two, the replica has them" || done_
mapfile -t files_a < <(sql_a -N -e 'SHOW BINARY LOGS' | cut -f1)
mkdir -p "$WC_CLUSTER_DIR/binlogs"
copy() { cp "$1/$2" "$WC_CLUSTER_DIR/binlogs/$2" && chmod 644 "$WC_CLUSTER_DIR/binlogs/$2"; }
for f in "${files_a[@]}"; do copy "$d/a/data" "$f"; done
apply_pg_tables fo-up
psqlq -c "DROP SCHEMA IF EXISTS r2, r3 CASCADE" -c "CREATE SCHEMA r2" -c "CREATE SCHEMA r3" \
	-c "DELETE FROM mysql_binlog_apply_progress WHERE source LIKE 'fo-%'" >/dev/null &&
	for t in a b tick big; do
		psqlq -c "CREATE TABLE r2.$t (LIKE r.$t INCLUDING ALL)" -c "CREATE TABLE r3.$t (LIKE r.$t INCLUDING ALL)" >/dev/null
	done
# apply SOURCE SCHEMA FILE: one line "reason +ins ~upd -del"
apply() {
	psqlq -At -F ' ' -c "SELECT stop_reason || ' +' || inserted || ' ~' || updated || ' -' || deleted
		FROM mysql_binlog_apply(pg_read_binary_file('$WC_CLUSTER_DIR/binlogs/$3'), '$1', '$2', '$3')
		WHERE target IS NULL" 2>&1
}
# fo-lag leaves out the primary's last files, down to the last that changes rows
lag=4
rc=0
for i in "${!files_a[@]}"; do
	out=$(apply fo-up r "${files_a[$i]}") || rc=1
	echo "   fo-up ${files_a[$i]}: $out"
	if [ "$i" -lt $((${#files_a[@]} - lag)) ]; then
		out=$(apply fo-lag r2 "${files_a[$i]}") || rc=1
		[ "$i" -eq 0 ] && { apply fo-gap r3 "${files_a[0]}" >/dev/null || rc=1; }
	fi
done
check $rc "the mirrors applied the primary's files (fo-lag all but the last $lag)" || done_

# failover: A stops, B is promoted and takes the last two pieces
kill -TERM "$pid_a" && wait "$pid_a" 2>/dev/null
pid_a=
nb=$(sql_b -N -e 'SHOW BINARY LOGS' | wc -l)
sql_b -e 'STOP SLAVE; RESET SLAVE ALL; FLUSH BINARY LOGS' && run sql_b "${parts[@]:np-2}"
check $? "the replica promoted ran the last two pieces" || done_
mapfile -t files_b < <(sql_b -N -e 'SHOW BINARY LOGS' | cut -f1)
for f in "${files_b[@]:1}"; do copy "$d/b/data" "$f"; done
apply_server=mariadb
wc_mariadb_dir=$d/b
for src in fo-up:r fo-lag:r2; do
	rc=0
	outs=
	repeat=
	for i in $(seq 1 $((${#files_b[@]} - 1))); do
		out=$(apply "${src%%:*}" "${src#*:}" "${files_b[$i]}") || rc=1
		outs+="${files_b[$i]}: $out; "
		[ "$i" -lt "$nb" ] && repeat+="$out; "
	done
	echo "   ${src%%:*} on the new primary: $outs"
	check $rc "${src%%:*}: the new primary's files continue the GTIDs applied" || continue
	if [ "$src" = fo-up:r ]; then
		[ -n "$repeat" ] && [ -z "$(tr ';' '\n' <<<"$repeat" | grep -v '^ *$' | grep -v ' +0 ~0 -0$')" ]
		check $? "fo-up: the new primary's files from before the promotion change nothing ($repeat)"
		cmp=$(apply_compare "$d")
		rc=$?
	else
		[ -n "$(tr ';' '\n' <<<"$repeat" | grep -v '^ *$' | grep -v ' +0 ~0 -0$')" ]
		check $? "fo-lag: they bring the primary's last transactions it had not applied ($repeat)"
		psqlq -c "ALTER SCHEMA r RENAME TO r_keep" -c "ALTER SCHEMA r2 RENAME TO r" >/dev/null
		cmp=$(apply_compare "$d")
		rc=$?
		psqlq -c "ALTER SCHEMA r RENAME TO r2" -c "ALTER SCHEMA r_keep RENAME TO r" >/dev/null
	fi
	check $rc "${src%%:*}: the tables are the new primary's ($cmp)"
done
gap=$(apply fo-gap r3 "${files_b[-1]}")
[[ "$gap" == *"does not continue where source fo-gap stopped"* ]] &&
	[ "$(psqlq -At -c "SELECT file_name FROM mysql_binlog_apply_progress WHERE source = 'fo-gap'")" = "${files_a[0]}" ]
check $? "fo-gap (only ${files_a[0]} applied): the new primary's last file is a gap, nothing saved: $(head -1 <<<"$gap")"
psqlq -c "DROP SCHEMA r2, r3 CASCADE" -c "DELETE FROM mysql_binlog_apply_progress WHERE source LIKE 'fo-%'" >/dev/null 2>&1
done_
