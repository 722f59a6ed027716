/*
 * fuzz_mysql_command.c: libFuzzer target for COM_QUERY,
 * COM_STMT_EXECUTE and COM_STMT_BULK_EXECUTE (mysql_command.h).  A payload
 * starting FA is a bulk execute; otherwise the first byte picks the
 * decoder (bit 0), query attributes (bit 1) and, for COM_STMT_EXECUTE,
 * the statement's parameter count (bits 2-7) and the parameters streamed
 * with COM_STMT_SEND_LONG_DATA (bits 5-7: parameters 0-2).  A checked
 * parameter block is walked again: every value slice lies inside the
 * values region, in order, and the walk ends exactly where the block does;
 * a checked bulk execute's rows are walked to exactly its end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_command.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)

/* Walk a checked bulk execute: be->rows rows of be->count values, in
 * order, to exactly the end. */
static void
walk_bulk(const uint8_t *p, size_t n, const wc_mysql_bulk_execute *be)
{
	wc_mysql_bulk_cursor c = {0, 0, be->rows_off};
	wc_mysql_param prm;
	int			ind;

	REQUIRE(be->rows_off <= n);
	for (uint64_t k = 0; k < be->rows * be->count; k++)
	{
		size_t		before = c.pos;

		REQUIRE(wc_mysql_bulk_param_next(p, n, be, &c, &prm, &ind, NULL) == WC_OK);
		REQUIRE(ind >= 0 && ind <= WC_MYSQL_BULK_IGNORE);
		REQUIRE(prm.value.is_null == (ind != WC_MYSQL_BULK_NONE));
		if (!prm.value.is_null)
			REQUIRE(prm.value.off == before + 1 && prm.value.off + prm.value.len == c.pos);
	}
	REQUIRE(c.pos == n && c.index == 0);
}

static void
walk(const uint8_t *p, size_t n, const wc_mysql_params *ps)
{
	wc_mysql_param_cursor c;
	wc_mysql_param prm;
	size_t		last = ps->values_off;

	REQUIRE(ps->values_off <= ps->values_end && ps->values_end <= n);
	if (!ps->bound)
		return;
	wc_mysql_param_cursor_init(ps, &c);
	while (c.index < ps->count)
	{
		REQUIRE(wc_mysql_param_next(p, n, ps, &c, &prm, NULL) == WC_OK);
		REQUIRE(prm.name.is_null == !ps->named);
		if (!prm.value.is_null)
		{
			REQUIRE(prm.value.off == last && prm.value.len <= ps->values_end - last);
			last = prm.value.off + prm.value.len;
		}
	}
	REQUIRE(last == ps->values_end && c.vpos == ps->values_end);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t    *copy;
	size_t		n;
	uint64_t	caps;
	wc_error err;

	if (size == 0)
		return 0;
	n = size - 1;
	copy = malloc(n ? n : 1);
	memcpy(copy, data + 1, n);
	caps = WC_MYSQL_CAPS_DEFAULT | ((data[0] & 2) ? WC_MYSQL_CLIENT_QUERY_ATTRIBUTES : 0);
	if (n > 0 && copy[0] == WC_MYSQL_COM_STMT_BULK_EXECUTE)
	{
		wc_mysql_bulk_execute be;

		if (wc_mysql_bulk_execute_decode(copy, n, data[0] >> 2, &be, &err) == WC_OK)
			walk_bulk(copy, n, &be);
		else
			REQUIRE(err.offset <= n);
	}
	else if (data[0] & 1)
	{
		wc_mysql_stmt_execute ex;

		if (wc_mysql_stmt_execute_decode_streamed(copy, n, caps, data[0] >> 2, data[0] >> 5, &ex,
												  &err) == WC_OK)
		{
			REQUIRE(n >= 10 && copy[0] == WC_MYSQL_COM_STMT_EXECUTE);
			walk(copy, n, &ex.params);
		}
		else
			REQUIRE(err.offset <= n);
	}
	else
	{
		wc_mysql_com_query q;

		if (wc_mysql_com_query_decode(copy, n, caps, &q, &err) == WC_OK)
		{
			REQUIRE(q.query.off + q.query.len == n && q.query.off >= 1);
			walk(copy, n, &q.attrs);
			REQUIRE(q.attrs.values_end == q.query.off);
		}
		else
			REQUIRE(err.offset <= n);
	}
	free(copy);
	return 0;
}
