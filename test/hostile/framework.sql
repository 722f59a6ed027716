-- framework.sql: feed wirecodec's decoders and type input functions random
-- and mutated inputs, each inside its own exception block, and record what
-- happened.  A case passes when every input either is accepted and
-- round-trips, or raises one of the SQLSTATEs wirecodec documents.  The
-- caller (test/hostile/run.sh) also checks that the server never restarted.
SET max_parallel_workers_per_gather = 0;

CREATE TABLE hostile_results (
	label text PRIMARY KEY, tried bigint, accepted bigint, errors jsonb, bad bigint, example text
);
CREATE TABLE hostile_seeds (label text, seed bytea);

-- A deterministic PRNG (the built-in 64-bit hash) so that runs repeat.
CREATE FUNCTION hostile_rand(state bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS
$$ SELECT hashint8extended(state, 42) & 9223372036854775807 $$;

-- One mutation of a seed: truncation, bit flip, byte overwrite (0x00, 0xff,
-- small lengths, random), insertion, deletion, duplication of a slice,
-- splicing with another seed, or plain random bytes.  r drives the choice.
CREATE FUNCTION hostile_mutate(s bytea, other bytea, r bigint) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	n int := length(s);
	k int := (r % 11)::int;
	p int;
	v int;
	rounds int := 1 + ((r >> 8) % 3)::int;
BEGIN
	FOR j IN 1..rounds LOOP
		r := hostile_rand(r + j);
		n := length(s);
		p := CASE WHEN n = 0 THEN 0 ELSE ((r >> 4) % n)::int END;
		v := ((r >> 20) % 256)::int;
		IF k = 0 THEN
			s := substr(s, 1, p);						-- truncate
		ELSIF k = 1 AND n > 0 THEN
			s := set_bit(s, (p * 8 + v % 8), 1 - get_bit(s, p * 8 + v % 8));	-- bit flip
		ELSIF k = 2 AND n > 0 THEN
			s := set_byte(s, p, (ARRAY[0, 255, 1, 250, 251, 252, 253, 254, 9, 13, 127, 128])[1 + v % 12]);
		ELSIF k = 3 AND n > 0 THEN
			s := set_byte(s, p, v);						-- random byte
		ELSIF k = 4 THEN
			s := substr(s, 1, p) || set_byte('\x00'::bytea, 0, v) || substr(s, p + 1);	-- insert
		ELSIF k = 5 AND n > 0 THEN
			s := substr(s, 1, p) || substr(s, p + 2);	-- delete
		ELSIF k = 6 THEN
			s := substr(s, 1, p) || substr(s, p + 1, 1 + v % 8) || substr(s, p + 1);	-- duplicate
		ELSIF k = 7 THEN
			s := substr(s, 1, p) || substr(other, 1 + v % greatest(length(other), 1));	-- splice
		ELSIF k = 8 THEN
			s := decode(substr(md5(r::text) || md5((r + 1)::text), 1, 2 * (v % 32)), 'hex');	-- random
		ELSIF k = 9 AND n > 0 THEN
			s := set_byte(s, n - 1, v);					-- last byte (length bytes live there)
		ELSE
			s := set_byte(s || '\x00'::bytea, 0, v);	-- first byte (type codes live there)
		END IF;
	END LOOP;
	RETURN s;
END $$;

-- Text mutations for type input functions: the same edits on the bytes of
-- the text, read as LATIN1 (so every byte becomes a character, high bytes
-- non-ASCII ones); an input holding NUL, which text cannot, is escaped.
CREATE FUNCTION hostile_text(b bytea) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN position('\x00'::bytea IN b) = 0 THEN convert_from(b, 'LATIN1')
			   ELSE replace(encode(b, 'escape'), '\\', '\') END $$;

-- Run one case: expr is a SQL expression over $1 (bytea, or text when
-- as_text); ok_check, when given, is a boolean expression over $1 that must
-- be true for every accepted input (the round-trip); allowed lists the
-- SQLSTATEs the decoder may raise.
CREATE FUNCTION hostile_case(label text, expr text, ok_check text, allowed text[],
							 n int, as_text bool DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	argtype text := CASE WHEN as_text THEN 'text' ELSE 'bytea' END;
	fn text := 'hostile_try_' || md5(label);
	call text := CASE WHEN as_text THEN format('pg_temp.%I(hostile_text(b))', fn)
					  ELSE format('pg_temp.%I(b)', fn) END;
BEGIN
	-- A function per case so the decoder call is static SQL with a cached plan.
	EXECUTE format($f$
		CREATE OR REPLACE FUNCTION pg_temp.%I(x %s) RETURNS text LANGUAGE plpgsql AS $b$
		DECLARE ok bool;
		BEGIN
			PERFORM %s FROM (SELECT x) s(a);
			%s
			RETURN 'accepted';
		EXCEPTION WHEN others THEN
			RETURN SQLSTATE;
		END $b$ $f$,
		fn, argtype, replace(expr, '$1', 'a'),
		CASE WHEN ok_check IS NULL THEN ''
			 ELSE format('SELECT %s INTO ok FROM (SELECT x) s(a); IF ok IS NOT TRUE THEN RETURN ''roundtrip''; END IF;',
						 replace(ok_check, '$1', 'a')) END);
	EXECUTE format($q$
		WITH seeds AS (
			SELECT row_number() OVER () AS sn, seed, lead(seed, 1, seed) OVER () AS other
			FROM hostile_seeds WHERE label = %L
		), ns AS (SELECT count(*) AS c FROM seeds),
		inputs AS (
			SELECT hostile_mutate(seed, other, hostile_rand(g * 7919 + sn)) AS b
			FROM seeds, ns, generate_series(1, (%s / greatest(ns.c, 1))::int + 1) g
			UNION ALL SELECT seed FROM seeds
		), outcomes AS (
			SELECT %s AS st, b
			FROM inputs
		), agg AS (
			SELECT st, count(*) AS c, min(encode(b, 'hex')) AS ex FROM outcomes GROUP BY st
		)
		INSERT INTO hostile_results
		SELECT %L, sum(c), coalesce(sum(c) FILTER (WHERE st = 'accepted'), 0),
			   coalesce(jsonb_object_agg(st, c) FILTER (WHERE st <> 'accepted'), '{}'),
			   coalesce(sum(c) FILTER (WHERE st <> 'accepted' AND st <> ALL (%L::text[])), 0),
			   min(ex) FILTER (WHERE st <> 'accepted' AND st <> ALL (%L::text[]))
		FROM agg $q$,
		label, n, call, label, allowed, allowed);
END $$;
