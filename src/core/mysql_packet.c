/*
 * mysql_packet.c: MySQL packet framing and reassembly, text resultset rows,
 * and the server's response payloads: Column Definition 41, OK with its
 * session-state changes, ERR, EOF, COM_STMT_PREPARE OK.
 */
#include "mysql_packet.h"

#include <string.h>

#include "byteorder.h"
#include "mysql_lenenc.h"

const char *const wc_mysql_column_def_fields[] = {
	"catalog", "schema", "table", "org_table", "name", "org_name",
	"extended metadata", "length of fixed-length fields", "fixed-length fields",
	"end of packet"
};

const char *const wc_mysql_ok_fields[] = {
	"header", "affected_rows", "last_insert_id", "status_flags", "warnings", "info",
	"session state", "end of packet"
};

const char *const wc_mysql_track_names[] = {
	"system_variables", "schema", "state_change", "gtids",
	"transaction_characteristics", "transaction_state"
};

const char *const wc_mysql_err_fields[] = {
	"header", "error_code", "sql_state", "stage", "max_stage", "progress",
	"progress_info", "end of packet"
};

const char *const wc_mysql_eof_fields[] = {
	"header", "warnings", "status_flags", "end of packet"
};

const char *const wc_mysql_prepare_ok_fields[] = {
	"status", "statement_id", "num_columns", "num_params", "reserved",
	"warning_count", "metadata_follows", "end of packet"
};

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
			wc_memcpy_checked(d + WC_MYSQL_HEADER, payload, chunk);
		d += WC_MYSQL_HEADER + chunk;
		payload += chunk;
		n -= chunk;
		seq++;
		if (chunk < WC_MYSQL_MAX_CHUNK)
			break;
	}
	return (size_t) (d - dst);
}

/* Reassembly: follow full-size chunks until a shorter one ends the packet;
 * check_seq: the chunks' sequence ids must be consecutive. */
static wc_status
packet_next(const uint8_t *buf, size_t len, size_t pos, wc_mysql_packet *pkt, size_t *next,
			int check_seq, wc_error *err)
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
			return wc_fail_ef(err, WC_MYSQL_CONTINUATION, p, WC_MYSQL_HEADER, 0);
		if (left < WC_MYSQL_HEADER)
			return wc_fail_ef(err, WC_ERR_TRUNCATED, p, WC_MYSQL_HEADER, left);
		h = wc_load_le32(buf + p);
		clen = h & WC_MYSQL_MAX_CHUNK;
		seq = (uint8_t) (h >> 24);
		if (chunks == 0)
			pkt->seq = seq;
		else if (seq != expect && check_seq)
			return wc_fail_ef(err, WC_MYSQL_SEQUENCE, p + 3, expect, seq);
		if (clen > left - WC_MYSQL_HEADER)
			return wc_fail_ef(err, WC_ERR_TRUNCATED, p + WC_MYSQL_HEADER, clen, left - WC_MYSQL_HEADER);
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
	return WC_OK;
}

wc_status
wc_mysql_packet_next(const uint8_t *buf, size_t len, size_t pos,
					 wc_mysql_packet *pkt, size_t *next, wc_error *err)
{
	return packet_next(buf, len, pos, pkt, next, 1, err);
}

wc_status
wc_mysql_packet_next_any_seq(const uint8_t *buf, size_t len, size_t pos,
							 wc_mysql_packet *pkt, size_t *next, wc_error *err)
{
	return packet_next(buf, len, pos, pkt, next, 0, err);
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
			wc_memcpy_checked(dst, p + WC_MYSQL_HEADER, clen);
		dst += clen;
		p += WC_MYSQL_HEADER + clen;
	}
}

/* Text row: string<lenenc> or FB per column, to the end of the payload. */
wc_status
wc_mysql_text_row_count(const uint8_t *buf, size_t len, size_t *ncols,
						wc_error *err)
{
	size_t		pos = 0;
	size_t		n = 0;

	while (pos < len)
	{
		wc_mysql_slice s;
		wc_status st = wc_mysql_lenenc_str_get(buf, len, pos, &s, &pos, err);

		if (st > WC_NULL)
			return wc_at_index(err, st, "column", (int64_t) n + 1);
		wc_check_interrupts_every(++n, WC_INTERRUPT_STRIDE);
	}
	*ncols = n;
	return WC_OK;
}

