-- export.sql: the final contents of the workload's tables, one line per
-- row: table, id, the row as a JSON object in the form mysql_binlog_rows
-- gives (binary strings as \x<hex>, temporal values as text, BIT as a
-- number, JSON as its text: check.sql parses it when the log has
-- MySQL's binary JSON).
SET time_zone = '+00:00';
USE wcb;
SELECT 'ints', id, JSON_OBJECT('id', id, 'ti', ti, 'tiu', tiu, 'si', si, 'siu', siu, 'mi', mi,
       'miu', miu, 'i', i, 'iu', iu, 'bi', bi, 'biu', biu) FROM ints;
SELECT 'nums', id, JSON_OBJECT('id', id, 'd1', d1, 'd2', d2, 'd3', d3, 'd4', d4, 'd5', d5,
       'f', f, 'db', db, 'b1', CAST(b1 AS UNSIGNED), 'b64', CAST(b64 AS UNSIGNED),
       'b10', CAST(b10 AS UNSIGNED), 'y', y + 0) FROM nums;
SELECT 'times', id, JSON_OBJECT('id', id, 'dt', CAST(dt AS CHAR), 't0', CAST(t0 AS CHAR),
       't1', CAST(t1 AS CHAR), 't3', CAST(t3 AS CHAR), 't6', CAST(t6 AS CHAR),
       'dt0', CAST(dt0 AS CHAR), 'dt2', CAST(dt2 AS CHAR), 'dt4', CAST(dt4 AS CHAR),
       'dt6', CAST(dt6 AS CHAR), 'ts0', CAST(ts0 AS CHAR), 'ts1', CAST(ts1 AS CHAR),
       'ts3', CAST(ts3 AS CHAR), 'ts6', CAST(ts6 AS CHAR)) FROM times;
SELECT 'strs', id, JSON_OBJECT('id', id, 'c', CONVERT(c USING utf8mb4), 'c255', CONVERT(c255 USING utf8mb4), 'vc', CONVERT(vc USING utf8mb4), 'vl', CONVERT(vl USING utf8mb4), 'va', CONVERT(va USING utf8mb4),
       'vu2', CONVERT(vu2 USING utf8mb4), 'vu16', CONVERT(vu16 USING utf8mb4), 'vu32', CONVERT(vu32 USING utf8mb4), 'vu3', CONVERT(vu3 USING utf8mb4),
       'bn', CONCAT('\\x', LOWER(HEX(bn))), 'vb', CONCAT('\\x', LOWER(HEX(vb))),
       'tt', CONVERT(tt USING utf8mb4), 'tx', CONVERT(tx USING utf8mb4), 'mt', CONVERT(mt USING utf8mb4), 'lt', CONVERT(lt USING utf8mb4),
       'tb', CONCAT('\\x', LOWER(HEX(tb))), 'bb', CONCAT('\\x', LOWER(HEX(bb))),
       'mb', CONCAT('\\x', LOWER(HEX(mb))), 'lb', CONCAT('\\x', LOWER(HEX(lb))),
       'e', CONVERT(e USING utf8mb4), 'st', CONVERT(st USING utf8mb4), 'j', CONVERT(CAST(j AS BINARY) USING utf8mb4)) FROM strs;
SELECT 'geo', id, JSON_OBJECT('id', id, 'g', CONCAT('\\x', LOWER(HEX(g))), 'p', CONCAT('\\x', LOWER(HEX(p)))) FROM geo;
SELECT 'geo_audit', id, JSON_OBJECT('id', id, 'op', op, 'geo_id', geo_id,
       'old_g_srid', old_g_srid, 'old_g', CONCAT('\\x', LOWER(HEX(old_g))),
       'old_p_srid', old_p_srid, 'old_p', CONCAT('\\x', LOWER(HEX(old_p))),
       'new_g_srid', new_g_srid, 'new_g', CONCAT('\\x', LOWER(HEX(new_g))),
       'new_p_srid', new_p_srid, 'new_p', CONCAT('\\x', LOWER(HEX(new_p)))) FROM geo_audit;
SELECT 'many', id, JSON_OBJECT('id', id, 'v', v) FROM many;
