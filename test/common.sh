# common.sh: shared by test/run.sh, test/demo.sh and test/bench/run.sh.
# Finds PostgreSQL, installs what is missing, and starts/stops a throwaway
# cluster.  Source it; it defines functions and sets PG_CONFIG/PGBIN.

wc_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The newest installed server's pg_config, unless PG_CONFIG is given.
wc_find_pg() {
	if [ -z "${PG_CONFIG:-}" ]; then
		for c in $(ls -d /usr/lib/postgresql/*/bin/pg_config 2>/dev/null | sort -V -r); do
			PG_CONFIG=$c
			break
		done
		: "${PG_CONFIG:=pg_config}"
	fi
	export PG_CONFIG
	PGBIN=$("$PG_CONFIG" --bindir)
	PGVER=$("$PG_CONFIG" --version | sed 's/[^0-9]*\([0-9]*\).*/\1/')
}

# Install the server headers (PGXS) and clang's sanitizer/fuzzer runtime
# when missing.  Only root can; others get told what to install.
wc_install_deps() {
	wc_find_pg
	local need=()
	# pgxs.mk ships with Debian's client package; the server headers do not.
	[ -f "$("$PG_CONFIG" --pgxs 2>/dev/null)" ] && [ -f "$("$PG_CONFIG" --includedir-server)/postgres.h" ] ||
		need+=("postgresql-server-dev-$PGVER")
	command -v clang >/dev/null 2>&1 || need+=(clang)
	ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
		ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer*.a >/dev/null 2>&1 ||
		need+=("libclang-rt-$(clang --version 2>/dev/null | sed -n 's/.*version \([0-9]*\).*/\1/p' | head -1)-dev")
	command -v make >/dev/null 2>&1 || need+=(make)
	command -v gcc >/dev/null 2>&1 || need+=(gcc)
	# libclang-rt-<n>-dev needs clang's version; when clang is missing too,
	# fall back to Debian 12's clang 14.
	need=("${need[@]/libclang-rt--dev/libclang-rt-14-dev}")
	[ ${#need[@]} -eq 0 ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "missing packages: ${need[*]} (install them as root)" >&2
		return 1
	fi
	echo "installing: ${need[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null
	apt-get install -y -qq "${need[@]}" >/dev/null
	wc_find_pg
}

# Take the machine-wide install lock (held until the script exits) so that
# concurrent checkouts on one machine each test their own .so.
wc_install_lock() {
	exec 9>/tmp/wirecodec-install.lock
	flock 9
}

# Build and install the extension (call wc_install_lock first).
wc_build_install() {
	(cd "$wc_root" && make -s PG_CONFIG="$PG_CONFIG" >/dev/null) || return 1
	(cd "$wc_root" && make -s PG_CONFIG="$PG_CONFIG" install >/dev/null) || return 1
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
	local port
	for _ in $(seq 1 50); do
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
