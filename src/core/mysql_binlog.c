/*
 * mysql_binlog.c: MySQL and MariaDB binary log files (see mysql_binlog.h).
 *
 * Framing and the events that carry state.  Row images are in
 * mysql_binlog_rows.c, their values in mysql_binlog_value.c, MySQL's binary
 * JSON in mysql_binlog_json.c, partial JSON updates in mysql_binlog_diff.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include "mysql_binlog.h"
#include "mysql_binlog_int.h"

/* ---- event type names ---- */

static const char *const wc_binlog_mysql_names[] = {
	"UNKNOWN_EVENT", "START_EVENT_V3", "QUERY_EVENT", "STOP_EVENT", "ROTATE_EVENT",
	"INTVAR_EVENT", "LOAD_EVENT", "SLAVE_EVENT", "CREATE_FILE_EVENT", "APPEND_BLOCK_EVENT",
	"EXEC_LOAD_EVENT", "DELETE_FILE_EVENT", "NEW_LOAD_EVENT", "RAND_EVENT", "USER_VAR_EVENT",
	"FORMAT_DESCRIPTION_EVENT", "XID_EVENT", "BEGIN_LOAD_QUERY_EVENT",
	"EXECUTE_LOAD_QUERY_EVENT", "TABLE_MAP_EVENT", "PRE_GA_WRITE_ROWS_EVENT",
	"PRE_GA_UPDATE_ROWS_EVENT", "PRE_GA_DELETE_ROWS_EVENT", "WRITE_ROWS_EVENT_V1",
	"UPDATE_ROWS_EVENT_V1", "DELETE_ROWS_EVENT_V1", "INCIDENT_EVENT", "HEARTBEAT_LOG_EVENT",
	"IGNORABLE_LOG_EVENT", "ROWS_QUERY_LOG_EVENT", "WRITE_ROWS_EVENT", "UPDATE_ROWS_EVENT",
	"DELETE_ROWS_EVENT", "GTID_LOG_EVENT", "ANONYMOUS_GTID_LOG_EVENT",
	"PREVIOUS_GTIDS_LOG_EVENT", "TRANSACTION_CONTEXT_EVENT", "VIEW_CHANGE_EVENT",
	"XA_PREPARE_LOG_EVENT", "PARTIAL_UPDATE_ROWS_EVENT", "TRANSACTION_PAYLOAD_EVENT",
	"HEARTBEAT_LOG_EVENT_V2", "GTID_TAGGED_LOG_EVENT"
};

static const char *const wc_binlog_mariadb_names[] = {
	"ANNOTATE_ROWS_EVENT", "BINLOG_CHECKPOINT_EVENT", "GTID_EVENT", "GTID_LIST_EVENT",
	"START_ENCRYPTION_EVENT", "QUERY_COMPRESSED_EVENT", "WRITE_ROWS_COMPRESSED_EVENT_V1",
	"UPDATE_ROWS_COMPRESSED_EVENT_V1", "DELETE_ROWS_COMPRESSED_EVENT_V1",
	"WRITE_ROWS_COMPRESSED_EVENT", "UPDATE_ROWS_COMPRESSED_EVENT",
	"DELETE_ROWS_COMPRESSED_EVENT"
};

/* The server's own name of an event type. */
const char *
wc_binlog_event_type_name(unsigned type)
{
	if (type < sizeof(wc_binlog_mysql_names) / sizeof(wc_binlog_mysql_names[0]))
		return wc_binlog_mysql_names[type];
	if (type >= 160 && type - 160 < sizeof(wc_binlog_mariadb_names) / sizeof(wc_binlog_mariadb_names[0]))
		return wc_binlog_mariadb_names[type - 160];
	return NULL;
}

/* CRC-32 of p[0 .. n) continuing from crc: zlib's, which the core already
 * links for compressed packets. */
uint32_t
wc_binlog_crc32(uint32_t crc, const uint8_t *p, size_t n)
{
	return (uint32_t) crc32_z(crc, p, n);
}

/* ---- framing ---- */

/* Post-header lengths of MySQL 5.6+ for the types a file may hold before
 * its FORMAT_DESCRIPTION says otherwise. */
