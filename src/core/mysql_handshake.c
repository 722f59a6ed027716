/*
 * mysql_handshake.c: Initial Handshake v10, Handshake Response 41 and Auth
 * Switch Request payloads (see mysql_handshake.h).
 */
#include "mysql_handshake.h"

#include "byteorder.h"
#include "mysql_lenenc.h"

const char *const wc_mysql_handshake_fields[] = {
	"protocol_version", "server_version", "connection_id", "auth_plugin_data_part_1",
	"filler", "capability_flags_1", "character_set", "status_flags",
	"capability_flags_2", "auth_plugin_data_len", "reserved",
	"auth_plugin_data_part_2", "auth_plugin_name", "end of packet"
};

const char *const wc_mysql_handshake_response_fields[] = {
	"client_flag", "max_packet_size", "character_set", "filler", "username",
	"auth_response", "database", "client_plugin_name", "connection attributes",
	"zstd_compression_level", "end of packet"
};

static const wc_mysql_slice none = {0, 0, 1};

static inline wc_mysql_slice
slice(size_t off, size_t n)
{
	wc_mysql_slice s = {off, n, 0};

	return s;
}

/* string<NUL> at pos, or the rest of the payload when no 00 follows
 * (tolerated where old servers or clients left it out). */
static void
nul_or_eof(const uint8_t *buf, size_t len, size_t pos, wc_mysql_slice *s, size_t *next)
{
	if (wc_mysql_null_str_get(buf, len, pos, s, next, NULL) != WC_OK)
	{
		*s = slice(pos, len - pos);
		*next = len;
	}
}

wc_status
wc_mysql_handshake_decode(const uint8_t *buf, size_t len, wc_mysql_handshake *hs,
						  wc_error *err)
{
	size_t		pos = 1;
	wc_status st;

	if ((st = wc_mysql_need(len, 0, 1, err, wc_mysql_handshake_fields[WC_MYSQL_HS_PROTOCOL_VERSION])) != WC_OK)
		return st;
	hs->protocol_version = buf[0];
	if (buf[0] != 10)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE, 0, 10, buf[0]), wc_mysql_handshake_fields[WC_MYSQL_HS_PROTOCOL_VERSION]);
	st = wc_mysql_null_str_get(buf, len, pos, &hs->server_version, &pos, err);
	if (st != WC_OK)
		return wc_in_field(err, st, wc_mysql_handshake_fields[WC_MYSQL_HS_SERVER_VERSION]);
	if ((st = wc_mysql_need(len, pos, 4, err, wc_mysql_handshake_fields[WC_MYSQL_HS_CONNECTION_ID])) != WC_OK)
		return st;
	hs->connection_id = wc_load_le32(buf + pos);
	pos += 4;
	if ((st = wc_mysql_need(len, pos, 8, err, wc_mysql_handshake_fields[WC_MYSQL_HS_AUTH_DATA_1])) != WC_OK)
		return st;
	hs->auth_data_1 = slice(pos, 8);
	pos += 8;
	if ((st = wc_mysql_need(len, pos, 1, err, wc_mysql_handshake_fields[WC_MYSQL_HS_FILLER])) != WC_OK)
		return st;
	if (buf[pos] != 0)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, pos, buf[pos]), wc_mysql_handshake_fields[WC_MYSQL_HS_FILLER]);
	pos++;
	if ((st = wc_mysql_need(len, pos, 2, err, wc_mysql_handshake_fields[WC_MYSQL_HS_CAPS_LOW])) != WC_OK)
		return st;
	hs->capabilities = wc_load_le16(buf + pos);
	pos += 2;
	hs->mariadb = 0;
	hs->has_tail = 0;
	hs->charset = 0;
	hs->status_flags = 0;
	hs->auth_data_len = 0;
	hs->auth_data_2 = none;
	hs->auth_plugin = none;
	if (pos == len)
		return WC_OK;
	hs->has_tail = 1;
	if ((st = wc_mysql_need(len, pos, 1, err, wc_mysql_handshake_fields[WC_MYSQL_HS_CHARSET])) != WC_OK ||
		(st = wc_mysql_need(len, pos + 1, 2, err, wc_mysql_handshake_fields[WC_MYSQL_HS_STATUS_FLAGS])) != WC_OK ||
		(st = wc_mysql_need(len, pos + 3, 2, err, wc_mysql_handshake_fields[WC_MYSQL_HS_CAPS_HIGH])) != WC_OK ||
		(st = wc_mysql_need(len, pos + 5, 1, err, wc_mysql_handshake_fields[WC_MYSQL_HS_AUTH_DATA_LEN])) != WC_OK ||
		(st = wc_mysql_need(len, pos + 6, 10, err, wc_mysql_handshake_fields[WC_MYSQL_HS_RESERVED])) != WC_OK)
		return st;
	hs->charset = buf[pos];
	hs->status_flags = wc_load_le16(buf + pos + 1);
	hs->capabilities |= (uint64_t) wc_load_le16(buf + pos + 3) << 16;
	hs->auth_data_len = buf[pos + 5];
	if (!(hs->capabilities & WC_MYSQL_CLIENT_MYSQL))
	{
		hs->mariadb = 1;
		hs->capabilities |= (uint64_t) wc_load_le32(buf + pos + 12) << 32;
	}
	pos += 16;
	if (hs->capabilities & WC_MYSQL_CLIENT_SECURE_CONNECTION)
	{
		size_t		n = hs->auth_data_len > 21 ? (size_t) hs->auth_data_len - 8 : 13;

		if ((st = wc_mysql_need(len, pos, n, err, wc_mysql_handshake_fields[WC_MYSQL_HS_AUTH_DATA_2])) != WC_OK)
			return st;
		/* the scramble's part 2 ends with a 00 that is not part of it */
		hs->auth_data_2 = slice(pos, buf[pos + n - 1] == 0 ? n - 1 : n);
		pos += n;
	}
	if (hs->capabilities & WC_MYSQL_CLIENT_PLUGIN_AUTH)
		nul_or_eof(buf, len, pos, &hs->auth_plugin, &pos);
	if (pos != len)
		return wc_fail_found(err, WC_ERR_TRAILING, pos, len - pos);
	return WC_OK;
}

