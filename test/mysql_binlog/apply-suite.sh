#!/usr/bin/env bash
# test/mysql_binlog/apply-suite.sh: the replication suite of
# mysql_binlog_apply, run by test/mysql_binlog/run.sh (make
# test-mysql-binlog) and by make test-binlog-apply.  In order:
#   random-mariadb  apply-random.sh mariadb: a random MariaDB workload, each
#                   binlog file applied after it is closed
#   random-mysql    apply-random.sh mysql: the same against MySQL 9.7 (sid
#                   chroot), GTIDs on
#   live            apply-live.sh: mariadb-binlog --stop-never mirroring a
#                   MariaDB running the workload, doc/cdc.md's procedure
#                   applying the mirror every second; the lag
#   crash           apply-crash.sh: PostgreSQL stopped with pg_ctl -m
#                   immediate during an apply
#   names           apply-names.sh: MariaDB's names PostgreSQL cannot take
#                   (64 characters) and DDL behind comments
#   failover        apply-failover.sh: a MariaDB primary and replica, the
#                   replica promoted, mirrors following it by GTID
# WC_APPLY_PARTS="NAME..." runs only those; WC_APPLY_SEED (default: one
# random seed for all), WC_APPLY_STATEMENTS (default 800 for the random
# runs, half for the live one) and WC_APPLY_CRASH_ROWS (default 200000)
# size them.  The PostgreSQL cluster of the caller (WC_CLUSTER_DIR) is
# reused, except by apply-crash.sh, which crashes one of its own.  Prints
# each script's time and ends with "binlog-apply: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
parts=${WC_APPLY_PARTS:-random-mariadb random-mysql live crash names failover}
seed=${WC_APPLY_SEED:-$RANDOM}
n=${WC_APPLY_STATEMENTS:-800}
passed=0
failed=0
for part in $parts; do
	case $part in
	random-mariadb) cmd=(apply-random.sh mariadb "$seed" "$n") ;;
	random-mysql) cmd=(apply-random.sh mysql "$seed" "$n") ;;
	live) cmd=(apply-live.sh "$seed" $((n / 2))) ;;
	crash) cmd=(apply-crash.sh "${WC_APPLY_CRASH_ROWS:-200000}") ;;
	names) cmd=(apply-names.sh) ;;
	failover) cmd=(apply-failover.sh "$seed" $((n / 2))) ;;
	*)
		echo "no such part: $part"
		failed=$((failed + 1))
		continue
		;;
	esac
	echo "== $part: ${cmd[*]}"
	t0=$(date +%s)
	log=$(mktemp)
	bash "$here/${cmd[0]}" "${cmd[@]:1}" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^apply-[a-z]+: [0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
	rm -f "$log"
	p=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p' <<<"$line")
	f=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p' <<<"$line")
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	# a script that stopped without its count, or failed without a failure
	[ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ] && failed=$((failed + 1))
	echo "   $part took $(($(date +%s) - t0)) s"
done
echo "binlog-apply: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
