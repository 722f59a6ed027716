/*
 * mysql_binary.c: binary-protocol values and rows, temporal fields, the
 * character set of a collation id.
 */
#include "mysql_binary.h"

#include "byteorder.h"
#include "mysql_lenenc.h"


wc_mysql_binary_form
wc_mysql_binary_form_of(uint8_t type, size_t *width)
{
	switch (type)
	{
		case WC_MYSQL_TYPE_TINY:
			*width = 1;
			return WC_MYSQL_BIN_FIXED;
		case WC_MYSQL_TYPE_SHORT:
		case WC_MYSQL_TYPE_YEAR:
			*width = 2;
			return WC_MYSQL_BIN_FIXED;
		case WC_MYSQL_TYPE_LONG:
		case WC_MYSQL_TYPE_INT24:
		case WC_MYSQL_TYPE_FLOAT:
			*width = 4;
			return WC_MYSQL_BIN_FIXED;
		case WC_MYSQL_TYPE_LONGLONG:
		case WC_MYSQL_TYPE_DOUBLE:
			*width = 8;
			return WC_MYSQL_BIN_FIXED;
		case WC_MYSQL_TYPE_NULL:
			*width = 0;
			return WC_MYSQL_BIN_EMPTY;
		case WC_MYSQL_TYPE_DATE:
		case WC_MYSQL_TYPE_DATETIME:
		case WC_MYSQL_TYPE_TIMESTAMP:
			return WC_MYSQL_BIN_DATETIME;
		case WC_MYSQL_TYPE_TIME:
			return WC_MYSQL_BIN_TIME;
		case WC_MYSQL_TYPE_DECIMAL:
		case WC_MYSQL_TYPE_VARCHAR:
		case WC_MYSQL_TYPE_BIT:
		case WC_MYSQL_TYPE_VECTOR:
		case WC_MYSQL_TYPE_JSON:
		case WC_MYSQL_TYPE_NEWDECIMAL:
		case WC_MYSQL_TYPE_ENUM:
		case WC_MYSQL_TYPE_SET:
		case WC_MYSQL_TYPE_TINY_BLOB:
		case WC_MYSQL_TYPE_MEDIUM_BLOB:
		case WC_MYSQL_TYPE_LONG_BLOB:
		case WC_MYSQL_TYPE_BLOB:
		case WC_MYSQL_TYPE_VAR_STRING:
		case WC_MYSQL_TYPE_STRING:
		case WC_MYSQL_TYPE_GEOMETRY:
			return WC_MYSQL_BIN_LENENC;
		default:
			/* NEWDATE, TIMESTAMP2, DATETIME2, TIME2 are server-internal */
			return WC_MYSQL_BIN_INVALID;
	}
}

const char *
wc_mysql_type_name(uint8_t type)
{
	switch (type)
	{
		case 0x00: return "DECIMAL";
		case 0x01: return "TINY";
		case 0x02: return "SHORT";
		case 0x03: return "LONG";
		case 0x04: return "FLOAT";
		case 0x05: return "DOUBLE";
		case 0x06: return "NULL";
		case 0x07: return "TIMESTAMP";
		case 0x08: return "LONGLONG";
		case 0x09: return "INT24";
		case 0x0a: return "DATE";
		case 0x0b: return "TIME";
		case 0x0c: return "DATETIME";
		case 0x0d: return "YEAR";
		case 0x0e: return "NEWDATE";
		case 0x0f: return "VARCHAR";
		case 0x10: return "BIT";
		case 0x11: return "TIMESTAMP2";
		case 0x12: return "DATETIME2";
		case 0x13: return "TIME2";
		case 0xf2: return "VECTOR";
		case 0xf5: return "JSON";
		case 0xf6: return "NEWDECIMAL";
		case 0xf7: return "ENUM";
		case 0xf8: return "SET";
		case 0xf9: return "TINY_BLOB";
		case 0xfa: return "MEDIUM_BLOB";
		case 0xfb: return "LONG_BLOB";
		case 0xfc: return "BLOB";
		case 0xfd: return "VAR_STRING";
		case 0xfe: return "STRING";
		case 0xff: return "GEOMETRY";
		default: return NULL;
	}
}

