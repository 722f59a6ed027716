# overlay.sh: throwaway copies of a cached chroot of test/chroot.sh, for tests
# that must start from a clean system every time (install a package into a
# machine that has only the server, run `make demo` on a bare machine).
# Source it after test/chroot.sh; root only.
#
#   wc_overlay_up NAME     an overlayfs over the cached chroot NAME (made by
#                          wc_chroot_ensure): writes go to a private upper
#                          directory, so the cache stays as it was.  Mounts
#                          /proc, a /dev/shm tmpfs and a persistent apt archive
#                          cache per release (downloads are kept between runs).
#                          Sets WC_OV_ROOT to the root directory.
#   wc_overlay_run CMD...  run CMD inside with a clean environment, as root
#   wc_overlay_down        end the processes left inside, unmount everything,
#                          remove the upper directory; safe to call twice (the
#                          callers call it from their EXIT trap too)
#
# While an overlay is up, a shared lock on the chroot's lock file keeps
# wc_chroot_ensure from changing the chroot underneath.

WC_OV=
WC_OV_ROOT=
WC_OV_LOCKFD=
WC_OV_MOUNTS=()

wc_overlay_up() {
	local name=$1 lower=$WC_CHROOT_CACHE/$1
	local cache=$WC_CHROOT_CACHE/apt-archives/${1%%-*}
	[ -f "$lower/.wc-ready" ] || { echo "no chroot $lower" >&2; return 1; }
	WC_OV=$(mktemp -d /tmp/wirecodec-overlay.XXXXXX)
	WC_OV_ROOT=$WC_OV/root
	mkdir -p "$WC_OV/upper" "$WC_OV/work" "$WC_OV_ROOT" "$cache/partial"
	exec {WC_OV_LOCKFD}<"$lower.lock"
	flock -s "$WC_OV_LOCKFD"
	mount -t overlay overlay -o "lowerdir=$lower,upperdir=$WC_OV/upper,workdir=$WC_OV/work" "$WC_OV_ROOT" ||
		return 1
	WC_OV_MOUNTS=("$WC_OV_ROOT")
	mount -t proc proc "$WC_OV_ROOT/proc" && WC_OV_MOUNTS+=("$WC_OV_ROOT/proc") || return 1
	mkdir -p "$WC_OV_ROOT/dev/shm"
	mount -t tmpfs -o size=1g,mode=1777 shm "$WC_OV_ROOT/dev/shm" && WC_OV_MOUNTS+=("$WC_OV_ROOT/dev/shm") || return 1
	mount --bind "$cache" "$WC_OV_ROOT/var/cache/apt/archives" &&
		WC_OV_MOUNTS+=("$WC_OV_ROOT/var/cache/apt/archives") || return 1
	# apt in a throwaway copy keeps what it downloads (in the cache above).
	rm -f "$WC_OV_ROOT/etc/apt/apt.conf.d/docker-clean"
	echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' >"$WC_OV_ROOT/etc/apt/apt.conf.d/99wirecodec-keep"
	# A stable release gets its updates and security suites, as an installed
	# Debian machine has them (packages built against the current point
	# release depend on it).
	local dist=${1%%-*}
	if [ "$dist" != sid ] && [ "$dist" != unstable ]; then
		printf 'deb %s %s-updates main\ndeb %s %s-security main\n' \
			"$WC_CHROOT_MIRROR" "$dist" "${WC_CHROOT_SECURITY_MIRROR:-http://deb.debian.org/debian-security}" "$dist" \
			>"$WC_OV_ROOT/etc/apt/sources.list.d/wirecodec-updates.list"
	fi
	# Name resolution for apt, as on the host.
	cp -L /etc/resolv.conf "$WC_OV_ROOT/etc/resolv.conf" 2>/dev/null
	return 0
}

wc_overlay_run() {
	chroot "$WC_OV_ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive "$@"
}

wc_overlay_down() {
	[ -n "$WC_OV" ] || return 0
	local p i
	# Processes started inside this overlay (servers of a test): end them.
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/root" 2>/dev/null)" = "$WC_OV_ROOT" ] && kill -9 "${p#/proc/}" 2>/dev/null
	done
	sleep 1
	for ((i = ${#WC_OV_MOUNTS[@]} - 1; i >= 0; i--)); do
		umount "${WC_OV_MOUNTS[$i]}" 2>/dev/null || umount -l "${WC_OV_MOUNTS[$i]}"
	done
	WC_OV_MOUNTS=()
	if [ -n "$WC_OV_LOCKFD" ]; then
		exec {WC_OV_LOCKFD}<&-
		WC_OV_LOCKFD=
	fi
	# Remove the upper layer only when nothing is mounted below it any more.
	grep -q " $WC_OV" /proc/mounts || rm -rf "$WC_OV"
	WC_OV=
	WC_OV_ROOT=
}
