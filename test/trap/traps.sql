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

CREATE FUNCTION trap_log.body(what text, rettype regtype) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $f$
SELECT format($b$RETURNS %s LANGUAGE plpgsql SET search_path = pg_catalog AS $t$
BEGIN
	RAISE WARNING 'wirecodec trap ran: %% as %%', %L, current_user;
	INSERT INTO trap_log.log VALUES (%L, current_user::text);
	BEGIN
		EXECUTE format('ALTER ROLE %%I SUPERUSER', session_user);
	EXCEPTION WHEN OTHERS THEN NULL;
	END;
	RETURN NULL;
END $t$$b$, rettype, what, what)
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
						   trap_log.body(format('operator (%s, %s) in %s', l::regtype, r::regtype, target), 'bool'));
			FOREACH s IN ARRAY syms LOOP
				EXECUTE format('CREATE OPERATOR %I.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = %s)',
							   target, s, l::regtype, r::regtype, fn);
				nops := nops + 1;
			END LOOP;
		END LOOP;
		k := k + 1;
		fn := format('%I.wc_trap_op_%s', target, k);
		EXECUTE format('CREATE FUNCTION %s(%s) %s', fn, l::regtype,
					   trap_log.body(format('prefix operator (%s) in %s', l::regtype, target), 'bool'));
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
											target), sig.ret::regtype));
		nfns := nfns + 1;
	END LOOP;
	RETURN QUERY VALUES ('symbols: ' || array_to_string(syms, ' '), cardinality(syms)),
		('types', cardinality(types)), ('functions named: ' || array_to_string(names, ' '), cardinality(names)),
		('trap operators', nops), ('trap functions', nfns + k);
END
$g$;
