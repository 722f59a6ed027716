/*
 * test_mysql_binlog_value.c: unit tests of the binlog core's typed row
 * values (src/core/mysql_binlog_value.c) on hand-made columns, from MySQL's
 * documented packed formats: each value as JSON text
 * (wc_binlog_value_json) and, for DECIMAL and the temporal types, as the
 * fields the typed glue reads (wc_binlog_value_decimal,
 * wc_binlog_value_temporal).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mysql_binlog.h"

/* Values of hand-made columns, from MySQL's documented packed formats. */
static void
check_value(wc_binlog_column *c, const char *hex, const char *want, wc_status want_st)
{
	size_t		n;
	uint8_t    *p = wc_unhex(hex, &n);
	wc_binlog_cell cell = {WC_BINLOG_CELL_VALUE, p, n, 100};
	uint8_t		buf[512];
	wc_binlog_out o = {buf, sizeof(buf) - 1, 0};
	wc_error	err = {0};
	wc_status	st = wc_binlog_value_json(c, &cell, NULL, &o, &err);

	if (want_st != WC_OK)
		CHECK(st == want_st, "%s %s: status %d, want %d", wc_binlog_column_type_name(c->real_type),
			  hex, st, want_st);
	else
	{
		buf[o.len < sizeof(buf) ? o.len : sizeof(buf) - 1] = '\0';
		CHECK(st == WC_OK && strcmp((char *) buf, want) == 0, "%s %s: %s, want %s (status %d)",
			  wc_binlog_column_type_name(c->real_type), hex, buf, want, st);
	}
	free(p);
}

/* A DECIMAL's fields: sign, digits and where the point is. */
static void
check_decimal(const wc_binlog_column *c, const char *hex, bool negative, const char *digits,
			  unsigned point)
{
	size_t		n;
	uint8_t    *p = wc_unhex(hex, &n);
	wc_binlog_cell cell = {WC_BINLOG_CELL_VALUE, p, n, 100};
	wc_binlog_decimal d = {0};
	wc_error	err = {0};
	wc_status	st = wc_binlog_value_decimal(c, &cell, &d, &err);

	CHECK(st == WC_OK && d.negative == negative && d.ndigits == strlen(digits) &&
		  memcmp(d.digits, digits, d.ndigits) == 0 && d.point == point,
		  "DECIMAL %s: status %d, sign %d, %u digits, point %u", hex, st, (int) d.negative,
		  (unsigned) d.ndigits, (unsigned) d.point);
	free(p);
}

/* A temporal value's fields (want) or its error status. */
static void
check_temporal(const wc_binlog_column *c, const char *hex, const wc_binlog_temporal *want,
			   wc_status want_st)
{
	size_t		n;
	uint8_t    *p = wc_unhex(hex, &n);
	wc_binlog_cell cell = {WC_BINLOG_CELL_VALUE, p, n, 100};
	wc_binlog_temporal t = {0};
	wc_error	err = {0};
	wc_status	st = wc_binlog_value_temporal(c, &cell, &t, &err);

	if (want_st != WC_OK)
		CHECK(st == want_st, "%s %s: status %d, want %d",
			  wc_binlog_column_type_name(c->real_type), hex, st, want_st);
	else
		CHECK(st == WC_OK && t.kind == want->kind && t.negative == want->negative &&
			  t.fsp == want->fsp && t.year == want->year && t.month == want->month &&
			  t.day == want->day && t.hour == want->hour && t.minute == want->minute &&
			  t.second == want->second && t.usec == want->usec,
			  "%s %s: status %d, %u-%u-%u %s%u:%u:%u.%u (fsp %u, kind %u)",
			  wc_binlog_column_type_name(c->real_type), hex, st, t.year, t.month, t.day,
			  t.negative ? "-" : "", t.hour, t.minute, t.second, t.usec, (unsigned) t.fsp,
			  (unsigned) t.kind);
	free(p);
}

