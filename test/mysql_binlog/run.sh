#!/usr/bin/env bash
# run.sh: `make test-mysql-binlog`, the binlog decoder against a real server.
#
# Starts MariaDB (Debian's mariadb-server) as a non-root user with a private
# datadir and socket (no TCP port), and for each logging configuration
# (binlog_row_metadata FULL/MINIMAL, binlog_row_image FULL/MINIMAL/NOBLOB,
# binlog_checksum CRC32/NONE, log_bin_compress) runs workload.sql into a
# binlog file of its own.  check.sql then decodes each file with
# mysql_binlog_rows and mysql_binlog_events (bytea and large object) in a
# throwaway PostgreSQL cluster and compares the replayed rows with the
# tables' final contents (export.sql) and every row event and value with
# mariadb-binlog -vv --base64-output=decode-rows.  Every server it starts
# it stops, also on failure.  Ends with "mysql-binlog: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
cd "$wc_root"

passed=0
failed=0
work=$(mktemp -d /tmp/wirecodec-mysql-binlog.XXXXXX)
chmod 755 "$work"
mpid=

cleanup() {
	if [ -s "$work/mariadb/pid" ]; then
		kill -TERM "$(cat "$work/mariadb/pid")" 2>/dev/null
		for _ in $(seq 1 100); do
			kill -0 "$(cat "$work/mariadb/pid" 2>/dev/null)" 2>/dev/null || break
			sleep 0.1
		done
	fi
	[ -n "$mpid" ] && { kill -TERM "$mpid" 2>/dev/null; wait "$mpid" 2>/dev/null; }
	mpid=
	wc_cluster_stop
}
trap cleanup EXIT

finish() {
	cleanup
	echo "mysql-binlog: $passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ -z "${WC_KEEP:-}" ] && rm -rf "$work"
	[ "$failed" -eq 0 ]
	exit
}

fail_step() {
	echo "   FAILED: $1"
	failed=$((failed + 1))
}

# ---- dependencies: the server must not start as a service when installed
if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ]; then
	prc=/usr/sbin/policy-rc.d
	had_prc=0
	[ -e "$prc" ] && had_prc=1
	[ $had_prc -eq 1 ] || { printf '#!/bin/sh\nexit 101\n' | wc_as_root tee "$prc" >/dev/null && wc_as_root chmod 755 "$prc"; }
	wc_apt_install mariadb-server mariadb-client
	rc=$?
	[ $had_prc -eq 1 ] || wc_as_root rm -f "$prc"
	[ $rc -eq 0 ] || { fail_step "install mariadb-server"; finish; }
fi
PATH=$PATH:/usr/sbin

echo "== MariaDB with a binary log"
d=$work/mariadb
mkdir -p "$d"
chown mysql: "$d" 2>/dev/null || chown nobody: "$d"
user=$(stat -c %U "$d")
(cd / && runuser -u "$user" -- mariadb-install-db --no-defaults --datadir="$d/data" \
	--auth-root-authentication-method=normal --skip-test-db >"$d/install.log" 2>&1) ||
	{ cat "$d/install.log"; fail_step "mariadb-install-db"; finish; }
(cd / && exec runuser -u "$user" -- mariadbd --no-defaults --datadir="$d/data" --skip-networking \
	--socket="$d/sock" --pid-file="$d/pid" --log-error="$d/error.log" \
	--innodb-buffer-pool-size=64M --max-allowed-packet=64M --server-id=7 \
	--log-bin="$d/data/bin" --binlog-format=ROW) >/dev/null 2>&1 &
mpid=$!
M=(mariadb --no-defaults --default-character-set=utf8mb4 -S "$d/sock" -uroot)
for _ in $(seq 1 150); do
	"${M[@]}" -e 'SELECT 1' >/dev/null 2>&1 && break
	sleep 0.2
done
"${M[@]}" -e 'SELECT 1' >/dev/null 2>&1 || { cat "$d/error.log"; fail_step "start MariaDB"; finish; }
echo "   $("${M[@]}" -N -e 'SELECT VERSION()') as $user"

# name metadata image checksum compress keys
configs="full-full-crc32 FULL FULL CRC32 OFF names
full-minimal-crc32 FULL MINIMAL CRC32 OFF names
full-noblob-none FULL NOBLOB NONE OFF names
full-full-compressed FULL FULL CRC32 ON names
minimal-full-crc32 MINIMAL FULL CRC32 OFF positions
minimal-minimal-compressed MINIMAL MINIMAL NONE ON positions"

echo "== workloads"
while read -r name meta image sum comp keys; do
	"${M[@]}" -e "SET GLOBAL binlog_row_metadata = $meta; SET GLOBAL binlog_row_image = $image;
		SET GLOBAL binlog_checksum = $sum; SET GLOBAL log_bin_compress = $comp;
		SET GLOBAL log_bin_compress_min_len = 10; FLUSH BINARY LOGS" ||
		{ fail_step "$name: configure"; continue; }
	file=$("${M[@]}" -N -e 'SHOW MASTER STATUS' | cut -f1)
	"${M[@]}" <"$here/workload.sql" >"$work/$name.workload.log" 2>&1 ||
		{ cat "$work/$name.workload.log"; fail_step "$name: workload"; continue; }
	"${M[@]}" -e 'FLUSH BINARY LOGS'
	cp "$d/data/$file" "$work/$name.bin"
	"${M[@]}" -N -B <"$here/export.sql" >"$work/$name.state" || { fail_step "$name: export"; continue; }
	mariadb-binlog --no-defaults -vv --base64-output=decode-rows "$work/$name.bin" >"$work/$name.vv" 2>&1 ||
		{ fail_step "$name: mariadb-binlog"; continue; }
	chmod 644 "$work/$name".*
	echo "   $name: $(stat -c %s "$work/$name.bin") bytes ($meta metadata, $image image, $sum, compression $comp)"
	echo "$name $keys" >>"$work/done"
done <<<"$configs"
cleanup

echo "== PostgreSQL with wirecodec"
if ! wc_setup_cluster; then fail_step "start PostgreSQL"; finish; fi
trap cleanup EXIT
while read -r name keys; do
	if ! PGOPTIONS="-c wc.keys=$keys" psql -X -q -At -v name="$name" -v bin="$work/$name.bin" \
		-v state="$work/$name.state" -v verbose="$work/$name.vv" -f "$here/check.sql" >"$work/$name.check" 2>&1; then
		cat "$work/$name.check"
		fail_step "$name: check.sql stopped (kept in $work)"
	else
		grep -v '^$' "$work/$name.check"
	fi
done <"$work/done"

echo "== checks"
while IFS='|' read -r name what bad total; do
	[ -n "$name" ] || continue
	if [ "$bad" -eq 0 ] && [ "$total" -gt 0 ]; then
		echo "   ok     $name: $what ($total compared)"
		passed=$((passed + 1))
	else
		echo "   FAILED $name: $what ($bad of $total differ)"
		failed=$((failed + 1))
	fi
done < <(psql -X -At -c "SELECT name, what, bad, total FROM binlog_check ORDER BY name, what" 2>/dev/null)
finish
