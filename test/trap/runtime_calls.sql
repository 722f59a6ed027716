-- runtime_calls.sql: every function of wirecodec that writes, or whose body
-- is SQL or PL/pgSQL, called as a careful caller calls it (schema-qualified,
-- every argument of its exact type) on the inputs of runtime_prepare.sql in
-- schemas :s, :s2 and :s3 (the files also in directory :dir);
-- test/trap/runtime.sh runs it as an ordinary role and
-- as superuser, with and without traps, and compares what it prints.
\set ON_ERROR_STOP 1
\set ECHO all
\pset null '(null)'
SET timezone = 'UTC';

-- three files of one server applied, a DDL stop passed after the same
-- change here, a TRUNCATE applied
SELECT a.target::text, a.inserted, a.updated, a.deleted, a.stop_file, a.stop_position, a.stop_reason
FROM :"s".bl, wc.mysql_binlog_apply(b, 'm1'::text, :'s'::name, name) a
WHERE name OPERATOR(pg_catalog.=) 'apply.000001'::text;
SELECT pg_catalog.max(a.stop_position) AS ddl_at
FROM :"s".bl, wc.mysql_binlog_apply(b, 'm1'::text, :'s'::name, name) a
WHERE name OPERATOR(pg_catalog.=) 'apply.000002'::text \gset
SELECT :'ddl_at'::bigint AS ddl_at;
ALTER TABLE :"s".t ADD COLUMN extra int;
SELECT a.target::text, a.inserted, a.updated, a.deleted, a.stop_file, a.stop_position, a.stop_reason
FROM :"s".bl, wc.mysql_binlog_apply(b, 'm1'::text, :'s'::name, name, skip_ddl_at => :'ddl_at'::bigint) a
WHERE name OPERATOR(pg_catalog.=) 'apply.000002'::text;
SELECT a.target::text, a.inserted, a.updated, a.deleted, a.stop_file, a.stop_position, a.stop_reason
FROM :"s".bl, wc.mysql_binlog_apply(b, 'm1'::text, :'s'::name, name, apply_truncate => true) a
WHERE name OPERATOR(pg_catalog.=) 'apply.000003'::text;

-- the same from large objects, into the tables of the pairs given
CREATE TEMP TABLE los AS
SELECT name, pg_catalog.lo_from_bytea(0::oid, b) AS lo FROM :"s".bl;
SELECT a.target::text, a.inserted, a.updated, a.deleted, a.stop_file, a.stop_position, a.stop_reason
FROM los, wc.mysql_binlog_apply_lo(lo, 'm2'::text, :'s2'::name, name, schema_name => 'shop'::text,
								   tables => '{"t": "t", "k2": "k2"}'::jsonb) a
WHERE name OPERATOR(pg_catalog.=) 'apply.000001'::text;
SELECT pg_catalog.max(a.stop_position) AS ddl_at
FROM los, wc.mysql_binlog_apply_lo(lo, 'm2'::text, :'s2'::name, name, schema_name => 'shop'::text,
								   tables => '{"t": "t", "k2": "k2"}'::jsonb) a
WHERE name OPERATOR(pg_catalog.=) 'apply.000002'::text \gset
ALTER TABLE :"s2".t ADD COLUMN extra int;
SELECT a.target::text, a.inserted, a.updated, a.deleted, a.stop_file, a.stop_position, a.stop_reason
FROM los, wc.mysql_binlog_apply_lo(lo, 'm2'::text, :'s2'::name, name, schema_name => 'shop'::text,
								   skip_ddl_at => :'ddl_at'::bigint, tables => '{"t": "t", "k2": "k2"}'::jsonb) a
WHERE name OPERATOR(pg_catalog.=) 'apply.000002'::text;
SELECT a.target::text, a.inserted, a.updated, a.deleted, a.stop_file, a.stop_position, a.stop_reason
FROM los, wc.mysql_binlog_apply_lo(lo, 'm2'::text, :'s2'::name, name, schema_name => 'shop'::text,
								   apply_truncate => true, tables => '{"t": "t", "k2": "k2"}'::jsonb) a
WHERE name OPERATOR(pg_catalog.=) 'apply.000003'::text;

-- the same files followed in directory :dir, resumed after the DDL stop
CALL wc.mysql_binlog_follow(:'dir'::text, 'm3'::text, :'s3'::name, 'apply.000001'::text);
ALTER TABLE :"s3".t ADD COLUMN extra int;
CALL wc.mysql_binlog_follow(:'dir'::text, 'm3'::text, :'s3'::name, skip_ddl_at => :'ddl_at'::bigint,
							apply_truncate => true);

-- all ended with the tables MariaDB was left with
SELECT 's.t' AS tab, pg_catalog.count(*) AS different FROM
	((TABLE :"s".want_t EXCEPT ALL TABLE :"s".t) UNION ALL (TABLE :"s".t EXCEPT ALL TABLE :"s".want_t)) d
UNION ALL
SELECT 's.k2', pg_catalog.count(*) FROM
	((TABLE :"s".want_k2 EXCEPT ALL TABLE :"s".k2) UNION ALL (TABLE :"s".k2 EXCEPT ALL TABLE :"s".want_k2)) d