static void
test_values(void)
{
	wc_binlog_column c;

	/* DECIMAL(14,4): MySQL's own example, 1234567890.1234 and its negative */
	memset(&c, 0, sizeof(c));
	c.type = c.real_type = WC_BINLOG_T_NEWDECIMAL;
	c.precision = 14;
	c.scale = 4;
	check_value(&c, "810dfb38d204d2", "1234567890.1234", WC_OK);
	check_value(&c, "7ef204c72dfb2d", "-1234567890.1234", WC_OK);
	check_decimal(&c, "810dfb38d204d2", false, "12345678901234", 10);
	check_decimal(&c, "7ef204c72dfb2d", true, "12345678901234", 10);
	check_value(&c, "80000000000000", "0.0000", WC_OK);
	check_value(&c, "81", NULL, WC_ERR_BAD_VALUE);
	/* a 9-digit group above 999999999 */
	check_value(&c, "803b9aca000000", NULL, WC_ERR_BAD_VALUE);
	c.precision = 5;
	c.scale = 5;
	check_value(&c, "8001869f", NULL, WC_ERR_BAD_VALUE);	/* 99999 + 1 digits */
	check_value(&c, "81869f", "0.99999", WC_OK);

	/* TIME2: sign bit and the reversed fraction of negative values */
	memset(&c, 0, sizeof(c));
	c.type = c.real_type = WC_BINLOG_T_TIME2;
	check_value(&c, "800000", "\"00:00:00\"", WC_OK);
	check_value(&c, "b46efb", "\"838:59:59\"", WC_OK);
	check_value(&c, "4b9105", "\"-838:59:59\"", WC_OK);
	check_temporal(&c, "4b9105", &(wc_binlog_temporal) {.kind = WC_BINLOG_TEMPORAL_TIME,
				   .negative = true, .hour = 838, .minute = 59, .second = 59}, WC_OK);
	check_value(&c, "7ff000", "\"-01:00:00\"", WC_OK);
	c.fsp = 1;
	check_value(&c, "7ffffff6", "\"-00:00:00.1\"", WC_OK);
	c.fsp = 3;
	check_value(&c, "7ffffffff6", "\"-00:00:00.001\"", WC_OK);
	c.fsp = 6;
	check_value(&c, "7ffffeffffff", "\"-00:00:01.000001\"", WC_OK);
	check_value(&c, "800000000001", "\"00:00:00.000001\"", WC_OK);

	/* DATETIME2 and TIMESTAMP2 with fractions */
	memset(&c, 0, sizeof(c));
	c.type = c.real_type = WC_BINLOG_T_DATETIME2;
	c.fsp = 2;
	check_value(&c, "99b2bac00032", "\"2024-02-29 12:00:00.50\"", WC_OK);
	memset(&c, 0, sizeof(c));
	c.type = c.real_type = WC_BINLOG_T_TIMESTAMP2;
	check_value(&c, "7fffffff", "\"2038-01-19 03:14:07\"", WC_OK);
	check_value(&c, "00000000", "\"0000-00-00 00:00:00\"", WC_OK);
	c.fsp = 6;
	check_value(&c, "00000001000001", "\"1970-01-01 00:00:01.000001\"", WC_OK);
	check_value(&c, "000000010f4240", NULL, WC_ERR_BAD_VALUE);	/* 1000000 microseconds */
	check_temporal(&c, "00000001000001", &(wc_binlog_temporal) {.kind = WC_BINLOG_TEMPORAL_DATETIME,
				   .fsp = 6, .year = 1970, .month = 1, .day = 1, .second = 1, .usec = 1}, WC_OK);
	check_temporal(&c, "000000010f4240", NULL, WC_ERR_BAD_VALUE);

	/* integers, YEAR, BIT */
	memset(&c, 0, sizeof(c));
	c.type = c.real_type = WC_BINLOG_T_LONGLONG;
	check_value(&c, "ffffffffffffffff", "-1", WC_OK);
	check_temporal(&c, "ffffffffffffffff", NULL, WC_ERR_UNSUPPORTED);
	c.is_unsigned = true;
	check_value(&c, "ffffffffffffffff", "18446744073709551615", WC_OK);
	c.type = c.real_type = WC_BINLOG_T_INT24;
	c.is_unsigned = false;
	check_value(&c, "000080", "-8388608", WC_OK);
	c.type = c.real_type = WC_BINLOG_T_YEAR;
	check_value(&c, "ff", "2155", WC_OK);
	check_value(&c, "00", "0", WC_OK);
	c.type = c.real_type = WC_BINLOG_T_BIT;
	check_value(&c, "03ff", "1023", WC_OK);
	c.type = c.real_type = WC_BINLOG_T_DATE;
	check_value(&c, "9d9d0f", "\"1998-12-29\"", WC_OK);
	check_temporal(&c, "9d9d0f", &(wc_binlog_temporal) {.kind = WC_BINLOG_TEMPORAL_DATE,
				   .year = 1998, .month = 12, .day = 29}, WC_OK);

	/* text in its character set; binary as \x */
	memset(&c, 0, sizeof(c));
	c.type = c.real_type = WC_BINLOG_T_VARCHAR;
	c.max_len = 20;
	c.charset = 8;				/* latin1: Windows-1252 */
	check_value(&c, "0563616680e9", "\"caf\xe2\x82\xac\xc3\xa9\"", WC_OK);
	c.charset = 45;				/* utf8mb4 */
	check_value(&c, "03612209", "\"a\\\"\\t\"", WC_OK);
	check_value(&c, "02c328", NULL, WC_ERR_UTF8);
	check_value(&c, "026100", NULL, WC_ERR_BAD_BYTE);	/* NUL in text */
	c.charset = 54;				/* utf16 */
	check_value(&c, "04d83dde00", "\"\xf0\x9f\x98\x80\"", WC_OK);
	c.charset = 63;
	check_value(&c, "0300ff10", "\"\\\\x00ff10\"", WC_OK);
	c.charset = 9999;
	check_value(&c, "0161", NULL, WC_ERR_UNSUPPORTED);
}

int
main(void)
{
	test_values();
	return wc_summary("test_mysql_binlog_value");
}
