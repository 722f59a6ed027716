/*
 * mysql_binary.c: SQL functions for binary-protocol rows (core:
 * src/core/mysql_binary.c).
 */
#include "compat.h"

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

#include "mysql_binary.h"
#include "mysql_glue.h"

/* Column types from an int[] argument: no NULLs, each 0..255 and a type
 * the binary protocol sends.  *ncols gets the count; the result is
 * palloc'd. */
uint8 *
mysql_types_arg(ArrayType *arr, size_t *ncols)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n;
	uint8	   *types;

	if (ARR_NDIM(arr) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("column types must be a one-dimensional array")));
	deconstruct_array(arr, INT4OID, 4, true, TYPALIGN_INT, &elems, &nulls, &n);
	types = (uint8 *) palloc(n > 0 ? n : 1);
	for (int i = 0; i < n; i++)
	{
		int32		t = nulls[i] ? -1 : DatumGetInt32(elems[i]);
		size_t		w;

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("column type %d is NULL", i + 1)));
		if (t < 0 || t > 255 || wc_mysql_binary_form_of((uint8) t, &w) == WC_MYSQL_BIN_INVALID)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("column %d has type %d, which the binary protocol does not send",
							i + 1, t)));
		types[i] = (uint8) t;
	}
	*ncols = (size_t) n;
	return types;
}

PG_FUNCTION_INFO_V1(mysql_binary_row_decode);
Datum
mysql_binary_row_decode(PG_FUNCTION_ARGS)
{
	bytea	   *payload = PG_GETARG_BYTEA_PP(0);
	ArrayType  *tarr = PG_GETARG_ARRAYTYPE_P(1);
	const uint8 *buf = (const uint8 *) VARDATA_ANY(payload);
	size_t		len = VARSIZE_ANY_EXHDR(payload);
	size_t		ncols;
	uint8	   *types = mysql_types_arg(tarr, &ncols);
	wc_error err;
	wc_status st;
	Datum	   *values;
	bool	   *nulls;
	size_t		pos;
	int			dims[1];
	int			lbs[1] = {1};

	st = wc_mysql_binary_row_check(buf, len, types, ncols, &err);
	if (st != WC_OK)
		wc_report(&err, "MySQL binary row");
	if (ncols == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(BYTEAOID));
	values = (Datum *) palloc(ncols * sizeof(Datum));
	nulls = (bool *) palloc(ncols * sizeof(bool));
	pos = 1 + wc_mysql_binary_row_bitmap_size(ncols);
	for (size_t i = 0; i < ncols; i++)
	{
		wc_mysql_slice s;

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		nulls[i] = wc_mysql_binary_row_is_null(buf, i);
		if (nulls[i])
		{
			values[i] = (Datum) 0;
			continue;
		}
		(void) wc_mysql_binary_value_get(buf, len, pos, types[i], &s, &pos, NULL);
		values[i] = PointerGetDatum(wc_varlena_copy(buf + s.off, s.len, "result"));
	}
	dims[0] = (int) ncols;
	PG_RETURN_ARRAYTYPE_P(construct_md_array(values, nulls, 1, dims, lbs, BYTEAOID,
											 -1, false, TYPALIGN_INT));
}
