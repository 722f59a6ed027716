-- COPY ... (ON_ERROR ignore) (PostgreSQL 17+; this suite runs only there, see
-- the Makefile): a load that mixes good and bad lines keeps the good ones for
-- every wirecodec type, as it does for built-in types.

CREATE TEMP TABLE copy_hlc (v hlc_timestamp);
COPY copy_hlc FROM STDIN (ON_ERROR ignore);
1.0000000002
garbage
1700000000000000000.0000000005
1.5
-1
\.
SELECT count(*) AS loaded FROM copy_hlc;
SELECT v FROM copy_hlc ORDER BY v;

CREATE TEMP TABLE copy_range (v hlc_range);
COPY copy_range FROM STDIN (ON_ERROR ignore);
[1,5)
[1,garbage)
(2,3]
\.
SELECT count(*) AS loaded FROM copy_range;

-- The tuple grammar and the hex export of a bytea key column, mixed.
CREATE TEMP TABLE copy_fdb (v fdb_tuple);
COPY copy_fdb FROM STDIN (ON_ERROR ignore);
("users", 42)
("users", 42
\\x02757365727300152a
\\x027573657273
\\x02757365727300zz
(1, 2.5, true)
\.
SELECT count(*) AS loaded FROM copy_fdb;
SELECT v FROM copy_fdb ORDER BY v;

CREATE TEMP TABLE copy_vs (v fdb_versionstamp);
COPY copy_vs FROM STDIN (ON_ERROR ignore);
0102030405060708090a:48879
0102030405060708090a
\\x0102030405060708090abeef
0102030405060708090a:70000
\.
SELECT count(*) AS loaded FROM copy_vs;
SELECT v FROM copy_vs ORDER BY v;

CREATE TEMP TABLE copy_mvcc (v crdb_mvcc_key);
COPY copy_mvcc FROM STDIN (ON_ERROR ignore);
\\x6100
\\x6g00
foo
\\x6109
\\x610
\.
SELECT count(*) AS loaded FROM copy_mvcc;
SELECT v FROM copy_mvcc;

-- Without ON_ERROR the first bad line still stops the load.
CREATE TEMP TABLE copy_strict (v fdb_tuple);
\set VERBOSITY sqlstate
COPY copy_strict FROM STDIN;
("ok")
("bad"
\.
\set VERBOSITY default
SELECT count(*) AS loaded FROM copy_strict;
