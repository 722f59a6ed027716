#!/usr/bin/env bash
# binlog_mariadb.sh OUT ROWS [CHANGES]: record a real binlog for the binlog
# benchmark.
# Starts MariaDB (Debian's mariadb-server, installed if missing, as in
# test/mysql_binlog/run.sh) as a non-root user in a private temporary
# datadir with a socket and no TCP port, binlog_format=ROW,
# binlog_row_metadata=FULL, CRC32 checksums, then inserts ROWS rows into
# bench.orders (int, varchar, datetime, decimal, nullable int) in
# transactions of 50,000 rows, copies the binlog to OUT and stops the server
# (also on failure).  The rows are those of bench_binlog_src in
# sql_mysql_binlog.sql (the same expressions of i = 1..ROWS).
# With CHANGES, a second file CHANGES of the next binlog: every row updated
# (amount and qty), then every other row deleted, in transactions of 50,000
# rows; then the baseline of mysql_binlog_apply: both files replayed by
# MariaDB into the same server after dropping bench (mariadb-binlog OUT |
# mariadb, without binlogging the replay), their times printed as
# "mariadb replay: inserts S s, changes S s".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
out=$1
rows=$2

work=$(mktemp -d /tmp/wirecodec-bench-binlog.XXXXXX)
chmod 755 "$work"
mpid=
stop() {
	if [ -s "$work/pid" ]; then
		kill -TERM "$(cat "$work/pid")" 2>/dev/null
		for _ in $(seq 1 100); do
			kill -0 "$(cat "$work/pid" 2>/dev/null)" 2>/dev/null || break
			sleep 0.1
		done
	fi
	[ -n "$mpid" ] && { kill -TERM "$mpid" 2>/dev/null; wait "$mpid" 2>/dev/null; }
	mpid=
	rm -rf "$work"
}
trap stop EXIT

if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ]; then
	# the server must not start as a service when installed
	prc=/usr/sbin/policy-rc.d had_prc=0
	[ -e "$prc" ] && had_prc=1
	[ $had_prc -eq 1 ] || { printf '#!/bin/sh\nexit 101\n' | wc_as_root tee "$prc" >/dev/null && wc_as_root chmod 755 "$prc"; }
	wc_apt_install mariadb-server mariadb-client
	rc=$?
	[ $had_prc -eq 1 ] || wc_as_root rm -f "$prc"
	[ $rc -eq 0 ] || { echo "   mariadb-server could not be installed"; exit 1; }
fi
PATH=$PATH:/usr/sbin

chown mysql: "$work" 2>/dev/null || chown nobody: "$work"
user=$(stat -c %U "$work")
(cd / && runuser -u "$user" -- mariadb-install-db --no-defaults --datadir="$work/data" \
	--auth-root-authentication-method=normal --skip-test-db >"$work/install.log" 2>&1) ||
	{ cat "$work/install.log"; exit 1; }
(cd / && exec runuser -u "$user" -- mariadbd --no-defaults --datadir="$work/data" --skip-networking \
	--socket="$work/sock" --pid-file="$work/pid" --log-error="$work/error.log" \
	--innodb-buffer-pool-size=256M --innodb-flush-log-at-trx-commit=0 --server-id=7 \
	--log-bin="$work/data/bin" --binlog-format=ROW --binlog-row-metadata=FULL \
	--binlog-checksum=CRC32 --max-binlog-size=1G) >/dev/null 2>&1 &
mpid=$!
sql() { mariadb --no-defaults -S "$work/sock" -uroot "$@"; }
for _ in $(seq 1 150); do
	sql -e 'SELECT 1' >/dev/null 2>&1 && break
	sleep 0.2
done
sql -e 'SELECT 1' >/dev/null 2>&1 || { cat "$work/error.log"; exit 1; }

file=$(sql -N -e 'FLUSH BINARY LOGS; SHOW MASTER STATUS' | cut -f1)
{
	echo "CREATE DATABASE bench; USE bench;"
	echo "CREATE TABLE bench.orders (id int NOT NULL PRIMARY KEY, customer varchar(40) NOT NULL,
		placed datetime NOT NULL, amount decimal(12,2) NOT NULL, qty int) ENGINE=InnoDB;"
	for ((lo = 1; lo <= rows; lo += 50000)); do
		hi=$((lo + 49999 < rows ? lo + 49999 : rows))
		echo "INSERT INTO bench.orders SELECT seq, concat('customer-', seq % 5000),
			'2026-01-01 00:00:00' + INTERVAL seq SECOND, (seq * 37 % 1000000) / 100,
			IF(seq % 10 = 0, NULL, seq % 7) FROM seq_${lo}_to_${hi};"
	done
	echo "FLUSH BINARY LOGS;"
} | sql || { cat "$work/error.log"; exit 1; }
cp "$work/data/$file" "$out" || exit 1
chmod 644 "$out"
if [ -n "${3:-}" ]; then
	changes=$3
	cfile=$(sql -N -e 'SHOW MASTER STATUS' | cut -f1)
	{
		for ((lo = 1; lo <= rows; lo += 50000)); do
			echo "UPDATE bench.orders SET amount = amount + 1, qty = coalesce(qty, 0) + 1
				WHERE id BETWEEN $lo AND $((lo + 49999));"
		done
		for ((lo = 1; lo <= rows; lo += 100000)); do
			echo "DELETE FROM bench.orders WHERE id BETWEEN $lo AND $((lo + 99999)) AND id % 2 = 0;"
		done
		echo "FLUSH BINARY LOGS;"
	} | sql || { cat "$work/error.log"; exit 1; }
	cp "$work/data/$cfile" "$changes" || exit 1
	chmod 644 "$changes"
	sql -e 'DROP DATABASE bench' || exit 1
	replay() {
		local t0 t1
		t0=$(date +%s.%N)
		{ echo "SET sql_log_bin = 0;"; mariadb-binlog --no-defaults "$1"; } | sql || return 1
		t1=$(date +%s.%N)
		echo "$t1 - $t0" | bc
	}
	ri=$(replay "$work/data/$file") && rc=$(replay "$work/data/$cfile") || { cat "$work/error.log"; exit 1; }
	echo "   mariadb replay: inserts $ri s, changes $rc s ($(sql -N -e 'SELECT count(*) FROM bench.orders') rows left)"
fi
echo "   MariaDB $(sql -N -e 'SELECT VERSION()'): $rows rows into bench.orders, $(stat -c %s "$out") bytes of binlog"
