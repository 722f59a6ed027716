# citus.sh: sourced by test/citus/run.sh and test/citus/bench.sh (after
# test/common.sh).  Finds or builds Citus for $PG_CONFIG's PostgreSQL and
# starts/stops a coordinator with two workers on this machine.

wc_citus_vendor=${WC_CITUS_VENDOR:-$wc_root/../shared/vendor}
wc_citus_version=13.2.2

# True when PG_CONFIG's PostgreSQL already has Citus installed.
wc_citus_installed() {
	[ -f "$("$PG_CONFIG" --pkglibdir)/citus.so" ] &&
		ls "$("$PG_CONFIG" --sharedir)"/extension/citus--*.sql >/dev/null 2>&1 &&
		[ -f "$("$PG_CONFIG" --sharedir)/extension/citus.control" ]
}

# Citus's build dependencies (Debian names), installed as root when missing.
wc_citus_deps() {
	local need=() p
	for p in liblz4-dev libzstd-dev libkrb5-dev libssl-dev; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
	done
	[ ${#need[@]} -eq 0 ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "missing packages: ${need[*]} (install them as root)" >&2
		return 1
	fi
	echo "installing: ${need[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
}

# Use the installed Citus, or build the vendored one into a cache directory
# outside the clone (one per PostgreSQL version and pg_config path, reused
# when present) and install it into PG_CONFIG's PostgreSQL.
wc_citus_ensure() {
	wc_citus_installed && { echo "citus: installed in $("$PG_CONFIG" --pkglibdir)"; return 0; }
	local pgv tag cache src log
	pgv=$("$PG_CONFIG" --version | sed 's/^PostgreSQL \([0-9.]*\).*/\1/')
	tag=$(printf '%s' "$(cd "$(dirname "$PG_CONFIG")" && pwd)" | sha1sum | cut -c1-8)
	cache=${WC_CITUS_CACHE:-/var/cache/wirecodec}/citus-$wc_citus_version-pg$pgv-$tag
	src=$cache/citus-$wc_citus_version
	log=$cache/build.log
	mkdir -p "$cache" || return 1
	exec 8>"$cache.lock"
	flock 8
	if [ ! -f "$cache/built" ]; then
		wc_citus_deps || return 1
		[ -f "$wc_citus_vendor/citus-$wc_citus_version.tar.gz" ] ||
			{ echo "citus: $wc_citus_vendor/citus-$wc_citus_version.tar.gz not found" >&2; return 1; }
		echo "citus: building $wc_citus_version for PostgreSQL $pgv in $cache (about 3 minutes)"
		rm -rf "$src"
		tar xzf "$wc_citus_vendor/citus-$wc_citus_version.tar.gz" -C "$cache" || return 1
		# PostgreSQL 15.20 exports have_createdb_privilege(), which Citus's
		# compat header also defines: patch only a tree that clashes.
		if grep -q 'have_createdb_privilege' "$("$PG_CONFIG" --includedir-server)/commands/dbcommands.h" 2>/dev/null &&
			! grep -q citus_compat_have_createdb_privilege "$src/src/include/pg_version_compat.h"; then
			echo "citus: applying pg15.20-have_createdb_privilege.patch"
			(cd "$src" && patch -s -p1 <"$wc_citus_vendor/pg15.20-have_createdb_privilege.patch") || return 1
		fi
		(cd "$src" && ./configure --without-libcurl PG_CONFIG="$PG_CONFIG" >"$log" 2>&1 &&
			make -j"$(nproc)" >>"$log" 2>&1) || { tail -40 "$log"; return 1; }
		touch "$cache/built"
	else
		echo "citus: reusing the build in $cache"
	fi
	(cd "$src" && make install >>"$log" 2>&1) || { tail -40 "$log"; return 1; }
	wc_citus_installed || { echo "citus: make install did not install citus into $("$PG_CONFIG" --pkglibdir)" >&2; return 1; }
}

# A free TCP port on localhost, not among those already taken in $1...
wc_citus_free_port() {
	local port
	for _ in $(seq 1 100); do
		port=$((20000 + RANDOM % 20000))
		ss -ltnH 2>/dev/null | awk '{print $4}' | grep -q ":$port\$" && continue
		case " $* " in *" $port "*) continue ;; esac
		echo "$port"
		return 0
	done
	return 1
}

# Start a coordinator and two workers: three throwaway clusters (as postgres
# when root) with shared_preload_libraries = 'citus', on localhost, each on a
# free port with its own socket directory under one temp directory.  Citus is
# created on each; the coordinator gets its host set and worker 1 added
# (worker 2 is left for the caller: `wc_citus_add_worker2`).  Sets PGHOST,
# PGPORT, PGUSER, PGDATABASE for the coordinator and WC_CITUS_PORTS.
wc_citus_start() {
	wc_find_pg
	WC_CITUS_DIR=$(mktemp -d /tmp/wirecodec-citus.XXXXXX)
	trap wc_citus_stop EXIT
	WC_CITUS_RUN=()
	if [ "$(id -u)" -eq 0 ]; then
		chown postgres: "$WC_CITUS_DIR"
		WC_CITUS_RUN=(runuser -u postgres --)
		export PGUSER=postgres
	else
		export PGUSER=$(id -un)
	fi
	WC_CITUS_PORTS=()
	local node port
	for node in coordinator worker1 worker2; do
		port=$(wc_citus_free_port "${WC_CITUS_PORTS[@]}") || return 1
		WC_CITUS_PORTS+=("$port")
		(cd / && "${WC_CITUS_RUN[@]}" mkdir "$WC_CITUS_DIR/$node" &&
			"${WC_CITUS_RUN[@]}" "$PGBIN/initdb" -D "$WC_CITUS_DIR/$node/data" -A trust -U "$PGUSER" \
				--no-sync -E UTF8 --locale=C >"$WC_CITUS_DIR/$node.initdb.log" 2>&1) ||
			{ cat "$WC_CITUS_DIR/$node.initdb.log"; return 1; }
		cat >>"$WC_CITUS_DIR/$node/data/postgresql.conf" <<CONF
shared_preload_libraries = 'citus'
listen_addresses = 'localhost'
port = $port
unix_socket_directories = '$WC_CITUS_DIR/$node'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 100
max_worker_processes = 16
max_parallel_workers_per_gather = 0
shared_buffers = 128MB
work_mem = 16MB
citus.node_conninfo = 'sslmode=disable'
${WC_EXTRA_CONF:-}
CONF
		(cd / && "${WC_CITUS_RUN[@]}" "$PGBIN/pg_ctl" -D "$WC_CITUS_DIR/$node/data" \
			-l "$WC_CITUS_DIR/$node.log" -w -t 60 start >/dev/null) ||
			{ cat "$WC_CITUS_DIR/$node.log"; return 1; }
		wc_citus_psql "$port" -c 'CREATE EXTENSION citus' >/dev/null || return 1
	done
	export PGHOST=$WC_CITUS_DIR/coordinator PGPORT=${WC_CITUS_PORTS[0]} PGDATABASE=postgres
	wc_citus_psql "$PGPORT" -c "SELECT citus_set_coordinator_host('localhost', $PGPORT)" \
		-c "SELECT citus_add_node('localhost', ${WC_CITUS_PORTS[1]})" >/dev/null || return 1
}

# psql on one node of the cluster by port: wc_citus_psql PORT ARGS...
wc_citus_psql() {
	local port=$1
	shift
	"$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h localhost -p "$port" -U "$PGUSER" -d postgres "$@"
}

# Add worker 2 to the coordinator's metadata.
wc_citus_add_worker2() {
	wc_citus_psql "$PGPORT" -c "SELECT citus_add_node('localhost', ${WC_CITUS_PORTS[2]})" >/dev/null
}

# Stop and remove all three clusters; safe to call twice.
wc_citus_stop() {
	local node
	if [ -n "${WC_CITUS_DIR:-}" ] && [ -d "$WC_CITUS_DIR" ]; then
		for node in coordinator worker1 worker2; do
			[ -f "$WC_CITUS_DIR/$node/data/postmaster.pid" ] &&
				(cd / && "${WC_CITUS_RUN[@]}" "$PGBIN/pg_ctl" -D "$WC_CITUS_DIR/$node/data" \
					-m immediate -w stop >/dev/null 2>&1)
		done
		rm -rf "$WC_CITUS_DIR"
	fi
	WC_CITUS_DIR=
}
