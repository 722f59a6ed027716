#!/usr/bin/env bash
# run.sh: `make test-mysql-live`, the MySQL codec against real servers.
#
# Starts MariaDB (Debian's mariadb-server, on the host) and MySQL (Debian
# sid's mysql-server-core, in the cached sid chroot of test/chroot.sh), each
# as a non-root user with a private datadir, port and socket.  driver.c,
# built against MariaDB Connector/C (on the host) and against libmysqlclient
# (in the chroot), creates the test tables (each server with its own
# library), then both builds run the scenario against both servers through
# proxy.c, the recording proxy, once with the capabilities
# the library negotiates by default, once with CLIENT_DEPRECATE_EOF,
# CLIENT_SESSION_TRACK and MariaDB's extended and cached metadata masked off
# (proxy -m), and once with the compressed protocol (zlib, or zstd with
# libmysqlclient against MySQL).  driver_pymysql.py (PyMySQL, an independent
# implementation: text protocol only, no compression) runs the scenario's
# text part by default and masked.  check.sql then decodes each recorded
# connection with mysql_conversation & co. in a throwaway PostgreSQL cluster
# and compares every packet and value with what the client library reported
# and with what was inserted; a line per client says what it negotiated,
# its packets by kind, the values compared and the mismatches.  Every
# server it starts it stops, also on failure.
# Ends with "mysql-live: N passed, N failed".
#
# WC_MYSQL_LIVE_SERVERS="mariadb mysql" (default) chooses the servers,
# WC_MYSQL_LIVE_CLIENTS="libmysqlclient php" (default: all of connector-c,
# libmysqlclient, pymysql, php, connector-j) the clients.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
. "$here/../chroot.sh"
. "$here/../mysql_sid.sh"
cd "$wc_root"

passed=0
failed=0
work=$(mktemp -d /tmp/wirecodec-mysql-live.XXXXXX)
chmod 755 "$work"
pids=()
mysql_root=

