-- The workload of test/vectors/binlog/mariadb-10.11-apply.00000[1-3]
-- (test/mysql_binlog/record-apply.sh): row changes over three files
-- (FLUSH BINARY LOGS between them) for mysql_binlog_apply, with
-- binlog_row_metadata=FULL: multi-table transactions, a composite key, a
-- key update, minimal images, an ALTER TABLE and a TRUNCATE of a table,
-- a table the PostgreSQL side does not have, and a rolled back mix.
SET time_zone = '+00:00';
DROP DATABASE IF EXISTS shop;
CREATE DATABASE shop;
USE shop;
CREATE TABLE t (id int PRIMARY KEY, v varchar(20), n int, d datetime(3), ts timestamp(6) NULL) ENGINE=InnoDB;
CREATE TABLE k2 (a int, b varchar(10), c decimal(10,2), PRIMARY KEY (a, b)) ENGINE=InnoDB;
CREATE TABLE other (id int PRIMARY KEY, x int) ENGINE=InnoDB;
INSERT INTO t SELECT seq, concat('v', seq), seq * 10, '2024-01-02 03:04:05.678' + INTERVAL seq DAY,
	'2024-06-01 00:00:00.123456' + INTERVAL seq HOUR FROM seq_1_to_50;
BEGIN;
INSERT INTO k2 VALUES (1, 'a', 1.50), (1, 'b', 2.25), (2, 'a', NULL);
UPDATE t SET v = 'both' WHERE id = 1;
INSERT INTO other VALUES (1, 1);
COMMIT;
UPDATE t SET v = concat(v, '!'), n = NULL WHERE id % 3 = 0;
DELETE FROM t WHERE id IN (7, 8, 9);
UPDATE t SET id = id + 1000 WHERE id IN (5, 6);
UPDATE k2 SET b = 'z' WHERE a = 1 AND b = 'b';
FLUSH BINARY LOGS;
SET SESSION binlog_row_image = 'MINIMAL';
UPDATE t SET n = -1 WHERE id BETWEEN 10 AND 15;
INSERT INTO t (id, v) VALUES (60, 'sixty');
DELETE FROM t WHERE id = 11;
SET SESSION binlog_row_image = 'FULL';
BEGIN;
UPDATE t SET v = 'x' WHERE id = 2;
UPDATE other SET x = 2;
INSERT INTO k2 VALUES (3, 'c', 3.00);
COMMIT;
ALTER TABLE t ADD COLUMN extra int;
UPDATE t SET extra = id * 2 WHERE id < 5;
INSERT INTO t VALUES (61, 'new', 1, NULL, NULL, 7);
FLUSH BINARY LOGS;
TRUNCATE TABLE k2;
INSERT INTO k2 VALUES (9, 'after', 9.99);
DELETE FROM t WHERE id > 40 AND id < 1000;
UPDATE t SET ts = NULL, d = '1999-12-31 23:59:59.999' WHERE id = 3;
