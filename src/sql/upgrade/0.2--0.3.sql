-- wirecodec 0.2 -> 0.3 (ALTER EXTENSION wirecodec UPDATE TO '0.3').
-- What only the upgrade does: the changes to 0.2's objects.  The Makefile
-- builds the upgrade script wirecodec--0.2--0.3.sql from this file, then
-- the objects added to the codecs 0.2 had (marked "upgrade from 0.2" in
-- their sources in src/sql/), then the sources of the codecs new in 0.3
-- (src/sql/crdb_key.sql, src/sql/mysql_binlog.sql), so that every object
-- is written once; at release the built script is committed as it is and
-- this file and the marks removed.

\echo Use "ALTER EXTENSION wirecodec UPDATE TO '0.3'" to load this file. \quit

-- A populated row follows its row type's current shape, so the result is not
-- a function of the arguments alone: STABLE (as json_populate_record is),
-- which keeps the planner from folding a call with constant arguments into
-- a cached plan that outlives ALTER TABLE.
ALTER FUNCTION fdb_tuple_populate_record(anyelement, fdb_tuple) STABLE;

