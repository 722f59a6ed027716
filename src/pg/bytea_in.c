/*
 * bytea_in.c: bytea's text forms as the input of fdb_tuple,
 * fdb_versionstamp and crdb_mvcc_key (see bytea_in.h).  The bytes are decoded
 * by wirecodec's own code (src/core/bytea_text.c), so that a bad form is a
 * soft error on PostgreSQL 16+.
 */
#include "compat.h"

#include "bytea_in.h"
#include "bytea_text.h"
#include "wc_report.h"

bytea *
wc_bytea_in(const char *str, size_t n, const char *type, Node *escontext)
{
	/* one decoding pass into a buffer of the upper bound (hex: half the digits) */
	bytea	   *b = (bytea *) palloc(VARHDRSZ + (wc_bytea_text_is_hex(str, n) ? (n - 2) / 2 : n));
	size_t		len = 0;
	wc_error	err;

	if (wc_bytea_text_decode(str, n, (uint8_t *) VARDATA(b), &len, &err) != WC_OK)
	{
		/* the offset says which character; its byte value adds nothing */
		err.has &= ~(unsigned) WC_HAS_FOUND;
		wc_report_input(&err, type, str, escontext);
		pfree(b);
		return NULL;
	}
	SET_VARSIZE(b, VARHDRSZ + len);
	return b;
}
