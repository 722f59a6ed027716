-- check.sql: decode one binlog of the workload with wirecodec and compare
-- (1) the final contents of every table, replayed from mysql_binlog_rows
--     in log order, with what the server holds (export.sql), value by value,
--     and every GEOMETRY value with the server's ST_SRID and ST_AsBinary of
--     it (geo_audit, which geo's triggers fill);
-- (2) every row event's position and row count, every value and every
--     row's GTID with the server's own tool, mariadb-binlog or mysqlbinlog
--     -vv --base64-output=decode-rows;
-- (3) each table's rows from the typed form, mysql_binlog_rows(binlog,
--     schema, table, base), with the jsonb form's read into the same row type.
-- psql variables: name (the configuration), server (mariadb or mysql), bin
-- (the binlog, read on the client side into a large object), state
-- (export.sql's output), verbose (the tool's output), keys ('names' when
-- the log has column names).
\set ON_ERROR_STOP 1
\set QUIET 1
SET client_min_messages = warning;
-- values over 16 MB go through many temporary tables: lz4 packs them much
-- faster than pglz
SET default_toast_compression = 'lz4';
CREATE EXTENSION IF NOT EXISTS wirecodec;

SELECT CASE :'server' WHEN 'mysql' THEN 'mysqlbinlog' ELSE 'mariadb-binlog' END AS tool \gset
CREATE TABLE IF NOT EXISTS binlog_check (name text, what text, bad bigint, total bigint);

-- the binlog as a large object, decoded by both readers
\lo_import :bin
SELECT :LASTOID AS lo \gset
CREATE TEMP TABLE r AS SELECT * FROM mysql_binlog_rows_lo(:lo::oid);
CREATE TEMP TABLE ev AS SELECT * FROM mysql_binlog_events_lo(:lo::oid);
SELECT lo_unlink(:lo::oid) \gset

-- the bytea functions agree with the large-object ones
CREATE TEMP TABLE rb AS
SELECT * FROM mysql_binlog_rows(pg_read_binary_file(:'bin'));
INSERT INTO binlog_check
SELECT :'name', 'bytea and large object agree',
       (SELECT count(*) FROM ((TABLE r EXCEPT ALL TABLE rb) UNION ALL (TABLE rb EXCEPT ALL TABLE r)) d),
       (SELECT count(*) FROM r);

