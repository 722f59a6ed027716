/*
 * driver.c: the client side of the live MySQL/MariaDB tests.
 *
 *   driver setup HOST PORT USER PASSWORD
 *   driver run   HOST PORT USER PASSWORD REPORT [compress]
 *
 * Built against the server's own client library (MariaDB Connector/C for
 * MariaDB, libmysqlclient for MySQL), with its default options ("compress":
 * and the compressed protocol, zlib with Connector/C, zstd with
 * libmysqlclient).  "setup"
 * creates database wc and its tables (tables.sql's statements are compiled
 * in below).  "run" connects (through the recording proxy) and runs the
 * scenario, writing what the client library reported to REPORT, one line a
 * fact, tab-separated, every string hex-encoded ("N" for NULL):
 *
 *   cmd    N TYPE QUERY                    command N (1, 2, ...), its COM_xxx byte
 *   field  N RS I NAME ORG_NAME TABLE ORG_TABLE DB TYPE FLAGS CHARSET LENGTH DECIMALS
 *   row    N RS ROW V1 V2 ...              text rows: the bytes the library returned;
 *                                          binary rows: integers, floats and temporal
 *                                          values as the library's typed values in
 *                                          text, other values as their bytes
 *   end    N RS STATUS WARNINGS            the result set's terminator
 *   ok     N RS AFFECTED INSERT_ID STATUS WARNINGS INFO
 *   track  N TYPE I VALUE                  session-state data of the last OK
 *   err    N ERRNO SQLSTATE MESSAGE
 *
 * Command numbers count the commands this program makes the library send,
 * the way mysql_conversation numbers them.
 */
#include <mysql.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(MARIADB_PACKAGE_VERSION_ID) || !defined(LIBMYSQL_VERSION_ID) || LIBMYSQL_VERSION_ID < 80000
typedef my_bool wc_bool;
#else
typedef bool wc_bool;
#endif

/* MariaDB Connector/C does not name it (it never asks for it) */
#define WC_CLIENT_DEPRECATE_EOF (1UL << 24)

static MYSQL *m;
static FILE *out;
static int	cmd;

static void
fail(const char *what)
{
	fprintf(stderr, "driver: %s: %u (%s) %s\n", what, mysql_errno(m), mysql_sqlstate(m), mysql_error(m));
	exit(1);
}

static void
hex(const void *p, size_t n)
{
	const unsigned char *b = p;
	static const char d[] = "0123456789abcdef";

	fputc('\t', out);
	for (size_t i = 0; i < n; i++)
	{
		fputc(d[b[i] >> 4], out);
		fputc(d[b[i] & 15], out);
	}
}

static void
hexs(const char *s)
{
	if (s == NULL)
		fputs("\tN", out);
	else
		hex(s, strlen(s));
}

static void
log_err(void)
{
	fprintf(out, "err\t%d\t%u", cmd, mysql_errno(m));
	hexs(mysql_sqlstate(m));
	hexs(mysql_error(m));
	fputc('\n', out);
}

static void
log_fields(int rs, MYSQL_FIELD *f, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
	{
		fprintf(out, "field\t%d\t%d\t%u", cmd, rs, i + 1);
		hex(f[i].name, f[i].name_length);
		hex(f[i].org_name, f[i].org_name_length);
		hex(f[i].table, f[i].table_length);
		hex(f[i].org_table, f[i].org_table_length);
		hex(f[i].db, f[i].db_length);
		fprintf(out, "\t%d\t%u\t%u\t%lu\t%u\n", (int) f[i].type, f[i].flags,
				f[i].charsetnr, f[i].length, f[i].decimals);
	}
}

