/*
 * test_mysql_binary.c: unit tests of the binary-protocol core: the length
 * of every column type's binary form, binary rows (NULL bitmap with offset
 * 2), temporal fields in all their lengths, the text temporal forms and
 * the character set of collation ids.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mysql_binary.h"

/* One value of type at the start of hex: expected content length and
 * total bytes consumed (0 total: expected status st). */
static void
check_value(uint8_t type, const char *hex, size_t want_len, size_t want_used,
			wc_status want_st)
{
	size_t		n,
				next = 0;
	uint8_t    *b = wc_unhex(hex, &n);
	wc_mysql_slice s = {0};
	wc_error err = {0};
	wc_status st = wc_mysql_binary_value_get(b, n, 0, type, &s, &next, &err);

	CHECK(st == want_st, "type 0x%02x %s: status %d, want %d", type, hex, st, want_st);
	if (st == WC_OK && want_st == WC_OK)
		CHECK(s.len == want_len && next == want_used && s.off + s.len == next,
			  "type 0x%02x %s: len %zu used %zu", type, hex, s.len, next);
	if (st != WC_OK)
		CHECK(err.offset == 0, "type 0x%02x %s: error offset %zu", type, hex, err.offset);
	free(b);
}

static void
test_values(void)
{
	/* fixed widths */
	check_value(WC_MYSQL_TYPE_TINY, "ff", 1, 1, WC_OK);
	check_value(WC_MYSQL_TYPE_SHORT, "ffff", 2, 2, WC_OK);
	check_value(WC_MYSQL_TYPE_YEAR, "e807", 2, 2, WC_OK);
	check_value(WC_MYSQL_TYPE_LONG, "01000000", 4, 4, WC_OK);
	check_value(WC_MYSQL_TYPE_INT24, "01000000", 4, 4, WC_OK);
	check_value(WC_MYSQL_TYPE_FLOAT, "0000803f", 4, 4, WC_OK);
	check_value(WC_MYSQL_TYPE_LONGLONG, "ffffffffffffffff", 8, 8, WC_OK);
	check_value(WC_MYSQL_TYPE_DOUBLE, "000000000000f03f", 8, 8, WC_OK);
	check_value(WC_MYSQL_TYPE_NULL, "", 0, 0, WC_OK);
	check_value(WC_MYSQL_TYPE_LONGLONG, "ffffffffffffff", 0, 0, WC_ERR_TRUNCATED);
	check_value(WC_MYSQL_TYPE_TINY, "", 0, 0, WC_ERR_TRUNCATED);
	/* lenenc forms */
	check_value(WC_MYSQL_TYPE_NEWDECIMAL, "0431322e35", 4, 5, WC_OK);
	check_value(WC_MYSQL_TYPE_BLOB, "0500fbfcfeff", 5, 6, WC_OK);
	check_value(WC_MYSQL_TYPE_JSON, "027b7d", 2, 3, WC_OK);
	check_value(WC_MYSQL_TYPE_BIT, "0105", 1, 2, WC_OK);
	check_value(WC_MYSQL_TYPE_ENUM, "0161", 1, 2, WC_OK);
	check_value(WC_MYSQL_TYPE_SET, "00", 0, 1, WC_OK);
	check_value(WC_MYSQL_TYPE_STRING, "fc0100" "61", 1, 4, WC_OK);
	check_value(WC_MYSQL_TYPE_VAR_STRING, "fb", 0, 0, WC_MYSQL_NULL_FIELD);
	check_value(WC_MYSQL_TYPE_VAR_STRING, "ff", 0, 0, WC_ERR_BAD_BYTE);
	check_value(WC_MYSQL_TYPE_VAR_STRING, "0561", 0, 0, WC_ERR_LENGTH);
	check_value(WC_MYSQL_TYPE_VAR_STRING, "feffffffffffffffff", 0, 0, WC_ERR_LENGTH);
	/* temporal lengths */
	check_value(WC_MYSQL_TYPE_DATE, "00", 0, 1, WC_OK);
	check_value(WC_MYSQL_TYPE_DATE, "04e8070c1f", 4, 5, WC_OK);
	check_value(WC_MYSQL_TYPE_DATETIME, "07e8070c1f173b3b", 7, 8, WC_OK);
	check_value(WC_MYSQL_TYPE_TIMESTAMP, "0be8070c1f173b3b3f420f00", 11, 12, WC_OK);
	check_value(WC_MYSQL_TYPE_TIME, "00", 0, 1, WC_OK);
	check_value(WC_MYSQL_TYPE_TIME, "080122000000 0a0b0c", 0, 0, WC_ERR_TRUNCATED);
	check_value(WC_MYSQL_TYPE_TIME, "0801220000000a0b0c", 8, 9, WC_OK);
	check_value(WC_MYSQL_TYPE_TIME, "0c01220000000a0b0c40e20100", 12, 13, WC_OK);
	check_value(WC_MYSQL_TYPE_TIME, "04e8070c1f", 0, 0, WC_MYSQL_TEMPORAL_LENGTH);
	check_value(WC_MYSQL_TYPE_DATETIME, "08e8070c1f173b3b00", 0, 0, WC_MYSQL_TEMPORAL_LENGTH);
	check_value(WC_MYSQL_TYPE_DATE, "04e8070c", 0, 0, WC_ERR_TRUNCATED);
	check_value(WC_MYSQL_TYPE_DATE, "", 0, 0, WC_ERR_TRUNCATED);
	/* types never on the wire */
	check_value(WC_MYSQL_TYPE_NEWDATE, "00", 0, 0, WC_MYSQL_COLUMN_TYPE);
	check_value(WC_MYSQL_TYPE_TIME2, "00", 0, 0, WC_MYSQL_COLUMN_TYPE);
	check_value(0x50, "00", 0, 0, WC_MYSQL_COLUMN_TYPE);
	CHECK(wc_mysql_type_name(0x50) == NULL && strcmp(wc_mysql_type_name(0xf6), "NEWDECIMAL") == 0,
		  "type names");
}

