-- traps.sql: made by test/trap/run.sh as the unprivileged installing role.
-- trap_log.make_traps(target, scripts) fills schema target (a schema, public
-- or pg_temp) with operators and functions that shadow or out-match what
-- the install and upgrade scripts could resolve through search_path, each
-- of which, when run, warns "wirecodec trap ran", logs to trap_log.log and
-- tries to make the session user superuser.  What to trap is read from the
-- scripts' own text (comments out), so that a call added to them later is
-- trapped too:
--   operators: every operator symbol in the text that pg_catalog has, for
--     every pair (and, prefix, every one) of the types below, and for
--     same-type polymorphic pairs;
--   types: every word of the text that names a pg_catalog type (aliases
--     such as bigint too, t[] its array type), and always oid, the reg*
--     types and the usual scalar ones;
--   functions: every pg_catalog function that the text names (a word
--     before "(" or after "="): each of its overloads' signatures, each
--     with one argument replaced by each type above, and each type alone.
-- Signatures with pseudo-types (internal, cstring, "any") are left out: a
-- role without superuser can make no function taking them.  Casts are not
-- trapped: a cast between two pg_catalog types needs their owner, and a
-- cast is found by the types' OIDs, never through search_path.
CREATE SCHEMA trap_log;
CREATE TABLE trap_log.log (what text, who text);
-- a trap run by another role logs as that role
GRANT USAGE ON SCHEMA trap_log TO PUBLIC;
GRANT INSERT ON trap_log.log TO PUBLIC;

-- The text after CREATE FUNCTION name(args) of a trap: what returns (a
-- RETURNS clause), a body that warns, logs and tries to make the role that
-- made the trap superuser, then returns NULL (or no row, when nothing).
CREATE FUNCTION trap_log.body(what text, returns text, nothing boolean DEFAULT false) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog AS $f$
SELECT format($b$%s LANGUAGE plpgsql SET search_path = pg_catalog AS $t$
BEGIN
	RAISE WARNING 'wirecodec trap ran: %% as %%', %L, current_user;
	INSERT INTO trap_log.log VALUES (%L, current_user::text);
	BEGIN
		EXECUTE format('ALTER ROLE %%I SUPERUSER', %L);
	EXCEPTION WHEN OTHERS THEN NULL;
	END;
	RETURN%s;
END $t$$b$, returns, what, what, current_user, CASE WHEN nothing THEN '' ELSE ' NULL' END)
$f$;

CREATE FUNCTION trap_log.make_traps(target text, scripts text)
RETURNS TABLE (kind text, n int)
LANGUAGE plpgsql SET search_path = pg_catalog AS $g$
DECLARE
	src text := regexp_replace(scripts, '--[^\n]*', ' ', 'g');
	syms text[];
	types oid[];
	names text[];
	l oid;
	r oid;
	s text;
	fn text;
	k int := 0;
	nops int := 0;
	nfns int := 0;
	sig record;