wc_status
wc_mysql_binary_value_get(const uint8_t *buf, size_t len, size_t pos, uint8_t type,
						  wc_mysql_slice *out, size_t *next, wc_error *err)
{
	size_t		width = 0;
	size_t		n;
	wc_status st;

	out->is_null = 0;
	switch (wc_mysql_binary_form_of(type, &width))
	{
		case WC_MYSQL_BIN_EMPTY:
		case WC_MYSQL_BIN_FIXED:
			if (len - pos < width)
				return wc_fail_ef(err, WC_ERR_TRUNCATED, pos, width, len - pos);
			out->off = pos;
			out->len = width;
			*next = pos + width;
			return WC_OK;
		case WC_MYSQL_BIN_LENENC:
			st = wc_mysql_lenenc_str_get(buf, len, pos, out, next, err);
			if (st == WC_NULL)
				return wc_fail(err, WC_MYSQL_NULL_FIELD, pos);
			return st;
		case WC_MYSQL_BIN_DATETIME:
		case WC_MYSQL_BIN_TIME:
			if (len - pos < 1)
				return wc_fail_ef(err, WC_ERR_TRUNCATED, pos, 1, 0);
			n = buf[pos];
			if (type == WC_MYSQL_TYPE_TIME ? (n != 0 && n != 8 && n != 12) :
				(n != 0 && n != 4 && n != 7 && n != 11))
				return wc_fail_found(err, WC_MYSQL_TEMPORAL_LENGTH, pos, n);
			if (len - pos - 1 < n)
				return wc_fail_ef(err, WC_ERR_TRUNCATED, pos, n + 1, len - pos);
			out->off = pos + 1;
			out->len = n;
			*next = pos + 1 + n;
			return WC_OK;
		case WC_MYSQL_BIN_INVALID:
			break;
	}
	return wc_fail_found(err, WC_MYSQL_COLUMN_TYPE, pos, type);
}

wc_status
wc_mysql_binary_row_check(const uint8_t *buf, size_t len, const uint8_t *types,
						  size_t ncols, wc_error *err)
{
	size_t		bm = wc_mysql_binary_row_bitmap_size(ncols);
	size_t		pos;

	if (len == 0)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, 0, 1, 0), "header");
	if (buf[0] != 0x00)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_BYTE, 0, 0x00, buf[0]), "header");
	if (len - 1 < bm)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, 1, bm, len - 1), "NULL bitmap");
	pos = 1 + bm;
	for (size_t i = 0; i < ncols; i++)
	{
		wc_mysql_slice s;
		wc_status st;

		wc_check_interrupts_every(i + 1, WC_INTERRUPT_STRIDE);
		if (wc_mysql_binary_row_is_null(buf, i))
			continue;
		st = wc_mysql_binary_value_get(buf, len, pos, types[i], &s, &pos, err);
		if (st != WC_OK)
			return wc_at_index(err, wc_in_field(err, st, wc_mysql_type_name(types[i])), "column",
							   (int64_t) i + 1);
	}
	if (pos != len)
		return wc_fail_found(err, WC_ERR_TRAILING, pos, len - pos);
	return WC_OK;
}

void
wc_mysql_binary_datetime(const uint8_t *p, size_t n, wc_mysql_datetime *dt)
{
	memset(dt, 0, sizeof(*dt));
	if (n >= 4)
	{
		dt->year = wc_load_le16(p);
		dt->month = p[2];
		dt->day = p[3];
	}
	if (n >= 7)
	{
		dt->hour = p[4];
		dt->minute = p[5];
		dt->second = p[6];
	}
	if (n >= 11)
		dt->microsecond = wc_load_le32(p + 7);
}

void
wc_mysql_binary_time(const uint8_t *p, size_t n, wc_mysql_time *t)
{
	memset(t, 0, sizeof(*t));
	if (n >= 8)
	{
		t->negative = p[0] != 0;
		t->days = wc_load_le32(p + 1);
		t->hour = p[5];
		t->minute = p[6];
		t->second = p[7];
	}
	if (n >= 12)
		t->microsecond = wc_load_le32(p + 8);
}

/* Exactly k digits at p[*i]; their value, or -1. */
static long
digits(const uint8_t *p, size_t n, size_t *i, size_t k)
{
	long		v = 0;

	if (n - *i < k)
		return -1;
	for (size_t j = 0; j < k; j++)
	{
		uint8_t		c = p[*i + j];

		if (c < '0' || c > '9')
		{
			*i += j;
			return -1;
		}
		v = v * 10 + (c - '0');
	}
	*i += k;
	return v;
}

/* "c" at p[*i]? */
static int
sep(const uint8_t *p, size_t n, size_t *i, uint8_t c)
{
	if (*i < n && p[*i] == c)
	{
		(*i)++;
		return 1;
	}
	return 0;
}

/* ".f" of 1 to 6 digits as microseconds, if present; 0 when malformed. */
static int
fraction(const uint8_t *p, size_t n, size_t *i, uint32_t *us)
{
	size_t		k = 0;
	uint32_t	v = 0;

	*us = 0;
	if (!sep(p, n, i, '.'))
		return 1;
	while (*i < n && k < 6 && p[*i] >= '0' && p[*i] <= '9')
	{
		v = v * 10 + (uint32_t) (p[*i] - '0');
		(*i)++;
		k++;
	}
	if (k == 0)
		return 0;
	for (size_t j = k; j < 6; j++)
		v *= 10;
	*us = v;
	return 1;
}

