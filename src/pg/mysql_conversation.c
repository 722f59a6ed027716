/*
 * mysql_conversation.c: mysql_conversation(), the packets of a recorded
 * connection classified in order (core: src/core/mysql_conversation.c).
 * Value-per-call: memory holds the two streams, the current result set's
 * column definitions and one packet, whatever the number of rows.
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "mysql_conversation.h"
#include "mysql_glue.h"

#define NATTS 11

/* The column definitions of a prepared statement (MariaDB's cached
 * metadata: executions may send none). */
typedef struct stmt_columns
{
	uint32		stmt_id;
	Datum		cols_array;
	struct stmt_columns *next;
} stmt_columns;

typedef struct conv_state
{
	wc_mysql_conv conv;
	bytea	   *client;
	bytea	   *server;
	/* column definitions of the current result set */
	bytea	  **cols;
	int			ncols;
	int			capcols;
	Datum		cols_array;		/* built at the first row; 0 until then */
	bool		cols_borrowed;	/* cols_array is a prepared statement's */
	bool		in_prepare;		/* definitions belong to a COM_STMT_PREPARE OK */
	uint32		prepare_id;		/* the statement being prepared */
	uint32		execute_id;		/* the statement of the current command */
	stmt_columns *stmts;		/* open prepared statements' definitions */
	MemoryContext mcxt;
} conv_state;

/* Keep a copy of a column definition for the rows that follow. */
static void
remember_column(conv_state *s, bytea *def)
{
	MemoryContext old = MemoryContextSwitchTo(s->mcxt);

	if (s->ncols == s->capcols)
	{
		s->capcols = s->capcols ? s->capcols * 2 : 8;
		s->cols = s->cols ? repalloc(s->cols, s->capcols * sizeof(bytea *)) :
			palloc(s->capcols * sizeof(bytea *));
	}
	s->cols[s->ncols++] = (bytea *) PG_DETOAST_DATUM_COPY(PointerGetDatum(def));
	MemoryContextSwitchTo(old);
}

static void
forget_columns(conv_state *s)
{
	for (int i = 0; i < s->ncols; i++)
		pfree(s->cols[i]);
	s->ncols = 0;
	if (s->cols_array && !s->cols_borrowed)
		pfree(DatumGetPointer(s->cols_array));
	s->cols_array = (Datum) 0;
	s->cols_borrowed = false;
}

static Datum
columns_array(conv_state *s)
{
	if (!s->cols_array)
	{
		MemoryContext old = MemoryContextSwitchTo(s->mcxt);

		s->cols_array = s->ncols ?
			PointerGetDatum(construct_array((Datum *) s->cols, s->ncols, BYTEAOID, -1,
											false, TYPALIGN_INT)) :
			PointerGetDatum(construct_empty_array(BYTEAOID));
		MemoryContextSwitchTo(old);
	}
	return s->cols_array;
}

/* A statement's entry, NULL if none; unlinked from the list when unlink. */
static stmt_columns *
stmt_find(conv_state *s, uint32 id, bool unlink)
{
	for (stmt_columns **pp = &s->stmts; *pp; pp = &(*pp)->next)
		if ((*pp)->stmt_id == id)
		{
			stmt_columns *e = *pp;

			if (unlink)
				*pp = e->next;
			return e;
		}
	return NULL;
}

static void
stmt_forget(conv_state *s, uint32 id)
{
	stmt_columns *e = stmt_find(s, id, true);

	if (e)
	{
		pfree(DatumGetPointer(e->cols_array));
		pfree(e);
	}
}

/* A prepare's response is over: its column definitions become the
 * statement's. */
static void
end_prepare(conv_state *s)
{
	stmt_columns *e;
	Datum		cols;

	s->in_prepare = false;
	cols = columns_array(s);
	stmt_forget(s, s->prepare_id);
	e = MemoryContextAlloc(s->mcxt, sizeof(stmt_columns));
	e->stmt_id = s->prepare_id;
	e->cols_array = cols;
	e->next = s->stmts;
	s->stmts = e;
	s->cols_borrowed = true;
	forget_columns(s);
}

/* Context of a decoding error: the command whose exchange it is in. */
static void
conv_context(void *arg)
{
	errcontext("MySQL command %d", ((const wc_mysql_conv *) arg)->command);
}

