-- wirecodec: the whole SQL surface of the extension (fresh install), built
-- by the Makefile from src/sql/*.sql, one file per codec, in the order the
-- Makefile lists them.  Upgrades from older versions are the
-- wirecodec--A--B.sql scripts beside the control file (the one to this
-- version built from src/sql/upgrade/ and the new codecs' sources).
-- Functions are IMMUTABLE STRICT PARALLEL SAFE wherever that is true;
-- sql/catalog.sql fails if one is not.

\echo Use "CREATE EXTENSION wirecodec" to load this file. \quit
