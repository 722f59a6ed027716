/*
 * mysql_command.h: client commands of the MySQL protocol's command phase
 * that carry data: COM_QUERY (with MySQL 8's query attributes) and
 * COM_STMT_EXECUTE (NULL bitmap, new-params-bound flag, parameter types,
 * values), COM_STMT_BULK_EXECUTE (MariaDB's rows of parameters).  Pure
 * C, no allocation.  Parameter values are returned as the
 * byte slices the binary protocol sends (length prefix included); decoding
 * them by type is the binary-value code's job.
 */
#ifndef WC_MYSQL_COMMAND_H
#define WC_MYSQL_COMMAND_H

#include <stddef.h>
#include <stdint.h>

#include "mysql_protocol.h"


/* COM_STMT_EXECUTE flag: a parameter count follows (query attributes). */
#define WC_MYSQL_PARAMETER_COUNT_AVAILABLE 0x08

/* Field indices; wc_mysql_command_fields names them in errors (err->field). */
enum
{
	WC_MYSQL_CMD_COMMAND,
	WC_MYSQL_CMD_STATEMENT_ID,
	WC_MYSQL_CMD_FLAGS,
	WC_MYSQL_CMD_ITERATION_COUNT,
	WC_MYSQL_CMD_PARAMETER_COUNT,
	WC_MYSQL_CMD_PARAMETER_SET_COUNT,
	WC_MYSQL_CMD_NULL_BITMAP,
	WC_MYSQL_CMD_BOUND_FLAG,
	WC_MYSQL_CMD_PARAM_TYPE,
	WC_MYSQL_CMD_PARAM_NAME,
	WC_MYSQL_CMD_PARAM_VALUE,
	WC_MYSQL_CMD_END
};

extern const char *const wc_mysql_command_fields[];

/* A checked parameter block. */
typedef struct wc_mysql_params
{
	uint64_t	count;			/* parameters */
	int			bound;			/* new-params-bound flag: types (and names) sent */
	int			named;			/* names follow the types (query attributes) */
	size_t		bitmap_off;		/* NULL bitmap, (count + 7) / 8 bytes */
	size_t		types_off;		/* first type (when bound) */
	size_t		values_off;		/* first value */
	size_t		values_end;		/* after the last value */
	uint64_t	long_data;		/* bit i: parameter i (< 64) was streamed with
								 * COM_STMT_SEND_LONG_DATA: no value here */
} wc_mysql_params;

/* One parameter, by wc_mysql_param_next. */
typedef struct wc_mysql_param
{
	uint8_t		type;			/* enum_field_types; 0 and unsigned 0 when unbound */
	int			is_unsigned;	/* flag byte 0x80 */
	wc_mysql_slice name;		/* NULL unless named */
	wc_mysql_slice value;		/* the value as sent; NULL for a NULL parameter or
								 * when unbound */
	int			streamed;		/* its value came with COM_STMT_SEND_LONG_DATA */
} wc_mysql_param;

/* Walking position through a checked block. */
typedef struct wc_mysql_param_cursor
{
	uint64_t	index;
	size_t		tpos;
	size_t		vpos;
} wc_mysql_param_cursor;

static inline void
wc_mysql_param_cursor_init(const wc_mysql_params *ps, wc_mysql_param_cursor *c)
{
	c->index = 0;
	c->tpos = ps->types_off;
	c->vpos = ps->values_off;
}

/*
 * The next parameter of a block (c->index < ps->count), c->index then
 * counts it.  On a checked block it cannot fail; the decoders use it to
 * check one: an unknown type is WC_ERR_UNSUPPORTED, a value beyond
 * the payload TRUNCATED or LENGTH, with err->field "parameter value".
 */
wc_status wc_mysql_param_next(const uint8_t *buf, size_t len,
									const wc_mysql_params *ps, wc_mysql_param_cursor *c,
									wc_mysql_param *p, wc_error *err);

/* ---- COM_QUERY ---- */

typedef struct wc_mysql_com_query
{
	int			has_attributes; /* CLIENT_QUERY_ATTRIBUTES: the block below was sent */
	uint64_t	parameter_set_count;
	wc_mysql_params attrs;		/* count 0 when none */
	wc_mysql_slice query;		/* string<EOF> */
} wc_mysql_com_query;

/* Decode COM_QUERY: 03, with CLIENT_QUERY_ATTRIBUTES int<lenenc>
 * parameter_count, int<lenenc> parameter_set_count and, when the count is
 * not 0, a named parameter block; then the query to the end. */
wc_status wc_mysql_com_query_decode(const uint8_t *buf, size_t len, uint64_t caps,
										  wc_mysql_com_query *q, wc_error *err);