/* A row of hex with the given types: status, error column and offset. */
static void
check_row(const char *hex, const uint8_t *types, size_t ncols, wc_status want,
		  int want_field, size_t want_off)
{
	size_t		n;
	uint8_t    *b = wc_unhex(hex, &n);
	wc_error err = {0};
	wc_status st = wc_mysql_binary_row_check(b, n, types, ncols, &err);

	CHECK(st == want, "row %s: status %d, want %d", hex, st, want);
	if (st != WC_OK && st == want)
	{
		int			col = (err.has & WC_HAS_INDEX) ? (int) err.index - 1 : -1;

		CHECK(col == want_field && err.offset == want_off,
			  "row %s: column %d offset %zu, want %d %zu", hex, col, err.offset,
			  want_field, want_off);
	}
	free(b);
}

static void
test_rows(void)
{
	static const uint8_t t3[] = {WC_MYSQL_TYPE_LONG, WC_MYSQL_TYPE_VAR_STRING, WC_MYSQL_TYPE_DATETIME};
	static const uint8_t t7[] = {1, 1, 1, 1, 1, 1, 1};
	uint8_t		t14[14];
	size_t		n;
	uint8_t    *b;

	memset(t14, WC_MYSQL_TYPE_TINY, sizeof(t14));
	/* 3 columns: bitmap of 1 byte; column 2 (bit 3) NULL */
	check_row("0008" "2a000000" "04e8070c1f", t3, 3, WC_OK, 0, 0);
	b = wc_unhex("0008" "2a000000" "04e8070c1f", &n);
	CHECK(!wc_mysql_binary_row_is_null(b, 0) && wc_mysql_binary_row_is_null(b, 1) &&
		  !wc_mysql_binary_row_is_null(b, 2), "NULL bitmap offset 2");
	free(b);
	check_row("001c", t3, 3, WC_OK, 0, 0);
	check_row("0000" "2a000000" "03616263" "00", t3, 3, WC_OK, 0, 0);
	/* 7 columns still fit one byte (2 + 7 = 9 bits: two bytes) */
	check_row("00fc01", t7, 7, WC_OK, 0, 0);
	check_row("00fc", t7, 7, WC_ERR_TRUNCATED, -1, 1);
	/* 14 columns: 16 bits, two bytes, all NULL */
	check_row("00fcff", t14, 14, WC_OK, 0, 0);
	check_row("00fcff00", t14, 14, WC_ERR_TRAILING, -1, 3);
	check_row("", t3, 3, WC_ERR_TRUNCATED, -1, 0);
	check_row("fe00", t3, 3, WC_ERR_BAD_BYTE, -1, 0);
	check_row("00", t3, 3, WC_ERR_TRUNCATED, -1, 1);
	check_row("0000" "2a0000", t3, 3, WC_ERR_TRUNCATED, 0, 2);
	check_row("0000" "2a000000" "0561", t3, 3, WC_ERR_LENGTH, 1, 6);
	check_row("0000" "2a000000" "0161" "05e8070c1f00", t3, 3, WC_MYSQL_TEMPORAL_LENGTH, 2, 8);
	check_row("0000" "2a000000" "0161" "00" "00", t3, 3, WC_ERR_TRAILING, -1, 9);
	check_row("00", NULL, 0, WC_ERR_TRUNCATED, -1, 1);
	check_row("0000", NULL, 0, WC_OK, 0, 0);
}

