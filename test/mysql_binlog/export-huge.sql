-- export-huge.sql: the final contents of workload-huge.sql's table, as
-- export.sql, but LONGBLOB and LONGTEXT as length:SHA-256 (MySQL 9 has no
-- MD5; check.sql digests its own values alike).
USE wcb;
SELECT 'huge', id, JSON_OBJECT('id', id, 'n', n, 'lb', CONCAT(LENGTH(lb), ':', SHA2(lb, 256)),
       'lt', CONCAT(LENGTH(lt), ':', SHA2(lt, 256)), 'j', CONVERT(CAST(j AS BINARY) USING utf8mb4)) FROM huge;
