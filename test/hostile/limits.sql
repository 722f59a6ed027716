-- limits.sql: inputs and results near PostgreSQL's 1 GB value limit give a
-- clean 54000, and deeply nested FoundationDB tuples neither overflow the
-- C stack nor crash.  Each statement runs in its own exception block; the
-- outcome (SQLSTATE or 'accepted') is recorded in hostile_results with the
-- expected SQLSTATEs as the allowed list.
CREATE FUNCTION limit_case(label text, q text, allowed text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	st text := 'accepted';
	msg text := '';
BEGIN
	BEGIN
		EXECUTE q;
	EXCEPTION WHEN others THEN
		st := SQLSTATE;
		msg := SQLERRM;
	END;
	INSERT INTO hostile_results VALUES (label, 1, (st = 'accepted')::int,
		jsonb_build_object(st, 1), (st <> ALL (allowed))::int, left(msg, 120));
END $$;

-- A 600 MB bytea of zeros: every 00 escapes to 00 FF, so the packed tuple
-- would be 1.2 GB.
CREATE TEMP TABLE big AS
SELECT string_agg(z, ''::bytea) AS b
FROM (SELECT decode(repeat('00', 1000000), 'hex') AS z) s, generate_series(1, 600);
SELECT limit_case('limit: fdb_tuple_pack 600 MB of NUL bytes', 'SELECT length(fdb_tuple_pack(b)) FROM big', '{54000}');
SELECT limit_case('limit: mysql_packet_frame 600 MB', 'SELECT length(mysql_packet_frame(b)) FROM big', '{accepted}');
SELECT limit_case('limit: mysql_lenenc_str 600 MB', 'SELECT length(mysql_lenenc_str(b)) FROM big', '{accepted}');
SELECT limit_case('limit: crdb_mvcc_key_encode 600 MB', 'SELECT length(crdb_mvcc_key_encode(b, ''1.1'')) FROM big', '{accepted}');
-- The largest bytea PostgreSQL holds is 1 GB less its 4-byte header, less
-- 4 (1073741819 bytes); a 1073741815-byte input fits, and every encoder
-- that adds 5 or more bytes must refuse cleanly.  Built inside each query:
-- a table row cannot hold it.
CREATE FUNCTION limit_huge(q text) RETURNS text LANGUAGE sql AS
$$ SELECT replace(q, 'HUGE', '(b || substr(b, 1, 473741815))') $$;
SELECT limit_case('limit: mysql_lenenc_str 1 GB', limit_huge('SELECT length(mysql_lenenc_str(HUGE)) FROM big'), '{54000}');
SELECT limit_case('limit: mysql_packet_frame 1 GB', limit_huge('SELECT length(mysql_packet_frame(HUGE)) FROM big'), '{54000}');
SELECT limit_case('limit: crdb_mvcc_key_encode 1 GB', limit_huge('SELECT length(crdb_mvcc_key_encode(HUGE, ''1.1'')) FROM big'), '{54000}');
SELECT limit_case('limit: fdb_tuple_pack 1 GB', limit_huge('SELECT length(fdb_tuple_pack(HUGE)) FROM big'), '{54000}');
SELECT limit_case('limit: fdb_tuple_is_valid 1 GB', limit_huge('SELECT fdb_tuple_is_valid(HUGE) FROM big'), '{accepted}');
SELECT limit_case('limit: mysql_text_row_decode 1 GB', limit_huge('SELECT cardinality(mysql_text_row_decode(HUGE)) FROM big'), '{22P03,54000}');
DROP TABLE big;

-- 100,000 levels of nested tuples: 05 x 100000 then 00 x 100000.
CREATE TEMP TABLE deep AS
SELECT decode(repeat('05', 100000) || repeat('00', 100000), 'hex') AS t,
	   decode(repeat('05', 100000) || repeat('00', 99999), 'hex') AS truncated;
SELECT limit_case('deep: fdb_tuple_is_valid 100000 levels', 'SELECT fdb_tuple_is_valid(t) FROM deep', '{accepted}');
SELECT limit_case('deep: fdb_tuple(bytea) 100000 levels', 'SELECT fdb_tuple(t) FROM deep', '{accepted,54001}');
SELECT limit_case('deep: fdb_tuple_out 100000 levels', 'SELECT length(fdb_tuple(t)::text) FROM deep', '{accepted,54001}');
SELECT limit_case('deep: fdb_tuple_in 100000 levels', 'SELECT fdb_tuple(t)::text::fdb_tuple = fdb_tuple(t) FROM deep', '{accepted,54001}');
SELECT limit_case('deep: fdb_tuple_to_jsonb 100000 levels', 'SELECT fdb_tuple_to_jsonb(t) FROM deep', '{accepted,54001}');
SELECT limit_case('deep: fdb_tuple_elements 100000 levels', 'SELECT count(*) FROM deep, fdb_tuple_elements(t)', '{accepted,54001}');
SELECT limit_case('deep: fdb_tuple_get_tuple 100000 levels', 'SELECT length(fdb_tuple_get_tuple(t, 0)) FROM deep', '{accepted}');
SELECT limit_case('deep: truncated 100000 levels', 'SELECT fdb_tuple(truncated) FROM deep', '{22P03}');
SELECT limit_case('deep: text input 100000 open parens', 'SELECT (repeat(''('', 100000))::fdb_tuple', '{22P02,54001}');