/* The session-state data the library kept from the last OK packet. */
static void
log_tracks(void)
{
	for (int type = 0; type <= 5; type++)
	{
		const char *data;
		size_t		len;
		int			i = 1;

		if (mysql_session_track_get_first(m, (enum enum_session_state_type) type, &data, &len) != 0)
			continue;
		do
		{
			fprintf(out, "track\t%d\t%d\t%d", cmd, type, i++);
			hex(data, len);
			fputc('\n', out);
		} while (mysql_session_track_get_next(m, (enum enum_session_state_type) type, &data, &len) == 0);
	}
}

static void
log_ok(int rs)
{
	my_ulonglong affected = mysql_affected_rows(m);

	/* (my_ulonglong) -1: the library did not read it (COM_INIT_DB) */
	fprintf(out, "ok\t%d\t%d\t", cmd, rs);
	if (affected == (my_ulonglong) -1)
		fputc('N', out);
	else
		fprintf(out, "%llu", (unsigned long long) affected);
	fprintf(out, "\t%llu\t%u\t%u", (unsigned long long) mysql_insert_id(m),
			m->server_status, mysql_warning_count(m));
	hexs(mysql_info(m) ? mysql_info(m) : "");
	fputc('\n', out);
	log_tracks();
}

static void
log_cmd(int type, const char *q)
{
	cmd++;
	fprintf(out, "cmd\t%d\t%d", cmd, type);
	hexs(q);
	fputc('\n', out);
}

/* A COM_QUERY and every result of it (text protocol). */
static void
query(const char *q)
{
	int			rs = 0, st;

	log_cmd(3, q);
	if (mysql_real_query(m, q, strlen(q)) != 0)
	{
		log_err();
		return;
	}
	do
	{
		MYSQL_RES  *res = mysql_store_result(m);

		if (res != NULL)
		{
			unsigned	nf = mysql_num_fields(res);
			MYSQL_ROW	row;
			long		r = 0;

			log_fields(rs, mysql_fetch_fields(res), nf);
			while ((row = mysql_fetch_row(res)) != NULL)
			{
				unsigned long *len = mysql_fetch_lengths(res);

				fprintf(out, "row\t%d\t%d\t%ld", cmd, rs, ++r);
				for (unsigned i = 0; i < nf; i++)
				{
					if (row[i] == NULL)
						fputs("\tN", out);
					else
						hex(row[i], len[i]);
				}
				fputc('\n', out);
			}
			fprintf(out, "end\t%d\t%d\t%u\t%u\n", cmd, rs, m->server_status, mysql_warning_count(m));
			/* CLIENT_DEPRECATE_EOF: the closing OK may carry session state */
			if ((m->server_status & SERVER_SESSION_STATE_CHANGED) && (m->server_capabilities & m->client_flag & WC_CLIENT_DEPRECATE_EOF))
				log_tracks();
			mysql_free_result(res);
		}
		else if (mysql_field_count(m) == 0)
			log_ok(rs);
		else
			fail("store_result");
		rs++;
	} while ((st = mysql_next_result(m)) == 0);
	if (st > 0)
		log_err();
}

static void
must(const char *q)
{
	if (mysql_real_query(m, q, strlen(q)) != 0)
		fail(q);
	do
	{
		MYSQL_RES  *res = mysql_store_result(m);

		if (res)
			mysql_free_result(res);
	} while (mysql_next_result(m) == 0);
}