BEGIN
	SELECT array_agg(DISTINCT m[1] ORDER BY m[1]) INTO syms
	FROM regexp_matches(src, '[-+*/<>=~!@#%^&|`?]+', 'g') m
	WHERE EXISTS (SELECT 1 FROM pg_operator o
				  WHERE o.oprname = m[1] AND o.oprnamespace = 'pg_catalog'::regnamespace);
	WITH words AS (
		SELECT lower(m[1]) AS w, m[2] IS NOT NULL AS arr
		FROM regexp_matches(src, '([A-Za-z_][A-Za-z_0-9]*)(\s*\[\])?', 'g') m
		UNION ALL
		SELECT w, false FROM unnest(ARRAY['oid', 'regclass', 'regproc', 'regprocedure', 'regoper',
			'regoperator', 'regtype', 'regnamespace', 'regrole', 'regconfig', 'regdictionary',
			'regcollation', 'text', 'name', 'bytea', 'int2', 'int4', 'int8', 'numeric', 'float4',
			'float8', 'bool', 'char', 'bpchar', 'varchar']) w
	), named AS (
		SELECT CASE w WHEN 'int' THEN 'int4' WHEN 'integer' THEN 'int4' WHEN 'bigint' THEN 'int8'
			WHEN 'smallint' THEN 'int2' WHEN 'boolean' THEN 'bool' WHEN 'real' THEN 'float4'
			WHEN 'decimal' THEN 'numeric' ELSE w END AS w, arr
		FROM words
	)
	SELECT array_agg(DISTINCT CASE WHEN n.arr THEN t.typarray ELSE t.oid END) INTO types
	FROM named n JOIN pg_type t ON t.typname = n.w AND t.typnamespace = 'pg_catalog'::regnamespace
	WHERE t.typtype IN ('b', 'e', 'r', 'm', 'd') AND t.typisdefined;
	SELECT array_agg(DISTINCT m[1] ORDER BY m[1]) INTO names
	FROM (SELECT regexp_matches(src, '([A-Za-z_][A-Za-z_0-9]*)\s*\(', 'g') AS m
		  UNION ALL
		  SELECT regexp_matches(src, '=\s*([A-Za-z_][A-Za-z_0-9]*)', 'g')) x
	WHERE EXISTS (SELECT 1 FROM pg_proc p
				  WHERE p.proname = m[1] AND p.pronamespace = 'pg_catalog'::regnamespace);

	-- operators: one trap function per type pair, every symbol on it
	FOREACH l IN ARRAY types || ARRAY['anyelement'::regtype::oid, 'anycompatible'::regtype::oid,
									  'anyarray'::regtype::oid] LOOP
		FOREACH r IN ARRAY CASE WHEN l IN ('anyelement'::regtype, 'anycompatible'::regtype,
										   'anyarray'::regtype) THEN ARRAY[l] ELSE types END LOOP
			k := k + 1;
			fn := format('%I.wc_trap_op_%s', target, k);
			EXECUTE format('CREATE FUNCTION %s(%s, %s) %s', fn, l::regtype, r::regtype,
						   trap_log.body(format('operator (%s, %s) in %s', l::regtype, r::regtype, target), 'RETURNS bool'));
			FOREACH s IN ARRAY syms LOOP
				EXECUTE format('CREATE OPERATOR %I.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = %s)',
							   target, s, l::regtype, r::regtype, fn);
				nops := nops + 1;
			END LOOP;
		END LOOP;
		k := k + 1;
		fn := format('%I.wc_trap_op_%s', target, k);
		EXECUTE format('CREATE FUNCTION %s(%s) %s', fn, l::regtype,
					   trap_log.body(format('prefix operator (%s) in %s', l::regtype, target), 'RETURNS bool'));
		FOR s IN SELECT DISTINCT o.oprname FROM pg_operator o
				 WHERE o.oprkind = 'l' AND o.oprnamespace = 'pg_catalog'::regnamespace
				   AND o.oprname = ANY (syms) LOOP
			EXECUTE format('CREATE OPERATOR %I.%s (RIGHTARG = %s, FUNCTION = %s)', target, s, l::regtype, fn);
			nops := nops + 1;
		END LOOP;
	END LOOP;

	-- functions named like the pg_catalog ones the scripts name
	FOR sig IN
		WITH over AS (
			SELECT p.proname, string_to_array(p.proargtypes::text, ' ')::oid[] AS args,
				   CASE WHEN t.typtype = 'p' THEN 'bool'::regtype::oid ELSE p.prorettype END AS ret
			FROM pg_proc p JOIN pg_type t ON t.oid = p.prorettype
			WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname = ANY (names)
		), sigs AS (
			SELECT proname, args, ret FROM over
			UNION
			SELECT o.proname, o.args[:i - 1] || ty || o.args[i + 1:], o.ret
			FROM over o, generate_subscripts(o.args, 1) i, unnest(types) ty
			UNION
			SELECT nm, ARRAY[ty], 'bool'::regtype::oid FROM unnest(names) nm, unnest(types) ty
		)
		SELECT DISTINCT ON (proname, args) proname, args, ret FROM sigs
		WHERE NOT EXISTS (SELECT 1 FROM unnest(args) a JOIN pg_type t ON t.oid = a WHERE t.typtype = 'p')
		ORDER BY proname, args
	LOOP
		EXECUTE format('CREATE FUNCTION %I.%I(%s) %s', target, sig.proname,
					   (SELECT string_agg(a::regtype::text, ', ') FROM unnest(sig.args) a),
					   trap_log.body(format('function %s(%s) in %s', sig.proname,
											(SELECT string_agg(a::regtype::text, ', ') FROM unnest(sig.args) a),
											target), 'RETURNS ' || sig.ret::regtype));
		nfns := nfns + 1;
	END LOOP;
	RETURN QUERY VALUES ('symbols: ' || array_to_string(syms, ' '), cardinality(syms)),
		('types', cardinality(types)), ('functions named: ' || array_to_string(names, ' '), cardinality(names)),
		('trap operators', nops), ('trap functions', nfns + k);
