#!/usr/bin/env bash
# binlog_mariadb.sh OUT ROWS: record a real binlog for the binlog benchmark.
# Starts MariaDB (Debian's mariadb-server, installed if missing, as in
# test/mysql_binlog/run.sh; wc_mariadb_start of test/common.sh) as a
# non-root user in a private temporary datadir with a socket and no TCP
# port, binlog_format=ROW, binlog_row_metadata=FULL, CRC32 checksums, then
# inserts ROWS rows into bench.orders (int, varchar, datetime, decimal,
# nullable int) in transactions of 50,000 rows, copies the binlog to OUT and
# stops the server (also on failure).  The rows are those of
# bench_binlog_src in sql_mysql_binlog.sql (the same expressions of i =
# 1..ROWS).
#
# binlog_mariadb.sh --cdc DIR ROWS ROUNDS HOOK...: the binlog apply
# benchmark's files and MariaDB's replay of them (binlog_apply.sh).  Records
# into DIR: cdc.bin, a typical change-data-capture workload on cdc.orders
# (bigint key, two ints, varchar(64), decimal(12,2), datetime(6), a 200-byte
# JSON document, a nullable varchar): per block of 10,000 keys, 10,000
# inserts, then 2,000 of those rows updated, then 1,000 deleted, each
# statement its own transaction, ROWS inserts in all (ROWS / 5 updates,
# ROWS / 10 deletes); final.bin, the rows left (0.9 ROWS) inserted into
# cdc.orders_final in transactions of 50,000 keys; ins.bin, the same ROWS
# inserts into cdc.orders_ins in transactions of 10,000 rows.  Then ROUNDS
# rounds, each MariaDB replaying cdc.bin into a fresh database
# (DROP DATABASE cdc first, untimed; SET sql_log_bin = 0, then
# mariadb-binlog DIR/cdc.bin | mariadb, its seconds appended to DIR/replay)
# and HOOK... ROUND run, the replay first in odd rounds, last in even ones.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
out=$1
rows=$2

# a row of cdc.orders from sequence value seq
cdc_row="seq, seq % 5000, seq % 7, concat('SKU-', lpad(seq % 100000, 8, '0'), '-', md5(seq)),
	(seq * 37 % 1000000) / 100,
	TIMESTAMP'2026-01-01 00:00:00' + INTERVAL seq SECOND + INTERVAL (seq * 7919 % 1000000) MICROSECOND,
	concat('{\"customer\": {\"id\": ', seq % 5000, ', \"name\": \"customer-', seq % 5000,
		'\", \"tier\": \"', elt(1 + seq % 3, 'gold', 'silver', 'bronze'), '\"}, \"items\": [{\"sku\": \"',
		lpad(seq % 100000, 8, '0'), '\", \"qty\": ', 1 + seq % 9, ', \"price\": ', seq % 10000 / 100,
		'}], \"tags\": [\"web\", \"promo\"], \"ship\": {\"city\": \"city-', seq % 997, '\", \"zip\": \"',
		lpad(seq % 100000, 5, '0'), '\"}, \"ref\": \"', left(md5(seq + 1), 16), '\"}'),
	IF(seq % 3 = 0, NULL, concat('note ', seq % 1000))"
