/*
 * mysql_packet.c: SQL functions for MySQL packet framing and reassembly and
 * for text rows, Column Definition 41 and OK packets (core:
 * src/core/mysql_packet.c).
 */
#include "compat.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/numeric.h"

#include "mysql_glue.h"
#include "srf.h"
#include "mysql_lenenc.h"
#include "mysql_packet.h"

PG_FUNCTION_INFO_V1(mysql_packet_frame);
Datum
mysql_packet_frame(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	int32		seq = PG_GETARG_INT32(1);
	size_t		n = VARSIZE_ANY_EXHDR(payload);
	int			ok;
	size_t		size = wc_mysql_frame_size(n, &ok);
	bytea	   *r;

	if (seq < 0 || seq > 255)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("sequence id %d is out of range", seq),
				 errdetail("A sequence id is one byte, 0 to 255.")));
	if (!ok)
		size = SIZE_MAX;
	r = (bytea *) wc_alloc_varlena(size, "result");
	wc_mysql_frame_write((uint8 *) VARDATA(r), (const uint8 *) VARDATA_ANY(payload), n,
						 (uint8) seq);
	PG_RETURN_BYTEA_P(r);
}

/* State of mysql_packets between calls. */
typedef struct packets_state
{
	bytea	   *stream;
	size_t		pos;
	int			index;
} packets_state;

/* First call of a per-packet SRF: the stream (argument 0) from its start. */
static void
packets_begin(FunctionCallInfo fcinfo, const char *msg)
{
	FuncCallContext *fctx = SRF_FIRSTCALL_INIT();
	MemoryContext old = MemoryContextSwitchTo(fctx->multi_call_memory_ctx);
	packets_state *state = (packets_state *) palloc(sizeof(packets_state));

	state->stream = PG_GETARG_BYTEA_PP(0);
	state->pos = 0;
	state->index = 0;
	fctx->user_fctx = state;
	fctx->tuple_desc = srf_row_desc(fcinfo, msg);
	MemoryContextSwitchTo(old);
}

PG_FUNCTION_INFO_V1(mysql_packets);
Datum
mysql_packets(PG_FUNCTION_ARGS)
{
	FuncCallContext *fctx;
	packets_state *state;
	const uint8 *buf;
	size_t		len;
	wc_mysql_packet pkt;
	wc_error err;
	wc_status st;
	size_t		next;
	bytea	   *payload;
	Datum		values[3];
	bool		nulls[3] = {false, false, false};

	if (SRF_IS_FIRSTCALL())
		packets_begin(fcinfo, "mysql_packets called in context that cannot accept type record");
	fctx = SRF_PERCALL_SETUP();
	state = (packets_state *) fctx->user_fctx;
	buf = (const uint8 *) VARDATA_ANY(state->stream);
	len = VARSIZE_ANY_EXHDR(state->stream);
	if (state->pos >= len)
		SRF_RETURN_DONE(fctx);
	CHECK_FOR_INTERRUPTS();

	st = wc_mysql_packet_next(buf, len, state->pos, &pkt, &next, &err);
	if (st != WC_OK)
	{
		wc_at_index(&err, st, "packet", state->index + 1);
		wc_report(&err, "MySQL packet stream");
	}
	payload = (bytea *) palloc(VARHDRSZ + pkt.length);
	SET_VARSIZE(payload, VARHDRSZ + pkt.length);
	wc_mysql_packet_gather(buf, &pkt, (uint8 *) VARDATA(payload));
	state->pos = next;
	state->index++;

	values[0] = Int32GetDatum(pkt.seq);
	values[1] = PointerGetDatum(payload);
	values[2] = Int64GetDatum((int64) pkt.offset);
	SRF_RETURN_NEXT(fctx, HeapTupleGetDatum(heap_form_tuple(fctx->tuple_desc, values, nulls)));
}

/* Columns remembered during the walk; MySQL tables have at most 4096. */
#define TEXT_ROW_STACK 64
#define TEXT_ROW_KEEP 4096


