#!/usr/bin/env bash
# test/mysql_binlog/apply-names.sh: what mysql_binlog_apply does with the
# names and statements a real MariaDB 10.11 logs that PostgreSQL's rules
# cannot take as they are.  A table whose name is 64 characters (MySQL's
# limit; PostgreSQL's is 63 bytes) is an error naming it, saving nothing,
# even beside the table PostgreSQL made of its first 63; mapped with
# tables => it applies; left out with schema_name it is passed over.  DDL
# in a version comment or a MariaDB executable comment (and one written
# behind a comment, which the server logs without it) stops the apply at
# its byte offset, and compressed statements (log_bin_compress) are read as
# the server wrote them.
# Ends with "apply-names: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
. "$here/apply-lib.sh"
apply_begin names
cleanup() {
	apply_server_stop
	rm -rf "$d"
	[ -n "$own" ] && wc_cluster_stop
}
trap cleanup EXIT
wc_setup_cluster || { echo "apply-names: 0 passed, 1 failed"; exit 1; }
trap cleanup EXIT
apply_server_start mariadb "$d" --log-bin-compress=ON
check $? "start mariadb" || { echo "apply-names: $passed passed, $failed failed"; exit 1; }

long=$(printf 'l%.0s' $(seq 1 64))
apply_sql <<SQL
CREATE DATABASE nm;
USE nm;
CREATE TABLE t (id int PRIMARY KEY, v varchar(20));
CREATE TABLE $long (id int PRIMARY KEY);
FLUSH BINARY LOGS;
INSERT INTO t VALUES (1, 'a'), (2, 'b');
INSERT INTO $long VALUES (1), (2), (3);
FLUSH BINARY LOGS;
/* app */ ALTER TABLE t ADD w int;
FLUSH BINARY LOGS;
/*!40000 ALTER TABLE t DISABLE KEYS */;
FLUSH BINARY LOGS;
/*M!100100 ALTER TABLE t ADD x int */;
FLUSH BINARY LOGS;
SQL
check $? "the workload ran" || { echo "apply-names: $passed passed, $failed failed"; exit 1; }
mapfile -t files < <(apply_sql -N -e 'SHOW BINARY LOGS' | cut -f1)
mkdir -p "$WC_CLUSTER_DIR/binlogs"
for f in "${files[@]}"; do
	cp "$apply_binlog_dir/$f" "$WC_CLUSTER_DIR/binlogs/$f" && chmod 644 "$WC_CLUSTER_DIR/binlogs/$f"
done
bl() { echo "pg_read_binary_file('$WC_CLUSTER_DIR/binlogs/${files[$1]}')"; }
short=${long:0:63}
psqlq -c "SET client_min_messages = warning" -c "CREATE EXTENSION IF NOT EXISTS wirecodec" \
	-c "DROP SCHEMA IF EXISTS nm CASCADE" -c "CREATE SCHEMA nm" \
	-c "CREATE TABLE nm.t (id int PRIMARY KEY, v varchar(20))" \
	-c "CREATE TABLE nm.$short (id int PRIMARY KEY)" \
	-c "CREATE TABLE nm.l63 (id int PRIMARY KEY)" >/dev/null

# the 64-character name, by the name rule: an error, nothing saved
out=$(psqlq -At -c "SELECT * FROM mysql_binlog_apply($(bl 1), 'names', 'nm', '${files[1]}')" 2>&1)
[[ "$out" == *"MySQL table nm.$long has a name of 64 bytes, longer than PostgreSQL's 63"* ]]
check $? "a 64-character table name is an error naming it: $(head -1 <<<"$out")"
out=$(psqlq -At -c "SELECT count(*) FROM nm.$short" -c "SELECT count(*) FROM mysql_binlog_apply_progress WHERE source = 'names'" | tr '\n' ' ')
[ "$out" = "0 0 " ]
check $? "nothing applied to the table of its first 63 bytes, nothing saved: $out"
# mapped explicitly, it applies
out=$(psqlq -At -F ' ' -c "SELECT stop_reason, inserted FROM mysql_binlog_apply($(bl 1), 'names', 'nm', '${files[1]}',
	tables => '{\"nm.$long\": \"l63\", \"t\": \"t\"}') WHERE target IS NULL" -c "SELECT count(*) FROM nm.l63" 2>&1 | tr '\n' ' ')
[ "$out" = "rotate 5 3 " ]
check $? "mapped with tables =>, its rows go to the table named: $out"
# left out with schema_name: passed over
out=$(psqlq -At -F ' ' -c "SELECT stop_reason, inserted FROM mysql_binlog_apply($(bl 1), 'names-other', 'nm', '${files[1]}',
	schema_name => 'other') WHERE target IS NULL" 2>&1)
[ "$out" = "rotate 0" ]
check $? "with schema_name naming another database it is passed over: $out"

# DDL behind comments: each stops the apply at its offset
for k in 2 3 4; do
	out=$(psqlq -At -F '|' -c "SELECT stop_reason, stop_statement FROM mysql_binlog_apply($(bl $k), 'names-ddl-$k', 'nm', '${files[$k]}',
		tables => '{\"t\": \"t\"}') WHERE target IS NULL" 2>&1)
	[[ "$out" == ddl\|*"ALTER TABLE t"* ]]
	check $? "${files[$k]}: the DDL behind a comment stops the apply: $out"
done
out=$(psqlq -At -c "SELECT count(*) FROM mysql_binlog_events($(bl 2)) WHERE event_type_name = 'QUERY_COMPRESSED_EVENT'" 2>&1)
[ "${out:-0}" -gt 0 ]
check $? "the server wrote compressed statements ($out in ${files[2]})"
psqlq -c "DROP SCHEMA nm CASCADE" -c "DELETE FROM mysql_binlog_apply_progress WHERE source LIKE 'names%'" >/dev/null 2>&1
echo "apply-names: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
