/*
 * test_mysql_handshake.c: unit tests of the connection-phase core: a
 * MariaDB and a MySQL 8 Initial Handshake v10, every truncation, Handshake
 * Response 41 in its three auth-response forms with attributes, SSL
 * Request, Auth Switch Request.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mysql_handshake.h"

/* MariaDB 10.11's greeting: CLIENT_MYSQL clear, extended capabilities 0x1d. */
static const char *mariadb_hs =
"0a" "352e352e352d31302e31312e362d4d6172696144422d302b64656231327531" "00" "03000000"
"6162636465666768" "00" "fef7" "2d" "0200" "ff81" "15" "000000000000" "1d000000"
"696a6b6c6d6e6f7071727374" "00" "6d7973716c5f6e61746976655f70617373776f7264" "00";

static void
test_handshake(void)
{
	size_t		n;
	uint8_t    *p = wc_unhex(mariadb_hs, &n);
	wc_mysql_handshake hs;
	wc_error err = {0};

	CHECK(wc_mysql_handshake_decode(p, n, &hs, &err) == WC_OK, "MariaDB greeting");
	CHECK(hs.mariadb && hs.capabilities == UINT64_C(0x1d81fff7fe) && hs.connection_id == 3 &&
		  hs.charset == 45 && hs.status_flags == 2 && hs.auth_data_len == 21, "MariaDB fields");
	CHECK(hs.server_version.len == 31 && hs.auth_data_2.len == 12 && hs.auth_plugin.len == 21 &&
		  memcmp(p + hs.auth_plugin.off, "mysql_native_password", 21) == 0, "MariaDB strings");
	CHECK((hs.capabilities & WC_MYSQL_MARIADB_CLIENT_EXTENDED_METADATA) != 0, "extended metadata offered");
	/* the short form ends after the low capability flags */
	CHECK(wc_mysql_handshake_decode(p, 1 + 32 + 4 + 8 + 1 + 2, &hs, &err) == WC_OK &&
		  !hs.has_tail && hs.auth_plugin.is_null, "short form");
	for (size_t cut = 0; cut < n - 22; cut++)
	{
		wc_status st = wc_mysql_handshake_decode(p, cut, &hs, &err);

		if (cut == 1 + 32 + 4 + 8 + 1 + 2)
			continue;
		CHECK(st > WC_NULL && err.offset <= cut, "cut to %zu: status %d", cut, st);
	}
	/* the plugin name without its 00 (servers before 5.5.10) */
	CHECK(wc_mysql_handshake_decode(p, n - 1, &hs, &err) == WC_OK && hs.auth_plugin.len == 21,
		  "plugin name to the end");
	p[0] = 9;
	CHECK(wc_mysql_handshake_decode(p, n, &hs, &err) == WC_ERR_BAD_VALUE &&
		  err.expected == 10 && err.found == 9, "protocol 9");
	free(p);
}

