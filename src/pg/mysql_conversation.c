/*
 * mysql_conversation.c: mysql_conversation(), the packets of a recorded
 * connection classified in order (core: src/core/mysql_conversation.c,
 * which keeps the protocol state; this file turns its items into rows).
 * A compressed connection's streams are decompressed first
 * (src/core/mysql_compress.c).  Materialize mode: one call walks the
 * conversation into the tuplestore the executor reads (work_mem in memory,
 * the rest spilled to disk); besides it, memory holds the two streams, the
 * column definitions of the current result set and one payload, whatever
 * the number of packets.
 */
#include "compat.h"

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "mysql_compress.h"
#include "mysql_conversation.h"
#include "mysql_glue.h"
#include "wc_report.h"

#define NATTS 11

static const char *const SUBJECT = "MySQL conversation";

typedef struct conv_state
{
	wc_mysql_conv conv;
	const uint8 *buf[2];		/* the streams, decompressed when compressed */
	size_t		len[2];
	/* the column definitions array of the rows, built once per result set */
	Datum		cols_array;
	size_t		cols_offset;
	uint64		cols_n;
	MemoryContext mcxt;
} conv_state;

/* buf[start .. len) decompressed after buf[0 .. start) (the handshake). */
static void
decompress_stream(const uint8 *buf, size_t len, size_t start, const uint8 **out,
				  size_t *out_len)
{
	wc_error	err;
	size_t		n,
				wn;
	uint8	   *dst;
	void	   *work;

	/* the size pass bounds n by the compressed size (wc_unzip_limit) */
	if (wc_mysql_decompress_size(buf, len, start, &n, &wn, &err) != WC_OK)
		wc_report(&err, "MySQL compressed packet");
	wc_check_varlena_size(start + n, "result");
	dst = palloc_extended(start + n + 1, MCXT_ALLOC_HUGE);
	memcpy(dst, buf, start);
	work = palloc_extended(Max(wn, 1), MCXT_ALLOC_HUGE);
	if (wc_mysql_decompress(buf, len, start, dst + start, n, work, wn, NULL, &err) != WC_OK)
		wc_report(&err, "MySQL compressed packet");
	pfree(work);
	*out = dst;
	*out_len = start + n;
}

/*
 * Start conv on the streams, decompressed when the connection negotiated
 * compression (with the client stream) or, from the server's side alone,
 * when what follows the handshake reads as compressed packets; conv->buf
 * and conv->len are then the streams to read.  Shared with
 * mysql_conversation_rows().
 */
void
mysql_conv_open(wc_mysql_conv *conv, const uint8 *client, size_t client_len,
				const uint8 *server, size_t server_len)
{
	size_t		cend,
				send;
	uint64		caps;
	wc_error	err;
	bool		compressed = false;

	if (wc_mysql_conv_handshake_end(client, client_len, server, server_len, &cend, &send,
									&caps, &err) == WC_OK)
	{
		/* zlib (CLIENT_COMPRESS) or zstd (CLIENT_ZSTD_COMPRESSION_ALGORITHM,
		 * which MySQL's clients set without CLIENT_COMPRESS) */
		compressed = client ? (caps & (WC_MYSQL_CLIENT_COMPRESS |
									   WC_MYSQL_CLIENT_ZSTD_COMPRESSION_ALGORITHM)) != 0 :
			wc_mysql_compress_detect(server, server_len, send);
		if (compressed)
		{
			if (client)
				decompress_stream(client, client_len, cend, &client, &client_len);
			decompress_stream(server, server_len, send, &server, &server_len);
		}
	}
	/* else the conversation itself reports what is wrong */
	wc_mysql_conv_init(conv, client, client_len, server, server_len);
	/* senders restart sequence ids with each compressed packet */
	conv->compressed = compressed;
}

/* Point the state at the streams (see mysql_conv_open). */
static void
open_streams(conv_state *s, const uint8 *client, size_t client_len, const uint8 *server,
			 size_t server_len)
{
	mysql_conv_open(&s->conv, client, client_len, server, server_len);
	for (int i = 0; i < 2; i++)
	{
		s->buf[i] = s->conv.buf[i];
		s->len[i] = s->conv.len[i];
	}
}

/* The payload of a packet as a new bytea. */
static bytea *
payload_bytea(const uint8 *buf, const wc_mysql_packet *pkt)
{
	bytea	   *b;

	if (pkt->chunks == 1)
		return wc_varlena_copy(buf + pkt->offset + WC_MYSQL_HEADER, pkt->length, "result");
	b = (bytea *) wc_alloc_varlena(pkt->length, "result");
	wc_mysql_packet_gather(buf, pkt, (uint8 *) VARDATA(b));
	return b;
}

/* The column definitions the core names for a row: n packets of the
 * server stream from offset, as bytea[] (kept while they apply). */
