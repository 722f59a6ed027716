-- check.sql: compare one recorded connection, decoded by wirecodec, with what
-- the client library reported (driver.c's report) and with what was inserted.
-- psql variables: server (label), conn (label: client and variant), client,
-- srv, report (files), protocols (1: the client speaks the text protocol
-- only; 2: text and binary).
-- Each check adds one row to live_check (bad = 0 passes); the expected
-- values of all_types are in setup.sql.
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
SELECT set_config('wc.server', :'server', false), set_config('wc.conn', :'conn', false) \gset

DROP TABLE IF EXISTS cap, conv, rep_raw, rep, term, call_exec;
CREATE TEMP TABLE cap AS
SELECT pg_read_binary_file(:'client') AS client, pg_read_binary_file(:'srv') AS server;
-- every packet of the connection (one pass; an error stops the script)
CREATE TEMP TABLE conv AS SELECT c.* FROM cap, mysql_conversation(client, server) c;
CREATE TEMP TABLE rep_raw (line text);
COPY rep_raw FROM :'report' (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02');
CREATE TEMP TABLE rep AS SELECT string_to_array(line, E'\t') AS f FROM rep_raw;

-- negotiated capabilities: the server's AND the client's
SELECT (h.capabilities & r.capabilities) AS caps
FROM conv hp, mysql_handshake_decode(hp.payload) h, conv rp,
	 mysql_handshake_response_decode(rp.payload) r
WHERE hp.kind = 'handshake' AND rp.kind = 'handshake_response' \gset

CREATE OR REPLACE FUNCTION pg_temp.unhex(v text) RETURNS bytea
	LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN v = 'N' THEN NULL ELSE decode(v, 'hex') END $$;

-- A number of an ok or end line as the library reported it: a number; or,
-- for libraries that do not expose all of it (mysqli, JDBC), M:V, only the
-- bits in mask M were reported and they are V; >0, the library only says
-- "some"; ? (or N for an affected-row count), the library does not report it.
CREATE OR REPLACE FUNCTION pg_temp.reported(actual numeric, rep text) RETURNS bool
	LANGUAGE sql IMMUTABLE AS $$
	SELECT actual IS NOT NULL AND CASE
		WHEN rep IN ('?', 'N') THEN true
		WHEN rep = '>0' THEN actual > 0
		WHEN rep LIKE '%:%' THEN (actual::bigint & split_part(rep, ':', 1)::bigint) = split_part(rep, ':', 2)::bigint
		ELSE actual = rep::numeric END $$;
-- commands the library sent on its own and read the results of itself
-- (report lines "internal N"): their rows and columns are not compared
CREATE TEMP TABLE internal AS SELECT f[2]::int AS command FROM rep WHERE f[1] = 'internal';

-- 1. commands: the same commands in the same order, same type and text
INSERT INTO live_check
SELECT :'server', :'conn', 'commands', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT r.f IS NULL OR c.command IS NULL OR c.command_type <> r.f[3]::int OR
			 (r.f[3]::int = 3 AND (SELECT q.query FROM mysql_com_query_decode(c.payload, :caps) q)
								   IS DISTINCT FROM pg_temp.unhex(r.f[4])) OR
			 (r.f[3]::int IN (2, 22) AND substr(c.payload, 2) IS DISTINCT FROM pg_temp.unhex(r.f[4])) AS bad
	  FROM (SELECT * FROM conv WHERE kind = 'command') c
	  FULL JOIN (SELECT f FROM rep WHERE f[1] = 'cmd') r ON r.f[2]::int = c.command) x;

-- 2. column definitions (of every result set with rows) as the library saw them
INSERT INTO live_check
SELECT :'server', :'conn', 'column definitions', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT r.f IS NULL OR d.command IS NULL OR
			 (d.column_name, d.org_column_name, d.table_name, d.org_table_name, d.schema_name,
			  d.column_type, d.flags & ~32768, d.charset, d.column_length::bigint, d.decimals)
			 IS DISTINCT FROM
			 (convert_from(decode(r.f[5], 'hex'), 'UTF8'), convert_from(decode(r.f[6], 'hex'), 'UTF8'),
			  convert_from(decode(r.f[7], 'hex'), 'UTF8'), convert_from(decode(r.f[8], 'hex'), 'UTF8'),
			  convert_from(decode(r.f[9], 'hex'), 'UTF8'), r.f[10]::int, r.f[11]::int & ~32768, r.f[12]::int,
			  r.f[13]::bigint, r.f[14]::int) AS bad
	  FROM (SELECT DISTINCT ON (command, result_set, i) command, result_set, i, def.*
			FROM conv, unnest(columns) WITH ORDINALITY AS u(col, i),
				 mysql_column_def_decode(col, :caps) def
			WHERE kind IN ('text_row', 'binary_row') AND command NOT IN (SELECT command FROM internal)) d
	  FULL JOIN (SELECT f FROM rep WHERE f[1] = 'field') r
		ON (r.f[2]::int, r.f[3]::int, r.f[4]::int) = (d.command, d.result_set, d.i::int)) x;

