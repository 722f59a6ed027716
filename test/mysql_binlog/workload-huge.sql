-- workload-huge.sql: rows over 16 MB (2^24 bytes), run after workload.sql
-- in the configurations run.sh marks: each row is an event of its own whose
-- LONGBLOB, LONGTEXT or JSON value has a 4-byte length prefix (on MySQL the
-- JSON document is binary JSON's large format, its last member at an
-- offset past 2^24).  The server and the client need max_allowed_packet
-- >= 64M and, on MySQL, a redo log over ten times the largest value.
-- export-huge.sql gives LONGBLOB and LONGTEXT as length:SHA-256.
USE wcb;
CREATE TABLE huge (id int PRIMARY KEY, n int, lb longblob, lt longtext, j json)
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
-- every byte but those the servers' tools escape (below 0x20, ' and \),
-- which only the last bytes hold
INSERT INTO huge (id, n, lb) VALUES (1, 0, CONCAT(REPEAT(UNHEX(CONCAT(
  '2021222324252628292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f',
  '404142434445464748494a4b4c4d4e4f505152535455565758595a5b5d5e5f60',
  '6162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f80',
  '8182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0',
  'a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0',
  'c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0',
  'e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff')), 80000),
  0x00010a0d27095c08ff));
INSERT INTO huge (id, n, lt) VALUES (2, 0, CONCAT(REPEAT('plain é ½ € 😀 text ', 700000), 'end'));
INSERT INTO huge (id, n, j) VALUES (3, 0, JSON_OBJECT('big', REPEAT('abcdefghij', 900000), 'n', 1,
  'more', REPEAT('0123456789', 800000), 'tail', JSON_ARRAY(1, 'two', JSON_OBJECT('deep', NULL), 2.5)));
-- the FULL before image holds the old value; the JSON update is in place
-- (a diff under PARTIAL_JSON)
UPDATE huge SET lb = CONCAT(lb, 0x0102), n = 1 WHERE id = 1;
UPDATE huge SET j = JSON_SET(j, '$.n', 2) WHERE id = 3;
DELETE FROM huge WHERE id = 2;