# record FILE: the statements on stdin into a binlog of their own, copied to FILE
record() {
	local f
	f=$(sql -N -e 'FLUSH BINARY LOGS; SHOW MASTER STATUS' | cut -f1) || return 1
	{ cat; echo "FLUSH BINARY LOGS;"; } | sql || return 1
	cp "$work/data/$f" "$1" && chmod 644 "$1"
}
record_cdc() {	# --cdc DIR ROWS ROUNDS HOOK...
	local dir=$2 rows=$3 rounds=$4 lo hi k t0 t1
	shift 4
	{
		echo "CREATE DATABASE cdc; USE cdc;"
		echo "CREATE TABLE cdc.orders (id bigint NOT NULL PRIMARY KEY, customer_id int NOT NULL,
			status int NOT NULL, sku varchar(64) NOT NULL, amount decimal(12,2) NOT NULL,
			updated_at datetime(6) NOT NULL, doc json NOT NULL, note varchar(32))
			ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;"
		for ((lo = 1; lo <= rows; lo += 10000)); do
			hi=$((lo + 9999 < rows ? lo + 9999 : rows))
			echo "INSERT INTO cdc.orders SELECT $cdc_row FROM seq_${lo}_to_${hi};"
			echo "UPDATE cdc.orders SET status = status + 1, amount = amount + 1.25,
				updated_at = updated_at + INTERVAL 1 HOUR, note = IF(note IS NULL, 'updated', NULL)
				WHERE id BETWEEN $lo AND $hi AND id % 5 = 0;"
			echo "DELETE FROM cdc.orders WHERE id BETWEEN $lo AND $hi AND id % 10 = 3;"
		done
	} | record "$dir/cdc.bin" || return 1
	sql -e 'CREATE TABLE cdc.orders_final LIKE cdc.orders; CREATE TABLE cdc.orders_ins LIKE cdc.orders' || return 1
	for ((lo = 1; lo <= rows; lo += 50000)); do
		echo "INSERT INTO cdc.orders_final SELECT * FROM cdc.orders WHERE id BETWEEN $lo AND $((lo + 49999));"
	done | record "$dir/final.bin" || return 1
	for ((lo = 1; lo <= rows; lo += 10000)); do
		hi=$((lo + 9999 < rows ? lo + 9999 : rows))
		[ $lo -eq 1 ] && echo "USE cdc;"
		echo "INSERT INTO cdc.orders_ins SELECT $cdc_row FROM seq_${lo}_to_${hi};"
	done | record "$dir/ins.bin" || return 1
	echo "   MariaDB $(sql -N -e 'SELECT VERSION()'): cdc.bin $(stat -c %s "$dir/cdc.bin") bytes," \
		"final.bin $(stat -c %s "$dir/final.bin"), ins.bin $(stat -c %s "$dir/ins.bin")," \
		"$(sql -N -e 'SELECT count(*) FROM cdc.orders') rows left"
	: >"$dir/replay"
	replay() {
		sql -e 'DROP DATABASE IF EXISTS cdc' || return 1
		t0=$(date +%s%N)
		{ echo "SET sql_log_bin = 0;"; mariadb-binlog --no-defaults "$dir/cdc.bin"; } | sql || return 1
		t1=$(date +%s%N)
		echo "$(((t1 - t0) / 1000000))" >>"$dir/replay"
	}
	for ((k = 1; k <= rounds; k++)); do
		if ((k % 2)); then
			replay && "$@" "$k" || return 1
		else
			"$@" "$k" && replay || return 1
		fi
	done
	echo "   MariaDB replay: $(sql -N -e 'SELECT count(*) FROM cdc.orders') rows left"
}

work=$(mktemp -d /tmp/wirecodec-bench-binlog.XXXXXX)
chmod 755 "$work"
stop() {
	wc_mariadb_stop
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
[ "$out" = --cdc ] && pool=2G || pool=256M
wc_mariadb_start "$work" --innodb-buffer-pool-size=$pool --innodb-flush-log-at-trx-commit=0 \
	--server-id=7 --log-bin="$work/data/bin" --binlog-format=ROW --binlog-row-metadata=FULL \
	--binlog-checksum=CRC32 --max-binlog-size=1G || exit 1
sql() { wc_msql "$@"; }
if [ "$out" = --cdc ]; then
	record_cdc "$@" || { cat "$work/error.log"; exit 1; }
	exit 0
fi

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
} | record "$out" || { cat "$work/error.log"; exit 1; }
echo "   MariaDB $(sql -N -e 'SELECT VERSION()'): $rows rows into bench.orders, $(stat -c %s "$out") bytes of binlog"
