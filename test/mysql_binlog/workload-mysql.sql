-- workload-mysql.sql: what only MySQL writes, run after workload.sql:
-- binary JSON (scalars, nesting, opaque DECIMAL and temporal values, and
-- documents over 64 KB, which use the large format's 4-byte offsets;
-- updates in place, which PARTIAL_JSON logs as diffs) and MySQL 9's VECTOR.
USE wcb;
CREATE TABLE docs (id int PRIMARY KEY, j json, v vector(3)) ENGINE=InnoDB;
INSERT INTO docs VALUES
  (1, '{"a": 1, "b": [true, false, null], "c": {"d": "é 😀 \\"q\\"\\n", "e": -1.5e300, "f": 0.1},
        "i": -9223372036854775808, "u": 18446744073709551615, "k": 2147483648, "s": -32768, "": ""}',
      TO_VECTOR('[1.5, -2, 0]')),
  (2, JSON_OBJECT('dec', 12.345, 'neg', -0.001, 'date', CAST('2024-02-29' AS DATE),
        'dt', CAST('2024-02-29 12:34:56.789' AS DATETIME(3)), 'time', CAST('-12:00:00.5' AS TIME(1)),
        'arr', JSON_ARRAY(CAST('9999-12-31 23:59:59.999999' AS DATETIME(6)), CAST('00:00:00' AS TIME), 1e-10)),
      TO_VECTOR('[3.4e38, -1e-30, 1]')),
  (3, '"a string"', NULL),
  (4, 'null', NULL),
  (5, '[]', NULL),
  (6, '{}', NULL),
  (7, '-17', NULL),
  (8, 'true', NULL),
  (9, '3.25', NULL),
  (10, NULL, NULL);
-- one multi-row event of large documents: an object and an array over 64 KB
INSERT INTO docs (id, j) VALUES
  (11, JSON_OBJECT('big', REPEAT('x', 70000), 'n', 1, 'nested', JSON_OBJECT('a', JSON_ARRAY(1, 'two', 3.5)))),
  (12, CAST(CONCAT('[', REPEAT('"abcdefghij", ', 7000), '{"last": [1, {"deep": null}]}]') AS JSON));
UPDATE docs SET j = JSON_SET(j, '$.a', 2, '$.added', JSON_ARRAY('x')) WHERE id = 1;
UPDATE docs SET j = JSON_SET(j, '$.n', 2) WHERE id = 11;
UPDATE docs SET j = '{"was": "scalar"}', v = TO_VECTOR('[0, 0, 0]') WHERE id = 7;
-- in place: with binlog_row_value_options=PARTIAL_JSON, logged as diffs
UPDATE docs SET j = JSON_REPLACE(j, '$.c.d', 'new', '$.c.f', 0.25) WHERE id = 1;
UPDATE docs SET j = JSON_REMOVE(j, '$.b[1]', '$.""') WHERE id = 1;
UPDATE docs SET j = JSON_REPLACE(j, '$[0]', 'first', '$[last]."last"[0]', 7) WHERE id = 12;
DELETE FROM docs WHERE id = 5;