/* One binary-protocol value as the library reports it. */
static void
log_binary_value(MYSQL_STMT *st, MYSQL_FIELD *f, unsigned i, MYSQL_BIND *b)
{
	char		txt[128];
	int			n = -1;

	if (*b->is_null)
	{
		fputs("\tN", out);
		return;
	}
	switch (b->buffer_type)
	{
		case MYSQL_TYPE_LONGLONG:
			if (b->is_unsigned)
				n = snprintf(txt, sizeof(txt), "%llu", *(unsigned long long *) b->buffer);
			else
				n = snprintf(txt, sizeof(txt), "%lld", *(long long *) b->buffer);
			break;
		case MYSQL_TYPE_FLOAT:
			n = snprintf(txt, sizeof(txt), "%.9g", (double) *(float *) b->buffer);
			break;
		case MYSQL_TYPE_DOUBLE:
			n = snprintf(txt, sizeof(txt), "%.17g", *(double *) b->buffer);
			break;
		case MYSQL_TYPE_DATETIME:
			{
				MYSQL_TIME *t = b->buffer;

				if (f->type == MYSQL_TYPE_DATE)
					n = snprintf(txt, sizeof(txt), "%04u-%02u-%02u", t->year, t->month, t->day);
				else if (f->type == MYSQL_TYPE_TIME)
					n = snprintf(txt, sizeof(txt), "%s%u:%02u:%02u.%06lu", t->neg ? "-" : "",
								 t->day * 24 + t->hour, t->minute, t->second, t->second_part);
				else
					n = snprintf(txt, sizeof(txt), "%04u-%02u-%02u %02u:%02u:%02u.%06lu",
								 t->year, t->month, t->day, t->hour, t->minute, t->second,
								 t->second_part);
				break;
			}
		default:
			{
				/* bytes: fetched at their length */
				unsigned long len = *b->length;
				char	   *v = malloc(len + 1);
				MYSQL_BIND	c;

				memset(&c, 0, sizeof(c));
				c.buffer_type = MYSQL_TYPE_BLOB;
				c.buffer = v;
				c.buffer_length = len + 1;
				if (v == NULL || (len > 0 && mysql_stmt_fetch_column(st, &c, i, 0) != 0))
					fail("fetch_column");
				hex(v, len);
				free(v);
				return;
			}
	}
	hex(txt, (size_t) n);
}

