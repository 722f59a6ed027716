/*
 * mysql_conversation_rows.c: mysql_conversation_rows(), every row of the
 * selected result sets of a recorded connection, decoded in one pass from
 * the stream straight into a row type (core: src/core/mysql_conversation.c
 * classifies the packets and names each row's column definitions, prepared
 * statements and compression included; the conversions are
 * mysql_row_populate_record's, shared through mysql_row.h).
 *
 * Materialize mode: one call walks the whole conversation and fills the
 * tuplestore the executor reads (which keeps work_mem in memory and spills
 * the rest to a temporary file).  Rows are read in place from the stream
 * (a packet split over several frames is gathered into one reused buffer);
 * column definitions are decoded once for the rows that share them, and the row type's
 * input functions are looked up once per call site.
 *
 * mysql_conversation_load() walks the same way and inserts the rows into a
 * table instead (src/pg/table_load.c), without the function scan and its
 * tuplestore.
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/typcache.h"

#include "mysql_binary.h"
#include "mysql_conversation.h"
#include "mysql_glue.h"
#include "mysql_row.h"
#include "table_load.h"
#include "wc_report.h"


/* The walk. */
typedef struct convrows_state
{
	wc_mysql_conv conv;
	wc_mysql_conv_item it;
	MemoryContext cxt;			/* the call's */
	/* the column definitions bound to the row type: the core names them
	 * for each row (ncolumns packets of the server stream from an offset) */
	bool		bound;
	size_t		bound_offset;
	uint64		bound_n;
	mysql_row_column *cols;
	uint8	   *types;
	int			ncols;
	/* error context */
	mysql_row_where where;
	bool		binding;		/* decoding the result set's definitions */
	bool		conv_error;		/* the conversation does not decode */
	int			command;
	int			result_set;
} convrows_state;

/* CONTEXT line: command, result set, row and column. */
static void
convrows_context(void *arg)
{
	convrows_state *s = (convrows_state *) arg;
	const mysql_row_column *c = s->where.col;
	const char *tn;

	if (s->conv_error)
	{
		errcontext("MySQL command %d", s->conv.command);
		return;
	}
	if (s->binding)
	{
		errcontext("command %d, result set %d, column definition %d", s->command,
				   s->result_set, s->where.colno + 1);
		return;
	}
	if (c == NULL)
		return;
	tn = wc_mysql_type_name(c->type);
	errcontext("command %d, result set %d, row %lld, column %d (\"%s\", MySQL type %s%s)",
			   s->command, s->result_set, (long long) s->where.row, s->where.colno + 1, c->name,
			   tn ? tn : "?", c->flags & WC_MYSQL_FLAG_UNSIGNED ? " UNSIGNED" : "");
}

/* base's row type, cached per call site and checked on every call. */
static row_type *
convrows_type_get(FunctionCallInfo fcinfo, int basearg)
{
	row_type   *t = (row_type *) fcinfo->flinfo->fn_extra;

	if (t == NULL)
	{
		t = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(row_type));
		fcinfo->flinfo->fn_extra = t;
	}
	(void) row_type_check(t, fcinfo, basearg, "base");
	return t;
}

/*
 * Bind the column definitions of the current row (it->ncolumns packets of
 * the server stream from it->columns_offset) to the row type: their number
 * must be the row type's, then each is decoded once, for every row that
 * shares them.
 */
static void
bind_columns(convrows_state *s, row_type *t)
{
	const wc_mysql_conv_item *it = &s->it;
	const uint8 *buf = s->conv.buf[1];
	size_t		len = s->conv.len[1];
	size_t		pos = it->columns_offset;
	MemoryContext old;
	int			att;

	if (!it->columns_known)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("result set %d of command %d has no column definitions in the capture",
						s->result_set, s->command),
				 errdetail("At row %lld (server packet %llu).", (long long) s->where.row,
						   (unsigned long long) it->packet),
				 errhint("The server sent none (optional result set metadata) and no prepared statement holds them.")));
	if (it->ncolumns != (uint64) t->nlive)
		rt_report_count_at(psprintf("result set %d of command %d", s->result_set, s->command),
						   "result columns", (int64) Min(it->ncolumns, (uint64) PG_INT64_MAX),
						   t->rectype, t->nlive,
						   psprintf("At row %lld (server packet %llu).", (long long) s->where.row,
									(unsigned long long) it->packet),
						   "Select one result set with the command and result_set arguments.");
	s->bound = false;
	old = MemoryContextSwitchTo(s->cxt);
	if (s->cols)
	{
		pfree(s->cols);
		pfree(s->types);
	}
	s->ncols = (int) it->ncolumns;
	s->cols = palloc(sizeof(mysql_row_column) * Max(s->ncols, 1));
	s->types = palloc(Max(s->ncols, 1));
	MemoryContextSwitchTo(old);
	s->binding = true;
	for (int i = 0; i < s->ncols; i++)
	{
		wc_mysql_packet pkt;
		wc_error	err;
		const uint8 *def;

		/* the core checked these packets when it classified them */
		if (wc_mysql_packet_next(buf, len, pos, &pkt, &pos, &err) != WC_OK)
			wc_report(&err, "MySQL conversation");
		if (pkt.chunks == 1)
			def = buf + pkt.offset + WC_MYSQL_HEADER;
		else
		{
			uint8	   *copy = MemoryContextAlloc(s->cxt, pkt.length);

			wc_mysql_packet_gather(buf, &pkt, copy);
			def = copy;
		}
		att = t->top->live[i];
		s->where.colno = i;
		old = MemoryContextSwitchTo(s->cxt);	/* the column's conversion */
		mysql_row_column_init(&s->cols[i], def, pkt.length, i, att, &t->atts[att]);
		MemoryContextSwitchTo(old);
		s->types[i] = s->cols[i].type;
	}
	s->binding = false;
	s->bound = true;
	s->bound_offset = it->columns_offset;
	s->bound_n = it->ncolumns;
}