-- event_index, row_in_event is unique: it orders the rows (inside a
-- TRANSACTION_PAYLOAD_EVENT too, whose events' rows count on)
INSERT INTO binlog_check
SELECT :'name', 'event_index, row_in_event orders the rows',
       count(*) - count(DISTINCT (event_index, row_in_event)), count(*)
FROM r;

-- (1) replay into (table, id) -> row, merging minimal images; every
-- before image must hold what the replay holds for its columns (so each
-- after image, partial JSON updates applied, is checked against the next
-- change's before image as the server logged it)
CREATE TEMP TABLE state (tbl text, id bigint, doc jsonb, PRIMARY KEY (tbl, id));
CREATE TEMP TABLE replay_errors (msg text);
CREATE TEMP TABLE before_check (bad bool);
DO $$
DECLARE
	x record;
	k text := CASE WHEN current_setting('wc.keys') = 'names' THEN 'id' ELSE '@1' END;
	n int;
	d jsonb;
BEGIN
	FOR x IN SELECT * FROM r WHERE schema_name = 'wcb' ORDER BY event_index, row_in_event LOOP
		IF x.change <> 'insert' THEN
			SELECT doc INTO d FROM state WHERE tbl = x.table_name AND id = (x.before->>k)::bigint;
			IF d IS NOT NULL THEN
				INSERT INTO before_check
				SELECT count(*) > 0 FROM jsonb_each(x.before) b WHERE d ? b.key AND d -> b.key <> b.value;
				IF (SELECT bad FROM before_check ORDER BY ctid DESC LIMIT 1) THEN
					INSERT INTO replay_errors VALUES (format('before image differs from the replayed row %s: %s',
															  x, d));
				END IF;
			END IF;
		END IF;
		IF x.change = 'insert' THEN
			INSERT INTO state VALUES (x.table_name, (x.after->>k)::bigint, x.after);
		ELSIF x.change = 'update' THEN
			UPDATE state SET doc = doc || x.after, id = coalesce((x.after->>k)::bigint, id)
			WHERE tbl = x.table_name AND id = (x.before->>k)::bigint;
			GET DIAGNOSTICS n = ROW_COUNT;
			IF n <> 1 THEN INSERT INTO replay_errors VALUES (format('update of a missing row %s', x)); END IF;
		ELSE
			DELETE FROM state WHERE tbl = x.table_name AND id = (x.before->>k)::bigint;
			GET DIAGNOSTICS n = ROW_COUNT;
			IF n <> 1 THEN INSERT INTO replay_errors VALUES (format('delete of a missing row %s', x)); END IF;
		END IF;
	END LOOP;
END $$;

CREATE TEMP TABLE want (tbl text, id bigint, doc jsonb);
\set copy '\\copy want FROM ' :'state'
:copy

-- with positional keys, rename the server's names to @1, @2, ...
CREATE TEMP TABLE colpos (tbl text, name text, pos int);
INSERT INTO colpos
SELECT 'ints', n, o FROM unnest('{id,ti,tiu,si,siu,mi,miu,i,iu,bi,biu}'::text[]) WITH ORDINALITY u(n, o)
UNION ALL
SELECT 'nums', n, o FROM unnest('{id,d1,d2,d3,d4,d5,f,db,b1,b64,b10,y}'::text[]) WITH ORDINALITY u(n, o)
UNION ALL
SELECT 'times', n, o FROM unnest('{id,dt,t0,t1,t3,t6,dt0,dt2,dt4,dt6,ts0,ts1,ts3,ts6}'::text[]) WITH ORDINALITY u(n, o)
UNION ALL
SELECT 'strs', n, o FROM unnest('{id,c,c255,vc,vl,va,vu2,vu16,vu32,vu3,bn,vb,tt,tx,mt,lt,tb,bb,mb,lb,e,st,j}'::text[]) WITH ORDINALITY u(n, o)
UNION ALL
SELECT 'geo', n, o FROM unnest('{id,g,p}'::text[]) WITH ORDINALITY u(n, o)
UNION ALL
SELECT 'geo_audit', n, o
FROM unnest('{id,op,geo_id,old_g_srid,old_g,old_p_srid,old_p,new_g_srid,new_g,new_p_srid,new_p}'::text[])
	 WITH ORDINALITY u(n, o)
UNION ALL
SELECT 'huge', n, o FROM unnest('{id,n,lb,lt,j}'::text[]) WITH ORDINALITY u(n, o)
UNION ALL
SELECT 'docs', n, o FROM unnest('{id,j,v}'::text[]) WITH ORDINALITY u(n, o)
UNION ALL
SELECT 'many', n, o FROM unnest('{id,v}'::text[]) WITH ORDINALITY u(n, o);

-- the rows over 16 MB: LONGBLOB and LONGTEXT as length:SHA-256 of their bytes,
-- as export-huge.sql gives them
CREATE FUNCTION pg_temp.digest(b bytea) RETURNS jsonb LANGUAGE sql AS $$
	SELECT to_jsonb(length(b) || ':' || encode(sha256(b), 'hex')) $$;
CREATE TEMP TABLE got_kv AS
SELECT s.tbl, s.id, k.key,
	   CASE WHEN s.tbl = 'huge' AND k.key = 'lb' AND jsonb_typeof(e.value) = 'string'
				THEN pg_temp.digest(decode(substr(e.value #>> '{}', 3), 'hex'))
			WHEN s.tbl = 'huge' AND k.key = 'lt' AND jsonb_typeof(e.value) = 'string'
				THEN pg_temp.digest(convert_to(e.value #>> '{}', 'UTF8'))
			ELSE e.value END AS value
FROM state s CROSS JOIN LATERAL jsonb_each(s.doc) e
LEFT JOIN colpos c ON c.tbl = s.tbl AND '@' || c.pos = e.key
CROSS JOIN LATERAL (SELECT coalesce(c.name, e.key) AS key) k;
CREATE TEMP TABLE want_kv AS
SELECT w.tbl, w.id, e.key, e.value FROM want w, jsonb_each(w.doc) e;

-- values compare as jsonb; FLOAT and DOUBLE as the float they name (the
-- server prints FLOAT with 6 digits); without names in the log, ENUM and
-- SET are their index and bitmask; an absent key stands for a default NULL;
-- MySQL's binary JSON is the document, which the server exports as text
CREATE TEMP TABLE diffs AS
SELECT coalesce(g.tbl, w.tbl) AS tbl, coalesce(g.id, w.id) AS id, coalesce(g.key, w.key) AS key,
       g.value AS got, w.value AS want
FROM got_kv g FULL JOIN want_kv w USING (tbl, id, key)
WHERE NOT (g.value IS NOT DISTINCT FROM w.value
		   OR (g.value IS NULL AND w.value = 'null'::jsonb)
		   OR (coalesce(g.key, w.key) = 'f' AND jsonb_typeof(g.value) = 'number' AND
			   (g.value #>> '{}')::float4::numeric(60,0) = 0 AND (w.value #>> '{}')::float4::numeric(60,0) = 0
			   AND abs((g.value #>> '{}')::float8 - (w.value #>> '{}')::float8) < 1e-40)
		   OR (coalesce(g.key, w.key) = 'f' AND jsonb_typeof(g.value) = 'number' AND
			   abs((g.value #>> '{}')::float8 / nullif((w.value #>> '{}')::float8, 0) - 1) < 1e-5)
		   OR (coalesce(g.key, w.key) = 'db' AND (g.value #>> '{}')::float8 = (w.value #>> '{}')::float8)
		   OR (current_setting('wc.keys') <> 'names' AND coalesce(g.key, w.key) IN ('e', 'st') AND
			   jsonb_typeof(g.value) = 'number')
		   OR (:'server' = 'mysql' AND coalesce(g.key, w.key) = 'j' AND jsonb_typeof(w.value) = 'string'
			   AND jsonb_typeof(g.value) <> 'string' AND (w.value #>> '{}')::jsonb = g.value));
INSERT INTO binlog_check
SELECT :'name', 'replayed rows equal the tables', (SELECT count(*) FROM diffs) + (SELECT count(*) FROM replay_errors),
       (SELECT count(*) FROM want_kv);
SELECT format('   %s: %s id %s %s: got %s, want %s', :'name', tbl, id, key, left(got::text, 120), left(want::text, 120))
FROM diffs ORDER BY 1 LIMIT 20;
INSERT INTO binlog_check
SELECT :'name', 'before images equal the replayed rows', count(*) FILTER (WHERE bad), count(*)
FROM before_check;
SELECT '   ' || left(msg, 400) FROM replay_errors LIMIT 5;

-- GEOMETRY value by value: the k-th change of geo in the log against the
-- k-th row of geo_audit, where geo's triggers wrote the change's old and
-- new values through the server's ST_SRID and ST_AsBinary; every value an
-- image holds must be the SRID (4 bytes little-endian) followed by the WKB
CREATE FUNCTION pg_temp.geometry(srid jsonb, wkb jsonb) RETURNS jsonb LANGUAGE sql AS $$
	SELECT CASE WHEN jsonb_typeof(wkb) = 'string' THEN
		to_jsonb('\x' || substr(h, 7, 2) || substr(h, 5, 2) || substr(h, 3, 2) || substr(h, 1, 2)
				 || substr(wkb #>> '{}', 3))
		ELSE 'null'::jsonb END
	FROM (SELECT lpad(to_hex((srid #>> '{}')::bigint), 8, '0') AS h) s $$;
CREATE TEMP TABLE geo_changes AS
SELECT row_number() OVER (ORDER BY event_index, row_in_event) AS n, change, before, after
FROM r WHERE schema_name = 'wcb' AND table_name = 'geo';
CREATE TEMP TABLE geo_values AS
SELECT coalesce(c.n, a.id) AS n, c.change, a.doc ->> 'op' AS op, v.image, v.col, v.ours, v.want
FROM geo_changes c
FULL JOIN (SELECT * FROM want WHERE tbl = 'geo_audit') a ON a.id = c.n
LEFT JOIN LATERAL (
	VALUES ('before', 'g', coalesce(c.before -> 'g', c.before -> '@2'),
			pg_temp.geometry(a.doc -> 'old_g_srid', a.doc -> 'old_g')),
		   ('before', 'p', coalesce(c.before -> 'p', c.before -> '@3'),
			pg_temp.geometry(a.doc -> 'old_p_srid', a.doc -> 'old_p')),
		   ('after', 'g', coalesce(c.after -> 'g', c.after -> '@2'),
			pg_temp.geometry(a.doc -> 'new_g_srid', a.doc -> 'new_g')),
		   ('after', 'p', coalesce(c.after -> 'p', c.after -> '@3'),
			pg_temp.geometry(a.doc -> 'new_p_srid', a.doc -> 'new_p'))) v(image, col, ours, want)
	ON v.ours IS NOT NULL;
INSERT INTO binlog_check
SELECT :'name', 'GEOMETRY values as ST_SRID and ST_AsBinary',
	   count(*) FILTER (WHERE change IS DISTINCT FROM op OR ours IS DISTINCT FROM want),
	   count(*)
FROM geo_values;
SELECT format('   %s: change %s of geo (%s, %s) %s %s: ours %s, server %s', :'name', n, change, op, image, col,
			  left(ours::text, 120), left(want::text, 120))
FROM geo_values WHERE change IS DISTINCT FROM op OR ours IS DISTINCT FROM want ORDER BY n LIMIT 10;

-- (2) the tool's -vv text: "# at N" starts an event, "### INSERT INTO" /
-- "### UPDATE" / "### DELETE FROM" a row, "###   @k=v /* TYPE ... */" a value
CREATE TEMP TABLE vtxt (n bigserial, line text);
\set copy '\\copy vtxt (line) FROM ' :'verbose' ' WITH (FORMAT csv, DELIMITER E''\\x01'', QUOTE E''\\x02'', ENCODING ''LATIN1'')'
:copy
CREATE TEMP TABLE vrow AS
SELECT n, line,
       max(CASE WHEN line ~ '^# at [0-9]+$' THEN substr(line, 6)::bigint END) OVER (ORDER BY n) AS at,
       count(*) FILTER (WHERE line ~ '^### (INSERT INTO|UPDATE|DELETE FROM) ') OVER (ORDER BY n) AS stmt
FROM vtxt;
-- the tool's rows: where it printed them, their order there, their table.
-- mysqlbinlog prints the rows of a statement split over several events
-- after the last of them, and the events inside a TRANSACTION_PAYLOAD_EVENT
-- at the payload's end; it stops an event at a GEOMETRY value (it cannot
-- print one), so on MySQL the geo table is compared through the replay only
CREATE TEMP TABLE trow AS
SELECT stmt, n, at, row_number() OVER (PARTITION BY at ORDER BY n) AS k,
       (regexp_match(line, '^### [A-Z ]+ `[^`]*`\.`([^`]*)`'))[1] AS tbl
FROM vrow WHERE line ~ '^### (INSERT INTO|UPDATE|DELETE FROM) ';
CREATE TEMP TABLE tpos AS SELECT DISTINCT at FROM trow;
-- our rows at the position where the tool prints them
CREATE TEMP TABLE orow AS
SELECT o.*, row_number() OVER (PARTITION BY o.at ORDER BY o.event_index, o.row_in_event) AS k
FROM (SELECT r.*, (SELECT min(t.at) FROM tpos t
				   WHERE t.at >= CASE WHEN e.event_type_name = 'TRANSACTION_PAYLOAD_EVENT'
									  THEN e.log_pos ELSE e.byte_offset END) AS at
	  FROM r JOIN ev e USING (event_index)) o;
CREATE TEMP TABLE skipped AS
SELECT DISTINCT at FROM trow WHERE :'server' = 'mysql' AND tbl = 'geo';
-- rows per position: the server's tool and wirecodec
CREATE TEMP TABLE counts AS
SELECT coalesce(t.at, o.at) AS at, coalesce(t.rows, 0) AS tool, coalesce(o.rows, 0) AS ours
FROM (SELECT at, count(*) AS rows FROM trow GROUP BY at) t
FULL JOIN (SELECT at, count(*) AS rows FROM orow GROUP BY at) o USING (at)
WHERE coalesce(t.at, o.at) IS NULL OR coalesce(t.at, o.at) NOT IN (SELECT at FROM skipped);
INSERT INTO binlog_check
SELECT :'name', 'rows per event as ' || :'tool', count(*) FILTER (WHERE tool <> ours), count(*)
FROM counts;
SELECT format('   %s: rows printed at %s: %s %s rows, wirecodec %s', :'name', at, :'tool', tool, ours)
FROM counts WHERE tool <> ours ORDER BY at NULLS FIRST LIMIT 10;

-- every row's GTID: the tool's last "SET @@SESSION.GTID_NEXT= '...'"
-- (MySQL; ANONYMOUS is our NULL) or "GTID d-s-n" (MariaDB) before it
CREATE TEMP TABLE tgtid AS
SELECT n, coalesce((regexp_match(line, '^SET @@SESSION\.GTID_NEXT= ''([^'']*)''/'))[1],
				   (regexp_match(line, '^#.*\sGTID ([0-9]+-[0-9]+-[0-9]+)(\s|$)'))[1]) AS gtid
FROM vtxt
WHERE left(line, 3) <> '###'	-- not through a value's text (some over 16 MB)
  AND (line ~ '^SET @@SESSION\.GTID_NEXT= ''' OR line ~ '^#.*\sGTID [0-9]+-[0-9]+-[0-9]+(\s|$)');
CREATE TEMP TABLE gtids AS
SELECT t.at, t.k, nullif((SELECT g.gtid FROM tgtid g WHERE g.n < t.n ORDER BY g.n DESC LIMIT 1), 'ANONYMOUS') AS tool,
       o.gtid AS ours
FROM trow t JOIN orow o USING (at, k);
INSERT INTO binlog_check
SELECT :'name', 'GTIDs as ' || :'tool', count(*) FILTER (WHERE tool IS DISTINCT FROM ours), count(*)
FROM gtids;
SELECT format('   %s: row %s at %s: %s GTID %s, wirecodec %s', :'name', k, at, :'tool', tool, ours)
FROM gtids WHERE tool IS DISTINCT FROM ours ORDER BY at, k LIMIT 5;

-- every value: the tool's text next to ours, in the tool's notation.
-- "###   @k=VALUE /* TYPE(...) meta=N nullable=B is_null=B */" splits into
-- {VALUE, TYPE, (...), N, B}; a line over 100,000 characters (a value
-- over 16 MB) is split at the comment its last 200 characters hold, which
-- the expression over the whole line would take seconds to find
CREATE FUNCTION pg_temp.tool_value(line text) RETURNS text[] LANGUAGE sql AS $$
	SELECT CASE WHEN length(line) < 100000 THEN
		regexp_match(line, '^###   @[0-9]+=(.*) /\* ([A-Z_0-9/]+)(\([^)]*\))? meta=([0-9]+) nullable=[01] is_null=([01]) \*/$')
	ELSE
		(SELECT ARRAY[substr(line, length(h) + 1, length(line) - length(h) - length(t[1])), t[2], t[3], t[4], t[5]]
		 FROM (SELECT substring(left(line, 40) FROM '^###   @[0-9]+=') AS h,
					  regexp_match(right(line, 200),
								   '( /\* ([A-Z_0-9/]+)(\([^)]*\))? meta=([0-9]+) nullable=[01] is_null=([01]) \*/)$') AS t) s
		 WHERE h IS NOT NULL AND t IS NOT NULL)
	END $$;
CREATE TEMP TABLE tvals AS
SELECT stmt, line, (regexp_match(left(line, 40), '^###   @([0-9]+)='))[1]::int AS col,
       pg_temp.tool_value(line) AS m,
       image
FROM (SELECT v.*, count(*) FILTER (WHERE line ~ '^### (SET|WHERE)$') OVER (PARTITION BY stmt ORDER BY n) AS image
	  FROM vrow v) v
WHERE line ~ '^###   @[0-9]+=';
CREATE TEMP TABLE pairs AS
SELECT t.stmt, tr.at, tr.k, t.col, t.image, t.m[1] AS tool, t.m[2] AS type, t.m[5] = '1' AS is_null,
       CASE WHEN o.change = 'update' AND t.image = 2 THEN o.after
            WHEN o.change = 'insert' THEN o.after ELSE o.before END AS doc,
       o.before AS before_doc, o.table_name
FROM tvals t JOIN trow tr USING (stmt) JOIN orow o USING (at, k)
WHERE tr.at NOT IN (SELECT at FROM skipped)
  -- a partial JSON update, which mysqlbinlog prints as the diffs
  -- (JSON_REPLACE(@2, '$.a', 2), over several lines): checked through the
  -- before images above
  AND t.line !~ '^###   @[0-9]+=JSON_(INSERT|REPLACE|REMOVE)\(';
CREATE TEMP TABLE pvals AS
SELECT p.*, coalesce(p.doc -> c.name, p.doc -> ('@' || p.col)) AS ours,
       coalesce(p.before_doc -> c.name, p.before_doc -> ('@' || p.col)) AS ours_before
FROM pairs p LEFT JOIN colpos c ON c.tbl = p.table_name AND c.pos = p.col;

-- the tool's notation of our value: numbers as they are, strings quoted
-- (the tool's text is read as Latin-1, one character a byte; mariadb-binlog
-- writes bytes below 20 as \xNN, mysqlbinlog also \b \t \n \r \' \\),
-- DATE as YYYY:MM:DD, TIMESTAMP as seconds, BIT as b'...', ENUM/SET as
-- numbers; MySQL's JSON as its text, VECTOR as floats
-- (a value over 16 MB is taken apart into the parts that hold a byte to
-- escape, which go byte by byte, and the others, which are as they are)
CREATE FUNCTION pg_temp.escaped(b bytea, mysql bool) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	t text;
	n int := length(b) / 16 + 1;
	special text := CASE WHEN mysql THEN '[\x01-\x1f''\\]' ELSE '[\x01-\x1f]' END;
BEGIN
	IF position('\x00'::bytea IN b) = 0 THEN
		t := convert_from(b, 'LATIN1');
		IF t !~ special THEN
			RETURN t;
		END IF;
	END IF;
	IF length(b) > 4096 THEN
		RETURN (SELECT string_agg(pg_temp.escaped(substring(b FROM i + 1 FOR n), mysql), '' ORDER BY i)
				FROM generate_series(0, length(b) - 1, n) i);
	END IF;
	RETURN (SELECT coalesce(string_agg(
		CASE WHEN mysql AND x IN (8, 9, 10, 13, 39, 92) THEN
				'\' || translate(chr(x), E'\b\t\n\r''\\', 'btnr''\')
			 WHEN x >= 32 THEN chr(x) ELSE '\x' || lpad(to_hex(x), 2, '0') END,
		'' ORDER BY i), '')
	FROM (SELECT get_byte(b, i) AS x, i FROM generate_series(0, length(b) - 1) i) s);
END $$;
CREATE FUNCTION pg_temp.quoted(b bytea, mysql bool) RETURNS text LANGUAGE sql AS $$
	SELECT '''' || pg_temp.escaped(b, mysql) || '''' $$;
-- mysqlbinlog's quoted text back to the UTF-8 it quotes
CREATE FUNCTION pg_temp.unquoted(t text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	b bytea := convert_to(substr(t, 2, length(t) - 2), 'LATIN1');
	o bytea := '';
	i int := 0;
	c int;
BEGIN
	IF position('\\'::bytea IN b) = 0 THEN
		RETURN convert_from(b, 'UTF8');
	END IF;
	WHILE i < length(b) LOOP
		c := get_byte(b, i);
		IF c = 92 AND get_byte(b, i + 1) = 120 THEN		-- \xNN
			o := o || decode(convert_from(substring(b FROM i + 3 FOR 2), 'LATIN1'), 'hex');
			i := i + 4;
		ELSIF c = 92 THEN
			c := get_byte(b, i + 1);
			o := o || set_byte('\x00'::bytea, 0, CASE c WHEN 98 THEN 8 WHEN 116 THEN 9 WHEN 110 THEN 10
															WHEN 114 THEN 13 ELSE c END);
			i := i + 2;
		ELSE
			o := o || set_byte('\x00'::bytea, 0, c);
			i := i + 1;
		END IF;
	END LOOP;
	RETURN convert_from(o, 'UTF8');
END $$;
-- the float at byte i of a little-endian array of IEEE singles
CREATE FUNCTION pg_temp.float4_at(b bytea, i int) RETURNS float8 LANGUAGE sql AS $$
	SELECT (CASE WHEN get_byte(b, i + 3) >= 128 THEN -1 ELSE 1 END) *
		   CASE WHEN e = 0 THEN m * 2::float8 ^ -149 ELSE (1 + m / 8388608.0) * 2::float8 ^ (e - 127) END
	FROM (SELECT ((get_byte(b, i + 3) & 127) << 1) | (get_byte(b, i + 2) >> 7) AS e,
				 (((get_byte(b, i + 2) & 127) << 16) | (get_byte(b, i + 1) << 8) | get_byte(b, i))::float8 AS m) f $$;
CREATE TEMP TABLE verdict AS
SELECT p.*,
	CASE
	WHEN p.is_null THEN p.ours = 'null'::jsonb
	WHEN p.type IN ('TINYINT', 'SHORTINT', 'MEDIUMINT', 'INT', 'LONGINT') THEN	-- "-1 (255)"
		split_part(p.tool, ' ', 1) = p.ours #>> '{}' OR p.tool ~ ('\(' || (p.ours #>> '{}') || '\)$')
	WHEN p.type = 'DECIMAL' THEN p.tool = p.ours #>> '{}'
	WHEN p.type = 'JSON' AND p.tool = '@' || p.col THEN	-- partial JSON, no diffs: unchanged
		p.image = 2 AND p.ours = p.ours_before
	WHEN p.type = 'JSON' THEN	-- the document's text (a string scalar bare), quoted
		CASE WHEN jsonb_typeof(p.ours) = 'string' THEN pg_temp.unquoted(p.tool) = p.ours #>> '{}'
			 ELSE pg_temp.unquoted(p.tool)::jsonb = p.ours END
	WHEN p.type = 'VECTOR' THEN	-- [1.50000e+00,...]
		(SELECT bool_and(abs(pg_temp.float4_at(decode(substr(p.ours #>> '{}', 3), 'hex'), 4 * (i::int - 1)) - x::float8)
						 <= 1e-5 * abs(x::float8))
				AND count(*) * 4 = length(decode(substr(p.ours #>> '{}', 3), 'hex'))
		 FROM unnest(string_to_array(trim(both '[]' FROM p.tool), ',')) WITH ORDINALITY u(x, i))
	WHEN p.type = 'DOUBLE' THEN p.tool::float8 = (p.ours #>> '{}')::float8
	WHEN p.type = 'FLOAT' THEN abs(p.tool::float8 - (p.ours #>> '{}')::float8) <= 1e-5 * abs(p.tool::float8) + 1e-44
	WHEN p.type = 'YEAR' THEN p.tool = p.ours #>> '{}' OR (p.tool = '1900' AND p.ours = '0')
	WHEN p.type = 'DATE' THEN p.tool = '''' || replace(p.ours #>> '{}', '-', ':') || ''''
	WHEN p.type IN ('DATETIME', 'TIME') THEN p.tool = '''' || (p.ours #>> '{}') || ''''
	WHEN p.type = 'TIMESTAMP' THEN p.tool::numeric = extract(epoch FROM ((p.ours #>> '{}') || '+00')::timestamptz)
	WHEN p.type = 'BIT' THEN p.tool ~ '^b''[01]+''$' AND
		(SELECT sum(((substr(p.tool, 3 + i, 1))::int)::numeric * 2::numeric ^ (length(p.tool) - 4 - i)) FROM generate_series(0, length(p.tool) - 4) i) = (p.ours #>> '{}')::numeric
	WHEN p.type IN ('ENUM', 'SET') THEN jsonb_typeof(p.ours) = 'string' OR p.tool = p.ours #>> '{}'
		OR (p.type = 'SET' AND p.tool ~ '^b''[01]+''$')
	WHEN (p.type IN ('STRING', 'VARSTRING', 'GEOMETRY') OR p.type ~ 'BLOB') AND (p.ours #>> '{}') ~ '^\\x' THEN
		p.tool = pg_temp.quoted(decode(substr(p.ours #>> '{}', 3), 'hex'), :'server' = 'mysql')
		OR (p.type = 'STRING' AND p.tool = pg_temp.quoted(rtrim(decode(substr(p.ours #>> '{}', 3), 'hex'), '\x00'::bytea), :'server' = 'mysql'))
	WHEN p.type IN ('STRING', 'VARSTRING') OR p.type ~ 'BLOB' THEN
		CASE WHEN p.table_name = 'strs' AND p.col = 5 THEN	-- latin1: Windows-1252
				p.tool = pg_temp.quoted(convert_to(p.ours #>> '{}', 'WIN1252'), :'server' = 'mysql')
			 WHEN p.table_name = 'strs' AND p.col IN (7, 8, 9) THEN	-- UCS-2, UTF-16, UTF-32
				true	-- not encodings of PostgreSQL: compared through the replay only
			 ELSE p.tool = pg_temp.quoted(convert_to(p.ours #>> '{}', 'UTF8'), :'server' = 'mysql') END
	ELSE NULL END AS ok
FROM pvals p;
INSERT INTO binlog_check
SELECT :'name', 'values as ' || :'tool' || ' -vv', count(*) FILTER (WHERE ok IS NOT TRUE), count(*)
FROM verdict;
SELECT format('   %s: row %s at %s @%s %s: tool %s, ours %s', :'name', k, at, col, type, left(tool, 100), left(ours::text, 100))
FROM verdict WHERE ok IS NOT TRUE ORDER BY at, k, col LIMIT 20;

-- (3) the typed form, mysql_binlog_rows(binlog, schema, table, base), of
-- each table of the workload against the jsonb form: the same changes in
-- the same order (row_in_event counts differently inside a
-- TRANSACTION_PAYLOAD_EVENT, so rows pair by their rank in the table), and
-- every image the jsonb image read into the same row type
-- (jsonb_populate_record, positional keys renamed, BIT's number as bits),
-- compared as jsonb without their null fields (pg_temp.flat).
-- TIMESTAMP goes into timestamp (UTC wall-clock time on both sides); JSON
-- into text on MariaDB (a string in the log), jsonb on MySQL (the binary
-- document).
SET TimeZone = 'UTC';
SELECT CASE :'server' WHEN 'mysql' THEN 'jsonb' ELSE 'text' END AS jtype \gset
CREATE TYPE pg_temp.ints AS (id int, ti int2, tiu int2, si int2, siu int4, mi int4, miu int4, i int4,
							 iu int8, bi int8, biu numeric);
CREATE TYPE pg_temp.nums AS (id int, d1 numeric, d2 numeric, d3 numeric, d4 numeric, d5 numeric,
							 f float4, db float8, b1 bit(1), b64 bit(64), b10 bit(10), y int);
CREATE TYPE pg_temp.times AS (id int, dt date, t0 interval, t1 interval, t3 interval, t6 interval,
							  dt0 timestamp, dt2 timestamp, dt4 timestamp, dt6 timestamp,
							  ts0 timestamp, ts1 timestamp, ts3 timestamp, ts6 timestamp);
CREATE TYPE pg_temp.strs AS (id int, c text, c255 text, vc text, vl text, va text, vu2 text,
							 vu16 text, vu32 text, vu3 text, bn bytea, vb bytea, tt text, tx text,
							 mt text, lt text, tb bytea, bb bytea, mb bytea, lb bytea, e text, st text,
							 j :jtype);
CREATE TYPE pg_temp.geo AS (id int, g bytea, p bytea);
CREATE TYPE pg_temp.geo_audit AS (id int, op text, geo_id int, old_g_srid int8, old_g bytea, old_p_srid int8,
								  old_p bytea, new_g_srid int8, new_g bytea, new_p_srid int8, new_p bytea);
CREATE TYPE pg_temp.huge AS (id int, n int, lb bytea, lt text, j :jtype);
CREATE TYPE pg_temp.docs AS (id int, j jsonb, v bytea);
CREATE TYPE pg_temp.many AS (id int, v text);
-- a BIT column's number as the bit string of the column's width
CREATE FUNCTION pg_temp.bits(v numeric, width int) RETURNS text LANGUAGE sql AS $$
	SELECT string_agg(mod(div(v, 2::numeric ^ i), 2)::text, '' ORDER BY i DESC)
	FROM generate_series(0, width - 1) i $$;
CREATE FUNCTION pg_temp.named(t text, d jsonb) RETURNS jsonb LANGUAGE sql AS $$
	SELECT jsonb_object_agg(k, CASE WHEN t = 'nums' AND k IN ('b1', 'b64', 'b10') AND jsonb_typeof(v) = 'number'
									THEN to_jsonb(pg_temp.bits(v::numeric, substr(k, 2)::int)) ELSE v END)
	FROM (SELECT coalesce(c.name, e.key) AS k, e.value AS v
		  FROM jsonb_each(d) e LEFT JOIN colpos c ON c.tbl = t AND '@' || c.pos = e.key) e $$;
-- An image as jsonb without its null fields: the jsonb form writes SQL NULL
-- and a JSON document that is the JSON null alike (null), which
-- jsonb_populate_record reads as SQL NULL, while the typed form keeps the
-- document; so both sides drop every null field before comparing.
CREATE FUNCTION pg_temp.flat(r anyelement) RETURNS jsonb LANGUAGE sql AS $$
	SELECT CASE WHEN to_jsonb(r) IS NOT NULL THEN
		(SELECT coalesce(jsonb_object_agg(key, value), '{}') FROM jsonb_each(to_jsonb(r))
		 WHERE jsonb_typeof(value) <> 'null') END $$;
-- stored uncompressed: each decode below reads it again, and the files with
-- rows over 16 MB would be decompressed every time
CREATE TEMP TABLE binf (b bytea);
ALTER TABLE binf ALTER COLUMN b SET STORAGE EXTERNAL;
INSERT INTO binf SELECT pg_read_binary_file(:'bin');
CREATE TEMP TABLE typed_pairs (tbl text, n bigint, same bool, typed text, jsonb text);
DO $$
DECLARE
	t text;
BEGIN
	FOR t IN SELECT DISTINCT table_name FROM r WHERE schema_name = 'wcb' ORDER BY 1 LOOP
		EXECUTE format($q$
			INSERT INTO typed_pairs
			SELECT %1$L, coalesce(a.n, j.n),
				   a.change IS NOT DISTINCT FROM j.change
				   AND pg_temp.flat(a.before) IS NOT DISTINCT FROM pg_temp.flat(j.before)
				   AND pg_temp.flat(a.after) IS NOT DISTINCT FROM pg_temp.flat(j.after),
				   format('%%s %%s -> %%s', a.change, a.before, a.after),
				   format('%%s %%s -> %%s', j.change, j.before, j.after)
			FROM (SELECT row_number() OVER (ORDER BY event_index, row_in_event) AS n, change, before, after
				  FROM binf, mysql_binlog_rows(b, 'wcb', %1$L, NULL::pg_temp.%1$I)) a
			FULL JOIN (SELECT row_number() OVER (ORDER BY event_index, row_in_event) AS n, change,
							  jsonb_populate_record(NULL::pg_temp.%1$I, pg_temp.named(%1$L, before)) AS before,
							  jsonb_populate_record(NULL::pg_temp.%1$I, pg_temp.named(%1$L, after)) AS after
					   FROM r WHERE schema_name = 'wcb' AND table_name = %1$L) j USING (n)$q$, t);
	END LOOP;
END $$;
INSERT INTO binlog_check
SELECT :'name', 'typed rows equal the jsonb rows', count(*) FILTER (WHERE same IS NOT TRUE), count(*)
FROM typed_pairs;
SELECT format('   %s: %s row %s: typed %s, jsonb %s', :'name', tbl, n, left(typed, 300), left(jsonb, 300))
FROM typed_pairs WHERE same IS NOT TRUE ORDER BY tbl, n LIMIT 10;
-- mysql_binlog_load: each table's after images and before images loaded
-- into a table of its row type are the typed rows' images, row for row
CREATE TEMP TABLE load_pairs (tbl text, image text, loaded bigint, typed bigint, different bigint);
DO $$
DECLARE
	t text;
	im text;
	n bigint;
BEGIN
	FOR t IN SELECT DISTINCT table_name FROM r WHERE schema_name = 'wcb' ORDER BY 1 LOOP
		EXECUTE format('CREATE TEMP TABLE typed_images AS SELECT change, pg_temp.flat(before) AS before,
							pg_temp.flat(after) AS after
						FROM binf, mysql_binlog_rows(b, %L, %L, NULL::pg_temp.%I)', 'wcb', t, t);
		EXECUTE format('CREATE TEMP TABLE %I OF pg_temp.%I', 'ld_' || t, t);
		FOREACH im IN ARRAY ARRAY['after', 'before'] LOOP
			EXECUTE format('SELECT mysql_binlog_load(b, %L, %L, %L, %L) FROM binf',
						   'wcb', t, 'pg_temp.ld_' || t, im) INTO n;
			EXECUTE format($q$
				INSERT INTO load_pairs
				SELECT %1$L, %2$L, %3$s, (SELECT count(*) FROM typed_images WHERE change <> %4$L),
					(SELECT count(*) FROM (
						(SELECT pg_temp.flat(l) FROM pg_temp.%5$I l
						 EXCEPT ALL SELECT %2$I FROM typed_images WHERE change <> %4$L)
						UNION ALL
						(SELECT %2$I FROM typed_images WHERE change <> %4$L
						 EXCEPT ALL SELECT pg_temp.flat(l) FROM pg_temp.%5$I l)) d)$q$,
				t, im, n, CASE im WHEN 'after' THEN 'delete' ELSE 'insert' END, 'ld_' || t);
			EXECUTE format('TRUNCATE pg_temp.%I', 'ld_' || t);
		END LOOP;
		EXECUTE format('DROP TABLE pg_temp.%I, typed_images', 'ld_' || t);
	END LOOP;
END $$;
INSERT INTO binlog_check
SELECT :'name', 'mysql_binlog_load loads the typed images', count(*) FILTER (WHERE loaded <> typed OR different <> 0),
	   count(*)
FROM load_pairs;
SELECT format('   %s: %s %s: loaded %s, typed %s, %s different', :'name', tbl, image, loaded, typed, different)
FROM load_pairs WHERE loaded <> typed OR different <> 0 ORDER BY tbl, image;
