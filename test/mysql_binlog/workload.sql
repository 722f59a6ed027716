-- workload.sql: every column type MariaDB and MySQL write to a row-based
-- binlog, with extremes, NULLs, multi-row events, updates and deletes.
-- (run.sh runs it against each server with each logging option set;
-- workload-mysql.sql follows it on MySQL.)
SET time_zone = '+00:00';
DROP DATABASE IF EXISTS wcb;
CREATE DATABASE wcb;
USE wcb;

CREATE TABLE ints (
  id int PRIMARY KEY,
  ti tinyint, tiu tinyint unsigned, si smallint, siu smallint unsigned,
  mi mediumint, miu mediumint unsigned, i int, iu int unsigned,
  bi bigint, biu bigint unsigned
) ENGINE=InnoDB;
INSERT INTO ints VALUES
  (1, -128, 0, -32768, 0, -8388608, 0, -2147483648, 0, -9223372036854775808, 0),
  (2, 127, 255, 32767, 65535, 8388607, 16777215, 2147483647, 4294967295,
       9223372036854775807, 18446744073709551615),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (4, 0, 1, -1, 2, -3, 4, -5, 6, -7, 8);
UPDATE ints SET ti = ti - 1, biu = 18446744073709551614 WHERE id = 2;
DELETE FROM ints WHERE id = 4;

CREATE TABLE nums (
  id int PRIMARY KEY,
  d1 decimal(10,2), d2 decimal(65,30), d3 decimal(18,0), d4 decimal(5,5),
  d5 decimal(20,10) unsigned, f float, db double, b1 bit(1), b64 bit(64), b10 bit(10), y year
) ENGINE=InnoDB;
INSERT INTO nums VALUES
  (1, 12345678.91, 12345678901234567890123456789012345.123456789012345678901234567890,
      999999999999999999, 0.99999, 1234567890.0123456789, 1.5, 0.1, 1, 18446744073709551615, 1023, 2155),
  (2, -12345678.91, -12345678901234567890123456789012345.123456789012345678901234567890,
      -999999999999999999, -0.00001, 0, -3.4028234e38, -1.7976931348623157e308, 0, 0, 0, 1901),
  (3, 0, 0, 0, 0, NULL, 1e-45, 5e-324, NULL, 1, 512, 0),
  (4, -0.01, -0.000000000000000000000000000001, -1, 0.1, 1, 3.14159, 2.718281828459045, 1, 9223372036854775808, 1, NULL);

CREATE TABLE times (
  id int PRIMARY KEY,
  dt date, t0 time, t1 time(1), t3 time(3), t6 time(6),
  dt0 datetime, dt2 datetime(2), dt4 datetime(4), dt6 datetime(6),
  ts0 timestamp NULL, ts1 timestamp(1) NULL, ts3 timestamp(3) NULL, ts6 timestamp(6) NULL
) ENGINE=InnoDB;
INSERT INTO times VALUES
  (1, '1000-01-01', '-838:59:59', '-838:59:58.9', '-00:00:00.001', '-00:00:01.000001',
      '1000-01-01 00:00:00', '1000-01-01 00:00:00.01', '1000-01-01 00:00:00.0001', '1000-01-01 00:00:00.000001',
      '1970-01-01 00:00:01', '1970-01-01 00:00:01.1', '1970-01-01 00:00:01.001', '1970-01-01 00:00:01.000001'),
  (2, '9999-12-31', '838:59:59', '838:59:58.9', '12:34:56.789', '23:59:59.999999',
      '9999-12-31 23:59:59', '9999-12-31 23:59:59.99', '9999-12-31 23:59:59.9999', '9999-12-31 23:59:59.999999',
      '2038-01-19 03:14:07', '2038-01-19 03:14:07.9', '2038-01-19 03:14:07.999', '2038-01-19 03:14:07.999999'),
  (3, '2024-02-29', '-01:00:00', '-00:00:00.5', '-00:00:00.5', '-12:00:00.5',
      '2024-02-29 12:00:00', '2024-02-29 12:00:00.5', '2024-02-29 12:00:00.5', '2024-02-29 12:00:00.5',
      '2024-02-29 12:00:00', '2024-02-29 12:00:00.5', '2024-02-29 12:00:00.5', '2024-02-29 12:00:00.5'),
  (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (5, '2000-01-01', '00:00:00', '-00:00:00.1', '-838:59:58.999', '-838:59:58.999999',
      '2000-01-01 00:00:00', '2000-01-01 00:00:00', '2000-01-01 00:00:00', '2000-01-01 00:00:00',
      '2000-01-01 00:00:00', '2000-01-01 00:00:00', '2000-01-01 00:00:00', '2000-01-01 00:00:00');

CREATE TABLE strs (
  id int PRIMARY KEY,
  c char(10) CHARACTER SET utf8mb4, c255 char(255) CHARACTER SET utf8mb4,
  vc varchar(300) CHARACTER SET utf8mb4, vl varchar(20) CHARACTER SET latin1,
  va varchar(20) CHARACTER SET ascii, vu2 varchar(20) CHARACTER SET ucs2,
  vu16 varchar(20) CHARACTER SET utf16, vu32 varchar(20) CHARACTER SET utf32,
  vu3 varchar(20) CHARACTER SET utf8mb3,
  bn binary(4), vb varbinary(300),
  tt tinytext, tx text, mt mediumtext, lt longtext,
  tb tinyblob, bb blob, mb mediumblob, lb longblob,
  e enum('a', 'b', 'ç', 'x y'), st set('r', 'w', 'x', 'é'),
  j json
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO strs VALUES
  (1, 'abc', repeat('é', 255), repeat('x', 300), 'café ½ €', 'plain', 'ucs2 ✓', 'utf16 😀', 'utf32 😀', 'mb3 ✓',
      0x00ff1020, 0x000102fffe, 'tiny', 'text "quoted" \\ back\nline\ttab', 'medium', 'long',
      0x01, 0x0203, 0x040506, 0x0708090a, 'ç', 'r,x,é', '{"k": [1, 2.5, "s", null, true]}'),
  (2, '', '', '', '', '', '', '', '', '', 0x00000000, '', '', '', '', '', '', '', '', '', 'a', '', '[]'),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      NULL, NULL, NULL, NULL, NULL);
INSERT INTO strs (id, mt, lb) VALUES (4, repeat('m', 70000), repeat(0xab, 70000));
UPDATE strs SET vc = 'changed', e = 'x y', st = 'w' WHERE id = 1;
UPDATE strs SET lb = NULL WHERE id = 4;
DELETE FROM strs WHERE id = 2;

-- geometry in a table of its own: mysqlbinlog cannot print it and stops
-- the event there, so on MySQL it is compared value by value against
-- geo_audit instead, where geo's triggers write every change's old and
-- new values as the server's ST_SRID and ST_AsBinary (one row a change,
-- in order; the stored value is the SRID, 4 bytes little-endian, then WKB)
CREATE TABLE geo (id int PRIMARY KEY, g geometry, p point) ENGINE=InnoDB;
CREATE TABLE geo_audit (
  id int AUTO_INCREMENT PRIMARY KEY, op varchar(6), geo_id int,
  old_g_srid int unsigned, old_g longblob, old_p_srid int unsigned, old_p longblob,
  new_g_srid int unsigned, new_g longblob, new_p_srid int unsigned, new_p longblob
) ENGINE=InnoDB;
CREATE TRIGGER geo_ai AFTER INSERT ON geo FOR EACH ROW
  INSERT INTO geo_audit (op, geo_id, new_g_srid, new_g, new_p_srid, new_p)
  VALUES ('insert', NEW.id, ST_SRID(NEW.g), ST_AsBinary(NEW.g), ST_SRID(NEW.p), ST_AsBinary(NEW.p));
