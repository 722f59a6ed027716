/*
 * mysql_command.c: COM_QUERY, COM_STMT_EXECUTE and COM_STMT_BULK_EXECUTE
 * payloads and their parameter blocks (see mysql_command.h).
 */
#include "mysql_command.h"

#include "byteorder.h"
#include "mysql_lenenc.h"

const char *const wc_mysql_command_fields[] = {
	"command", "statement_id", "flags", "iteration_count", "parameter_count",
	"parameter_set_count", "null_bitmap", "new_params_bind_flag", "parameter type",
	"parameter name", "parameter value", "end of packet"
};

static const wc_mysql_slice none = {0, 0, 1};

/*
 * Bytes of one binary-protocol value of type t at buf[pos]: fixed widths
 * for the numbers, a one-byte length before temporal values, string<lenenc>
 * for everything else the protocol sends.  Finding the extent is all this
 * does; the slice keeps the value as sent.
 */
static wc_status
value_extent(const uint8_t *buf, size_t len, size_t pos, uint8_t t, wc_mysql_slice *v,
			 size_t *next, wc_error *err)
{
	uint64_t	n;
	wc_mysql_slice s;
	wc_status st;

	switch (t)
	{
		case 0x06:				/* NULL */
			n = 0;
			break;
		case 0x01:				/* TINY */
			n = 1;
			break;
		case 0x02:				/* SHORT */
		case 0x0d:				/* YEAR */
			n = 2;
			break;
		case 0x03:				/* LONG */
		case 0x09:				/* INT24 */
		case 0x04:				/* FLOAT */
			n = 4;
			break;
		case 0x08:				/* LONGLONG */
		case 0x05:				/* DOUBLE */
			n = 8;
			break;
		case 0x07:				/* TIMESTAMP */
		case 0x0a:				/* DATE */
		case 0x0b:				/* TIME */
		case 0x0c:				/* DATETIME */
			if ((st = wc_mysql_need(len, pos, 1, err, wc_mysql_command_fields[WC_MYSQL_CMD_PARAM_VALUE])) != WC_OK)
				return st;
			n = 1 + (uint64_t) buf[pos];
			break;
		case 0x00:				/* DECIMAL */
		case 0x0f:				/* VARCHAR */
		case 0x10:				/* BIT */
		case 0xf5:				/* JSON */
		case 0xf6:				/* NEWDECIMAL */
		case 0xf7:				/* ENUM */
		case 0xf8:				/* SET */
		case 0xf9:				/* TINY_BLOB */
		case 0xfa:				/* MEDIUM_BLOB */
		case 0xfb:				/* LONG_BLOB */
		case 0xfc:				/* BLOB */
		case 0xfd:				/* VAR_STRING */
		case 0xfe:				/* STRING */
		case 0xff:				/* GEOMETRY */
			st = wc_mysql_lenenc_str_get(buf, len, pos, &s, next, err);
			if (st == WC_NULL)
				st = wc_fail(err, WC_MYSQL_NULL_FIELD, pos);
			if (st != WC_OK)
				return wc_in_field(err, st, wc_mysql_command_fields[WC_MYSQL_CMD_PARAM_VALUE]);
			v->off = pos;
			v->len = *next - pos;
			v->is_null = 0;
			return WC_OK;
		default:
			return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, pos, t), wc_mysql_command_fields[WC_MYSQL_CMD_PARAM_TYPE]);
	}
	if ((st = wc_mysql_need(len, pos, n, err, wc_mysql_command_fields[WC_MYSQL_CMD_PARAM_VALUE])) != WC_OK)
		return st;
	v->off = pos;
	v->len = (size_t) n;
	v->is_null = 0;
	*next = pos + (size_t) n;
	return WC_OK;
}