/* A string<lenenc> that cannot be NULL, within buf[0 .. len). */
static wc_status
str_required(const uint8_t *buf, size_t len, size_t pos, wc_mysql_slice *s,
			 size_t *next, wc_error *err, const char *field)
{
	wc_status st = wc_mysql_lenenc_str_get(buf, len, pos, s, next, err);

	if (st == WC_NULL)
		st = wc_fail(err, WC_MYSQL_NULL_FIELD, pos);
	return st == WC_OK ? st : wc_in_field(err, st, field);
}

/* Nothing may follow the last field. */
static inline wc_status
at_end(size_t len, size_t pos, wc_error *err)
{
	if (pos != len)
		return wc_fail_found(err, WC_ERR_TRAILING, pos, len - pos);
	return WC_OK;
}

/* MariaDB extended metadata: (int<1> key, string<lenenc> value) pairs
 * filling buf[pos .. end). */
static wc_status
column_def_ext(const uint8_t *buf, size_t pos, size_t end, wc_mysql_column_def *cd,
			   wc_error *err)
{
	size_t		n = 0;

	while (pos < end)
	{
		uint8_t		key = buf[pos];
		wc_mysql_slice v;
		wc_status st = str_required(buf, end, pos + 1, &v, &pos, err,
										  wc_mysql_column_def_fields[WC_MYSQL_CD_EXTENDED]);

		if (st != WC_OK)
			return st;
		if (key == WC_MYSQL_CD_EXT_TYPE_NAME)
			cd->ext_type_name = v;
		else if (key == WC_MYSQL_CD_EXT_FORMAT)
			cd->ext_format = v;
		/* other keys: skipped, as MariaDB's connectors do */
		wc_check_interrupts_every(++n, WC_INTERRUPT_STRIDE);
	}
	return WC_OK;
}

/* Column Definition 41: six string<lenenc>, [extended metadata], 0C,
 * twelve fixed bytes. */
wc_status
wc_mysql_column_def_decode(const uint8_t *buf, size_t len, wc_mysql_cd_ext ext,
						   wc_mysql_column_def *cd, wc_error *err)
{
	size_t		pos = 0;
	size_t		q;
	uint64_t	flen = 0;
	const uint8_t *f;
	wc_status st;
	static const wc_mysql_slice none = {0, 0, 1};

	for (int i = 0; i < WC_MYSQL_CD_NSTRINGS; i++)
	{
		st = wc_mysql_lenenc_str_get(buf, len, pos, &cd->str[i], &pos, err);
		if (st > WC_NULL)
			return wc_in_field(err, st, wc_mysql_column_def_fields[i]);
	}
	cd->ext_type_name = none;
	cd->ext_format = none;
	if (ext == WC_MYSQL_CD_EXT_DETECT)
	{
		/* extended exactly when a string<lenenc> leaves the 13 bytes of the
		 * fixed part; otherwise errors are reported for the plain layout */
		uint64_t	xl;
		size_t		used;

		ext = WC_MYSQL_CD_EXT_ABSENT;
		if (len - pos > 13 &&
			wc_mysql_lenenc_int_read(buf + pos, len - pos, &xl, &used) == WC_OK &&
			xl <= len - pos - used && len - pos - used - xl == 13)
			ext = WC_MYSQL_CD_EXT_PRESENT;
	}
	cd->extended = ext == WC_MYSQL_CD_EXT_PRESENT;
	if (cd->extended)
	{
		wc_mysql_slice x;

		st = str_required(buf, len, pos, &x, &pos, err, wc_mysql_column_def_fields[WC_MYSQL_CD_EXTENDED]);
		if (st == WC_OK)
			st = column_def_ext(buf, x.off, x.off + x.len, cd, err);
		if (st != WC_OK)
			return st;
	}
	st = wc_mysql_lenenc_int_get(buf, len, pos, &flen, &q, err);
	if (st == WC_NULL)
		st = wc_fail(err, WC_MYSQL_NULL_FIELD, pos);
	else if (st == WC_OK && flen != 12)
		st = wc_fail_ef(err, WC_ERR_BAD_VALUE, pos, 12, flen);
	if (st != WC_OK)
		return wc_in_field(err, st, wc_mysql_column_def_fields[WC_MYSQL_CD_FIXED_LENGTH]);
	pos = q;
	if ((st = wc_mysql_need(len, pos, 12, err, wc_mysql_column_def_fields[WC_MYSQL_CD_FIXED])) != WC_OK)
		return st;
	f = buf + pos;
	cd->charset = wc_load_le16(f);
	cd->column_length = wc_load_le32(f + 2);
	cd->type = f[6];
	cd->flags = wc_load_le16(f + 7);
	cd->decimals = f[9];
	/* f[10], f[11]: filler, ignored */
	pos += 12;
	return at_end(len, pos, err);
}