cleanup() {
	# the servers by their pid files (runuser/chroot may not pass signals on)
	local f=$work/mariadb/pid
	[ -s "$f" ] && kill -TERM "$(cat "$f")" 2>/dev/null
	wc_mysql_stop
	for _ in $(seq 1 100); do
		[ -s "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null || break
		sleep 0.1
	done
	for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
	pids=()
	mysql_root=
	wc_cluster_stop
}
trap cleanup EXIT

finish() {
	cleanup
	echo "mysql-live: $passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ -z "${WC_KEEP:-}" ] && rm -rf "$work"
	[ "$failed" -eq 0 ]
	exit
}

fail_step() {
	echo "   FAILED: $1"
	failed=$((failed + 1))
}

# wants_client NAME: NAME is one of the clients WC_MYSQL_LIVE_CLIENTS chooses
wants_client() {
	[ -z "${WC_MYSQL_LIVE_CLIENTS:-}" ] || [[ " $WC_MYSQL_LIVE_CLIENTS " == *" $1 "* ]]
}

free_port() {
	local port
	for _ in $(seq 1 50); do
		port=$((20000 + RANDOM % 20000))
		ss -ltnH 2>/dev/null | awk '{print $4}' | grep -q ":$port\$" || break
	done
	echo "$port"
}

# ---- dependencies: the servers must not start as services when installed
need=()
command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || need+=(mariadb-server)
command -v mariadb_config >/dev/null 2>&1 || need+=(libmariadb-dev)
command -v ss >/dev/null 2>&1 || need+=(iproute2)
/usr/bin/python3 -c 'import pymysql' >/dev/null 2>&1 || need+=(python3-pymysql)
command -v php >/dev/null 2>&1 || need+=(php-cli)
php -r 'exit(extension_loaded("mysqli") ? 0 : 1);' >/dev/null 2>&1 || need+=(php-mysql)
command -v javac >/dev/null 2>&1 || need+=(default-jdk-headless)
[ -r /usr/share/java/mariadb-java-client.jar ] || need+=(libmariadb-java)
if [ ${#need[@]} -gt 0 ]; then
	prc=/usr/sbin/policy-rc.d
	had_prc=0
	[ -e "$prc" ] && had_prc=1
	[ $had_prc -eq 1 ] || { printf '#!/bin/sh\nexit 101\n' | wc_as_root tee "$prc" >/dev/null && wc_as_root chmod 755 "$prc"; }
	wc_apt_install "${need[@]}"
	rc=$?
	[ $had_prc -eq 1 ] || wc_as_root rm -f "$prc"
	[ $rc -eq 0 ] || { fail_step "install ${need[*]}"; finish; }
fi

echo "== build the proxy and the Connector/C driver"
gcc -O2 -Wall -Wextra -o "$work/proxy" "$here/proxy.c" &&
	gcc -O2 -Wall -Wextra $(mariadb_config --cflags) -o "$work/driver-connector-c" "$here/driver.c" \
		$(mariadb_config --libs)
[ $? -eq 0 ] || { fail_step "build proxy/driver"; finish; }
mkdir -p "$work/java" &&
	javac -d "$work/java" -cp /usr/share/java/mariadb-java-client.jar "$here/Driver.java" ||
	{ fail_step "build Driver.java"; finish; }

echo "== PostgreSQL with wirecodec"
if ! wc_setup_cluster; then fail_step "start PostgreSQL"; finish; fi
trap cleanup EXIT	# wc_cluster_start set its own
psql -X -q -v ON_ERROR_STOP=1 -f "$here/setup.sql" >/dev/null || { fail_step "setup.sql"; finish; }

# Masks for proxy -m: TLS is always off (not decoded), compression off but
# in the "compress" variant; "off" also hides CLIENT_SESSION_TRACK (1<<23), CLIENT_DEPRECATE_EOF (1<<24)
# and MariaDB's extended (1<<35) and cached (1<<36) metadata.
mask_default=$((0x800 | 0x20))
mask_off=$((mask_default | (1 << 23) | (1 << 24) | (1 << 35) | (1 << 36)))

# record_and_check SERVER UPSTREAM_PORT CLIENT "VARIANTS" PROTOCOLS DRIVER... :
# the scenario of one client library through the proxy with each variant's
# mask, then check.sql on each recording (PROTOCOLS: 1 when the client
# speaks the text protocol only, 2 with the binary one).
record_and_check() {
	local server=$1 up=$2 client=$3 variants=$4 protocols=$5
	shift 5
	local variant mask dir pport ppid report
	wants_client "$client" || return 0
	for variant in $variants; do
		mask=$mask_default
		[ $variant = off ] && mask=$mask_off
		[ $variant = compress ] && mask=$((0x800))
		dir=$work/$server-$client-$variant
		mkdir -p "$dir" && chmod 755 "$dir"
		"$work/proxy" -u "127.0.0.1:$up" -o "$dir" -m "$mask" >"$dir/proxy.out" 2>&1 &
		ppid=$!
		pids+=("$ppid")
		for _ in $(seq 1 50); do grep -qs '^port ' "$dir/proxy.out" && break; sleep 0.1; done
		pport=$(awk '/^port /{print $2}' "$dir/proxy.out")
		report=$("$@" report-path "$server-$client-$variant")
		if ! "$@" run 127.0.0.1 "$pport" "$report" "$variant" "$server" 2>"$dir/driver.err"; then
			cat "$dir/driver.err"
			fail_step "$server $client $variant: the client driver failed"
			kill -TERM "$ppid"
			continue
		fi
		kill -TERM "$ppid"
		wait "$ppid"
		"$@" fetch-report "$report" "$dir/1.report"
		echo "   $server, $client, $variant: $(stat -c %s "$dir/1.server") server bytes, $(stat -c %s "$dir/1.client") client bytes"
		if ! psql -X -q -v server="$server" -v conn="$client $variant" -v client="$dir/1.client" \
			-v srv="$dir/1.server" -v report="$dir/1.report" -v protocols="$protocols" \
			-f "$here/check.sql" >"$dir/check.log" 2>&1; then
			cat "$dir/check.log"
			fail_step "$server $client $variant: check.sql stopped (kept in $dir)"
		fi
	done
}

# PyMySQL (python3-pymysql): its own protocol implementation, text only,
# no compression; runs on the host against either server
pymysql_driver() {
	case $1 in
	report-path) echo "$work/$2.report" ;;
	fetch-report) [ "$2" = "$3" ] || cp "$2" "$3" ;;
	run) /usr/bin/python3 "$here/driver_pymysql.py" run "$2" "$3" wc "$PYMYSQL_PASSWORD" "$4" ;;
	esac
}

# PHP's mysqlnd (php-mysql, through mysqli) and MariaDB Connector/J 2.7
# (libmariadb-java): independent implementations, text and binary
# protocols, zlib compression; on the host against either server (mysqlnd
# asks for none of the capabilities the "off" mask clears: no such variant)
php_driver() {
	case $1 in
	report-path) echo "$work/$2.report" ;;
	fetch-report) [ "$2" = "$3" ] || cp "$2" "$3" ;;
	run) php -n -d memory_limit=-1 -d extension=mysqlnd -d extension=mysqli -d mysqli.allow_local_infile=1 "$here/driver_php.php" run "$2" "$3" wc "$CLIENT_PASSWORD" "$4" "$5" ;;
	esac
}

