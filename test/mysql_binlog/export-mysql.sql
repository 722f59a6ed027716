-- export-mysql.sql: the final contents of workload-mysql.sql's table, as
-- export.sql (JSON as the document, VECTOR as \x<hex>).
USE wcb;
SELECT 'docs', id, JSON_OBJECT('id', id, 'j', j, 'v', CONCAT('\\x', LOWER(HEX(v)))) FROM docs;
