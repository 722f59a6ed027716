/*
 * mysql_binlog_schema.c: type names of a TABLE_MAP's columns (see
 * mysql_binlog_schema.h).
 */
#include "mysql_binlog_schema.h"

#include <stdio.h>
#include <string.h>

#include "mysql_binary.h"
#include "mysql_binlog_int.h"

/* The type a column's values have: ENUM, SET and STRING stand behind a
 * STRING in the log. */
static unsigned
wc_schema_type(const wc_binlog_column *c)
{
	return c->type == WC_BINLOG_T_STRING ? c->real_type : c->type;
}

/* BIT(n): the log's metadata is n % 8, then n / 8. */
static unsigned
wc_schema_bits(const wc_binlog_column *c)
{
	return (unsigned) (c->meta >> 8) * 8 + (c->meta & 0xff);
}

/* Is the column's character set binary (BINARY, VARBINARY, BLOB)?  False
 * when the log does not say. */
static bool
wc_schema_binary(const wc_binlog_column *c)
{
	return c->charset != 0 && wc_mysql_charset_of((uint16_t) c->charset) == WC_MYSQL_CS_BINARY;
}

/* The length snprintf wrote into a buffer of WC_BINLOG_TYPE_NAME_MAX. */
static size_t
wc_schema_len(int n)
{
	return n < 0 ? 0 : (size_t) n < WC_BINLOG_TYPE_NAME_MAX ? (size_t) n : WC_BINLOG_TYPE_NAME_MAX - 1;
}

#define WC_SCHEMA_PUT(out, ...) wc_schema_len(snprintf((out), WC_BINLOG_TYPE_NAME_MAX, __VA_ARGS__))

static size_t
wc_schema_copy(char *out, const char *s)
{
	size_t		n = strlen(s);

	if (n >= WC_BINLOG_TYPE_NAME_MAX)
		n = WC_BINLOG_TYPE_NAME_MAX - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	return n;
}

