/*
 * test_mysql_packet.c: unit tests of the MySQL packet core: framing and
 * reassembly (test/vectors/mysql_packets.tsv), text rows, Column Definition
 * 41 and OK packets (the spec's examples and every truncation).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mysql_lenenc.h"
#include "mysql_packet.h"
#include "test_mysql.h"

/* Check the framed stream against the headers listed in the vector. */
static void
check_headers(const uint8_t *s, size_t size, const uint8_t *payload, char *headers,
			  int lineno, size_t *nheaders)
{
	size_t		pos = 0,
				done = 0,
				k = 0;

	for (char *h = strtok(headers, ","); h; h = strtok(NULL, ","), k++)
	{
		size_t		hn,
					clen;
		uint8_t    *want = wc_unhex(h, &hn);

		CHECK(pos + 4 <= size, "line %d: header %zu past the end", lineno, k);
		if (pos + 4 > size)
		{
			free(want);
			return;
		}
		CHECK_BYTES(s + pos, 4, want, hn, "line %d: header %zu", lineno, k);
		clen = (size_t) want[0] | (size_t) want[1] << 8 | (size_t) want[2] << 16;
		CHECK(pos + 4 + clen <= size && memcmp(s + pos + 4, payload + done, clen) == 0,
			  "line %d: chunk %zu content", lineno, k);
		pos += 4 + clen;
		done += clen;
		free(want);
	}
	CHECK(pos == size, "line %d: stream has %zu bytes after the listed headers", lineno, size - pos);
	*nheaders = k;
}

/* Reassembly errors: cuts in the first header, in or after the last
 * chunk, and a sequence gap in the second chunk. */
static void
check_reassembly_errors(uint8_t *s, size_t size, size_t plen, size_t nheaders, int lineno)
{
	wc_mysql_packet pkt;
	size_t		next;
	wc_error err = {0};
	wc_status st;

	for (size_t cut = 1; cut < 4; cut++)
		CHECK(wc_mysql_packet_next(s, cut, 0, &pkt, &next, &err) == WC_ERR_TRUNCATED &&
			  err.offset == 0 && err.expected == 4 && err.found == cut,
			  "line %d: cut %zu in the first header", lineno, cut);
	st = wc_mysql_packet_next(s, size - 1, 0, &pkt, &next, &err);
	CHECK(st == WC_ERR_TRUNCATED, "line %d: last byte missing: status %d", lineno, st);
	if (nheaders > 1 && plen % WC_MYSQL_MAX_CHUNK == 0)
	{
		/* ends with an empty chunk: without it a full chunk ends the stream */
		CHECK(wc_mysql_packet_next(s, size - 4, 0, &pkt, &next, &err) == WC_MYSQL_CONTINUATION &&
			  err.offset == size - 4, "line %d: no trailer", lineno);
	}
	if (nheaders > 1)
	{
		size_t		second = 4 + WC_MYSQL_MAX_CHUNK;
		uint8_t		saved = s[second + 3];

		s[second + 3] = (uint8_t) (saved + 1);
		CHECK(wc_mysql_packet_next(s, size, 0, &pkt, &next, &err) == WC_MYSQL_SEQUENCE &&
			  err.offset == second + 3 && err.expected == saved && err.found == (uint8_t) (saved + 1),
			  "line %d: sequence gap", lineno);
		s[second + 3] = saved;
	}
}