-- MariaDB's extended metadata: JSON columns say so exactly when negotiated
INSERT INTO live_check
SELECT :'server', :'conn', 'extended metadata', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT def.data_type_format IS DISTINCT FROM
			 CASE WHEN :caps & (1::bigint << 35) <> 0 AND :'server' = 'mariadb' THEN 'json' END AS bad
	  FROM conv, unnest(columns) AS col, mysql_column_def_decode(col, :caps) def
	  WHERE kind = 'text_row' AND row_number = 1 AND def.column_name = 'c_json') x;

-- 3. text rows: every value byte for byte
INSERT INTO live_check
SELECT :'server', :'conn', 'text rows', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT r.f IS NULL OR c.command IS NULL OR
			 mysql_text_row_decode(c.payload, cardinality(c.columns)) IS DISTINCT FROM
			 (SELECT array_agg(pg_temp.unhex(v) ORDER BY o) FROM unnest(r.f[5:]) WITH ORDINALITY u(v, o)) AS bad
	  FROM (SELECT * FROM conv WHERE kind = 'text_row' AND command NOT IN (SELECT command FROM internal)) c
	  FULL JOIN (SELECT f FROM rep WHERE f[1] = 'row'
				 AND f[2]::int IN (SELECT command FROM conv WHERE kind = 'text_row')) r
		ON (r.f[2]::int, r.f[3]::int, r.f[4]::bigint) = (c.command, c.result_set, c.row_number)) x;

-- 4. typed rows (text and binary protocol): mysql_row_populate_record against
-- the library's values read by PostgreSQL's input functions
CREATE OR REPLACE FUNCTION pg_temp.lib_value(v text, typ regtype, charset int, len bigint)
	RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN v = 'N' THEN NULL
		WHEN typ = 'bytea'::regtype THEN '\x' || v
		WHEN typ = 'bit varying'::regtype THEN
			substring(('x' || v)::varbit FROM length(v) * 4 - len::int + 1)::text
		WHEN typ IN ('date'::regtype, 'timestamp'::regtype)
			 AND convert_from(decode(v, 'hex'), 'UTF8') LIKE '0000-00-00%' THEN NULL  -- doc/mysql.md: zero date
		WHEN charset IN (5, 8, 15, 31, 47, 48, 49, 94) THEN convert_from(decode(v, 'hex'), 'WIN1252')
		ELSE convert_from(decode(v, 'hex'), 'UTF8')
	END $$;

CREATE TEMP TABLE typed AS
SELECT c.command, c.result_set, c.row_number, c.kind, s.shape,
	   mysql_row_populate_record(NULL::all_types_pg, c.payload, c.columns, c.kind = 'binary_row', c.row_number)
		   AS decoded
FROM conv c JOIN conv q ON q.kind = 'command' AND q.command = c.command - (c.command_type = 23)::int
	 CROSS JOIN LATERAL (SELECT 'all' AS shape) s
WHERE c.kind IN ('text_row', 'binary_row')
  AND substr(q.payload, length(q.payload) - 34) = convert_to('SELECT * FROM all_types ORDER BY id', 'UTF8');

