#!/usr/bin/env bash
# run.sh: `make test-packaging`, wirecodec installed the ways users install it.
#
# Debian packages, for each PostgreSQL of the version matrix (15 on the
# Debian 12 host, 17 in the Debian 13 "trixie" chroot, 18 in the "sid"
# chroot of test/chroot.sh):
#   1. build: test/packaging/deb.sh (`make deb`) in that release, which runs
#      every pg_regress suite against the packaged files during the build;
#   2. lintian of that release reports no error;
#   3. in a throwaway copy of a bare chroot of that release (test/packaging/
#      overlay.sh) that gets only the server postgresql-NN (and make and
#      pg_buildext, for the autopkgtest): apt-get install
#      ./postgresql-NN-wirecodec_*.deb adds that package and nothing else; CREATE EXTENSION wirecodec works; the
#      autopkgtest debian/tests/installcheck (pg_buildext installcheck) runs
#      every pg_regress suite against the installed files; apt-get remove
#      takes away every file of `dpkg -L` and the file system is again what
#      it was before the install.
# Then META.json against wirecodec.control and the PGXN archive of `make
# dist` installed and checked with pgxnclient (test/packaging/pgxn.sh).
# Ends with "packaging: N passed, N failed".
# Usage: test/packaging/run.sh [release:version ...]
#        (default: bookworm:15 trixie:17 sid:18; the host's release is built
#        on the host, the others in the chroots)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root_dir=$(cd "$here/../.." && pwd)
. "$here/../chroot.sh"
. "$here/overlay.sh"

if [ "$(id -u)" -ne 0 ]; then
	echo "test-packaging makes chroots and needs root (sudo make test-packaging)" >&2
	echo "packaging: 0 passed, 1 failed"
	exit 1
fi

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(bookworm:15 trixie:17 sid:18)
host_release=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
build_deps=(debhelper postgresql-all zlib1g-dev libzstd-dev dpkg-dev lintian make)
. "$here/check.sh"

work=$(mktemp -d /tmp/wirecodec-packaging.XXXXXX)
bwork=
bsuite=
packaging_cleanup() {
	wc_overlay_down
	[ -n "$bwork" ] && rm -rf "${WC_CHROOT_CACHE:?}/$bsuite$bwork"
	bwork=
	rm -rf "$work"
}
WC_CHROOT_CLEANUP=packaging_cleanup
trap wc_chroot_leave_all EXIT
trap 'exit 130' INT TERM