static Datum
columns_array(conv_state *s, size_t offset, uint64 n)
{
	MemoryContext old;
	Datum	   *defs;
	size_t		pos = offset;

	if (s->cols_array && s->cols_offset == offset && s->cols_n == n)
		return s->cols_array;
	if (s->cols_array)
		pfree(DatumGetPointer(s->cols_array));
	s->cols_array = (Datum) 0;
	old = MemoryContextSwitchTo(s->mcxt);
	defs = palloc(sizeof(Datum) * (n ? n : 1));
	for (uint64 k = 0; k < n; k++)
	{
		wc_mysql_packet pkt;
		wc_error	err;

		/* the core checked these packets when it classified them */
		if (wc_mysql_packet_next(s->buf[1], s->len[1], pos, &pkt, &pos, &err) != WC_OK)
			wc_report(&err, SUBJECT);
		defs[k] = PointerGetDatum(payload_bytea(s->buf[1], &pkt));
	}
	s->cols_array = PointerGetDatum(construct_array(defs, (int) n, BYTEAOID, -1, false,
													TYPALIGN_INT));
	for (uint64 k = 0; k < n; k++)
		pfree(DatumGetPointer(defs[k]));
	pfree(defs);
	MemoryContextSwitchTo(old);
	s->cols_offset = offset;
	s->cols_n = n;
	return s->cols_array;
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
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext callcxt,
				rowcxt,
				old;
	conv_state	s;
	bytea	   *client,
			   *server;
	Datum		direction[2];
	Datum		kind[WC_MYSQL_K_NKINDS];
	uint8	   *pbuf = NULL;	/* one payload at a time, reused */
	size_t		pcap = 0;
	wc_mysql_conv_item it;
	wc_error	err;
	wc_status	st;
	Datum		values[NATTS];
	bool		nulls[NATTS];

	InitMaterializedSRF(fcinfo, 0);
	callcxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_conversation",
									ALLOCSET_DEFAULT_SIZES);
	rowcxt = AllocSetContextCreate(callcxt, "mysql_conversation row", ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(callcxt);
	memset(&s, 0, sizeof(s));
	s.mcxt = callcxt;
	client = two_sided ? PG_GETARG_BYTEA_PP(0) : NULL;
	server = PG_GETARG_BYTEA_PP(two_sided ? 1 : 0);
	open_streams(&s, client ? (const uint8 *) VARDATA_ANY(client) : NULL,
				 client ? VARSIZE_ANY_EXHDR(client) : 0,
				 (const uint8 *) VARDATA_ANY(server), VARSIZE_ANY_EXHDR(server));
	/* the text columns take a few values: each built once */
	direction[0] = CStringGetTextDatum("client");
	direction[1] = CStringGetTextDatum("server");
	for (int k = 0; k < WC_MYSQL_K_NKINDS; k++)
		kind[k] = CStringGetTextDatum(wc_mysql_kind_names[k]);

	while ((st = wc_mysql_conv_next(&s.conv, &it, &err)) != WC_NULL)
	{
		CHECK_FOR_INTERRUPTS();
		if (st != WC_OK)
		{
			ErrorContextCallback cb = {error_context_stack, conv_context, &s.conv};

			error_context_stack = &cb;
			wc_report(&err, SUBJECT);
		}
		memset(nulls, 0, sizeof(nulls));
		values[0] = Int32GetDatum(it.command);
		values[1] = Int32GetDatum(it.command_type);
		nulls[1] = it.command_type < 0;
		values[2] = direction[it.from_server ? 1 : 0];
		values[3] = kind[it.kind];
		values[4] = Int32GetDatum(it.result_set);
		nulls[4] = it.result_set < 0;
		values[5] = Int64GetDatum((int64) it.row);
		nulls[5] = it.row == 0;
		values[6] = Int64GetDatum((int64) it.packet);
		values[7] = Int32GetDatum(it.pkt.seq);
		values[8] = Int64GetDatum((int64) it.pkt.offset);
		/* the payload into the reused buffer: the tuplestore copies it */
		wc_check_varlena_size(it.pkt.length, "result");
		if (VARHDRSZ + it.pkt.length > pcap)
		{
			if (pbuf)
				pfree(pbuf);
			pcap = Max(VARHDRSZ + it.pkt.length, 2 * pcap);
			pbuf = MemoryContextAllocExtended(callcxt, pcap, MCXT_ALLOC_HUGE);
		}
		SET_VARSIZE(pbuf, VARHDRSZ + it.pkt.length);
		if (it.pkt.chunks == 1)
			memcpy(pbuf + VARHDRSZ, s.buf[it.from_server] + it.pkt.offset + WC_MYSQL_HEADER,
				   it.pkt.length);
		else
			wc_mysql_packet_gather(s.buf[it.from_server], &it.pkt, pbuf + VARHDRSZ);
		values[9] = PointerGetDatum(pbuf);
		nulls[10] = !((it.kind == WC_MYSQL_K_TEXT_ROW || it.kind == WC_MYSQL_K_BINARY_ROW) &&
					  it.columns_known);
		values[10] = nulls[10] ? (Datum) 0 : columns_array(&s, it.columns_offset, it.ncolumns);
		MemoryContextSwitchTo(rowcxt);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		MemoryContextSwitchTo(callcxt);
		MemoryContextReset(rowcxt);
	}
	MemoryContextSwitchTo(old);
	MemoryContextDelete(callcxt);
	return (Datum) 0;
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