static Datum
conversation(FunctionCallInfo fcinfo, bool two_sided)
{
	FuncCallContext *fctx;
	conv_state *s;
	wc_mysql_conv_item it;
	wc_error err;
	wc_status st;
	Datum		values[NATTS];
	bool		nulls[NATTS];
	bytea	   *payload;
	const uint8 *buf;

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext old;
		TupleDesc	td;

		fctx = SRF_FIRSTCALL_INIT();
		old = MemoryContextSwitchTo(fctx->multi_call_memory_ctx);
		s = (conv_state *) palloc0(sizeof(conv_state));
		s->mcxt = fctx->multi_call_memory_ctx;
		s->client = two_sided ? PG_GETARG_BYTEA_PP(0) : NULL;
		s->server = PG_GETARG_BYTEA_PP(two_sided ? 1 : 0);
		wc_mysql_conv_init(&s->conv,
						   s->client ? (const uint8 *) VARDATA_ANY(s->client) : NULL,
						   s->client ? VARSIZE_ANY_EXHDR(s->client) : 0,
						   (const uint8 *) VARDATA_ANY(s->server), VARSIZE_ANY_EXHDR(s->server));
		if (get_call_result_type(fcinfo, NULL, &td) != TYPEFUNC_COMPOSITE)
			elog(ERROR, "mysql_conversation called in context that cannot accept type record");
		fctx->tuple_desc = BlessTupleDesc(td);
		fctx->user_fctx = s;
		MemoryContextSwitchTo(old);
	}
	fctx = SRF_PERCALL_SETUP();
	s = (conv_state *) fctx->user_fctx;

	st = wc_mysql_conv_next(&s->conv, &it, &err);
	if (st == WC_NULL)
		SRF_RETURN_DONE(fctx);
	if (st != WC_OK)
	{
		ErrorContextCallback cb = {error_context_stack, conv_context, &s->conv};

		error_context_stack = &cb;
		wc_report(&err, "MySQL conversation");
	}

	buf = s->conv.buf[it.from_server];
	if (it.pkt.chunks == 1)
		payload = mysql_bytea(buf + it.pkt.offset + 4, it.pkt.length);
	else
	{
		mysql_check_bytea_size(it.pkt.length);
		payload = (bytea *) palloc(VARHDRSZ + it.pkt.length);
		SET_VARSIZE(payload, VARHDRSZ + it.pkt.length);
		wc_mysql_packet_gather(buf, &it.pkt, (uint8 *) VARDATA(payload));
	}
	if (s->in_prepare && it.kind != WC_MYSQL_K_COLUMN_DEF &&
		it.kind != WC_MYSQL_K_PARAM_DEF && it.kind != WC_MYSQL_K_EOF)
		end_prepare(s);
	if (it.kind == WC_MYSQL_K_COMMAND)
	{
		s->execute_id = it.stmt_id;
		if (it.command_type == WC_MYSQL_COM_STMT_CLOSE)
			stmt_forget(s, it.stmt_id);
	}
	else if (it.kind == WC_MYSQL_K_COLUMN_COUNT)
	{
		stmt_columns *e;

		forget_columns(s);
		/* MariaDB sent no definitions: the prepared statement's hold */
		e = !it.cached_metadata ? NULL : s->client ? stmt_find(s, s->execute_id, false) :
			s->stmts;			/* server's side only: the latest prepare */
		if (e != NULL)
		{
			s->cols_array = e->cols_array;
			s->cols_borrowed = true;
		}
	}
	else if (it.kind == WC_MYSQL_K_PREPARE_OK)
	{
		forget_columns(s);
		s->in_prepare = true;
		s->prepare_id = it.stmt_id;
	}
	else if (it.kind == WC_MYSQL_K_COLUMN_DEF)
		remember_column(s, payload);

	memset(nulls, 0, sizeof(nulls));
	values[0] = Int32GetDatum(it.command);
	values[1] = Int32GetDatum(it.command_type);
	nulls[1] = it.command_type < 0;
	values[2] = CStringGetTextDatum(it.from_server ? "server" : "client");
	values[3] = CStringGetTextDatum(wc_mysql_kind_names[it.kind]);
	values[4] = Int32GetDatum(it.result_set);
	nulls[4] = it.result_set < 0;
	values[5] = Int64GetDatum((int64) it.row);
	nulls[5] = it.row == 0;
	values[6] = Int64GetDatum((int64) it.packet);
	values[7] = Int32GetDatum(it.pkt.seq);
	values[8] = Int64GetDatum((int64) it.pkt.offset);
	values[9] = PointerGetDatum(payload);
	if (it.kind == WC_MYSQL_K_TEXT_ROW || it.kind == WC_MYSQL_K_BINARY_ROW)
		values[10] = columns_array(s);
	else
	{
		values[10] = (Datum) 0;
		nulls[10] = true;
	}
	SRF_RETURN_NEXT(fctx, HeapTupleGetDatum(heap_form_tuple(fctx->tuple_desc, values, nulls)));
}

PG_FUNCTION_INFO_V1(mysql_conversation);
Datum
mysql_conversation(PG_FUNCTION_ARGS)
{
	return conversation(fcinfo, true);
}

PG_FUNCTION_INFO_V1(mysql_conversation_server);
Datum
mysql_conversation_server(PG_FUNCTION_ARGS)
{
	return conversation(fcinfo, false);
}
