-- footprint.sql: the whole catalog footprint of wirecodec, one line per fact,
-- independent of OIDs and creation order.  test/upgrade/run.sh diffs it
-- between an upgraded and a fresh install.
\pset format unaligned
\pset tuples_only on
WITH m AS (
	SELECT d.classid, d.objid FROM pg_depend d
	JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'wirecodec'
	WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
)
SELECT line FROM (
	-- every member object
	SELECT 'member ' || pg_describe_object(classid, objid, 0) AS line FROM m
	UNION ALL
	-- functions, procedures, aggregates
	SELECT format('function %s returns %s kind=%s vol=%s strict=%s par=%s leak=%s secdef=%s lang=%s src=%s rows=%s cost=%s retset=%s argnames=%s args=%s config=%s',
		p.oid::regprocedure, pg_get_function_result(p.oid), p.prokind, p.provolatile,
		p.proisstrict, p.proparallel, p.proleakproof, p.prosecdef, l.lanname,
		p.prosrc, p.prorows, p.procost, p.proretset, p.proargnames, pg_get_function_arguments(p.oid),
		p.proconfig)
	FROM m JOIN pg_proc p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
	JOIN pg_language l ON l.oid = p.prolang
	UNION ALL
	SELECT format('aggregate %s sfunc=%s stype=%s final=%s combine=%s serial=%s deserial=%s init=%s sortop=%s kind=%s mfinal=%s',
		a.aggfnoid::regprocedure, a.aggtransfn, a.aggtranstype::regtype, a.aggfinalfn, a.aggcombinefn,
		a.aggserialfn, a.aggdeserialfn, a.agginitval, a.aggsortop::regoperator, a.aggkind, a.aggmfinalfn)
	FROM m JOIN pg_aggregate a ON m.classid = 'pg_proc'::regclass AND a.aggfnoid = m.objid
	UNION ALL
	-- operators
	SELECT format('operator %s returns %s func=%s com=%s neg=%s restrict=%s join=%s hashes=%s merges=%s',
		o.oid::regoperator, o.oprresult::regtype, o.oprcode::regprocedure,
		NULLIF(o.oprcom, 0)::regoperator, NULLIF(o.oprnegate, 0)::regoperator,
		o.oprrest, o.oprjoin, o.oprcanhash, o.oprcanmerge)
	FROM m JOIN pg_operator o ON m.classid = 'pg_operator'::regclass AND o.oid = m.objid
	UNION ALL
	-- operator classes and families with their members and support functions
	SELECT format('opclass %s %s family=%s type=%s default=%s key=%s',
		am.amname, c.opcname, f.opfname, c.opcintype::regtype, c.opcdefault, NULLIF(c.opckeytype, 0)::regtype)
	FROM m JOIN pg_opclass c ON m.classid = 'pg_opclass'::regclass AND c.oid = m.objid
	JOIN pg_am am ON am.oid = c.opcmethod JOIN pg_opfamily f ON f.oid = c.opcfamily
	UNION ALL
	SELECT format('opfamily %s %s operator %s %s (%s,%s) purpose=%s sortfamily=%s',
		am.amname, f.opfname, ao.amopstrategy, ao.amopopr::regoperator,
		ao.amoplefttype::regtype, ao.amoprighttype::regtype, ao.amoppurpose, ao.amopsortfamily)
	FROM pg_opfamily f JOIN pg_am am ON am.oid = f.opfmethod
	JOIN pg_amop ao ON ao.amopfamily = f.oid
	WHERE f.oid IN (SELECT objid FROM m WHERE classid = 'pg_opfamily'::regclass)
	UNION ALL
	SELECT format('opfamily %s %s function %s (%s,%s) %s',
		am.amname, f.opfname, ap.amprocnum, ap.amproclefttype::regtype, ap.amprocrighttype::regtype,
		ap.amproc::regprocedure)
	FROM pg_opfamily f JOIN pg_am am ON am.oid = f.opfmethod
	JOIN pg_amproc ap ON ap.amprocfamily = f.oid
	WHERE f.oid IN (SELECT objid FROM m WHERE classid = 'pg_opfamily'::regclass)
	UNION ALL
	-- casts
	SELECT format('cast %s -> %s func=%s context=%s method=%s',
		c.castsource::regtype, c.casttarget::regtype, NULLIF(c.castfunc, 0)::regprocedure,
		c.castcontext, c.castmethod)
	FROM m JOIN pg_cast c ON m.classid = 'pg_cast'::regclass AND c.oid = m.objid
	UNION ALL
	-- types with their I/O functions and properties
	SELECT format('type %s type=%s cat=%s pref=%s len=%s byval=%s align=%s storage=%s in=%s out=%s recv=%s send=%s mod_in=%s mod_out=%s analyze=%s subscript=%s elem=%s array=%s delim=%s collation=%s notnull=%s basetype=%s default=%s',
		t.oid::regtype, t.typtype, t.typcategory, t.typispreferred, t.typlen, t.typbyval, t.typalign,
		t.typstorage, t.typinput, t.typoutput, t.typreceive, t.typsend, t.typmodin, t.typmodout,
		t.typanalyze, t.typsubscript, NULLIF(t.typelem, 0)::regtype, NULLIF(t.typarray, 0)::regtype,
		t.typdelim, t.typcollation, t.typnotnull, NULLIF(t.typbasetype, 0)::regtype, t.typdefault)
	FROM m JOIN pg_type t ON m.classid = 'pg_type'::regclass AND t.oid = m.objid
	UNION ALL
	SELECT format('range %s subtype=%s opclass=%s canonical=%s subdiff=%s multirange=%s',
		r.rngtypid::regtype, r.rngsubtype::regtype, oc.opcname, r.rngcanonical, r.rngsubdiff,
		r.rngmultitypid::regtype)
	FROM m JOIN pg_range r ON m.classid = 'pg_type'::regclass AND r.rngtypid = m.objid
	JOIN pg_opclass oc ON oc.oid = r.rngsubopc
	UNION ALL
	-- composite types' columns, comments
	SELECT format('column %s.%s %s %s', c.oid::regclass, a.attnum, a.attname, a.atttypid::regtype)
	FROM m JOIN pg_class c ON m.classid = 'pg_class'::regclass AND c.oid = m.objid
	JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
	UNION ALL
	SELECT format('comment %s: %s', pg_describe_object(d.classoid, d.objoid, d.objsubid), d.description)
	FROM m JOIN pg_description d ON d.classoid = m.classid AND d.objoid = m.objid
) facts
ORDER BY line COLLATE "C";
