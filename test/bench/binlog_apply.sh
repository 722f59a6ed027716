#!/usr/bin/env bash
# binlog_apply.sh [ROWS]: mysql_binlog_apply against MariaDB replaying the
# same binlogs.  binlog_mariadb.sh records ROWS (default 100,000) inserts
# into bench.orders, then every row updated and every other one deleted (a
# second file), and times MariaDB replaying both into the same server
# (mariadb-binlog FILE | mariadb); binlog_apply.sql times
# mysql_binlog_apply of both files into an empty PostgreSQL table with the
# same primary key, and mysql_binlog_load of the inserts (wc_setup_cluster:
# the caller's cluster, or a throwaway one).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
rows=${1:-100000}
own=${WC_CLUSTER_DIR:-}
wc_setup_cluster || exit 1
work=$(mktemp -d /tmp/wirecodec-bench-apply.XXXXXX)
chmod 755 "$work"
trap 'rm -rf "$work"; [ -n "$own" ] || wc_cluster_stop' EXIT

"$here/binlog_mariadb.sh" "$work/ins.bin" "$rows" "$work/chg.bin" || exit 1
psqlq -v ins="$work/ins.bin" -v chg="$work/chg.bin" -f "$here/binlog_apply.sql"
