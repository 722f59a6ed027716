#!/usr/bin/env bash
# matrix.sh: `make test-matrix`, wirecodec on the other PostgreSQL versions users
# run, each a real Debian build in a cached chroot (test/chroot.sh):
#   PostgreSQL 17 in Debian 13 "trixie", PostgreSQL 18 in Debian "sid".
# For each: a clean copy of the tracked tree is built warning-free with
# -Wall -Wextra and installed inside the chroot, the C unit tests run, and every
# pg_regress suite and the hostile-schema test of the install and upgrade
# scripts (test/trap) run against a throwaway cluster there (as postgres,
# private socket, no TCP).  One "N passed, N failed" line per version, then the total.
# Usage: test/matrix.sh [suite:version ...]   (default: trixie:17 sid:18)
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/chroot.sh"
root_dir=$(cd "$here/.." && pwd)

if [ "$(id -u)" -ne 0 ]; then
	echo "test-matrix makes chroots and needs root (sudo make test-matrix)" >&2
	echo "0 passed, 1 failed"
	exit 1
fi

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(trixie:17 sid:18)
total_pass=0
total_fail=0

# The copy and the cluster inside the current chroot; removed on any exit.
cur_suite=
cur_work=
cur_pgbin=
matrix_cleanup() {
	if [ -n "$cur_work" ] && [ -d "$WC_CHROOT_CACHE/$cur_suite$cur_work" ]; then
		if [ -f "$WC_CHROOT_CACHE/$cur_suite$cur_work/data/postmaster.pid" ]; then
			wc_chroot_run "$cur_suite" runuser -u postgres -- "$cur_pgbin/pg_ctl" \
				-D "$cur_work/data" -m immediate -w stop >/dev/null 2>&1
		fi
		rm -rf "${WC_CHROOT_CACHE:?}/$cur_suite$cur_work"
	fi
	cur_work=
}
WC_CHROOT_CLEANUP=matrix_cleanup
trap wc_chroot_leave_all EXIT