/* mysql_packets.tsv: frame, compare headers, reassemble, break it. */
static void
test_packet_vectors(void)
{
	wc_tsv		t;
	int			rows = 0;

	wc_tsv_open(&t, "mysql_packets.tsv");
	while (wc_tsv_next(&t))
	{
		uint64_t	plen = 0,
					seq = 0;
		size_t		size,
					nheaders = 0,
					next = 0;
		int			ok;
		uint8_t    *payload,
				   *s,
				   *back;
		wc_mysql_packet pkt;
		wc_error err;

		rows++;
		CHECK(tm_parse_u64(t.field[0], &plen) && tm_parse_u64(t.field[1], &seq) && seq < 256,
			  "line %d: fields", t.lineno);
		payload = malloc(plen + 1);
		for (size_t i = 0; i < plen; i++)
			payload[i] = (uint8_t) (i * 31 + 7);
		size = wc_mysql_frame_size(plen, &ok);
		CHECK(ok && size == plen + 4 * wc_mysql_frame_chunks(plen), "line %d: size", t.lineno);
		s = malloc(size);
		CHECK(wc_mysql_frame_write(s, payload, plen, (uint8_t) seq) == size, "line %d: written", t.lineno);
		check_headers(s, size, payload, t.field[2], t.lineno, &nheaders);
		CHECK(nheaders == wc_mysql_frame_chunks(plen), "line %d: chunks", t.lineno);

		CHECK(wc_mysql_packet_next(s, size, 0, &pkt, &next, &err) == WC_OK &&
			  pkt.offset == 0 && pkt.seq == seq && pkt.length == plen &&
			  pkt.chunks == nheaders && next == size, "line %d: reassemble", t.lineno);
		back = malloc(plen + 1);
		wc_mysql_packet_gather(s, &pkt, back);
		CHECK(memcmp(back, payload, plen) == 0, "line %d: reassembled payload", t.lineno);
		check_reassembly_errors(s, size, plen, nheaders, t.lineno);
		free(back);
		free(s);
		free(payload);
	}
	wc_tsv_close(&t);
	CHECK(rows == 20, "packets: %d rows", rows);
}

/* A stream of several logical packets, walked one by one. */
static void
test_packet_stream(void)
{
	const uint8_t p1[] = {0x03, 'a', 'b', 'c'};
	uint8_t		s[64];
	size_t		n = 0,
				pos = 0,
				next;
	wc_mysql_packet pkt;
	wc_error err;
	uint8_t		out[8];

	n += wc_mysql_frame_write(s + n, p1, 4, 0);
	n += wc_mysql_frame_write(s + n, p1, 0, 1);
	n += wc_mysql_frame_write(s + n, p1, 2, 0);	/* ids between packets are free */
	CHECK(n == 8 + 4 + 6, "stream size");
	CHECK(wc_mysql_packet_next(s, n, pos, &pkt, &next, &err) == WC_OK &&
		  pkt.offset == 0 && pkt.length == 4 && pkt.seq == 0 && next == 8, "packet 1");
	wc_mysql_packet_gather(s, &pkt, out);
	CHECK_BYTES(out, 4, p1, 4, "packet 1 payload");
	pos = next;
	CHECK(wc_mysql_packet_next(s, n, pos, &pkt, &next, &err) == WC_OK &&
		  pkt.offset == 8 && pkt.length == 0 && pkt.seq == 1 && next == 12, "packet 2");
	pos = next;
	CHECK(wc_mysql_packet_next(s, n, pos, &pkt, &next, &err) == WC_OK &&
		  pkt.offset == 12 && pkt.length == 2 && pkt.seq == 0 && next == n, "packet 3");
	CHECK(wc_mysql_packet_next(s, n - 1, pos, &pkt, &next, &err) == WC_ERR_TRUNCATED &&
		  err.offset == 16 && err.expected == 2 && err.found == 1, "packet 3 cut");
	{
		int			ok;

		(void) wc_mysql_frame_size(SIZE_MAX - 3, &ok);
		CHECK(!ok, "frame size overflow detected");
	}
}

