/*
 * fdb_tuple_versionstamp.c: the fdb_versionstamp type, FoundationDB's 96-bit
 * versionstamp: a 10-byte transaction version (8-byte commit version and
 * 2-byte batch number, big-endian) and a 2-byte big-endian user version.
 * Stored as those 12 bytes, so comparing bytes is comparing versionstamps.
 * Text form: 20 hex digits, a colon, the user version in decimal
 * ("0102030405060708090a:48879").  Ten ff bytes mark an incomplete one.
 */
#include "compat.h"

#include "common/hashfn.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"
#include "utils/sortsupport.h"

#include "byteorder.h"
#include "fdb_tuple.h"
#include "fdb_tuple_glue.h"
#include "bytea_in.h"
#include "bytea_text.h"

#define VS_LEN 12

/* A new versionstamp from its parts. */
static uint8_t *
vs_make(const uint8_t *tx, int32 user_version)
{
	uint8_t    *v;

	if (user_version < 0 || user_version > 0xFFFF)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("versionstamp user version %d is out of range", user_version),
				 errdetail("The user version is a 2-byte unsigned integer, 0 to 65535.")));
	v = palloc(VS_LEN);
	memcpy(v, tx, 10);
	wc_store_be16(v + 10, (uint16_t) user_version);
	return v;
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_in);
Datum
fdb_versionstamp_in(PG_FUNCTION_ARGS)
{
	const char *s = PG_GETARG_CSTRING(0);
	size_t		n = strlen(s);
	uint8_t    *v;
	wc_error	err;

	/* bytea's hex form of the 12 bytes, as a binary export writes them */
	if (wc_bytea_text_is_hex(s, n))
	{
		bytea	   *b = wc_bytea_in(s, n, "fdb_versionstamp", fcinfo->context);

		if (b == NULL)
			PG_RETURN_DATUM((Datum) 0);
		if (VARSIZE(b) - VARHDRSZ != VS_LEN)
		{
			wc_in_field(&err, wc_fail_ef(&err, WC_ERR_BAD_VALUE, 0, VS_LEN, VARSIZE(b) - VARHDRSZ),
						"versionstamp length");
			err.has &= ~(unsigned) WC_HAS_OFFSET;
			wc_report_input(&err, "fdb_versionstamp", s, fcinfo->context);
			PG_RETURN_DATUM((Datum) 0);
		}
		v = palloc(VS_LEN);
		memcpy(v, VARDATA(b), VS_LEN);
		PG_RETURN_POINTER(v);
	}
	/* 20 hex digits (the transaction version), ':', the user version */
	v = palloc(VS_LEN);
	if (wc_fdb_vs_parse(s, n, v, &err) != WC_OK)
	{
		wc_report_input(&err, "fdb_versionstamp", s, fcinfo->context);
		PG_RETURN_DATUM((Datum) 0);
	}
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_out);
Datum
fdb_versionstamp_out(PG_FUNCTION_ARGS)
{
	char	   *buf = palloc(WC_FDB_VS_TEXT_MAX);

	wc_fdb_vs_format((const uint8_t *) PG_GETARG_POINTER(0), buf);
	PG_RETURN_CSTRING(buf);
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_recv);
Datum
fdb_versionstamp_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			n = buf->len - buf->cursor;
	uint8_t    *v;

	if (n != VS_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary fdb_versionstamp: %d bytes, not 12", n)));
	v = palloc(VS_LEN);
	pq_copymsgbytes(buf, (char *) v, VS_LEN);
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_send);
Datum
fdb_versionstamp_send(PG_FUNCTION_ARGS)
{
	bytea	   *b = (bytea *) palloc(VARHDRSZ + VS_LEN);

	SET_VARSIZE(b, VARHDRSZ + VS_LEN);
	memcpy(VARDATA(b), PG_GETARG_POINTER(0), VS_LEN);
	PG_RETURN_BYTEA_P(b);
}

