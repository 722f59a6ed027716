#!/usr/bin/env bash
# test/mysql_binlog/apply-crash.sh [ROWS]: mysql_binlog_apply survives a
# crash of PostgreSQL in the middle of an apply.  MariaDB (mariadbd on PATH
# or in /usr/sbin) writes two binlog files: a small one (the table and 1,000
# rows) and a large one (ROWS more rows inserted, default 200,000, then
# every row updated and every third deleted, in transactions of 50,000
# rows).  On a throwaway cluster of its own the small file is applied, the
# large one is applied in the background, and PostgreSQL is stopped with
# pg_ctl -m immediate while that apply runs.  After the restart the table
# and the progress row are those of the small file alone; the large file
# applied again leaves the table equal to MariaDB's (row for row, typed)
# and the progress row at the file's end; a third apply changes nothing.
# Every server it starts it stops, also on failure.
# Ends with "apply-crash: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
rows=${1:-200000}
passed=0
failed=0
# always a cluster of its own: it is crashed
unset WC_CLUSTER_DIR
wc_find_pg
d=$(mktemp -d /tmp/wirecodec-apply-crash.XXXXXX)
chmod 755 "$d"
bpid=
cleanup() {
	[ -n "$bpid" ] && { kill -TERM "$bpid" 2>/dev/null; wait "$bpid" 2>/dev/null; }
	wc_mariadb_stop
	wc_cluster_stop
	rm -rf "$d"
}
trap cleanup EXIT

mkdir "$d/m"
wc_mariadb_start "$d/m" --innodb-buffer-pool-size=256M --innodb-flush-log-at-trx-commit=0 --server-id=11 \
	--log-bin="$d/m/data/crash" --binlog-format=ROW --binlog-row-metadata=FULL \
	--binlog-checksum=CRC32 --max-binlog-size=1G
check $? "start MariaDB" || exit 1

# the two files: crash.000001 (small), crash.000002 (large)
{
	echo "RESET MASTER; SET time_zone = '+00:00'; CREATE DATABASE c; USE c;"
	echo "CREATE TABLE t (id int PRIMARY KEY, v varchar(40), d datetime(6), ts timestamp(3) NULL,
		amount decimal(12,2), n int, j json) ENGINE=InnoDB;"
	echo "INSERT INTO t SELECT seq, concat('r', seq), '2026-01-01' + INTERVAL seq SECOND, NULL,
		seq / 100, IF(seq % 5 = 0, NULL, seq % 7), NULL FROM seq_1_to_1000;"
	echo "FLUSH BINARY LOGS;"
	for ((lo = 1001; lo <= rows + 1000; lo += 50000)); do
		hi=$((lo + 49999 < rows + 1000 ? lo + 49999 : rows + 1000))
		echo "INSERT INTO t SELECT seq, concat('customer-', seq % 5000), '2026-01-01' + INTERVAL seq SECOND,
			'2026-02-01' + INTERVAL seq MINUTE, (seq * 37 % 1000000) / 100, IF(seq % 10 = 0, NULL, seq % 7),
			concat('{\"i\": ', seq, '}') FROM seq_${lo}_to_${hi};"
	done
	for ((lo = 1; lo <= rows + 1000; lo += 50000)); do
		echo "UPDATE t SET amount = amount + 1, n = coalesce(n, 0) + 1, v = concat(v, '+')
			WHERE id BETWEEN $lo AND $((lo + 49999));"
	done
	for ((lo = 1; lo <= rows + 1000; lo += 50000)); do
		echo "DELETE FROM t WHERE id BETWEEN $lo AND $((lo + 49999)) AND id % 3 = 0;"
	done
	echo "FLUSH BINARY LOGS;"
} | wc_msql
check $? "the workload runs" || exit 1
for f in crash.000001 crash.000002; do
	cp "$d/m/data/$f" "$d/$f" && chmod 644 "$d/$f" || exit 1
done
wc_msql -N -e "SET time_zone = '+00:00'; SELECT * FROM c.t" >"$d/t.tsv"
chmod 644 "$d/t.tsv"
wc_mariadb_stop
echo "   crash.000002: $(stat -c %s "$d/crash.000002") bytes, $(wc -l <"$d/t.tsv") rows left in MariaDB"