java_driver() {
	case $1 in
	report-path) echo "$work/$2.report" ;;
	fetch-report) [ "$2" = "$3" ] || cp "$2" "$3" ;;
	run) java -Duser.timezone=UTC -cp "$work/java:/usr/share/java/mariadb-java-client.jar" Driver run "$2" "$3" wc "$CLIENT_PASSWORD" "$4" "$5" ;;
	esac
}

# driver.c built against MariaDB Connector/C (libmariadb-dev), on the host,
# against either server (CLIENT_PASSWORD: wc's password there)
connector_c_driver() {
	case $1 in
	report-path) echo "$work/$2.report" ;;
	fetch-report) [ "$2" = "$3" ] || cp "$2" "$3" ;;
	run) "$work/driver-connector-c" run "$2" "$3" wc "$CLIENT_PASSWORD" "$4" "$5" "$6" ;;
	setup) "$work/driver-connector-c" setup "$2" "$3" wc "$CLIENT_PASSWORD" ;;
	esac
}

# driver.c built against libmysqlclient (sid's libmysqlclient-dev), in the
# sid chroot, which shares the host's loopback: against either server
libmysqlclient_driver() {
	case $1 in
	report-path) echo "/tmp/wc-live-$2.report" ;;
	fetch-report) cp "$mysql_root$2" "$3" && rm -f "$mysql_root$2" ;;
	run) wc_chroot_run sid /tmp/wc-live/driver run "$2" "$3" wc "$CLIENT_PASSWORD" "$4" "$5" "$6" ;;
	setup) wc_chroot_run sid /tmp/wc-live/driver setup "$2" "$3" wc "$CLIENT_PASSWORD" ;;
	esac
}

# the sid chroot, entered, with MySQL and libmysqlclient's build of
# driver.c: for the MySQL server, and for libmysqlclient against MariaDB
prepare_sid() {
	[ -n "$mysql_root" ] && [ -x "$mysql_root/tmp/wc-live/driver" ] && return 0
	if [ -z "$mysql_root" ]; then
		wc_mysql_prepare wc-live libmysqlclient-dev gcc libc6-dev pkgconf || return 1
		mysql_root=$WC_MYSQL_ROOT
	fi
	cp "$here/driver.c" "$mysql_root/tmp/wc-live/" &&
		wc_chroot_run sid sh -c 'cd /tmp/wc-live && gcc -O2 -Wall -Wextra $(pkg-config --cflags mysqlclient) -o driver driver.c $(pkg-config --libs mysqlclient)'
}

# ---- MariaDB from Debian's mariadb-server

start_mariadb() {
	local d=$work/mariadb port
	mkdir -p "$d" && chown mysql: "$d" 2>/dev/null || chown nobody: "$d"
	local user
	user=$(stat -c %U "$d")
	(cd / && runuser -u "$user" -- mariadb-install-db --no-defaults --datadir="$d/data" \
		--auth-root-authentication-method=normal --skip-test-db >"$d/install.log" 2>&1) ||
		{ cat "$d/install.log"; return 1; }
	port=$(free_port)
	(cd / && exec runuser -u "$user" -- mariadbd --no-defaults --datadir="$d/data" --port="$port" \
		--socket="$d/sock" --bind-address=127.0.0.1 --skip-name-resolve --max-allowed-packet=64M \
		--pid-file="$d/pid" --log-error="$d/error.log" --innodb-buffer-pool-size=64M \
		--skip-log-bin) >/dev/null 2>&1 &
	pids+=($!)
	for _ in $(seq 1 150); do
		mariadb-admin --no-defaults -S "$d/sock" -uroot ping >/dev/null 2>&1 && break
		sleep 0.2
	done
	mariadb --no-defaults -S "$d/sock" -uroot \
		-e "CREATE USER wc@'%' IDENTIFIED BY 'wcpw'; GRANT ALL ON *.* TO wc@'%'" || return 1
	# users for driver.c's COM_CHANGE_USER: mysql_native_password and ed25519
	mariadb --no-defaults -S "$d/sock" -uroot -e "INSTALL SONAME 'auth_ed25519';
		CREATE USER wc_native@'%' IDENTIFIED VIA mysql_native_password USING PASSWORD('pw2');
		CREATE USER wc_ed@'%' IDENTIFIED VIA ed25519 USING PASSWORD('pw3');
		GRANT ALL ON *.* TO wc_native@'%'; GRANT ALL ON *.* TO wc_ed@'%'" || return 1
	echo "   $(mariadb --no-defaults -S "$d/sock" -uroot -N -e 'SELECT VERSION()') on port $port as $user"
	MARIADB_PORT=$port
}