static unsigned
wc_binlog_default_post_header(unsigned type)
{
	switch (type)
	{
		case WC_BINLOG_QUERY_EVENT:
		case WC_BINLOG_QUERY_COMPRESSED_EVENT:
			return 13;
		case WC_BINLOG_ROTATE_EVENT:
			return 8;
		case WC_BINLOG_TABLE_MAP_EVENT:
		case WC_BINLOG_WRITE_ROWS_EVENT_V1:
		case WC_BINLOG_UPDATE_ROWS_EVENT_V1:
		case WC_BINLOG_DELETE_ROWS_EVENT_V1:
		case WC_BINLOG_WRITE_ROWS_COMPRESSED_EVENT_V1:
		case WC_BINLOG_UPDATE_ROWS_COMPRESSED_EVENT_V1:
		case WC_BINLOG_DELETE_ROWS_COMPRESSED_EVENT_V1:
			return 8;
		case WC_BINLOG_WRITE_ROWS_EVENT:
		case WC_BINLOG_UPDATE_ROWS_EVENT:
		case WC_BINLOG_DELETE_ROWS_EVENT:
		case WC_BINLOG_PARTIAL_UPDATE_ROWS_EVENT:
		case WC_BINLOG_WRITE_ROWS_COMPRESSED_EVENT:
		case WC_BINLOG_UPDATE_ROWS_COMPRESSED_EVENT:
		case WC_BINLOG_DELETE_ROWS_COMPRESSED_EVENT:
			return 10;
		case WC_BINLOG_GTID_EVENT:
			return 19;
		default:
			return 0;
	}
}

/* The post-header length of type in force. */
unsigned
wc_binlog_post_header_len(const wc_binlog_state *st, unsigned type)
{
	if (st->have_fde && type < 256 && st->post_header_len[type] != 0)
		return st->post_header_len[type];
	return wc_binlog_default_post_header(type);
}

wc_status
wc_binlog_begin(wc_binlog_state *st, const uint8_t *buf, size_t len, wc_error *err)
{
	static const uint8_t magic[4] = {0xfe, 0x62, 0x69, 0x6e};

	memset(st, 0, sizeof(*st));
	st->checksum = WC_BINLOG_CHECKSUM_NONE_KNOWN;
	st->common_header_len = WC_BINLOG_HEADER_LEN;
	st->offset = WC_BINLOG_MAGIC_LEN;
	for (size_t i = 0; i < WC_BINLOG_MAGIC_LEN; i++)
		if (i >= len || buf[i] != magic[i])
			return wc_in_field(err, wc_fail(err, WC_BINLOG_MAGIC, i), "file header");
	return WC_OK;
}

wc_status
wc_binlog_header_decode(const wc_binlog_state *st, const uint8_t *p, uint64_t off,
						wc_binlog_header *h, wc_error *err)
{
	size_t		minimum;

	h->timestamp = wc_bl_le32(p);
	h->type = p[4];
	h->server_id = wc_bl_le32(p + 5);
	h->event_size = wc_bl_le32(p + 9);
	h->log_pos = wc_bl_le32(p + 13);
	h->flags = wc_bl_le16(p + 17);

	minimum = WC_BINLOG_HEADER_LEN +
		(st->checksum == WC_BINLOG_CHECKSUM_CRC32 ? WC_BINLOG_CHECKSUM_LEN : 0);
	if (h->event_size < minimum)
		return wc_at_index(err, wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE, off + 9,
															minimum, h->event_size),
											"event size below the header"),
						   "event", st->index + 1);
	/* log_pos is where the next event starts; 0 in artificial events */
	if (h->log_pos != 0 && (uint64_t) h->log_pos != ((off + h->event_size) & 0xffffffffu))
		return wc_at_index(err, wc_fail_ef(err, WC_BINLOG_LOG_POS, off + 13,
										   (off + h->event_size) & 0xffffffffu, h->log_pos),
						   "event", st->index + 1);
	return WC_OK;
}

/* Does a server version string name a server that writes checksums
 * (MySQL 5.6.1+, MariaDB 5.3+)? */
static bool
wc_binlog_version_has_checksum(const char *v, bool mariadb)
{
	unsigned	a = 0,
				b = 0,
				c = 0;

	if (sscanf(v, "%u.%u.%u", &a, &b, &c) < 2)
		return false;
	if (mariadb)
		return a > 5 || (a == 5 && b >= 3);
	return a > 5 || (a == 5 && (b > 6 || (b == 6 && c >= 1)));
}