/*
 * A text row as bytea[] (NULL elements for 0xFB), in one walk of the
 * payload: each column is checked, counted and sized as it is read and its
 * slice kept, then the array is allocated once and filled from the slices
 * (no per-element bytea, no second copy as construct_md_array would make).
 * Only a row wider than TEXT_ROW_KEEP columns, which no MySQL table has, is
 * walked a second time to copy.  expect >= 0: the column count must match.
 */
static Datum
text_row_decode(const uint8 *buf, size_t len, int64 expect)
{
	wc_mysql_slice stack[TEXT_ROW_STACK];
	wc_mysql_slice *cols = stack;
	size_t		cap = TEXT_ROW_STACK;
	size_t		ncols = 0,
				nnulls = 0,
				data = 0,
				pos = 0,
				after_kept = 0;
	size_t		overhead,
				total,
				fixed = sizeof(ArrayType) + 2 * sizeof(int);
	wc_error err;
	ArrayType  *a;
	bits8	   *bitmap;
	char	   *d;

	while (pos < len)
	{
		wc_mysql_slice s;
		wc_status st = wc_mysql_text_row_next(buf, len, pos, &s, &pos, ncols, &err);

		if (st > WC_NULL)
			wc_report(&err, "MySQL text row");
		wc_check_interrupts_every(ncols + 1, WC_INTERRUPT_STRIDE);
		/* a payload of 1 GB of 0xFB would be 10^9 NULL columns */
		if (ncols >= (size_t) MaxArraySize)
			wc_report_too_large("MySQL text row", ncols + 1, "columns", MaxArraySize);
		if (ncols == cap && cap < TEXT_ROW_KEEP)
		{
			wc_mysql_slice *grown = palloc(sizeof(wc_mysql_slice) * cap * 2);

			memcpy(grown, cols, sizeof(wc_mysql_slice) * cap);
			if (cols != stack)
				pfree(cols);
			cols = grown;
			cap *= 2;
		}
		if (ncols < cap)
		{
			cols[ncols] = s;
			after_kept = pos;
		}
		if (s.is_null)
			nnulls++;
		else
			data += INTALIGN(VARHDRSZ + s.len);
		ncols++;
	}
	if (expect >= 0 && (uint64) expect != ncols)
	{
		wc_fail_ef(&err, WC_MYSQL_COLUMN_COUNT, len, (uint64) expect, ncols);
		wc_report(&err, "MySQL text row");
	}
	if (ncols == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(BYTEAOID));
	overhead = nnulls ? ARR_OVERHEAD_WITHNULLS(1, ncols) : ARR_OVERHEAD_NONULLS(1);
	total = overhead + data;
	if (total > MaxAllocSize)
		wc_report_too_large("array of the row's columns", total, "bytes", MaxAllocSize);
	a = (ArrayType *) palloc(total);
	SET_VARSIZE(a, total);
	a->ndim = 1;
	a->dataoffset = nnulls ? (int32) overhead : 0;
	a->elemtype = BYTEAOID;
	ARR_DIMS(a)[0] = (int) ncols;
	ARR_LBOUND(a)[0] = 1;
	/* null bitmap (all "null" until set) and alignment padding */
	memset((char *) a + fixed, 0, overhead - fixed);
	bitmap = nnulls ? (bits8 *) a + fixed : NULL;
	d = (char *) a + overhead;	/* ARR_DATA_PTR, in both layouts */
	pos = 0;
	for (size_t i = 0; i < ncols; i++)
	{
		wc_mysql_slice s;
		size_t		n;

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		if (i < cap)
			s = cols[i];
		else					/* past the kept columns: read again */
		{
			if (i == cap)
				pos = after_kept;
			(void) wc_mysql_text_row_next(buf, len, pos, &s, &pos, i, NULL);
		}
		if (s.is_null)
			continue;
		if (bitmap)
			bitmap[i / 8] |= (bits8) (1 << (i % 8));
		n = VARHDRSZ + s.len;
		SET_VARSIZE(d, n);
		if (s.len)
			wc_memcpy_checked(VARDATA(d), buf + s.off, s.len);
		if (INTALIGN(n) > n)
			memset(d + n, 0, INTALIGN(n) - n);
		d += INTALIGN(n);
	}
	if (cols != stack)
		pfree(cols);
	PG_RETURN_ARRAYTYPE_P(a);
}