# ---- MySQL from Debian sid, in the chroot
start_mysql() {
	local port
	prepare_sid || return 1
	port=$(free_port)
	wc_mysql_start --port="$port" --bind-address=127.0.0.1 --max-allowed-packet=64M --skip-log-bin \
		--local-infile=1 || return 1
	wc_mysql -e "CREATE USER wc@'%' IDENTIFIED BY ''; GRANT ALL ON *.* TO wc@'%'" || return 1
	# a user for driver.c's COM_CHANGE_USER (caching_sha2_password)
	wc_mysql -e "CREATE USER wc_sha2@'%' IDENTIFIED WITH caching_sha2_password BY 'pw2'; GRANT ALL ON *.* TO wc_sha2@'%'" ||
		return 1
	echo "   MySQL $(wc_mysql -N -e 'SELECT VERSION()') on port $port as nobody (sid chroot)"
	MYSQL_PORT=$port
}

for server in ${WC_MYSQL_LIVE_SERVERS:-mariadb mysql}; do
	echo "== $server"
	if [ "$server" = mariadb ]; then
		start_mariadb || { fail_step "start MariaDB"; continue; }
		CLIENT_PASSWORD=wcpw connector_c_driver setup 127.0.0.1 "$MARIADB_PORT" 2>"$work/setup.err" ||
			{ cat "$work/setup.err"; fail_step "MariaDB setup"; continue; }
		CLIENT_PASSWORD=wcpw record_and_check mariadb "$MARIADB_PORT" connector-c "default off compress" 2 connector_c_driver
		if wants_client libmysqlclient; then
			if prepare_sid; then
				CLIENT_PASSWORD=wcpw record_and_check mariadb "$MARIADB_PORT" libmysqlclient "default off compress" 2 libmysqlclient_driver
			else
				fail_step "sid chroot for libmysqlclient"
			fi
		fi
		PYMYSQL_PASSWORD=wcpw record_and_check mariadb "$MARIADB_PORT" pymysql "default off" 1 pymysql_driver
		CLIENT_PASSWORD=wcpw record_and_check mariadb "$MARIADB_PORT" php "default compress" 2 php_driver
		CLIENT_PASSWORD=wcpw record_and_check mariadb "$MARIADB_PORT" connector-j "default off compress" 2 java_driver
	else
		start_mysql || { fail_step "start MySQL"; continue; }
		CLIENT_PASSWORD= libmysqlclient_driver setup 127.0.0.1 "$MYSQL_PORT" 2>"$work/setup.err" ||
			{ cat "$work/setup.err"; fail_step "MySQL setup"; continue; }
		CLIENT_PASSWORD= record_and_check mysql "$MYSQL_PORT" libmysqlclient "default off compress" 2 libmysqlclient_driver
		CLIENT_PASSWORD= record_and_check mysql "$MYSQL_PORT" connector-c "default off compress" 2 connector_c_driver
		PYMYSQL_PASSWORD= record_and_check mysql "$MYSQL_PORT" pymysql "default off" 1 pymysql_driver
		CLIENT_PASSWORD= record_and_check mysql "$MYSQL_PORT" php "default compress" 2 php_driver
		CLIENT_PASSWORD= record_and_check mysql "$MYSQL_PORT" connector-j "default off compress" 2 java_driver
	fi
done

echo "== per client: negotiated capabilities, packets by kind, values compared, mismatches, steps skipped"
psql -X -At -F ' ' -c "SELECT r.server, r.conn, 'capabilities 0x' || to_hex(r.capabilities),
		'| compared', sum(c.total), '| mismatches', sum(c.bad), '|', r.packets,
		coalesce('| skipped: ' || r.skipped, '')
	FROM live_report r JOIN live_check c USING (server, conn)
	GROUP BY r.server, r.conn, r.capabilities, r.packets, r.skipped ORDER BY 1, 2" | sed 's/^/   /'

echo "== checks"
while IFS='|' read -r server conn name bad total; do
	[ -n "$server" ] || continue
	if [ "$bad" -eq 0 ] && [ "$total" -gt 0 ]; then
		echo "   ok     $server $conn: $name ($total compared)"
		passed=$((passed + 1))
	else
		echo "   FAILED $server $conn: $name ($bad of $total differ)"
		failed=$((failed + 1))
	fi
done < <(psql -X -At -c "SELECT server, conn, name, bad, total FROM live_check ORDER BY server, conn, name")
finish
