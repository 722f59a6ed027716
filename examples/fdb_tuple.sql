-- FoundationDB tuple layer in SQL: build keys byte-identical to the
-- official bindings, read exported keys, scan key ranges.

-- 1. Build a key.  Each argument is one tuple element; its SQL type picks
--    the element type (text -> string, bigint -> integer, bytea -> bytes ...).
--    The result is an fdb_tuple, shown in its readable text form.
SELECT fdb_tuple_pack('app', 'users', 'by_email', 'alice@example.com', 1234567) AS key;

-- The same key as its bytes (a free cast), and text form back to bytes.
SELECT fdb_tuple_pack('app', 'users', 'by_email', 'alice@example.com', 1234567)::bytea AS key;
SELECT '("app", "users", 42)'::fdb_tuple::bytea AS key_bytes;

-- Nested tuples come from arrays, rows and jsonb arrays; NULL is a null element.
SELECT fdb_tuple_pack('orders', ROW(2024, 'EU'), ARRAY[1, 2, 3], NULL,
					  '[true, "x", 2.5]'::jsonb)::fdb_tuple AS nested;

-- Integers of any size up to 255 bytes, floats kept exactly (float4 stays float4).
SELECT fdb_tuple_pack(18446744073709551615::numeric, -1, 1.5::float4, 1.5::float8,
					  '-0'::float8)::fdb_tuple AS numbers;

-- 2. A table of keys in FoundationDB order: fdb_tuple sorts bytewise, exactly
--    as FoundationDB orders keys (integers numerically, prefixes first).
CREATE TEMP TABLE kv (k fdb_tuple PRIMARY KEY, v text);
INSERT INTO kv
SELECT fdb_tuple_pack('users', id, attr), val
FROM (VALUES (1, 'name', 'Alice'), (1, 'email', 'alice@example.com'),
			 (2, 'name', 'Bob'), (-7, 'name', 'Eve'), (300, 'name', 'Zed')) t(id, attr, val);
INSERT INTO kv VALUES (fdb_tuple_pack('users'), 'directory root'), (fdb_tuple_pack('usersx', 1), 'other');
SELECT k, v FROM kv ORDER BY k;

-- 3. A range scan: every key under ('users', 1), as the bindings' range().
--    The btree index on fdb_tuple serves the bytea bounds directly.
SELECT * FROM fdb_tuple_range(fdb_tuple_pack('users', 1));
SELECT k, v
FROM kv, fdb_tuple_range(fdb_tuple_pack('users', 1)) r
WHERE k >= r.range_begin AND k < r.range_end
ORDER BY k;
-- fdb_strinc gives the first key after every key starting with a prefix.
SELECT fdb_strinc(fdb_tuple_pack('users')) AS after_all_users_keys;

-- 4. Decode an exported key table (e.g. from fdbbackup or a CDC stream):
--    typed getters (0-based, negative from the end), element types, all
--    elements as rows, or the whole tuple as jsonb.
CREATE TEMP TABLE exported (key bytea);
INSERT INTO exported VALUES
	('\x02757365727300150102656d61696c00'), ('\x027573657273001502026e616d6500'),
	('\x02757365727300132c026e616d6500');
SELECT key::fdb_tuple AS tuple,
	   fdb_tuple_get_text(key, 0) AS directory,
	   fdb_tuple_get_int8(key, 1) AS user_id,
	   fdb_tuple_get_text(key, -1) AS attribute,
	   fdb_tuple_element_type(key, 1) AS id_type
FROM exported ORDER BY key;
SELECT e.* FROM fdb_tuple_elements(fdb_tuple_pack('users', 1, 'email')) e ORDER BY e.idx;
SELECT fdb_tuple_to_jsonb(key) FROM exported ORDER BY key;

-- Keys are validated strictly: bad bytes are a clean error naming the byte
-- offset and element index (SQLSTATE 22P03); fdb_tuple_is_valid() checks
-- without raising.
SELECT key, fdb_tuple_is_valid(key) AS valid
FROM (VALUES ('\x0275736572730015'::bytea), ('\x02757365727300152a'::bytea)) t(key);

-- 5. Versionstamps: a SET_VERSIONSTAMPED_KEY key holds one incomplete
--    versionstamp and ends with the 4-byte little-endian offset of it.
SELECT fdb_tuple_pack_versionstamp('events', fdb_versionstamp_incomplete(0)) AS versionstamped_key;
-- A complete versionstamp read back from a committed key.
SELECT fdb_tuple_get_versionstamp(fdb_tuple_pack('events', fdb_versionstamp('\x000000000bebc2010001', 0)), 1) AS vs;

-- One pass from a key into a typed row (element i -> column i).
CREATE TEMP TABLE user_attr (dir text, id int8, attr text);
SELECT * FROM fdb_tuple_populate_record(NULL::user_attr, fdb_tuple_pack('users', 42, 'email'));
