-- export-huge.sql: the final contents of workload-huge.sql's table, as
-- export.sql, but LONGBLOB and LONGTEXT as length:md5 (check.sql digests
-- its own values alike).
USE wcb;
SELECT 'huge', id, JSON_OBJECT('id', id, 'n', n, 'lb', CONCAT(LENGTH(lb), ':', MD5(lb)),
       'lt', CONCAT(LENGTH(lt), ':', MD5(lt)), 'j', CONVERT(CAST(j AS BINARY) USING utf8mb4)) FROM huge;