size_t
wc_binlog_mysql_type(const wc_binlog_column *c, char *out)
{
	unsigned	t = wc_schema_type(c);
	const char *name = wc_binlog_column_type_name(t);
	char		base[WC_BINLOG_TYPE_NAME_MAX];
	size_t		i;

	switch (t)
	{
		case WC_BINLOG_T_NEWDECIMAL:
			return WC_SCHEMA_PUT(out, "decimal(%u,%u)", c->precision, c->scale);
		case WC_BINLOG_T_DATETIME2:
			return WC_SCHEMA_PUT(out, "datetime(%u)", c->fsp);
		case WC_BINLOG_T_TIMESTAMP2:
			return WC_SCHEMA_PUT(out, "timestamp(%u)", c->fsp);
		case WC_BINLOG_T_TIME2:
			return WC_SCHEMA_PUT(out, "time(%u)", c->fsp);
		case WC_BINLOG_T_BIT:
			return WC_SCHEMA_PUT(out, "bit(%u)", wc_schema_bits(c));
		case WC_BINLOG_T_STRING:
			return wc_schema_copy(out, wc_schema_binary(c) ? "binary" : "char");
		case WC_BINLOG_T_VARCHAR:
		case WC_BINLOG_T_VAR_STRING:
			return wc_schema_copy(out, wc_schema_binary(c) ? "varbinary" : "varchar");
		case WC_BINLOG_T_BLOB:
		case WC_BINLOG_T_TINY_BLOB:
		case WC_BINLOG_T_MEDIUM_BLOB:
		case WC_BINLOG_T_LONG_BLOB:
			/* TEXT is a BLOB with a character set (the log may not give it);
			 * the size by its length's bytes */
			return WC_SCHEMA_PUT(out, "%s%s", c->length_bytes == 1 ? "tiny" : c->length_bytes == 3 ? "medium" :
								 c->length_bytes == 4 ? "long" : "", c->charset == 0 || wc_schema_binary(c) ? "blob" : "text");
		case WC_BINLOG_T_TINY:
		case WC_BINLOG_T_SHORT:
		case WC_BINLOG_T_INT24:
		case WC_BINLOG_T_LONG:
		case WC_BINLOG_T_LONGLONG:
		case WC_BINLOG_T_FLOAT:
		case WC_BINLOG_T_DOUBLE:
		case WC_BINLOG_T_DECIMAL:
			break;
		default:
			if (name == NULL)
				return WC_SCHEMA_PUT(out, "type %u", t);
			break;
	}
	for (i = 0; name[i] && i < sizeof(base) - 1; i++)
		base[i] = (char) (name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
	base[i] = '\0';
	if (c->is_unsigned && i + 9 < sizeof(base))
	{
		memcpy(base + i, " unsigned", 10);
		i += 9;
	}
	return wc_schema_copy(out, base);
}

/* A character string, a binary one, or one whose character set the log
 * does not give. */
static const char *
wc_schema_string(const wc_binlog_column *c, bool has_charsets, bool blob)
{
	if (has_charsets && c->charset != 0)
		return wc_schema_binary(c) ? "bytea" : "text";
	return blob ? "bytea" : "text";
}

size_t
wc_binlog_pg_type(const wc_binlog_column *c, bool has_charsets, char *out)
{
	const char *s;

	switch (wc_schema_type(c))
	{
		case WC_BINLOG_T_TINY:
		case WC_BINLOG_T_YEAR:
			s = "smallint";
			break;
		case WC_BINLOG_T_SHORT:
			s = c->is_unsigned ? "integer" : "smallint";
			break;
		case WC_BINLOG_T_INT24:
			s = "integer";
			break;
		case WC_BINLOG_T_LONG:
			s = c->is_unsigned ? "bigint" : "integer";
			break;
		case WC_BINLOG_T_LONGLONG:
			s = c->is_unsigned ? "numeric(20,0)" : "bigint";
			break;
		case WC_BINLOG_T_FLOAT:
			s = "real";
			break;
		case WC_BINLOG_T_DOUBLE:
			s = "double precision";
			break;
		case WC_BINLOG_T_NEWDECIMAL:
			return WC_SCHEMA_PUT(out, "numeric(%u,%u)", c->precision, c->scale);
		case WC_BINLOG_T_DECIMAL:
			s = "numeric";
			break;
		case WC_BINLOG_T_DATE:
		case WC_BINLOG_T_NEWDATE:
			s = "date";
			break;
		case WC_BINLOG_T_DATETIME:
			s = "timestamp(0)";
			break;
		case WC_BINLOG_T_DATETIME2:
			return WC_SCHEMA_PUT(out, "timestamp(%u)", c->fsp);
		case WC_BINLOG_T_TIMESTAMP:
			s = "timestamptz(0)";
			break;
		case WC_BINLOG_T_TIMESTAMP2:
			return WC_SCHEMA_PUT(out, "timestamptz(%u)", c->fsp);
		case WC_BINLOG_T_TIME:
		case WC_BINLOG_T_TIME2:
			s = "interval";
			break;
		case WC_BINLOG_T_BIT:
			return WC_SCHEMA_PUT(out, "bit(%u)", wc_schema_bits(c) ? wc_schema_bits(c) : 1);
		case WC_BINLOG_T_JSON:
			s = "jsonb";
			break;
		case WC_BINLOG_T_ENUM:
		case WC_BINLOG_T_SET:
			s = "text";
			break;
		case WC_BINLOG_T_VARCHAR:
		case WC_BINLOG_T_VAR_STRING:
		case WC_BINLOG_T_STRING:
			s = wc_schema_string(c, has_charsets, false);
			break;
		case WC_BINLOG_T_TINY_BLOB:
		case WC_BINLOG_T_MEDIUM_BLOB:
		case WC_BINLOG_T_LONG_BLOB:
		case WC_BINLOG_T_BLOB:
			s = wc_schema_string(c, has_charsets, true);
			break;
		default:
			s = "bytea";
			break;
	}
	return wc_schema_copy(out, s);
}

bool
wc_binlog_enum_next(const wc_binlog_column *c, size_t *pos, const uint8_t **s, size_t *n)
{
	uint64_t	l = 0;

	if (c->values == NULL ||
		wc_bl_packed(c->values, c->values_len, pos, 0, &l, NULL) != WC_OK ||
		l > c->values_len - *pos)
		return false;
	*s = c->values + *pos;
	*n = (size_t) l;
	*pos += (size_t) l;
	return true;
}
