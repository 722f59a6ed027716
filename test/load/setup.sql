-- setup.sql: nothing to prepare yet beyond the extension; the pgbench
-- scripts build their inputs from \set random values.
SELECT 1;
