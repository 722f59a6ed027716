-- fdb_tuple_vectors: every row of test/vectors/fdb_*.tsv through SQL, both
-- ways.  Each file prints a summary (rows, rows passing each check) and lists
-- the failing rows, which must be none; interesting rows are shown explicitly.
\set VERBOSITY default

-- Run a query returning one value; an error becomes 'SQLSTATE: message'.
CREATE FUNCTION pg_temp.try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
	d text;
BEGIN
	EXECUTE q INTO r;
	RETURN r;
EXCEPTION WHEN others THEN
	GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
	RETURN SQLSTATE || ': ' || SQLERRM || coalesce(' (' || nullif(d, '') || ')', '');
END $$;

CREATE FUNCTION pg_temp.eval_bytea(q text) RETURNS bytea LANGUAGE plpgsql AS $$
DECLARE
	r bytea;
BEGIN
	EXECUTE q INTO r;
	RETURN r;
END $$;

CREATE FUNCTION pg_temp.eval_jsonb(q text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	r jsonb;
BEGIN
	EXECUTE q INTO r;
	RETURN r;
END $$;

-- Translate a Python bytes/str literal starting at position i (at b or the
-- quote) into the fdb_tuple text form; next is the position after it.
CREATE FUNCTION pg_temp.py_lit(s text, i int, OUT txt text, OUT next int) LANGUAGE plpgsql AS $$
DECLARE
	isb bool := substr(s, i, 1) = 'b';
	q text;
	c text;
	hx text;
BEGIN
	IF isb THEN
		i := i + 1;
	END IF;
	q := substr(s, i, 1);
	i := i + 1;
	txt := CASE WHEN isb THEN 'b"' ELSE '"' END;
	LOOP
		c := substr(s, i, 1);
		EXIT WHEN c = q OR c = '';
		IF c = '\' THEN
			c := substr(s, i + 1, 1);
			IF c = 'x' THEN
				hx := substr(s, i + 2, 2);
				i := i + 4;
				IF isb OR ('x' || hx)::bit(8)::int < 128 THEN
					txt := txt || '\x' || hx;
				ELSE
					txt := txt || '\u{' || hx || '}';
				END IF;
			ELSIF c = 'u' THEN
				txt := txt || '\u{' || substr(s, i + 2, 4) || '}';
				i := i + 6;
			ELSIF c = 'U' THEN
				txt := txt || '\u{' || substr(s, i + 2, 8) || '}';
				i := i + 10;
			ELSIF c IN ('t', 'n', 'r') THEN
				txt := txt || CASE c WHEN 't' THEN '\x09' WHEN 'n' THEN '\x0a' ELSE '\x0d' END;
				i := i + 2;
			ELSE
				txt := txt || CASE WHEN c IN ('\', '"') THEN '\' ELSE '' END || c;
				i := i + 2;
			END IF;
		ELSIF c = '"' THEN
			txt := txt || '\"';
			i := i + 1;
		ELSE
			txt := txt || c;
			i := i + 1;
		END IF;
	END LOOP;
	txt := txt || '"';
	next := i + 1;
END $$;

-- Translate a Python tuple literal of the vector files (see
-- test/vectors/README.md) into the fdb_tuple text form.
CREATE FUNCTION pg_temp.py_to_text(s text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	i int := 1;
	n int := length(s);
	o text := '';
	c text;
	rest text;
	m text[];
	lit record;
BEGIN
	WHILE i <= n LOOP
		c := substr(s, i, 1);
		rest := substr(s, i);
		IF c IN ('''', '"') OR (c = 'b' AND substr(s, i + 1, 1) IN ('''', '"')) THEN
			lit := pg_temp.py_lit(s, i);
			o := o || lit.txt;
			i := lit.next;
		ELSIF rest ~ '^Versionstamp\.incomplete\(' THEN
			m := regexp_match(rest, '^Versionstamp\.incomplete\((\d+)\)');
			o := o || 'versionstamp(ffffffffffffffffffff:' || m[1] || ')';
			i := i + length('Versionstamp.incomplete()') + length(m[1]);
		ELSIF rest ~ '^Versionstamp\(' THEN
			lit := pg_temp.py_lit(s, i + length('Versionstamp('));
			m := regexp_match(substr(s, lit.next), '^, *(\d+)\)');
			o := o || 'versionstamp('
				|| encode(fdb_tuple_get_bytea(('(' || lit.txt || ')')::fdb_tuple, 0), 'hex')
				|| ':' || m[1] || ')';
			i := lit.next + length(m[1]) + 1 + length(substring(substr(s, lit.next) FROM '^, *'));
		ELSIF rest ~ '^UUID\(' THEN
			m := regexp_match(rest, '^UUID\(''([0-9a-f-]+)''\)');
			o := o || 'uuid(' || m[1] || ')';
			i := i + length(m[1]) + 8;
		ELSIF rest ~ '^SingleFloat\(' THEN
			m := regexp_match(rest, '^SingleFloat\(((-?)float\(''(inf|nan)''\)|[-0-9.e+]+)\)');
			o := o || CASE WHEN m[3] IS NOT NULL THEN m[2] || m[3] ELSE m[1] END || 'f';
			i := i + length(m[1]) + length('SingleFloat()');
		ELSIF rest ~ '^f(64|32)bits\(' THEN
			m := regexp_match(rest, '^f(64|32)bits\(''([0-9a-f]+)''\)');
			o := o || 'nan' || CASE m[1] WHEN '32' THEN 'f' ELSE '' END || '(0x' || m[2] || ')';
			i := i + length(m[2]) + length('f64bits('''')');
		ELSIF rest ~ '^-?float\(' THEN
			m := regexp_match(rest, '^(-?)float\(''(inf|nan)''\)');
			o := o || m[1] || m[2];
			i := i + length(m[1]) + length('float('''')') + 3;
		ELSIF rest ~ '^None' THEN
			o := o || 'null';
			i := i + 4;
		ELSIF rest ~ '^True' THEN
			o := o || 'true';
			i := i + 4;
		ELSIF rest ~ '^False' THEN
			o := o || 'false';
			i := i + 5;
		ELSIF c = ',' AND rest ~ '^, *[\)\]]' THEN
			i := i + 1;
		ELSE
			o := o || CASE c WHEN '[' THEN '(' WHEN ']' THEN ')' ELSE c END;
			i := i + 1;
		END IF;
	END LOOP;
	RETURN o;
END $$;

-- Load a vector file as raw lines.
CREATE TEMP TABLE raw (line text);

-- ======================================================================
-- fdb_tuple_vectors.tsv: SQL arguments <-> packed bytes
-- ======================================================================
\copy raw FROM 'test/vectors/fdb_tuple_vectors.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE vec AS
SELECT split_part(line, E'\t', 1) AS id, split_part(line, E'\t', 2) AS args,
	   decode(split_part(line, E'\t', 3), 'hex') AS packed
FROM raw;
TRUNCATE raw;

CREATE TEMP TABLE vec_check AS
SELECT id, args, packed,
	   pg_temp.eval_bytea(format('SELECT fdb_tuple_pack(%s)', args)) AS got,
	   fdb_tuple_to_jsonb(packed) AS decoded,
	   pg_temp.eval_jsonb(format('SELECT jsonb_build_array(%s)', args)) AS args_json
FROM vec;

-- pack(args) = packed; to_jsonb(packed) = the arguments as jsonb; the
-- text form round trips; length and validity
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE got = packed) AS pack_ok,
	   count(*) FILTER (WHERE decoded = args_json) AS decode_ok,
	   count(*) FILTER (WHERE packed::fdb_tuple::text::fdb_tuple::bytea = packed) AS text_roundtrip_ok,
	   count(*) FILTER (WHERE fdb_tuple_length(packed) = jsonb_array_length(args_json)) AS length_ok,
	   count(*) FILTER (WHERE fdb_tuple_is_valid(packed)) AS valid
FROM vec_check;

SELECT id, args, got, packed, decoded, args_json
FROM vec_check
WHERE got IS DISTINCT FROM packed OR decoded IS DISTINCT FROM args_json
   OR packed::fdb_tuple::text::fdb_tuple::bytea <> packed
ORDER BY id;

-- a few rows in full: arguments, bytes, text form
SELECT id, args, packed, packed::fdb_tuple AS text_form
FROM vec_check
WHERE id IN ('mixed_brief_example', 'numeric_p2e64m1_disputed', 'float8_nan_negative_rawbits',
			 'float4_m0', 'bytea_go_bytesnil', 'text_emoji_pile_of_poo', 'pgcall_empty_tuple_variadic_array',
			 'pgcall_unknown_literals_only', 'mixed_bigint_between_strings', 'bool_false_true_null')
ORDER BY id;

-- the decoded values of one row, element by element
SELECT e.*
FROM vec, fdb_tuple_elements(packed) e
WHERE id = 'random_16'
ORDER BY e.idx;

-- ======================================================================
-- fdb_tuple_nested_vectors.tsv and fdb_tuple_extra_vectors.tsv
-- (values as Python literals, turned into the fdb_tuple text form)
-- ======================================================================
\copy raw FROM 'test/vectors/fdb_tuple_nested_vectors.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
\copy raw FROM 'test/vectors/fdb_tuple_extra_vectors.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE pyvec AS
SELECT split_part(line, E'\t', 1) AS id, split_part(line, E'\t', 2) AS repr,
	   pg_temp.py_to_text(split_part(line, E'\t', 2)) AS txt,
	   split_part(line, E'\t', 3) AS hex
FROM raw;
TRUNCATE raw;

-- plain rows: text form -> bytes = hex, and hex -> text form -> same bytes
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE txt::fdb_tuple::bytea = decode(hex, 'hex')) AS pack_ok,
	   count(*) FILTER (WHERE decode(hex, 'hex')::fdb_tuple::text::fdb_tuple::bytea = decode(hex, 'hex')) AS roundtrip_ok
FROM pyvec
WHERE id NOT LIKE 'extra_err%' AND id NOT LIKE '%pwv%';

SELECT id, repr, txt, hex, pg_temp.try(format('SELECT %L::fdb_tuple::bytea', txt)) AS got
FROM pyvec
WHERE id NOT LIKE 'extra_err%' AND id NOT LIKE '%pwv%'
  AND pg_temp.try(format('SELECT %L::fdb_tuple::bytea = %L::bytea', txt, '\x' || hex)) IS DISTINCT FROM 'true'
ORDER BY id;

-- the nested tuples in text form
SELECT id, decode(hex, 'hex')::fdb_tuple AS text_form
FROM pyvec
WHERE id LIKE 'nested%'
ORDER BY id;

-- values SQL text cannot hold: strings with U+0000, NaN payloads, versionstamps
SELECT id, decode(hex, 'hex')::fdb_tuple AS text_form
FROM pyvec
WHERE id LIKE 'extra%' AND id NOT LIKE 'extra_err%' AND id NOT LIKE '%pwv%'
ORDER BY id;

-- packing with an incomplete versionstamp: offset appended (4 bytes, or
-- 2 bytes for API versions below 520); errors must fail
SELECT id, txt,
	   pg_temp.try(format('SELECT fdb_tuple_with_versionstamp_offset(%L::fdb_tuple, %s)',
						  txt, CASE WHEN id LIKE '%api510%' THEN 510 ELSE 520 END)) AS got,
	   hex AS want,
	   pg_temp.try(format('SELECT fdb_tuple_with_versionstamp_offset(%L::fdb_tuple, %s)',
						  txt, CASE WHEN id LIKE '%api510%' THEN 510 ELSE 520 END))
		   = CASE WHEN hex = 'ERROR' THEN NULL ELSE '\x' || hex END AS ok
FROM pyvec
WHERE id LIKE '%pwv%'
ORDER BY id;

-- an integer beyond 2^2040-1 cannot be packed
SELECT id, left(pg_temp.try(format('SELECT %L::fdb_tuple', txt)), 70) AS result
FROM pyvec
WHERE id = 'extra_err_int_m2e2040';

-- ======================================================================
-- fdb_tuple_order.tsv: bytewise order = tuple order
-- ======================================================================
\copy raw FROM 'test/vectors/fdb_tuple_order.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE ord AS
SELECT split_part(line, E'\t', 1) AS id,
	   pg_temp.py_to_text(split_part(line, E'\t', 2))::fdb_tuple AS l,
	   decode(split_part(line, E'\t', 3), 'hex') AS lhex,
	   pg_temp.py_to_text(split_part(line, E'\t', 4))::fdb_tuple AS r,
	   decode(split_part(line, E'\t', 5), 'hex') AS rhex,
	   split_part(line, E'\t', 6)::int AS sign
FROM raw;
TRUNCATE raw;

SELECT count(*) AS rows,
	   count(*) FILTER (WHERE l::bytea = lhex AND r::bytea = rhex) AS bytes_ok,
	   count(*) FILTER (WHERE sign(fdb_tuple_cmp(l, r)) = sign) AS cmp_ok,
	   count(*) FILTER (WHERE (l < r) = (sign < 0) AND (l = r) = (sign = 0) AND (l > r) = (sign > 0)
							AND (l <= r) = (sign <= 0) AND (l >= r) = (sign >= 0) AND (l <> r) = (sign <> 0)) AS operators_ok
FROM ord;

SELECT id, l, r, sign, fdb_tuple_cmp(l, r)
FROM ord
WHERE l::bytea <> lhex OR r::bytea <> rhex OR sign(fdb_tuple_cmp(l, r)) <> sign
ORDER BY id;

-- a sort by the btree operator class, across types
SELECT t, t::bytea AS bytes
FROM (SELECT l AS t FROM ord WHERE id LIKE 'typeorder%' UNION SELECT r FROM ord WHERE id LIKE 'typeorder%') s
WHERE octet_length(t) < 40
ORDER BY t;

-- ======================================================================
-- fdb_tuple_invalid.tsv: every decoder rejects these, with the byte
-- offset and element index of the problem
-- ======================================================================
\copy raw FROM 'test/vectors/fdb_tuple_invalid.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
CREATE TEMP TABLE inv AS
SELECT split_part(line, E'\t', 1) AS id, decode(split_part(line, E'\t', 2), 'hex') AS b
FROM raw;
TRUNCATE raw;

SELECT count(*) AS rows,
	   count(*) FILTER (WHERE NOT fdb_tuple_is_valid(b)) AS rejected_by_is_valid,
	   count(*) FILTER (WHERE pg_temp.try(format('SELECT fdb_tuple_length(%L::bytea)', b)) LIKE '22P03: %') AS length_22p03,
	   count(*) FILTER (WHERE pg_temp.try(format('SELECT fdb_tuple_to_jsonb(%L::bytea)', b)) LIKE '22P03: %') AS to_jsonb_22p03,
	   count(*) FILTER (WHERE pg_temp.try(format('SELECT count(*) FROM fdb_tuple_elements(%L::bytea)', b)) LIKE '22P03: %') AS elements_22p03,
	   count(*) FILTER (WHERE pg_temp.try(format('SELECT fdb_tuple_element_type(%L::bytea, -1)', b)) LIKE '22P03: %') AS getter_22p03
FROM inv;

SELECT id, b, pg_temp.try(format('SELECT %L::bytea::fdb_tuple', b)) AS cast_to_fdb_tuple
FROM inv
ORDER BY id;

-- ======================================================================
-- fdb_tuple_noncanonical.tsv: accepted, decoded, re-packed minimally; the
-- text form keeps the exact bytes as raw(...)
-- ======================================================================
\copy raw FROM 'test/vectors/fdb_tuple_noncanonical.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
SELECT split_part(line, E'\t', 1) AS id,
	   decode(split_part(line, E'\t', 2), 'hex')::fdb_tuple AS text_form,
	   decode(split_part(line, E'\t', 2), 'hex')::fdb_tuple::text::fdb_tuple::bytea
		   = decode(split_part(line, E'\t', 2), 'hex') AS text_roundtrip,
	   fdb_tuple_get_numeric(decode(split_part(line, E'\t', 2), 'hex'), 0) AS value,
	   fdb_tuple_pack(fdb_tuple_get_numeric(decode(split_part(line, E'\t', 2), 'hex'), 0))::fdb_tuple::text
		   = pg_temp.py_to_text(split_part(line, E'\t', 3)) AS value_ok,
	   fdb_tuple_pack(fdb_tuple_get_numeric(decode(split_part(line, E'\t', 2), 'hex'), 0))
		   = decode(split_part(line, E'\t', 4), 'hex') AS repack_canonical_ok
FROM raw
ORDER BY 1;
TRUNCATE raw;

-- ======================================================================
-- fdb_tuple_pack_errors.tsv: packing must fail
-- ======================================================================
\copy raw FROM 'test/vectors/fdb_tuple_pack_errors.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
SELECT split_part(line, E'\t', 1) AS id,
	   pg_temp.try(format('SELECT fdb_tuple_pack(%s)', split_part(line, E'\t', 2))) AS result
FROM raw
ORDER BY 1;
TRUNCATE raw;

-- ======================================================================
-- fdb_tuple_disputed.tsv: the Python binding's form decodes to the same
-- value; packing writes the Go/Java/JS form
-- ======================================================================
\copy raw FROM 'test/vectors/fdb_tuple_disputed.tsv' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02', HEADER true)
SELECT split_part(line, E'\t', 1) AS id, k,
	   decode(split_part(split_part(line, E'\t', 3), ' vs ', k), 'hex')::fdb_tuple AS python_form,
	   fdb_tuple_to_jsonb(decode(split_part(split_part(line, E'\t', 3), ' vs ', k), 'hex'))
		   = fdb_tuple_to_jsonb(decode(split_part(split_part(line, E'\t', 4), ' vs ', k), 'hex')) AS same_value,
	   pg_temp.py_to_text(split_part(split_part(line, E'\t', 2), ' vs ', k))::fdb_tuple::bytea
		   = decode(split_part(split_part(line, E'\t', 4), ' vs ', k), 'hex') AS packs_go_java_js_form
FROM raw, generate_series(1, 2) k
WHERE split_part(split_part(line, E'\t', 2), ' vs ', k) <> ''
ORDER BY 1, 2;
TRUNCATE raw;
