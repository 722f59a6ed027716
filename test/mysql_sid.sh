# mysql_sid.sh: a private MySQL server from Debian sid (mysql-server-core,
# in the cached sid chroot of test/chroot.sh), for the suites that talk to a
# real MySQL (test/mysql_live, test/mysql_binlog).  Source it after
# common.sh and chroot.sh; root only.
#
#   wc_mysql_prepare DIR [PKG...]  install mysql-server-core and
#                       mysql-client-core (and PKGs) into the chroot, enter
#                       it, and make an empty /tmp/DIR inside owned by nobody;
#                       sets WC_MYSQL_ROOT (the chroot's root on the host)
#                       and WC_MYSQL_DIR (/tmp/DIR, as seen inside)
#   wc_mysql_start [MYSQLD-OPTION...]
#                       initialise WC_MYSQL_DIR/data (--initialize-insecure:
#                       root@localhost without a password) and start mysqld
#                       as nobody with the options given, socket
#                       WC_MYSQL_DIR/sock, pid file WC_MYSQL_DIR/pid, error
#                       log WC_MYSQL_DIR/error.log, no X plugin; returns when
#                       it answers (1 and the error log when it does not)
#   wc_mysql [CLIENT-OPTION...]    the mysql client, as root on that socket
#   wc_mysql_stop       stop the server by its pid file (chroot and runuser
#                       do not pass signals on), wait for it, leave the
#                       chroot; safe to call twice or before wc_mysql_prepare
#                       (call it from the EXIT trap's cleanup, which
#                       wc_mysql_prepare keeps; without a trap it sets one)

WC_MYSQL_ROOT=
WC_MYSQL_DIR=
WC_MYSQL_PID=

wc_mysql_prepare() {
	local dir=/tmp/$1
	shift
	local saved
	wc_chroot_ensure sid mysql-server-core mysql-client-core "$@" || return 1
	# wc_chroot_enter sets an EXIT trap of its own: keep the caller's (its
	# cleanup calls wc_mysql_stop, which leaves the chroot), or stop the
	# server on exit when the caller has none
	saved=$(trap -p EXIT)
	wc_chroot_enter sid || return 1
	if [ -n "$saved" ]; then eval "$saved"; else trap wc_mysql_stop EXIT; fi
	WC_MYSQL_ROOT=$WC_CHROOT
	WC_MYSQL_DIR=$dir
	rm -rf "${WC_MYSQL_ROOT:?}$dir"
	mkdir -p "$WC_MYSQL_ROOT$dir" && chown nobody: "$WC_MYSQL_ROOT$dir" && chmod 1777 "$WC_MYSQL_ROOT/tmp"
}

wc_mysql_start() {
	local d=$WC_MYSQL_DIR
	wc_chroot_run sid /usr/sbin/mysqld --no-defaults --initialize-insecure --user=nobody \
		--datadir="$d/data" >"$WC_MYSQL_ROOT$d/init.log" 2>&1 || { cat "$WC_MYSQL_ROOT$d/init.log"; return 1; }
	# without the script's other descriptors: a lock held around the suite
	# (flock FILE make ...) must not outlive it in the server
	(
		for f in /proc/$BASHPID/fd/*; do
			f=${f##*/}
			[ "$f" -gt 2 ] && eval "exec $f>&-"
		done
		exec chroot "$WC_CHROOT_CACHE/sid" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root LANG=C.UTF-8 /usr/sbin/mysqld --no-defaults --user=nobody --datadir="$d/data" \
			--socket="$d/sock" --pid-file="$d/pid" --log-error="$d/error.log" --mysqlx=OFF \
			--secure-file-priv="$d" "$@"
	) >/dev/null 2>&1 </dev/null &
	WC_MYSQL_PID=$!
	for _ in $(seq 1 300); do
		wc_chroot_run sid mysqladmin --no-defaults -S "$d/sock" -uroot ping >/dev/null 2>&1 && return 0
		kill -0 "$WC_MYSQL_PID" 2>/dev/null || break
		sleep 0.2
	done
	tail -20 "$WC_MYSQL_ROOT$d/error.log"
	return 1
}

wc_mysql() {
	wc_chroot_run sid mysql --no-defaults --default-character-set=utf8mb4 -S "$WC_MYSQL_DIR/sock" -uroot "$@"
}

wc_mysql_stop() {
	[ -n "$WC_MYSQL_ROOT" ] || return 0
	local f=$WC_MYSQL_ROOT$WC_MYSQL_DIR/pid
	[ -s "$f" ] && kill -TERM "$(cat "$f")" 2>/dev/null
	for _ in $(seq 1 150); do
		[ -s "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null || break
		sleep 0.1
	done
	if [ -n "$WC_MYSQL_PID" ]; then
		kill -TERM "$WC_MYSQL_PID" 2>/dev/null
		wait "$WC_MYSQL_PID" 2>/dev/null
	fi
	WC_MYSQL_PID=
	wc_chroot_leave sid
	WC_MYSQL_ROOT=
}
