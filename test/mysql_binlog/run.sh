#!/usr/bin/env bash
# run.sh: `make test-mysql-binlog`, the binlog decoder against real servers.
#
# Starts MariaDB 10.11 (Debian's mariadb-server, on the host) and then MySQL
# 9.7 (Debian sid's mysql-server-core, in the cached sid chroot of
# test/chroot.sh, through test/mysql_sid.sh), each as a non-root user with a
# private datadir and socket (no TCP port), and for each logging
# configuration runs workload.sql (and on MySQL workload-mysql.sql: binary
# JSON, VECTOR) into a binlog file of its own.  MariaDB: binlog_row_metadata
# FULL/MINIMAL, binlog_row_image FULL/MINIMAL/NOBLOB, binlog_checksum
# CRC32/NONE, log_bin_compress.  MySQL: the same metadata, image and
# checksum options, binlog_transaction_compression (zstd
# TRANSACTION_PAYLOAD_EVENT), binlog_row_value_options=PARTIAL_JSON and
# gtid_mode OFF and ON.  check.sql then decodes each file with
# mysql_binlog_rows and mysql_binlog_events (bytea and large object) in a
# throwaway PostgreSQL cluster, replays the rows in event_index,
# row_in_event order (every before image must equal the replayed row) and
# compares them with the tables' final contents (export.sql,
# export-mysql.sql), and every row event, value and GTID with the server's
# own tool, mariadb-binlog or mysqlbinlog -vv --base64-output=decode-rows,
# and each table's typed rows (mysql_binlog_rows(binlog, schema, table,
# base)) with the jsonb rows read into the same row type.
# Every server it starts it stops, also on failure.
# Then the replication suite, apply-suite.sh (mysql_binlog_apply against
# random workloads of MariaDB and MySQL, a live mirror applied every
# second, a crash of PostgreSQL during an apply, MariaDB's names and DDL
# behind comments, a failover to a promoted replica), whose checks the
# count includes.
# Ends with "mysql-binlog: N passed, N failed".
#
# Some configurations also run workload-huge.sql: rows over 16 MB
# (LONGBLOB, LONGTEXT, JSON), exported by export-huge.sql as length:SHA-256.
#
# WC_MYSQL_BINLOG_SERVERS="mariadb mysql" (default) chooses the servers;
# WC_MYSQL_BINLOG_CONFIGS="NAME..." runs only the configurations named;
# WC_APPLY_PARTS="NAME..." runs only those parts of the replication suite
# (empty: none; WC_APPLY_SEED, WC_APPLY_STATEMENTS: apply-suite.sh);
# WC_KEEP=1 keeps the binlogs and the tools' text in the work directory.
# Run one live MySQL suite at a time on a machine (flock
# /tmp/wc-mysql-live.lock make test-mysql-binlog).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
. "$here/../chroot.sh"
. "$here/../mysql_sid.sh"
cd "$wc_root"

passed=0
failed=0
start=$(date +%s)
work=$(mktemp -d /tmp/wirecodec-mysql-binlog.XXXXXX)
chmod 755 "$work"
: >"$work/done"
mpid=

