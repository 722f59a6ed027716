/*
 * mysql_binlog_apply.h: what the plan walk (mysql_binlog_apply.c) and the
 * row walk (mysql_binlog_apply_rows.c) of mysql_binlog_apply share: which
 * PostgreSQL table a MySQL table maps to; and the GTID set of a text.
 */
#ifndef WC_MYSQL_BINLOG_APPLY_H
#define WC_MYSQL_BINLOG_APPLY_H

#include "compat.h"

#include "fmgr.h"

#include "mysql_gtid.h"

/* Where MySQL tables go: the tables of schema nsp of the same name (of
 * MySQL database only_schema alone, when set), or, with explicit pairs
 * (map_name not NULL), table map_rel[i] for MySQL table "db.t" or "t"
 * map_name[i] and no other. */
typedef struct apply_map
{
	Oid			nsp;
	char	   *only_schema;
	int			nmap;
	char	  **map_name;
	Oid		   *map_rel;
} apply_map;

/* The map of arguments nsp_arg (name: the target schema, ERROR 3F000 when
 * it does not exist, 42501 without USAGE), schema_arg (text, NULL: every
 * database) and the pairs names_arg (text[]) and rels_arg (oid[]), both
 * NULL or absent for none. */
extern void apply_map_args(apply_map *m, FunctionCallInfo fcinfo, int nsp_arg, int schema_arg,
						   int names_arg, int rels_arg);

/* The table (or partitioned table) MySQL table db.name maps to, or
 * InvalidOid; nothing is opened or locked.  A name over 63 bytes that the
 * rule would look up by name is ERROR 42622, naming the table. */
extern Oid	apply_map_table(const apply_map *m, const char *db, const char *name);

/* The GTID set text s[0 .. len) parsed and normalized into set (its
 * members palloc'd), an error naming argument arg (src/pg/mysql_gtid.c). */
extern void mysql_gtid_set_text(const char *s, size_t len, const char *arg, wc_gtid_set *set);

#endif
