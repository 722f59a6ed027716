-- cases_hlc.sql: hostile inputs for the CockroachDB HLC and MVCC decoders.
-- Seeds are valid encodings made by wirecodec's own encoders over a spread
-- of values (both text forms, protobuf, every MVCC version shape).
CREATE TEMP TABLE hlc_seed_values AS
SELECT hlc_timestamp(w, l) AS ts
FROM unnest(ARRAY[0, 1, 99, 145, 1000000000, 1643550788737652545, 9223372036854775807]::bigint[]) w,
	 unnest(ARRAY[0, 1, 123, 65535, 2147483647]) l;

INSERT INTO hostile_seeds
SELECT 'hlc_timestamp_in', convert_to(ts::text, 'UTF8') FROM hlc_seed_values
UNION ALL SELECT 'hlc_timestamp_in', convert_to(hlc_to_crdb_string(ts), 'UTF8') FROM hlc_seed_values
UNION ALL SELECT 'hlc_timestamp_in', convert_to(v, 'UTF8')
FROM unnest(ARRAY['  145.0000000123 ', '1609459200000000000.1', '0.000000001,0', '1,0005', '99']) v;
SELECT hostile_case('hlc_timestamp_in', '$1::hlc_timestamp',
	'$1::hlc_timestamp::text::hlc_timestamp = $1::hlc_timestamp', '{22P02,22003}', :n, true);

INSERT INTO hostile_seeds
SELECT 'hlc_from_numeric', convert_to(ts::text, 'UTF8') FROM hlc_seed_values;
SELECT hostile_case('hlc_from_numeric', '$1::numeric::hlc_timestamp',
	'$1::numeric::hlc_timestamp::numeric::hlc_timestamp = $1::numeric::hlc_timestamp',
	'{22P02,22003}', :n, true);

INSERT INTO hostile_seeds
SELECT 'hlc_from_proto', hlc_to_proto(ts) FROM hlc_seed_values
UNION ALL SELECT 'hlc_from_proto', decode(h, 'hex')
FROM unnest(ARRAY['08001000', '18011091017b0891', '2203616263089101', '0d01020304089101',
				  '1a00', '0b0891010c107b', '0880808080808080808001']) h;
SELECT hostile_case('hlc_from_proto', 'hlc_from_proto($1)',
	'hlc_from_proto(hlc_to_proto(hlc_from_proto($1))) = hlc_from_proto($1)',
	'{22P03,22003}', :n);

CREATE TEMP TABLE mvcc_seed_keys AS
SELECT crdb_mvcc_key_encode(k, ts)::bytea AS enc
FROM unnest(ARRAY['', 'a', 'foo', '\x00ff00', 'a longer user key with spaces']::bytea[]) k,
	 hlc_seed_values
UNION ALL SELECT decode(h, 'hex')
FROM unnest(ARRAY['666f6f0016cf10bc0505574100000000010e', '666f6f0016cf10bc050557410000ffff010e',
				  '666f6f000000000000000000000000000d', '666f6f0016cf10bc05055741000000000d']) h;

INSERT INTO hostile_seeds SELECT 'crdb_mvcc_key_decode', enc FROM mvcc_seed_keys;
SELECT hostile_case('crdb_mvcc_key_decode', 'crdb_mvcc_key_decode($1)',
	'(SELECT d2.key = d.key AND d2.ts = d.ts
	  FROM crdb_mvcc_key_decode($1) d, crdb_mvcc_key_decode(crdb_mvcc_key_encode(d.key, d.ts)) d2)',
	'{22P03,22003}', :n);

INSERT INTO hostile_seeds SELECT 'crdb_mvcc_key_compare', enc FROM mvcc_seed_keys;
SELECT hostile_case('crdb_mvcc_key_compare', 'crdb_mvcc_key_compare($1, ''\x666f6f0016cf10bc0505574109''::bytea)',
	'crdb_mvcc_key_compare($1, $1) = 0', '{22P03,22003}', :n);

INSERT INTO hostile_seeds SELECT 'crdb_mvcc_key_in', convert_to(enc::crdb_mvcc_key::text, 'UTF8') FROM mvcc_seed_keys;
SELECT hostile_case('crdb_mvcc_key_in', '$1::crdb_mvcc_key',
	'$1::crdb_mvcc_key::text::crdb_mvcc_key = $1::crdb_mvcc_key', '{22P02,22P03,22003}', :n, true);
