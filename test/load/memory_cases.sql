-- memory_cases.sql: each decoder called :calls times in this one backend.
\o /dev/null
CREATE TABLE mem_hlc AS
SELECT hlc_timestamp(w, l) AS ts, crdb_mvcc_key_encode(convert_to('key' || w, 'UTF8'), hlc_timestamp(w, l)) AS mk,
	   hlc_timestamp(w, l)::text AS txt, hlc_timestamp_to_proto(hlc_timestamp(w, l)) AS pb
FROM generate_series(1, 100) w, generate_series(0, 9) l;

SELECT mem_case('hlc_timestamp_in', 's.txt::hlc_timestamp', 'mem_hlc', :calls);
SELECT mem_case('hlc_timestamp_from_proto', 'hlc_timestamp_from_proto(s.pb)', 'mem_hlc', :calls);
SELECT mem_case('crdb_mvcc_key_decode', '(crdb_mvcc_key_decode(s.mk)).ts', 'mem_hlc', :calls);
SELECT mem_case('crdb_mvcc_key_compare', 'crdb_mvcc_key_compare(s.mk, s.mk)', 'mem_hlc', :calls);
\o