/* Text rows: the spec's example, NULL vs empty, errors. */
static void
test_text_row(void)
{
	const uint8_t row[] = {0x01, '1', 0xfb, 0x03, 'a', 'b', 'c'};
	const uint8_t empty_vs_null[] = {0x00, 0xfb, 0x00};
	const uint8_t ff[] = {0x01, '1', 0xff};
	const uint8_t over[] = {0x01, '1', 0x05, 'a', 'b'};
	size_t		ncols = 0,
				pos = 0;
	wc_error err = {0};
	wc_mysql_slice s;

	CHECK(wc_mysql_text_row_count(row, sizeof(row), &ncols, &err) == WC_OK && ncols == 3,
		  "row of 3");
	CHECK(wc_mysql_lenenc_str_get(row, sizeof(row), pos, &s, &pos, NULL) == WC_OK &&
		  s.off == 1 && s.len == 1, "column 1");
	CHECK(wc_mysql_lenenc_str_get(row, sizeof(row), pos, &s, &pos, NULL) == WC_NULL &&
		  s.is_null, "column 2 NULL");
	CHECK(wc_mysql_lenenc_str_get(row, sizeof(row), pos, &s, &pos, NULL) == WC_OK &&
		  s.off == 4 && s.len == 3 && pos == sizeof(row), "column 3");
	CHECK(wc_mysql_text_row_count(empty_vs_null, 3, &ncols, &err) == WC_OK && ncols == 3,
		  "empty, NULL, empty");
	CHECK(wc_mysql_text_row_count(row, 0, &ncols, &err) == WC_OK && ncols == 0,
		  "empty payload");
	CHECK(wc_mysql_text_row_count(ff, 3, &ncols, &err) == WC_ERR_BAD_BYTE &&
		  err.offset == 2 && err.index == 2, "0xff in column 2");
	CHECK(wc_mysql_text_row_count(over, 5, &ncols, &err) == WC_ERR_LENGTH &&
		  err.offset == 2 && err.index == 2 && err.expected == 5 && err.found == 2,
		  "column 2 beyond the payload");
	/* every cut inside the last column's data */
	for (size_t cut = 4; cut < sizeof(row); cut++)
		CHECK(wc_mysql_text_row_count(row, cut, &ncols, &err) == WC_ERR_LENGTH &&
			  err.index == 3, "row cut to %zu", cut);
	CHECK(wc_mysql_text_row_count(row, 1, &ncols, &err) == WC_ERR_LENGTH &&
		  err.index == 1, "row cut to 1");
}