/* OK packet: header, two int<lenenc>, two int<2>, string<EOF>. */
wc_status
wc_mysql_ok_decode(const uint8_t *buf, size_t len, uint64_t caps, wc_mysql_ok *ok,
				   wc_error *err)
{
	size_t		pos = 1;
	wc_status st;

	if (len == 0)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, 0, 1, 0), wc_mysql_ok_fields[WC_MYSQL_OK_HEADER]);
	ok->header = buf[0];
	if (ok->header != 0x00 && ok->header != 0xfe)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, 0, ok->header), wc_mysql_ok_fields[WC_MYSQL_OK_HEADER]);
	st = wc_mysql_lenenc_int_get(buf, len, pos, &ok->affected_rows, &pos, err);
	if (st > WC_NULL)
		return wc_in_field(err, st, wc_mysql_ok_fields[WC_MYSQL_OK_AFFECTED_ROWS]);
	ok->affected_rows_null = st == WC_NULL;
	st = wc_mysql_lenenc_int_get(buf, len, pos, &ok->last_insert_id, &pos, err);
	if (st > WC_NULL)
		return wc_in_field(err, st, wc_mysql_ok_fields[WC_MYSQL_OK_LAST_INSERT_ID]);
	ok->last_insert_id_null = st == WC_NULL;
	if (len - pos < 2)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, pos, 2, len - pos), wc_mysql_ok_fields[WC_MYSQL_OK_STATUS_FLAGS]);
	ok->status_flags = wc_load_le16(buf + pos);
	pos += 2;
	if (len - pos < 2)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, pos, 2, len - pos), wc_mysql_ok_fields[WC_MYSQL_OK_WARNINGS]);
	ok->warnings = wc_load_le16(buf + pos);
	pos += 2;
	ok->session_state.off = 0;
	ok->session_state.len = 0;
	ok->session_state.is_null = 1;
	if (!(caps & WC_MYSQL_CLIENT_SESSION_TRACK))
	{
		wc_mysql_slice s;
		size_t		after;
		wc_error e;

		/*
		 * The documentation says string<EOF>, but MySQL and MariaDB
		 * servers write the info as a string<lenenc> (and client libraries
		 * read it so): when the rest is exactly one string<lenenc>, that is
		 * the info; anything else is read as string<EOF>.
		 */
		if (pos < len && str_required(buf, len, pos, &s, &after, &e, NULL) == WC_OK &&
			after == len)
		{
			ok->info = s;
			return WC_OK;
		}
		ok->info.off = pos;
		ok->info.len = len - pos;
		ok->info.is_null = 0;
		return WC_OK;
	}
	/* servers leave out an empty info when no state changed */
	if (pos == len && !(ok->status_flags & WC_MYSQL_SERVER_SESSION_STATE_CHANGED))
	{
		ok->info.off = pos;
		ok->info.len = 0;
		ok->info.is_null = 0;
		return WC_OK;
	}
	st = str_required(buf, len, pos, &ok->info, &pos, err, wc_mysql_ok_fields[WC_MYSQL_OK_INFO]);
	if (st != WC_OK)
		return st;
	if (ok->status_flags & WC_MYSQL_SERVER_SESSION_STATE_CHANGED)
	{
		st = str_required(buf, len, pos, &ok->session_state, &pos, err,
						  wc_mysql_ok_fields[WC_MYSQL_OK_SESSION_STATE]);
		if (st != WC_OK)
			return st;
	}
	return at_end(len, pos, err);
}