# Run one version; prints its summary line and adds to the totals.
run_one() {
	local suite=$1 v=$2 pass=0 fail=0 croot rc
	local pgbin=/usr/lib/postgresql/$v/bin pgc=/usr/lib/postgresql/$v/bin/pg_config
	echo "== PostgreSQL $v (Debian $suite chroot)"
	if ! wc_chroot_ensure "$suite" "postgresql-$v" "postgresql-server-dev-$v" make gcc libc6-dev zlib1g-dev libzstd-dev; then
		echo "   could not make the $suite chroot"
		echo "PostgreSQL $v: 0 passed, 1 failed"
		total_fail=$((total_fail + 1))
		return
	fi
	croot=$WC_CHROOT
	wc_chroot_enter "$suite"
	cur_suite=$suite
	cur_pgbin=$pgbin
	cur_work=$(mktemp -d -u /tmp/wirecodec-matrix.XXXXXX)
	mkdir -p "$croot$cur_work/src"
	# The tracked files as they are in the work tree (what a clean clone has).
	(cd "$root_dir" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$croot$cur_work/src"
	local log=$croot$cur_work/log
	mkdir -p "$log"
	# The chroot's postgres user (its uid need not be the host's).
	wc_chroot_run "$suite" chown -R postgres: "$cur_work"

	wc_chroot_run "$suite" sh -c "cd $cur_work/src && make PG_CONFIG=$pgc" >"$log/build.log" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && ! grep -q 'warning:' "$log/build.log"; then
		pass=$((pass + 1))
	else
		grep -E 'warning:|error:' "$log/build.log" | head -20
		echo "   build failed or has warnings"
		fail=$((fail + 1))
	fi
	if [ $rc -eq 0 ]; then
		wc_chroot_run "$suite" sh -c "cd $cur_work/src && make PG_CONFIG=$pgc install" >"$log/install.log" 2>&1 ||
			{ tail -5 "$log/install.log"; fail=$((fail + 1)); }

		# C unit tests of the core (plain build; the sanitizer run is make test's).
		wc_chroot_run "$suite" sh -c "cd $cur_work/src && make -s unit" >"$log/unit.log" 2>&1
		rc=$?
		local p f
		while read -r p f; do
			pass=$((pass + p))
			fail=$((fail + f))
		done < <(sed -n 's/.*: \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1 \2/p' "$log/unit.log")
		[ $rc -eq 0 ] || { grep -E 'FAIL|error' "$log/unit.log" | head -10; grep -q passed "$log/unit.log" || fail=$((fail + 1)); }

		# A throwaway cluster inside the chroot: private socket, no TCP.
		local port=$((20000 + RANDOM % 20000))
		if wc_chroot_run "$suite" runuser -u postgres -- "$pgbin/initdb" -D "$cur_work/data" -A trust \
			-U postgres --no-sync -E UTF8 --locale=C >"$log/initdb.log" 2>&1; then
			cat >>"$croot$cur_work/data/postgresql.conf" <<CONF
listen_addresses = ''
port = $port
unix_socket_directories = '$cur_work'
fsync = off
max_worker_processes = 8
max_parallel_workers_per_gather = 2
CONF
			if wc_chroot_run "$suite" runuser -u postgres -- "$pgbin/pg_ctl" -D "$cur_work/data" \
				-l "$cur_work/log/server.log" -w -t 60 start >/dev/null 2>&1; then
				wc_chroot_run "$suite" runuser -u postgres -- sh -c \
					"cd $cur_work/src && PGHOST=$cur_work PGPORT=$port PGUSER=postgres make installcheck PG_CONFIG=$pgc" \
					>"$log/regress.log" 2>&1
				rc=$?
				grep -E '\.\.\. |^ok |^not ok ' "$log/regress.log" | sed 's/^/   /'
				local ok bad
				ok=$(grep -cE '\.\.\. ok|^ok ' "$log/regress.log")
				bad=$(grep -cE '\.\.\. FAILED|^not ok ' "$log/regress.log")
				pass=$((pass + ok))
				fail=$((fail + bad))
				if [ $rc -ne 0 ]; then
					# Keep the diffs and outputs for a look after the chroot copy is gone.
					local keep=${TMPDIR:-/tmp}/wirecodec-matrix-$v
					rm -rf "$keep" && mkdir -p "$keep"
					cp -r "$croot$cur_work/src/results" "$croot$cur_work/src/regression.diffs" "$keep/" 2>/dev/null
					echo "   outputs and diffs kept in $keep"
					[ -f "$croot$cur_work/src/regression.diffs" ] && head -80 "$croot$cur_work/src/regression.diffs"
					[ "$bad" -gt 0 ] || { tail -20 "$log/regress.log"; fail=$((fail + 1)); }
				fi
				# The install and upgrade scripts against a hostile schema,
				# on this version's parser and catalog.
				wc_chroot_run "$suite" runuser -u postgres -- sh -c \
					"cd $cur_work/src && PGHOST=$cur_work PGPORT=$port PGUSER=postgres WC_CLUSTER_DIR=$cur_work PG_CONFIG=$pgc bash test/trap/run.sh" \
					>"$log/trap.log" 2>&1
				rc=$?
				grep -E 'FAILED|trap:' "$log/trap.log" | sed 's/^/   /'
				while read -r p f; do
					pass=$((pass + p))
					fail=$((fail + f))
				done < <(sed -n 's/^trap: \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1 \2/p' "$log/trap.log")
				[ $rc -eq 0 ] || grep -q '^trap: ' "$log/trap.log" || { tail -20 "$log/trap.log"; fail=$((fail + 1)); }
			else
				tail -20 "$croot$cur_work/log/server.log"
				fail=$((fail + 1))
			fi
		else
			cat "$log/initdb.log"
			fail=$((fail + 1))
		fi
	fi
	matrix_cleanup
	wc_chroot_leave "$suite"
	echo "PostgreSQL $v: $pass passed, $fail failed"
	total_pass=$((total_pass + pass))
	total_fail=$((total_fail + fail))
}

for t in "${targets[@]}"; do
	run_one "${t%%:*}" "${t##*:}"
done
echo "matrix: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