wc_status
wc_mysql_param_next(const uint8_t *buf, size_t len, const wc_mysql_params *ps,
					wc_mysql_param_cursor *c, wc_mysql_param *p, wc_error *err)
{
	uint64_t	i = c->index;
	int			is_null = (buf[ps->bitmap_off + i / 8] >> (i % 8)) & 1;
	size_t		tp = c->tpos;
	wc_status st;

	p->type = 0;
	p->is_unsigned = 0;
	p->name = none;
	p->value = none;
	p->streamed = i < 64 && ((ps->long_data >> i) & 1);
	c->index++;
	if (!ps->bound)
		return WC_OK;
	p->type = buf[c->tpos];
	p->is_unsigned = (buf[c->tpos + 1] & 0x80) != 0;
	c->tpos += 2;
	if (ps->named)
		(void) wc_mysql_lenenc_str_get(buf, len, c->tpos, &p->name, &c->tpos, NULL);
	if (is_null || p->streamed)
		return WC_OK;
	st = value_extent(buf, ps->values_end, c->vpos, p->type, &p->value, &c->vpos, err);
	if (st == WC_ERR_UNSUPPORTED && err)
		err->offset = tp;		/* name the type's byte, not the value's */
	return st;
}

/*
 * Check the block of count parameters at buf[pos]: NULL bitmap, bound
 * flag, types (+ names), values.  require_bound: the values must be split
 * (COM_QUERY, whose query follows them).  *next is the offset after it.
 */
static wc_status
params_check(const uint8_t *buf, size_t len, size_t pos, uint64_t count, int named,
			 int require_bound, uint64_t long_data, wc_mysql_params *ps, size_t *next,
			 wc_error *err)
{
	uint64_t	nb = count / 8 + (count % 8 != 0);
	wc_mysql_param_cursor c;
	wc_mysql_param p;
	wc_status st;

	ps->long_data = long_data;
	ps->count = count;
	ps->named = named;
	ps->bitmap_off = pos;
	if ((st = wc_mysql_need(len, pos, nb, err, wc_mysql_command_fields[WC_MYSQL_CMD_NULL_BITMAP])) != WC_OK)
		return st;
	pos += (size_t) nb;
	if ((st = wc_mysql_need(len, pos, 1, err, wc_mysql_command_fields[WC_MYSQL_CMD_BOUND_FLAG])) != WC_OK)
		return st;
	if (buf[pos] > 1 || (require_bound && buf[pos] != 1))
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE, pos, 1, buf[pos]), wc_mysql_command_fields[WC_MYSQL_CMD_BOUND_FLAG]);
	ps->bound = buf[pos++];
	ps->types_off = pos;
	if (!ps->bound)
	{
		ps->values_off = pos;
		ps->values_end = len;
		*next = len;
		return WC_OK;
	}
	for (uint64_t i = 0; i < count; i++)
	{
		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		if ((st = wc_mysql_need(len, pos, 2, err, wc_mysql_command_fields[WC_MYSQL_CMD_PARAM_TYPE])) != WC_OK)
			return st;
		pos += 2;
		if (named)
		{
			wc_mysql_slice s;

			st = wc_mysql_lenenc_str_get(buf, len, pos, &s, &pos, err);
			if (st == WC_NULL)
				st = wc_fail(err, WC_MYSQL_NULL_FIELD, pos - 1);
			if (st != WC_OK)
				return wc_in_field(err, st, wc_mysql_command_fields[WC_MYSQL_CMD_PARAM_NAME]);
		}
	}
	ps->values_off = pos;
	ps->values_end = len;
	wc_mysql_param_cursor_init(ps, &c);
	while (c.index < count)
	{
		if ((st = wc_mysql_param_next(buf, len, ps, &c, &p, err)) != WC_OK)
			return st;
		wc_check_interrupts_every(c.index, WC_INTERRUPT_STRIDE);
	}
	ps->values_end = c.vpos;
	*next = c.vpos;
	return WC_OK;
}

static void
params_none(wc_mysql_params *ps, size_t pos)
{
	ps->count = 0;
	ps->bound = 0;
	ps->named = 0;
	ps->long_data = 0;
	ps->bitmap_off = ps->types_off = ps->values_off = ps->values_end = pos;
}

/* int<lenenc> that cannot be NULL. */
static wc_status
count_get(const uint8_t *buf, size_t len, size_t pos, uint64_t *v, size_t *next,
		  wc_error *err, const char *field)
{
	wc_status st = wc_mysql_lenenc_int_get(buf, len, pos, v, next, err);

	if (st == WC_NULL)
		st = wc_fail(err, WC_MYSQL_NULL_FIELD, pos);
	return st == WC_OK ? st : wc_in_field(err, st, field);
}