/* FORMAT_DESCRIPTION: version, header length, post-header lengths and the
 * checksum algorithm; p is the whole event of size n. */
static wc_status
wc_binlog_fde(wc_binlog_state *st, const uint8_t *p, size_t n, uint64_t off, wc_error *err)
{
	const size_t fixed = WC_BINLOG_HEADER_LEN + 2 + 50 + 4 + 1;
	size_t		ntypes;
	bool		has_alg;

	if (n < fixed)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, off + n, fixed, n),
						   "FORMAT_DESCRIPTION_EVENT");
	st->binlog_version = wc_bl_le16(p + 19);
	if (st->binlog_version != 4)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, off + 19,
											  st->binlog_version), "binlog version");
	memcpy(st->server_version, p + 21, 50);
	st->server_version[50] = '\0';
	st->mariadb = strstr(st->server_version, "MariaDB") != NULL;
	if (p[fixed - 1] != WC_BINLOG_HEADER_LEN)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_UNSUPPORTED, off + fixed - 1,
										   WC_BINLOG_HEADER_LEN, p[fixed - 1]),
						   "common header length");
	has_alg = wc_binlog_version_has_checksum(st->server_version, st->mariadb);
	ntypes = n - fixed;
	if (has_alg)
	{
		uint8_t		alg;

		if (ntypes < 1 + WC_BINLOG_CHECKSUM_LEN)
			return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, off + n,
											   fixed + 1 + WC_BINLOG_CHECKSUM_LEN, n),
							   "FORMAT_DESCRIPTION_EVENT");
		ntypes -= 1 + WC_BINLOG_CHECKSUM_LEN;
		alg = p[n - 1 - WC_BINLOG_CHECKSUM_LEN];
		if (alg != WC_BINLOG_CHECKSUM_OFF && alg != WC_BINLOG_CHECKSUM_CRC32)
			return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED,
												  off + n - 1 - WC_BINLOG_CHECKSUM_LEN, alg),
							   "checksum algorithm");
		/* the FORMAT_DESCRIPTION of such a server always carries the 4
		 * checksum bytes; they are a CRC32 unless the algorithm is OFF */
		if (alg == WC_BINLOG_CHECKSUM_CRC32)
		{
			/* computed without the binlog-in-use flag, which the server
			 * clears in place when it closes the file */
			uint8_t		fl = (uint8_t) (p[17] & ~0x01);
			uint32_t	want = wc_bl_le32(p + n - 4);
			uint32_t	got = wc_binlog_crc32(wc_binlog_crc32(wc_binlog_crc32(0, p, 17), &fl, 1),
											  p + 18, n - 4 - 18);

			if (want != got)
				return wc_fail_ef(err, WC_ERR_CHECKSUM, off + n - 4, want, got);
		}
		st->checksum = alg;
	}
	else
		st->checksum = WC_BINLOG_CHECKSUM_OFF;
	memset(st->post_header_len, 0, sizeof(st->post_header_len));
	for (size_t i = 0; i < ntypes && i + 1 < 256; i++)
		st->post_header_len[i + 1] = p[fixed + i];
	st->have_fde = true;
	return WC_OK;
}

/* FORMAT_DESCRIPTION's trailer: the 4 checksum bytes on servers that write
 * checksums (the algorithm byte before them is part of the body), else none. */
static size_t
wc_binlog_fde_trailer(const uint8_t *p, size_t n)
{
	char		v[51];

	if (n < WC_BINLOG_HEADER_LEN + 2 + 50)
		return 0;
	memcpy(v, p + 21, 50);
	v[50] = '\0';
	return wc_binlog_version_has_checksum(v, strstr(v, "MariaDB") != NULL) ?
		WC_BINLOG_CHECKSUM_LEN : 0;
}