/* The two column definitions of the spec. */
static void
test_column_def(void)
{
	size_t		n1,
				n2;
	uint8_t    *version = wc_unhex("0364656600000011404076657273696f6e5f636f6d6d656e74000c08001c000000fd00001f0000", &n1);
	uint8_t    *users = wc_unhex("03646566047368six", &n2);
	wc_mysql_column_def cd;
	wc_error err = {0};
	uint8_t		buf[64];

	CHECK(users == NULL, "bad hex is rejected by the harness");
	free(users);
	users = wc_unhex("036465660473686f7001750575736572730269640269640c3f000b000000030302000000", &n2);
	CHECK(n1 == 39, "version_comment payload is 39 bytes");
	CHECK(wc_mysql_column_def_decode(version, n1, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) == WC_OK, "decode version_comment");
	CHECK(cd.str[0].len == 3 && memcmp(version + cd.str[0].off, "def", 3) == 0, "catalog def");
	CHECK(cd.str[1].len == 0 && !cd.str[1].is_null && cd.str[2].len == 0 && cd.str[3].len == 0,
		  "empty schema, table, org_table");
	CHECK(cd.str[4].len == 17 && memcmp(version + cd.str[4].off, "@@version_comment", 17) == 0,
		  "name");
	CHECK(cd.charset == 8 && cd.column_length == 28 && cd.type == 0xfd && cd.flags == 0 &&
		  cd.decimals == 0x1f, "fixed fields of version_comment");
	CHECK(wc_mysql_column_def_decode(users, n2, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) == WC_OK, "decode shop.users.id");
	CHECK(cd.str[1].len == 4 && memcmp(users + cd.str[1].off, "shop", 4) == 0 &&
		  cd.str[2].len == 1 && cd.str[3].len == 5 && cd.str[4].len == 2 && cd.str[5].len == 2,
		  "shop.users.id strings");
	CHECK(cd.charset == 63 && cd.column_length == 11 && cd.type == 3 &&
		  cd.flags == (0x0001 | 0x0002 | 0x0200) && cd.decimals == 0, "fixed fields of id");

	/* every truncation fails, in the field being read */
	for (size_t cut = 0; cut < n2; cut++)
	{
		wc_status st = wc_mysql_column_def_decode(users, cut, WC_MYSQL_CD_EXT_ABSENT, &cd, &err);
		int			want = cut < 1 ? 0 : cut < 4 ? 0 : cut < 9 ? 1 : cut < 11 ? 2 : cut < 17 ? 3 :
			cut < 20 ? 4 : cut < 23 ? 5 : cut < 24 ? WC_MYSQL_CD_FIXED_LENGTH : WC_MYSQL_CD_FIXED;

		CHECK(st > WC_NULL && err.field == wc_mysql_column_def_fields[want], "cut to %zu: status %d field %s (want %d)",
			  cut, st, err.field, want);
	}
	/* a trailing byte, a wrong or NULL fixed length, NULL strings */
	memcpy(buf, users, n2);
	buf[n2] = 0;
	CHECK(wc_mysql_column_def_decode(buf, n2 + 1, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) == WC_ERR_TRAILING &&
		  err.offset == n2 && err.found == 1, "trailing byte");
	buf[23] = 0x0b;
	CHECK(wc_mysql_column_def_decode(buf, n2, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) == WC_ERR_BAD_VALUE &&
		  err.offset == 23 && err.found == 11, "fixed length 11");
	buf[23] = 0xfb;
	CHECK(wc_mysql_column_def_decode(buf, n2, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) == WC_MYSQL_NULL_FIELD &&
		  err.offset == 23, "fixed length NULL");
	buf[23] = 0x0c;
	buf[0] = 0xfb;
	/* then "def" is read as schema: 0x64 = 100 bytes, beyond the payload */
	CHECK(wc_mysql_column_def_decode(buf, n2, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) == WC_ERR_LENGTH &&
		  err.field == wc_mysql_column_def_fields[1] && err.offset == 1 && err.expected == 100, "NULL catalog shifts the fields");
	{
		/* catalog NULL instead of "def" */
		uint8_t		b2[64];

		b2[0] = 0xfb;
		memcpy(b2 + 1, users + 4, n2 - 4);
		CHECK(wc_mysql_column_def_decode(b2, n2 - 3, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) == WC_OK &&
			  cd.str[0].is_null && !cd.str[1].is_null, "NULL catalog");
		b2[1] = 0xff;
		CHECK(wc_mysql_column_def_decode(b2, n2 - 3, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) == WC_ERR_BAD_BYTE &&
			  err.field == wc_mysql_column_def_fields[1] && err.offset == 1, "0xff schema");
	}
	free(version);
	free(users);
}