PG_FUNCTION_INFO_V1(mysql_text_row_decode);
Datum
mysql_text_row_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	size_t		len = VARSIZE_ANY_EXHDR(payload);

	return text_row_decode(buf, len, -1);
}

PG_FUNCTION_INFO_V1(mysql_text_row_decode_n);
Datum
mysql_text_row_decode_n(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	int32		expect = PG_GETARG_INT32(1);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	size_t		len = VARSIZE_ANY_EXHDR(payload);

	if (expect < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("column count %d is negative", expect)));
	return text_row_decode(buf, len, expect);
}

/* The function's capabilities argument, or the default. */
#define CAPS_ARG(n) (PG_NARGS() > (n) ? mysql_caps_arg(PG_GETARG_INT64(n)) : WC_MYSQL_CAPS_DEFAULT)


/* Decode a column definition or raise its error. */
static void
column_def_get(const uint8 *buf, size_t len, wc_mysql_cd_ext ext, wc_mysql_column_def *cd)
{
	wc_error err;
	wc_status st = wc_mysql_column_def_decode(buf, len, ext, cd, &err);

	if (st != WC_OK)
		wc_report(&err, "MySQL column definition");
}

/* Fill the six strings (converted from UTF-8) and the five numbers. */
static void
column_def_values(const uint8 *buf, const wc_mysql_column_def *cd, Datum *values, bool *nulls)
{
	for (int i = 0; i < WC_MYSQL_CD_NSTRINGS; i++)
		values[i] = mysql_utf8_text_or_null(buf, &cd->str[i], wc_mysql_column_def_fields[i],
											&nulls[i]);
	values[6] = Int32GetDatum(cd->charset);
	values[7] = Int64GetDatum((int64) cd->column_length);
	values[8] = Int32GetDatum(cd->type);
	values[9] = Int32GetDatum(cd->flags);
	values[10] = Int32GetDatum(cd->decimals);
	memset(nulls + 6, 0, 5 * sizeof(bool));
}

/* Thirteen columns, the extended metadata last. */
static Datum
column_def_result(FunctionCallInfo fcinfo, wc_mysql_cd_ext ext)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	wc_mysql_column_def cd;
	Datum		values[13];
	bool		nulls[13];

	column_def_get(buf, VARSIZE_ANY_EXHDR(payload), ext, &cd);
	column_def_values(buf, &cd, values, nulls);
	values[11] = mysql_utf8_text_or_null(buf, &cd.ext_type_name,
										 "extended metadata \"type\"", &nulls[11]);
	values[12] = mysql_utf8_text_or_null(buf, &cd.ext_format,
										 "extended metadata \"format\"", &nulls[12]);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

/* mysql_column_def_decode(payload): extended metadata detected. */
PG_FUNCTION_INFO_V1(mysql_column_def_decode_auto);
Datum
mysql_column_def_decode_auto(PG_FUNCTION_ARGS)
{
	return column_def_result(fcinfo, WC_MYSQL_CD_EXT_DETECT);
}

/* mysql_column_def_decode(payload, capabilities). */
PG_FUNCTION_INFO_V1(mysql_column_def_decode_caps);
Datum
mysql_column_def_decode_caps(PG_FUNCTION_ARGS)
{
	return column_def_result(fcinfo, wc_mysql_cd_ext_of(mysql_caps_arg(PG_GETARG_INT64(1))));
}

/* The eleven-column C entry point, which the oldest install script binds
 * and upgrades keep. */