wc_status
wc_mysql_com_query_decode(const uint8_t *buf, size_t len, uint64_t caps,
						  wc_mysql_com_query *q, wc_error *err)
{
	size_t		pos = 1;
	wc_status st;

	if ((st = wc_mysql_need(len, 0, 1, err, wc_mysql_command_fields[WC_MYSQL_CMD_COMMAND])) != WC_OK)
		return st;
	if (buf[0] != WC_MYSQL_COM_QUERY)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_BYTE, 0, WC_MYSQL_COM_QUERY, buf[0]), wc_mysql_command_fields[WC_MYSQL_CMD_COMMAND]);
	params_none(&q->attrs, pos);
	q->has_attributes = (caps & WC_MYSQL_CLIENT_QUERY_ATTRIBUTES) != 0;
	q->parameter_set_count = 0;
	if (q->has_attributes)
	{
		uint64_t	count;

		if ((st = count_get(buf, len, pos, &count, &pos, err,
							wc_mysql_command_fields[WC_MYSQL_CMD_PARAMETER_COUNT])) != WC_OK ||
			(st = count_get(buf, len, pos, &q->parameter_set_count, &pos, err,
							wc_mysql_command_fields[WC_MYSQL_CMD_PARAMETER_SET_COUNT])) != WC_OK)
			return st;
		if (count > 0 &&
			(st = params_check(buf, len, pos, count, 1, 1, 0, &q->attrs, &pos, err)) != WC_OK)
			return st;
		if (count == 0)
			params_none(&q->attrs, pos);
	}
	q->query.off = pos;
	q->query.len = len - pos;
	q->query.is_null = 0;
	return WC_OK;
}

wc_status
wc_mysql_stmt_execute_decode(const uint8_t *buf, size_t len, uint64_t caps,
							 uint64_t num_params, wc_mysql_stmt_execute *ex,
							 wc_error *err)
{
	return wc_mysql_stmt_execute_decode_streamed(buf, len, caps, num_params, 0, ex, err);
}

wc_status
wc_mysql_stmt_execute_decode_streamed(const uint8_t *buf, size_t len, uint64_t caps,
									  uint64_t num_params, uint64_t long_data,
									  wc_mysql_stmt_execute *ex, wc_error *err)
{
	size_t		pos = 10;
	int			qa = (caps & WC_MYSQL_CLIENT_QUERY_ATTRIBUTES) != 0;
	wc_status st;

	if ((st = wc_mysql_need(len, 0, 1, err, wc_mysql_command_fields[WC_MYSQL_CMD_COMMAND])) != WC_OK)
		return st;
	if (buf[0] != WC_MYSQL_COM_STMT_EXECUTE)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_BYTE, 0, WC_MYSQL_COM_STMT_EXECUTE, buf[0]), wc_mysql_command_fields[WC_MYSQL_CMD_COMMAND]);
	if ((st = wc_mysql_need(len, 1, 4, err, wc_mysql_command_fields[WC_MYSQL_CMD_STATEMENT_ID])) != WC_OK ||
		(st = wc_mysql_need(len, 5, 1, err, wc_mysql_command_fields[WC_MYSQL_CMD_FLAGS])) != WC_OK ||
		(st = wc_mysql_need(len, 6, 4, err, wc_mysql_command_fields[WC_MYSQL_CMD_ITERATION_COUNT])) != WC_OK)
		return st;
	ex->statement_id = wc_load_le32(buf + 1);
	ex->flags = buf[5];
	ex->iteration_count = wc_load_le32(buf + 6);
	ex->trailing_off = len;
	params_none(&ex->params, pos);
	if (num_params > 0 || (qa && (ex->flags & WC_MYSQL_PARAMETER_COUNT_AVAILABLE)))
	{
		if (qa && (st = count_get(buf, len, pos, &num_params, &pos, err,
								  wc_mysql_command_fields[WC_MYSQL_CMD_PARAMETER_COUNT])) != WC_OK)
			return st;
		params_none(&ex->params, pos);
		if (num_params > 0 &&
			(st = params_check(buf, len, pos, num_params, qa, 0, long_data, &ex->params, &pos,
							   err)) != WC_OK)
			return st;
	}
	else if (pos + 1 == len && buf[pos] <= 1)
		pos++;					/* the new-params-bound byte of no parameters */
	/* the servers stop reading after the last parameter */
	ex->trailing_off = pos;
	return WC_OK;
}