UNION ALL
SELECT 's3.t', pg_catalog.count(*) FROM
	((TABLE :"s".want_t EXCEPT ALL TABLE :"s3".t) UNION ALL (TABLE :"s3".t EXCEPT ALL TABLE :"s".want_t)) d
UNION ALL
SELECT 's3.k2', pg_catalog.count(*) FROM
	((TABLE :"s".want_k2 EXCEPT ALL TABLE :"s3".k2) UNION ALL (TABLE :"s3".k2 EXCEPT ALL TABLE :"s".want_k2)) d
UNION ALL
SELECT 's2.t', pg_catalog.count(*) FROM
	((TABLE :"s".want_t EXCEPT ALL TABLE :"s2".t) UNION ALL (TABLE :"s2".t EXCEPT ALL TABLE :"s".want_t)) d
UNION ALL
SELECT 's2.k2', pg_catalog.count(*) FROM
	((TABLE :"s".want_k2 EXCEPT ALL TABLE :"s2".k2) UNION ALL (TABLE :"s2".k2 EXCEPT ALL TABLE :"s".want_k2)) d;
SELECT source, file_name, position, next_file, gtid, stop_reason
FROM wc.mysql_binlog_apply_progress ORDER BY source;

-- the driver's parts, called alone (the rows: only a TRUNCATE after event 1,
-- every table of another MySQL schema)
SELECT * FROM wc.mysql_binlog_apply_tables(:'s'::name, '{"t": "t", "k2": "k2"}'::jsonb);
SELECT wc.mysql_binlog_apply_gtid_set('0-7-16'::text, '{0-7-20,1-2-3}'::text[]);
SELECT * FROM wc.mysql_binlog_apply_statement('ALTER TABLE t ADD y int'::text, 'shop'::text, :'s'::name,
											  NULL::text, NULL::text[], NULL::regclass[]);
SELECT r.target::text, r.inserted, r.updated, r.deleted
FROM :"s".bl, wc.mysql_binlog_apply_rows(b, 4::bigint, pg_catalog.length(b)::bigint, 0::bigint, :'s'::name,
	'nosuch'::text, false, '{}'::bigint[], '{1}'::bigint[], ARRAY[(:'s' || '.scratch')::regclass::oid]::oid[],
	'{}'::bigint[], '{}'::bigint[]) r
WHERE name OPERATOR(pg_catalog.=) 'apply.000001'::text;
SELECT pg_catalog.count(*) AS scratch_rows FROM :"s".scratch;

-- the loaders, and the readers of large objects
SELECT wc.mysql_binlog_load(b, 'wcb'::text, 'ints'::text, (:'s' || '.ld_ints')::regclass, 'after'::text)
FROM :"s".bl WHERE name OPERATOR(pg_catalog.=) 'full'::text;
SELECT wc.mysql_binlog_load_lo(lo, 'wcb'::text, 'ints'::text, (:'s' || '.ld_ints_lo')::regclass, 'after'::text)
FROM los WHERE name OPERATOR(pg_catalog.=) 'full'::text;
SELECT pg_catalog.count(*) AS different FROM
	((TABLE :"s".ld_ints EXCEPT ALL TABLE :"s".ld_ints_lo) UNION ALL (TABLE :"s".ld_ints_lo EXCEPT ALL TABLE :"s".ld_ints)) d;
SELECT * FROM :"s".ld_ints ORDER BY id;
SELECT pg_catalog.count(*) AS events FROM los, wc.mysql_binlog_events_lo(lo) e
WHERE name OPERATOR(pg_catalog.=) 'full'::text;
SELECT pg_catalog.count(*) AS changes FROM los, wc.mysql_binlog_rows_lo(lo) e
WHERE name OPERATOR(pg_catalog.=) 'full'::text;
SELECT pg_catalog.count(*) AS columns FROM los, wc.mysql_binlog_tables_lo(lo) t
WHERE name OPERATOR(pg_catalog.=) 'full'::text;
SELECT pg_catalog.count(*) AS ints FROM los,
	wc.mysql_binlog_rows_lo(lo, 'wcb'::text, 'ints'::text, CAST(NULL AS :"s".ld_ints)) e
WHERE name OPERATOR(pg_catalog.=) 'full'::text;
SELECT wc.mysql_conversation_load(client, server, (:'s' || '.people')::regclass, 1::integer, 1::integer) FROM :"s".cap;
SELECT wc.mysql_conversation_load(server, (:'s' || '.people')::regclass, 3::integer, 1::integer) FROM :"s".cap;
SELECT * FROM :"s".people ORDER BY id, name;
SELECT wc.fdb_tuple_load(pg_catalog.array_agg(k), (:'s' || '.fl_users')::regclass) FROM :"s".keys;
SELECT pg_catalog.count(*), pg_catalog.sum(id), pg_catalog.sum(score) FROM :"s".fl_users;
SELECT pg_catalog.count(pg_catalog.lo_unlink(lo)) FROM los;
