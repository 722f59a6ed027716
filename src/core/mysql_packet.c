/*
 * mysql_packet.c: MySQL packet framing and reassembly, text resultset rows,
 * Column Definition 41 and OK packet payloads.
 */
#include "mysql_packet.h"

#include <string.h>

#include "byteorder.h"
#include "mysql_lenenc.h"

const char *const wc_mysql_column_def_fields[] = {
	"catalog", "schema", "table", "org_table", "name", "org_name",
	"length of fixed-length fields", "fixed-length fields", "end of packet"
};

const char *const wc_mysql_ok_fields[] = {
	"header", "affected_rows", "last_insert_id", "status_flags", "warnings", "info"
};

/* Record which field an error belongs to; st passes through. */
static inline wc_mysql_status
in_field(wc_mysql_error *err, wc_mysql_status st, int field)
{
	if (err)
		err->field = field;
	return st;
}

/* Framing: full chunks of 0xFFFFFF bytes, then one shorter (maybe empty). */
size_t
wc_mysql_frame_write(uint8_t *dst, const uint8_t *payload, size_t n, uint8_t seq)
{
	uint8_t    *d = dst;

	for (;;)
	{
		size_t		chunk = n < WC_MYSQL_MAX_CHUNK ? n : WC_MYSQL_MAX_CHUNK;

		wc_store_le32(d, (uint32_t) chunk | (uint32_t) seq << 24);
		if (chunk)
			memcpy(d + WC_MYSQL_HEADER, payload, chunk);
		d += WC_MYSQL_HEADER + chunk;
		payload += chunk;
		n -= chunk;
		seq++;
		if (chunk < WC_MYSQL_MAX_CHUNK)
			break;
	}
	return (size_t) (d - dst);
}

/* Reassembly: follow full-size chunks until a shorter one ends the packet. */
wc_mysql_status
wc_mysql_packet_next(const uint8_t *buf, size_t len, size_t pos,
					 wc_mysql_packet *pkt, size_t *next, wc_mysql_error *err)
{
	size_t		p = pos;
	size_t		total = 0;
	size_t		chunks = 0;
	uint8_t		expect = 0;

	for (;;)
	{
		size_t		left = len - p;
		uint32_t	h;
		size_t		clen;
		uint8_t		seq;

		if (left == 0 && chunks > 0)
			return wc_mysql_fail(err, WC_MYSQL_ERR_CONTINUATION, p, WC_MYSQL_HEADER, 0);
		if (left < WC_MYSQL_HEADER)
			return wc_mysql_fail(err, WC_MYSQL_ERR_TRUNCATED, p, WC_MYSQL_HEADER, left);
		h = wc_load_le32(buf + p);
		clen = h & WC_MYSQL_MAX_CHUNK;
		seq = (uint8_t) (h >> 24);
		if (chunks == 0)
			pkt->seq = seq;
		else if (seq != expect)
			return wc_mysql_fail(err, WC_MYSQL_ERR_SEQUENCE, p + 3, expect, seq);
		if (clen > left - WC_MYSQL_HEADER)
			return wc_mysql_fail(err, WC_MYSQL_ERR_TRUNCATED, p + WC_MYSQL_HEADER,
								 clen, left - WC_MYSQL_HEADER);
		total += clen;
		chunks++;
		expect = (uint8_t) (seq + 1);
		p += WC_MYSQL_HEADER + clen;
		if (clen < WC_MYSQL_MAX_CHUNK)
			break;
	}
	pkt->offset = pos;
	pkt->length = total;
	pkt->chunks = chunks;
	*next = p;
	return WC_MYSQL_OK;
}

/* Concatenate the chunks of a checked packet. */
void
wc_mysql_packet_gather(const uint8_t *buf, const wc_mysql_packet *pkt, uint8_t *dst)
{
	const uint8_t *p = buf + pkt->offset;

	for (size_t i = 0; i < pkt->chunks; i++)
	{
		size_t		clen = wc_load_le32(p) & WC_MYSQL_MAX_CHUNK;

		if (clen)
			memcpy(dst, p + WC_MYSQL_HEADER, clen);
		dst += clen;
		p += WC_MYSQL_HEADER + clen;
	}
}

/* Text row: string<lenenc> or FB per column, to the end of the payload. */
wc_mysql_status
wc_mysql_text_row_count(const uint8_t *buf, size_t len, size_t *ncols,
						wc_mysql_error *err)
{
	size_t		pos = 0;
	size_t		n = 0;

	while (pos < len)
	{
		wc_mysql_slice s;
		wc_mysql_status st = wc_mysql_lenenc_str_get(buf, len, pos, &s, &pos, err);

		if (st > WC_MYSQL_NULL)
			return in_field(err, st, (int) n);
		n++;
	}
	*ncols = n;
	return WC_MYSQL_OK;
}