wc_status
wc_binlog_next(wc_binlog_state *st, const uint8_t *p, size_t avail, wc_binlog_event *ev,
			   wc_error *err)
{
	uint64_t	off = st->offset;
	int64_t		index = st->index + 1;
	wc_status	rc;
	size_t		trailer;

	if (avail < WC_BINLOG_HEADER_LEN)
		return wc_at_index(err, wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, off + avail,
															WC_BINLOG_HEADER_LEN, avail),
											"event header"),
						   "event", index);
	/* binlog versions 1 and 3 start with START_EVENT_V3 (and v1 has a
	 * shorter header): not read */
	if (st->index == 0 && p[4] == WC_BINLOG_START_EVENT_V3)
		return wc_at_index(err, wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, off + 4,
															   p[4]),
											"binlog version before 4 (START_EVENT_V3)"),
						   "event", index);
	rc = wc_binlog_header_decode(st, p, off, &ev->h, err);
	if (rc != WC_OK)
		return rc;
	if (ev->h.event_size > avail)
		return wc_at_index(err, wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, off + avail,
															ev->h.event_size, avail),
											"event"),
						   "event", index);
	ev->index = index;
	ev->offset = off;
	ev->body = p + WC_BINLOG_HEADER_LEN;
	ev->body_offset = off + WC_BINLOG_HEADER_LEN;

	if (ev->h.type == WC_BINLOG_FORMAT_DESCRIPTION_EVENT)
	{
		rc = wc_binlog_fde(st, p, ev->h.event_size, off, err);
		if (rc != WC_OK)
			return wc_at_index(err, rc, "event", index);
		trailer = wc_binlog_fde_trailer(p, ev->h.event_size);
	}
	else if (st->checksum == WC_BINLOG_CHECKSUM_CRC32)
	{
		uint32_t	want = wc_bl_le32(p + ev->h.event_size - 4);
		uint32_t	got = wc_binlog_crc32(0, p, ev->h.event_size - 4);

		if (want != got)
			return wc_at_index(err, wc_fail_ef(err, WC_ERR_CHECKSUM,
											   off + ev->h.event_size - 4, want, got),
							   "event", index);
		trailer = WC_BINLOG_CHECKSUM_LEN;
	}
	else
		trailer = 0;
	ev->body_len = ev->h.event_size - WC_BINLOG_HEADER_LEN - trailer;

	/* the transaction identity of the rows that follow */
	if (ev->h.type == WC_BINLOG_GTID_LOG_EVENT || ev->h.type == WC_BINLOG_GTID_EVENT ||
		ev->h.type == WC_BINLOG_ANONYMOUS_GTID_LOG_EVENT ||
		ev->h.type == WC_BINLOG_GTID_TAGGED_LOG_EVENT)
	{
		rc = wc_binlog_gtid_text(ev, st->gtid, sizeof(st->gtid), err);
		if (rc == WC_OK)
			st->have_gtid = true;
		else if (rc == WC_NULL)
			st->have_gtid = false;
		else
			return wc_at_index(err, rc, "event", index);
	}
	st->index = index;
	st->offset = off + ev->h.event_size;
	return WC_OK;
}

/* ---- events that carry state ---- */

wc_status
wc_binlog_gtid_text(const wc_binlog_event *ev, char *out, size_t outcap, wc_error *err)
{
	const uint8_t *b = ev->body;

	switch (ev->h.type)
	{
		case WC_BINLOG_ANONYMOUS_GTID_LOG_EVENT:
			return WC_NULL;
		case WC_BINLOG_GTID_LOG_EVENT:
			if (ev->body_len < 25)
				return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED,
												   ev->body_offset + ev->body_len, 25,
												   ev->body_len), "GTID_LOG_EVENT");
			snprintf(out, outcap,
					 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x:%llu",
					 b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12],
					 b[13], b[14], b[15], b[16], (unsigned long long) wc_bl_le64(b + 17));
			return WC_OK;
		case WC_BINLOG_GTID_EVENT:
			if (ev->body_len < 13)
				return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED,
												   ev->body_offset + ev->body_len, 13,
												   ev->body_len), "GTID_EVENT");
			snprintf(out, outcap, "%u-%u-%llu", (unsigned) wc_bl_le32(b + 8),
					 (unsigned) ev->h.server_id, (unsigned long long) wc_bl_le64(b));
			return WC_OK;
		case WC_BINLOG_GTID_TAGGED_LOG_EVENT:
			/* MySQL 8.3+'s serialized form with a tag: not decoded */
			return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, ev->body_offset,
												  ev->h.type), "tagged GTID");
		default:
			return wc_in_field(err, wc_fail_found(err, WC_ERR_UNEXPECTED, ev->offset + 4,
												  ev->h.type), "GTID event type");
	}
}

/* Append the formatted text to out[*pos ..) when it fits; *pos counts
 * every byte either way (the size a second call needs). */