static void
test_response(void)
{
	size_t		n;
	/* lenenc auth, db, plugin, attrs {_os: Linux}; MariaDB ext caps 8 */
	uint8_t    *p = wc_unhex("08a2ba00" "00000001" "2d" "00000000000000000000000000000000000000" "08000000"
							 "726f6f7400" "03aabbcc" "7400" "7000" "0a" "035f6f73" "054c696e7578", &n);
	wc_mysql_handshake_response hr;
	wc_error err = {0};
	wc_mysql_slice k,
				v;
	size_t		pos;

	CHECK(wc_mysql_handshake_response_decode(p, n, &hr, &err) == WC_OK, "lenenc form");
	CHECK(hr.capabilities == UINT64_C(0x800baa208) && hr.max_packet_size == 16777216 &&
		  hr.charset == 45 && hr.username.len == 4 && hr.auth_response.len == 3 &&
		  hr.database.len == 1 && hr.auth_plugin.len == 1 && hr.nattrs == 1 && hr.zstd_level == -1,
		  "lenenc fields");
	wc_mysql_attr_next(p, hr.attrs.off + hr.attrs.len, hr.attrs.off, &k, &v, &pos);
	CHECK(k.len == 3 && v.len == 5 && memcmp(p + v.off, "Linux", 5) == 0 &&
		  pos == hr.attrs.off + hr.attrs.len, "attribute pair");
	p[n - 6] = 0x06;			/* the value announces more than the block */
	CHECK(wc_mysql_handshake_response_decode(p, n, &hr, &err) == WC_ERR_LENGTH &&
		  err.field == wc_mysql_handshake_response_fields[WC_MYSQL_HR_ATTRS], "attribute past its block");
	for (size_t cut = 0; cut < n; cut++)
		CHECK(wc_mysql_handshake_response_decode(p, cut, &hr, &err) > WC_NULL,
			  "response cut to %zu", cut);
	free(p);
	/* int<1> length form; string<NUL> form; SSL Request */
	p = wc_unhex("00820000" "00000000" "08" "0000000000000000000000000000000000000000000000"
				 "7500" "02aabb", &n);
	CHECK(wc_mysql_handshake_response_decode(p, n, &hr, &err) == WC_OK &&
		  hr.auth_response.len == 2 && hr.database.is_null, "int<1> form");
	p[0] = 0x00;
	p[1] = 0x02;
	CHECK(wc_mysql_handshake_response_decode(p, n, &hr, &err) == WC_ERR_UNTERMINATED &&
		  err.field == wc_mysql_handshake_response_fields[WC_MYSQL_HR_AUTH_RESPONSE], "string<NUL> form without its 00");
	p[0] = 0x00;
	p[1] = 0x0a;
	CHECK(wc_mysql_handshake_response_decode(p, 32, &hr, &err) == WC_OK && hr.ssl_request,
		  "SSL Request");
	free(p);
}

static void
test_auth_switch(void)
{
	const uint8_t as1[] = {0xfe, 'a', 'b', 0x00, 0x01, 0x02, 0x00};
	const uint8_t as2[] = {0xfe, 'a', 'b'};
	wc_mysql_auth_switch as;
	wc_error err = {0};

	CHECK(wc_mysql_auth_switch_decode(as1, sizeof(as1), &as, &err) == WC_OK &&
		  as.plugin.len == 2 && as.data.off == 4 && as.data.len == 3, "auth switch");
	CHECK(wc_mysql_auth_switch_decode(as1, 1, &as, &err) == WC_OK && as.plugin.is_null,
		  "old one-byte form");
	CHECK(wc_mysql_auth_switch_decode(as2, sizeof(as2), &as, &err) == WC_ERR_UNTERMINATED,
		  "plugin name without 00");
	CHECK(wc_mysql_auth_switch_decode(as1 + 3, 1, &as, &err) == WC_ERR_BAD_BYTE &&
		  err.expected == 0xfe && err.found == 0, "not FE");
}

/* A handshake response with 100k empty connection attributes reaches the
 * interrupt hook. */
static void
test_interrupts(void)
{
	size_t		nattrs = 100000;
	size_t		n;
	uint8_t    *head = wc_unhex("08a2ba00" "00000001" "2d" "00000000000000000000000000000000000000" "08000000"
								"726f6f7400" "03aabbcc" "7400" "7000", &n);
	uint8_t    *p = malloc(n + 4 + 2 * nattrs);
	wc_mysql_handshake_response hr;
	wc_error	err = {0};
	long		calls;

	memcpy(p, head, n);
	p[n] = 0xfd;
	p[n + 1] = (uint8_t) (2 * nattrs);
	p[n + 2] = (uint8_t) (2 * nattrs >> 8);
	p[n + 3] = (uint8_t) (2 * nattrs >> 16);
	memset(p + n + 4, 0, 2 * nattrs);
	wc_interrupts_count_start();
	CHECK(wc_mysql_handshake_response_decode(p, n + 4 + 2 * nattrs, &hr, &err) == WC_OK &&
		  hr.nattrs == nattrs, "100k attributes: %zu", hr.nattrs);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (nattrs / WC_INTERRUPT_STRIDE), "100k attributes: %ld checks", calls);
	free(head);
	free(p);
}

int
main(void)
{
	test_interrupts();
	test_handshake();
	test_response();
	test_auth_switch();
	return wc_summary("test_mysql_handshake");
}
