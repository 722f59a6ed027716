-- row_types: every function that turns decoded elements into the columns of
-- a row type, side by side: DDL between two calls of one call site (the
-- per-call-site caches), domains, and the range errors of each conversion.
\set VERBOSITY default
\set ECHO none
\i sql/mysql_helpers.psql
\i sql/mysql_binlog_vectors.psql
-- an error: 'SQLSTATE: message (detail) / context', the context lines of
-- the codec only (not those of the PL/pgSQL functions of this suite)
CREATE FUNCTION pg_temp.errtext(st text, msg text, d text, c text) RETURNS text LANGUAGE sql AS $$
SELECT st || ': ' || msg || coalesce(' (' || nullif(d, '') || ')', '')
	|| coalesce(' / ' || (SELECT string_agg(l, ' / ') FROM regexp_split_to_table(c, E'\n') l
						  WHERE l !~ '^(PL/pgSQL function|PL/pgSQL expression|SQL statement|SQL function|SQL expression)'), '') $$;
-- a call site: pg_temp.<name>() evaluates expr in one PL/pgSQL statement
-- (a simple expression where expr allows it, so its state and fn_extra
-- live as long as the transaction); 'SQLSTATE: message' on error
CREATE FUNCTION pg_temp.mk(name text, expr text) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
	EXECUTE format($q$CREATE OR REPLACE FUNCTION pg_temp.%I() RETURNS text LANGUAGE plpgsql AS $b$
DECLARE
	d text;
	c text;
BEGIN
	RETURN (%s)::text;
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL, c = PG_EXCEPTION_CONTEXT;
	RETURN pg_temp.errtext(SQLSTATE, SQLERRM, d, c);
END $b$$q$, name, expr);
END $f$;
-- the same expression evaluated fresh (a new plan and a new fn_extra)
CREATE FUNCTION pg_temp.fresh(expr text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
	d text;
	c text;
BEGIN
	EXECUTE 'SELECT (' || expr || ')::text' INTO r;
	RETURN r;
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL, c = PG_EXCEPTION_CONTEXT;
	RETURN pg_temp.errtext(SQLSTATE, SQLERRM, d, c);
END $$;
-- call site, DDL, the same call site again, and fresh; all in one
-- transaction (one top-level statement)
CREATE FUNCTION pg_temp.ddl(site text, expr text, VARIADIC ddls text[])
RETURNS TABLE (step text, result text) LANGUAGE plpgsql AS $$
DECLARE
	d text;
BEGIN
	EXECUTE format('SELECT pg_temp.%I()', site) INTO result;
	step := 'before';
	RETURN NEXT;
	FOREACH d IN ARRAY ddls LOOP
		EXECUTE d;
		EXECUTE format('SELECT pg_temp.%I()', site) INTO result;
		step := d;
		RETURN NEXT;
		step := '  fresh';
		result := pg_temp.fresh(expr);
		RETURN NEXT;
	END LOOP;
END $$;
-- a server stream (handshake, OK, one text result set) of column
-- definitions cols and text rows
CREATE FUNCTION pg_temp.conv(cols bytea[], rows bytea[]) RETURNS bytea LANGUAGE sql AS $$
SELECT mysql_packet_frame('\x0a382e302e333600' || decode(repeat('01', 30), 'hex'), 0)
	|| mysql_packet_frame('\x00000002000000', 2)
	|| mysql_packet_frame(mysql_lenenc_int(cardinality(cols)), 1)
	|| (SELECT string_agg(mysql_packet_frame(c, 1 + n::int), ''::bytea ORDER BY n) FROM unnest(cols) WITH ORDINALITY u(c, n))
	|| mysql_packet_frame('\xfe00002200', 2 + cardinality(cols))
	|| coalesce((SELECT string_agg(mysql_packet_frame(r, 2 + cardinality(cols) + n::int), ''::bytea ORDER BY n)
		FROM unnest(rows) WITH ORDINALITY u(r, n)), '')
	|| mysql_packet_frame('\xfe00002200', 3 + cardinality(cols) + coalesce(cardinality(rows), 0)) $$;
-- a text row of values (NULL: the NULL marker)
CREATE FUNCTION pg_temp.trow(VARIADIC v text[]) RETURNS bytea LANGUAGE sql AS $$
SELECT string_agg(CASE WHEN x IS NULL THEN '\xfb'::bytea ELSE mysql_lenenc_str(convert_to(x, 'UTF8')) END,
	''::bytea ORDER BY n) FROM unnest(v) WITH ORDINALITY u(x, n) $$;
\set ECHO all
SET timezone = 'UTC';
-- the loaders: the table emptied before each call, its rows after
CREATE FUNCTION pg_temp.ddl_load(site text, expr text, tbl text, VARIADIC ddls text[])
RETURNS TABLE (step text, result text) LANGUAGE plpgsql AS $$
DECLARE
	d text;
	rows text;
BEGIN
	ddls := '{""}' || ddls;
	FOREACH d IN ARRAY ddls LOOP
		IF d <> '' THEN
			EXECUTE d;
		END IF;
		FOR j IN 1 .. CASE WHEN d = '' THEN 1 ELSE 2 END LOOP
			EXECUTE format('DELETE FROM %I', tbl);
			IF j = 1 THEN
				EXECUTE format('SELECT pg_temp.%I()', site) INTO result;
				step := CASE WHEN d = '' THEN 'before' ELSE d END;
			ELSE
				result := pg_temp.fresh(expr);
				step := '  fresh';
			END IF;
			EXECUTE format('SELECT count(*) || '' rows: '' || string_agg(to_jsonb(row_)::text, '' '') FILTER (WHERE n <= 2)
							FROM (SELECT row_, row_number() OVER () AS n FROM %I row_) s', tbl) INTO rows;
			EXECUTE format('DELETE FROM %I', tbl);
			result := result || ' | table: ' || coalesce(rows, 'empty');
			RETURN NEXT;
		END LOOP;
	END LOOP;
END $$;
-- the shapes every function is run against: a table, a composite type, a
-- table with a nested composite column
CREATE FUNCTION pg_temp.reset() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DROP TABLE IF EXISTS rt, nt, rb;
	DROP TYPE IF EXISTS ct, cb, pt;
	CREATE TABLE rt (a text, b int8, c int8);
	CREATE TYPE ct AS (a text, b int8, c int8);
	CREATE TYPE pt AS (x int4, y int4);
	CREATE TABLE nt (a text, p pt);
	-- by name (binlog with full metadata: table wcb.ints)
	CREATE TABLE rb (id int, ti int2, tiu int2, si int2, siu int8, mi int4, miu int4, i int4,
					 iu int8, bi int8, biu numeric);
	CREATE TYPE cb AS (id int, ti int2, tiu int2, si int2, siu int8, mi int4, miu int4, i int4,
					   iu int8, bi int8, biu numeric);
END $$;
-- expression template t with %T for the shape's type: a call site made,
-- then the DDL between its calls
CREATE FUNCTION pg_temp.run(t text, shape text, VARIADIC ddls text[])
RETURNS TABLE (step text, result text) LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_temp.mk('site_' || shape, replace(t, '%T', shape));
	RETURN QUERY SELECT * FROM pg_temp.ddl('site_' || shape, replace(t, '%T', shape), VARIADIC ddls);
END $$;
CREATE FUNCTION pg_temp.run_load(t text, shape text, VARIADIC ddls text[])
RETURNS TABLE (step text, result text) LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_temp.mk('site_' || shape, replace(t, '%T', shape));
	RETURN QUERY SELECT * FROM pg_temp.ddl_load('site_' || shape, replace(t, '%T', shape), shape, VARIADIC ddls);
END $$;
-- the DDL run against each shape: the 3 elements ('x', 70000, 3) into rt
-- and ct, ('n', (1, 2)) into nt
\set rt_ddl '''ALTER TABLE rt DROP COLUMN c'', ''ALTER TABLE rt ADD COLUMN c int8'', ''ALTER TABLE rt ALTER COLUMN b TYPE int2'', ''ALTER TABLE rt ALTER COLUMN b TYPE int8'', ''ALTER TABLE rt ADD COLUMN d text'''
\set ct_ddl '''ALTER TYPE ct DROP ATTRIBUTE b'', ''ALTER TYPE ct ADD ATTRIBUTE b int8'', ''ALTER TYPE ct ADD ATTRIBUTE d text'', ''ALTER TYPE ct DROP ATTRIBUTE d'', ''ALTER TYPE ct ALTER ATTRIBUTE c TYPE int2'''
\set nt_ddl '''ALTER TYPE pt ADD ATTRIBUTE z int4'', ''ALTER TYPE pt DROP ATTRIBUTE z'', ''ALTER TYPE pt DROP ATTRIBUTE y'', ''ALTER TYPE pt ADD ATTRIBUTE y int2'', ''ALTER TYPE pt DROP ATTRIBUTE x'''
\set rb_ddl '''ALTER TABLE rb DROP COLUMN siu'', ''ALTER TABLE rb ADD COLUMN siu int8'', ''ALTER TABLE rb ALTER COLUMN siu TYPE int2'', ''ALTER TABLE rb ALTER COLUMN siu TYPE int8'', ''ALTER TABLE rb RENAME COLUMN siu TO siu2'', ''ALTER TABLE rb RENAME COLUMN siu2 TO siu'', ''ALTER TABLE rb ADD COLUMN zz text'''
\set cb_ddl '''ALTER TYPE cb DROP ATTRIBUTE i'', ''ALTER TYPE cb ADD ATTRIBUTE i int8'', ''ALTER TYPE cb ALTER ATTRIBUTE siu TYPE int2'', ''ALTER TYPE cb ALTER ATTRIBUTE siu TYPE int8'', ''ALTER TYPE cb RENAME ATTRIBUTE siu TO siu2'', ''ALTER TYPE cb ADD ATTRIBUTE zz text'''

-- =====================================================================
-- DDL between two calls of one call site
-- =====================================================================


-- fdb_tuple_populate_record
SELECT pg_temp.reset();
\set t 'to_jsonb(fdb_tuple_populate_record(NULL::%T, fdb_tuple_pack(''x''::text, 70000::int8, 3::int8)))'
SELECT * FROM pg_temp.run(:'t', 'rt', :rt_ddl);
SELECT * FROM pg_temp.run(:'t', 'ct', :ct_ddl);
\set t 'to_jsonb(fdb_tuple_populate_record(NULL::%T, fdb_tuple_pack(''n''::text, ROW(1, 2))))'
SELECT * FROM pg_temp.run(:'t', 'nt', :nt_ddl);

-- fdb_tuple_load
SELECT pg_temp.reset();
\set t 'fdb_tuple_load(ARRAY[fdb_tuple_pack(''x''::text, 70000::int8, 3::int8)], ''%T'')'
SELECT * FROM pg_temp.run_load(:'t', 'rt', :rt_ddl);
\set t 'fdb_tuple_load(ARRAY[fdb_tuple_pack(''n''::text, ROW(1, 2))], ''%T'')'
SELECT * FROM pg_temp.run_load(:'t', 'nt', :nt_ddl);

-- crdb_key_populate_record
SELECT pg_temp.reset();
\set t 'to_jsonb(crdb_key_populate_record(NULL::%T, crdb_key_encode(''\\xbd89'', NULL, ''x''::text, 70000::int8, 3::int8)))'
SELECT * FROM pg_temp.run(:'t', 'rt', :rt_ddl);
SELECT * FROM pg_temp.run(:'t', 'ct', :ct_ddl);
SELECT crdb_key_encode('\xbd89', NULL, 'n'::text, ROW(1, 2)::pt) AS nt_key \gset
\set t 'to_jsonb(crdb_key_populate_record(NULL::%T, ''' :nt_key '''::bytea))'
SELECT * FROM pg_temp.run(:'t', 'nt', :nt_ddl);

-- crdb_key_decode_value into a composite sample (a tuple element)
SELECT pg_temp.reset();
SELECT crdb_key_encode_value(ROW('x', 70000, 3)::ct) AS ct_elem, crdb_key_encode_value(ROW('n', ROW(1, 2))::nt) AS nt_elem \gset
\set t 'to_jsonb(crdb_key_decode_value(''' :ct_elem '''::bytea, NULL::%T))'
SELECT * FROM pg_temp.run(:'t', 'ct', :ct_ddl);
\set t 'to_jsonb(crdb_key_decode_value(''' :nt_elem '''::bytea, NULL::%T))'
SELECT * FROM pg_temp.run(:'t', 'nt', :nt_ddl);
-- the same with an element the planner cannot fold (crdb_key_decode_value
-- is IMMUTABLE: with constant arguments a cached plan keeps the value it
-- folded before the DDL), so each call decodes with the call site's cache
CREATE FUNCTION pg_temp.vol(b bytea) RETURNS bytea VOLATILE LANGUAGE plpgsql AS $$ BEGIN RETURN b; END $$;
SELECT pg_temp.reset();
\set t 'to_jsonb(crdb_key_decode_value(pg_temp.vol(''' :ct_elem '''::bytea), NULL::%T))'
SELECT * FROM pg_temp.run(:'t', 'ct', :ct_ddl);
\set t 'to_jsonb(crdb_key_decode_value(pg_temp.vol(''' :nt_elem '''::bytea), NULL::%T))'
SELECT * FROM pg_temp.run(:'t', 'nt', :nt_ddl);

-- mysql_row_populate_record (text row; id LONGLONG, a VAR_STRING)
SELECT pg_temp.reset();
\set cols3 'ARRAY[pg_temp.cd(''a'', 255, 253), pg_temp.cd(''b'', 63, 8), pg_temp.cd(''c'', 63, 8)]'
\set cols2 'ARRAY[pg_temp.cd(''a'', 255, 253), pg_temp.cd(''p'', 255, 253)]'
\set t 'to_jsonb(mysql_row_populate_record(NULL::%T, pg_temp.trow(''x'', ''70000'', ''3''), ' :cols3 '))'
SELECT * FROM pg_temp.run(:'t', 'rt', :rt_ddl);
SELECT * FROM pg_temp.run(:'t', 'ct', :ct_ddl);
\set t 'to_jsonb(mysql_row_populate_record(NULL::%T, pg_temp.trow(''n'', ''(1,2)''), ' :cols2 '))'
SELECT * FROM pg_temp.run(:'t', 'nt', :nt_ddl);
-- binary row
SELECT pg_temp.reset();
\set t 'to_jsonb(mysql_row_populate_record(NULL::%T, ''\\x0000017870110100000000000300000000000000''::bytea, ' :cols3 ', true))'
SELECT * FROM pg_temp.run(:'t', 'rt', :rt_ddl);

-- mysql_conversation_rows (the server's stream; both streams)
SELECT pg_temp.reset();
CREATE TEMP TABLE cv AS
SELECT pg_temp.conv(:cols3, ARRAY[pg_temp.trow('x', '70000', '3')]) AS s3,
	   pg_temp.conv(:cols2, ARRAY[pg_temp.trow('n', '(1,2)')]) AS s2;
CREATE TEMP TABLE cap AS SELECT * FROM pg_temp.capture();
\set t '(SELECT string_agg(to_jsonb(p)::text, '' '') FROM cv, mysql_conversation_rows(s3, NULL::%T) p)'
SELECT * FROM pg_temp.run(:'t', 'rt', :rt_ddl);
SELECT * FROM pg_temp.run(:'t', 'ct', :ct_ddl);
\set t '(SELECT string_agg(to_jsonb(p)::text, '' '') FROM cv, mysql_conversation_rows(s2, NULL::%T) p)'
SELECT * FROM pg_temp.run(:'t', 'nt', :nt_ddl);
-- both streams, command 3 (binary rows (7, 'xyz') and (8, NULL))
CREATE TABLE r2 (id int8, name text);
\set t '(SELECT string_agg(to_jsonb(p)::text, '' '') FROM cap, mysql_conversation_rows(client, server, NULL::%T, command => 3) p)'
SELECT * FROM pg_temp.run(:'t', 'r2', 'ALTER TABLE r2 DROP COLUMN name', 'ALTER TABLE r2 ADD COLUMN name varchar(2)',
	'ALTER TABLE r2 ALTER COLUMN name TYPE text', 'ALTER TABLE r2 ADD COLUMN d text');

-- mysql_conversation_load
SELECT pg_temp.reset();
\set t '(SELECT mysql_conversation_load(s3, ''%T'') FROM cv)'
SELECT * FROM pg_temp.run_load(:'t', 'rt', :rt_ddl);
\set t '(SELECT mysql_conversation_load(s2, ''%T'') FROM cv)'
SELECT * FROM pg_temp.run_load(:'t', 'nt', :nt_ddl);
\set t '(SELECT mysql_conversation_load(client, server, ''%T'', command => 3) FROM cap)'
DROP TABLE r2;
CREATE TABLE r2 (id int8, name text);
SELECT * FROM pg_temp.run_load(:'t', 'r2', 'ALTER TABLE r2 DROP COLUMN name', 'ALTER TABLE r2 ADD COLUMN name varchar(2)',
	'ALTER TABLE r2 ALTER COLUMN name TYPE text', 'ALTER TABLE r2 ADD COLUMN d text');

-- mysql_binlog_rows (typed; wcb.ints of the MariaDB file with column
-- names, matched by name; its second row: siu 65535, i 2147483647)
SELECT pg_temp.reset();
\set t '(SELECT string_agg(to_jsonb(r.after)::text, '' '') FROM bl, mysql_binlog_rows(b, ''wcb'', ''ints'', NULL::%T) r WHERE name = ''full'' AND r.event_index = 14 AND r.row_in_event = 2)'
SELECT * FROM pg_temp.run(:'t', 'rb', :rb_ddl);
SELECT * FROM pg_temp.run(:'t', 'cb', :cb_ddl);
-- the file without column names: matched by position
\set t '(SELECT string_agg(to_jsonb(r.after)::text, '' '') FROM bl, mysql_binlog_rows(b, ''wcb'', ''ints'', NULL::%T) r WHERE name = ''minimal'' AND r.change = ''insert'' AND r.row_in_event = 2)'
SELECT pg_temp.reset();
SELECT * FROM pg_temp.run(:'t', 'rb', :rb_ddl);
-- mysql_binlog_rows_lo: the same code over a large object
SELECT lo_from_bytea(0, b) AS lo FROM bl WHERE name = 'full' \gset
SELECT pg_temp.reset();
\set t '(SELECT string_agg(to_jsonb(r.after)::text, '' '') FROM mysql_binlog_rows_lo(' :lo ', ''wcb'', ''ints'', NULL::%T) r WHERE r.event_index = 14 AND r.row_in_event = 2)'
SELECT * FROM pg_temp.run(:'t', 'cb', :cb_ddl);

-- mysql_binlog_load (and _lo)
SELECT pg_temp.reset();
\set t '(SELECT mysql_binlog_load(b, ''wcb'', ''ints'', ''%T'') FROM bl WHERE name = ''full'')'
SELECT * FROM pg_temp.run_load(:'t', 'rb', :rb_ddl);
SELECT pg_temp.reset();
\set t 'mysql_binlog_load_lo(' :lo ', ''wcb'', ''ints'', ''%T'')'
SELECT * FROM pg_temp.run_load(:'t', 'rb', :rb_ddl);
SELECT lo_unlink(:lo);

-- =====================================================================
-- Domains: a CHECK that passes, and one that fails (23514)
-- =====================================================================
CREATE DOMAIN d_i2 AS int2 CHECK (VALUE < 100);
CREATE DOMAIN d_i4 AS int4 CHECK (VALUE < 100);
CREATE DOMAIN d_i8 AS int8 CHECK (VALUE < 100);
CREATE DOMAIN d_num AS numeric CHECK (VALUE < 100);
CREATE DOMAIN d_text AS text CHECK (length(VALUE) < 3);
CREATE DOMAIN d_f8 AS float8 CHECK (VALUE < 100);
CREATE DOMAIN d_bool AS bool CHECK (VALUE);
CREATE DOMAIN d_bytea AS bytea CHECK (length(VALUE) < 3);
CREATE DOMAIN d_arr AS int4[] CHECK (cardinality(VALUE) < 3);
CREATE TYPE dpt AS (x int4, y int4);
CREATE DOMAIN d_pt AS dpt CHECK ((VALUE).x < 100);
CREATE TABLE dom (i2 d_i2, i4 d_i4, i8 d_i8, n d_num, t d_text, f d_f8, b d_bool, y d_bytea);
CREATE TABLE dom_a (a d_arr);
CREATE TABLE dom_c (c d_pt);
-- row 0 passes every CHECK; row k fails the CHECK of column k only
CREATE TEMP TABLE dv AS
SELECT k, CASE k WHEN 1 THEN 200 ELSE 1 END::int2 AS i2, CASE k WHEN 2 THEN 200 ELSE 1 END AS i4,
	   CASE k WHEN 3 THEN 200 ELSE 1 END::int8 AS i8, CASE k WHEN 4 THEN 200 ELSE 1 END::int8 AS n,
	   CASE k WHEN 5 THEN 'abcd' ELSE 'a' END AS t, CASE k WHEN 6 THEN 200 ELSE 1.5 END::float8 AS f,
	   k <> 7 AS b, CASE k WHEN 8 THEN '\x010203' ELSE '\x01' END::bytea AS y
FROM generate_series(0, 8) k;
-- the column definitions: LONG, LONG, LONGLONG, NEWDECIMAL, VAR_STRING,
-- DOUBLE, TINY, BLOB (binary)
\set dcols 'ARRAY[pg_temp.cd(''i2'', 63, 3), pg_temp.cd(''i4'', 63, 3), pg_temp.cd(''i8'', 63, 8), pg_temp.cd(''n'', 63, 246), pg_temp.cd(''t'', 255, 253), pg_temp.cd(''f'', 63, 5), pg_temp.cd(''b'', 63, 1), pg_temp.cd(''y'', 63, 252)]'
CREATE TEMP TABLE din AS
SELECT k, fdb_tuple_pack(i2, i4, i8, n, t, f, b, y)::bytea AS fdb,
	   crdb_key_encode('\xbd89', NULL, i2, i4, i8, n::numeric, t, f, b, y) AS crdb,
	   pg_temp.trow(i2::text, i4::text, i8::text, n::text, t, f::text, b::int::text, convert_from(y, 'SQL_ASCII')) AS mrow
FROM dv;
ALTER TABLE din ADD COLUMN conv bytea;
UPDATE din SET conv = pg_temp.conv(:dcols, ARRAY[mrow]);
CREATE FUNCTION pg_temp.dom(tmpl text) RETURNS TABLE (k int, result text) LANGUAGE sql AS $$
SELECT k, pg_temp.fresh(format(tmpl, k)) FROM din ORDER BY k $$;
CREATE FUNCTION pg_temp.dom_load(tmpl text, tbl text) RETURNS TABLE (k int, result text) LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	FOR k IN SELECT din.k FROM din ORDER BY 1 LOOP
		EXECUTE format('DELETE FROM %I', tbl);
		result := pg_temp.fresh(format(tmpl, k));
		EXECUTE format('SELECT string_agg(to_jsonb(row_)::text, '' '') FROM %I row_', tbl) INTO r;
		result := result || ' | table: ' || coalesce(r, 'empty');
		RETURN NEXT;
	END LOOP;
END $$;
SELECT * FROM pg_temp.dom('(SELECT to_jsonb(fdb_tuple_populate_record(NULL::dom, fdb::fdb_tuple)) FROM din WHERE k = %s)');
SELECT * FROM pg_temp.dom_load('(SELECT fdb_tuple_load(ARRAY[fdb::fdb_tuple], ''dom'') FROM din WHERE k = %s)', 'dom');
SELECT * FROM pg_temp.dom('(SELECT to_jsonb(crdb_key_populate_record(NULL::dom, crdb)) FROM din WHERE k = %s)');
SELECT * FROM pg_temp.dom('(SELECT to_jsonb(mysql_row_populate_record(NULL::dom, mrow, ' || :'dcols' || ')) FROM din WHERE k = %s)');
SELECT * FROM pg_temp.dom('(SELECT string_agg(to_jsonb(p)::text, '' '') FROM din, mysql_conversation_rows(conv, NULL::dom) p WHERE k = %s)');
SELECT * FROM pg_temp.dom_load('(SELECT mysql_conversation_load(conv, ''dom'') FROM din WHERE k = %s)', 'dom');
-- crdb_key_decode_value: a domain sample
SELECT pg_temp.fresh('crdb_key_decode_value(crdb_key_encode_value(1::int8), NULL::d_i8)') AS pass,
	   pg_temp.fresh('crdb_key_decode_value(crdb_key_encode_value(200::int8), NULL::d_i8)') AS fail;
-- arrays (a domain over int4[]: {1,2} passes, {1,2,3} fails) and a domain
-- over a composite ((1,2) passes, (200,2) fails)
SELECT 'fdb' AS codec, pg_temp.fresh(format('to_jsonb(fdb_tuple_populate_record(NULL::dom_a, fdb_tuple_pack(%s)))', v)) AS arr,
	   pg_temp.fresh(format('to_jsonb(fdb_tuple_populate_record(NULL::dom_c, fdb_tuple_pack(ROW(%s, 2))))', x)) AS comp
FROM (VALUES ('ROW(1, 2)', 1), ('ROW(1, 2, 3)', 200)) v(v, x)
UNION ALL
SELECT 'crdb', pg_temp.fresh(format('to_jsonb(crdb_key_populate_record(NULL::dom_a, crdb_key_encode(''\xbd89'', NULL, %s::int4[])))', v)),
	   pg_temp.fresh(format('to_jsonb(crdb_key_populate_record(NULL::dom_c, crdb_key_encode(''\xbd89'', NULL, ROW(%s, 2)::dpt)))', x))
FROM (VALUES ('''{1,2}''', 1), ('''{1,2,3}''', 200)) v(v, x)
UNION ALL
SELECT 'mysql', pg_temp.fresh(format('to_jsonb(mysql_row_populate_record(NULL::dom_a, pg_temp.trow(%L), ARRAY[pg_temp.cd(''a'', 255, 253)]))', v)),
	   pg_temp.fresh(format('to_jsonb(mysql_row_populate_record(NULL::dom_c, pg_temp.trow(%L), ARRAY[pg_temp.cd(''c'', 255, 253)]))', '(' || x || ',2)'))
FROM (VALUES ('{1,2}', 1), ('{1,2,3}', 200)) v(v, x);
-- the binlog (wcb.ints row 2 has i = 2147483647): a domain on i that
-- passes, one that fails
CREATE DOMAIN d_i_ok AS int4 CHECK (VALUE <> 12345);
CREATE TYPE ints_dom_ok AS (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i d_i_ok,
							iu int8, bi int8, biu numeric);
CREATE TABLE ints_dom (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i d_i4,
					   iu int8, bi int8, biu numeric);
SELECT pg_temp.fresh('(SELECT string_agg((r.after).i::text, '','') FROM bl, mysql_binlog_rows(b, ''wcb'', ''ints'', NULL::ints_dom_ok) r WHERE name = ''full'')') AS pass,
	   pg_temp.fresh('(SELECT string_agg((r.after).i::text, '','') FROM bl, mysql_binlog_rows(b, ''wcb'', ''ints'', NULL::ints_dom) r WHERE name = ''full'')') AS fail,
	   pg_temp.fresh('(SELECT mysql_binlog_load(b, ''wcb'', ''ints'', ''ints_dom'') FROM bl WHERE name = ''full'')') AS fail_load;

-- =====================================================================
-- Range errors of each conversion, the same kinds for every codec
-- =====================================================================
CREATE TABLE r_i2 (v int2);
CREATE TABLE r_i4 (v int4);
CREATE TABLE r_i8 (v int8);
CREATE TABLE r_num (v numeric(5, 2));
CREATE TABLE r_vc (v varchar(2));
CREATE TABLE r_f4 (v float4);
-- 8 bytes little-endian
CREATE FUNCTION pg_temp.le(b bytea) RETURNS bytea LANGUAGE sql AS $$
SELECT string_agg(substring(b FROM i FOR 1), ''::bytea ORDER BY i DESC) FROM generate_series(1, length(b)) i $$;
CREATE TEMP TABLE rv AS
SELECT * FROM (VALUES
 (1, 'int2 <- 70000', 'r_i2', fdb_tuple_pack(70000::int8)::bytea, crdb_key_encode('\xbd89', NULL, 70000::int8),
  'NULL::int2', crdb_key_encode_value(70000::int8), pg_temp.cd('v', 63, 8), pg_temp.trow('70000'), pg_temp.le(int8send(70000))),
 (2, 'int4 <- 3000000000', 'r_i4', fdb_tuple_pack(3000000000::int8)::bytea, crdb_key_encode('\xbd89', NULL, 3000000000::int8),
  'NULL::int4', crdb_key_encode_value(3000000000::int8), pg_temp.cd('v', 63, 8), pg_temp.trow('3000000000'), pg_temp.le(int8send(3000000000))),
 (3, 'int8 <- 18446744073709551615', 'r_i8', fdb_tuple_pack(18446744073709551615::numeric)::bytea,
  crdb_key_encode('\xbd89', NULL, 18446744073709551615::numeric),
  'NULL::int8', crdb_key_encode_value(18446744073709551615::numeric), pg_temp.cd('v', 63, 8, 32), pg_temp.trow('18446744073709551615'),
  '\xffffffffffffffff'::bytea),
 (4, 'numeric(5,2) <- 1234567', 'r_num', fdb_tuple_pack(1234567::int8)::bytea, crdb_key_encode('\xbd89', NULL, 1234567::int8),
  'NULL::numeric(5,2)', crdb_key_encode_value(1234567::int8), pg_temp.cd('v', 63, 8), pg_temp.trow('1234567'), pg_temp.le(int8send(1234567))),
 (5, 'varchar(2) <- ''xyz''', 'r_vc', fdb_tuple_pack('xyz'::text)::bytea, crdb_key_encode('\xbd89', NULL, 'xyz'::text),
  'NULL::varchar(2)', crdb_key_encode_value('xyz'::text), pg_temp.cd('v', 255, 253), pg_temp.trow('xyz'), mysql_lenenc_str('xyz')),
 (6, 'float4 <- 1e300', 'r_f4', fdb_tuple_pack(1e300::float8)::bytea, crdb_key_encode('\xbd89', NULL, 1e300::float8),
  'NULL::float4', crdb_key_encode_value(1e300::float8), pg_temp.cd('v', 63, 5), pg_temp.trow('1e300'), pg_temp.le(float8send(1e300))),
 -- the same as 4 with a decimal element where the codec has one
 (7, 'numeric(5,2) <- 1234567 (decimal)', 'r_num', fdb_tuple_pack(1234567::numeric)::bytea, crdb_key_encode('\xbd89', NULL, 1234567::numeric),
  'NULL::numeric(5,2)', crdb_key_encode_value(1234567::numeric), pg_temp.cd('v', 63, 246), pg_temp.trow('1234567'), mysql_lenenc_str('1234567')),
 -- no error: the column's scale rounds (1.23); fdb has no decimal element (a double)
 (8, 'numeric(5,2) <- 1.234 (rounds, no error)', 'r_num', fdb_tuple_pack(1.234::float8)::bytea, crdb_key_encode('\xbd89', NULL, 1.234::numeric),
  'NULL::numeric(5,2)', crdb_key_encode_value(1.234::numeric), pg_temp.cd('v', 63, 246), pg_temp.trow('1.234'), mysql_lenenc_str('1.234'))
) v(n, kind, tbl, fdb, crdb, sample, crdb_el, cd, mtext, mbin);
ALTER TABLE rv ADD COLUMN conv bytea;
UPDATE rv SET conv = pg_temp.conv(ARRAY[cd], ARRAY[mtext]);
-- one result, the table emptied after a loader
CREATE FUNCTION pg_temp.rng(tmpl text, tbl text DEFAULT NULL) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	r := pg_temp.fresh(tmpl);
	IF tbl IS NOT NULL THEN
		EXECUTE format('DELETE FROM %I', tbl);
	END IF;
	RETURN r;