PG_FUNCTION_INFO_V1(mysql_column_def_decode);
Datum
mysql_column_def_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	wc_mysql_column_def cd;
	Datum		values[11];
	bool		nulls[11];

	column_def_get(buf, VARSIZE_ANY_EXHDR(payload), WC_MYSQL_CD_EXT_DETECT, &cd);
	column_def_values(buf, &cd, values, nulls);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

/* Decode an OK packet or raise its error. */
static void
ok_get(const uint8 *buf, size_t len, uint64 caps, wc_mysql_ok *ok)
{
	wc_error err;
	wc_status st = wc_mysql_ok_decode(buf, len, caps, ok, &err);

	if (st != WC_OK)
		wc_report(&err, "MySQL OK packet");
}

static void
ok_values(const uint8 *buf, const wc_mysql_ok *ok, Datum *values, bool *nulls)
{
	nulls[0] = ok->affected_rows_null;
	values[0] = ok->affected_rows_null ? (Datum) 0 : mysql_uint64_numeric(ok->affected_rows);
	nulls[1] = ok->last_insert_id_null;
	values[1] = ok->last_insert_id_null ? (Datum) 0 : mysql_uint64_numeric(ok->last_insert_id);
	values[2] = Int32GetDatum(ok->status_flags);
	values[3] = Int32GetDatum(ok->warnings);
	values[4] = PointerGetDatum(wc_varlena_copy(buf + ok->info.off, ok->info.len, "result"));
	nulls[2] = nulls[3] = nulls[4] = false;
}