CREATE TEMP TABLE lib AS
SELECT r.f[2]::int AS command, r.f[3]::int AS result_set, r.f[4]::bigint AS row_number,
	   jsonb_populate_record(NULL::all_types_pg,
		   (SELECT jsonb_object_agg(a.attname, CASE WHEN a.atttypid = 'jsonb'::regtype
			   THEN pg_temp.lib_value(r.f[4 + a.attnum], 'text', fd.f[12]::int, 0)::jsonb
			   ELSE to_jsonb(pg_temp.lib_value(r.f[4 + a.attnum], a.atttypid::regtype,
											   fd.f[12]::int, fd.f[13]::bigint)) END)
			FROM pg_attribute a JOIN rep fd ON fd.f[1] = 'field' AND fd.f[2] = r.f[2]
				 AND fd.f[4]::int = a.attnum
			WHERE a.attrelid = 'all_types_pg'::regclass AND a.attnum > 0)) AS reported
FROM rep r
WHERE r.f[1] = 'row' AND r.f[2]::int IN (SELECT command FROM typed);

INSERT INTO live_check
SELECT :'server', :'conn', 'typed rows = client library', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT t.decoded IS DISTINCT FROM l.reported OR t.command IS NULL OR l.command IS NULL AS bad
	  FROM typed t FULL JOIN lib l USING (command, result_set, row_number)) x;

-- 5. what was inserted (setup.sql's expected rows), by both protocols
INSERT INTO live_check
SELECT :'server', :'conn', 'typed rows = inserted (5 rows, by each protocol the client speaks)',
	   count(*) FILTER (WHERE bad) + (count(*) <> 5 * :protocols)::int, count(*)
FROM (SELECT t.decoded IS DISTINCT FROM e AS bad
	  FROM typed t LEFT JOIN all_types_expected e ON e.id = (t.decoded).id) x;

-- 6. OK packets: counts, ids, status, warnings, info, session state
INSERT INTO live_check
SELECT :'server', :'conn', 'ok packets', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT o.affected_rows IS NULL OR NOT pg_temp.reported(o.affected_rows, r.f[4]) OR
			 NOT pg_temp.reported(o.last_insert_id, r.f[5]) OR NOT pg_temp.reported(o.status_flags, r.f[6]) OR
			 NOT pg_temp.reported(o.warnings, r.f[7]) OR
			 (r.f[8] <> '?' AND o.info IS DISTINCT FROM decode(r.f[8], 'hex')) AS bad
	  FROM (SELECT f FROM rep WHERE f[1] = 'ok') r
	  LEFT JOIN conv c ON c.kind = 'ok' AND c.command = r.f[2]::int AND c.result_set = r.f[3]::int
	  LEFT JOIN LATERAL mysql_ok_packet_decode(c.payload, :caps) o ON true) x;

SELECT (:caps & (1 << 23)) <> 0 AS tracking,
	   EXISTS (SELECT FROM rep WHERE f[1] = 'notrack') AS notrack \gset
\if :notrack
-- the library negotiates CLIENT_SESSION_TRACK but keeps none of the session
-- state for its user (Connector/J): nothing to compare with
\elif :tracking
INSERT INTO live_check
SELECT :'server', :'conn', 'session state', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT d.v IS DISTINCT FROM r.v OR d.v IS NULL OR r.v IS NULL AS bad
	  FROM (SELECT c.command, s.change_type,
				   row_number() OVER (PARTITION BY c.command, s.change_type ORDER BY s.ord, e.k) AS i,
				   e.v
			FROM conv c, mysql_ok_packet_decode(c.payload, :caps) o,
				 mysql_session_state_decode(o.session_state) WITH ORDINALITY s(change_type, change_name, variable_name, change_value, gtid_spec, change_data, ord),
				 LATERAL (VALUES (1, s.variable_name), (2, s.change_value)) e(k, v)
			WHERE c.kind = 'ok' AND c.command > 0 AND (e.k = 2 OR s.change_type = 0)) d
	  FULL JOIN (SELECT f[2]::int AS command, f[3]::int AS change_type, f[4]::bigint AS i,
						convert_from(decode(f[5], 'hex'), 'UTF8') AS v
				 FROM rep WHERE f[1] = 'track') r USING (command, change_type, i)
	  -- commands whose OK the library did not read (mysql_select_db)
	  WHERE command NOT IN (SELECT f[2]::int FROM rep WHERE f[1] = 'ok' AND f[4] = 'N')) x;