END $$;
\pset format unaligned
\pset fieldsep ' | '
-- FoundationDB tuples
SELECT kind, pg_temp.rng(format('to_jsonb(fdb_tuple_populate_record(NULL::%s, %L::bytea))', tbl, fdb)) AS populate,
	   pg_temp.rng(format('fdb_tuple_load(ARRAY[%L::bytea::fdb_tuple], %L)', fdb, tbl), tbl) AS load
FROM rv ORDER BY n;
-- CockroachDB keys
SELECT kind, pg_temp.rng(format('to_jsonb(crdb_key_populate_record(NULL::%s, %L::bytea))', tbl, crdb)) AS populate,
	   pg_temp.rng(format('crdb_key_decode_value(%L::bytea, %s)', crdb_el, sample)) AS decode_value
FROM rv ORDER BY n;
-- MySQL protocol rows
SELECT kind, pg_temp.rng(format('to_jsonb(mysql_row_populate_record(NULL::%s, %L::bytea, ARRAY[%L::bytea]))', tbl, mtext, cd)) AS text_row,
	   pg_temp.rng(format('to_jsonb(mysql_row_populate_record(NULL::%s, %L::bytea, ARRAY[%L::bytea], true))', tbl, '\x0000'::bytea || mbin, cd)) AS binary_row