wc_status
wc_mysql_text_datetime(const uint8_t *p, size_t n, wc_mysql_datetime *dt,
					   wc_error *err)
{
	size_t		i = 0;
	long		v;

	memset(dt, 0, sizeof(*dt));
	if ((v = digits(p, n, &i, 4)) < 0)
		goto bad;
	dt->year = (uint16_t) v;
	if (!sep(p, n, &i, '-') || (v = digits(p, n, &i, 2)) < 0)
		goto bad;
	dt->month = (uint8_t) v;
	if (!sep(p, n, &i, '-') || (v = digits(p, n, &i, 2)) < 0)
		goto bad;
	dt->day = (uint8_t) v;
	if (i == n)
		return WC_OK;
	if (!sep(p, n, &i, ' ') || (v = digits(p, n, &i, 2)) < 0)
		goto bad;
	dt->hour = (uint8_t) v;
	if (!sep(p, n, &i, ':') || (v = digits(p, n, &i, 2)) < 0)
		goto bad;
	dt->minute = (uint8_t) v;
	if (!sep(p, n, &i, ':') || (v = digits(p, n, &i, 2)) < 0)
		goto bad;
	dt->second = (uint8_t) v;
	if (!fraction(p, n, &i, &dt->microsecond) || i != n)
		goto bad;
	return WC_OK;
bad:
	return wc_fail(err, WC_ERR_SYNTAX, i < n ? i : n);
}

wc_status
wc_mysql_text_time(const uint8_t *p, size_t n, wc_mysql_time *t, wc_error *err)
{
	size_t		i = 0;
	size_t		k = 0;
	long		v;

	memset(t, 0, sizeof(*t));
	t->negative = sep(p, n, &i, '-');
	while (i < n && k < 9 && p[i] >= '0' && p[i] <= '9')
	{
		t->hour = t->hour * 10 + (uint32_t) (p[i] - '0');
		i++;
		k++;
	}
	if (k == 0)
		goto bad;
	if (!sep(p, n, &i, ':') || (v = digits(p, n, &i, 2)) < 0)
		goto bad;
	t->minute = (uint8_t) v;
	if (!sep(p, n, &i, ':') || (v = digits(p, n, &i, 2)) < 0)
		goto bad;
	t->second = (uint8_t) v;
	if (!fraction(p, n, &i, &t->microsecond) || i != n)
		goto bad;
	return WC_OK;
bad:
	return wc_fail(err, WC_ERR_SYNTAX, i < n ? i : n);
}

/*
 * Collation ids of MySQL 8 and MariaDB 10.x/11.x (SHOW COLLATION).  MariaDB
 * numbers its NO PAD variants id + 1024 (1024-2047) and its UCA 14.0.0
 * collations by set from 2048 (utf8mb3), 2304 (utf8mb4), 2560 and up
 * (ucs2, utf16, utf32: not convertible).
 */
wc_mysql_charset
wc_mysql_charset_of(uint16_t id)
{
	if (id >= 2048)
		return id < 2560 ? WC_MYSQL_CS_UTF8 : WC_MYSQL_CS_UNKNOWN;
	if (id >= 1024)
		id -= 1024;
	if ((id >= 192 && id <= 215) || id == 223 || (id >= 224 && id <= 247) ||
		(id >= 255 && id <= 323) || (id >= 576 && id <= 578) || (id >= 608 && id <= 610))
		return WC_MYSQL_CS_UTF8;
	switch (id)
	{
		case 33: case 45: case 46: case 76: case 83:
			return WC_MYSQL_CS_UTF8;
		case 63:
			return WC_MYSQL_CS_BINARY;
		case 11: case 65:
			return WC_MYSQL_CS_ASCII;
		case 5: case 8: case 15: case 31: case 47: case 48: case 49: case 94:
			return WC_MYSQL_CS_LATIN1;
		case 2: case 9: case 21: case 27: case 77:
			return WC_MYSQL_CS_LATIN2;
		case 30: case 78:
			return WC_MYSQL_CS_LATIN5;
		case 26: case 34: case 44: case 66: case 99:
			return WC_MYSQL_CS_CP1250;
		case 14: case 23: case 50: case 51: case 52:
			return WC_MYSQL_CS_CP1251;
		case 57: case 67:
			return WC_MYSQL_CS_CP1256;
		case 29: case 58: case 59:
			return WC_MYSQL_CS_CP1257;
		case 36: case 68:
			return WC_MYSQL_CS_CP866;
		case 7: case 74:
			return WC_MYSQL_CS_KOI8R;
		case 22: case 75:
			return WC_MYSQL_CS_KOI8U;
		case 25: case 70:
			return WC_MYSQL_CS_GREEK;
		case 16: case 71:
			return WC_MYSQL_CS_HEBREW;
		case 13: case 88:
			return WC_MYSQL_CS_SJIS;
		case 12: case 91:
			return WC_MYSQL_CS_UJIS;
		case 19: case 85:
			return WC_MYSQL_CS_EUCKR;
		case 24: case 86:
			return WC_MYSQL_CS_GB2312;
		case 28: case 87:
			return WC_MYSQL_CS_GBK;
		case 1: case 84:
			return WC_MYSQL_CS_BIG5;
		default:
			return WC_MYSQL_CS_UNKNOWN;
	}
}