cleanup() {
	stop_mariadb
	wc_mysql_stop
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

servers=${WC_MYSQL_BINLOG_SERVERS:-mariadb mysql}

# run_configs SERVER CONFIGS: for each configuration line (name, metadata,
# image, checksum, compression, GTID mode, value options, huge (yes: also
# the rows over 16 MB), keys; - where the server has no such option), set
# the server's logging
# options, run the workload into a binlog file of its own and keep the
# file, the tables' contents and the server tool's -vv text in $work.
# The server's commands are the functions ${SERVER}_sql (the client),
# ${SERVER}_configure NAME META IMAGE SUM COMP GTID VOPTS, ${SERVER}_binlog FILE
# (the file's path on the host) and ${SERVER}_verbose FILE (the tool).
run_configs() {
	local server=$1 name meta image sum comp gtid vopts huge keys file
	while read -r name meta image sum comp gtid vopts huge keys; do
		[ -z "${WC_MYSQL_BINLOG_CONFIGS:-}" ] || [[ " $WC_MYSQL_BINLOG_CONFIGS " == *" $name "* ]] || continue
		"${server}_configure" "$name" "$meta" "$image" "$sum" "$comp" "$gtid" "$vopts" ||
			{ fail_step "$name: configure"; continue; }
		file=$("${server}_sql" -N -e "$status_sql" | cut -f1)
		cat "$here/workload.sql" ${workload_extra:+"$here/$workload_extra"} \
			$([ "$huge" = yes ] && echo "$here/workload-huge.sql") |
			"${server}_sql" >"$work/$name.workload.log" 2>&1 ||
			{ cat "$work/$name.workload.log"; fail_step "$name: workload"; continue; }
		"${server}_sql" -e 'FLUSH BINARY LOGS'
		cp "$("${server}_binlog" "$file")" "$work/$name.bin"
		cat "$here/export.sql" ${export_extra:+"$here/$export_extra"} \
			$([ "$huge" = yes ] && echo "$here/export-huge.sql") |
			"${server}_sql" -N -B >"$work/$name.state" || { fail_step "$name: export"; continue; }
		"${server}_verbose" "$file" >"$work/$name.vv" 2>&1 || { fail_step "$name: $server's binlog tool"; continue; }
		chmod 644 "$work/$name".*
		echo "   $name: $(stat -c %s "$work/$name.bin") bytes ($meta metadata, $image image, $sum, compression $comp, gtid_mode $gtid, value options $vopts, rows over 16 MB $huge)"
		echo "$name $server $keys" >>"$work/done"
	done <<<"$2"
}

# ---- MariaDB 10.11 from Debian's mariadb-server, on the host
mariadb_sql() { mariadb --no-defaults --default-character-set=utf8mb4 --max-allowed-packet=1G -S "$work/mariadb/sock" -uroot "$@"; }
mariadb_configure() {
	mariadb_sql -e "SET GLOBAL binlog_row_metadata = $2; SET GLOBAL binlog_row_image = $3;
		SET GLOBAL binlog_checksum = $4; SET GLOBAL log_bin_compress = $5;
		SET GLOBAL log_bin_compress_min_len = 10; FLUSH BINARY LOGS"
}
mariadb_binlog() { echo "$work/mariadb/data/$1"; }
mariadb_verbose() { mariadb-binlog --no-defaults -vv --base64-output=decode-rows "$work/mariadb/data/$1"; }

run_mariadb() {
	# the server must not start as a service when installed
	if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ]; then
		local prc=/usr/sbin/policy-rc.d had_prc=0 rc
		[ -e "$prc" ] && had_prc=1
		[ $had_prc -eq 1 ] || { printf '#!/bin/sh\nexit 101\n' | wc_as_root tee "$prc" >/dev/null && wc_as_root chmod 755 "$prc"; }
		wc_apt_install mariadb-server mariadb-client
		rc=$?
		[ $had_prc -eq 1 ] || wc_as_root rm -f "$prc"
		[ $rc -eq 0 ] || { fail_step "install mariadb-server"; return; }
	fi
	PATH=$PATH:/usr/sbin
	echo "== MariaDB with a binary log"
	local d=$work/mariadb user
	mkdir -p "$d"
	chown mysql: "$d" 2>/dev/null || chown nobody: "$d"
	user=$(stat -c %U "$d")
	(cd / && runuser -u "$user" -- mariadb-install-db --no-defaults --datadir="$d/data" \
		--auth-root-authentication-method=normal --skip-test-db >"$d/install.log" 2>&1) ||
		{ cat "$d/install.log"; fail_step "mariadb-install-db"; return; }
	(cd / && exec runuser -u "$user" -- mariadbd --no-defaults --datadir="$d/data" --skip-networking \
		--socket="$d/sock" --pid-file="$d/pid" --log-error="$d/error.log" \
		--innodb-buffer-pool-size=64M --max-allowed-packet=64M --server-id=7 \
		--log-bin="$d/data/bin" --binlog-format=ROW) >/dev/null 2>&1 &
	mpid=$!
	for _ in $(seq 1 150); do
		mariadb_sql -e 'SELECT 1' >/dev/null 2>&1 && break
		sleep 0.2
	done
	mariadb_sql -e 'SELECT 1' >/dev/null 2>&1 || { cat "$d/error.log"; fail_step "start MariaDB"; return; }
	echo "   $(mariadb_sql -N -e 'SELECT VERSION()') as $user"
	echo "== MariaDB workloads"
	# name metadata image checksum compression gtid value-options huge keys
	# (MariaDB always logs GTIDs and has no value options)
	status_sql='SHOW MASTER STATUS' workload_extra= export_extra= run_configs mariadb \
"full-full-crc32 FULL FULL CRC32 OFF - - yes names
full-minimal-crc32 FULL MINIMAL CRC32 OFF - - no names
full-noblob-none FULL NOBLOB NONE OFF - - no names
full-full-compressed FULL FULL CRC32 ON - - yes names
minimal-full-crc32 MINIMAL FULL CRC32 OFF - - no positions
minimal-minimal-compressed MINIMAL MINIMAL NONE ON - - no positions"
	stop_mariadb
}

stop_mariadb() {
	if [ -s "$work/mariadb/pid" ]; then
		kill -TERM "$(cat "$work/mariadb/pid")" 2>/dev/null
		for _ in $(seq 1 100); do
			kill -0 "$(cat "$work/mariadb/pid" 2>/dev/null)" 2>/dev/null || break
			sleep 0.1
		done
	fi
	[ -n "$mpid" ] && { kill -TERM "$mpid" 2>/dev/null; wait "$mpid" 2>/dev/null; }
	mpid=
}