/* fdb_versionstamp(tx bytea, user_version int): a complete versionstamp. */
PG_FUNCTION_INFO_V1(fdb_versionstamp_make);
Datum
fdb_versionstamp_make(PG_FUNCTION_ARGS)
{
	bytea	   *tx = PG_GETARG_BYTEA_PP(0);

	if (VARSIZE_ANY_EXHDR(tx) != 10)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the transaction version must be 10 bytes, not %d",
						(int) VARSIZE_ANY_EXHDR(tx))));
	PG_RETURN_POINTER(vs_make((const uint8_t *) VARDATA_ANY(tx), PG_GETARG_INT32(1)));
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_incomplete);
Datum
fdb_versionstamp_incomplete(PG_FUNCTION_ARGS)
{
	static const uint8_t ff[10] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};

	PG_RETURN_POINTER(vs_make(ff, PG_GETARG_INT32(0)));
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_is_complete);
Datum
fdb_versionstamp_is_complete(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(!wc_fdb_vs_incomplete((const uint8_t *) PG_GETARG_POINTER(0)));
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_tx);
Datum
fdb_versionstamp_tx(PG_FUNCTION_ARGS)
{
	bytea	   *b = palloc(VARHDRSZ + 10);

	SET_VARSIZE(b, VARHDRSZ + 10);
	memcpy(VARDATA(b), PG_GETARG_POINTER(0), 10);
	PG_RETURN_BYTEA_P(b);
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_user_version);
Datum
fdb_versionstamp_user_version(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) wc_load_be16((const uint8_t *) PG_GETARG_POINTER(0) + 10));
}

/* ---- comparison and hashing: the 12 bytes in order ---- */

static int
vs_cmp(FunctionCallInfo fcinfo)
{
	return memcmp(PG_GETARG_POINTER(0), PG_GETARG_POINTER(1), VS_LEN);
}

#define VS_CMP_FN(name, expr) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	int			c = vs_cmp(fcinfo); \
	PG_RETURN_BOOL(expr); \
}

VS_CMP_FN(fdb_versionstamp_eq, c == 0)
VS_CMP_FN(fdb_versionstamp_ne, c != 0)
VS_CMP_FN(fdb_versionstamp_lt, c < 0)
VS_CMP_FN(fdb_versionstamp_le, c <= 0)
VS_CMP_FN(fdb_versionstamp_gt, c > 0)
VS_CMP_FN(fdb_versionstamp_ge, c >= 0)

PG_FUNCTION_INFO_V1(fdb_versionstamp_cmp);
Datum
fdb_versionstamp_cmp(PG_FUNCTION_ARGS)
{
	int			c = vs_cmp(fcinfo);

	PG_RETURN_INT32(c < 0 ? -1 : c > 0);
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_hash);
Datum
fdb_versionstamp_hash(PG_FUNCTION_ARGS)
{
	return hash_any((const unsigned char *) PG_GETARG_POINTER(0), VS_LEN);
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_hash_extended);
Datum
fdb_versionstamp_hash_extended(PG_FUNCTION_ARGS)
{
	return hash_any_extended((const unsigned char *) PG_GETARG_POINTER(0), VS_LEN,
							 PG_GETARG_INT64(1));
}

/* ---- sort support, min/max ---- */

static int
vs_fastcmp(Datum a, Datum b, SortSupport ssup)
{
	return memcmp(DatumGetPointer(a), DatumGetPointer(b), VS_LEN);
}

/* btree sort support: the 12 bytes compared without the fmgr call */
PG_FUNCTION_INFO_V1(fdb_versionstamp_sortsupport);
Datum
fdb_versionstamp_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = vs_fastcmp;
	PG_RETURN_VOID();
}

/* min()/max() transition and combine functions: one of the arguments */
PG_FUNCTION_INFO_V1(fdb_versionstamp_smaller);
Datum
fdb_versionstamp_smaller(PG_FUNCTION_ARGS)
{
	PG_RETURN_DATUM(vs_cmp(fcinfo) <= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1));
}

PG_FUNCTION_INFO_V1(fdb_versionstamp_larger);
Datum
fdb_versionstamp_larger(PG_FUNCTION_ARGS)
{
	PG_RETURN_DATUM(vs_cmp(fcinfo) >= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1));
}