\else
-- without CLIENT_SESSION_TRACK: no OK packet carries session state
INSERT INTO live_check
SELECT :'server', :'conn', 'no session state without CLIENT_SESSION_TRACK',
	   count(*) FILTER (WHERE o.session_state IS NOT NULL) +
	   (SELECT count(*) FROM rep WHERE f[1] = 'track'), count(*)
FROM conv c, mysql_ok_packet_decode(c.payload, :caps) o
WHERE c.kind = 'ok' AND c.command > 0;
\endif

-- terminators of result sets (EOF, or OK under CLIENT_DEPRECATE_EOF)
INSERT INTO live_check
SELECT :'server', :'conn', 'result set terminators', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT t.payload IS NULL OR NOT pg_temp.reported(s.status_flags, r.f[4]) OR
			 NOT pg_temp.reported(s.warnings, r.f[5]) AS bad
	  FROM (SELECT f FROM rep WHERE f[1] = 'end') r
	  LEFT JOIN LATERAL (SELECT * FROM conv c WHERE c.command = r.f[2]::int AND c.result_set = r.f[3]::int
						 AND c.kind IN ('eof', 'ok') ORDER BY c.packet DESC LIMIT 1) t ON true
	  LEFT JOIN LATERAL (SELECT e.status_flags, e.warnings FROM mysql_eof_packet_decode(t.payload, :caps) e
						 WHERE t.kind = 'eof'
						 UNION ALL
						 SELECT o.status_flags, o.warnings FROM mysql_ok_packet_decode(t.payload, :caps) o
						 WHERE t.kind = 'ok') s ON true) x;

-- 7. errors
INSERT INTO live_check
SELECT :'server', :'conn', 'err packets', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT (e.error_code, e.sql_state, e.message) IS DISTINCT FROM
			 (r.f[3]::int, convert_from(decode(r.f[4], 'hex'), 'UTF8'),
			  convert_from(decode(r.f[5], 'hex'), 'UTF8')) AS bad
	  FROM (SELECT f FROM rep WHERE f[1] = 'err') r
	  LEFT JOIN conv c ON c.kind = 'err' AND c.command = r.f[2]::int
	  LEFT JOIN LATERAL mysql_err_packet_decode(c.payload, :caps) e ON true) x;

-- ---- cursors, array binding, long data, change user, LOCAL INFILE ----
-- (driver.c's scenario_commands: its report lines cursor, fetch, bulk,
-- long, change, infile and stmt_ok; each step is checked for the clients
-- that run it, and for any client whose report has its lines)
SELECT count(*) FILTER (WHERE f[1] = 'cursor') > 0 OR :'conn' ~ '^(connector-c|libmysqlclient|php) ' AS step_cursor,
	   count(*) FILTER (WHERE f[1] = 'cmd' AND f[3] = '22'
						AND f[4] = encode(convert_to('CALL two_results()', 'UTF8'), 'hex')) > 0
		   OR :'conn' ~ '^(connector-c|libmysqlclient|php|connector-j) ' AS step_call,
	   count(*) FILTER (WHERE f[1] = 'long') > 0 OR :'conn' ~ '^(connector-c|libmysqlclient) ' AS step_long,
	   count(*) FILTER (WHERE f[1] = 'change' OR (f[1] = 'cmd' AND f[3] = '31')) > 0
		   OR :'conn' ~ '^(connector-c|libmysqlclient|php) ' AS step_change,
	   count(*) FILTER (WHERE f[1] = 'infile') > 0
		   OR :'conn' ~ '^(connector-c|libmysqlclient|php|pymysql|connector-j) ' AS step_infile
FROM rep \gset
SELECT :'step_cursor'::bool OR :'step_call'::bool OR :'step_long'::bool OR :'step_change'::bool
	   OR :'step_infile'::bool AS commands \gset
\if :commands
-- the last terminator (EOF or OK) of each command's response, its status
CREATE TEMP TABLE term AS
SELECT DISTINCT ON (c.command) c.command, c.command_type, c.kind,
	   CASE WHEN c.kind = 'eof' THEN (SELECT e.status_flags FROM mysql_eof_packet_decode(c.payload, :caps) e)
			ELSE (SELECT o.status_flags FROM mysql_ok_packet_decode(c.payload, :caps) o) END AS status
