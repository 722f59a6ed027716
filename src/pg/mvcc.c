/*
 * mvcc.c: fmgr glue of CockroachDB MVCC keys: crdb_mvcc_key_encode/decode/
 * compare and the crdb_mvcc_key type (bytea's bytes, validated, ordered by
 * CockroachDB's engine comparator).  Byte work happens in src/core/mvcc.c.
 */
#include "compat.h"

#include "access/htup_details.h"
#include "common/hashfn.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/hyperloglog.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "mb/pg_wchar.h"
#include "utils/guc.h"
#include "utils/sortsupport.h"

#include "byteorder.h"
#include "bytea_in.h"
#include "hlc_glue.h"
#include "mvcc.h"
#include "srf.h"
#include "wc_report.h"

/* Decode a varlena key or report why it does not decode. */
static inline void
mvcc_decode_checked(const struct varlena *v, wc_mvcc_key *k)
{
	wc_error	err;

	if (wc_mvcc_decode((const uint8_t *) VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), k, &err) != WC_OK)
		wc_report(&err, "CockroachDB MVCC key");
}

/* -------------------------------------------------- encode and decode */

PG_FUNCTION_INFO_V1(crdb_mvcc_key_encode);
Datum
crdb_mvcc_key_encode(PG_FUNCTION_ARGS)
{
	bytea	   *key = PG_GETARG_BYTEA_PP(0);
	const wc_hlc *ts = PG_GETARG_HLC_P(1);
	size_t		klen = VARSIZE_ANY_EXHDR(key);
	size_t		n = wc_mvcc_encode_size(klen, ts);
	bytea	   *r;

	r = (bytea *) wc_alloc_varlena(n, "MVCC key");
	wc_mvcc_encode((const uint8_t *) VARDATA_ANY(key), klen, ts, (uint8_t *) VARDATA(r));
	PG_RETURN_BYTEA_P(r);
}

/* crdb_mvcc_key_decode(bytea, OUT key bytea, OUT ts hlc_timestamp) */
PG_FUNCTION_INFO_V1(crdb_mvcc_key_decode);
Datum
crdb_mvcc_key_decode(PG_FUNCTION_ARGS)
{
	bytea	   *in = PG_GETARG_BYTEA_PP(0);
	TupleDesc	tupdesc;
	wc_mvcc_key k;
	bytea	   *key;
	Datum		values[2];
	bool		nulls[2] = {false, false};

	mvcc_decode_checked(in, &k);
	tupdesc = srf_cached_row_desc(fcinfo, "crdb_mvcc_key_decode: return type must be a row type");
	key = (bytea *) palloc(VARHDRSZ + k.key_len);
	SET_VARSIZE(key, VARHDRSZ + k.key_len);
	memcpy(VARDATA(key), VARDATA_ANY(in), k.key_len);
	values[0] = PointerGetDatum(key);
	values[1] = hlc_datum(&k.ts);
	return HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls));
}

/* ------------------------------------------- comparison (engine order) */

static inline int
mvcc_cmp_varlena(const struct varlena *a, const struct varlena *b)
{
	const uint8_t *pa = (const uint8_t *) VARDATA_ANY(a);
	const uint8_t *pb = (const uint8_t *) VARDATA_ANY(b);
	size_t		alen = VARSIZE_ANY_EXHDR(a);
	size_t		blen = VARSIZE_ANY_EXHDR(b);
	int			cmp = 0,
				bad = 0;
	wc_error	err;
	wc_status	st = wc_mvcc_compare(pa, alen, pb, blen, &cmp, &bad, &err);

	if (st != WC_OK)
	{
		wc_at_index(&err, st, "argument", bad + 1);
		wc_report(&err, "CockroachDB MVCC key");
	}
	return cmp;
}

/*
 * Compare the two arguments.  Btree and hash support functions must not
 * leak: an index tuple may hold a compressed key, which the _PP fetch
 * decompresses into a copy, so free the copies (as byteacmp does).
 */
static inline int
mvcc_cmp_args(FunctionCallInfo fcinfo)
{
	struct varlena *a = PG_GETARG_VARLENA_PP(0);
	struct varlena *b = PG_GETARG_VARLENA_PP(1);
	int			c = mvcc_cmp_varlena(a, b);

	PG_FREE_IF_COPY(a, 0);
	PG_FREE_IF_COPY(b, 1);
	return c;
}

/* Also crdb_mvcc_key_compare(bytea, bytea). */
PG_FUNCTION_INFO_V1(crdb_mvcc_key_cmp);
Datum
crdb_mvcc_key_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(mvcc_cmp_args(fcinfo));
}

