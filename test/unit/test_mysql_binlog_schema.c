/*
 * test_mysql_binlog_schema.c: unit tests of the type names of a TABLE_MAP's
 * columns (src/core/mysql_binlog_schema.c): the MySQL type as the log tells
 * it and the PostgreSQL type that takes its values, for every column type,
 * signed and unsigned, with and without character sets; ENUM and SET names.
 * (The same over real files: sql/mysql_binlog_tables.sql.)
 */
#include <string.h>

#include "harness.h"
#include "mysql_binlog_schema.h"

/* Column c's two names against the wanted ones. */
static void
check(const wc_binlog_column *c, bool has_charsets, const char *mysql, const char *pg)
{
	char		a[WC_BINLOG_TYPE_NAME_MAX],
				b[WC_BINLOG_TYPE_NAME_MAX];
	size_t		na = wc_binlog_mysql_type(c, a),
				nb = wc_binlog_pg_type(c, has_charsets, b);

	CHECK(strcmp(a, mysql) == 0 && na == strlen(mysql), "type %u: MySQL type %s, want %s", c->type, a, mysql);
	CHECK(strcmp(b, pg) == 0 && nb == strlen(pg), "type %u (%s): PostgreSQL type %s, want %s", c->type, a, b, pg);
}

static wc_binlog_column
col(uint8_t type, bool is_unsigned)
{
	wc_binlog_column c;

	memset(&c, 0, sizeof(c));
	c.type = c.real_type = type;
	c.is_unsigned = is_unsigned;
	return c;
}

static void
test_numbers(void)
{
	wc_binlog_column c;

	check(&(wc_binlog_column) {.type = WC_BINLOG_T_TINY}, true, "tinyint", "smallint");
	c = col(WC_BINLOG_T_TINY, true);
	check(&c, true, "tinyint unsigned", "smallint");
	c = col(WC_BINLOG_T_SHORT, false);
	check(&c, true, "smallint", "smallint");
	c = col(WC_BINLOG_T_SHORT, true);
	check(&c, true, "smallint unsigned", "integer");
	c = col(WC_BINLOG_T_INT24, true);
	check(&c, true, "mediumint unsigned", "integer");
	c = col(WC_BINLOG_T_LONG, false);
	check(&c, true, "int", "integer");
	c = col(WC_BINLOG_T_LONG, true);
	check(&c, true, "int unsigned", "bigint");
	c = col(WC_BINLOG_T_LONGLONG, false);
	check(&c, true, "bigint", "bigint");
	c = col(WC_BINLOG_T_LONGLONG, true);
	check(&c, true, "bigint unsigned", "numeric(20,0)");
	c = col(WC_BINLOG_T_FLOAT, false);
	check(&c, true, "float", "real");
	c = col(WC_BINLOG_T_DOUBLE, false);
	check(&c, true, "double", "double precision");
	c = col(WC_BINLOG_T_NEWDECIMAL, false);
	c.precision = 65;
	c.scale = 30;
	check(&c, true, "decimal(65,30)", "numeric(65,30)");
	c = col(WC_BINLOG_T_YEAR, false);
	check(&c, true, "year", "smallint");
	/* BIT(n): n % 8, then n / 8 in the metadata */
	c = col(WC_BINLOG_T_BIT, false);
	c.meta = 1 << 8 | 2;
	check(&c, true, "bit(10)", "bit(10)");
	c.meta = 8 << 8;
	check(&c, true, "bit(64)", "bit(64)");
}

static void
test_times(void)
{
	wc_binlog_column c = col(WC_BINLOG_T_DATETIME2, false);

	c.fsp = 6;
	check(&c, true, "datetime(6)", "timestamp(6)");
	c.type = c.real_type = WC_BINLOG_T_TIMESTAMP2;
	c.fsp = 0;
	check(&c, true, "timestamp(0)", "timestamptz(0)");
	c.type = c.real_type = WC_BINLOG_T_TIME2;
	c.fsp = 3;
	check(&c, true, "time(3)", "interval");
	c = col(WC_BINLOG_T_DATE, false);
	check(&c, true, "date", "date");
	c = col(WC_BINLOG_T_DATETIME, false);
	check(&c, true, "datetime", "timestamp(0)");
	c = col(WC_BINLOG_T_TIMESTAMP, false);
	check(&c, true, "timestamp", "timestamptz(0)");
}

static void
test_strings(void)
{
	wc_binlog_column c = col(WC_BINLOG_T_VARCHAR, false);

	c.charset = 45;				/* utf8mb4_general_ci */
	check(&c, true, "varchar", "text");
	c.charset = 63;				/* binary */
	check(&c, true, "varbinary", "bytea");
	c.charset = 0;
	check(&c, false, "varchar", "text");
	c.type = WC_BINLOG_T_STRING;
	c.real_type = WC_BINLOG_T_STRING;
	c.charset = 63;
	check(&c, true, "binary", "bytea");
	c.charset = 8;				/* latin1 */
	check(&c, true, "char", "text");
	c.real_type = WC_BINLOG_T_ENUM;
	check(&c, true, "enum", "text");
	c.real_type = WC_BINLOG_T_SET;
	check(&c, true, "set", "text");
	c = col(WC_BINLOG_T_BLOB, false);
	for (uint8_t n = 1; n <= 4; n++)
	{
		static const char *const text[] = {"tinytext", "text", "mediumtext", "longtext"};
		static const char *const blob[] = {"tinyblob", "blob", "mediumblob", "longblob"};

		c.length_bytes = n;
		c.charset = 45;
		check(&c, true, text[n - 1], "text");
		c.charset = 63;
		check(&c, true, blob[n - 1], "bytea");
		/* no character set in the log: a BLOB's bytes, as it is */
		c.charset = 0;
		check(&c, false, blob[n - 1], "bytea");
	}
	c = col(WC_BINLOG_T_JSON, false);
	check(&c, true, "json", "jsonb");
	c = col(WC_BINLOG_T_GEOMETRY, false);
	check(&c, true, "geometry", "bytea");
	c = col(200, false);
	check(&c, true, "type 200", "bytea");
}

static void
test_enum_values(void)
{
	static const uint8_t v[] = {1, 'a', 0, 3, 'x', ' ', 'y'};
	wc_binlog_column c = col(WC_BINLOG_T_STRING, false);
	const uint8_t *s;
	size_t		n,
				pos = 0;

	c.real_type = WC_BINLOG_T_ENUM;
	c.values = v;
	c.values_len = sizeof(v);
	c.nvalues = 3;
	CHECK(wc_binlog_enum_next(&c, &pos, &s, &n) && n == 1 && s[0] == 'a' && pos == 2, "first name");
	CHECK(wc_binlog_enum_next(&c, &pos, &s, &n) && n == 0 && pos == 3, "an empty name");
	CHECK(wc_binlog_enum_next(&c, &pos, &s, &n) && n == 3 && memcmp(s, "x y", 3) == 0 && pos == 7,
		  "third name");
	CHECK(!wc_binlog_enum_next(&c, &pos, &s, &n), "no fourth name");
	/* a name past the list's end */
	pos = 3;
	c.values_len = 5;
	CHECK(!wc_binlog_enum_next(&c, &pos, &s, &n), "a name past the list's end");
	pos = 0;
	c.values = NULL;
	CHECK(!wc_binlog_enum_next(&c, &pos, &s, &n), "no list");
}

int
main(void)
{
	test_numbers();
	test_times();
	test_strings();
	test_enum_values();
	return wc_summary("test_mysql_binlog_schema");
}