# ---- MySQL 9.7 from Debian sid's mysql-server-core, in the sid chroot
mysql_sql() { wc_mysql --max-allowed-packet=1G "$@"; }
mysql_configure() {
	local g=
	# gtid_mode moves one step at a time: OFF, OFF_PERMISSIVE, ON_PERMISSIVE, ON
	[ "$6" = ON ] && [ "$(wc_mysql -N -e 'SELECT @@GLOBAL.gtid_mode')" = OFF ] &&
		g="SET GLOBAL enforce_gtid_consistency = ON; SET GLOBAL gtid_mode = OFF_PERMISSIVE;
			SET GLOBAL gtid_mode = ON_PERMISSIVE; SET GLOBAL gtid_mode = ON;"
	wc_mysql -e "$g SET GLOBAL binlog_row_metadata = $2; SET GLOBAL binlog_row_image = $3;
		SET GLOBAL binlog_checksum = $4; SET GLOBAL binlog_transaction_compression = $5;
		SET GLOBAL binlog_row_value_options = '${7#-}'; FLUSH BINARY LOGS"
}
mysql_binlog() { echo "$WC_MYSQL_ROOT$WC_MYSQL_DIR/data/$1"; }
mysql_verbose() { wc_chroot_run sid mysqlbinlog --no-defaults -vv --base64-output=decode-rows "$WC_MYSQL_DIR/data/$1"; }

run_mysql() {
	echo "== MySQL with a binary log"
	wc_mysql_prepare wc-binlog || { fail_step "install MySQL in the sid chroot"; return; }
	wc_mysql_start --skip-networking --server-id=7 --log-bin="$WC_MYSQL_DIR/data/bin" --binlog-format=ROW \
		--gtid-mode=OFF --enforce-gtid-consistency=OFF --max-allowed-packet=64M \
		--innodb-buffer-pool-size=64M --innodb-redo-log-capacity=256M || { fail_step "start MySQL"; return; }
	echo "   MySQL $(wc_mysql -N -e 'SELECT VERSION()') as nobody (sid chroot)"
	echo "== MySQL workloads"
	# name metadata image checksum compression gtid value-options huge
	# keys; the GTID runs last (gtid_mode only goes back to OFF step by step).
	# PARTIAL_JSON with FULL and NOBLOB images, which keep the document in
	# the before image (with MINIMAL the log lacks it: doc/mysql_binlog.md)
	status_sql='SHOW BINARY LOG STATUS' workload_extra=workload-mysql.sql export_extra=export-mysql.sql \
		run_configs mysql \
"mysql-full-full-crc32 FULL FULL CRC32 OFF OFF - no names
mysql-full-minimal-crc32 FULL MINIMAL CRC32 OFF OFF - no names
mysql-full-noblob-none FULL NOBLOB NONE OFF OFF - no names
mysql-full-full-compressed FULL FULL CRC32 ON OFF - no names
mysql-minimal-full-crc32 MINIMAL FULL CRC32 OFF OFF - no positions
mysql-minimal-minimal-compressed MINIMAL MINIMAL NONE ON OFF - no positions
mysql-full-full-partial-json FULL FULL CRC32 OFF OFF PARTIAL_JSON yes names
mysql-minimal-noblob-partial-json-compressed MINIMAL NOBLOB NONE ON OFF PARTIAL_JSON no positions
mysql-gtid-full-minimal-compressed FULL MINIMAL CRC32 ON ON - yes names
mysql-gtid-full-full-crc32 FULL FULL CRC32 OFF ON - no names"
	# the binlogs are in $work: the datadir (200 MB) goes unless WC_KEEP
	local data=$WC_MYSQL_ROOT$WC_MYSQL_DIR
	wc_mysql_stop
	[ -n "${WC_KEEP:-}" ] || rm -rf "$data"
}

for server in $servers; do
	"run_$server"
done
cleanup

echo "== PostgreSQL with wirecodec"
if ! wc_setup_cluster; then fail_step "start PostgreSQL"; finish; fi
trap cleanup EXIT
while read -r name server keys; do
	if ! PGOPTIONS="-c wc.keys=$keys" psql -X -q -At -v name="$name" -v server="$server" -v bin="$work/$name.bin" \
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

# The replication suite (apply-suite.sh) in this cluster, the parts of the
# servers chosen.  WC_APPLY_PARTS= (empty) leaves it out.
apply_parts=
[[ " $servers " == *" mariadb "* ]] && apply_parts="random-mariadb"
[[ " $servers " == *" mysql "* ]] && apply_parts="$apply_parts random-mysql"
[[ " $servers " == *" mariadb "* ]] && apply_parts="$apply_parts live crash names failover"
apply_parts=${WC_APPLY_PARTS-$apply_parts}
if [ -n "$apply_parts" ]; then
	echo "   the decoding checks took $(($(date +%s) - start)) s"
	echo "== the replication suite: mysql_binlog_apply against live servers"
	WC_APPLY_PARTS=$apply_parts bash "$here/apply-suite.sh" 2>&1 | tee "$work/apply.log"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^binlog-apply: [0-9]+ passed, [0-9]+ failed' "$work/apply.log" | tail -1)
	p=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p' <<<"$line")
	f=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p' <<<"$line")
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	[ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ] && failed=$((failed + 1))
fi
echo "   took $(($(date +%s) - start)) s in all"
finish