#define MVCC_CMP_FN(name, expr) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	int			c = mvcc_cmp_args(fcinfo); \
	PG_RETURN_BOOL(expr); \
}

MVCC_CMP_FN(crdb_mvcc_key_eq, c == 0)
MVCC_CMP_FN(crdb_mvcc_key_ne, c != 0)
MVCC_CMP_FN(crdb_mvcc_key_lt, c < 0)
MVCC_CMP_FN(crdb_mvcc_key_le, c <= 0)
MVCC_CMP_FN(crdb_mvcc_key_gt, c > 0)
MVCC_CMP_FN(crdb_mvcc_key_ge, c >= 0)

/* Sort support: the comparator without fmgr calls. */
static int
mvcc_fastcmp(Datum x, Datum y, SortSupport ssup)
{
	struct varlena *a = PG_DETOAST_DATUM_PACKED(x);
	struct varlena *b = PG_DETOAST_DATUM_PACKED(y);
	int			c = mvcc_cmp_varlena(a, b);

	if ((Pointer) a != DatumGetPointer(x))
		pfree(a);
	if ((Pointer) b != DatumGetPointer(y))
		pfree(b);
	return c;
}

#ifdef WC_HAVE_INT64_ABBREV
/*
 * Abbreviated key: the first 8 bytes of the user key, zero-padded, as a
 * big-endian unsigned integer.  A smaller abbreviation means a smaller key
 * (a shorter key pads with zeros, and a proper prefix sorts first); equal
 * ones fall back to the full comparator.  Abandoned, like uuid's, when a
 * HyperLogLog estimate shows too few distinct prefixes to pay off.
 */
typedef struct mvcc_abbrev_state
{
	int64		input_count;
	bool		estimating;
	hyperLogLogState card;
} mvcc_abbrev_state;

static Datum
mvcc_abbrev_convert(Datum original, SortSupport ssup)
{
	mvcc_abbrev_state *st = (mvcc_abbrev_state *) ssup->ssup_extra;
	struct varlena *v = PG_DETOAST_DATUM_PACKED(original);
	wc_mvcc_key k;
	uint8_t		buf[8] = {0};
	uint64		a;

	mvcc_decode_checked(v, &k);
	memcpy(buf, VARDATA_ANY(v), Min(k.key_len, sizeof(buf)));
	a = wc_load_be64(buf);
	st->input_count++;
	if (st->estimating)
		addHyperLogLog(&st->card, DatumGetUInt32(hash_uint32((uint32) (a >> 32) ^ (uint32) a)));
	if ((Pointer) v != DatumGetPointer(original))
		pfree(v);
	return (Datum) a;
}

static bool
mvcc_abbrev_abort(int memtupcount, SortSupport ssup)
{
	mvcc_abbrev_state *st = (mvcc_abbrev_state *) ssup->ssup_extra;
	double		card;

	if (memtupcount < 10000 || st->input_count < 10000 || !st->estimating)
		return false;
	card = estimateHyperLogLog(&st->card);
	if (card > 100000.0)
	{
		/* plenty of distinct prefixes: stop counting */
		st->estimating = false;
		return false;
	}
	if (card >= st->input_count / 2000.0 + 0.5)
		return false;
#ifdef TRACE_SORT
	if (trace_sort)
		elog(LOG, "crdb_mvcc_key: abbreviated keys abandoned, about %.0f distinct prefixes in %lld keys",
			 card, (long long) st->input_count);
#endif
	return true;
}

#ifndef WC_SSUP_UNSIGNED_CMP
static int
mvcc_abbrev_cmp(Datum x, Datum y, SortSupport ssup)
{
	return (x > y) - (x < y);
}
#define WC_SSUP_UNSIGNED_CMP mvcc_abbrev_cmp
#endif
#endif

PG_FUNCTION_INFO_V1(crdb_mvcc_key_sortsupport);
Datum
crdb_mvcc_key_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = mvcc_fastcmp;
#ifdef WC_HAVE_INT64_ABBREV
	if (ssup->abbreviate)
	{
		MemoryContext old = MemoryContextSwitchTo(ssup->ssup_cxt);
		mvcc_abbrev_state *st = palloc(sizeof(mvcc_abbrev_state));

		st->input_count = 0;
		st->estimating = true;
		initHyperLogLog(&st->card, 10);
		ssup->ssup_extra = st;
		ssup->abbrev_converter = mvcc_abbrev_convert;
		ssup->abbrev_abort = mvcc_abbrev_abort;
		ssup->abbrev_full_comparator = mvcc_fastcmp;
		ssup->comparator = WC_SSUP_UNSIGNED_CMP;
		MemoryContextSwitchTo(old);
	}