FROM rv ORDER BY n;
SELECT kind, pg_temp.rng(format('(SELECT string_agg(to_jsonb(p)::text, '' '') FROM mysql_conversation_rows(%L::bytea, NULL::%s) p)', conv, tbl)) AS conversation_rows,
	   pg_temp.rng(format('mysql_conversation_load(%L::bytea, %L)', conv, tbl), tbl) AS conversation_load
FROM rv ORDER BY n;
-- MySQL binlogs (the MariaDB file with column names): wcb.ints row 2 (siu
-- 65535, iu 4294967295, biu 18446744073709551615), wcb.nums (d1 12345678.91,
-- db -1.7976931348623157e+308), wcb.strs (vc longer than 2)
CREATE TABLE b_i2 (id int, ti int2, tiu int2, si int2, siu int2, mi int4, miu int4, i int4, iu int8, bi int8, biu numeric);
CREATE TABLE b_i4 (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i int4, iu int4, bi int8, biu numeric);
CREATE TABLE b_i8 (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i int4, iu int8, bi int8, biu int8);
CREATE TABLE b_num (y int, id int, d1 numeric(5,2), d2 numeric, d3 numeric, d4 numeric,
					d5 numeric, f float4, db float8, b1 bit(1), b64 bit(64), b10 varbit);
