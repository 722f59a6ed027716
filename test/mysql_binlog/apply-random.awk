# apply-random.awk: the random workload of apply-random.sh and
# apply-live.sh, for MariaDB or MySQL.  awk's seeded generator picks each
# statement (the same seed gives the same statements):
#   awk -v seed=S -v n=STATEMENTS -v server=mariadb|mysql [-v live=1] -f apply-random.awk
# Inserts, updates (some moving the key), deletes, multi-statement and
# rolled back transactions on two tables (one with a composite key) and a
# table PostgreSQL does not have; the session's binlog_row_image switched
# between FULL and MINIMAL, compression switched on and off (MariaDB's
# log_bin_compress, MySQL's binlog_transaction_compression), FLUSH BINARY
# LOGS.  After each FLUSH BINARY LOGS a line "-- file end" and the session
# settings again, so that the script can be cut there into pieces run by
# one client each.  live=1: a pause (DO SLEEP, not logged) after each
# statement, and outside transactions a tick (id, NOW(6)) in table tick,
# for the lag, and every 25 statements 20,000 rows (128 random hex digits
# each: 3 MB, about half that compressed) inserted into
# table big and the rows inserted before deleted (MariaDB's seq engine),
# transactions that take the mirror a while to copy.
function session() {
	printf "SET time_zone = \"+00:00\"; USE r; SET SESSION binlog_row_image = \"%s\";\n", image;
	if (server == "mysql")
		printf "SET SESSION binlog_transaction_compression = %s;\n", comp;
}
BEGIN {
	srand(seed);
	image = "FULL";
	comp = "OFF";
	print "SET time_zone = \"+00:00\"; CREATE DATABASE r; USE r;";
	print "CREATE TABLE a (id int PRIMARY KEY, v varchar(20), n int, d datetime(6)) ENGINE=InnoDB;";
	print "CREATE TABLE b (k1 int, k2 varchar(8), x decimal(8,2), PRIMARY KEY (k1, k2)) ENGINE=InnoDB;";
	print "CREATE TABLE other (id int PRIMARY KEY) ENGINE=InnoDB;";
	print "CREATE TABLE tick (id int PRIMARY KEY, t datetime(6)) ENGINE=InnoDB;";
	print "CREATE TABLE big (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;";
	intx = 0;
	ticks = 0;
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
		else if (r < 0.94 && !intx) {
			image = (rand() < 0.5 ? "MINIMAL" : "FULL");
			s = "SET SESSION binlog_row_image = \"" image "\"";
		} else if (r < 0.95 && !intx) {
			comp = (rand() < 0.5 ? "ON" : "OFF");
			if (server == "mysql")
				s = "SET SESSION binlog_transaction_compression = " comp;
			else
				s = "SET GLOBAL log_bin_compress = " comp;
		} else if (!intx) {
			print "FLUSH BINARY LOGS;";
			print "-- file end";
			session();
		}
		if (s != "") print s ";";
		if (live) {
			if (!intx && i % 5 == 0)
				printf "INSERT INTO tick VALUES (%d, NOW(6));\n", ++ticks;
			if (!intx && i % 25 == 0) {
				printf "INSERT INTO big SELECT %d + seq, SHA2(CONCAT(seq, RAND()), 512) FROM seq_1_to_20000;\n", i * 1000;
				printf "DELETE FROM big WHERE id < %d;\n", i * 1000;
			}
			printf "DO SLEEP(%.3f);\n", rand() * 0.1;
		}
	}
	if (intx) print "COMMIT;";
}