#endif
	PG_RETURN_VOID();
}

/*
 * Hash of what equality compares: the user key, and for a version its
 * (wall, logical), so non-canonical forms of one key hash alike.  The plain
 * hash is the low 32 bits of the extended hash with seed 0.
 */
static uint64
mvcc_hash(const struct varlena *v, uint64 seed)
{
	wc_mvcc_key k;
	uint64		h;

	mvcc_decode_checked(v, &k);
	h = hash_bytes_extended((const unsigned char *) VARDATA_ANY(v), (int) k.key_len, seed);
	if (k.version_len != 0)
	{
		uint8_t		buf[WC_HLC_BIN_LEN];

		wc_hlc_to_bin(&k.ts, buf);
		h = hash_combine64(h, hash_bytes_extended(buf, WC_HLC_BIN_LEN, seed));
	}
	return h;
}

PG_FUNCTION_INFO_V1(crdb_mvcc_key_hash);
Datum
crdb_mvcc_key_hash(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	uint64		h = mvcc_hash(v, 0);

	PG_FREE_IF_COPY(v, 0);
	PG_RETURN_INT32((int32) (uint32) h);
}

PG_FUNCTION_INFO_V1(crdb_mvcc_key_hash_extended);
Datum
crdb_mvcc_key_hash_extended(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	uint64		h = mvcc_hash(v, (uint64) PG_GETARG_INT64(1));

	PG_FREE_IF_COPY(v, 0);
	PG_RETURN_INT64((int64) h);
}

/* ---------------------------------------- the type: I/O and the cast */

/*
 * bytea's text forms (hex and escape), validated as an MVCC key.  The bytea
 * text is decoded by wirecodec's own code (wc_bytea_in), so every bad input
 * is a soft error on 16+; a bad bytea form is this type's 22P02.
 */
PG_FUNCTION_INFO_V1(crdb_mvcc_key_in);
Datum
crdb_mvcc_key_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	bytea	   *b = wc_bytea_in(str, strlen(str), "crdb_mvcc_key", fcinfo->context);
	wc_mvcc_key k;
	wc_error	err;

	if (b == NULL)
		PG_RETURN_DATUM((Datum) 0);
	if (wc_mvcc_decode((const uint8_t *) VARDATA(b), VARSIZE(b) - VARHDRSZ, &k, &err) != WC_OK)
	{
		wc_report_input(&err, "crdb_mvcc_key", str, fcinfo->context);
		PG_RETURN_DATUM((Datum) 0);
	}
	PG_RETURN_BYTEA_P(b);
}

PG_FUNCTION_INFO_V1(crdb_mvcc_key_recv);
Datum
crdb_mvcc_key_recv(PG_FUNCTION_ARGS)
{
	Datum		b = DirectFunctionCall1(bytearecv, PG_GETARG_DATUM(0));
	wc_mvcc_key k;

	mvcc_decode_checked((struct varlena *) DatumGetPointer(b), &k);
	PG_RETURN_DATUM(b);
}

/* crdb_mvcc_key(bytea): validates and returns the same bytes, no copy. */
PG_FUNCTION_INFO_V1(crdb_mvcc_key_from_bytea);
Datum
crdb_mvcc_key_from_bytea(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	wc_mvcc_key k;

	mvcc_decode_checked(v, &k);
	PG_RETURN_POINTER(v);
}

/* ------------------------------------------------------------ accessors */

/* crdb_mvcc_key_key(crdb_mvcc_key): the user key (MVCCKey.Key). */
PG_FUNCTION_INFO_V1(crdb_mvcc_key_key);
Datum
crdb_mvcc_key_key(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	wc_mvcc_key k;
	bytea	   *r;

	mvcc_decode_checked(v, &k);
	r = (bytea *) palloc(VARHDRSZ + k.key_len);
	SET_VARSIZE(r, VARHDRSZ + k.key_len);
	memcpy(VARDATA(r), VARDATA_ANY(v), k.key_len);
	PG_RETURN_BYTEA_P(r);
}

/* crdb_mvcc_key_timestamp(crdb_mvcc_key): the version (MVCCKey.Timestamp). */
PG_FUNCTION_INFO_V1(crdb_mvcc_key_timestamp);
Datum
crdb_mvcc_key_timestamp(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	wc_mvcc_key k;

	mvcc_decode_checked(v, &k);
	PG_RETURN_DATUM(hlc_datum(&k.ts));
}
