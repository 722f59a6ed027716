#!/usr/bin/env bash
# bare.sh: `make test-bare`, README's two commands on a bare Debian machine.
# Each run starts from a throwaway copy (test/packaging/overlay.sh) of a
# debootstrap chroot of the release that has no PostgreSQL at all; it gets
# `make` (and `sudo` for a user) as a newcomer's machine has them, and the
# tracked files of this tree.  Then, as written in README.md:
#   make demo   must install the release's default server (postgresql) and
#               what else is missing, and run every example;
#   make test   must pass (its own "N passed, N failed" line is counted).
# Default runs (bounded, see doc/install.md "Tested"):
#   bookworm:root:test   Debian 12 as root: make demo, then the full make test
#   trixie:user:check    Debian 13 as a user with sudo: make demo, then the
#                        PGXS way: make, then make installcheck in a
#                        throwaway cluster (pg_virtualenv)
# WC_BARE_FULL=1 runs the full make test in every run.
# Usage: test/packaging/bare.sh [release:root|user:test|check ...]
# Ends with "bare: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
root_dir=$(cd "$here/../.." && pwd)
. "$here/../chroot.sh"
. "$here/overlay.sh"

if [ "$(id -u)" -ne 0 ]; then
	echo "test-bare makes chroots and needs root (sudo make test-bare)" >&2
	echo "bare: 0 passed, 1 failed"
	exit 1
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(bookworm:root:test trixie:user:check)
. "$here/check.sh"
logs=$(mktemp -d /tmp/wirecodec-bare.XXXXXX)
WC_CHROOT_CLEANUP=wc_overlay_down
trap wc_chroot_leave_all EXIT
trap 'exit 130' INT TERM

# Run a shell command line inside, as root or as the user dev, in the tree.
as_who() {
	if [ "$who" = root ]; then
		wc_overlay_run bash -c "cd /root/wirecodec && $1"
	else
		wc_overlay_run runuser -u dev -- env HOME=/home/dev USER=dev LOGNAME=dev \
			bash -c "cd /home/dev/wirecodec && $1"
	fi
}

run_one() {
	local rel=$1 who=$2 what=$3 rc log
	local name="Debian $rel as $who"
	echo "== $name: make demo, then $([ "$what" = test ] && echo "make test" || echo "make + make installcheck")"
	wc_chroot_ensure "$rel-bare" || { check 1 "$name: make the bare chroot"; return; }
	wc_overlay_up "$rel-bare" || { check 1 "$name: overlay"; wc_overlay_down; return; }
	log=$logs/$rel-$who
	mkdir -p "$log"
	# What a newcomer's machine has before README's commands: make (and sudo).
	local tools=(make)
	[ "$who" = root ] || tools+=(sudo)
	{ wc_overlay_run apt-get update -qq && wc_overlay_run apt-get install -y -qq "${tools[@]}"; } >"$log/tools.log" 2>&1
	check $? "$name: apt-get install ${tools[*]}"
	! wc_overlay_run sh -c 'ls /usr/lib/postgresql/*/bin/postgres' >/dev/null 2>&1
	check $? "$name: no PostgreSQL server installed before"
	local home=/root
	if [ "$who" != root ]; then
		home=/home/dev
		wc_overlay_run useradd -m -s /bin/bash dev
		echo 'dev ALL=(ALL) NOPASSWD: ALL' >"$WC_OV_ROOT/etc/sudoers.d/dev"
		chmod 440 "$WC_OV_ROOT/etc/sudoers.d/dev"
	fi
	mkdir -p "$WC_OV_ROOT$home/wirecodec"
	(cd "$root_dir" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$WC_OV_ROOT$home/wirecodec"
	[ "$who" = root ] || wc_overlay_run chown -R dev: "$home/wirecodec"

	local t0=$SECONDS
	as_who 'make demo' >"$log/demo.log" 2>&1
	rc=$?
	grep -q '^demo finished' "$log/demo.log" || rc=1
	[ $rc -eq 0 ] || tail -30 "$log/demo.log"
	check $rc "$name: make demo ($((SECONDS - t0)) s)"
	local v
	v=$(wc_overlay_run sh -c 'ls /usr/lib/postgresql/*/bin/postgres' 2>/dev/null | sed 's|.*/postgresql/\([0-9]*\)/.*|\1|' | tr '\n' ' ' | sed 's/ $//')
	wc_overlay_run dpkg-query -W -f '${Status}\n' postgresql 2>/dev/null | grep -q 'install ok installed'
	check $? "$name: make demo installed the release's default server (postgresql, PostgreSQL $v)"

	t0=$SECONDS
	if [ "$what" = test ] || [ -n "${WC_BARE_FULL:-}" ]; then
		as_who 'make test' >"$log/test.log" 2>&1
		rc=$?
		local line p f
		line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log/test.log" | tail -1)
		p=${line%% passed*}
		f=$(sed -n 's/.* \([0-9][0-9]*\) failed.*/\1/p' <<<"$line")
		[ -n "$line" ] && [ "${f:-1}" -eq 0 ] || rc=1
		[ $rc -eq 0 ] || { grep -A20 '^failures:' "$log/test.log" | head -30; tail -5 "$log/test.log"; }
		check $rc "$name: make test: ${line:-no summary line} ($((SECONDS - t0)) s)"
	else
		as_who 'make && pg_virtualenv make installcheck' >"$log/installcheck.log" 2>&1
		rc=$?
		local ok bad
		regress_counts "$log/installcheck.log"
		[ "$ok" -gt 0 ] || rc=1
		[ $rc -eq 0 ] || tail -30 "$log/installcheck.log"
		check $rc "$name: make, then make installcheck ($ok suites ok, $bad failed; $((SECONDS - t0)) s)"
	fi
	wc_overlay_down
}

t0=$SECONDS
for t in "${targets[@]}"; do
	IFS=: read -r rel who what <<<"$t"
	run_one "$rel" "${who:-root}" "${what:-test}"
done
echo "   (bare took $((SECONDS - t0)) s)"
if [ ${#failures[@]} -gt 0 ]; then
	echo "failures:"
	printf '  - %s\n' "${failures[@]}"
	echo "logs: $logs"
else
	rm -rf "$logs"
fi
echo "bare: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
