/*
 * srf.c: row descriptors of record- and set-returning functions (srf.h).
 */
#include "compat.h"

#include "funcapi.h"

#include "srf.h"

TupleDesc
srf_row_desc(FunctionCallInfo fcinfo, const char *msg)
{
	TupleDesc	td;

	if (get_call_result_type(fcinfo, NULL, &td) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "%s", msg);
	return BlessTupleDesc(td);
}

TupleDesc
srf_cached_row_desc(FunctionCallInfo fcinfo, const char *msg)
{
	TupleDesc	td = (TupleDesc) fcinfo->flinfo->fn_extra;

	if (td == NULL)
	{
		TupleDesc	t;
		MemoryContext old;

		if (get_call_result_type(fcinfo, NULL, &t) != TYPEFUNC_COMPOSITE)
			elog(ERROR, "%s", msg);
		old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
		td = BlessTupleDesc(CreateTupleDescCopy(t));
		MemoryContextSwitchTo(old);
		fcinfo->flinfo->fn_extra = td;
	}
	return td;
}
