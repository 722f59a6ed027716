/*
 * mysql_glue.h: helpers shared by the MySQL protocol glue files
 * (mysql_lenenc.c, mysql_int.c, mysql_packet.c, mysql_handshake.c,
 * mysql_command.c): unsigned 64-bit <->
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

#include "mysql_protocol.h"
#include "wc_report.h"

/* numeric holding v (0 .. 2^64-1); no detour through text below 2^63. */
extern Datum mysql_uint64_numeric(uint64 v);

/* The unsigned 64-bit value of num, or ERROR 22003 (NaN,
 * infinity, a fraction, below 0 or above 2^64-1). */
extern uint64 mysql_numeric_uint64(Numeric num);

/* The same for a field of maximum max named what ("int<2>"): its range in
 * the detail of an out-of-range error. */
extern uint64 mysql_numeric_uint64_for(Numeric num, const char *what,
									   uint64 max);

/* text from the UTF-8 bytes p[0 .. n) converted to the database encoding:
 * 22P03 naming what and off when they are not UTF-8, the standard 22P05
 * when a character has no equivalent. */
extern Datum mysql_utf8_text(const uint8 *p, size_t n, const char *what,
							 size_t off);

/* The same for a slice of buf, or NULL. */
extern Datum mysql_utf8_text_or_null(const uint8 *buf, const wc_mysql_slice *s, const char *what, bool *isnull);

/* A slice of buf as bytea, or NULL. */
extern Datum mysql_bytea_or_null(const uint8 *buf, const wc_mysql_slice *s, bool *isnull);

/* Capability flags from a bigint argument (all 64 bits). */
extern uint64 mysql_caps_arg(int64 caps);

/* Check a 0-based pos argument against a len-byte buffer (pos == len is
 * allowed: the decoder then reports the missing bytes). */
extern size_t mysql_pos_arg(int32 pos, size_t len);

/* A num_params argument (0 .. 65535, COM_STMT_PREPARE OK's int<2>), or
 * ERROR 22023. */
extern uint64 mysql_num_params_arg(int32 num_params);

/* The function's blessed OUT-record descriptor, built once per call site. */
extern TupleDesc mysql_result_desc(FunctionCallInfo fcinfo);

/* ---- binary protocol and typed rows (mysql_binary.c) ---- */

/* Column types from an int[] argument, checked (palloc'd). */
extern uint8 *mysql_types_arg(ArrayType *arr, size_t *ncols);

/* ---- conversations (mysql_conversation.c) ---- */

struct wc_mysql_conv;

/* Start a conversation decoder on a capture's streams (client may be NULL),
 * decompressing them when the connection is compressed; the decoder's buf
 * and len are then the streams to read. */
extern void mysql_conv_open(struct wc_mysql_conv *conv, const uint8 *client, size_t client_len,
							const uint8 *server, size_t server_len);

#endif							/* WC_MYSQL_GLUE_H */
