/*
 * fuzz_mysql_handshake.c: libFuzzer target for the connection-phase
 * decoders (mysql_handshake.h): Initial Handshake v10, Handshake Response
 * 41 with its attributes, Auth Switch Request.  The first byte picks the
 * decoder (mode % 3).  Returned slices must lie in the payload, error
 * offsets within it, the attribute walk must visit exactly the counted
 * pairs; any violation abort()s.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_handshake.h"

#define REQUIRE(c) do { if (!(c)) abort(); } while (0)

static void
inside(const wc_mysql_slice *s, size_t n)
{
	if (!s->is_null)
		REQUIRE(s->off <= n && s->len <= n - s->off);
}

static void
fuzz_handshake(const uint8_t *p, size_t n)
{
	wc_mysql_handshake hs;
	wc_error err;

	if (wc_mysql_handshake_decode(p, n, &hs, &err) != WC_OK)
	{
		REQUIRE(err.offset <= n);
		return;
	}
	REQUIRE(hs.protocol_version == 10 && hs.auth_data_1.len == 8);
	inside(&hs.server_version, n);
	inside(&hs.auth_data_1, n);
	inside(&hs.auth_data_2, n);
	inside(&hs.auth_plugin, n);
	REQUIRE(hs.mariadb == ((hs.capabilities & WC_MYSQL_CLIENT_MYSQL) == 0 && hs.has_tail));
	if (!hs.mariadb)
		REQUIRE(hs.capabilities >> 32 == 0);
}

static void
fuzz_response(const uint8_t *p, size_t n)
{
	wc_mysql_handshake_response hr;
	wc_error err;
	size_t		pos,
				end,
				k = 0;

	if (wc_mysql_handshake_response_decode(p, n, &hr, &err) != WC_OK)
	{
		REQUIRE(err.offset <= n);
		return;
	}
	if (hr.ssl_request)
	{
		REQUIRE(n == WC_MYSQL_SSL_REQUEST_SIZE && hr.username.is_null);
		return;
	}
	inside(&hr.username, n);
	inside(&hr.auth_response, n);
	inside(&hr.database, n);
	inside(&hr.auth_plugin, n);
	inside(&hr.attrs, n);
	if (hr.attrs.is_null)
		return;
	pos = hr.attrs.off;
	end = pos + hr.attrs.len;
	while (pos < end)
	{
		wc_mysql_slice key,
					value;

		wc_mysql_attr_next(p, end, pos, &key, &value, &pos);
		inside(&key, end);
		inside(&value, end);
		REQUIRE(!key.is_null && !value.is_null);
		k++;
	}
	REQUIRE(pos == end && k == hr.nattrs);
}

static void
fuzz_auth_switch(const uint8_t *p, size_t n)
{
	wc_mysql_auth_switch as;
	wc_error err;

	if (wc_mysql_auth_switch_decode(p, n, &as, &err) != WC_OK)
	{
		REQUIRE(err.offset <= n);
		return;
	}
	inside(&as.plugin, n);
	inside(&as.data, n);
	REQUIRE(as.plugin.is_null == (n == 1));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t    *copy;
	size_t		n;

	if (size == 0)
		return 0;
	n = size - 1;
	copy = malloc(n ? n : 1);
	memcpy(copy, data + 1, n);
	switch (data[0] % 3)
	{
		case 0:
			fuzz_handshake(copy, n);
			break;
		case 1:
			fuzz_response(copy, n);
			break;
		default:
			fuzz_auth_switch(copy, n);
			break;
	}
	free(copy);
	return 0;
}