static void gs_put(char *out, size_t outcap, size_t *pos, const char *fmt, ...)
			__attribute__((format(printf, 4, 5)));

static void
gs_put(char *out, size_t outcap, size_t *pos, const char *fmt, ...)
{
	va_list		ap;
	char		tmp[64];
	int			n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (out != NULL && *pos + (size_t) n < outcap)
		memcpy(out + *pos, tmp, (size_t) n);
	*pos += (size_t) n;
}

/* PREVIOUS_GTIDS: n_sids, then per sid its uuid, n_intervals and the
 * intervals [start, end). */
static wc_status
gs_previous(const wc_binlog_event *ev, char *out, size_t outcap, size_t *pos, wc_error *err)
{
	const uint8_t *b = ev->body;
	size_t		n = ev->body_len,
				at = 8;
	uint64_t	nsids;

	if (n < 8)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, ev->body_offset + n, 8, n),
						   "PREVIOUS_GTIDS");
	nsids = wc_bl_le64(b);
	if (nsids >> 56)			/* MySQL 8.3+'s tagged form: a format byte */
		return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, ev->body_offset,
											  nsids >> 56), "tagged PREVIOUS_GTIDS");
	for (uint64_t i = 0; i < nsids; i++)
	{
		uint64_t	nint;

		if (n - at < 24)
			return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, ev->body_offset + n,
											   at + 24, n), "PREVIOUS_GTIDS");
		gs_put(out, outcap, pos,
			   "%s%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
			   i ? "," : "", b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5],
			   b[at + 6], b[at + 7], b[at + 8], b[at + 9], b[at + 10], b[at + 11], b[at + 12],
			   b[at + 13], b[at + 14], b[at + 15]);
		nint = wc_bl_le64(b + at + 16);
		at += 24;
		if (nint > (n - at) / 16)
			return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, ev->body_offset + n,
											   nint * 16, n - at), "PREVIOUS_GTIDS intervals");
		for (uint64_t k = 0; k < nint; k++, at += 16)
		{
			uint64_t	lo = wc_bl_le64(b + at),
						hi = wc_bl_le64(b + at + 8);

			wc_check_interrupts_every(at, WC_INTERRUPT_STRIDE);
			if (lo < 1 || hi <= lo)
				return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE,
													  ev->body_offset + at, lo),
								   "PREVIOUS_GTIDS interval");
			if (hi - lo == 1)
				gs_put(out, outcap, pos, ":%llu", (unsigned long long) lo);
			else
				gs_put(out, outcap, pos, ":%llu-%llu", (unsigned long long) lo,
					   (unsigned long long) (hi - 1));
		}
	}
	return at == n ? WC_OK
		: wc_in_field(err, wc_fail_found(err, WC_ERR_TRAILING, ev->body_offset + at, n - at),
					  "PREVIOUS_GTIDS");
}

/* GTID_LIST: a count (its low 28 bits), then (domain, server, seq) each. */
static wc_status
gs_list(const wc_binlog_event *ev, char *out, size_t outcap, size_t *pos, wc_error *err)
{
	const uint8_t *b = ev->body;
	size_t		n = ev->body_len;
	uint32_t	count;

	if (n < 4)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, ev->body_offset + n, 4, n),
						   "GTID_LIST");
	count = wc_bl_le32(b) & 0x0fffffff;
	/* MariaDB 10.11 writes an empty list with two bytes more: not read */
	if ((uint64_t) count * 16 > n - 4)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE, ev->body_offset,
										   (uint64_t) count * 16 + 4, n), "GTID_LIST count");
	for (uint32_t i = 0; i < count; i++)
	{
		const uint8_t *e = b + 4 + (size_t) i * 16;

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		gs_put(out, outcap, pos, "%s%u-%u-%llu", i ? "," : "", (unsigned) wc_bl_le32(e),
			   (unsigned) wc_bl_le32(e + 4), (unsigned long long) wc_bl_le64(e + 8));
	}
	return WC_OK;
}