/* One session-state change: int<1> type, string<lenenc> data. */
wc_status
wc_mysql_session_change_next(const uint8_t *buf, size_t len, size_t pos,
							 wc_mysql_session_change *chg, size_t *next,
							 wc_error *err)
{
	static const wc_mysql_slice none = {0, 0, 1};
	size_t		p,
				end;
	wc_status st;

	if ((st = wc_mysql_need(len, pos, 1, err, NULL)) != WC_OK)
		return st;
	chg->type = buf[pos];
	st = str_required(buf, len, pos + 1, &chg->data, next, err, NULL);
	if (st != WC_OK)
		return st;
	chg->name = none;
	chg->value = none;
	chg->gtid_spec = -1;
	p = chg->data.off;
	end = p + chg->data.len;
	switch (chg->type)
	{
		case WC_MYSQL_TRACK_SYSTEM_VARIABLES:
			st = str_required(buf, end, p, &chg->name, &p, err, NULL);
			if (st != WC_OK)
				return st;
			break;
		case WC_MYSQL_TRACK_GTIDS:
			if ((st = wc_mysql_need(end, p, 1, err, NULL)) != WC_OK)
				return st;
			chg->gtid_spec = buf[p++];
			break;
		case WC_MYSQL_TRACK_STATE_CHANGE:
			/*
			 * The documentation shows the flag as a string<lenenc>; MySQL
			 * and MariaDB servers send the one byte '1' or '0' bare
			 * (02 01 31).  Both forms are read: a bare ASCII flag can never
			 * be a length byte that covers the rest.
			 */
			if (chg->data.len >= 1 && (size_t) buf[p] + 1 == chg->data.len)
				break;
			chg->value = chg->data;
			return WC_OK;
		case WC_MYSQL_TRACK_SCHEMA:
		case WC_MYSQL_TRACK_TRANSACTION_CHARACTERISTICS:
		case WC_MYSQL_TRACK_TRANSACTION_STATE:
			break;
		default:
			return WC_OK;
	}
	st = str_required(buf, end, p, &chg->value, &p, err, NULL);
	if (st != WC_OK)
		return st;
	return at_end(end, p, err);
}

/* ERR packet, with MariaDB's progress-report variant. */
wc_status
wc_mysql_err_decode(const uint8_t *buf, size_t len, uint64_t caps,
					wc_mysql_err_packet *e, wc_error *err)
{
	static const wc_mysql_slice none = {0, 0, 1};
	size_t		pos = 3;
	wc_status st;

	if ((st = wc_mysql_need(len, 0, 1, err, wc_mysql_err_fields[WC_MYSQL_ERRP_HEADER])) != WC_OK)
		return st;
	if (buf[0] != 0xff)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_BYTE, 0, 0xff, buf[0]), wc_mysql_err_fields[WC_MYSQL_ERRP_HEADER]);
	if ((st = wc_mysql_need(len, 1, 2, err, wc_mysql_err_fields[WC_MYSQL_ERRP_CODE])) != WC_OK)
		return st;
	e->code = wc_load_le16(buf + 1);
	e->sql_state = none;
	e->message = none;
	e->progress_info = none;
	e->stage = e->max_stage = 0;
	e->progress_value = 0;
	e->progress = e->code == WC_MYSQL_ERR_CODE_PROGRESS;
	if (e->progress)
	{
		if ((st = wc_mysql_need(len, pos, 1, err, wc_mysql_err_fields[WC_MYSQL_ERRP_STAGE])) != WC_OK ||
			(st = wc_mysql_need(len, pos + 1, 1, err, wc_mysql_err_fields[WC_MYSQL_ERRP_MAX_STAGE])) != WC_OK ||
			(st = wc_mysql_need(len, pos + 2, 3, err, wc_mysql_err_fields[WC_MYSQL_ERRP_PROGRESS])) != WC_OK)
			return st;
		e->stage = buf[pos];
		e->max_stage = buf[pos + 1];
		e->progress_value = (uint32_t) buf[pos + 2] | (uint32_t) buf[pos + 3] << 8 |
			(uint32_t) buf[pos + 4] << 16;
		st = str_required(buf, len, pos + 5, &e->progress_info, &pos, err,
						  wc_mysql_err_fields[WC_MYSQL_ERRP_PROGRESS_INFO]);
		if (st != WC_OK)
			return st;
		return at_end(len, pos, err);
	}
	if ((caps & WC_MYSQL_CLIENT_PROTOCOL_41) && pos < len && buf[pos] == '#')
	{
		if ((st = wc_mysql_need(len, pos + 1, 5, err, wc_mysql_err_fields[WC_MYSQL_ERRP_SQL_STATE])) != WC_OK)
			return st;
		e->sql_state.off = pos + 1;
		e->sql_state.len = 5;
		e->sql_state.is_null = 0;
		pos += 6;
	}
	e->message.off = pos;
	e->message.len = len - pos;
	e->message.is_null = 0;
	return WC_OK;
}