/* Connection attributes: int<lenenc> total, then string<lenenc> pairs. */
static wc_status
attrs_check(const uint8_t *buf, size_t len, size_t pos, wc_mysql_handshake_response *hr,
			size_t *next, wc_error *err)
{
	uint64_t	total;
	size_t		p,
				end;
	wc_status st = wc_mysql_lenenc_int_get(buf, len, pos, &total, &p, err);

	if (st == WC_NULL)
		st = wc_fail(err, WC_MYSQL_NULL_FIELD, pos);
	else if (st == WC_OK && total > len - p)
		st = wc_fail_ef(err, WC_ERR_LENGTH, pos, total, len - p);
	if (st != WC_OK)
		return wc_in_field(err, st, wc_mysql_handshake_response_fields[WC_MYSQL_HR_ATTRS]);
	end = p + (size_t) total;
	hr->attrs = slice(p, (size_t) total);
	hr->nattrs = 0;
	while (p < end)
	{
		wc_mysql_slice k,
					v;

		for (int i = 0; i < 2; i++)
		{
			st = wc_mysql_lenenc_str_get(buf, end, p, i ? &v : &k, &p, err);
			if (st == WC_NULL)
				st = wc_fail(err, WC_MYSQL_NULL_FIELD, p);
			if (st != WC_OK)
				return wc_in_field(err, st, wc_mysql_handshake_response_fields[WC_MYSQL_HR_ATTRS]);
		}
		wc_check_interrupts_every(++hr->nattrs, WC_INTERRUPT_STRIDE);
	}
	*next = end;
	return WC_OK;
}

void
wc_mysql_attr_next(const uint8_t *buf, size_t end, size_t pos,
				   wc_mysql_slice *key, wc_mysql_slice *value, size_t *next)
{
	(void) wc_mysql_lenenc_str_get(buf, end, pos, key, &pos, NULL);
	(void) wc_mysql_lenenc_str_get(buf, end, pos, value, next, NULL);
}