/* OK packets of the spec, NULL and 0xff counts, every truncation. */
static void
test_ok(void)
{
	const uint8_t docs[] = {0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00};
	const uint8_t one[] = {0x00, 0x01, 0xfc, 0x2c, 0x01, 0x02, 0x00, 0x00, 0x00};
	const uint8_t eofok[] = {0xfe, 0xfb, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0x22, 0x00, 0x01, 0x00, 'h', 'i'};
	const uint8_t legacy_eof[] = {0xfe, 0x00, 0x00, 0x02, 0x00};
	const uint8_t err_pkt[] = {0xff, 0x15, 0x04};
	const uint8_t ff_rows[] = {0x00, 0xff, 0x00, 0x02, 0x00, 0x00, 0x00};
	wc_mysql_ok ok;
	wc_error err = {0};

	CHECK(wc_mysql_ok_decode(docs, 7, WC_MYSQL_CLIENT_PROTOCOL_41, &ok, &err) == WC_OK && ok.header == 0 &&
		  !ok.affected_rows_null && ok.affected_rows == 0 && ok.last_insert_id == 0 &&
		  ok.status_flags == 2 && ok.warnings == 0 && ok.info.len == 0, "docs example");
	CHECK(wc_mysql_ok_decode(one, 9, WC_MYSQL_CLIENT_PROTOCOL_41, &ok, &err) == WC_OK && ok.affected_rows == 1 &&
		  ok.last_insert_id == 300 && ok.status_flags == 2, "1 row, id 300");
	CHECK(wc_mysql_ok_decode(eofok, sizeof(eofok), WC_MYSQL_CLIENT_PROTOCOL_41, &ok, &err) == WC_OK &&
		  ok.header == 0xfe && ok.affected_rows_null && !ok.last_insert_id_null &&
		  ok.last_insert_id == UINT64_MAX && ok.status_flags == 0x22 && ok.warnings == 1 &&
		  ok.info.off == 15 && ok.info.len == 2, "FE header, NULL rows, 2^64-1 id, info");
	CHECK(wc_mysql_ok_decode(legacy_eof, 5, WC_MYSQL_CLIENT_PROTOCOL_41, &ok, &err) == WC_ERR_TRUNCATED &&
		  err.field == wc_mysql_ok_fields[WC_MYSQL_OK_WARNINGS] && err.offset == 5, "legacy EOF is not an OK packet");
	CHECK(wc_mysql_ok_decode(err_pkt, 3, WC_MYSQL_CLIENT_PROTOCOL_41, &ok, &err) == WC_ERR_BAD_BYTE &&
		  err.field == wc_mysql_ok_fields[WC_MYSQL_OK_HEADER] && err.found == 0xff, "ERR packet");
	CHECK(wc_mysql_ok_decode(ff_rows, 7, WC_MYSQL_CLIENT_PROTOCOL_41, &ok, &err) == WC_ERR_BAD_BYTE &&
		  err.field == wc_mysql_ok_fields[WC_MYSQL_OK_AFFECTED_ROWS] && err.offset == 1, "0xff affected_rows");
	for (size_t cut = 0; cut < 9; cut++)
	{
		int			want = cut == 0 ? WC_MYSQL_OK_HEADER : cut < 2 ? WC_MYSQL_OK_AFFECTED_ROWS :
			cut < 5 ? WC_MYSQL_OK_LAST_INSERT_ID : cut < 7 ? WC_MYSQL_OK_STATUS_FLAGS :
			WC_MYSQL_OK_WARNINGS;

		CHECK(wc_mysql_ok_decode(one, cut, WC_MYSQL_CLIENT_PROTOCOL_41, &ok, &err) == WC_ERR_TRUNCATED &&
			  err.field == wc_mysql_ok_fields[want], "OK cut to %zu: field %s (want %d)", cut, err.field, want);
	}
}

/* The column definition of a MariaDB capture (d.ty.id, with
 * an empty extended-metadata field), and one with a type name. */
