/*
 * fuzz_mysql_packet.c: libFuzzer target for the server-response decoders
 * of the MySQL packet core: Column Definition 41 in its three
 * extended-metadata modes, OK with and without session tracking and its
 * session-state changes, ERR, EOF, COM_STMT_PREPARE OK.  The first input
 * byte picks the decoder (mode % 6) and its capability flags, the rest is
 * its payload.  Every slice a decoder returns must lie inside the payload,
 * every error offset within it, and related modes must agree; any
 * violation abort()s, the sanitizers catch out-of-bounds reads.  (The 0.1
 * decoders are fuzzed by fuzz_mysql.c.)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_packet.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)

/* A returned slice is NULL or inside buf[0 .. n). */
static void
inside(const wc_mysql_slice *s, size_t n)
{
	if (!s->is_null)
		REQUIRE(s->off <= n && s->len <= n - s->off);
}

static void
fuzz_column_def(const uint8_t *p, size_t n)
{
	wc_mysql_column_def cd,
				cd2;
	wc_error err;
	wc_status st = wc_mysql_column_def_decode(p, n, WC_MYSQL_CD_EXT_DETECT, &cd, &err);

	if (st != WC_OK)
	{
		REQUIRE(err.offset <= n);
		return;
	}
	for (int i = 0; i < WC_MYSQL_CD_NSTRINGS; i++)
		inside(&cd.str[i], n);
	inside(&cd.ext_type_name, n);
	inside(&cd.ext_format, n);
	/* the detected layout decodes the same when asked for explicitly */
	REQUIRE(wc_mysql_column_def_decode(p, n, cd.extended ? WC_MYSQL_CD_EXT_PRESENT :
									   WC_MYSQL_CD_EXT_ABSENT, &cd2, NULL) == WC_OK);
	REQUIRE(cd2.type == cd.type && cd2.flags == cd.flags && cd2.charset == cd.charset &&
			cd2.column_length == cd.column_length && cd2.extended == cd.extended);
	/* and the other one fails (nothing may follow the fixed part) */
	REQUIRE(wc_mysql_column_def_decode(p, n, cd.extended ? WC_MYSQL_CD_EXT_ABSENT :
									   WC_MYSQL_CD_EXT_PRESENT, &cd2, NULL) != WC_OK);
}

static void
fuzz_ok(const uint8_t *p, size_t n, uint64_t caps)
{
	wc_mysql_ok ok;
	wc_error err;
	wc_mysql_session_change chg;
	size_t		pos,
				end;

	if (wc_mysql_ok_decode(p, n, caps, &ok, &err) != WC_OK)
	{
		REQUIRE(err.offset <= n);
		return;
	}
	inside(&ok.info, n);
	inside(&ok.session_state, n);
	if (!(caps & WC_MYSQL_CLIENT_SESSION_TRACK))
		REQUIRE(ok.session_state.is_null && ok.info.off + ok.info.len == n);
	if (ok.session_state.is_null)
		return;
	pos = ok.session_state.off;
	end = pos + ok.session_state.len;
	while (pos < end)
	{
		size_t		next;

		if (wc_mysql_session_change_next(p, end, pos, &chg, &next, &err) != WC_OK)
		{
			REQUIRE(err.offset <= end);
			return;
		}
		REQUIRE(next > pos && next <= end);
		inside(&chg.data, end);
		inside(&chg.name, end);
		inside(&chg.value, end);
		pos = next;
	}
}

static void
fuzz_err(const uint8_t *p, size_t n, uint64_t caps)
{
	wc_mysql_err_packet e;
	wc_error err;

	if (wc_mysql_err_decode(p, n, caps, &e, &err) != WC_OK)
	{
		REQUIRE(err.offset <= n);
		return;
	}
	REQUIRE(p[0] == 0xff);
	inside(&e.sql_state, n);
	inside(&e.message, n);
	inside(&e.progress_info, n);
	REQUIRE(e.progress == (e.code == WC_MYSQL_ERR_CODE_PROGRESS));
	REQUIRE(e.progress_value <= 0xffffff);
}

static void
fuzz_eof_prepare(const uint8_t *p, size_t n, uint64_t caps)
{
	wc_mysql_eof eof;
	wc_mysql_prepare_ok po;
	wc_error err;

	if (wc_mysql_eof_decode(p, n, caps, &eof, &err) == WC_OK)
		REQUIRE(n == ((caps & WC_MYSQL_CLIENT_PROTOCOL_41) ? 5 : 1));
	else
		REQUIRE(err.offset <= n);
	if (wc_mysql_prepare_ok_decode(p, n, caps, &po, &err) == WC_OK)
		REQUIRE(n == 10 || n == 12 || n == 13);
	else
		REQUIRE(err.offset <= n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t    *copy;
	size_t		n;
	uint64_t	caps;

	if (size == 0)
		return 0;
	n = size - 1;
	copy = malloc(n ? n : 1);
	memcpy(copy, data + 1, n);
	/* the mode byte's high bits choose the capabilities */
	caps = WC_MYSQL_CAPS_DEFAULT;
	if (data[0] & 0x40)
		caps &= ~WC_MYSQL_CLIENT_SESSION_TRACK;
	if (data[0] & 0x80)
		caps &= ~WC_MYSQL_CLIENT_PROTOCOL_41;
	if (data[0] & 0x20)
		caps |= WC_MYSQL_CLIENT_OPTIONAL_RESULTSET_METADATA;
	switch ((data[0] & 0x1f) % 5)
	{
		case 0:
			fuzz_column_def(copy, n);
			break;
		case 1:
			fuzz_ok(copy, n, caps);
			break;
		case 2:
			fuzz_err(copy, n, caps);
			break;
		case 3:
			fuzz_eof_prepare(copy, n, caps);
			break;
		default:
			{
				wc_mysql_session_change chg;
				size_t		pos = 0,
							next;

				while (pos < n && wc_mysql_session_change_next(copy, n, pos, &chg, &next, NULL) ==
					   WC_OK)
				{
					REQUIRE(next > pos && next <= n);
					pos = next;
				}
			}
			break;
	}
	free(copy);
	return 0;
}
