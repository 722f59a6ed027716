# apply-lib.sh: what apply-random.sh and apply-live.sh share.  Source it
# after common.sh (and, for MySQL, chroot.sh and mysql_sid.sh).
#
#   apply_begin NAME    passed=0, failed=0, own=1 unless the caller's
#                       cluster is there (WC_CLUSTER_DIR), d: a new
#                       directory /tmp/wirecodec-apply-NAME.XXXXXX
#   apply_server_start SERVER DIR [MYSQLD-OPTION...]
#                       start a throwaway MariaDB (host) or MySQL 9.7 (sid
#                       chroot) writing a ROW binlog with FULL metadata and
#                       CRC32 checksums, base name DIR/data/rnd (MariaDB) or
#                       WC_MYSQL_DIR/data/rnd (MySQL; GTIDs on); sets
#                       apply_binlog_dir (the files, seen from the host)
#   apply_server_stop   stop it (safe to call twice; call it from EXIT traps)
#   apply_sql [CLIENT-OPTION...]   the server's client, as root
#   apply_pg_tables SOURCE         schema r in PostgreSQL: tables a, b, tick
#                       and big as the workload's (apply-random.awk), no progress
#                       row for SOURCE
#   apply_compare DIR   the server's tables a, b, tick and big against
#                       PostgreSQL's, typed (each side's rows read into the
#                       PostgreSQL table's row type) and row for row;
#                       prints the row counts and differences, returns 1 when
#                       any row differs

apply_server=

apply_begin() {
	passed=0
	failed=0
	own=
	[ -z "${WC_CLUSTER_DIR:-}" ] && own=1
	d=$(mktemp -d "/tmp/wirecodec-apply-$1.XXXXXX")
	chmod 755 "$d"
}

apply_server_start() {
	local dir=$2
	apply_server=$1
	shift 2
	case $apply_server in
	mariadb)
		wc_mariadb_start "$dir" --server-id=9 --innodb-buffer-pool-size=64M --log-bin="$dir/data/rnd" \
			--binlog-format=ROW --binlog-row-metadata=FULL --binlog-checksum=CRC32 \
			--log-bin-compress-min-len=10 "$@" || return 1
		apply_binlog_dir=$dir/data
		;;
	mysql)
		wc_mysql_prepare wc-apply-random || return 1
		wc_mysql_start --skip-networking --server-id=9 --log-bin="$WC_MYSQL_DIR/data/rnd" --binlog-format=ROW \
			--binlog-row-metadata=FULL --binlog-checksum=CRC32 --gtid-mode=ON \
			--enforce-gtid-consistency=ON --innodb-buffer-pool-size=64M "$@" || return 1
		apply_binlog_dir=$WC_MYSQL_ROOT$WC_MYSQL_DIR/data
		;;
	*)
		echo "no such server: $apply_server" >&2
		return 1
		;;
	esac
	echo "   $apply_server $(apply_sql -N -e 'SELECT VERSION()')"
}

apply_server_stop() {
	case $apply_server in
	mariadb) wc_mariadb_stop ;;
	mysql)
		local data=$WC_MYSQL_ROOT$WC_MYSQL_DIR
		wc_mysql_stop
		[ -n "$data" ] && [ -d "$data" ] && rm -rf "$data"
		;;
	esac
}

apply_sql() {
	case $apply_server in
	mariadb) wc_msql "$@" ;;
	mysql) wc_mysql "$@" ;;
	esac
}

apply_pg_tables() {
	psqlq -c "SET client_min_messages = warning" -c "CREATE EXTENSION IF NOT EXISTS wirecodec" -c "DROP SCHEMA IF EXISTS r CASCADE" -c "CREATE SCHEMA r" \
		-c "CREATE TABLE r.a (id int PRIMARY KEY, v varchar(20), n int, d timestamp(6))" \
		-c "CREATE TABLE r.b (k1 int, k2 text, x numeric(8,2), PRIMARY KEY (k1, k2))" \
		-c "CREATE TABLE r.tick (id int PRIMARY KEY, t timestamp(6))" \
		-c "CREATE TABLE r.big (id int PRIMARY KEY, v text)" \
		-c "DELETE FROM mysql_binlog_apply_progress WHERE source = '$1'" >/dev/null
}

apply_compare() {
	local dir=$1 diff
	apply_sql -N -e "SELECT id, v, n, d FROM r.a" >"$dir/a.tsv" &&
		apply_sql -N -e "SELECT k1, k2, x FROM r.b" >"$dir/b.tsv" &&
		apply_sql -N -e "SELECT id, t FROM r.tick" >"$dir/tick.tsv" &&
		apply_sql -N -e "SELECT id, v FROM r.big" >"$dir/big.tsv" || return 1
	chmod 644 "$dir"/*.tsv
	diff=$(psqlq -At -F ' ' -c "CREATE TEMP TABLE wa (LIKE r.a)" -c "CREATE TEMP TABLE wb (LIKE r.b)" -c "CREATE TEMP TABLE wt (LIKE r.tick)" \
		-c "\\copy wa FROM '$dir/a.tsv' WITH (NULL 'NULL')" -c "\\copy wb FROM '$dir/b.tsv' WITH (NULL 'NULL')" \
		-c "\\copy wt FROM '$dir/tick.tsv' WITH (NULL 'NULL')" \
		-c "CREATE TEMP TABLE wg (LIKE r.big)" -c "\\copy wg FROM '$dir/big.tsv' WITH (NULL 'NULL')" \
		-c "SELECT 'rows a ' || (SELECT count(*) FROM wa) || ', b ' || (SELECT count(*) FROM wb) ||
			', tick ' || (SELECT count(*) FROM wt) || ', big ' || (SELECT count(*) FROM wg) || '; differences '
			|| (SELECT count(*) FROM ((TABLE r.a EXCEPT ALL TABLE wa) UNION ALL (TABLE wa EXCEPT ALL TABLE r.a)) x) || ' '
			|| (SELECT count(*) FROM ((TABLE r.b EXCEPT ALL TABLE wb) UNION ALL (TABLE wb EXCEPT ALL TABLE r.b)) x) || ' '
			|| (SELECT count(*) FROM ((TABLE r.tick EXCEPT ALL TABLE wt) UNION ALL (TABLE wt EXCEPT ALL TABLE r.tick)) x) || ' '
			|| (SELECT count(*) FROM ((TABLE r.big EXCEPT ALL TABLE wg) UNION ALL (TABLE wg EXCEPT ALL TABLE r.big)) x)" 2>&1)
	echo "$diff"
	case "$diff" in
	*"differences 0 0 0 0") return 0 ;;
	*) return 1 ;;
	esac
}
