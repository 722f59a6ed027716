-- data.sql: a table holding every type of wirecodec 0.1, with btree and hash
-- indexes (and a GiST index on the range), created before the upgrade.
-- Uses only the 0.1 API, so it runs against VERSION '0.1'.
CREATE TABLE wc_upgrade_data (
	id int PRIMARY KEY,
	ts hlc_timestamp NOT NULL,
	r hlc_range,
	k crdb_mvcc_key NOT NULL,
	vs fdb_versionstamp NOT NULL,
	t fdb_tuple NOT NULL
);
INSERT INTO wc_upgrade_data
SELECT i,
	   hlc_timestamp(1600000000000000000 + i * 1000, i % 7),
	   hlc_range(hlc_timestamp(i, 0), hlc_timestamp(i + 10, 1)),
	   crdb_mvcc_key_encode(int8send(i % 500), hlc_timestamp(i, i % 3))::crdb_mvcc_key,
	   (lpad(to_hex(i), 20, '0') || ':' || (i % 9))::fdb_versionstamp,
	   fdb_tuple_pack('users', i % 100, i)::fdb_tuple
FROM generate_series(1, 5000) i;
CREATE INDEX wc_upgrade_ts_btree ON wc_upgrade_data (ts);
CREATE INDEX wc_upgrade_ts_hash ON wc_upgrade_data USING hash (ts);
CREATE INDEX wc_upgrade_r_gist ON wc_upgrade_data USING gist (r);
CREATE INDEX wc_upgrade_k_btree ON wc_upgrade_data (k);
CREATE INDEX wc_upgrade_k_hash ON wc_upgrade_data USING hash (k);
CREATE INDEX wc_upgrade_vs_btree ON wc_upgrade_data (vs);
CREATE INDEX wc_upgrade_vs_hash ON wc_upgrade_data USING hash (vs);
CREATE INDEX wc_upgrade_t_btree ON wc_upgrade_data (t);
CREATE INDEX wc_upgrade_t_hash ON wc_upgrade_data USING hash (t);
ANALYZE wc_upgrade_data;