CREATE TRIGGER geo_au AFTER UPDATE ON geo FOR EACH ROW
  INSERT INTO geo_audit (op, geo_id, old_g_srid, old_g, old_p_srid, old_p, new_g_srid, new_g, new_p_srid, new_p)
  VALUES ('update', NEW.id, ST_SRID(OLD.g), ST_AsBinary(OLD.g), ST_SRID(OLD.p), ST_AsBinary(OLD.p),
          ST_SRID(NEW.g), ST_AsBinary(NEW.g), ST_SRID(NEW.p), ST_AsBinary(NEW.p));
CREATE TRIGGER geo_ad AFTER DELETE ON geo FOR EACH ROW
  INSERT INTO geo_audit (op, geo_id, old_g_srid, old_g, old_p_srid, old_p)
  VALUES ('delete', OLD.id, ST_SRID(OLD.g), ST_AsBinary(OLD.g), ST_SRID(OLD.p), ST_AsBinary(OLD.p));
INSERT INTO geo VALUES
  (1, ST_GeomFromText('POINT(1 2)'), ST_GeomFromText('POINT(-1.5 3.25)')),
  (2, ST_GeomFromText('LINESTRING(0 0, 1 1)'), ST_GeomFromText('POINT(0 0)')),
  (3, ST_GeomFromText('POLYGON((0 0, 4 0, 4 4, 0 0))'), NULL),
  (4, ST_GeomFromText('GEOMETRYCOLLECTION(POINT(1 1), LINESTRING(0 0, 2 3), MULTIPOINT(5 6, 7 8))', 3857),
      ST_GeomFromText('POINT(100000.5 -200000.25)', 3857)),
  (5, ST_GeomFromText('MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)), ((2 2, 3 2, 3 3, 2 2)))', 3857),
      ST_GeomFromText('POINT(1e300 -1e-300)'));
UPDATE geo SET p = ST_GeomFromText('POINT(7 8)') WHERE id = 3;
UPDATE geo SET g = ST_GeomFromText('MULTILINESTRING((0 0, 1 1), (2 2, 3 3, 4 5))', 3857) WHERE id = 4;
DELETE FROM geo WHERE id IN (2, 5);

-- many rows in one event, and one statement touching two tables
CREATE TABLE many (id int PRIMARY KEY, v varchar(10)) ENGINE=InnoDB;
INSERT INTO many SELECT n, concat('v', n)
  FROM (WITH RECURSIVE s (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 500) SELECT n FROM s) s;
UPDATE many SET v = concat(v, 'u') WHERE id <= 300;
DELETE FROM many WHERE id > 450;
BEGIN;
INSERT INTO ints (id, i) VALUES (10, 10);
INSERT INTO many VALUES (1000, 'tx');
COMMIT;
-- one transaction changing a row twice: with MySQL's transaction
-- compression, two row events inside one TRANSACTION_PAYLOAD_EVENT
BEGIN;
INSERT INTO many VALUES (2000, 'first');
UPDATE many SET v = 'second' WHERE id = 2000;
COMMIT;
