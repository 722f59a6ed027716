-- The workload of test/vectors/binlog/mariadb-10.11-apply-repeat.000001
-- (test/mysql_binlog/record-apply.sh repeat): one key changed more than
-- once within one transaction, for mysql_binlog_apply, whose runs of rows
-- must not meet a key twice.  Insert, update and delete of one key; a key
-- updated twice; a key moved twice; a row moved onto another row's old key
-- (apart, in a swap through a free key, and in one statement shifting
-- rows up and down); a key deleted and inserted again; INSERT ... ON
-- DUPLICATE KEY UPDATE and REPLACE of a key inserted by the same
-- statement; the same with MINIMAL images.  tags holds array literals (for
-- an int[] column), j JSON (for jsonb).
SET time_zone = '+00:00';
DROP DATABASE IF EXISTS shop;
CREATE DATABASE shop;
USE shop;
CREATE TABLE rp (id int PRIMARY KEY, v varchar(20), tags varchar(100), j json) ENGINE=InnoDB;
INSERT INTO rp SELECT seq, concat('v', seq), concat('{', seq, ',', seq * 2, '}'),
	concat('{"n": ', seq, ', "a": [', seq, ', null]}') FROM seq_10_to_80;
-- insert, update, delete of key 1; insert and two updates of key 2
BEGIN;
INSERT INTO rp VALUES (1, 'one', '{1}', '{"x": 1}');
UPDATE rp SET v = 'one!', tags = '{1,1}' WHERE id = 1;
DELETE FROM rp WHERE id = 1;
INSERT INTO rp VALUES (2, 'two', '{}', '[]');
UPDATE rp SET v = 'two-a' WHERE id = 2;
UPDATE rp SET v = 'two-b', j = '{"k": [1, 2]}', tags = '{2,NULL}' WHERE id = 2;
COMMIT;
-- a key updated twice, a key moved twice
BEGIN;
UPDATE rp SET v = 'a' WHERE id = 10;
UPDATE rp SET v = 'b', tags = '{10}' WHERE id = 10;
UPDATE rp SET id = 111 WHERE id = 11;
UPDATE rp SET id = 1111, v = 'moved twice' WHERE id = 111;
COMMIT;
-- rows moved onto other rows' old keys: 21 leaves, 20 takes its key; 70
-- and 71 swap through 999; 30..35 shift up by one in one statement (from
-- the top down) after 36 goes, 41..45 down by one (from the bottom up)
-- after 40 goes
BEGIN;
UPDATE rp SET id = 121 WHERE id = 21;
UPDATE rp SET id = 21, v = 'was 20' WHERE id = 20;
UPDATE rp SET id = 999 WHERE id = 70;
UPDATE rp SET id = 70 WHERE id = 71;
UPDATE rp SET id = 71 WHERE id = 999;
DELETE FROM rp WHERE id = 36;
UPDATE rp SET id = id + 1 WHERE id BETWEEN 30 AND 35 ORDER BY id DESC;
DELETE FROM rp WHERE id = 40;
UPDATE rp SET id = id - 1 WHERE id BETWEEN 41 AND 45 ORDER BY id;
COMMIT;
-- a key deleted and inserted again; inserted, deleted, inserted
BEGIN;
DELETE FROM rp WHERE id = 50;
INSERT INTO rp VALUES (50, 'again', '{50}', '"s"');
INSERT INTO rp VALUES (3, 'x', NULL, NULL);
DELETE FROM rp WHERE id = 3;
INSERT INTO rp VALUES (3, 'y', '{3}', 'null');
COMMIT;
-- one statement inserting a key and updating or replacing it
INSERT INTO rp VALUES (4, 'four', '{4}', '1'), (4, 'four?', '{4}', '1') ON DUPLICATE KEY UPDATE v = 'four!';
REPLACE INTO rp VALUES (5, 'five', '{5}', '5'), (5, 'five!', '{5,5}', '[5]');
-- the same with minimal images
SET SESSION binlog_row_image = 'MINIMAL';
BEGIN;
UPDATE rp SET v = 'm1' WHERE id = 60;
UPDATE rp SET v = 'm2' WHERE id = 60;
DELETE FROM rp WHERE id = 61;
UPDATE rp SET id = id - 1 WHERE id BETWEEN 62 AND 65 ORDER BY id;
INSERT INTO rp (id, v) VALUES (65, 'm');
UPDATE rp SET tags = '{65}' WHERE id = 65;
UPDATE rp SET id = 161 WHERE id = 66;
UPDATE rp SET id = 66, j = '{"m": true}' WHERE id = 67;
INSERT INTO rp (id) VALUES (6);
UPDATE rp SET v = 'six' WHERE id = 6;
DELETE FROM rp WHERE id = 6;
COMMIT;
SET SESSION binlog_row_image = 'FULL';