END
$g$;

-- The types a call could pass where a function of the extension takes type
-- p, so that another function in a schema the caller searches would match
-- better: text (which an untyped literal prefers), every type cast to p
-- implicitly, and, for a polymorphic p, the usual concrete types.
CREATE FUNCTION trap_log.rivals(p oid) RETURNS SETOF oid
LANGUAGE sql STABLE SET search_path = pg_catalog AS $f$
SELECT DISTINCT x FROM (
	SELECT 'text'::regtype::oid
	UNION ALL
	SELECT c.castsource FROM pg_cast c WHERE c.casttarget = p AND c.castcontext = 'i'
	UNION ALL
	SELECT t::regtype::oid FROM unnest(ARRAY['text', 'int4', 'int8', 'numeric', 'bytea', 'bool',
		'jsonb']) t
	WHERE (SELECT typtype FROM pg_type WHERE oid = p) = 'p') r(x)
JOIN pg_type t ON t.oid = r.x
WHERE x <> p AND t.typtype <> 'p' AND t.typisdefined
$f$;

-- trap_log.make_ext_traps(target, ext): in schema target, traps for the
-- calls of extension ext's own functions and operators that could resolve
-- to another object: for every function (aggregates aside) and every
-- signature it can be called with (its arguments, and without each run of
-- trailing arguments that have defaults), the same name with each argument
-- in turn replaced by each of trap_log.rivals; for every operator, the
-- same symbol with one side replaced.  A trap returns what the original
-- returns (its OUT and TABLE columns too), so that a call that reached one
-- would go on normally; where that cannot be declared, a boolean.
CREATE FUNCTION trap_log.make_ext_traps(target text, ext text)
RETURNS TABLE (kind text, n int)
LANGUAGE plpgsql SET search_path = pg_catalog AS $g$
DECLARE
	f record;
	o record;
	base oid[];
	sig oid[];
	ty oid;
	i int;
	j int;
	outs text;
	ret text;
	args text;
	nfn int := 0;
	nop int := 0;
	k int := 0;
