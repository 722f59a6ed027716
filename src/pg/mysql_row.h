/*
 * mysql_row.h: typed rows from MySQL text or binary rows, shared by
 * mysql_row_populate_record() (mysql_row.c), mysql_conversation_rows()
 * (mysql_conversation_rows.c) and the typed mysql_binlog_rows()
 * (mysql_binlog_typed.c): one decoded column definition bound to an
 * attribute of the target row type, and the conversion of one row, or one
 * value, into that row type's values.
 */
#ifndef WC_MYSQL_ROW_H
#define WC_MYSQL_ROW_H

#include "compat.h"

#include "row_target.h"

/* One decoded column definition and its target attribute. */
typedef struct mysql_row_column
{
	uint8		type;
	uint16		flags;
	uint16		charset;
	uint32		column_length;
	char		name[64];
	int			attnum;			/* 0-based attribute of the record */
	const rt_attr *t;			/* its target (row_target.h) */
	bool		utc;			/* DATETIME/TIMESTAMP fields are UTC (a
								 * binlog TIMESTAMP): timestamptz reads them
								 * as such */
	/* set by mysql_row_column_charset, once per column: the character
	 * set's encoding (-1: none converts it) and its conversion */
	rt_encoding enc;
} mysql_row_column;

/* Which row and column is being converted (for error context lines). */
typedef struct mysql_row_where
{
	int64		row;			/* 1-based; 0 unknown */
	int			command;		/* of a conversation; -1 none */
	int			result_set;
	const mysql_row_column *col;
	int			colno;
} mysql_row_where;

/*
 * Decode column definition i (0-based) into c and bind it to attribute att
 * (the i-th live attribute: the caller walks past dropped ones).  Errors
 * name the definition.
 */
extern void mysql_row_column_init(mysql_row_column *c, const uint8 *def, size_t len, int i,
								  int att, const rt_attr *t);

/*
 * Resolve c's character set (c->charset; c->t set) to its encoding
 * and conversion, once per column; the conversion's FmgrInfo is allocated
 * in the current memory context.  mysql_row_column_init calls it.
 */
extern void mysql_row_column_charset(mysql_row_column *c);

/*
 * One text or binary row of ncols columns (types: their MySQL types) into
 * values/nulls (natts long; attributes without a column stay NULL).  Errors
 * are about a "MySQL text row" / "MySQL binary row" with w's row, command
 * and result set (worded only when an error is raised); w->col and
 * w->colno follow the column being converted, for the caller's error
 * context callback.
 */
extern void mysql_row_fill(const mysql_row_column *cols, const uint8 *types, int ncols,
						   bool binary, const uint8 *buf, size_t len,
						   Datum *values, bool *nulls, int natts, mysql_row_where *w);

/*
 * One value of column c (its MySQL type: c->type) into the target's type,
 * by the rules of mysql_row_fill: binary selects the binary protocol's form
 * of integers, FLOAT and DOUBLE (little-endian, 1/2/4/8 bytes) and temporal
 * values, else the text protocol's form; strings are the same in both.
 * *isnull is set for values read as NULL (zero dates).
 */
extern Datum mysql_row_value(const mysql_row_column *c, bool binary, const uint8 *p, size_t n,
							 bool *isnull);

/*
 * Decoded fields into c's target by mysql_row_value's rules, for callers
 * that have the fields rather than a protocol form: DATE/DATETIME/TIMESTAMP
 * fields (zero dates: *isnull) and TIME fields (a DECIMAL's fields go to
 * rt_from_decimal).
 */
struct wc_mysql_datetime;
struct wc_mysql_time;
extern Datum mysql_row_datetime(const mysql_row_column *c, const struct wc_mysql_datetime *dt,
								bool *isnull);
extern Datum mysql_row_time(const mysql_row_column *c, const struct wc_mysql_time *t);

#endif							/* WC_MYSQL_ROW_H */
