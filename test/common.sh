# common.sh: shared by test/run.sh, test/demo.sh and test/bench/run.sh.
# Finds PostgreSQL, installs what is missing, and starts/stops a throwaway
# cluster.  Source it; it defines functions and sets PG_CONFIG/PGBIN.

wc_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The newest installed server's pg_config, unless PG_CONFIG is given (a
# version that has only the client package counts when no server is there;
# with none at all, pg_config on PATH, and wc_install_server installs one).
wc_find_pg() {
	if [ -z "${PG_CONFIG:-}" ] || { [ -n "${wc_pg_fallback:-}" ] && [ "$PG_CONFIG" = pg_config ]; }; then
		PG_CONFIG=
		wc_pg_fallback=
		for c in $(ls -d /usr/lib/postgresql/*/bin/postgres 2>/dev/null | sort -V -r) \
			$(ls -d /usr/lib/postgresql/*/bin/pg_config 2>/dev/null | sort -V -r); do
			PG_CONFIG=$(dirname "$c")/pg_config
			break
		done
		[ -n "$PG_CONFIG" ] || { PG_CONFIG=pg_config; wc_pg_fallback=1; }
	fi
	export PG_CONFIG
	PGBIN=$("$PG_CONFIG" --bindir 2>/dev/null) || PGBIN=
	PGVER=$("$PG_CONFIG" --version 2>/dev/null | sed 's/[^0-9]*\([0-9]*\).*/\1/') || PGVER=
}

# Run a command as root: directly when we are root, else through sudo
# (non-interactive when no terminal; a user with sudo rights works).
wc_as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo "$@"
	else
		echo "need root for: $* (install sudo or run as root)" >&2
		return 1
	fi
}

