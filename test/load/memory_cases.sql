-- memory_cases.sql: each decoder called :calls times in this one backend.
\o /dev/null
CREATE TABLE mem_hlc AS
SELECT hlc_timestamp(w, l) AS ts, crdb_mvcc_key_encode(convert_to('key' || w, 'UTF8'), hlc_timestamp(w, l)) AS mk,
	   hlc_timestamp(w, l)::text AS txt, hlc_to_proto(hlc_timestamp(w, l)) AS pb
FROM generate_series(1, 100) w, generate_series(0, 9) l;

SELECT mem_case('hlc_timestamp_in', 's.txt::hlc_timestamp', 'mem_hlc', :calls);
SELECT mem_case('hlc_from_proto', 'hlc_from_proto(s.pb)', 'mem_hlc', :calls);
SELECT mem_case('crdb_mvcc_key_decode', '(crdb_mvcc_key_decode(s.mk)).ts', 'mem_hlc', :calls);
SELECT mem_case('crdb_mvcc_key_compare', 'crdb_mvcc_key_compare(s.mk, s.mk)', 'mem_hlc', :calls);

CREATE TABLE mem_fdb AS
SELECT fdb_tuple_pack('app', 'users', 'user' || g || '@example.com', g, g * 0.5::float8, ARRAY[g, g + 1]) AS t,
	   fdb_tuple_pack('app', 'users', 'user' || g || '@example.com', g)::fdb_tuple::text AS txt
FROM generate_series(1, 1000) g;

SELECT mem_case('fdb_tuple(bytea)', 'fdb_tuple(s.t)', 'mem_fdb', :calls);
SELECT mem_case('fdb_tuple_in', 's.txt::fdb_tuple', 'mem_fdb', :calls);
SELECT mem_case('fdb_tuple_get_int8', 'fdb_tuple_get_int8(s.t, 3)', 'mem_fdb', :calls);
SELECT mem_case('fdb_tuple_get_text', 'fdb_tuple_get_text(s.t, 2)', 'mem_fdb', :calls);
SELECT mem_case('fdb_tuple_to_jsonb', 'fdb_tuple_to_jsonb(s.t)', 'mem_fdb', :calls);
CREATE TABLE mem_uk (dir text, db text, email text, id bigint, score float8, ids int8[]);
SELECT mem_case('fdb_tuple_populate_record', '(SELECT p.id FROM fdb_tuple_populate_record(NULL::mem_uk, s.t) p)', 'mem_fdb', :calls);
SELECT mem_case('fdb_tuple_elements', '(SELECT count(*) FROM fdb_tuple_elements(s.t))', 'mem_fdb', :calls);

CREATE TABLE mem_mysql AS
SELECT mysql_lenenc_int(g::bigint * 1000003) AS li, mysql_lenenc_str(convert_to(repeat('v', g % 300), 'UTF8')) AS ls,
	   mysql_packet_frame(convert_to(repeat('p', g), 'UTF8'), g % 256) AS pk,
	   mysql_lenenc_str(convert_to(g::text, 'UTF8')) || '\xfb'::bytea || mysql_lenenc_str('abc') AS tr
FROM generate_series(1, 1000) g;

SELECT mem_case('mysql_lenenc_int_decode', '(mysql_lenenc_int_decode(s.li)).value', 'mem_mysql', :calls);
SELECT mem_case('mysql_lenenc_str_decode', '(mysql_lenenc_str_decode(s.ls)).next_pos', 'mem_mysql', :calls);
SELECT mem_case('mysql_packets', '(SELECT count(*) FROM mysql_packets(s.pk))', 'mem_mysql', :calls);
SELECT mem_case('mysql_text_row_decode', 'mysql_text_row_decode(s.tr)', 'mem_mysql', :calls);
-- typed rows whose column definitions alternate between two result sets
CREATE TABLE mem_person (id bigint, name text);
CREATE TABLE mem_rows AS
SELECT mysql_lenenc_str(convert_to(g::text, 'UTF8')) || mysql_lenenc_str(convert_to('n' || g, 'UTF8')) AS r,
	   ARRAY[mysql_lenenc_str('def') || '\x000000'::bytea || mysql_lenenc_str('id') || mysql_lenenc_str('id')
			 || CASE WHEN g % 2 = 0 THEN '\x0c3f000b000000030000000000'::bytea ELSE '\x0c3f0014000000080000000000'::bytea END,
			 mysql_lenenc_str('def') || '\x000000'::bytea || mysql_lenenc_str('name') || mysql_lenenc_str('name')
			 || '\x0cff0050000000fd0000000000'::bytea] AS cols
FROM generate_series(1, 1000) g;
SELECT mem_case('mysql_row_populate_record (alternating columns)',
	'(SELECT p.id FROM mysql_row_populate_record(NULL::mem_person, s.r, s.cols) p)', 'mem_rows', :calls);
\o