static void
test_column_def_extended(void)
{
	size_t		n;
	uint8_t    *cap = wc_unhex("036465660164027479027479026964026964000c3f000b000000030342000000", &n);
	uint8_t    *json = wc_unhex("0364656601640274790274790163016300" "0a00046a736f6e0104746578" "740c" "2d00ffffffff"
								"fc9000270000", &n);
	size_t		nj;
	wc_mysql_column_def cd;
	wc_error err = {0};

	free(json);
	json = wc_unhex("03646566016402747902747901630163" "0c00046a736f6e01046a736f6e" "0c2d00ffffffff" "fc90002700" "00", &nj);
	n = 32;
	CHECK(wc_mysql_column_def_decode(cap, n, WC_MYSQL_CD_EXT_ABSENT, &cd, &err) ==
		  WC_ERR_BAD_VALUE && err.offset == 18 && err.found == 0,
		  "MariaDB capture without the capability: an error");
	CHECK(wc_mysql_column_def_decode(cap, n, WC_MYSQL_CD_EXT_PRESENT, &cd, &err) == WC_OK &&
		  cd.extended && cd.ext_type_name.is_null && cd.ext_format.is_null &&
		  cd.charset == 63 && cd.column_length == 11 && cd.type == 3 && cd.flags == 0x4203,
		  "MariaDB capture with MARIADB_CLIENT_EXTENDED_METADATA");
	CHECK(wc_mysql_column_def_decode(cap, n, WC_MYSQL_CD_EXT_DETECT, &cd, &err) == WC_OK &&
		  cd.extended && cd.type == 3, "MariaDB capture, detected");
	CHECK(wc_mysql_column_def_decode(json, nj, WC_MYSQL_CD_EXT_DETECT, &cd, &err) == WC_OK &&
		  cd.extended && cd.ext_type_name.len == 4 && memcmp(json + cd.ext_type_name.off, "json", 4) == 0 &&
		  cd.ext_format.len == 4 && cd.type == 0xfc, "extended type name and format");
	/* a value running past the extended field's own length */
	json[16] = 0x05;
	CHECK(wc_mysql_column_def_decode(json, nj, WC_MYSQL_CD_EXT_PRESENT, &cd, &err) == WC_ERR_LENGTH &&
		  err.field == wc_mysql_column_def_fields[WC_MYSQL_CD_EXTENDED], "extended value beyond its field");
	for (size_t cut = 0; cut < n; cut++)
		CHECK(wc_mysql_column_def_decode(cap, cut, WC_MYSQL_CD_EXT_PRESENT, &cd, &err) > WC_NULL,
			  "extended cut to %zu", cut);
	free(cap);
	free(json);
}

/* OK packets with CLIENT_SESSION_TRACK: as MariaDB and MySQL send them. */
static void
test_ok_session_track(void)
{
	size_t		n1,
				n2,
				n3;
	uint64_t	caps = WC_MYSQL_CAPS_DEFAULT;
	/* SET autocommit = 1: empty info, one system variable */
	uint8_t    *set = wc_unhex("00000002400000" "0010000e0a6175746f636f6d6d6974024f4e", &n1);
	/* INSERT of 3 rows: info as string<lenenc>, no state */
	uint8_t    *ins = wc_unhex("00030002000000" "26" "5265636f7264733a203320204475706c6963617465733a203020205761726e696e67733a2030", &n2);
	/* USE test + transaction state + GTIDs */
	uint8_t    *use = wc_unhex("000000024000000018" "0105047465737405" "09" "085f5f5f5f5f5f5f5f" "030400027878", &n3);
	wc_mysql_ok ok;
	wc_mysql_session_change chg;
	wc_error err = {0};
	size_t		pos;

	CHECK(wc_mysql_ok_decode(set, n1, caps, &ok, &err) == WC_OK && ok.info.len == 0 &&
		  !ok.session_state.is_null && ok.session_state.len == 16, "SET autocommit");
	pos = ok.session_state.off;
	CHECK(wc_mysql_session_change_next(set, ok.session_state.off + 16, pos, &chg, &pos, &err) ==
		  WC_OK && chg.type == 0 && chg.name.len == 10 && chg.value.len == 2 &&
		  memcmp(set + chg.value.off, "ON", 2) == 0 && pos == n1, "autocommit=ON");
	CHECK(wc_mysql_ok_decode(set, n1, WC_MYSQL_CLIENT_PROTOCOL_41, &ok, &err) == WC_OK &&
		  ok.info.len == n1 - 7, "without the capability the state is part of info");
	CHECK(wc_mysql_ok_decode(ins, n2, caps, &ok, &err) == WC_OK && ok.affected_rows == 3 &&
		  ok.info.len == 38 && set[0] == 0 && ins[ok.info.off] == 'R' && ok.session_state.is_null,
		  "INSERT info");
	CHECK(wc_mysql_ok_decode(ins, 7, caps, &ok, &err) == WC_OK && ok.info.len == 0,
		  "no info at all");
	CHECK(wc_mysql_ok_decode(set, 7, caps, &ok, &err) == WC_ERR_TRUNCATED &&
		  err.field == wc_mysql_ok_fields[WC_MYSQL_OK_INFO], "state changed but nothing follows");
	CHECK(wc_mysql_ok_decode(ins, n2 - 1, caps, &ok, &err) == WC_ERR_LENGTH &&
		  err.field == wc_mysql_ok_fields[WC_MYSQL_OK_INFO], "info cut");
	CHECK(wc_mysql_ok_decode(use, n3, caps, &ok, &err) == WC_OK &&
		  ok.session_state.len == 0x18, "USE + state + GTIDs");
	pos = ok.session_state.off;
	CHECK(wc_mysql_session_change_next(use, n3, pos, &chg, &pos, &err) == WC_OK &&
		  chg.type == WC_MYSQL_TRACK_SCHEMA && chg.value.len == 4 && chg.name.is_null, "schema");
	CHECK(wc_mysql_session_change_next(use, n3, pos, &chg, &pos, &err) == WC_OK &&
		  chg.type == WC_MYSQL_TRACK_TRANSACTION_STATE && chg.value.len == 8, "transaction state");
	CHECK(wc_mysql_session_change_next(use, n3, pos, &chg, &pos, &err) == WC_OK &&
		  chg.type == WC_MYSQL_TRACK_GTIDS && chg.gtid_spec == 0 && chg.value.len == 2 &&
		  pos == n3, "GTIDs");
	use[n3 - 3] = 0x03;			/* GTID string longer than its entry */
	pos = ok.session_state.off + 7 + 11;
	CHECK(wc_mysql_session_change_next(use, n3, pos, &chg, &pos, &err) == WC_ERR_LENGTH,
		  "GTID string beyond its entry");
	free(set);
	free(ins);
	free(use);
}

