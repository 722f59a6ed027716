#!/usr/bin/env bash
# test/mysql_binlog/apply-live.sh [SEED] [STATEMENTS]: the pipeline of
# doc/cdc.md, live.  MariaDB 10.11 (mariadbd on PATH or in /usr/sbin) runs
# the random workload of apply-random.awk, paced (pauses of up to 0.1 s,
# FLUSH BINARY LOGS cutting files, a tick row (id, NOW(6)) committed every
# few statements), while mariadb-binlog --read-from-remote-server --raw
# --stop-never, connected as a user with REPLICATION SLAVE and BINLOG
# MONITOR, mirrors its binlog into a directory, and a loop calls the
# extension's procedure mysql_binlog_follow (doc/cdc.md) every second on
# the mirrored files, the one being written included.  From the
# sixth call on, strace attached to the mirror delays each of its writes
# by 2 ms (a slow link), so that the file being written often ends inside
# a transaction, which a call must leave for the next.  After each
# call the ticks that arrived are stamped with the time; each tick's lag is
# that time less its NOW(6) on MariaDB: from the source's commit to the rows
# committed in PostgreSQL.  When the workload has ended, the loop goes on
# until the tables equal MariaDB's (typed, row for row).
# Ends with "apply-live: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
. "$here/apply-lib.sh"
seed=${1:-$RANDOM}
nstmt=${2:-300}
apply_begin live
mir=$d/mirror
mirpid=
wpid=
stpid=
cleanup() {
	[ -n "$stpid" ] && { kill -TERM "$stpid" 2>/dev/null; wait "$stpid" 2>/dev/null; }
	stpid=
	[ -n "$wpid" ] && { kill -TERM "$wpid" 2>/dev/null; wait "$wpid" 2>/dev/null; }
	[ -n "$mirpid" ] && { kill -TERM "$mirpid" 2>/dev/null; wait "$mirpid" 2>/dev/null; }
	wpid=
	mirpid=
	apply_server_stop
	rm -rf "$d"
	[ -n "$own" ] && wc_cluster_stop
}
trap cleanup EXIT
finish() {
	echo "apply-live: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}
wc_setup_cluster || { echo "apply-live: 0 passed, 1 failed"; exit 1; }
# wc_cluster_start sets a trap of its own
trap cleanup EXIT
echo "== MariaDB mirrored by mariadb-binlog --stop-never, applied every second; seed $seed, $nstmt statements"
mkdir "$d/m" "$mir"
apply_server_start mariadb "$d/m"
check $? "start MariaDB" || finish
apply_sql -e "CREATE USER mirror@localhost IDENTIFIED BY 'mirror-pw';
	GRANT REPLICATION SLAVE, BINLOG MONITOR ON *.* TO mirror@localhost"
first=$(apply_sql -N -e 'SHOW BINARY LOGS' | head -1 | cut -f1)

# PostgreSQL: the tables, the ticks' arrival times
apply_pg_tables live
psqlq -c "SET client_min_messages = warning" \
	-c "DROP TABLE IF EXISTS tick_seen" -c "CREATE TABLE tick_seen (id int PRIMARY KEY, seen timestamptz)" >/dev/null
check $? "the tables made" || finish

# the mirror, as the replica user over the socket
mariadb-binlog --no-defaults --read-from-remote-server --socket="$d/m/sock" --user=mirror --password=mirror-pw \
	--raw --stop-never --stop-never-slave-server-id=4242 --result-file="$mir/" "$first" >"$d/mirror.log" 2>&1 &
mirpid=$!

awk -v seed="$seed" -v n="$nstmt" -v server=mariadb -v live=1 -f "$here/apply-random.awk" >"$d/workload.sql"
t0=$(date +%s.%N)
apply_sql <"$d/workload.sql" >"$d/workload.log" 2>&1 &
wpid=$!

command -v strace >/dev/null 2>&1 || wc_apt_install strace
calls=0
slow_at=${WC_APPLY_LIVE_SLOW_AT:-6}
tslow=
errors=0
partial=0
wrc=
tend=
eq=1
while :; do
	# from the slow_at-th call on, each write of the mirror waits 2 ms (strace
	# attached to it): a transaction takes a while to arrive, as over a slow
	# link, and the file being written often ends inside one
	if [ "$calls" -eq "$slow_at" ]; then
		strace -p "$mirpid" -e trace=write -e inject=write:delay_enter=2000 -o /dev/null 2>"$d/strace.log" &
		stpid=$!
		tslow=$(date -u '+%F %T.%N')
	fi
	newest=$(ls "$mir" | sort | tail -1)
	size=$(stat -c %s "$mir/$newest" 2>/dev/null || echo 0)
	out=$(psqlq -At -F ' ' -c "CALL mysql_binlog_follow('$mir', 'live', 'r', '$first')" \
		-c "INSERT INTO tick_seen SELECT id, clock_timestamp() FROM r.tick ON CONFLICT DO NOTHING" \
		-c "SELECT file_name, \"position\" FROM mysql_binlog_apply_progress WHERE source = 'live'" 2>&1) ||
		{ errors=$((errors + 1)); echo "   call $calls: $out"; }
	calls=$((calls + 1))
	prog=$(echo "$out" | tail -1)
	# bytes of the file being written there before the call and not applied:
	# the call stopped before an incomplete transaction
	[ "${prog% *}" = "$newest" ] && [ "${prog##* }" -lt "$size" ] 2>/dev/null && partial=$((partial + 1))
	if [ -z "$wrc" ] && ! kill -0 "$wpid" 2>/dev/null; then
		wait "$wpid"
		wrc=$?
		wpid=
		tend=$(date +%s.%N)
	fi
	if [ -n "$wrc" ]; then
		cmp=$(apply_compare "$d") && { eq=0; break; }
		[ "$(echo "$(date +%s.%N) - $tend > 60" | bc)" = 1 ] && break
	fi
	sleep 1
done
t1=$(date +%s.%N)
check "$wrc" "the workload ran on MariaDB for $(echo "$tend - $t0" | bc | cut -c1-5) s" || cat "$d/workload.log"
kill -0 "$mirpid" 2>/dev/null
check $? "the mirror still runs: $(ls "$mir" | wc -l) files, $(du -sb "$mir" | cut -f1) bytes" || cat "$d/mirror.log"
check $errors "every call of mysql_binlog_follow succeeds ($calls calls)"
[ "$partial" -gt 0 ]
check $? "$partial calls stopped before an incomplete transaction at the end of the file being written, and the next continued"
echo "   $cmp"
check $eq "the tables equal MariaDB's $(echo "$t1 - $tend" | bc | cut -c1-4) s after the workload ended"
server=$(apply_sql -N -e 'SHOW MASTER STATUS' | cut -f1,2 | tr '\t' ' ')
prog=$(psqlq -At -F ' ' -c "SELECT file_name, \"position\" FROM mysql_binlog_apply_progress WHERE source = 'live'")
[ "$prog" = "$server" ]
check $? "the progress row is at the server's position ($prog; the server's $server)"
lag=$(psqlq -At -c "SELECT string_agg(line, '; ' ORDER BY g) FROM (
	SELECT g, CASE g WHEN 1 THEN 'the mirror at full speed' ELSE 'the mirror slowed (2 ms a write)' END
		|| ', ' || count(*) || ' ticks: median ' || round(percentile_cont(0.5) WITHIN GROUP (ORDER BY l)::numeric, 2)
		|| ' s, 90th percentile ' || round(percentile_cont(0.9) WITHIN GROUP (ORDER BY l)::numeric, 2)
		|| ' s, max ' || round(max(l)::numeric, 2) || ' s, min ' || round(min(l)::numeric, 2) || ' s' AS line
	FROM (SELECT CASE WHEN t.t < '${tslow:-infinity}'::timestamp THEN 1 ELSE 2 END AS g,
			extract(epoch FROM (s.seen AT TIME ZONE 'UTC') - t.t) AS l
		FROM tick_seen s JOIN r.tick t USING (id)) x GROUP BY g) y")
echo "   lag from MariaDB's commit to the rows committed in PostgreSQL: $lag"

# The follower's refusals and limits, on the mirror's files: a second
# source from the first file with max_files => 1 applies that file only;
# a next file whose name leaves the directory (the progress row's, or a
# ROTATE's) is 22023 and moves nothing; a source with no progress needs
# first_file (22023).
psqlq -c "DROP SCHEMA IF EXISTS r_one CASCADE" -c "CREATE SCHEMA r_one" \
	-c "CREATE TABLE r_one.a (LIKE r.a INCLUDING ALL)" -c "CREATE TABLE r_one.b (LIKE r.b INCLUDING ALL)" \
	-c "CREATE TABLE r_one.tick (LIKE r.tick INCLUDING ALL)" -c "CREATE TABLE r_one.big (LIKE r.big INCLUDING ALL)" >/dev/null
out=$(psqlq -At -c "DELETE FROM mysql_binlog_apply_progress WHERE source = 'live-one'" \
	-c "CALL mysql_binlog_follow('$mir', 'live-one', 'r_one', '$first', max_files => 1)" \
	-c "SELECT file_name FROM mysql_binlog_apply_progress WHERE source = 'live-one'" 2>&1)
[ "$out" = "$first" ]
check $? "max_files => 1: one file applied ($out)"
out=$(psqlq -At -c "UPDATE mysql_binlog_apply_progress SET next_file = '../$first' WHERE source = 'live-one'" \
	-c "CALL mysql_binlog_follow('$mir', 'live-one', 'r_one')" 2>&1)
[[ "$out" == *'MySQL binlog file name "../'*'" of source live-one is not a file of directory'* ]] &&
	[ "$(psqlq -At -c "SELECT file_name FROM mysql_binlog_apply_progress WHERE source = 'live-one'")" = "$first" ]
check $? "a next file outside the directory is refused, nothing moved: $(grep -m1 ERROR <<<"$out")"
out=$(psqlq -At -c "CALL mysql_binlog_follow('$mir', 'live-none', 'r')" 2>&1)
[[ "$out" == *"source live-none has applied no file: give first_file"* ]]
check $? "a new source without first_file is refused: $(grep -m1 ERROR <<<"$out")"
psqlq -c "DELETE FROM mysql_binlog_apply_progress WHERE source = 'live-one'" -c "DROP SCHEMA r_one CASCADE" >/dev/null
finish
