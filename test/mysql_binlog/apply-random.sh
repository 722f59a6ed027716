#!/usr/bin/env bash
# test/mysql_binlog/apply-random.sh [SEED] [STATEMENTS]: mysql_binlog_apply
# against a live MariaDB (mariadbd on PATH or in /usr/sbin).  A random
# workload (seeded: the same SEED gives the same statements) of inserts,
# updates (some moving the key), deletes, multi-statement and rolled back
# transactions, FULL and MINIMAL row images and FLUSH BINARY LOGS runs on
# two tables (one with a composite key); then every binlog file, the last
# one still open, is applied to PostgreSQL in order, each first cut at a
# random byte (a file being written) and then whole, and the PostgreSQL
# tables must equal MariaDB's, value for value.
# Ends with "apply-random: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
seed=${1:-$RANDOM}
nstmt=${2:-600}
passed=0
failed=0
own=
[ -z "${WC_CLUSTER_DIR:-}" ] && own=1
wc_setup_cluster || { echo "apply-random: 0 passed, 1 failed"; exit 1; }
d=$(mktemp -d /tmp/wirecodec-apply-random.XXXXXX)
cleanup() {
	wc_mariadb_stop
	rm -rf "$d"
	[ -n "$own" ] && wc_cluster_stop
}
trap cleanup EXIT
wc_mariadb_start "$d" --innodb-buffer-pool-size=64M --server-id=9 --log-bin="$d/data/rnd" \
	--binlog-format=ROW --binlog-row-metadata=FULL --binlog-checksum=CRC32
check $? "start MariaDB" || exit 1
echo "== seed $seed, $nstmt statements"

# The workload: awk's seeded generator picks each statement.
awk -v seed="$seed" -v n="$nstmt" 'BEGIN {
	srand(seed);
	print "RESET MASTER; SET time_zone = \"+00:00\"; CREATE DATABASE r; USE r;";
	print "CREATE TABLE a (id int PRIMARY KEY, v varchar(20), n int, d datetime(6)) ENGINE=InnoDB;";
	print "CREATE TABLE b (k1 int, k2 varchar(8), x decimal(8,2), PRIMARY KEY (k1, k2)) ENGINE=InnoDB;";
	print "CREATE TABLE other (id int PRIMARY KEY) ENGINE=InnoDB;";
	intx = 0;
	for (i = 1; i <= n; i++) {
		r = rand(); id = int(rand() * 200); s = "";
		if (r < 0.30)
			s = sprintf("INSERT IGNORE INTO a VALUES (%d, \"v%d\", %d, \"2024-01-01 00:00:00\" + INTERVAL %d SECOND)", id, i, i, i * 7);
		else if (r < 0.42)
			s = sprintf("INSERT IGNORE INTO b VALUES (%d, \"k%d\", %d.%02d)", id % 20, i % 7, i, i % 100);
		else if (r < 0.55)
			s = sprintf("UPDATE a SET v = \"u%d\", n = NULL WHERE id BETWEEN %d AND %d", i, id, id + 5);
		else if (r < 0.62)
			s = sprintf("UPDATE IGNORE a SET id = id + 1000 WHERE id = %d", id);
		else if (r < 0.68)
			s = sprintf("UPDATE IGNORE b SET k2 = \"z%d\", x = x + 1 WHERE k1 = %d", i % 5, id % 20);
		else if (r < 0.78)
			s = sprintf("DELETE FROM a WHERE id = %d OR id = %d", id, id + 1000);
		else if (r < 0.82)
			s = sprintf("DELETE FROM b WHERE k1 = %d", id % 20);
		else if (r < 0.85)
			s = sprintf("INSERT IGNORE INTO other VALUES (%d)", id);
		else if (r < 0.89 && !intx) { s = "BEGIN"; intx = 1; }
		else if (r < 0.92 && intx) { s = (rand() < 0.2 ? "ROLLBACK" : "COMMIT"); intx = 0; }
		else if (r < 0.95 && !intx)
			s = "SET SESSION binlog_row_image = " (rand() < 0.5 ? "\"MINIMAL\"" : "\"FULL\"");
		else if (!intx)
			s = "FLUSH BINARY LOGS";
		if (s != "") print s ";";
	}
	if (intx) print "COMMIT;";
}' >"$d/workload.sql"
wc_msql <"$d/workload.sql"
check $? "the workload runs" || exit 1