/* The payload of the packet it, in place when it is one frame, else
 * gathered into *gbuf (grown as needed). */
static const uint8 *
packet_payload(convrows_state *s, const wc_mysql_conv_item *it, uint8 **gbuf, size_t *gcap)
{
	const uint8 *buf = s->conv.buf[it->from_server];

	if (it->pkt.chunks == 1)
		return buf + it->pkt.offset + WC_MYSQL_HEADER;
	wc_check_varlena_size(it->pkt.length, "result");
	if (*gcap < it->pkt.length)
	{
		if (*gbuf)
			pfree(*gbuf);
		*gcap = Max(it->pkt.length, 2 * *gcap);
		*gbuf = MemoryContextAlloc(s->cxt, *gcap);
	}
	wc_mysql_packet_gather(buf, &it->pkt, *gbuf);
	return *gbuf;
}

/* A selector argument: NULL (all) or >= 0. */
static int
selector_arg(FunctionCallInfo fcinfo, int argno, const char *name)
{
	int32		v;

	if (PG_NARGS() <= argno || PG_ARGISNULL(argno))
		return -1;
	v = PG_GETARG_INT32(argno);
	if (v < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be 0 or more, or NULL for all, not %d", name, v)));
	return v;
}

/*
 * The walk of both forms: rows go to the function scan's tuplestore, or,
 * given a loader (mysql_conversation_load), into its table.
 */
static void
conversation_walk(FunctionCallInfo fcinfo, bool two_sided, int selarg, row_type *t,
				  Tuplestorestate *store, wc_table_load *load)
{
	int			want_command = selector_arg(fcinfo, selarg, "command");
	int			want_rs = selector_arg(fcinfo, selarg + 1, "result_set");
	convrows_state *s;
	MemoryContext callcxt,
				rowcxt,
				old;
	ErrorContextCallback cb;
	bytea	   *client = NULL,
			   *server;
	Datum	   *values;
	bool	   *nulls;
	uint8	   *gbuf = NULL;
	size_t		gcap = 0;
	wc_mysql_conv_item *it;
	wc_error	err;
	wc_status	st;

	callcxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_conversation_rows",
									ALLOCSET_DEFAULT_SIZES);
	rowcxt = AllocSetContextCreate(callcxt, "mysql_conversation_rows row",
								   ALLOCSET_DEFAULT_SIZES);
	old = MemoryContextSwitchTo(callcxt);
	if (two_sided)
		client = PG_GETARG_BYTEA_PP(0);
	server = PG_GETARG_BYTEA_PP(two_sided ? 1 : 0);
	s = palloc0(sizeof(convrows_state));
	s->cxt = callcxt;
	values = t->values;
	nulls = t->nulls;
	mysql_conv_open(&s->conv,
					client ? (const uint8 *) VARDATA_ANY(client) : NULL,
					client ? VARSIZE_ANY_EXHDR(client) : 0,
					(const uint8 *) VARDATA_ANY(server), VARSIZE_ANY_EXHDR(server));
	MemoryContextSwitchTo(old);

	it = &s->it;
	cb.callback = convrows_context;
	cb.arg = s;
	cb.previous = error_context_stack;
	error_context_stack = &cb;
	for (;;)
	{
		CHECK_FOR_INTERRUPTS();
		st = wc_mysql_conv_next(&s->conv, it, &err);
		if (st == WC_NULL)
			break;
		if (st != WC_OK)
		{
			/* the context line names the command */
			s->where.col = NULL;
			s->conv_error = true;
			wc_report(&err, "MySQL conversation");
		}
		if (want_command >= 0 && it->command > want_command)
			break;				/* past the selected command */
		if (it->kind != WC_MYSQL_K_TEXT_ROW && it->kind != WC_MYSQL_K_BINARY_ROW)
			continue;

		/* a row: of a selected result set? */
		if ((want_command >= 0 && it->command != want_command) ||
			(want_rs >= 0 && it->result_set != want_rs))
			continue;
		s->command = it->command;
		s->result_set = it->result_set;
		s->where.row = (int64) it->row;
		if (!s->bound || !it->columns_known || s->bound_offset != it->columns_offset ||
			s->bound_n != it->ncolumns)
			bind_columns(s, t);
		s->where.command = it->command;
		s->where.result_set = it->result_set;
		old = MemoryContextSwitchTo(rowcxt);
		mysql_row_fill(s->cols, s->types, s->ncols, it->kind == WC_MYSQL_K_BINARY_ROW,
					   packet_payload(s, it, &gbuf, &gcap), it->pkt.length,
					   values, nulls, t->tupdesc->natts, &s->where);
		if (load)
		{
			s->where.col = NULL;	/* the loader's errors name the row */
			wc_table_load_put(load, values, nulls);
		}
		else
			tuplestore_putvalues(store, t->tupdesc, values, nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(rowcxt);
	}
	error_context_stack = cb.previous;
	MemoryContextDelete(callcxt);
}

static Datum
conversation_rows(FunctionCallInfo fcinfo, bool two_sided)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int			basearg = two_sided ? 2 : 1;
	row_type   *t;
	Tuplestorestate *store;
	MemoryContext old;

	if (rsinfo == NULL || !IsA(rsinfo, ReturnSetInfo) ||
		(rsinfo->allowedModes & SFRM_Materialize) == 0)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("set-valued function called in context that cannot accept a set")));
	t = convrows_type_get(fcinfo, basearg);

	old = MemoryContextSwitchTo(rsinfo->econtext->ecxt_per_query_memory);
	store = tuplestore_begin_heap((rsinfo->allowedModes & SFRM_Materialize_Random) != 0, false,
								  work_mem);
	rsinfo->returnMode = SFRM_Materialize;
	rsinfo->setResult = store;
	rsinfo->setDesc = CreateTupleDescCopy(t->tupdesc);
	MemoryContextSwitchTo(old);

	/* NULL streams: no rows */
	if ((two_sided && PG_ARGISNULL(0)) || PG_ARGISNULL(two_sided ? 1 : 0))
		return (Datum) 0;
	conversation_walk(fcinfo, two_sided, basearg + 1, t, store, NULL);
	return (Datum) 0;
}