wc_status
wc_binlog_gtid_state_text(const wc_binlog_event *ev, char *out, size_t outcap, size_t *need,
						  wc_error *err)
{
	size_t		pos = 0;
	wc_status	rc;

	if (ev->h.type == WC_BINLOG_PREVIOUS_GTIDS_LOG_EVENT)
		rc = gs_previous(ev, out, outcap, &pos, err);
	else if (ev->h.type == WC_BINLOG_GTID_LIST_EVENT)
		rc = gs_list(ev, out, outcap, &pos, err);
	else
		return wc_in_field(err, wc_fail_found(err, WC_ERR_UNEXPECTED, ev->offset + 4,
											  ev->h.type), "GTID state event type");
	*need = pos + 1;
	if (rc != WC_OK)
		return rc;
	if (out != NULL)
	{
		if (pos >= outcap)
			return wc_in_field(err, wc_fail_ef(err, WC_ERR_TOO_LARGE, ev->offset, pos + 1,
											   outcap), "GTID state text");
		out[pos] = '\0';
	}
	return pos == 0 ? WC_NULL : WC_OK;
}

wc_status
wc_binlog_compressed_header(const uint8_t *p, size_t len, uint64_t off, uint32_t *raw_len,
							const uint8_t **zdata, size_t *zlen, wc_error *err)
{
	unsigned	n;
	uint32_t	v = 0;

	if (len < 1)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, off, 1, 0),
						   "compressed record");
	if ((p[0] & 0x80) == 0 || (p[0] & 0x07) == 0 || (p[0] & 0x07) > 4)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, off, p[0]),
						   "compressed record header");
	n = p[0] & 0x07;
	if (len < 1 + n)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, off + len, 1 + n, len),
						   "compressed record");
	for (unsigned i = 0; i < n; i++)
		v = v << 8 | p[1 + i];
	*raw_len = v;
	*zdata = p + 1 + n;
	*zlen = len - 1 - n;
	return WC_OK;
}

wc_status
wc_binlog_payload_decode(const wc_binlog_event *ev, wc_binlog_payload *pl, wc_error *err)
{
	const uint8_t *b = ev->body;
	size_t		len = ev->body_len,
				pos = 0;
	bool		have_size = false;

	memset(pl, 0, sizeof(*pl));
	pl->compression = WC_BINLOG_PAYLOAD_NONE;
	for (;;)
	{
		uint64_t	type,
					flen,
					v;
		size_t		vpos;
		wc_status	rc = wc_bl_packed(b, len, &pos, ev->body_offset, &type, err);

		if (rc != WC_OK)
			return wc_at_index(err, wc_in_field(err, rc, "payload header field"), "event", ev->index);
		if (type == 0)
			break;
		rc = wc_bl_packed(b, len, &pos, ev->body_offset, &flen, err);
		if (rc == WC_OK && flen > len - pos)
			rc = wc_fail_ef(err, WC_ERR_LENGTH, ev->body_offset + pos, flen, len - pos);
		if (rc != WC_OK)
			return wc_at_index(err, wc_in_field(err, rc, "payload header field"), "event", ev->index);
		vpos = pos;
		if (type >= 1 && type <= 3)
		{
			rc = wc_bl_packed(b, pos + flen, &vpos, ev->body_offset, &v, err);
			if (rc != WC_OK)
				return wc_at_index(err, wc_in_field(err, rc, "payload header field"), "event",
								   ev->index);
			if (type == 1)
			{
				pl->data_len = v;
				have_size = true;
			}
			else if (type == 2)
				pl->compression = v;
			else
				pl->raw_size = v;
		}
		pos += flen;
	}
	if (!have_size)
		pl->data_len = len - pos;
	if (pl->data_len != len - pos)
		return wc_at_index(err, wc_in_field(err, wc_fail_ef(err, WC_ERR_LENGTH, ev->body_offset + pos,
															pl->data_len, len - pos),
											"payload size"), "event", ev->index);
	if (pl->compression != WC_BINLOG_PAYLOAD_ZSTD && pl->compression != WC_BINLOG_PAYLOAD_NONE)
		return wc_at_index(err, wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, ev->body_offset,
															   pl->compression),
											"payload compression"), "event", ev->index);
	if (pl->compression == WC_BINLOG_PAYLOAD_NONE)
		pl->raw_size = pl->data_len;
	pl->data = b + pos;
	pl->data_offset = ev->body_offset + pos;
	return WC_OK;
}

void
wc_binlog_payload_state(const wc_binlog_state *outer, wc_binlog_state *inner)
{
	*inner = *outer;
	inner->offset = 0;
	inner->index = 0;
	inner->checksum = WC_BINLOG_CHECKSUM_OFF;
}