FROM conv c
WHERE c.direction = 'server' AND c.kind IN ('eof', 'ok')
ORDER BY c.command, c.packet DESC;

\if :step_cursor
-- a read-only cursor: the execute's response is the column definitions and
-- a terminator with SERVER_STATUS_CURSOR_EXISTS (0x40), no rows; each
-- COM_STMT_FETCH is answered by binary rows and a terminator, the last with
-- SERVER_STATUS_LAST_ROW_SENT (0x80); statuses as the library saw them
-- ("?": mysqli does not say)
INSERT INTO live_check
SELECT :'server', :'conn', 'cursor: execute and COM_STMT_FETCH responses', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT NOT pg_temp.reported(t.status, r.f[3]) OR
			 (r.f[1] = 'cursor' AND (t.command_type <> 23 OR t.status & 64 = 0 OR
									 EXISTS (SELECT FROM conv c WHERE c.command = t.command AND c.kind = 'binary_row'))) OR
			 (r.f[1] = 'fetch' AND t.command_type <> 28) AS bad
	  FROM (SELECT f FROM rep WHERE f[1] IN ('cursor', 'fetch')) r
	  LEFT JOIN term t ON t.command = r.f[2]::int
	  UNION ALL
	  SELECT coalesce((SELECT t.status & 128 = 0 FROM term t WHERE t.command_type = 28
					   ORDER BY t.command DESC LIMIT 1), true)) x;

-- the rows of the cursor, typed, against the library's values (300 rows
-- over COM_STMT_FETCH commands only)
INSERT INTO live_check
SELECT :'server', :'conn', 'cursor: fetched rows = client library (300 rows)',
	   count(*) FILTER (WHERE bad) + (count(d.command) <> 300)::int, count(*)
FROM (SELECT c.command, c.result_set, c.row_number,
			 mysql_row_populate_record(NULL::live_idv, c.payload, c.columns, true, c.row_number) AS decoded
	  FROM conv c WHERE c.kind = 'binary_row' AND c.command_type = 28) d
FULL JOIN (SELECT f[2]::int AS command, f[3]::int AS result_set, f[4]::bigint AS row_number, f
		   FROM rep WHERE f[1] = 'row'
			 AND f[2] IN (SELECT f[2] FROM rep WHERE f[1] = 'cmd' AND f[3] = '28') OFFSET 0) r
	USING (command, result_set, row_number),
	LATERAL (SELECT d.decoded IS DISTINCT FROM
					ROW(convert_from(pg_temp.unhex(r.f[5]), 'UTF8')::bigint,
						convert_from(pg_temp.unhex(r.f[6]), 'UTF8'))::live_idv
					OR d.command IS NULL OR r.command IS NULL AS bad) b;

\endif