# PostgreSQL: the tables, and the binlog files where the server reads them
psqlq -c "CREATE EXTENSION IF NOT EXISTS wirecodec" -c "DROP SCHEMA IF EXISTS r CASCADE" -c "CREATE SCHEMA r" \
	-c "CREATE TABLE r.a (id int PRIMARY KEY, v varchar(20), n int, d timestamp(6))" \
	-c "CREATE TABLE r.b (k1 int, k2 text, x numeric(8,2), PRIMARY KEY (k1, k2))" \
	-c "DELETE FROM mysql_binlog_apply_progress WHERE source = 'rnd'" >/dev/null
files=$(wc_msql -N -e 'SHOW BINARY LOGS' | cut -f1)
mkdir -p "$WC_CLUSTER_DIR/binlogs"
ok=0
for f in $files; do
	cp "$d/data/$f" "$WC_CLUSTER_DIR/binlogs/$f"
	chmod 644 "$WC_CLUSTER_DIR/binlogs/$f"
	cut=$(awk -v s="$seed" -v f="$f" 'BEGIN { srand(s + length(f) + substr(f, length(f) - 1) * 7); print rand() }')
	out=$(psqlq -At -F ' ' -c "SELECT stop_reason, stop_position FROM mysql_binlog_apply(substr(pg_read_binary_file('$WC_CLUSTER_DIR/binlogs/$f'), 1, (length(pg_read_binary_file('$WC_CLUSTER_DIR/binlogs/$f')) * $cut)::int), 'rnd', 'r', '$f') WHERE target IS NULL" \
		-c "SELECT stop_reason, stop_position FROM mysql_binlog_apply(pg_read_binary_file('$WC_CLUSTER_DIR/binlogs/$f'), 'rnd', 'r', '$f') WHERE target IS NULL" 2>&1)
	rc=$?
	echo "   $f: $(echo "$out" | tr '\n' ' ')"
	[ $rc -eq 0 ] || ok=1
done
check $ok "every file applies, cut and then whole ($(echo $files | wc -w) files)"

wc_msql -N -e "SET time_zone = '+00:00'; SELECT id, v, n, d FROM r.a" >"$d/a.tsv"
wc_msql -N -e "SELECT k1, k2, x FROM r.b" >"$d/b.tsv"
chmod 644 "$d/a.tsv" "$d/b.tsv"
diff=$(psqlq -At -c "CREATE TEMP TABLE wa (LIKE r.a)" -c "CREATE TEMP TABLE wb (LIKE r.b)" \
	-c "\\copy wa FROM '$d/a.tsv' WITH (NULL 'NULL')" -c "\\copy wb FROM '$d/b.tsv' WITH (NULL 'NULL')" \
	-c "SELECT (SELECT count(*) FROM wa) || ' ' || (SELECT count(*) FROM wb) || ' ' ||
		(SELECT count(*) FROM ((TABLE r.a EXCEPT ALL TABLE wa) UNION ALL (TABLE wa EXCEPT ALL TABLE r.a)) x) || ' ' ||
		(SELECT count(*) FROM ((TABLE r.b EXCEPT ALL TABLE wb) UNION ALL (TABLE wb EXCEPT ALL TABLE r.b)) x)" 2>&1)
echo "   rows of a, rows of b, differences in a, in b: $diff"
case "$diff" in
*" 0 0") check 0 "the tables equal MariaDB's" ;;
*) check 1 "the tables equal MariaDB's (seed $seed)" ;;
esac
echo "apply-random: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
