/*
 * wirecodec.c: module entry point.  Each codec's SQL-callable glue lives in
 * its own file in src/pg/ (hlc.c, mvcc.c, fdb_tuple.c, mysql_*.c).
 */
#include "compat.h"

#include "common/shortest_dec.h"
#include "fmgr.h"
#include "miscadmin.h"

#include "fdb_tuple_text.h"
#include "wc_status.h"

WC_MODULE_MAGIC;

void		_PG_init(void);

/* The core's cancellation point: a pending cancel or timeout raises here. */
static void
wc_pg_check_interrupts(void)
{
	CHECK_FOR_INTERRUPTS();
}

/*
 * Hand the core the server's shortest round-trip formatters (Ryu, what
 * float8out / float4out run) for the text and jsonb forms of FoundationDB
 * doubles and floats.
 */
void
_PG_init(void)
{
	wc_fdb_text_set_shortest(double_to_shortest_decimal_bufn,
						  float_to_shortest_decimal_bufn);
	wc_interrupt_hook = wc_pg_check_interrupts;
}