static void
test_temporal(void)
{
	wc_mysql_datetime dt;
	wc_mysql_time t;
	wc_error err = {0};
	size_t		n;
	uint8_t    *b = wc_unhex("e8070c1f173b3b3f420f00", &n);

	wc_mysql_binary_datetime(b, 11, &dt);
	CHECK(dt.year == 2024 && dt.month == 12 && dt.day == 31 && dt.hour == 23 &&
		  dt.minute == 59 && dt.second == 59 && dt.microsecond == 999999, "datetime 11");
	wc_mysql_binary_datetime(b, 4, &dt);
	CHECK(dt.year == 2024 && dt.day == 31 && dt.hour == 0 && dt.microsecond == 0, "datetime 4");
	wc_mysql_binary_datetime(b, 0, &dt);
	CHECK(dt.year == 0 && dt.month == 0 && dt.day == 0, "datetime 0");
	free(b);
	b = wc_unhex("01220000000a0b0c40e20100", &n);
	wc_mysql_binary_time(b, 12, &t);
	CHECK(t.negative && t.days == 34 && t.hour == 10 && t.minute == 11 && t.second == 12 &&
		  t.microsecond == 123456, "time 12");
	wc_mysql_binary_time(b, 8, &t);
	CHECK(t.negative && t.days == 34 && t.microsecond == 0, "time 8");
	free(b);

#define TXT(s) (const uint8_t *) (s), strlen(s)
	CHECK(wc_mysql_text_datetime(TXT("2024-02-29"), &dt, &err) == WC_OK &&
		  dt.year == 2024 && dt.month == 2 && dt.day == 29 && dt.hour == 0, "text date");
	CHECK(wc_mysql_text_datetime(TXT("0000-00-00 00:00:00"), &dt, &err) == WC_OK &&
		  dt.year == 0 && dt.month == 0, "text zero datetime");
	CHECK(wc_mysql_text_datetime(TXT("2024-02-29 01:02:03.5"), &dt, &err) == WC_OK &&
		  dt.second == 3 && dt.microsecond == 500000, "text datetime .5");
	CHECK(wc_mysql_text_datetime(TXT("2024-02-29 01:02:03.123456"), &dt, &err) == WC_OK &&
		  dt.microsecond == 123456, "text datetime .123456");
	CHECK(wc_mysql_text_datetime(TXT("2024-02-29 01:02:03.1234567"), &dt, &err) == WC_ERR_SYNTAX &&
		  err.offset == 26, "text datetime 7 digits");
	CHECK(wc_mysql_text_datetime(TXT("2024-2-29"), &dt, &err) == WC_ERR_SYNTAX &&
		  err.offset == 6, "text date short month");
	CHECK(wc_mysql_text_datetime(TXT("2024-02-29 01:02"), &dt, &err) == WC_ERR_SYNTAX &&
		  err.offset == 16, "text datetime no seconds");
	CHECK(wc_mysql_text_datetime(TXT("2024-02-29 01:02:03."), &dt, &err) == WC_ERR_SYNTAX,
		  "text datetime bare point");
	CHECK(wc_mysql_text_datetime(TXT(""), &dt, &err) == WC_ERR_SYNTAX && err.offset == 0,
		  "text datetime empty");
	CHECK(wc_mysql_text_time(TXT("-838:59:59.000000"), &t, &err) == WC_OK &&
		  t.negative && t.hour == 838 && t.minute == 59 && t.second == 59, "text time min");
	CHECK(wc_mysql_text_time(TXT("00:00:00"), &t, &err) == WC_OK && !t.negative &&
		  t.hour == 0, "text time zero");
	CHECK(wc_mysql_text_time(TXT("12:3:00"), &t, &err) == WC_ERR_SYNTAX && err.offset == 4,
		  "text time short minute");
	CHECK(wc_mysql_text_time(TXT("-:00:00"), &t, &err) == WC_ERR_SYNTAX && err.offset == 1,
		  "text time no hours");
	CHECK(wc_mysql_text_time(TXT("1234567890:00:00"), &t, &err) == WC_ERR_SYNTAX,
		  "text time 10 hour digits");
}

