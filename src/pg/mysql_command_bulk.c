/*
 * mysql_command_bulk.c: mysql_com_stmt_bulk_execute_decode(), MariaDB's
 * COM_STMT_BULK_EXECUTE as one row per row of parameters (core:
 * wc_mysql_bulk_execute_decode in src/core/mysql_command.c).
 * Value-per-call: the payload is checked once, each call walks one row.
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/array.h"

#include "mysql_command.h"
#include "mysql_glue.h"
#include "srf.h"
#include "wc_report.h"

#define NATTS 6

typedef struct bulk_state
{
	bytea	   *payload;
	wc_mysql_bulk_execute be;
	wc_mysql_bulk_cursor cur;
	Datum		types;			/* int[]: the same for every row */
} bulk_state;

/* The parameter types as int[] (type | 0x8000 when unsigned), as
 * mysql_com_stmt_execute_decode gives them. */
static Datum
types_array(const uint8 *buf, const wc_mysql_bulk_execute *be)
{
	int			n = (int) be->count;
	Datum	   *types = palloc(sizeof(Datum) * (n ? n : 1));
	Datum		result;

	for (int i = 0; i < n; i++)
	{
		const uint8 *t = buf + be->types_off + 2 * (size_t) i;

		types[i] = Int32GetDatum(t[0] | ((t[1] & 0x80) ? 0x8000 : 0));
	}
	result = n ? PointerGetDatum(construct_array(types, n, INT4OID, 4, true, TYPALIGN_INT)) :
		PointerGetDatum(construct_empty_array(INT4OID));
	pfree(types);
	return result;
}

/* mysql_com_stmt_bulk_execute_decode(payload, num_params). */
PG_FUNCTION_INFO_V1(mysql_com_stmt_bulk_execute_decode);
Datum
mysql_com_stmt_bulk_execute_decode(PG_FUNCTION_ARGS)
{
	FuncCallContext *fctx;
	bulk_state *s;
	const uint8 *buf;
	size_t		len;
	int			n;
	Datum	   *inds,
			   *vals;
	bool	   *vnulls;
	Datum		values[NATTS];
	bool		nulls[NATTS] = {false, false, false, false, false, false};
	int			dims[1];
	int			lbs[1] = {1};

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext old;
		uint64		num_params = mysql_num_params_arg(PG_GETARG_INT32(1));
		wc_error	err;

		fctx = SRF_FIRSTCALL_INIT();
		old = MemoryContextSwitchTo(fctx->multi_call_memory_ctx);
		s = (bulk_state *) palloc0(sizeof(bulk_state));
		s->payload = PG_GETARG_BYTEA_PP(0);
		buf = (const uint8 *) VARDATA_ANY(s->payload);
		len = VARSIZE_ANY_EXHDR(s->payload);
		if (wc_mysql_bulk_execute_decode(buf, len, num_params, &s->be, &err) != WC_OK)
			wc_report(&err, "MySQL COM_STMT_BULK_EXECUTE");
		s->cur.pos = s->be.rows_off;
		s->types = types_array(buf, &s->be);
		fctx->tuple_desc = srf_row_desc(fcinfo, "mysql_com_stmt_bulk_execute_decode called in context that cannot accept type record");
		fctx->user_fctx = s;
		MemoryContextSwitchTo(old);
	}
	fctx = SRF_PERCALL_SETUP();
	s = (bulk_state *) fctx->user_fctx;
	if (s->cur.row >= s->be.rows)
		SRF_RETURN_DONE(fctx);
	CHECK_FOR_INTERRUPTS();

	buf = (const uint8 *) VARDATA_ANY(s->payload);
	len = VARSIZE_ANY_EXHDR(s->payload);
	n = (int) s->be.count;
	inds = palloc(sizeof(Datum) * n);
	vals = palloc(sizeof(Datum) * n);
	vnulls = palloc(sizeof(bool) * n);
	values[2] = Int64GetDatum((int64) s->cur.row + 1);
	for (int i = 0; i < n; i++)
	{
		wc_mysql_param p;
		int			ind;

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		/* checked by wc_mysql_bulk_execute_decode: cannot fail */
		(void) wc_mysql_bulk_param_next(buf, len, &s->be, &s->cur, &p, &ind, NULL);
		inds[i] = Int32GetDatum(ind);
		vnulls[i] = p.value.is_null;
		vals[i] = p.value.is_null ? (Datum) 0 :
			PointerGetDatum(wc_varlena_copy(buf + p.value.off, p.value.len, "result"));
	}
	dims[0] = n;
	values[0] = Int64GetDatum((int64) s->be.statement_id);
	values[1] = Int32GetDatum(s->be.flags);
	values[3] = s->types;
	values[4] = PointerGetDatum(construct_array(inds, n, INT4OID, 4, true, TYPALIGN_INT));
	values[5] = PointerGetDatum(construct_md_array(vals, vnulls, 1, dims, lbs, BYTEAOID, -1,
												   false, TYPALIGN_INT));
	SRF_RETURN_NEXT(fctx, HeapTupleGetDatum(heap_form_tuple(fctx->tuple_desc, values, nulls)));
}