wc_status
wc_mysql_handshake_response_decode(const uint8_t *buf, size_t len,
								   wc_mysql_handshake_response *hr, wc_error *err)
{
	size_t		pos = 32;
	uint64_t	caps;
	wc_status st;

	if ((st = wc_mysql_need(len, 0, 4, err, wc_mysql_handshake_response_fields[WC_MYSQL_HR_CLIENT_FLAGS])) != WC_OK ||
		(st = wc_mysql_need(len, 4, 4, err, wc_mysql_handshake_response_fields[WC_MYSQL_HR_MAX_PACKET])) != WC_OK ||
		(st = wc_mysql_need(len, 8, 1, err, wc_mysql_handshake_response_fields[WC_MYSQL_HR_CHARSET])) != WC_OK ||
		(st = wc_mysql_need(len, 9, 23, err, wc_mysql_handshake_response_fields[WC_MYSQL_HR_FILLER])) != WC_OK)
		return st;
	caps = wc_load_le32(buf);
	if (!(caps & WC_MYSQL_CLIENT_MYSQL))
		caps |= (uint64_t) wc_load_le32(buf + 28) << 32;
	hr->capabilities = caps;
	hr->max_packet_size = wc_load_le32(buf + 4);
	hr->charset = buf[8];
	hr->username = none;
	hr->auth_response = none;
	hr->database = none;
	hr->auth_plugin = none;
	hr->attrs = none;
	hr->nattrs = 0;
	hr->zstd_level = -1;
	hr->ssl_request = len == WC_MYSQL_SSL_REQUEST_SIZE && (caps & WC_MYSQL_CLIENT_SSL);
	if (hr->ssl_request)
		return WC_OK;
	st = wc_mysql_null_str_get(buf, len, pos, &hr->username, &pos, err);
	if (st != WC_OK)
		return wc_in_field(err, st, wc_mysql_handshake_response_fields[WC_MYSQL_HR_USERNAME]);
	if (caps & WC_MYSQL_CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA)
	{
		st = wc_mysql_lenenc_str_get(buf, len, pos, &hr->auth_response, &pos, err);
		if (st == WC_NULL)
			st = wc_fail(err, WC_MYSQL_NULL_FIELD, pos - 1);
	}
	else if (caps & WC_MYSQL_CLIENT_SECURE_CONNECTION)
	{
		if ((st = wc_mysql_need(len, pos, 1, err, wc_mysql_handshake_response_fields[WC_MYSQL_HR_AUTH_RESPONSE])) == WC_OK)
		{
			size_t		n = buf[pos];

			if (n > len - pos - 1)
				st = wc_fail_ef(err, WC_ERR_LENGTH, pos, n, len - pos - 1);
			else
			{
				hr->auth_response = slice(pos + 1, n);
				pos += 1 + n;
			}
		}
	}
	else
		st = wc_mysql_null_str_get(buf, len, pos, &hr->auth_response, &pos, err);
	if (st != WC_OK)
		return wc_in_field(err, st, wc_mysql_handshake_response_fields[WC_MYSQL_HR_AUTH_RESPONSE]);
	if (caps & WC_MYSQL_CLIENT_CONNECT_WITH_DB)
	{
		st = wc_mysql_null_str_get(buf, len, pos, &hr->database, &pos, err);
		if (st != WC_OK)
			return wc_in_field(err, st, wc_mysql_handshake_response_fields[WC_MYSQL_HR_DATABASE]);
	}
	if (caps & WC_MYSQL_CLIENT_PLUGIN_AUTH)
		nul_or_eof(buf, len, pos, &hr->auth_plugin, &pos);
	if (caps & WC_MYSQL_CLIENT_CONNECT_ATTRS)
	{
		st = attrs_check(buf, len, pos, hr, &pos, err);
		if (st != WC_OK)
			return st;
	}
	if (caps & WC_MYSQL_CLIENT_ZSTD_COMPRESSION_ALGORITHM)
	{
		if ((st = wc_mysql_need(len, pos, 1, err, wc_mysql_handshake_response_fields[WC_MYSQL_HR_ZSTD_LEVEL])) != WC_OK)
			return st;
		hr->zstd_level = buf[pos++];
	}
	if (pos != len)
		return wc_fail_found(err, WC_ERR_TRAILING, pos, len - pos);
	return WC_OK;
}

wc_status
wc_mysql_auth_switch_decode(const uint8_t *buf, size_t len, wc_mysql_auth_switch *as,
							wc_error *err)
{
	size_t		pos;
	wc_status st;

	if ((st = wc_mysql_need(len, 0, 1, err, "header")) != WC_OK)
		return st;
	if (buf[0] != 0xfe)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_BYTE, 0, 0xfe, buf[0]), "header");
	as->plugin = none;
	as->data = none;
	if (len == 1)
		return WC_OK;
	st = wc_mysql_null_str_get(buf, len, 1, &as->plugin, &pos, err);
	if (st != WC_OK)
		return wc_in_field(err, st, "plugin_name");
	as->data = slice(pos, len - pos);
	return WC_OK;
}