# apt-get install the packages given, as root.
wc_apt_install() {
	[ $# -eq 0 ] && return 0
	echo "installing: $*"
	wc_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
		wc_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# A machine without any PostgreSQL server (and no PG_CONFIG given) gets the
# release's default one: Debian's `postgresql` package (15 on Debian 12, 17
# on Debian 13), as root or through sudo.
wc_install_server() {
	[ -n "${PG_CONFIG:-}" ] && [ -z "${wc_pg_fallback:-}" ] && return 0
	ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 && return 0
	echo "no PostgreSQL server is installed: installing the release's default one (postgresql)"
	wc_apt_install postgresql
}

# Install the server headers (PGXS) and clang's sanitizer/fuzzer runtime
# when missing (as root, or through sudo).  The runtime package is the one
# of the installed clang's major version, whatever the release ships
# (libclang-rt-14-dev on Debian 12, libclang-rt-19-dev on Debian 13, ...).
wc_install_deps() {
	wc_install_server || return 1
	wc_find_pg
	local need=()
	# pgxs.mk ships with Debian's client package; the server headers do not.
	[ -f "$("$PG_CONFIG" --pgxs 2>/dev/null)" ] && [ -f "$("$PG_CONFIG" --includedir-server)/postgres.h" ] ||
		need+=("postgresql-server-dev-$PGVER")
	command -v clang >/dev/null 2>&1 || need+=(clang)
	command -v make >/dev/null 2>&1 || need+=(make)
	command -v gcc >/dev/null 2>&1 || need+=(gcc)
	command -v flock >/dev/null 2>&1 || need+=(util-linux)
	# zlib and zstd: the MySQL compressed protocol and compressed binlogs
	[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
	[ -f /usr/include/zstd.h ] || need+=(libzstd-dev)
	wc_apt_install "${need[@]}" || return 1
	local cv
	cv=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
	if [ -n "$cv" ] && ! ls /usr/lib/llvm-"$cv"/lib/clang/*/lib/linux/libclang_rt.fuzzer*.a \
		/usr/lib/llvm-"$cv"/lib/clang/*/lib/*/libclang_rt.fuzzer*.a >/dev/null 2>&1; then
		wc_apt_install "libclang-rt-$cv-dev" || return 1
	fi
	wc_find_pg
}

# Take the machine-wide install lock (held until the script exits) so that
# concurrent checkouts on one machine each test their own .so.  The lock
# file is world-writable, and a lock file someone else made is locked
# through a read-only descriptor, so users never block each other out.
# A checkout that tests against a server of its own (PG_CONFIG pointing at a
# private copy) names its own lock in WC_INSTALL_LOCK.
wc_install_lock() {
	# a script called by one that holds it (make test -> test/trap/run.sh)
	[ -n "${WC_INSTALL_LOCK_HELD:-}" ] && return 0
	local f=${WC_INSTALL_LOCK:-/tmp/wirecodec-install.lock}
	[ -e "$f" ] || (umask 000 && : >>"$f") 2>/dev/null
	if [ -w "$f" ]; then exec 9>>"$f"; else exec 9<"$f"; fi
	flock 9 && export WC_INSTALL_LOCK_HELD=1
}

# Build and install the extension (call wc_install_lock first).
wc_build_install() {
	(cd "$wc_root" && make -s PG_CONFIG="$PG_CONFIG" >/dev/null) || return 1
	# As a normal user the server's directories are root's: install via sudo.
	if [ -w "$("$PG_CONFIG" --pkglibdir)" ] && [ -w "$("$PG_CONFIG" --sharedir)/extension" ]; then
		(cd "$wc_root" && make -s PG_CONFIG="$PG_CONFIG" install >/dev/null) || return 1
	else
		(cd "$wc_root" && wc_as_root make -s PG_CONFIG="$PG_CONFIG" install >/dev/null) || return 1
	fi
}

# Start a throwaway cluster on a free port with a private socket directory;
# sets PGHOST/PGPORT/PGUSER/PGDATABASE.  initdb and postgres refuse root,
# so as root the cluster runs as the postgres user.
wc_cluster_start() {
	wc_find_pg
	WC_CLUSTER_DIR=$(mktemp -d /tmp/wirecodec-cluster.XXXXXX)
	local run=()
	if [ "$(id -u)" -eq 0 ]; then
		chown postgres: "$WC_CLUSTER_DIR"
		run=(runuser -u postgres --)
		export PGUSER=postgres
	else
		export PGUSER=$(id -un)
	fi
	WC_RUN=("${run[@]}")
	local port=${WC_PORT:-}
	# WC_PORT: the port to use (a checkout sharing a machine keeps to its own)
	[ -n "$port" ] || for _ in $(seq 1 50); do
		port=$((20000 + RANDOM % 20000))
		ss -ltnH 2>/dev/null | awk '{print $4}' | grep -q ":$port\$" || break
	done
	# From /, so that the postgres user need not enter a private work tree.
	(cd / && "${run[@]}" "$PGBIN/initdb" -D "$WC_CLUSTER_DIR/data" -A trust -U "$PGUSER" \
		--no-sync -E UTF8 --locale=C >"$WC_CLUSTER_DIR/initdb.log" 2>&1) ||
		{ cat "$WC_CLUSTER_DIR/initdb.log"; return 1; }
	cat >>"$WC_CLUSTER_DIR/data/postgresql.conf" <<CONF
listen_addresses = ''
port = $port
unix_socket_directories = '$WC_CLUSTER_DIR'
fsync = off
max_worker_processes = 8
max_parallel_workers_per_gather = 2
shared_buffers = 256MB
${WC_EXTRA_CONF:-}
CONF
	(cd / && "${run[@]}" "$PGBIN/pg_ctl" -D "$WC_CLUSTER_DIR/data" -l "$WC_CLUSTER_DIR/server.log" \
		-w -t 60 start >/dev/null) || { cat "$WC_CLUSTER_DIR/server.log"; return 1; }
	export PGHOST=$WC_CLUSTER_DIR PGPORT=$port PGDATABASE=postgres WC_CLUSTER_DIR
	trap wc_cluster_stop EXIT
}

# Stop the throwaway cluster and remove it; safe to call twice.
wc_cluster_stop() {
	if [ -n "${WC_CLUSTER_DIR:-}" ] && [ -d "$WC_CLUSTER_DIR/data" ]; then
		(cd / && "${WC_RUN[@]}" "$PGBIN/pg_ctl" -D "$WC_CLUSTER_DIR/data" -m immediate -w stop >/dev/null 2>&1)
		rm -rf "$WC_CLUSTER_DIR"
	fi
	WC_CLUSTER_DIR=
}

# Everything a script needs to talk to a fresh wirecodec: packages, the
# install lock, build + install, a throwaway cluster.  When called from
# test/run.sh (WC_CLUSTER_DIR set) the caller's cluster is reused.
wc_setup_cluster() {
	wc_find_pg
	[ -n "${WC_CLUSTER_DIR:-}" ] && return 0
	wc_install_deps || return 1
	wc_install_lock
	wc_build_install || return 1
	wc_cluster_start
}

# A throwaway MariaDB (mariadbd on PATH or in /usr/sbin) in directory DIR
# (its owner becomes mysql, or nobody), reached by wc_msql through DIR/sock,
# with no TCP port; the mariadbd options after DIR are added.  Sets
# wc_mariadb_pid; wc_mariadb_stop stops it (safe to call twice).
wc_mariadb_start() {
	local dir=$1 user
	shift
	PATH=$PATH:/usr/sbin
	wc_mariadb_dir=$dir
	chown mysql: "$dir" 2>/dev/null || chown nobody: "$dir"
	user=$(stat -c %U "$dir")
	(cd / && runuser -u "$user" -- mariadb-install-db --no-defaults --datadir="$dir/data" \
		--auth-root-authentication-method=normal --skip-test-db >"$dir/install.log" 2>&1) ||
		{ cat "$dir/install.log"; return 1; }
	(cd / && exec runuser -u "$user" -- mariadbd --no-defaults --datadir="$dir/data" --skip-networking \
		--socket="$dir/sock" --pid-file="$dir/pid" --log-error="$dir/error.log" "$@") >/dev/null 2>&1 &
	wc_mariadb_pid=$!
	for _ in $(seq 1 150); do
		wc_msql -e 'SELECT 1' >/dev/null 2>&1 && return 0
		sleep 0.2
	done
	cat "$dir/error.log"
	return 1
}
wc_msql() { mariadb --no-defaults --default-character-set=utf8mb4 -S "$wc_mariadb_dir/sock" -uroot "$@"; }
wc_mariadb_stop() {
	[ -n "${wc_mariadb_pid:-}" ] && { kill -TERM "$wc_mariadb_pid" 2>/dev/null; wait "$wc_mariadb_pid" 2>/dev/null; }
	wc_mariadb_pid=
}

# psql for scripts: no psqlrc, quiet, stop at the first error.
psqlq() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }

# Record one check of a script that counts passed/failed: result name
check() {
	if [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
		echo "   ok: $2"
	else
		failed=$((failed + 1))
		echo "   FAILED: $2"
		return 1
	fi
}