/* EOF packet: FE [int<2> warnings, int<2> status]. */
wc_status
wc_mysql_eof_decode(const uint8_t *buf, size_t len, uint64_t caps, wc_mysql_eof *eof,
					wc_error *err)
{
	wc_status st;

	if ((st = wc_mysql_need(len, 0, 1, err, wc_mysql_eof_fields[0])) != WC_OK)
		return st;
	if (buf[0] != 0xfe)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_BYTE, 0, 0xfe, buf[0]), wc_mysql_eof_fields[0]);
	eof->warnings = 0;
	eof->status_flags = 0;
	if (!(caps & WC_MYSQL_CLIENT_PROTOCOL_41))
		return at_end(len, 1, err);
	if ((st = wc_mysql_need(len, 1, 2, err, wc_mysql_eof_fields[1])) != WC_OK ||
		(st = wc_mysql_need(len, 3, 2, err, wc_mysql_eof_fields[2])) != WC_OK)
		return st;
	eof->warnings = wc_load_le16(buf + 1);
	eof->status_flags = wc_load_le16(buf + 3);
	return at_end(len, 5, err);
}

/* COM_STMT_PREPARE OK: 00, id, columns, params, 00 [warnings [metadata]]. */
wc_status
wc_mysql_prepare_ok_decode(const uint8_t *buf, size_t len, uint64_t caps,
						   wc_mysql_prepare_ok *po, wc_error *err)
{
	wc_status st;
	size_t		pos = 10;

	if ((st = wc_mysql_need(len, 0, 1, err, wc_mysql_prepare_ok_fields[0])) != WC_OK)
		return st;
	if (buf[0] != 0x00)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_BYTE, 0, 0x00, buf[0]), wc_mysql_prepare_ok_fields[0]);
	if ((st = wc_mysql_need(len, 1, 4, err, wc_mysql_prepare_ok_fields[1])) != WC_OK ||
		(st = wc_mysql_need(len, 5, 2, err, wc_mysql_prepare_ok_fields[2])) != WC_OK ||
		(st = wc_mysql_need(len, 7, 2, err, wc_mysql_prepare_ok_fields[3])) != WC_OK ||
		(st = wc_mysql_need(len, 9, 1, err, wc_mysql_prepare_ok_fields[4])) != WC_OK)
		return st;
	po->statement_id = wc_load_le32(buf + 1);
	po->num_columns = wc_load_le16(buf + 5);
	po->num_params = wc_load_le16(buf + 7);
	if (buf[9] != 0x00)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_BYTE, 9, 0x00, buf[9]), wc_mysql_prepare_ok_fields[4]);
	po->has_warnings = 0;
	po->warnings = 0;
	po->metadata_follows = -1;
	if (pos < len)
	{
		if ((st = wc_mysql_need(len, pos, 2, err, wc_mysql_prepare_ok_fields[5])) != WC_OK)
			return st;
		po->has_warnings = 1;
		po->warnings = wc_load_le16(buf + pos);
		pos += 2;
		if (pos < len && (caps & WC_MYSQL_CLIENT_OPTIONAL_RESULTSET_METADATA))
			po->metadata_follows = buf[pos++];
	}
	return at_end(len, pos, err);
}
