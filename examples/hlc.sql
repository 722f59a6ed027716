-- CockroachDB HLC timestamps and MVCC keys in PostgreSQL.
--
-- A CockroachDB timestamp is (wall time in nanoseconds, logical counter).
-- Changefeeds print it as "1643550788737652545.0000065535" (the updated /
-- mvcc_timestamp fields), cluster_logical_timestamp() returns it as a
-- DECIMAL, Go's Timestamp.String() prints "1643550788.737652545,65535".
-- hlc_timestamp reads both text forms and always prints the first.

SELECT '1643550788737652545.0000065535'::hlc_timestamp AS from_changefeed,
       '1643550788.737652545,65535'::hlc_timestamp     AS from_go_string,
       '  99'::hlc_timestamp                          AS decimal_form_99ns,
       '99,0'::hlc_timestamp                          AS string_form_99s;

-- Parts, construction, CockroachDB's String() form.
SELECT hlc_walltime(ts), hlc_logical(ts), hlc_is_empty(ts), hlc_to_crdb_string(ts),
       hlc_timestamp(hlc_walltime(ts), 0) AS same_wall_logical_0
FROM (SELECT '1643550788737652545.0000065535'::hlc_timestamp AS ts) t;

-- Stepping like CockroachDB's Next / Prev / FloorPrev, and arithmetic.
SELECT hlc_next('145.2147483647')      AS next,
       hlc_prev('123.0000000000')      AS prev,
       hlc_floor_prev('123.0000000000') AS floor_prev,
       hlc_add('145.0000000123', 1000000000, -3) AS plus_1s_minus_3_logical;

-- Casts: numeric is the value cluster_logical_timestamp() returns; the
-- timestamptz cast truncates to microseconds (and the logical is lost).
SET TIME ZONE 'UTC';
SELECT '1643550788737652545.0000065535'::hlc_timestamp::numeric     AS as_numeric,
       1643550788737652545.0000065535::numeric::hlc_timestamp       AS from_numeric,
       '1643550788737652545.0000065535'::hlc_timestamp::timestamptz AS as_timestamptz,
       '2022-01-30 13:53:08.737652+00'::timestamptz::hlc_timestamp   AS from_timestamptz;

-- A table of changefeed events: comparison, ORDER BY, indexes, min/max.
CREATE TEMP TABLE events (id int, key text, mvcc_ts hlc_timestamp);
INSERT INTO events VALUES
  (1, 'users/1', '1643550788737652545.0000000000'),
  (2, 'users/2', '1643550788737652545.0000000001'),
  (3, 'users/1', '1643550790000000000.0000000000'),
  (4, 'users/3', '1643550788737652544.2147483647');
CREATE INDEX ON events (mvcc_ts);              -- btree (default opclass)
CREATE INDEX ON events USING hash (mvcc_ts);   -- hash opclass
SELECT * FROM events ORDER BY mvcc_ts;
SELECT min(mvcc_ts), max(mvcc_ts) FROM events;
SELECT * FROM events WHERE mvcc_ts > '1643550788.737652545,0';

-- Ranges of timestamps: which events fall in [t1, t2)?
SELECT id, mvcc_ts FROM events
WHERE hlc_range('1643550788737652545', '1643550789,0') @> mvcc_ts ORDER BY id;

-- Hash partitioning (and Citus distribution) use the extended hash function.
CREATE TEMP TABLE feed (ts hlc_timestamp) PARTITION BY HASH (ts);
CREATE TEMP TABLE feed_0 PARTITION OF feed FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TEMP TABLE feed_1 PARTITION OF feed FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO feed SELECT mvcc_ts FROM events;
SELECT tableoid::regclass AS partition, count(*) FROM feed GROUP BY 1 ORDER BY 1;

-- The protobuf form (cockroach.util.hlc.Timestamp), e.g. inside a decoded
-- KV value or a debug zip: both directions; old "synthetic" flags and
-- unknown fields are skipped.
SELECT hlc_to_proto('1643550788737652545.0000065535') AS proto,
       hlc_from_proto('\x08c1ae95a8c097c4e71610ffff031801') AS with_synthetic_flag;

-- Binary I/O: 12 bytes, wall then logical, big-endian.
SELECT hlc_timestamp_send('1643550788737652545.0000065535') AS send_form;

-- MVCC keys: CockroachDB's storage keys (user key, 00, version, length).
SELECT crdb_mvcc_key_encode('foo', '0')                              AS unversioned,
       crdb_mvcc_key_encode('foo', '1643550788737652545')            AS wall_only,
       crdb_mvcc_key_encode('foo', '1643550788737652545.0000065535') AS wall_and_logical;
SELECT * FROM crdb_mvcc_key_decode('\x666f6f0016cf10bc050557410000ffff0d');
-- Keys written by CockroachDB 21.1-23.1 carry a 13th "synthetic" byte:
SELECT * FROM crdb_mvcc_key_decode('\x666f6f0016cf10bc050557410000ffff010e');

-- Storage order is not byte order: newest version first, and a@ts sorts
-- before a\x00 although its bytes are larger.  crdb_mvcc_key_compare and
-- the crdb_mvcc_key type use CockroachDB's engine comparator.
CREATE TEMP TABLE kv (label text, k crdb_mvcc_key);
INSERT INTO kv VALUES
  ('a',          crdb_mvcc_key_encode('a', '0')),
  ('a@1.0',      crdb_mvcc_key_encode('a', '1')),
  ('a@2.0',      crdb_mvcc_key_encode('a', '2')),
  ('a@2.5',      crdb_mvcc_key_encode('a', '2.0000000005')),
  ('a\x00',      crdb_mvcc_key_encode('\x6100', '0')),
  ('b@1.0',      crdb_mvcc_key_encode('b', '1'));
CREATE INDEX ON kv (k);
SELECT label, k FROM kv ORDER BY k;              -- CockroachDB's order
SELECT label, k::bytea FROM kv ORDER BY k::bytea; -- byte order: different
SELECT crdb_mvcc_key_compare('\x6100000000000000000209', '\x610000') AS a_at_2_vs_a00;
-- The column's parts, and a lookup by key and timestamp through the index.
SELECT label, crdb_mvcc_key_key(k) AS key, crdb_mvcc_key_timestamp(k) AS ts FROM kv ORDER BY k;
SELECT label FROM kv WHERE k = crdb_mvcc_key_encode('a', '2');

-- Errors name what is wrong and where; SQLSTATE 22P02 (text), 22P03
-- (malformed bytes, with the byte offset), 22003 (out of range).
DO $$
DECLARE
  q text;
BEGIN
  FOREACH q IN ARRAY ARRAY[
    $q$SELECT '0,123?'::hlc_timestamp$q$,
    $q$SELECT '1609459200000000000.2147483648'::hlc_timestamp$q$,
    $q$SELECT hlc_next('9223372036854775807.2147483647')$q$,
    $q$SELECT hlc_from_proto('\x0880')$q$,
    $q$SELECT crdb_mvcc_key_decode('\x61ff16cf10bc050557410000ffff0d')$q$]
  LOOP
    BEGIN
      EXECUTE q;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE '% -> %: %', q, SQLSTATE, SQLERRM;
    END;
  END LOOP;
END $$;
