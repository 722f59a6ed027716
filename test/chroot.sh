# chroot.sh: cached Debian chroots for tests that need another PostgreSQL or
# server than the host has (the version matrix, MySQL 8).  Source it; root only.
#
#   wc_chroot_ensure SUITE [PKG...]   make or reuse the chroot of SUITE (trixie,
#                                     sid, ...) and install the missing PKGs;
#                                     sets WC_CHROOT to its root directory.
#                                     SUITE-TAG (trixie-bare) names a second
#                                     chroot of the same release
#   wc_chroot_enter SUITE             mount /proc and a /dev/shm tmpfs inside
#                                     (shared: a second user reuses the mounts)
#   wc_chroot_leave SUITE             drop this script's use; the last user
#                                     unmounts.  Called by an EXIT trap too, so
#                                     the mounts never outlive the script
#   wc_chroot_run SUITE CMD...        run CMD inside with a clean environment
#
# Chroots live in $WC_CHROOT_CACHE (default /var/cache/wirecodec/chroots), outside
# any clone, and are reused when present: the first build is debootstrap
# --variant=minbase from the Debian archive plus packages (about 3 minutes and
# 2 GB per suite).  Making and installing into one chroot is serialised with a
# lock per chroot, so two scripts can share one.  Inside, apt ignores the
# Release file's Valid-Until (sid's may be past it) and no service starts.

WC_CHROOT_CACHE=${WC_CHROOT_CACHE:-/var/cache/wirecodec/chroots}
WC_CHROOT_MIRROR=${WC_CHROOT_MIRROR:-http://deb.debian.org/debian}
declare -A wc_chroot_users_fd=()

# Make (once) and complete the chroot of $1 with packages $2...
wc_chroot_ensure() {
	local suite=$1 dist=${1%%-*}
	shift
	local root=$WC_CHROOT_CACHE/$suite lockfd
	mkdir -p "$WC_CHROOT_CACHE" || return 1
	exec {lockfd}>"$root.lock"
	flock "$lockfd"
	if [ ! -f "$root/.wc-ready" ]; then
		command -v debootstrap >/dev/null 2>&1 ||
			{ DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; } ||
			{ apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
		echo "   making the $suite chroot in $root (debootstrap, a few minutes)"
		rm -rf "$root"
		if ! debootstrap --variant=minbase "$dist" "$root" "$WC_CHROOT_MIRROR" >"$root.debootstrap.log" 2>&1; then
			tail -20 "$root.debootstrap.log"
			flock -u "$lockfd"
			exec {lockfd}>&-
			return 1
		fi
		echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99wirecodec-valid-until"
		printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' \
			>"$root/etc/apt/apt.conf.d/99wirecodec-no-recommends"
		# No service starts inside; postgresql-common makes no main cluster.
		printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
		chmod 755 "$root/usr/sbin/policy-rc.d"
		mkdir -p "$root/etc/postgresql-common"
		echo 'create_main_cluster = false' >"$root/etc/postgresql-common/createcluster.conf"
		touch "$root/.wc-ready"
	fi
	local missing=() p
	for p in "$@"; do
		chroot "$root" dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
			missing+=("$p")
	done
	local rc=0
	if [ ${#missing[@]} -gt 0 ]; then
		echo "   installing into the $suite chroot: ${missing[*]}"
		wc_chroot_enter "$suite"
		wc_chroot_run "$suite" apt-get update -qq >"$root.apt.log" 2>&1 &&
			wc_chroot_run "$suite" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" \
				>>"$root.apt.log" 2>&1 || { rc=1; tail -20 "$root.apt.log"; }
		wc_chroot_leave "$suite"
	fi
	flock -u "$lockfd"
	exec {lockfd}>&-
	WC_CHROOT=$root
	return $rc
}

# Mount /proc and /dev/shm inside $1 unless another user already has.
wc_chroot_enter() {
	local suite=$1 root=$WC_CHROOT_CACHE/$1 mfd ufd
	[ -n "${wc_chroot_users_fd[$suite]:-}" ] && return 0
	exec {mfd}>"$root.mountlock"
	flock "$mfd"
	mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
	mkdir -p "$root/dev/shm"
	mountpoint -q "$root/dev/shm" || mount -t tmpfs -o size=1g,mode=1777 shm "$root/dev/shm"
	exec {ufd}>"$root.users"
	flock -s "$ufd"
	wc_chroot_users_fd[$suite]=$ufd
	flock -u "$mfd"
	exec {mfd}>&-
	trap wc_chroot_leave_all EXIT
}

# Drop this script's use of $1's mounts; unmount when no one else uses them.
wc_chroot_leave() {
	local suite=$1 root=$WC_CHROOT_CACHE/$1 mfd xfd ufd=${wc_chroot_users_fd[$1]:-}
	[ -n "$ufd" ] || return 0
	exec {mfd}>"$root.mountlock"
	flock "$mfd"
	flock -u "$ufd"
	exec {ufd}>&-
	unset "wc_chroot_users_fd[$suite]"
	exec {xfd}>"$root.users"
	if flock -x -n "$xfd"; then
		umount "$root/dev/shm" 2>/dev/null || umount -l "$root/dev/shm" 2>/dev/null
		umount "$root/proc" 2>/dev/null || umount -l "$root/proc" 2>/dev/null
	fi
	exec {xfd}>&-
	flock -u "$mfd"
	exec {mfd}>&-
}

# EXIT trap: leave every chroot this script entered (and run a caller's
# cleanup first when it set WC_CHROOT_CLEANUP to a command).
wc_chroot_leave_all() {
	local s
	[ -n "${WC_CHROOT_CLEANUP:-}" ] && eval "$WC_CHROOT_CLEANUP"
	for s in "${!wc_chroot_users_fd[@]}"; do wc_chroot_leave "$s"; done
}

# Run a command inside $1 with a plain environment.
wc_chroot_run() {
	local root=$WC_CHROOT_CACHE/$1
	shift
	chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 TERM=dumb "$@"
}