/* COM_STMT_PREPARE, COM_STMT_EXECUTE (binary rows), COM_STMT_CLOSE. */
static void
prepared(const char *q, int nparams, long long ip, const char *sp)
{
	MYSQL_STMT *st = mysql_stmt_init(m);
	MYSQL_RES  *meta;
	MYSQL_BIND	params[2];
	unsigned long splen = sp ? strlen(sp) : 0;
	wc_bool		update = 1;

	log_cmd(22, q);
	if (mysql_stmt_prepare(st, q, strlen(q)) != 0)
	{
		fprintf(out, "err\t%d\t%u", cmd, mysql_stmt_errno(st));
		hexs(mysql_stmt_sqlstate(st));
		hexs(mysql_stmt_error(st));
		fputc('\n', out);
		mysql_stmt_close(st);	/* nothing to close on the server */
		return;
	}
	memset(params, 0, sizeof(params));
	params[0].buffer_type = MYSQL_TYPE_LONGLONG;
	params[0].buffer = &ip;
	params[1].buffer_type = MYSQL_TYPE_STRING;
	params[1].buffer = (void *) sp;
	params[1].buffer_length = splen;
	params[1].length = &splen;
	if (nparams > 0 && mysql_stmt_bind_param(st, params) != 0)
		fail("bind_param");
	log_cmd(23, NULL);
	mysql_stmt_attr_set(st, STMT_ATTR_UPDATE_MAX_LENGTH, &update);
	if (mysql_stmt_execute(st) != 0)
	{
		fprintf(out, "err\t%d\t%u", cmd, mysql_stmt_errno(st));
		hexs(mysql_stmt_sqlstate(st));
		hexs(mysql_stmt_error(st));
		fputc('\n', out);
	}
	else if ((meta = mysql_stmt_result_metadata(st)) != NULL)
	{
		unsigned	nf = mysql_num_fields(meta);
		MYSQL_FIELD *f = mysql_fetch_fields(meta);
		MYSQL_BIND *b = calloc(nf, sizeof(MYSQL_BIND));
		unsigned long *len = calloc(nf, sizeof(unsigned long));
		wc_bool    *isnull = calloc(nf, sizeof(wc_bool));
		union
		{
			long long	i;
			double		d;
			float		f;
			MYSQL_TIME	t;
		}		   *val = calloc(nf, sizeof(*val));
		long		r = 0;
		int			fr;

		log_fields(0, f, nf);
		for (unsigned i = 0; i < nf; i++)
		{
			b[i].length = &len[i];
			b[i].is_null = &isnull[i];
			b[i].buffer = &val[i];
			b[i].buffer_length = sizeof(val[i]);
			b[i].is_unsigned = (f[i].flags & UNSIGNED_FLAG) != 0;
			switch (f[i].type)
			{
				case MYSQL_TYPE_TINY:
				case MYSQL_TYPE_SHORT:
				case MYSQL_TYPE_INT24:
				case MYSQL_TYPE_LONG:
				case MYSQL_TYPE_LONGLONG:
				case MYSQL_TYPE_YEAR:
					b[i].buffer_type = MYSQL_TYPE_LONGLONG;
					break;
				case MYSQL_TYPE_FLOAT:
					b[i].buffer_type = MYSQL_TYPE_FLOAT;
					break;
				case MYSQL_TYPE_DOUBLE:
					b[i].buffer_type = MYSQL_TYPE_DOUBLE;
					break;
				case MYSQL_TYPE_DATE:
				case MYSQL_TYPE_DATETIME:
				case MYSQL_TYPE_TIMESTAMP:
				case MYSQL_TYPE_TIME:
					/* the buffer type only says "a MYSQL_TIME" here */
					b[i].buffer_type = MYSQL_TYPE_DATETIME;
					if (f[i].type == MYSQL_TYPE_TIME)
						b[i].buffer_type = MYSQL_TYPE_TIME;
					else if (f[i].type == MYSQL_TYPE_DATE)
						b[i].buffer_type = MYSQL_TYPE_DATE;
					break;
				default:
					b[i].buffer_type = MYSQL_TYPE_BLOB;
					b[i].buffer = NULL;
					b[i].buffer_length = 0;
					break;
			}
		}
		if (mysql_stmt_bind_result(st, b) != 0 || mysql_stmt_store_result(st) != 0)
			fail("bind_result/store_result");
		while ((fr = mysql_stmt_fetch(st)) == 0 || fr == MYSQL_DATA_TRUNCATED)
		{
			fprintf(out, "row\t%d\t0\t%ld", cmd, ++r);
			for (unsigned i = 0; i < nf; i++)
			{
				MYSQL_BIND	one = b[i];

				if (one.buffer_type == MYSQL_TYPE_DATE || one.buffer_type == MYSQL_TYPE_TIME)
					one.buffer_type = MYSQL_TYPE_DATETIME;
				log_binary_value(st, &f[i], i, &one);
			}
			fputc('\n', out);
		}
		if (fr != MYSQL_NO_DATA)
			fail("stmt_fetch");
		fprintf(out, "end\t%d\t0\t%u\t%u\n", cmd, m->server_status, mysql_warning_count(m));
		if ((m->server_status & SERVER_SESSION_STATE_CHANGED) && (m->server_capabilities & m->client_flag & WC_CLIENT_DEPRECATE_EOF))
			log_tracks();
		mysql_free_result(meta);
		free(b);
		free(len);
		free(isnull);
		free(val);
	}
	else
		log_ok(0);
	mysql_stmt_close(st);
	log_cmd(25, NULL);
}

