/*
 * mysql_glue.h: helpers shared by the MySQL protocol glue files
 * (mysql_lenenc.c, mysql_int.c, mysql_packet.c, mysql_handshake.c,
 * mysql_command.c): error reports from core statuses, unsigned 64-bit <->
 * numeric, UTF-8 metadata to text, argument checks, cached result
 * descriptors.
 */
#ifndef WC_MYSQL_GLUE_H
#define WC_MYSQL_GLUE_H

#include "compat.h"

#include "fmgr.h"
#include "access/tupdesc.h"
#include "utils/array.h"
#include "utils/numeric.h"

#include "mysql_status.h"

/* ereport(ERROR) for a core status; what names the item ("int<lenenc>",
 * "column 2", "field \"name\""). */
extern void mysql_raise(const char *func, const char *what, wc_mysql_status st,
						const wc_mysql_error *err) WC_NORETURN;

/* numeric holding v (0 .. 2^64-1); no detour through text below 2^63. */
extern Datum mysql_uint64_numeric(uint64 v);

/* The unsigned 64-bit value of num, or ERROR 22003 naming func (NaN,
 * infinity, a fraction, below 0 or above 2^64-1). */
extern uint64 mysql_numeric_uint64(Numeric num, const char *func);

/* The same for a field of maximum max named what ("int<2>"): its range in
 * the detail of an out-of-range error. */
extern uint64 mysql_numeric_uint64_for(Numeric num, const char *func, const char *what,
									   uint64 max);

/* text from the UTF-8 bytes p[0 .. n) converted to the database encoding:
 * 22P03 naming what and off when they are not UTF-8, the standard 22P05
 * when a character has no equivalent. */
extern Datum mysql_utf8_text(const uint8 *p, size_t n, const char *func, const char *what,
							 size_t off);

/* The same for a slice of buf, or NULL. */
extern Datum mysql_utf8_text_or_null(const uint8 *buf, const wc_mysql_slice *s,
									 const char *func, const char *what, bool *isnull);

/* A slice of buf as bytea, or NULL. */
extern Datum mysql_bytea_or_null(const uint8 *buf, const wc_mysql_slice *s, bool *isnull);

/* Capability flags from a bigint argument (all 64 bits). */
extern uint64 mysql_caps_arg(int64 caps);

/* Check a 0-based pos argument against a len-byte buffer (pos == len is
 * allowed: the decoder then reports the missing bytes). */
extern size_t mysql_pos_arg(int32 pos, size_t len, const char *func);

/* ERROR 54000 unless a bytea of n data bytes can exist. */
extern void mysql_check_bytea_size(size_t n, const char *func);

/* A new bytea holding p[0 .. n). */
extern bytea *mysql_bytea(const uint8 *p, size_t n);

/* The function's blessed OUT-record descriptor, built once per call site. */
extern TupleDesc mysql_result_desc(FunctionCallInfo fcinfo);

/* ---- binary protocol and typed rows (mysql_binary.c) ---- */

/* Column types from an int[] argument, checked (palloc'd). */
extern uint8 *mysql_types_arg(ArrayType *arr, size_t *ncols, const char *func);

/* ERROR for a failed wc_mysql_binary_row_check; where follows "binary
 * row" ("", " 3 (packet 7)"). */
extern void mysql_binary_row_raise(const char *func, const char *where, wc_mysql_status st,
								   const wc_mysql_error *err, const uint8 *types)
			WC_NORETURN;

#endif							/* WC_MYSQL_GLUE_H */
