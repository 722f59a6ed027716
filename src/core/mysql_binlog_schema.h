/*
 * mysql_binlog_schema.h: what a TABLE_MAP tells of a table's columns, as
 * names of types: the MySQL type as far as the log carries it, and the
 * PostgreSQL type that takes the column's values without loss through the
 * typed rows' conversions (mysql_binlog_tables in src/pg/mysql_binlog_tables.c,
 * for making target tables).  Pure C, no allocation: the caller passes the
 * buffers.
 */
#ifndef WC_MYSQL_BINLOG_SCHEMA_H
#define WC_MYSQL_BINLOG_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mysql_binlog.h"

/* Room enough for either name of any column. */
#define WC_BINLOG_TYPE_NAME_MAX 48

/*
 * The column's MySQL type in lower case, with what the log says of it:
 * "int unsigned", "decimal(10,2)", "datetime(6)", "bit(10)", "varchar"
 * or "varbinary", "char" or "binary", "mediumtext" or "mediumblob" (by the
 * character set, when the log gives it), "enum" ... (string lengths are
 * bytes in the log, not characters, and are not part of the name).  out has WC_BINLOG_TYPE_NAME_MAX bytes;
 * returns the length written (NUL-terminated).
 */
size_t		wc_binlog_mysql_type(const wc_binlog_column *c, char *out);

/*
 * The PostgreSQL type for the column: integers widened where MySQL's
 * unsigned range needs it (smallint, integer, bigint, numeric(20,0)),
 * numeric(p,s), real, double precision, date, timestamp(p) for DATETIME,
 * timestamptz(p) for TIMESTAMP, interval for TIME, smallint for YEAR,
 * bit(n), jsonb, text for character strings, ENUM and SET, bytea for
 * binary strings and blobs (and strings whose character set the log does
 * not give, when they are BLOBs), geometry and anything else.  out has
 * WC_BINLOG_TYPE_NAME_MAX bytes; returns the length written.
 */
size_t		wc_binlog_pg_type(const wc_binlog_column *c, bool has_charsets, char *out);

/* The next name of an ENUM or SET column's list, from *pos (0 for the
 * first; moved past it): *s, *n.  False when the list has no more bytes
 * for a name (or none at all).  Each name takes a byte or more, so a list
 * of values_len bytes has at most values_len names. */
bool		wc_binlog_enum_next(const wc_binlog_column *c, size_t *pos, const uint8_t **s,
								size_t *n);

#endif							/* WC_MYSQL_BINLOG_SCHEMA_H */