/* ERR (with and without SQLSTATE, progress), EOF, COM_STMT_PREPARE OK. */
static void
test_err_eof_prepare(void)
{
	size_t		n1,
				n2,
				n3;
	uint8_t    *e1 = wc_unhex("ff190423343230303055", &n1);
	uint8_t    *e2 = wc_unhex("ff1504416363657373", &n2);
	uint8_t    *pr = wc_unhex("ffffff0102e80300" "05" "7374616765", &n3);
	const uint8_t eof[] = {0xfe, 0x01, 0x00, 0x02, 0x00};
	const uint8_t pok[] = {0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x01};
	wc_mysql_err_packet e;
	wc_mysql_eof f;
	wc_mysql_prepare_ok po;
	wc_error err = {0};

	CHECK(wc_mysql_err_decode(e1, n1, WC_MYSQL_CAPS_DEFAULT, &e, &err) == WC_OK &&
		  e.code == 1049 && e.sql_state.len == 5 && e.message.len == 1 && !e.progress, "ERR 41");
	CHECK(wc_mysql_err_decode(e2, n2, WC_MYSQL_CAPS_DEFAULT, &e, &err) == WC_OK &&
		  e.code == 1045 && e.sql_state.is_null && e.message.len == 6, "ERR without marker");
	CHECK(wc_mysql_err_decode(e1, 6, WC_MYSQL_CAPS_DEFAULT, &e, &err) == WC_ERR_TRUNCATED &&
		  err.field == wc_mysql_err_fields[WC_MYSQL_ERRP_SQL_STATE], "SQLSTATE cut");
	CHECK(wc_mysql_err_decode(pr, n3, WC_MYSQL_CAPS_DEFAULT, &e, &err) == WC_OK &&
		  e.progress && e.stage == 1 && e.max_stage == 2 && e.progress_value == 1000 &&
		  e.progress_info.len == 5, "progress report");
	CHECK(wc_mysql_err_decode(eof, 5, WC_MYSQL_CAPS_DEFAULT, &e, &err) == WC_ERR_BAD_BYTE &&
		  err.expected == 0xff && err.found == 0xfe, "EOF is not ERR");
	CHECK(wc_mysql_eof_decode(eof, 5, WC_MYSQL_CAPS_DEFAULT, &f, &err) == WC_OK &&
		  f.warnings == 1 && f.status_flags == 2, "EOF");
	CHECK(wc_mysql_eof_decode(eof, 4, WC_MYSQL_CAPS_DEFAULT, &f, &err) == WC_ERR_TRUNCATED &&
		  err.field == wc_mysql_eof_fields[2], "EOF cut");
	CHECK(wc_mysql_prepare_ok_decode(pok, 12, WC_MYSQL_CAPS_DEFAULT, &po, &err) == WC_OK &&
		  po.statement_id == 1 && po.num_columns == 2 && po.num_params == 1 && po.has_warnings &&
		  po.metadata_follows == -1, "prepare OK");
	CHECK(wc_mysql_prepare_ok_decode(pok, 13, WC_MYSQL_CAPS_DEFAULT |
									 WC_MYSQL_CLIENT_OPTIONAL_RESULTSET_METADATA, &po, &err) ==
		  WC_OK && po.metadata_follows == 1, "prepare OK with metadata_follows");
	CHECK(wc_mysql_prepare_ok_decode(pok, 13, WC_MYSQL_CAPS_DEFAULT, &po, &err) ==
		  WC_ERR_TRAILING, "metadata_follows without the capability");
	CHECK(wc_mysql_prepare_ok_decode(pok, 11, WC_MYSQL_CAPS_DEFAULT, &po, &err) ==
		  WC_ERR_TRUNCATED && err.field == wc_mysql_prepare_ok_fields[5], "warning count cut");
	free(e1);
	free(e2);
	free(pr);
}