wc_status
wc_mysql_bulk_execute_decode(const uint8_t *buf, size_t len, uint64_t num_params,
							 wc_mysql_bulk_execute *be, wc_error *err)
{
	const char *const *f = wc_mysql_command_fields;
	wc_mysql_bulk_cursor c;
	wc_mysql_param p;
	int			ind;
	size_t		steps = 0;
	wc_status	st;

	if ((st = wc_mysql_need(len, 0, 1, err, f[WC_MYSQL_CMD_COMMAND])) != WC_OK)
		return st;
	if (buf[0] != WC_MYSQL_COM_STMT_BULK_EXECUTE)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_BYTE, 0, WC_MYSQL_COM_STMT_BULK_EXECUTE,
										   buf[0]), f[WC_MYSQL_CMD_COMMAND]);
	if ((st = wc_mysql_need(len, 1, 4, err, f[WC_MYSQL_CMD_STATEMENT_ID])) != WC_OK ||
		(st = wc_mysql_need(len, 5, 2, err, f[WC_MYSQL_CMD_FLAGS])) != WC_OK)
		return st;
	be->statement_id = wc_load_le32(buf + 1);
	be->flags = wc_load_le16(buf + 5);
	be->count = num_params;
	be->types_off = 7;
	be->rows = 0;
	if (!(be->flags & WC_MYSQL_BULK_SEND_TYPES))
		return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, 5, be->flags),
						   f[WC_MYSQL_CMD_FLAGS]);
	if (num_params > (len - 7) / 2)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, 7, 2 * num_params, len - 7),
						   f[WC_MYSQL_CMD_PARAM_TYPE]);
	be->rows_off = 7 + 2 * (size_t) num_params;
	if (num_params == 0)
		return be->rows_off == len ? WC_OK :
			wc_fail_found(err, WC_ERR_TRAILING, be->rows_off, len - be->rows_off);
	/* count the rows by walking them: every value checked */
	c.row = c.index = 0;
	c.pos = be->rows_off;
	while (c.pos < len || c.index != 0)
	{
		if ((st = wc_mysql_bulk_param_next(buf, len, be, &c, &p, &ind, err)) != WC_OK)
			return st;
		wc_check_interrupts_every(++steps, WC_INTERRUPT_STRIDE);
	}
	be->rows = c.row;
	return WC_OK;
}

wc_status
wc_mysql_bulk_param_next(const uint8_t *buf, size_t len, const wc_mysql_bulk_execute *be,
						 wc_mysql_bulk_cursor *c, wc_mysql_param *p, int *indicator,
						 wc_error *err)
{
	size_t		tp = be->types_off + 2 * (size_t) c->index;
	size_t		at = c->pos;
	wc_status	st;

	p->type = buf[tp];
	p->is_unsigned = (buf[tp + 1] & 0x80) != 0;
	p->name = none;
	p->value = none;
	p->streamed = 0;
	if ((st = wc_mysql_need(len, c->pos, 1, err, "indicator")) != WC_OK)
		return wc_at_index(err, st, "row", (int64_t) c->row + 1);
	*indicator = buf[c->pos++];
	if (*indicator > WC_MYSQL_BULK_IGNORE)
		return wc_at_index(err, wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, at, *indicator),
											"indicator"), "row", (int64_t) c->row + 1);
	if (*indicator == WC_MYSQL_BULK_NONE &&
		(st = value_extent(buf, len, c->pos, p->type, &p->value, &c->pos, err)) != WC_OK)
	{
		if (st == WC_ERR_UNSUPPORTED && err)
			err->offset = tp;
		return wc_at_index(err, st, "row", (int64_t) c->row + 1);
	}
	if (++c->index == be->count)
	{
		c->index = 0;
		c->row++;
	}
	return WC_OK;
}
