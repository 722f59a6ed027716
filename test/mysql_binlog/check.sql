-- check.sql: decode one binlog of the workload with wirecodec and compare
-- (1) the final contents of every table, replayed from mysql_binlog_rows
--     in log order, with what the server holds (export.sql), value by value;
-- (2) every row event's position and row count, and every value,
--     with mariadb-binlog -vv --base64-output=decode-rows.
-- psql variables: name (the configuration), bin (the binlog, read on the
-- client side into a large object), state (export.sql's output), verbose
-- (mariadb-binlog's output), keys ('names' when the log has column names).
\set ON_ERROR_STOP 1
\set QUIET 1
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS wirecodec;

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

-- (1) replay into (table, id) -> row, merging minimal images
CREATE TEMP TABLE state (tbl text, id bigint, doc jsonb, PRIMARY KEY (tbl, id));
CREATE TEMP TABLE replay_errors (msg text);
DO $$
DECLARE
	x record;
	k text := CASE WHEN current_setting('wc.keys') = 'names' THEN 'id' ELSE '@1' END;
	n int;
BEGIN
	FOR x IN SELECT * FROM r WHERE schema_name = 'wcb' ORDER BY event_index, row_in_event LOOP
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
SELECT 'strs', n, o FROM unnest('{id,c,c255,vc,vl,va,vu2,vu16,vu32,vu3,bn,vb,tt,tx,mt,lt,tb,bb,mb,lb,e,st,j,g,p}'::text[]) WITH ORDINALITY u(n, o)
UNION ALL
SELECT 'many', n, o FROM unnest('{id,v}'::text[]) WITH ORDINALITY u(n, o);

CREATE TEMP TABLE got_kv AS
SELECT s.tbl, s.id, coalesce(c.name, e.key) AS key, e.value
FROM state s CROSS JOIN LATERAL jsonb_each(s.doc) e
LEFT JOIN colpos c ON c.tbl = s.tbl AND '@' || c.pos = e.key;
CREATE TEMP TABLE want_kv AS
SELECT w.tbl, w.id, e.key, e.value FROM want w, jsonb_each(w.doc) e;

-- values compare as jsonb; FLOAT and DOUBLE as the float they name (the
-- server prints FLOAT with 6 digits); without names in the log, ENUM and
-- SET are their index and bitmask; an absent key stands for a default NULL
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
			   jsonb_typeof(g.value) = 'number'));
INSERT INTO binlog_check
SELECT :'name', 'replayed rows equal the tables', (SELECT count(*) FROM diffs) + (SELECT count(*) FROM replay_errors),
       (SELECT count(*) FROM want_kv);
SELECT format('   %s: %s id %s %s: got %s, want %s', :'name', tbl, id, key, left(got::text, 120), left(want::text, 120))
FROM diffs ORDER BY 1 LIMIT 20;
SELECT '   ' || msg FROM replay_errors LIMIT 5;

-- (2) mariadb-binlog -vv: "# at N" starts an event, "### INSERT INTO" /
-- "### UPDATE" / "### DELETE FROM" a row, "###   @k=v /* TYPE ... */" a value
CREATE TEMP TABLE vtxt (n bigserial, line text);
\set copy '\\copy vtxt (line) FROM ' :'verbose' ' WITH (FORMAT csv, DELIMITER E''\\x01'', QUOTE E''\\x02'', ENCODING ''LATIN1'')'
:copy
CREATE TEMP TABLE vlines AS SELECT n, line FROM vtxt;
CREATE TEMP TABLE vrow AS
SELECT n, line,
       max(CASE WHEN line ~ '^# at [0-9]+$' THEN substr(line, 6)::bigint END) OVER (ORDER BY n) AS at,
       count(*) FILTER (WHERE line ~ '^### (INSERT INTO|UPDATE|DELETE FROM) ') OVER (ORDER BY n) AS stmt
FROM vlines;
-- rows per event: the server's tool and wirecodec
CREATE TEMP TABLE counts AS
SELECT e.byte_offset, e.event_type_name,
       (SELECT count(*) FROM vrow v WHERE v.at = e.byte_offset AND v.line ~ '^### (INSERT INTO|UPDATE|DELETE FROM) ') AS tool,
       (SELECT count(*) FROM r WHERE r.event_index = e.event_index) AS ours
FROM ev e WHERE e.event_type_name ~ 'ROWS_(COMPRESSED_)?EVENT';
INSERT INTO binlog_check
SELECT :'name', 'rows per event as mariadb-binlog', count(*) FILTER (WHERE tool <> ours), count(*)
FROM counts;
SELECT format('   %s: event at %s (%s): mariadb-binlog %s rows, wirecodec %s', :'name', byte_offset,
			  event_type_name, tool, ours)