static const char *const setup_sql[] = {
	"DROP DATABASE IF EXISTS wc",
	"CREATE DATABASE wc CHARACTER SET utf8mb4",
	"USE wc",
	"SET time_zone = '+00:00'",
	"SET sql_mode = ''",
	"CREATE TABLE all_types ("
	" id INT PRIMARY KEY,"
	" c_tiny TINYINT, c_utiny TINYINT UNSIGNED, c_small SMALLINT, c_usmall SMALLINT UNSIGNED,"
	" c_med MEDIUMINT, c_umed MEDIUMINT UNSIGNED, c_int INT, c_uint INT UNSIGNED,"
	" c_big BIGINT, c_ubig BIGINT UNSIGNED,"
	" c_float FLOAT, c_double DOUBLE, c_dec DECIMAL(30,10),"
	" c_date DATE, c_dt DATETIME(6), c_dt0 DATETIME, c_ts TIMESTAMP(3) NULL DEFAULT NULL,"
	" c_time TIME(6), c_year YEAR,"
	" c_char CHAR(10), c_vchar VARCHAR(100), c_text TEXT,"
	" c_latin VARCHAR(20) CHARACTER SET latin1,"
	" c_bin VARBINARY(20), c_blob BLOB, c_json JSON, c_bit BIT(10),"
	" c_enum ENUM('a','b','c'), c_set SET('x','y','z')"
	") DEFAULT CHARSET = utf8mb4",
	/* keep in step with the expected rows of check.sql */
	"INSERT INTO all_types VALUES"
	" (1, -128, 255, -32768, 65535, -8388608, 16777215, -2147483648, 4294967295,"
	"  -9223372036854775808, 18446744073709551615, 3.5, 2.718281828459045,"
	"  12345678901234567890.0123456789, '2024-02-29', '2024-02-29 13:14:15.123456',"
	"  '1999-12-31 23:59:59', '2038-01-19 03:14:07.999', '-838:59:59', 2155,"
	"  'abc', _utf8mb4 'h\xc3\xa9llo \xf0\x9f\x98\x80 \xf0\x9d\x84\x9e', REPEAT('long text ', 50),"
	"  _utf8mb4 'caf\xc3\xa9 \xe2\x82\xac', X'00FBFCFEFF', X'00FBFCFEFF00',"
	"  '{\"a\": [1, 2.5, \"x\"], \"b\": null}', b'1010101010', 'b', 'x,z'),"
	" (2, 127, 0, 32767, 0, 8388607, 0, 2147483647, 0,"
	"  9223372036854775807, 0, -1.5, -1e300,"
	"  -0.0000000001, '1000-01-01', '1000-01-01 00:00:00.000001',"
	"  '9999-12-31 23:59:59', '1970-01-01 00:00:01.000', '838:59:59', 1901,"
	"  '', '', '', '', '', '', '[]', b'0', 'c', ''),"
	" (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
	"  NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),"
	" (4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.1, 0.1, 0, '0000-00-00', '0000-00-00 00:00:00',"
	"  '0000-00-00 00:00:00', NULL, '-00:00:01.5', 0, 'x', 'y', 'z', 'w',"
	"  X'', X'', '{}', b'1111111111', 'a', 'x,y,z'),"
	" (5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1e-30, 5e-324, 1, '2000-01-01', '2000-01-01 00:00:00',"
	"  '2000-01-01 00:00:00', '2000-01-01 00:00:00', '00:00:00', 2000, 'tab\there',"
	"  'quote '' and \\\\ backslash', 'line\\nbreak', 'x', X'FF', REPEAT(X'00', 60000),"
	"  '\"str\"', b'1', 'a', 'y')",
	"CREATE TABLE counters (id INT AUTO_INCREMENT PRIMARY KEY, n INT)",
	"CREATE TABLE digits (d INT)",
	"INSERT INTO digits VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)",
	"CREATE TABLE big100k (id INT PRIMARY KEY, v VARCHAR(20))",
	"INSERT INTO big100k SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d,"
	" CONCAT('row-', a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d)"
	" FROM digits a, digits b, digits c, digits e, digits f",
	"CREATE PROCEDURE two_results() BEGIN SELECT 1 AS one; SELECT 'two' AS two, 2.5 AS x; END",
	NULL
};