/* mysql_ok_packet_decode(payload, capabilities): six columns. */
PG_FUNCTION_INFO_V1(mysql_ok_packet_decode_caps);
Datum
mysql_ok_packet_decode_caps(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	wc_mysql_ok ok;
	Datum		values[6];
	bool		nulls[6];

	ok_get(buf, VARSIZE_ANY_EXHDR(payload), CAPS_ARG(1), &ok);
	ok_values(buf, &ok, values, nulls);
	values[5] = mysql_bytea_or_null(buf, &ok.session_state, &nulls[5]);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

/* The five-column C entry point (no session tracking), which the oldest
 * install script binds and upgrades keep. */
PG_FUNCTION_INFO_V1(mysql_ok_packet_decode);
Datum
mysql_ok_packet_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	wc_mysql_ok ok;
	Datum		values[5];
	bool		nulls[5];

	ok_get(buf, VARSIZE_ANY_EXHDR(payload), WC_MYSQL_CLIENT_PROTOCOL_41, &ok);
	ok_values(buf, &ok, values, nulls);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

/* mysql_session_state_decode(session_state): one row per change, one
 * change decoded per call (value-per-call, like mysql_packets). */
PG_FUNCTION_INFO_V1(mysql_session_state_decode);
Datum
mysql_session_state_decode(PG_FUNCTION_ARGS)
{
	FuncCallContext *fctx;
	packets_state *state;
	const uint8 *buf;
	size_t		len;
	wc_mysql_session_change chg;
	wc_error err;
	wc_status st;
	Datum		values[6];
	bool		nulls[6] = {false, false, false, false, false, false};

	if (SRF_IS_FIRSTCALL())
		packets_begin(fcinfo, "mysql_session_state_decode called in context that cannot accept type record");
	fctx = SRF_PERCALL_SETUP();
	state = (packets_state *) fctx->user_fctx;
	buf = (const uint8 *) VARDATA_ANY(state->stream);
	len = VARSIZE_ANY_EXHDR(state->stream);
	if (state->pos >= len)
		SRF_RETURN_DONE(fctx);
	CHECK_FOR_INTERRUPTS();
	state->index++;
	st = wc_mysql_session_change_next(buf, len, state->pos, &chg, &state->pos, &err);
	if (st != WC_OK)
	{
		wc_at_index(&err, st, "session-state change", state->index);
		wc_report(&err, "MySQL session state");
	}
	values[0] = Int32GetDatum(chg.type);
	nulls[1] = chg.type >= WC_MYSQL_TRACK_NKNOWN;
	values[1] = nulls[1] ? (Datum) 0 : CStringGetTextDatum(wc_mysql_track_names[chg.type]);
	values[2] = mysql_utf8_text_or_null(buf, &chg.name,
										"system variable name", &nulls[2]);
	values[3] = mysql_utf8_text_or_null(buf, &chg.value,
										"session-state value", &nulls[3]);
	nulls[4] = chg.gtid_spec < 0;
	values[4] = Int32GetDatum(chg.gtid_spec);
	values[5] = PointerGetDatum(wc_varlena_copy(buf + chg.data.off, chg.data.len, "result"));
	SRF_RETURN_NEXT(fctx, HeapTupleGetDatum(heap_form_tuple(fctx->tuple_desc, values, nulls)));
}

/* mysql_err_packet_decode(payload, capabilities). */
PG_FUNCTION_INFO_V1(mysql_err_packet_decode);
Datum
mysql_err_packet_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	wc_mysql_err_packet e;
	wc_error err;
	wc_status st;
	Datum		values[7];
	bool		nulls[7] = {false, false, false, false, false, false, false};

	st = wc_mysql_err_decode(buf, VARSIZE_ANY_EXHDR(payload), CAPS_ARG(1), &e, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL ERR packet");
	values[0] = Int32GetDatum(e.code);
	values[1] = mysql_utf8_text_or_null(buf, &e.sql_state,
										"sql_state", &nulls[1]);
	values[2] = mysql_utf8_text_or_null(buf, &e.message,
										"error_message", &nulls[2]);
	nulls[3] = nulls[4] = nulls[5] = !e.progress;
	values[3] = Int32GetDatum(e.stage);
	values[4] = Int32GetDatum(e.max_stage);
	values[5] = e.progress ?
		DirectFunctionCall2(numeric_round,
							DirectFunctionCall2(numeric_div, mysql_uint64_numeric(e.progress_value),
												mysql_uint64_numeric(1000)),
							Int32GetDatum(3)) : (Datum) 0;
	values[6] = mysql_utf8_text_or_null(buf, &e.progress_info,
										"progress_info", &nulls[6]);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

/* mysql_eof_packet_decode(payload, capabilities). */
PG_FUNCTION_INFO_V1(mysql_eof_packet_decode);
Datum
mysql_eof_packet_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	wc_mysql_eof eof;
	wc_error err;
	wc_status st;
	Datum		values[2];
	bool		nulls[2] = {false, false};

	st = wc_mysql_eof_decode((const uint8 *) VARDATA_ANY(payload), VARSIZE_ANY_EXHDR(payload),
							 CAPS_ARG(1), &eof, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL EOF packet");
	values[0] = Int32GetDatum(eof.warnings);
	values[1] = Int32GetDatum(eof.status_flags);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}

/* mysql_stmt_prepare_ok_decode(payload, capabilities). */
PG_FUNCTION_INFO_V1(mysql_stmt_prepare_ok_decode);
Datum
mysql_stmt_prepare_ok_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	wc_mysql_prepare_ok po;
	wc_error err;
	wc_status st;
	Datum		values[5];
	bool		nulls[5] = {false, false, false, false, false};

	st = wc_mysql_prepare_ok_decode((const uint8 *) VARDATA_ANY(payload),
									VARSIZE_ANY_EXHDR(payload), CAPS_ARG(1), &po, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL COM_STMT_PREPARE OK packet");
	values[0] = Int64GetDatum((int64) po.statement_id);
	values[1] = Int32GetDatum(po.num_columns);
	values[2] = Int32GetDatum(po.num_params);
	nulls[3] = !po.has_warnings;
	values[3] = Int32GetDatum(po.warnings);
	nulls[4] = po.metadata_follows < 0;
	values[4] = BoolGetDatum(po.metadata_follows > 0);
	return HeapTupleGetDatum(heap_form_tuple(mysql_result_desc(fcinfo), values, nulls));
}