static void
test_charsets(void)
{
	CHECK(wc_mysql_charset_of(63) == WC_MYSQL_CS_BINARY, "63 binary");
	CHECK(wc_mysql_charset_of(255) == WC_MYSQL_CS_UTF8, "255 utf8mb4_0900_ai_ci");
	CHECK(wc_mysql_charset_of(45) == WC_MYSQL_CS_UTF8, "45 utf8mb4_general_ci");
	CHECK(wc_mysql_charset_of(33) == WC_MYSQL_CS_UTF8, "33 utf8mb3_general_ci");
	CHECK(wc_mysql_charset_of(8) == WC_MYSQL_CS_LATIN1, "8 latin1_swedish_ci");
	CHECK(wc_mysql_charset_of(1069) == WC_MYSQL_CS_UTF8, "1069 utf8mb4_general_nopad_ci");
	CHECK(wc_mysql_charset_of(2304) == WC_MYSQL_CS_UTF8, "2304 utf8mb4_uca1400_ai_ci");
	CHECK(wc_mysql_charset_of(2560) == WC_MYSQL_CS_UNKNOWN, "2560 ucs2_uca1400");
	CHECK(wc_mysql_charset_of(35) == WC_MYSQL_CS_UNKNOWN, "35 ucs2_general_ci");
	CHECK(wc_mysql_charset_of(54) == WC_MYSQL_CS_UNKNOWN, "54 utf16");
	CHECK(wc_mysql_charset_of(0) == WC_MYSQL_CS_UNKNOWN, "0");
}

/* A binary row of 100k NULL columns reaches the interrupt hook. */
static void
test_interrupts(void)
{
	size_t		ncols = 100000;
	size_t		bm = wc_mysql_binary_row_bitmap_size(ncols);
	uint8_t    *types = malloc(ncols);
	uint8_t    *row = malloc(1 + bm);
	wc_error	err = {0};
	long		calls;

	memset(types, 0x03, ncols);
	row[0] = 0x00;
	memset(row + 1, 0xFF, bm);
	wc_interrupts_count_start();
	CHECK(wc_mysql_binary_row_check(row, 1 + bm, types, ncols, &err) == WC_OK,
		  "100k NULL columns: %d", (int) err.status);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (ncols / WC_INTERRUPT_STRIDE), "100k NULL columns: %ld checks", calls);
	free(types);
	free(row);
}

int
main(void)
{
	test_interrupts();
	test_values();
	test_rows();
	test_temporal();
	test_charsets();
	return wc_summary("test_mysql_binary");
}