/* The scenario: every kind of traffic the issue lists. */
static void
scenario(void)
{
	query("SET time_zone = '+00:00'");
	query("SET session_track_state_change = 1");
	query("SET session_track_transaction_info = 'CHARACTERISTICS'");
	query("SET autocommit = 0");
	query("START TRANSACTION READ ONLY");
	query("SELECT COUNT(*) FROM all_types");
	query("COMMIT");
	query("SET autocommit = 1");
	query("SET session_track_transaction_info = 'OFF'");
	log_cmd(2, "wc");
	if (mysql_select_db(m, "wc") != 0)
		log_err();
	else
		log_ok(0);

	query("USE wc");
	query("SELECT * FROM all_types ORDER BY id");
	prepared("SELECT * FROM all_types ORDER BY id", 0, 0, NULL);
	prepared("SELECT id, c_vchar, c_ubig FROM all_types WHERE id >= ? AND c_vchar <> ? ORDER BY id",
			 2, 2, "y");
	query("SELECT id, v FROM big100k ORDER BY id");
	prepared("SELECT id, v FROM big100k ORDER BY id", 0, 0, NULL);
	query("SELECT REPEAT('x', 17000000) AS big, 1 AS one");
	prepared("SELECT REPEAT(_utf8mb4 '\xf0\x9f\x98\x80', 4300000) AS big, 2 AS two", 0, 0, NULL);
	query("SELECT * FROM no_such_table");
	prepared("SELECT * FROM no_such_table", 0, 0, NULL);
	query("INSERT INTO counters (n) VALUES (1), (2), (3)");
	query("UPDATE counters SET n = n + 1");
	query("SELECT CAST('12abc' AS SIGNED) AS warned");
	query("SELECT 1 AS a; SELECT 'x' AS b, NULL AS c; UPDATE counters SET n = n + 1; "
		  "SELECT * FROM no_such_table2; SELECT 'not reached'");
	query("CALL two_results()");
	query("DELETE FROM counters WHERE n > 100");
	/* strings in the column's own character set (latin1 here) */
	query("SET character_set_results = NULL");
	query("SELECT id, c_latin, c_vchar FROM all_types ORDER BY id");
	query("SET character_set_results = utf8mb4");
}

int
main(int argc, char **argv)
{
	unsigned long maxp = 64UL << 20;
	unsigned	port;
	bool		setup;

	if (argc < 6 || (strcmp(argv[1], "setup") != 0 && (strcmp(argv[1], "run") != 0 || argc < 7)))
	{
		fprintf(stderr, "usage: driver setup|run HOST PORT USER PASSWORD [REPORT]\n");
		return 2;
	}
	setup = strcmp(argv[1], "setup") == 0;
	port = (unsigned) atoi(argv[3]);
	m = mysql_init(NULL);
	mysql_options(m, MYSQL_OPT_MAX_ALLOWED_PACKET, &maxp);
	mysql_options(m, MYSQL_SET_CHARSET_NAME, "utf8mb4");
	if (argc > 7 && strcmp(argv[7], "compress") == 0)
	{
#if !defined(MARIADB_PACKAGE_VERSION_ID) && defined(LIBMYSQL_VERSION_ID) && LIBMYSQL_VERSION_ID >= 80018
		/* libmysqlclient: zstd (MariaDB's library and server only know zlib) */
		mysql_options(m, MYSQL_OPT_COMPRESSION_ALGORITHMS, "zstd");
#else
		mysql_options(m, MYSQL_OPT_COMPRESS, NULL);
#endif
	}
	out = setup ? stderr : fopen(argv[6], "w");
	if (out == NULL)
	{
		perror(argv[6]);
		return 2;
	}
	if (mysql_real_connect(m, argv[2], argv[4], argv[5], setup ? NULL : "wc", port, NULL,
						   CLIENT_MULTI_STATEMENTS) == NULL)
		fail("connect");
	if (setup)
	{
		for (int i = 0; setup_sql[i]; i++)
			must(setup_sql[i]);
	}
	else
		scenario();
	mysql_close(m);
	if (!setup)
	{
		cmd++;
		fprintf(out, "cmd\t%d\t1\tN\n", cmd);
		if (fclose(out) != 0)
			return 1;
	}
	return 0;
}