# The tracked files as they are in the work tree, copied to $1.
copy_tree() {
	mkdir -p "$1"
	(cd "$root_dir" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$1"
}

# Build the packages of release $1 for PostgreSQL $2 into $work/debs-$2.
build_debs() {
	local rel=$1 v=$2 out=$work/debs-$2 log=$work/build-$2.log rc
	mkdir -p "$out"
	if [ "$rel" = "$host_release" ]; then
		echo "   building on the host (Debian $rel)"
		WC_DEB_OUT=$out bash "$here/deb.sh" >"$log" 2>&1
		rc=$?
		[ $rc -eq 0 ] || tail -40 "$log"
		check $rc "PostgreSQL $v: make deb (build and the build's pg_regress suites)"
		[ $rc -eq 0 ] || return 1
		command -v lintian >/dev/null 2>&1 ||
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq lintian >/dev/null 2>&1
		(cd "$out" && lintian --fail-on error ./*.changes) >"$work/lintian-$v.log" 2>&1
		rc=$?
	else
		echo "   building in the $rel chroot"
		if ! wc_chroot_ensure "$rel" "${build_deps[@]}"; then
			check 1 "PostgreSQL $v: make the $rel build chroot"
			return 1
		fi
		wc_chroot_enter "$rel"
		bsuite=$rel
		bwork=$(mktemp -d -u /tmp/wirecodec-packaging.XXXXXX)
		copy_tree "$WC_CHROOT$bwork/src"
		wc_chroot_run "$rel" env WC_DEB_OUT="$bwork/out" bash "$bwork/src/test/packaging/deb.sh" >"$log" 2>&1
		rc=$?
		[ $rc -eq 0 ] || tail -40 "$log"
		check $rc "PostgreSQL $v: make deb in $rel (build and the build's pg_regress suites)"
		if [ $rc -eq 0 ]; then
			cp "$WC_CHROOT$bwork/out"/* "$out"/
			wc_chroot_run "$rel" sh -c "cd $bwork/out && lintian --fail-on error ./*.changes" >"$work/lintian-$v.log" 2>&1
			rc=$?
		fi
		rm -rf "${WC_CHROOT_CACHE:?}/$rel$bwork"
		bwork=
		wc_chroot_leave "$rel"
		[ -f "$out/build.log" ] || return 1
	fi
	grep -E '^(E|W): ' "$work/lintian-$v.log" | grep -v 'running with root' | sed 's/^/   lintian /'
	check $rc "PostgreSQL $v: lintian reports no error"
	ls "$out"/postgresql-"$v"-wirecodec_*.deb >/dev/null 2>&1
	check $? "PostgreSQL $v: the package is postgresql-$v-wirecodec"
}

# The files of the system (what a package may leave behind), one a line.
snapshot() {
	wc_overlay_run find / -xdev \( -path /proc -o -path /dev -o -path /run -o -path /tmp \
		-o -path /var/cache -o -path /var/log -o -path /var/lib/dpkg -o -path /var/lib/apt \) -prune \
		-o -print | sort
}

# Install, test and remove the package of PostgreSQL $2 in a copy of the bare
# chroot of release $1.
install_test() {
	local rel=$1 v=$2 pkg=postgresql-$2-wirecodec rc deb ver
	ver=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$root_dir/wirecodec.control")
	echo "   installing into a clean $rel chroot with only postgresql-$v"
	if ! wc_chroot_ensure "$rel-bare"; then
		check 1 "PostgreSQL $v: make the bare $rel chroot"
		return 1
	fi
	wc_overlay_up "$rel-bare" || { check 1 "PostgreSQL $v: overlay over the bare $rel chroot"; return 1; }
	local log=$work/install-$v.log
	# The autopkgtest's dependencies too (debian/tests/control): make and
	# pg_buildext (postgresql-common-dev from Debian 13 on, postgresql-common
	# before).
	local tdeps=(make)
	{ wc_overlay_run apt-get update -qq &&
		{ ! wc_overlay_run apt-cache show postgresql-common-dev >/dev/null 2>&1 || tdeps+=(postgresql-common-dev); } &&
		wc_overlay_run apt-get install -y -qq "postgresql-$v" "${tdeps[@]}"; } >"$log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || tail -20 "$log"
	check $rc "PostgreSQL $v: the server alone (and ${tdeps[*]} for the autopkgtest) installs in $rel"
	[ $rc -eq 0 ] || { wc_overlay_down; return 1; }

	snapshot >"$work/files-before-$v"
	wc_overlay_run dpkg-query -W -f '${Package}\n' | sort >"$work/pkgs-before-$v"
	mkdir -p "$WC_OV_ROOT/tmp/debs"
	deb=$(ls "$work/debs-$v/${pkg}"_*.deb)
	cp "$deb" "$WC_OV_ROOT/tmp/debs/"
	wc_overlay_run apt-get install -y -qq "/tmp/debs/$(basename "$deb")" >>"$log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || tail -20 "$log"
	check $rc "PostgreSQL $v: apt-get install ./$(basename "$deb")"
	[ $rc -eq 0 ] || { wc_overlay_down; return 1; }
	wc_overlay_run dpkg-query -W -f '${Package}\n' | sort >"$work/pkgs-after-$v"
	diff <(comm -13 "$work/pkgs-before-$v" "$work/pkgs-after-$v") <(echo "$pkg") >/dev/null
	rc=$?
	[ $rc -eq 0 ] || comm -13 "$work/pkgs-before-$v" "$work/pkgs-after-$v" | sed 's/^/   added: /'
	check $rc "PostgreSQL $v: the package needs nothing but the server (apt added $pkg only)"
	wc_overlay_run dpkg -L "$pkg" >"$work/dpkg-L-$v"
	local f missing=0
	for f in "/usr/lib/postgresql/$v/lib/wirecodec.so" "/usr/share/postgresql/$v/extension/wirecodec.control" \
		"/usr/share/postgresql/$v/extension/wirecodec--$ver.sql" "/usr/share/doc/$pkg/copyright"; do
		grep -qx "$f" "$work/dpkg-L-$v" || { echo "   not in the package: $f"; missing=1; }
	done
	check $missing "PostgreSQL $v: the package has the module, control file, install script, copyright"

	# CREATE EXTENSION in a throwaway cluster of the installed server.
	wc_overlay_run pg_virtualenv -v "$v" psql -X -A -t -q -o /tmp/create.out -v ON_ERROR_STOP=1 \
		-c 'CREATE EXTENSION wirecodec' \
		-c "SELECT extversion FROM pg_extension WHERE extname = 'wirecodec'" \
		-c 'SELECT mysql_lenenc_int(251::bigint)' >"$work/create-$v.log" 2>&1
	rc=$?
	cp "$WC_OV_ROOT/tmp/create.out" "$work/create-$v.out" 2>/dev/null || : >"$work/create-$v.out"
	[ "$(grep -v '^$' "$work/create-$v.out" | tr '\n' ' ')" = "$ver \\xfcfb00 " ] || rc=1
	[ $rc -eq 0 ] || cat "$work/create-$v.out" "$work/create-$v.log"
	check $rc "PostgreSQL $v: CREATE EXTENSION wirecodec (version $ver) and a function call"

	# The autopkgtest: every pg_regress suite against the installed files.
	copy_tree "$WC_OV_ROOT/tmp/src"
	wc_overlay_run sh -c 'cd /tmp/src && debian/tests/installcheck' >"$work/autopkgtest-$v.log" 2>&1
	rc=$?
	grep -E '\.\.\. |^ok |^not ok |tests passed|tests failed' "$work/autopkgtest-$v.log" | sed 's/^/   /'
	local ok bad
	regress_counts "$work/autopkgtest-$v.log"
	[ "$ok" -gt 0 ] || rc=1
	[ $rc -eq 0 ] || tail -40 "$work/autopkgtest-$v.log"
	check $rc "PostgreSQL $v: autopkgtest debian/tests/installcheck ($ok suites ok, $bad failed)"
	rm -rf "$WC_OV_ROOT/tmp/src"

	# Removal leaves nothing behind.
	wc_overlay_run apt-get remove -y -qq "$pkg" >>"$log" 2>&1
	check $? "PostgreSQL $v: apt-get remove $pkg"
	local left=0
	while read -r f; do
		[ -d "$WC_OV_ROOT$f" ] && continue
		[ -e "$WC_OV_ROOT$f" ] || [ -L "$WC_OV_ROOT$f" ] || continue
		echo "   left behind: $f"
		left=1
	done <"$work/dpkg-L-$v"
	snapshot >"$work/files-after-$v"
	if ! diff -u "$work/files-before-$v" "$work/files-after-$v" >"$work/files-diff-$v"; then
		grep -E '^[-+]/' "$work/files-diff-$v" | head -20 | sed 's/^/   /'
		left=1
	fi
	check $left "PostgreSQL $v: after apt-get remove no file of dpkg -L is left and the file system is as before"
	wc_overlay_down
}

t0=$SECONDS
for t in "${targets[@]}"; do
	rel=${t%%:*}
	v=${t##*:}
	echo "== PostgreSQL $v: Debian packages ($rel)"
	s0=$SECONDS
	build_debs "$rel" "$v" && install_test "$rel" "$v"
	echo "   ($((SECONDS - s0)) s)"
done

echo "== PGXN: META.json and the archive of make dist"
bash "$here/pgxn.sh" >"$work/pgxn.log" 2>&1
rc=$?
grep -E '^   |pgxn:' "$work/pgxn.log"
while read -r p f; do
	pass=$((pass + p))
	fail=$((fail + f))
done < <(sed -n 's/^pgxn: \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1 \2/p' "$work/pgxn.log")
if [ $rc -ne 0 ]; then
	failures+=("pgxn")
	grep -q '^pgxn: ' "$work/pgxn.log" || { tail -20 "$work/pgxn.log"; fail=$((fail + 1)); }
fi

echo "   (packaging took $((SECONDS - t0)) s)"
if [ ${#failures[@]} -gt 0 ]; then
	echo "failures:"
	printf '  - %s\n' "${failures[@]}"
	keep=${TMPDIR:-/tmp}/wirecodec-packaging-logs
	rm -rf "$keep" && mkdir -p "$keep" && cp "$work"/*.log "$keep"/ 2>/dev/null
	echo "logs: $keep"
fi
echo "packaging: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