/* A text row of 1M NULL columns and a 17 MB packet framed and gathered
 * reach the interrupt hook as they go. */
static void
test_interrupts(void)
{
	size_t		big = 1 << 20;
	size_t		plen = WC_MYSQL_MAX_CHUNK + 1024;
	uint8_t    *row = malloc(big);
	uint8_t    *payload = calloc(1, plen);
	uint8_t    *framed = malloc(plen + 2 * WC_MYSQL_HEADER);
	uint8_t    *back = malloc(plen);
	wc_mysql_packet pkt;
	wc_error	err = {0};
	size_t		ncols = 0,
				flen,
				next;
	long		calls;

	memset(row, 0xFB, big);
	wc_interrupts_count_start();
	CHECK(wc_mysql_text_row_count(row, big, &ncols, &err) == WC_OK && ncols == big,
		  "1M NULL columns: %zu", ncols);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (big / WC_INTERRUPT_STRIDE), "1M NULL columns: %ld checks", calls);
	payload[plen - 1] = 0x5A;
	wc_interrupts_count_start();
	flen = wc_mysql_frame_write(framed, payload, plen, 0);
	calls = wc_interrupts_count_stop();
	CHECK(flen == plen + 2 * WC_MYSQL_HEADER && calls >= (long) (WC_MYSQL_MAX_CHUNK / WC_INTERRUPT_BYTES),
		  "17 MB framed: %zu bytes, %ld checks", flen, calls);
	CHECK(wc_mysql_packet_next(framed, flen, 0, &pkt, &next, &err) == WC_OK && pkt.length == plen,
		  "17 MB packet read back");
	wc_interrupts_count_start();
	wc_mysql_packet_gather(framed, &pkt, back);
	calls = wc_interrupts_count_stop();
	CHECK(back[plen - 1] == 0x5A && calls >= (long) (WC_MYSQL_MAX_CHUNK / WC_INTERRUPT_BYTES),
		  "17 MB gathered: %ld checks", calls);
	free(row);
	free(payload);
	free(framed);
	free(back);
}

int
main(void)
{
	test_interrupts();
	test_column_def_extended();
	test_ok_session_track();
	test_err_eof_prepare();
	test_packet_vectors();
	test_packet_stream();
	test_text_row();
	test_column_def();
	test_ok();
	return wc_summary("test_mysql_packet");
}