FROM counts WHERE tool <> ours ORDER BY 1 LIMIT 10;

-- every value: the tool's text next to ours, in the tool's notation
CREATE TEMP TABLE tvals AS
SELECT stmt, (regexp_match(line, '^###   @([0-9]+)='))[1]::int AS col,
       regexp_match(line, '^###   @[0-9]+=(.*) /\* ([A-Z_0-9/]+)(\([^)]*\))? meta=([0-9]+) nullable=[01] is_null=([01]) \*/$') AS m,
       image
FROM (SELECT v.*, count(*) FILTER (WHERE line ~ '^### (SET|WHERE)$') OVER (PARTITION BY stmt ORDER BY n) AS image
	  FROM vrow v) v
WHERE line ~ '^###   @[0-9]+=';
CREATE TEMP TABLE ovals AS
SELECT row_number() OVER (ORDER BY event_index, row_in_event) AS stmt, r.*
FROM r;
CREATE TEMP TABLE pairs AS
SELECT t.stmt, t.col, t.image, t.m[1] AS tool, t.m[2] AS type, t.m[5] = '1' AS is_null,
       CASE WHEN o.change = 'update' AND t.image = 2 THEN o.after
            WHEN o.change = 'insert' THEN o.after ELSE o.before END AS doc,
       o.table_name
FROM tvals t JOIN ovals o USING (stmt);
CREATE TEMP TABLE pvals AS
SELECT p.*, coalesce(p.doc -> c.name, p.doc -> ('@' || p.col)) AS ours
FROM pairs p LEFT JOIN colpos c ON c.tbl = p.table_name AND c.pos = p.col;

-- the tool's notation of our value: numbers as they are, strings quoted
-- with bytes below 20 as \xNN (the tool's text is read as Latin-1, one
-- character a byte), DATE as YYYY:MM:DD, TIMESTAMP as
-- seconds, BIT as b'...', ENUM/SET as numbers
CREATE FUNCTION pg_temp.quoted(b bytea) RETURNS text LANGUAGE sql AS $$
	SELECT '''' || coalesce(string_agg(CASE WHEN x >= 32 THEN chr(x) ELSE '\x' || lpad(to_hex(x), 2, '0') END,
									   '' ORDER BY i), '') || ''''
	FROM (SELECT get_byte(b, i) AS x, i FROM generate_series(0, length(b) - 1) i) s $$;
CREATE TEMP TABLE verdict AS
SELECT p.*,
	CASE
	WHEN p.is_null THEN p.ours = 'null'::jsonb
	WHEN p.type IN ('TINYINT', 'SHORTINT', 'MEDIUMINT', 'INT', 'LONGINT') THEN	-- "-1 (255)"
		split_part(p.tool, ' ', 1) = p.ours #>> '{}' OR p.tool ~ ('\(' || (p.ours #>> '{}') || '\)$')
	WHEN p.type = 'DECIMAL' THEN p.tool = p.ours #>> '{}'
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
		p.tool = pg_temp.quoted(decode(substr(p.ours #>> '{}', 3), 'hex'))
		OR (p.type = 'STRING' AND p.tool = pg_temp.quoted(rtrim(decode(substr(p.ours #>> '{}', 3), 'hex'), '\x00'::bytea)))
	WHEN p.type IN ('STRING', 'VARSTRING') OR p.type ~ 'BLOB' THEN
		CASE WHEN p.table_name = 'strs' AND p.col = 5 THEN	-- latin1: Windows-1252
				p.tool = pg_temp.quoted(convert_to(p.ours #>> '{}', 'WIN1252'))
			 WHEN p.table_name = 'strs' AND p.col IN (7, 8, 9) THEN	-- UCS-2, UTF-16, UTF-32
				true	-- not encodings of PostgreSQL: compared through the replay only
			 ELSE p.tool = pg_temp.quoted(convert_to(p.ours #>> '{}', 'UTF8')) END
	ELSE NULL END AS ok
FROM pvals p;
INSERT INTO binlog_check
SELECT :'name', 'values as mariadb-binlog -vv', count(*) FILTER (WHERE ok IS NOT TRUE), count(*)
FROM verdict;
SELECT format('   %s: statement %s @%s %s: tool %s, ours %s', :'name', stmt, col, type, left(tool, 100), left(ours::text, 100))
FROM verdict WHERE ok IS NOT TRUE ORDER BY stmt, col LIMIT 20;
