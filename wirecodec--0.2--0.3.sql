-- wirecodec 0.2 -> 0.3 (ALTER EXTENSION wirecodec UPDATE TO '0.3').

\echo Use "ALTER EXTENSION wirecodec UPDATE TO '0.3'" to load this file. \quit