# PostgreSQL (the install lock from here on)
export PGTZ=UTC
wc_setup_cluster || { echo "apply-crash: $passed passed, $((failed + 1)) failed"; exit 1; }
# wc_cluster_start set its own trap
trap cleanup EXIT
pgstart() {
	(cd / && "${WC_RUN[@]}" "$PGBIN/pg_ctl" -D "$WC_CLUSTER_DIR/data" -l "$WC_CLUSTER_DIR/server.log" \
		-w -t 60 start >/dev/null)
}
apply_sql() {
	echo "SELECT coalesce(target::text, '-'), inserted, updated, deleted, stop_reason
		FROM mysql_binlog_apply(pg_read_binary_file('$d/$1'), 'crash', 'c', '$1')"
}
psqlq -c "CREATE EXTENSION IF NOT EXISTS wirecodec" -c "DROP SCHEMA IF EXISTS c CASCADE" -c "CREATE SCHEMA c" \
	-c "CREATE TABLE c.t (id int PRIMARY KEY, v varchar(40), d timestamp(6), ts timestamptz(3),
		amount numeric(12,2), n int, j jsonb)" \
	-c "DELETE FROM mysql_binlog_apply_progress WHERE source = 'crash'" >/dev/null
out=$(psqlq -At -F ' ' -c "$(apply_sql crash.000001)" 2>&1)
check $? "crash.000001 applies: $(echo "$out" | tr '\n' ' ')" || exit 1
progress() {
	psqlq -At -F ' ' -c "SELECT file_name, position, coalesce(next_file, '-') FROM mysql_binlog_apply_progress
		WHERE source = 'crash'" 2>&1
}
before=$(progress)

# the large file in the background; the crash once its apply has run a while
t0=$(date +%s.%N)
psqlq -At -F ' ' -c "$(apply_sql crash.000002)" >"$d/bg.out" 2>&1 &
bpid=$!
running=1
for _ in $(seq 1 100); do
	n=$(psqlq -At -c "SELECT count(*) FROM pg_stat_activity
		WHERE state = 'active' AND query LIKE '%mysql_binlog_apply(pg_read_binary_file%crash.000002%'
			AND pid <> pg_backend_pid()" 2>/dev/null)
	[ "${n:-0}" -gt 0 ] && { running=0; break; }
	sleep 0.05
done
sleep 0.5
kill -0 "$bpid" 2>/dev/null
alive=$?
(cd / && "${WC_RUN[@]}" "$PGBIN/pg_ctl" -D "$WC_CLUSTER_DIR/data" -m immediate -w stop >/dev/null 2>&1)
t1=$(date +%s.%N)
wait "$bpid"
bgrc=$?
bpid=
check $((running || alive)) "PostgreSQL stopped (-m immediate) $(echo "$t1 - $t0" | bc) s into the apply of crash.000002, the apply still running"
[ $bgrc -ne 0 ]
check $? "the interrupted apply failed: $(head -1 "$d/bg.out")"
pgstart
check $? "PostgreSQL restarts (crash recovery)" || { cat "$WC_CLUSTER_DIR/server.log"; exit 1; }
after=$(progress)
[ "$after" = "$before" ]
check $? "the progress row is crash.000001's: $after"
n=$(psqlq -At -c "SELECT count(*) FROM c.t" 2>&1)
[ "$n" = 1000 ]
check $? "the table holds crash.000001's 1000 rows alone ($n)"

t0=$(date +%s.%N)
out=$(psqlq -At -F ' ' -c "$(apply_sql crash.000002)" 2>&1)
rc=$?
t1=$(date +%s.%N)
check $rc "crash.000002 applied again in $(echo "$t1 - $t0" | bc) s: $(echo "$out" | tr '\n' ' ')"
end=$(stat -c %s "$d/crash.000002")
after=$(progress)
[ "$after" = "crash.000002 $end crash.000003" ]
check $? "the progress row names the file's end: $after"
diff=$(psqlq -At -c "CREATE TEMP TABLE w (LIKE c.t)" -c "\\copy w FROM '$d/t.tsv' WITH (NULL 'NULL')" \
	-c "SELECT (SELECT count(*) FROM w) || ' ' || (SELECT count(*) FROM c.t) || ' ' ||
		(SELECT count(*) FROM ((TABLE c.t EXCEPT ALL TABLE w) UNION ALL (TABLE w EXCEPT ALL TABLE c.t)) x)" 2>&1)
echo "   rows in MariaDB, in PostgreSQL, differences: $diff"
case "$diff" in
*" 0") check 0 "the table equals MariaDB's" ;;
*) check 1 "the table equals MariaDB's" ;;
esac
out=$(psqlq -At -F ' ' -c "$(apply_sql crash.000002)" 2>&1)
[ "$out" = "- 0 0 0 rotate" ]
check $? "a third apply changes nothing: $(echo "$out" | tr '\n' ' ')"
echo "apply-crash: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