\if :step_call
-- a prepared CALL: two binary result sets (then the CALL's OK), typed,
-- against the library's values
CREATE TEMP TABLE call_exec AS
SELECT f[2]::int + 1 AS command FROM rep
WHERE f[1] = 'cmd' AND f[3] = '22' AND f[4] = encode(convert_to('CALL two_results()', 'UTF8'), 'hex');
INSERT INTO live_check
SELECT :'server', :'conn', 'prepared CALL: binary result sets = client library',
	   count(*) FILTER (WHERE bad) + (count(d.command) <> 2)::int, count(*)
FROM (SELECT c.command, c.result_set, c.row_number,
			 CASE c.result_set
				 WHEN 0 THEN row_to_json(mysql_row_populate_record(NULL::live_call0, c.payload, c.columns, true))::text
				 ELSE row_to_json(mysql_row_populate_record(NULL::live_call1, c.payload, c.columns, true))::text
			 END AS decoded
	  FROM (SELECT * FROM conv WHERE kind = 'binary_row' AND command IN (SELECT command FROM call_exec)
			OFFSET 0) c) d
FULL JOIN (SELECT f[2]::int AS command, f[3]::int AS result_set, f[4]::bigint AS row_number, f
		   FROM rep WHERE f[1] = 'row' AND f[2]::int IN (SELECT command FROM call_exec) OFFSET 0) r
	USING (command, result_set, row_number),
	LATERAL (SELECT d.decoded IS DISTINCT FROM
					CASE r.result_set
						WHEN 0 THEN row_to_json(ROW(convert_from(pg_temp.unhex(r.f[5]), 'UTF8')::bigint)::live_call0)::text
						ELSE row_to_json(ROW(convert_from(pg_temp.unhex(r.f[5]), 'UTF8'),
											 convert_from(pg_temp.unhex(r.f[6]), 'UTF8')::numeric)::live_call1)::text
					END OR d.command IS NULL OR r.command IS NULL AS bad) b;

\endif

-- MariaDB's array binding: each row of COM_STMT_BULK_EXECUTE's parameters
-- is what was bound (indicators; INT as 4 bytes, strings length-encoded),
-- the OK counts the rows, and the SELECT that follows reads them back
-- (DEFAULT: the column's default 'dflt')
SELECT count(*) > 0 OR (:'server' = 'mariadb' AND :'conn' LIKE 'connector-c %') AS bulk
FROM rep WHERE f[1] = 'bulk' \gset
\if :bulk
INSERT INTO live_check
SELECT :'server', :'conn', 'bulk: parameter rows = bound = read back', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT r.f IS NULL OR b.command IS NULL OR
			 (b.indicators, b.param_values) IS DISTINCT FROM
			 (ARRAY[r.f[4]::int, r.f[6]::int],
			  ARRAY[pg_temp.unhex(r.f[5]), CASE WHEN r.f[7] = 'N' THEN NULL ELSE mysql_lenenc_str(decode(r.f[7], 'hex')) END]) OR
			 mysql_text_row_decode(t.payload, 2) IS DISTINCT FROM
			 ARRAY[convert_to((SELECT CASE WHEN v >= 2147483648 THEN v - 4294967296 ELSE v END
							   FROM mysql_int_le_decode(decode(nullif(r.f[5], 'N'), 'hex'), 0, 4) v)::text, 'UTF8'),
				   CASE r.f[6] WHEN '2' THEN convert_to('dflt', 'UTF8') ELSE pg_temp.unhex(r.f[7]) END] AS bad
	  FROM (SELECT c.command, bl.*
			FROM conv c
			JOIN conv p ON p.command = c.command - 1 AND p.kind = 'prepare_ok',
			mysql_stmt_prepare_ok_decode(p.payload, :caps) po,
			mysql_com_stmt_bulk_execute_decode(c.payload, po.num_params) bl
			WHERE c.kind = 'command' AND c.command_type = 250) b
	  FULL JOIN (SELECT f FROM rep WHERE f[1] = 'bulk') r ON (r.f[2]::int, r.f[3]::bigint) = (b.command, b.row_number)
	  LEFT JOIN conv t ON t.kind = 'text_row' AND t.command = r.f[2]::int + 2 AND t.row_number = r.f[3]::bigint
	  UNION ALL
	  SELECT o.affected_rows IS DISTINCT FROM r.f[3]::numeric OR t.command_type <> 250
	  FROM rep r JOIN term t ON t.command = r.f[2]::int AND t.kind = 'ok'
		   JOIN conv c ON c.command = t.command AND c.kind = 'ok',
		   mysql_ok_packet_decode(c.payload, :caps) o
	  WHERE r.f[1] = 'stmt_ok' AND t.command_type = 250) x;
\endif

\if :step_long
-- COM_STMT_SEND_LONG_DATA: the chunks streamed for the parameter are the
-- bytes the driver sent, the execute decodes with that parameter streamed
-- (a type, no value in the packet), its OK inserts one row, and the SELECT
-- that follows reads the bytes back
INSERT INTO live_check
SELECT :'server', :'conn', 'long data: streamed = execute''s parameter = read back', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT (SELECT string_agg(substr(l.payload, 8), ''::bytea ORDER BY l.command)
			  FROM conv l
			  WHERE l.kind = 'command' AND l.command_type = 24 AND l.command < e.command
				AND substr(l.payload, 2, 4) = substr(e.payload, 2, 4)
				AND get_byte(l.payload, 5) + 256 * get_byte(l.payload, 6) = r.f[3]::int)
			 IS DISTINCT FROM decode(r.f[4], 'hex') OR
			 x.param_values[r.f[3]::int + 1] IS NOT NULL OR x.param_types[r.f[3]::int + 1] & 255 <> 252 OR
			 (SELECT mysql_text_row_decode(t.payload, 2)
			  FROM conv t WHERE t.kind = 'text_row' AND t.command = e.command + 2)
			 IS DISTINCT FROM ARRAY['\x31'::bytea, decode(r.f[4], 'hex')] OR
			 (SELECT o.affected_rows FROM conv c, mysql_ok_packet_decode(c.payload, :caps) o
			  WHERE c.command = e.command AND c.kind = 'ok') IS DISTINCT FROM 1 AS bad
	  FROM (SELECT f FROM rep WHERE f[1] = 'long') r
	  LEFT JOIN conv e ON e.command = r.f[2]::int AND e.kind = 'command' AND e.command_type = 23
	  LEFT JOIN LATERAL (SELECT p.payload FROM conv p
						 WHERE p.kind = 'prepare_ok' AND p.command < e.command
						   AND substr(p.payload, 2, 4) = substr(e.payload, 2, 4)
						 ORDER BY p.command DESC LIMIT 1) p ON true
	  LEFT JOIN LATERAL mysql_stmt_prepare_ok_decode(p.payload, :caps) po ON true
	  LEFT JOIN LATERAL mysql_com_stmt_execute_decode(e.payload, po.num_params, :caps,
													  (1::bigint << r.f[3]::int)) x ON true) x;

