-- catalog: every wirecodec function is IMMUTABLE and PARALLEL SAFE, and the
-- few that are not STRICT are listed here on purpose.
\set VERBOSITY sqlstate

-- Functions (and aggregates) of the extension that are not IMMUTABLE or not
-- PARALLEL SAFE: mysql_row_populate_record, mysql_conversation_rows and the
-- typed mysql_binlog_rows, STABLE like jsonb_populate_record (they convert
-- through the target types' input functions, e.g. timestamptz's, which read
-- settings), the binlog readers of large objects, VOLATILE and PARALLEL
-- UNSAFE like lo_get, and the loaders, VOLATILE and PARALLEL UNSAFE because
-- they insert rows (the fdb_tuple_load aggregate too), as the binlog apply
-- functions change rows (mysql_binlog_apply_statement, STABLE: it reads
-- the catalog).
SELECT p.oid::regprocedure AS function, p.provolatile, p.proparallel
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'wirecodec'
WHERE p.provolatile <> 'i' OR p.proparallel <> 's'
ORDER BY p.oid::regprocedure::text;

-- Plain functions that are not STRICT: only those that take NULL elements,
-- and the binlog apply functions, whose options may be NULL.
SELECT p.oid::regprocedure AS function
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'wirecodec'
WHERE p.prokind = 'f' AND NOT p.proisstrict
ORDER BY p.oid::regprocedure::text;

-- Every SQL name carries its codec prefix.
SELECT p.proname
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'wirecodec'
WHERE p.proname !~ '^(hlc|crdb|fdb|mysql)_'
ORDER BY p.proname;

-- Every base type has binary I/O.
SELECT t.typname
FROM pg_type t
JOIN pg_depend d ON d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'wirecodec'
WHERE t.typtype = 'b' AND (t.typsend = 0 OR t.typreceive = 0)
ORDER BY t.typname;

-- CockroachDB types: every = is HASHES (and MERGES unless one side is bytea,
-- whose own order is bytewise), with its commutator and negator; btree
-- classes have sort support; btequalimage for hlc_timestamp only (equal
-- crdb_mvcc_key values can differ in bytes).
SELECT o.oid::regoperator AS operator, o.oprcanhash AS hashes, o.oprcanmerge AS merges,
	   o.oprcom::regoperator AS commutator, o.oprnegate::regoperator AS negator
FROM pg_operator o
JOIN pg_depend d ON d.classid = 'pg_operator'::regclass AND d.objid = o.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'wirecodec'
WHERE o.oprname = '=' AND (o.oprleft::regtype::text ~ '^(hlc|crdb)_' OR o.oprright::regtype::text ~ '^(hlc|crdb)_')
ORDER BY o.oid::regoperator::text COLLATE "C";
SELECT f.opfname AS family, p.amprocnum AS support, p.amproclefttype::regtype AS lefttype,
	   p.amprocrighttype::regtype AS righttype, p.amproc::regprocedure AS function
FROM pg_opfamily f
JOIN pg_am am ON am.oid = f.opfmethod
JOIN pg_amproc p ON p.amprocfamily = f.oid
WHERE f.opfname ~ '^(hlc|crdb)_'
ORDER BY am.amname, f.opfname, p.amprocnum, p.amproclefttype::regtype::text COLLATE "C", p.amprocrighttype::regtype::text COLLATE "C";