BEGIN
	FOR f IN
		SELECT p.oid, p.proname, string_to_array(p.proargtypes::text, ' ')::oid[] AS args, p.pronargdefaults AS ndef, p.proretset,
			   (SELECT string_agg(format(', OUT %I %s', coalesce(p.proargnames[m.o], 'c' || m.o),
										 p.proallargtypes[m.o]::regtype), '' ORDER BY m.o)
				FROM unnest(p.proargmodes) WITH ORDINALITY m(mode, o) WHERE m.mode IN ('o', 'b')) AS outs,
			   coalesce('t' = ANY (p.proargmodes::text[]), false) AS tab
		FROM pg_proc p
		JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
		JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = ext
		WHERE p.prokind = 'f'
		ORDER BY p.oid
	LOOP
		outs := CASE WHEN f.tab THEN '' ELSE coalesce(f.outs, '') END;
		ret := CASE WHEN f.tab THEN 'RETURNS ' || pg_get_function_result(f.oid)
					WHEN f.outs IS NOT NULL THEN CASE WHEN f.proretset THEN 'RETURNS SETOF record' ELSE '' END
					ELSE 'RETURNS ' || pg_get_function_result(f.oid) END;
		FOR j IN 0 .. f.ndef LOOP
			base := f.args[1:cardinality(f.args) - j];
			FOR i IN 1 .. coalesce(cardinality(base), 0) LOOP
				FOR ty IN SELECT trap_log.rivals(base[i]) LOOP
					sig := base[:i - 1] || ty || base[i + 1:];
					args := (SELECT string_agg(a::regtype::text, ', ' ORDER BY u.n)
							 FROM unnest(sig) WITH ORDINALITY u(a, n));
					BEGIN
						EXECUTE format('CREATE FUNCTION %I.%I(%s%s) %s', target, f.proname, args, outs,
									   trap_log.body(format('function %s(%s) in %s', f.proname, args, target),
													 ret, f.proretset OR f.outs IS NOT NULL));
						nfn := nfn + 1;
					EXCEPTION WHEN OTHERS THEN
						BEGIN
							EXECUTE format('CREATE FUNCTION %I.%I(%s) %s', target, f.proname, args,
										   trap_log.body(format('function %s(%s) in %s', f.proname, args, target),
														 'RETURNS bool'));
							nfn := nfn + 1;
						EXCEPTION WHEN OTHERS THEN NULL;	-- that signature is the extension's own
						END;
					END;
				END LOOP;
			END LOOP;
		END LOOP;
	END LOOP;

	FOR o IN
		SELECT op.oprname, op.oprleft, op.oprright, op.oprresult
		FROM pg_operator op
		JOIN pg_depend d ON d.classid = 'pg_operator'::regclass AND d.objid = op.oid AND d.deptype = 'e'
		JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = ext
		ORDER BY op.oid
	LOOP
		FOR i IN 1 .. 2 LOOP
			CONTINUE WHEN (CASE i WHEN 1 THEN o.oprleft ELSE o.oprright END) = 0;
			FOR ty IN SELECT trap_log.rivals(CASE i WHEN 1 THEN o.oprleft ELSE o.oprright END) LOOP
				k := k + 1;
				args := CASE WHEN o.oprleft = 0 THEN ty::regtype::text
							 WHEN i = 1 THEN format('%s, %s', ty::regtype, o.oprright::regtype)
							 ELSE format('%s, %s', o.oprleft::regtype, ty::regtype) END;
				BEGIN
					EXECUTE format('CREATE FUNCTION %I.wc_trap_extop_%s(%s) %s', target, k, args,
								   trap_log.body(format('operator %s (%s) in %s', o.oprname, args, target),
												 'RETURNS ' || o.oprresult::regtype));
					EXECUTE format('CREATE OPERATOR %I.%s (%s FUNCTION = %I.wc_trap_extop_%s)', target, o.oprname,
								   CASE WHEN o.oprleft = 0 THEN format('RIGHTARG = %s,', ty::regtype)
										WHEN i = 1 THEN format('LEFTARG = %s, RIGHTARG = %s,', ty::regtype, o.oprright::regtype)
										ELSE format('LEFTARG = %s, RIGHTARG = %s,', o.oprleft::regtype, ty::regtype) END,
								   target, k);
					nop := nop + 1;
				EXCEPTION WHEN OTHERS THEN NULL;	-- that operator is pg_catalog's or the extension's own
				END;
			END LOOP;
		END LOOP;
	END LOOP;
	RETURN QUERY VALUES ('extension trap functions', nfn), ('extension trap operators', nop);
END
$g$;