\endif

\if :step_change
-- COM_CHANGE_USER: the command names the user, its response (after any
-- authentication exchange) is an OK, and the commands after it decode
-- (SELECT CURRENT_USER() says the new user); COM_RESET_CONNECTION: one OK
INSERT INTO live_check
SELECT :'server', :'conn', 'change user and reset connection', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT (SELECT s.value FROM mysql_null_str_decode(c.payload, 1) s) IS DISTINCT FROM decode(r.f[3], 'hex') OR
			 t.kind IS DISTINCT FROM 'ok' OR
			 (SELECT mysql_text_row_decode(q.payload, 1) FROM conv q
			  WHERE q.kind = 'text_row' AND q.command = c.command + 1)
			 IS DISTINCT FROM ARRAY[decode(r.f[3], 'hex') || '\x4025'::bytea] AS bad
	  FROM (SELECT f FROM rep WHERE f[1] = 'change') r
	  LEFT JOIN conv c ON c.command = r.f[2]::int AND c.kind = 'command' AND c.command_type = 17
	  LEFT JOIN term t ON t.command = c.command
	  UNION ALL
	  SELECT (SELECT array_agg(c.kind ORDER BY c.packet) FROM conv c
			  WHERE c.command = r.f[2]::int AND c.direction = 'server') IS DISTINCT FROM ARRAY['ok']
	  FROM rep r WHERE r.f[1] = 'cmd' AND r.f[3] = '31') x;

\endif

\if :step_infile
-- LOAD DATA LOCAL INFILE: the server asks for the file the query names,
-- the client's packets are the file's bytes, an empty one last
INSERT INTO live_check
SELECT :'server', :'conn', 'local infile: file requested = file sent', count(*) FILTER (WHERE bad), count(*)
FROM (SELECT (SELECT string_agg(d.payload, ''::bytea ORDER BY d.packet) FROM conv d
			  WHERE d.command = r.f[2]::int AND d.kind = 'infile_data') IS DISTINCT FROM decode(r.f[3], 'hex') OR
			 (SELECT d.payload FROM conv d WHERE d.command = r.f[2]::int AND d.kind = 'infile_data'
			  ORDER BY d.packet DESC LIMIT 1) IS DISTINCT FROM ''::bytea OR
			 (SELECT l.payload FROM conv l WHERE l.command = r.f[2]::int AND l.kind = 'local_infile')
			 IS DISTINCT FROM '\xfb'::bytea ||
			 convert_to(substring(convert_from(pg_temp.unhex(q.f[4]), 'UTF8') FROM $re$INFILE '([^']*)'$re$), 'UTF8') OR
			 t.kind IS DISTINCT FROM 'ok' AS bad
	  FROM (SELECT f FROM rep WHERE f[1] = 'infile') r
	  LEFT JOIN rep q ON q.f[1] = 'cmd' AND q.f[2] = r.f[2]
	  LEFT JOIN term t ON t.command = r.f[2]::int) x;
