#!/usr/bin/env bash
# deb.sh: `make deb`, the Debian packages postgresql-NN-wirecodec for every
# PostgreSQL major that this machine's postgresql-common supports and
# debian/pgversions allows (pg_buildext), built from a clean copy of the tree
# with dpkg-buildpackage.  The build runs every pg_regress suite against the
# packaged files (dh_pgxs_test).  Installs the build dependencies when missing
# (as root or through sudo).  The .deb, .changes and .buildinfo files go to
# $WC_DEB_OUT (default build/deb/ in the tree).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
out=${WC_DEB_OUT:-$wc_root/build/deb}

work=$(mktemp -d /tmp/wirecodec-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
# The build's tests run a server (as postgres when root) that reads the
# packaged files from debian/postgresql-NN-wirecodec/ here.
chmod 755 "$work"
ver=$(sed -n 's/^wirecodec (\([^)]*\)).*/\1/p;q' "$wc_root/debian/changelog")
src=$work/wirecodec-${ver%-*}
mkdir -p "$src"
# The tracked files as they are in the work tree (what a clean clone has);
# without git (a copy of the tree), every file but build products.
if command -v git >/dev/null 2>&1 && git -C "$wc_root" rev-parse --git-dir >/dev/null 2>&1; then
	(cd "$wc_root" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$src"
else
	(cd "$wc_root" && tar --exclude=./build --exclude='*.o' --exclude='*.so' --exclude='*.bc' \
		--exclude=./results --exclude=./test/unit/build --exclude=./test/fuzz/build -cf - .) | tar -xf - -C "$src"
fi
cd "$src"

# The tools first: dpkg-checkbuilddeps and pg_buildext.
command -v dpkg-checkbuilddeps >/dev/null 2>&1 && command -v pg_buildext >/dev/null 2>&1 ||
	wc_apt_install dpkg-dev postgresql-common
# debian/control lists one package per supported major; make it this
# machine's list (the way apt.postgresql.org builds one source for every
# release).
pg_buildext updatecontrol
if ! dpkg-checkbuilddeps >/dev/null 2>&1; then
	echo "installing the build dependencies (apt-get build-dep)"
	wc_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
	wc_as_root env DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -qq "$src" >/dev/null
fi
echo "building $(sed -n 's/^Package: //p' debian/control | tr '\n' ' ')(version $ver)"
dpkg-buildpackage -b -us -uc >"$work/build.log" 2>&1 || {
	tail -60 "$work/build.log"
	cp "$work/build.log" "${TMPDIR:-/tmp}/wirecodec-deb-build.log"
	echo "make deb: the build failed; log in ${TMPDIR:-/tmp}/wirecodec-deb-build.log" >&2
	exit 1
}
# The pg_regress results of the build's tests (dh_pgxs_test).
grep -E '^(ok|not ok) |\.\.\. (ok|FAILED)|tests (passed|failed)|### End' "$work/build.log" | sed 's/^/   /' || true
mkdir -p "$out"
cp "$work"/*.deb "$work"/*.changes "$work"/*.buildinfo "$out"/
cp "$work/build.log" "$out/build.log"
echo "packages in $out:"
(cd "$out" && ls -1 *.deb | sed 's/^/   /')