/* Column Definition 41: six string<lenenc>, 0C, twelve fixed bytes. */
wc_mysql_status
wc_mysql_column_def_decode(const uint8_t *buf, size_t len,
						   wc_mysql_column_def *cd, wc_mysql_error *err)
{
	size_t		pos = 0;
	size_t		q;
	uint64_t	flen = 0;
	const uint8_t *f;
	wc_mysql_status st;

	for (int i = 0; i < WC_MYSQL_CD_NSTRINGS; i++)
	{
		st = wc_mysql_lenenc_str_get(buf, len, pos, &cd->str[i], &pos, err);
		if (st > WC_MYSQL_NULL)
			return in_field(err, st, i);
	}
	st = wc_mysql_lenenc_int_get(buf, len, pos, &flen, &q, err);
	if (st == WC_MYSQL_NULL)
		st = wc_mysql_fail(err, WC_MYSQL_ERR_NULL_FIELD, pos, 12, 0);
	else if (st == WC_MYSQL_OK && flen != 12)
		st = wc_mysql_fail(err, WC_MYSQL_ERR_FIXED_LENGTH, pos, 12, flen);
	if (st != WC_MYSQL_OK)
		return in_field(err, st, WC_MYSQL_CD_FIXED_LENGTH);
	pos = q;
	if (len - pos < 12)
		return in_field(err, wc_mysql_fail(err, WC_MYSQL_ERR_TRUNCATED, pos, 12, len - pos),
						WC_MYSQL_CD_FIXED);
	f = buf + pos;
	cd->charset = wc_load_le16(f);
	cd->column_length = wc_load_le32(f + 2);
	cd->type = f[6];
	cd->flags = wc_load_le16(f + 7);
	cd->decimals = f[9];
	/* f[10], f[11]: filler, ignored */
	pos += 12;
	if (pos != len)
		return in_field(err, wc_mysql_fail(err, WC_MYSQL_ERR_TRAILING, pos, 0, len - pos),
						WC_MYSQL_CD_END);
	return WC_MYSQL_OK;
}

/* OK packet: header, two int<lenenc>, two int<2>, string<EOF>. */
wc_mysql_status
wc_mysql_ok_decode(const uint8_t *buf, size_t len, wc_mysql_ok *ok,
				   wc_mysql_error *err)
{
	size_t		pos = 1;
	wc_mysql_status st;

	if (len == 0)
		return in_field(err, wc_mysql_fail(err, WC_MYSQL_ERR_TRUNCATED, 0, 1, 0),
						WC_MYSQL_OK_HEADER);
	ok->header = buf[0];
	if (ok->header != 0x00 && ok->header != 0xfe)
		return in_field(err, wc_mysql_fail(err, WC_MYSQL_ERR_HEADER, 0, 0, ok->header),
						WC_MYSQL_OK_HEADER);
	st = wc_mysql_lenenc_int_get(buf, len, pos, &ok->affected_rows, &pos, err);
	if (st > WC_MYSQL_NULL)
		return in_field(err, st, WC_MYSQL_OK_AFFECTED_ROWS);
	ok->affected_rows_null = st == WC_MYSQL_NULL;
	st = wc_mysql_lenenc_int_get(buf, len, pos, &ok->last_insert_id, &pos, err);
	if (st > WC_MYSQL_NULL)
		return in_field(err, st, WC_MYSQL_OK_LAST_INSERT_ID);
	ok->last_insert_id_null = st == WC_MYSQL_NULL;
	if (len - pos < 2)
		return in_field(err, wc_mysql_fail(err, WC_MYSQL_ERR_TRUNCATED, pos, 2, len - pos),
						WC_MYSQL_OK_STATUS_FLAGS);
	ok->status_flags = wc_load_le16(buf + pos);
	pos += 2;
	if (len - pos < 2)
		return in_field(err, wc_mysql_fail(err, WC_MYSQL_ERR_TRUNCATED, pos, 2, len - pos),
						WC_MYSQL_OK_WARNINGS);
	ok->warnings = wc_load_le16(buf + pos);
	pos += 2;
	ok->info.off = pos;
	ok->info.len = len - pos;
	ok->info.is_null = 0;
	return WC_MYSQL_OK;
}
