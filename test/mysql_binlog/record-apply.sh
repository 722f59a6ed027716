#!/usr/bin/env bash
# test/mysql_binlog/record-apply.sh [repeat]: records the binlog files of
# the mysql_binlog_apply suite with a local MariaDB (mariadbd on PATH or in
# /usr/sbin): test/mysql_binlog/apply-workload.sql over three files, written
# to test/vectors/binlog/mariadb-10.11-apply.00000N, and the tables the
# workload leaves to mariadb-10.11-apply.t and .k2 (tab-separated, NULL as
# NULL, times in UTC).  With "repeat": test/mysql_binlog/apply-repeat.sql
# into mariadb-10.11-apply-repeat.000001 and the table it leaves to
# mariadb-10.11-apply-repeat.rp.
set -eu
what=${1:-apply}
here=$(cd "$(dirname "$0")" && pwd)
out=$here/../vectors/binlog
PATH=$PATH:/usr/sbin
d=$(mktemp -d /tmp/wirecodec-apply.XXXXXX)
chown mysql: "$d" 2>/dev/null || chown nobody: "$d"
user=$(stat -c %U "$d")
sql() { mariadb --no-defaults --default-character-set=utf8mb4 -S "$d/sock" -uroot "$@"; }
(cd / && runuser -u "$user" -- mariadb-install-db --no-defaults --datadir="$d/data" \
	--auth-root-authentication-method=normal --skip-test-db >"$d/install.log" 2>&1)
(cd / && exec runuser -u "$user" -- mariadbd --no-defaults --datadir="$d/data" --skip-networking \
	--socket="$d/sock" --pid-file="$d/pid" --log-error="$d/error.log" \
	--innodb-buffer-pool-size=64M --server-id=7 --log-bin="$d/data/$what" --binlog-format=ROW \
	--binlog-row-metadata=FULL --binlog-checksum=CRC32) >/dev/null 2>&1 &
mpid=$!
trap 'kill -TERM $mpid 2>/dev/null; wait $mpid 2>/dev/null; rm -rf "$d"' EXIT
for _ in $(seq 1 150); do
	sql -e 'SELECT 1' >/dev/null 2>&1 && break
	sleep 0.2
done
sql -e 'RESET MASTER'
if [ "$what" = repeat ]; then
	sql <"$here/apply-repeat.sql"
	sql -e 'FLUSH BINARY LOGS'
	cp "$d/data/repeat.000001" "$out/mariadb-10.11-apply-repeat.000001"
	sql -N -e "SELECT id, v, tags, j FROM shop.rp ORDER BY id" >"$out/mariadb-10.11-apply-repeat.rp"
	echo "recorded: $(ls "$out"/mariadb-10.11-apply-repeat.*)"
	exit 0
fi
sql <"$here/apply-workload.sql"
sql -e 'FLUSH BINARY LOGS'
for n in 1 2 3; do
	cp "$d/data/apply.00000$n" "$out/mariadb-10.11-apply.00000$n"
done
sql -N -e "SET time_zone = '+00:00'; SELECT id, v, n, d, ts, extra FROM shop.t ORDER BY id" \
	>"$out/mariadb-10.11-apply.t"
sql -N -e "SELECT a, b, c FROM shop.k2 ORDER BY a, b" >"$out/mariadb-10.11-apply.k2"
echo "recorded: $(ls "$out"/mariadb-10.11-apply.*)"