/* mysql_conversation_load: the same rows inserted into a table; the
 * count.  NULL streams or table: NULL. */
static Datum
conversation_load(FunctionCallInfo fcinfo, bool two_sided)
{
	int			relarg = two_sided ? 2 : 1;
	row_type   *t = (row_type *) fcinfo->flinfo->fn_extra;
	wc_table_load *load;

	if ((two_sided && PG_ARGISNULL(0)) || PG_ARGISNULL(relarg - 1) || PG_ARGISNULL(relarg))
		PG_RETURN_NULL();
	if (t == NULL)
	{
		t = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(row_type));
		fcinfo->flinfo->fn_extra = t;
	}
	load = wc_table_load_begin(PG_GETARG_OID(relarg), "mysql_conversation_load",
							   "mysql_conversation_rows(...)");
	(void) row_type_of(t, wc_table_load_rowtype(load), fcinfo->flinfo->fn_mcxt);
	conversation_walk(fcinfo, two_sided, relarg + 1, t, NULL, load);
	PG_RETURN_INT64(wc_table_load_end(load));
}

PG_FUNCTION_INFO_V1(mysql_conversation_rows);
Datum
mysql_conversation_rows(PG_FUNCTION_ARGS)
{
	return conversation_rows(fcinfo, true);
}

PG_FUNCTION_INFO_V1(mysql_conversation_rows_server);
Datum
mysql_conversation_rows_server(PG_FUNCTION_ARGS)
{
	return conversation_rows(fcinfo, false);
}

PG_FUNCTION_INFO_V1(mysql_conversation_load);
Datum
mysql_conversation_load(PG_FUNCTION_ARGS)
{
	return conversation_load(fcinfo, true);
}

PG_FUNCTION_INFO_V1(mysql_conversation_load_server);
Datum
mysql_conversation_load_server(PG_FUNCTION_ARGS)
{
	return conversation_load(fcinfo, false);
}
