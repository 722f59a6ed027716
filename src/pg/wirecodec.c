/*
 * wirecodec.c: module entry point.  Each codec's SQL-callable glue lives in
 * its own file in src/pg/ (hlc.c, mvcc.c, fdb_tuple.c, mysql_*.c).
 */
#include "compat.h"

#include "common/shortest_dec.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/guc.h"

#include "fdb_tuple_text.h"
#include "wc_status.h"

WC_MODULE_MAGIC;

void		_PG_init(void);

/* wirecodec.binlog_apply_chunk: units mysql_binlog_apply reads at a time */
static int	wc_binlog_apply_chunk = 50000;

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
	DefineCustomIntVariable("wirecodec.binlog_apply_chunk",
							"Units (transactions) of a binlog that mysql_binlog_apply reads and applies at a time.",
							"Its memory is the file and a chunk's worth of units and rows.",
							&wc_binlog_apply_chunk, 50000, 1, 1000000, PGC_USERSET, 0,
							NULL, NULL, NULL);
	MarkGUCPrefixReserved("wirecodec");
}