/* ---- COM_STMT_EXECUTE ---- */

typedef struct wc_mysql_stmt_execute
{
	uint32_t	statement_id;
	uint8_t		flags;			/* cursor type | PARAMETER_COUNT_AVAILABLE */
	uint32_t	iteration_count;
	wc_mysql_params params;		/* count 0 when none */
	size_t		trailing_off;	/* bytes after the last parameter, which the
								 * servers ignore, start here (len: none) */
} wc_mysql_stmt_execute;

/*
 * Decode COM_STMT_EXECUTE for a statement prepared with num_params
 * parameters (the COM_STMT_PREPARE OK says how many).  With
 * CLIENT_QUERY_ATTRIBUTES a parameter count is sent (when num_params > 0
 * or the flags say PARAMETER_COUNT_AVAILABLE) and replaces num_params, and
 * each bound type is followed by a name.  When the new-params-bound flag is
 * 0 the types are those of the previous execution, unknown here: the
 * values are not split (values_off .. values_end holds them all).
 *
 * Bytes after the last parameter are no error: MariaDB and MySQL read the
 * parameters and ignore the rest of the packet (a client that streamed a
 * parameter with COM_STMT_SEND_LONG_DATA and still wrote a value for it
 * leaves such bytes); trailing_off says where they start.
 */
wc_status wc_mysql_stmt_execute_decode(const uint8_t *buf, size_t len, uint64_t caps,
											 uint64_t num_params,
											 wc_mysql_stmt_execute *ex, wc_error *err);

/*
 * The same for an execute after COM_STMT_SEND_LONG_DATA: bit i of long_data
 * says parameter i (i < 64) was streamed, so that the execute carries its
 * type but no value.  A parameterless execute may end with the
 * new-params-bound byte (0 or 1), as MariaDB's connectors write it.
 */
wc_status	wc_mysql_stmt_execute_decode_streamed(const uint8_t *buf, size_t len,
												  uint64_t caps, uint64_t num_params,
												  uint64_t long_data,
												  wc_mysql_stmt_execute *ex, wc_error *err);

/* ---- COM_STMT_BULK_EXECUTE (MariaDB) ---- */

/* Its flags: the parameter types are sent; one result per row. */
#define WC_MYSQL_BULK_SEND_TYPES 0x0080
#define WC_MYSQL_BULK_UNIT_RESULTS 0x0040

/* The indicator before each value of a row. */
enum
{
	WC_MYSQL_BULK_NONE = 0,		/* a value follows */
	WC_MYSQL_BULK_NULL = 1,
	WC_MYSQL_BULK_DEFAULT = 2,
	WC_MYSQL_BULK_IGNORE = 3
};

typedef struct wc_mysql_bulk_execute
{
	uint32_t	statement_id;
	uint16_t	flags;
	uint64_t	count;			/* parameters per row */
	size_t		types_off;		/* int<1> type, int<1> flags per parameter */
	size_t		rows_off;		/* the first row */
	uint64_t	rows;			/* rows of parameters */
} wc_mysql_bulk_execute;

/* Walking position through a checked bulk execute. */
typedef struct wc_mysql_bulk_cursor
{
	uint64_t	row;			/* 0-based row of the next parameter */
	uint64_t	index;			/* 0-based parameter within it */
	size_t		pos;
} wc_mysql_bulk_cursor;

/*
 * Decode and check COM_STMT_BULK_EXECUTE for a statement of num_params
 * parameters: FA, int<4> statement id, int<2> flags, the types (2 bytes
 * each) when SEND_TYPES is set, then rows to the end of the packet, each
 * num_params times an int<1> indicator and, for indicator 0, a value of the
 * parameter's type.  Without SEND_TYPES the types are the previous
 * execution's, unknown here: WC_ERR_UNSUPPORTED in field "flags".  Errors
 * name the field (wc_mysql_command_fields) and offset; err->index is the
 * 1-based row ("row") of a value's error.
 */
wc_status	wc_mysql_bulk_execute_decode(const uint8_t *buf, size_t len, uint64_t num_params,
										 wc_mysql_bulk_execute *be, wc_error *err);

/* The next parameter of a checked bulk execute (c->row < be->rows);
 * *indicator is its indicator byte, p->value NULL unless it is 0. */
wc_status	wc_mysql_bulk_param_next(const uint8_t *buf, size_t len,
									 const wc_mysql_bulk_execute *be,
									 wc_mysql_bulk_cursor *c, wc_mysql_param *p,
									 int *indicator, wc_error *err);

#endif							/* WC_MYSQL_COMMAND_H */