CREATE TABLE b_f4 (y int, id int, d1 numeric(10,2), d2 numeric, d3 numeric, d4 numeric,
				   d5 numeric, f float4, db float4, b1 bit(1), b64 bit(64), b10 varbit);
CREATE TABLE b_vc (id int, c text, c255 text, vc varchar(2), vl text, va text, vu2 text,
				   vu16 text, vu32 text, vu3 text, bn bytea, vb bytea, tt text, tx text,
				   mt text, lt text, tb bytea, bb bytea, mb bytea, lb bytea, e text, st text,
				   j jsonb, g bytea, p bytea);
SELECT kind, pg_temp.rng(format('(SELECT count(*) FROM bl, mysql_binlog_rows(b, ''wcb'', %L, NULL::%s) r WHERE name = ''full'')', t, tbl)) AS binlog_rows,
	   pg_temp.rng(format('(SELECT mysql_binlog_load(b, ''wcb'', %L, %L) FROM bl WHERE name = ''full'')', t, tbl), tbl) AS binlog_load
FROM (VALUES (1, 'int2 <- 65535', 'b_i2', 'ints'), (2, 'int4 <- 4294967295', 'b_i4', 'ints'),
			 (3, 'int8 <- 18446744073709551615', 'b_i8', 'ints'), (4, 'numeric(5,2) <- 12345678.91', 'b_num', 'nums'),
			 (5, 'varchar(2) <- vc', 'b_vc', 'strs'), (6, 'float4 <- -1.7976931348623157e+308', 'b_f4', 'nums')) v(n, kind, tbl, t)
ORDER BY n;
\pset format aligned
\pset fieldsep '|'
