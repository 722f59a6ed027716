/*
 * wirecodec.c: module entry point.  Each codec's SQL-callable glue lives in
 * its own file in src/pg/ (hlc.c, mvcc.c, fdb_tuple.c, mysql_*.c).
 */
#include "compat.h"

#include "fmgr.h"

WC_MODULE_MAGIC;