\endif
\endif

-- 8. truncated and corrupted copies of this capture: clean errors naming the
-- packet and the byte offset
DO $$
DECLARE
	cl bytea;
	sv bytea;
	n int := 0;
	bad int := 0;
	cut bigint;
	msg text;
	detail text;
	state text;
BEGIN
	SELECT client, server INTO cl, sv FROM cap;
	FOREACH cut IN ARRAY ARRAY[length(sv) - 1, length(sv) / 2, length(sv) / 3 + 1, 2, 200,
								(SELECT byte_offset + 2 FROM conv WHERE kind IN ('binary_row', 'text_row')
								 ORDER BY kind = 'text_row', packet LIMIT 1)]
	LOOP
		n := n + 1;
		BEGIN
			PERFORM count(*) FROM mysql_conversation(cl, substr(sv, 1, cut::int));
			bad := bad + 1;
		EXCEPTION WHEN others THEN
			-- the message says what, its detail where
			GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL,
									state = RETURNED_SQLSTATE;
			msg := msg || ' ' || coalesce(detail, '');
			IF state <> '22P03' OR msg !~ 'packet [0-9]+' OR msg !~ 'byte offset [0-9]+' THEN
				RAISE WARNING 'cut at %: % %', cut, state, msg;
				bad := bad + 1;
			END IF;
		END;
	END LOOP;
	-- a wrong sequence id in the middle of the stream (not in a compressed
	-- one, whose offsets are not the decompressed stream's)
	IF current_setting('wc.conn') LIKE '%compress%' THEN
		INSERT INTO live_check VALUES (current_setting('wc.server'), current_setting('wc.conn'),
									   'truncated and corrupted captures', bad, n);
		RETURN;
	END IF;
	n := n + 1;
	BEGIN
		PERFORM count(*) FROM mysql_conversation(cl,
			set_byte(sv, (SELECT byte_offset::int + 3 FROM conv WHERE kind = 'text_row' ORDER BY packet OFFSET 3 LIMIT 1),
					 77));
		bad := bad + 1;
	EXCEPTION WHEN others THEN
		GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT, state = RETURNED_SQLSTATE;
		IF state <> '22P03' OR msg !~ 'sequence id' THEN
			RAISE WARNING 'sequence: % %', state, msg;
			bad := bad + 1;
		END IF;
	END;
	INSERT INTO live_check VALUES (current_setting('wc.server'), current_setting('wc.conn'),
								   'truncated and corrupted captures', bad, n);
END $$;

-- steps the driver skipped (report lines "skip"): only the one a library
-- cannot run against a server (libmysqlclient has no client side of
-- MariaDB's ed25519); any other skip fails
SELECT count(*) > 0 AS skips FROM rep WHERE f[1] = 'skip' \gset
\if :skips
INSERT INTO live_check
SELECT :'server', :'conn', 'skipped steps: only libmysqlclient''s ed25519 COM_CHANGE_USER on MariaDB',
	   count(*) FILTER (WHERE NOT (:'server' = 'mariadb' AND :'conn' LIKE 'libmysqlclient %'
								   AND convert_from(decode(f[3], 'hex'), 'UTF8') LIKE '%no client_ed25519 plugin')),
	   count(*)
FROM rep WHERE f[1] = 'skip';
\endif

-- the connection's line of the per-client report
INSERT INTO live_report
SELECT :'server', :'conn', :caps,
	   (SELECT string_agg(kind || ' ' || n, ', ' ORDER BY n DESC, kind)
		FROM (SELECT kind, count(*) AS n FROM conv GROUP BY kind) k),
	   (SELECT string_agg(convert_from(decode(f[3], 'hex'), 'UTF8'), '; ' ORDER BY f[2]::int)
		FROM rep WHERE f[1] = 'skip');
