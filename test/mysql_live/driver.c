/*
 * driver.c: the client side of the live MySQL/MariaDB tests.
 *
 *   driver setup HOST PORT USER PASSWORD
 *   driver run   HOST PORT USER PASSWORD REPORT [VARIANT [SERVER]]
 *
 * Built against MariaDB Connector/C or libmysqlclient, each of which runs
 * against both MariaDB and MySQL, with the library's default options
 * (VARIANT "compress": and the compressed protocol, zstd when the library
 * has it and SERVER is "mysql", zlib otherwise).  The scenario's
 * server-specific steps follow the server the connection reaches (its
 * version string), which must be SERVER when given.  "setup"
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
 *   skip   N WHY                           a step this library cannot run
 *                                          against this server, before command N
 *
 * Command numbers count the commands this program makes the library send,
 * the way mysql_conversation numbers them.
 */
#include <mysql.h>
#ifndef MARIADB_PACKAGE_VERSION_ID
#include <mysql/client_plugin.h>
#endif
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(MARIADB_PACKAGE_VERSION_ID) || !defined(LIBMYSQL_VERSION_ID) || LIBMYSQL_VERSION_ID < 80000
typedef my_bool wc_bool;
#else
typedef bool wc_bool;
#endif

/* Connector/C's mysql.h declares mysql_client_find_plugin but not this
 * (its client_plugin.h needs private headers) */
#ifndef MYSQL_CLIENT_AUTHENTICATION_PLUGIN
#define MYSQL_CLIENT_AUTHENTICATION_PLUGIN 2
#endif

/* MariaDB Connector/C does not name it (it never asks for it) */
#define WC_CLIENT_DEPRECATE_EOF (1UL << 24)

static MYSQL *m;
static FILE *out;
static int	cmd;
static const char *user0, *password0;
static bool server_mariadb;

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

/* The rows of a result with metadata META. */
static void
stmt_rows(MYSQL_STMT *st, MYSQL_RES *meta, int rs)
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

	log_fields(rs, f, nf);
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
		fprintf(out, "row\t%d\t%d\t%ld", cmd, rs, ++r);
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
	fprintf(out, "end\t%d\t%d\t%u\t%u\n", cmd, rs, m->server_status, mysql_warning_count(m));
	if ((m->server_status & SERVER_SESSION_STATE_CHANGED) && (m->server_capabilities & m->client_flag & WC_CLIENT_DEPRECATE_EOF))
		log_tracks();
	mysql_free_result(meta);
	free(b);
	free(len);
	free(isnull);
	free(val);
}

/* One result of an executed statement: its binary rows, or its OK. */
static void
stmt_result(MYSQL_STMT *st, int rs)
{
	MYSQL_RES  *meta = mysql_stmt_result_metadata(st);

	if (meta == NULL)
	{
		log_ok(rs);
		return;
	}
	stmt_rows(st, meta, rs);
}

/* COM_STMT_PREPARE, COM_STMT_EXECUTE (binary rows), COM_STMT_CLOSE. */
static void
prepared(const char *q, int nparams, long long ip, const char *sp)
{
	MYSQL_STMT *st = mysql_stmt_init(m);
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
	else
		stmt_result(st, 0);
	mysql_stmt_close(st);
	log_cmd(25, NULL);
}

/* ---- cursors, array binding, long data, change user, LOCAL INFILE ---- */

/*
 * A prepared SELECT (one LONGLONG parameter, columns INT and VARCHAR) read
 * through a read-only cursor, PREFETCH rows per COM_STMT_FETCH:
 *
 *   cursor N STATUS     the execute's terminator status (CURSOR_EXISTS)
 *   fetch  N STATUS     a COM_STMT_FETCH and the status after its rows
 *
 * and the rows of each fetch as "row" lines under that fetch (row numbers
 * from 1 in each), with its "field" lines (the execute's definitions).
 * The library sends a COM_STMT_FETCH when it has read the previous
 * fetch's rows, until the server says SERVER_STATUS_LAST_ROW_SENT.
 */
static void
cursor_select(const char *q, long long ip, unsigned long prefetch)
{
	MYSQL_STMT *st = mysql_stmt_init(m);
	MYSQL_BIND	param, b[2];
	MYSQL_RES  *meta;
	MYSQL_FIELD *f;
	unsigned long type = CURSOR_TYPE_READ_ONLY, len[2];
	wc_bool		isnull[2];
	long long	id;
	unsigned long batch = 0;
	long		r = 0;
	int			fr,
				fetched = 0;

	log_cmd(22, q);
	if (mysql_stmt_prepare(st, q, strlen(q)) != 0)
		fail("cursor prepare");
	memset(&param, 0, sizeof(param));
	param.buffer_type = MYSQL_TYPE_LONGLONG;
	param.buffer = &ip;
	if (mysql_stmt_bind_param(st, &param) != 0 ||
		mysql_stmt_attr_set(st, STMT_ATTR_CURSOR_TYPE, &type) != 0 ||
		mysql_stmt_attr_set(st, STMT_ATTR_PREFETCH_ROWS, &prefetch) != 0)
		fail("cursor attributes");
	log_cmd(23, NULL);
	if (mysql_stmt_execute(st) != 0)
		fail("cursor execute");
	fprintf(out, "cursor\t%d\t%u\n", cmd, m->server_status);
	if ((meta = mysql_stmt_result_metadata(st)) == NULL || mysql_num_fields(meta) != 2)
		fail("cursor metadata");
	f = mysql_fetch_fields(meta);
	memset(b, 0, sizeof(b));
	b[0].buffer_type = MYSQL_TYPE_LONGLONG;
	b[0].buffer = &id;
	b[0].is_null = &isnull[0];
	b[0].length = &len[0];
	b[1].buffer_type = MYSQL_TYPE_BLOB;
	b[1].is_null = &isnull[1];
	b[1].length = &len[1];
	if (mysql_stmt_bind_result(st, b) != 0)
		fail("cursor bind_result");
	for (;;)
	{
		if ((r == 0 || batch == prefetch) && !(m->server_status & SERVER_STATUS_LAST_ROW_SENT))
		{
			/* this mysql_stmt_fetch sends a COM_STMT_FETCH */
			log_cmd(28, NULL);
			log_fields(0, f, 2);
			batch = 0;
			fetched = 1;
		}
		fr = mysql_stmt_fetch(st);
		if (fetched)
			fprintf(out, "fetch\t%d\t%u\n", cmd, m->server_status);
		fetched = 0;
		if (fr != 0 && fr != MYSQL_DATA_TRUNCATED)
			break;
		r++;
		fprintf(out, "row\t%d\t0\t%lu", cmd, ++batch);
		for (unsigned i = 0; i < 2; i++)
			log_binary_value(st, &f[i], i, &b[i]);
		fputc('\n', out);
	}
	if (fr != MYSQL_NO_DATA)
		fail("cursor fetch");
	mysql_free_result(meta);
	mysql_stmt_close(st);
	log_cmd(25, NULL);
}

#ifdef MARIADB_PACKAGE_VERSION_ID
/*
 * MariaDB's array binding: one COM_STMT_BULK_EXECUTE for five rows of two
 * parameters (INT, VARCHAR) with values, NULL and DEFAULT.  What was bound:
 *
 *   bulk N ROW IND1 V1 IND2 V2     indicators (0 value, 1 NULL, 2 DEFAULT),
 *                                  values as their bytes (INT: 4 bytes LE)
 */
static void
bulk_insert(void)
{
	const char *q = "INSERT INTO bulk_t (id, s) VALUES (?, ?)";
	MYSQL_STMT *st = mysql_stmt_init(m);
	MYSQL_BIND	b[2];
	int			ids[5] = {10, -2, 0, 2147483647, 77};
	char		id_ind[5] = {STMT_INDICATOR_NONE, STMT_INDICATOR_NONE, STMT_INDICATOR_NULL,
	STMT_INDICATOR_NONE, STMT_INDICATOR_NONE};
	char	   *s[5] = {"one", "", NULL, "h\xc3\xa9 \xf0\x9f\x98\x80", "dflt?"};
	unsigned long slen[5] = {3, 0, 0, 8, 5};
	char		s_ind[5] = {STMT_INDICATOR_NONE, STMT_INDICATOR_NONE, STMT_INDICATOR_NULL,
	STMT_INDICATOR_NONE, STMT_INDICATOR_DEFAULT};
	unsigned int n = 5;

	log_cmd(22, q);
	if (mysql_stmt_prepare(st, q, strlen(q)) != 0)
		fail("bulk prepare");
	memset(b, 0, sizeof(b));
	b[0].buffer_type = MYSQL_TYPE_LONG;
	b[0].buffer = ids;
	b[0].u.indicator = id_ind;
	b[1].buffer_type = MYSQL_TYPE_STRING;
	b[1].buffer = s;
	b[1].length = slen;
	b[1].u.indicator = s_ind;
	if (mysql_stmt_attr_set(st, STMT_ATTR_ARRAY_SIZE, &n) != 0 || mysql_stmt_bind_param(st, b) != 0)
		fail("bulk bind");
	log_cmd(250, NULL);
	for (unsigned i = 0; i < n; i++)
	{
		unsigned char le[4];
		unsigned	u = (unsigned) ids[i];

		for (int k = 0; k < 4; k++)
			le[k] = (unsigned char) (u >> (8 * k));
		fprintf(out, "bulk\t%d\t%u\t%d", cmd, i + 1, id_ind[i]);
		if (id_ind[i] == STMT_INDICATOR_NONE)
			hex(le, 4);
		else
			fputs("\tN", out);
		fprintf(out, "\t%d", s_ind[i]);
		if (s_ind[i] == STMT_INDICATOR_NONE)
			hex(s[i], slen[i]);
		else
			fputs("\tN", out);
		fputc('\n', out);
	}
	if (mysql_stmt_execute(st) != 0)
		fail("bulk execute");
	fprintf(out, "stmt_ok\t%d\t%llu\n", cmd, (unsigned long long) mysql_stmt_affected_rows(st));
	mysql_stmt_close(st);
	log_cmd(25, NULL);
	query("SELECT id, s FROM bulk_t ORDER BY seq");
}
#endif

/* The bytes streamed for the long-data parameter: deterministic, with
 * every byte value. */
static unsigned char *
long_bytes(size_t n, unsigned seed)
{
	unsigned char *p = malloc(n);

	if (p == NULL)
		fail("malloc");
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char) ((i * 7 + seed) % 256);
	return p;
}

/*
 * COM_STMT_SEND_LONG_DATA: a BLOB parameter streamed in three chunks, then
 * the execute that inserts it and a SELECT that reads it back.
 *
 *   long N PARAM BYTES     the execute N, the parameter (0-based) and all
 *                          the bytes streamed for it
 */
static void
long_data(void)
{
	const char *q = "INSERT INTO longdata (id, b) VALUES (?, ?)";
	MYSQL_STMT *st = mysql_stmt_init(m);
	MYSQL_BIND	b[2];
	long long	id = 1;
	size_t		sizes[3] = {40000, 11, 70001};
	unsigned char *all = malloc(40000 + 11 + 70001), *chunk;
	size_t		off = 0;

	log_cmd(22, q);
	if (all == NULL || mysql_stmt_prepare(st, q, strlen(q)) != 0)
		fail("long data prepare");
	memset(b, 0, sizeof(b));
	b[0].buffer_type = MYSQL_TYPE_LONGLONG;
	b[0].buffer = &id;
	b[1].buffer_type = MYSQL_TYPE_BLOB;
	if (mysql_stmt_bind_param(st, b) != 0)
		fail("long data bind");
	for (int i = 0; i < 3; i++)
	{
		chunk = long_bytes(sizes[i], (unsigned) i * 101);
		log_cmd(24, NULL);
		if (mysql_stmt_send_long_data(st, 1, (const char *) chunk, sizes[i]) != 0)
			fail("send_long_data");
		memcpy(all + off, chunk, sizes[i]);
		off += sizes[i];
		free(chunk);
	}
	log_cmd(23, NULL);
	fprintf(out, "long\t%d\t1", cmd);
	hex(all, off);
	fputc('\n', out);
	if (mysql_stmt_execute(st) != 0)
		fail("long data execute");
	fprintf(out, "stmt_ok\t%d\t%llu\n", cmd, (unsigned long long) mysql_stmt_affected_rows(st));
	mysql_stmt_close(st);
	log_cmd(25, NULL);
	free(all);
	query("SELECT id, b FROM longdata ORDER BY id");
}

/*
 * COM_CHANGE_USER to USER (its OK, after whatever authentication exchange
 * its plugin asks for):
 *
 *   change N USER          the command and the user it changed to
 */
static void
change_user(const char *user, const char *password)
{
	log_cmd(17, NULL);
	fprintf(out, "change\t%d", cmd);
	hexs(user);
	fputc('\n', out);
	if (mysql_change_user(m, user, password, "wc") != 0)
		fail(user);
	/* the session state of the OK that ends the exchange (Connector/C
	 * keeps the previous OK's when this one has none) */
	if (m->server_status & SERVER_SESSION_STATE_CHANGED)
		log_tracks();
	query("SELECT CURRENT_USER()");
}

/*
 * COM_CHANGE_USER to USER of authentication plugin PLUGIN, or, when the
 * library has no client side for PLUGIN (libmysqlclient and MariaDB's
 * ed25519), a "skip" line saying so: the server would ask for it by an
 * authentication switch the library cannot answer, which ends the
 * connection.
 */
static void
change_user_via(const char *user, const char *password, const char *plugin)
{
	char		why[200];

	if (mysql_client_find_plugin(m, plugin, MYSQL_CLIENT_AUTHENTICATION_PLUGIN) != NULL)
	{
		change_user(user, password);
		return;
	}
	snprintf(why, sizeof(why), "COM_CHANGE_USER to %s: the client library has no %s plugin",
			 user, plugin);
	fprintf(out, "skip\t%d", cmd + 1);
	hexs(why);
	fputc('\n', out);
}

/*
 * LOAD DATA LOCAL INFILE of a file of 3000 lines written here:
 *
 *   infile N BYTES         the query N and the file's bytes
 */
static void
local_infile(void)
{
	char		path[] = "/tmp/wc-live-infile-XXXXXX";
	char		q[200];
	int			fd = mkstemp(path);
	FILE	   *fp = fd >= 0 ? fdopen(fd, "w+") : NULL;
	char	   *content;
	long		n;

	if (fp == NULL)
		fail("infile file");
	for (int i = 1; i <= 3000; i++)
		fprintf(fp, i % 97 == 0 ? "%d,\\N\n" : "%d,line %d caf\xc3\xa9\n", i, i);
	n = ftell(fp);
	content = malloc((size_t) n);
	rewind(fp);
	if (content == NULL || fread(content, 1, (size_t) n, fp) != (size_t) n)
		fail("infile read");
	fclose(fp);
	snprintf(q, sizeof(q), "LOAD DATA LOCAL INFILE '%s' INTO TABLE infile_t "
			 "CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' (id, s)", path);
	query(q);
	fprintf(out, "infile\t%d", cmd);
	hex(content, (size_t) n);
	fputc('\n', out);
	free(content);
	unlink(path);
	query("SELECT COUNT(*), COUNT(s), SUM(id) FROM infile_t");
}

/*
 * A prepared CALL of a procedure with two SELECTs: two binary result sets
 * (SERVER_MORE_RESULTS_EXISTS on their terminators), then the CALL's OK.
 */
static void
prepared_call(const char *q)
{
	MYSQL_STMT *st = mysql_stmt_init(m);
	int			rs = 0,
				nr;

	log_cmd(22, q);
	if (mysql_stmt_prepare(st, q, strlen(q)) != 0)
		fail("call prepare");
	log_cmd(23, NULL);
	if (mysql_stmt_execute(st) != 0)
		fail("call execute");
	do
		stmt_result(st, rs++);
	while ((nr = mysql_stmt_next_result(st)) == 0);
	if (nr > 0)
		fail("call next_result");
	mysql_stmt_close(st);
	log_cmd(25, NULL);
}

/* The part of the scenario in this section. */
static void
scenario_commands(void)
{
	query("TRUNCATE TABLE bulk_t");
	query("TRUNCATE TABLE longdata");
	query("TRUNCATE TABLE infile_t");
	cursor_select("SELECT id, v FROM big100k WHERE id < ? ORDER BY id", 300, 7);
	prepared_call("CALL two_results()");
#ifdef MARIADB_PACKAGE_VERSION_ID
	{
		/* MariaDB's extended capabilities (<< 32 in the protocol) */
		unsigned long ext = 0;

		if (mariadb_get_infov(m, MARIADB_CONNECTION_EXTENDED_SERVER_CAPABILITIES, &ext) == 0 &&
			!(m->server_capabilities & CLIENT_MYSQL) &&
			(ext & (MARIADB_CLIENT_STMT_BULK_OPERATIONS >> 32)))
			bulk_insert();
	}
#endif
	long_data();
	local_infile();
	if (server_mariadb)
	{
		change_user("wc_native", "pw2");
		change_user_via("wc_ed", "pw3", "client_ed25519");
	}
	else
	{
		/* caching_sha2_password: the full exchange (the server's RSA key)
		 * first (ALTER USER empties the server's cache), the fast one once
		 * the server has cached the password */
		query("ALTER USER wc_sha2@'%' IDENTIFIED BY 'pw2'");
		change_user("wc_sha2", "pw2");
		change_user("wc_sha2", "pw2");
	}
	log_cmd(31, NULL);
	if (mysql_reset_connection(m) != 0)
		fail("reset_connection");
	if (m->server_status & SERVER_SESSION_STATE_CHANGED)
		log_tracks();
	query("SELECT CURRENT_USER(), @@session.autocommit");
	prepared("SELECT id, c_vchar, c_ubig FROM all_types WHERE id >= ? AND c_vchar <> ? ORDER BY id",
			 2, 2, "y");
	change_user(user0, password0);
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
	/* scenario_commands */
	"CREATE TABLE bulk_t (seq INT AUTO_INCREMENT PRIMARY KEY, id INT, s VARCHAR(20) DEFAULT 'dflt')",
	"CREATE TABLE longdata (id INT PRIMARY KEY, b LONGBLOB)",
	"CREATE TABLE infile_t (id INT PRIMARY KEY, s VARCHAR(40)) DEFAULT CHARSET = utf8mb4",
	NULL
};

/* The scenario: every kind of traffic doc/testing.md lists for this suite. */
static void
scenario(void)
{
	/* the session in utf8mb4 whatever collation the handshake named:
	 * libmysqlclient names utf8mb4_0900_ai_ci (255), which MariaDB 10.11
	 * does not know and replaces by the server's default (latin1) */
	query("SET NAMES utf8mb4");
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
	scenario_commands();
}

int
main(int argc, char **argv)
{
	unsigned long maxp = 64UL << 20;
	unsigned	port;
	bool		setup;
	const char *server = argc > 8 ? argv[8] : NULL;

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
		/* libmysqlclient: zstd with MySQL, zlib with MariaDB (which, like
		 * MariaDB's library, only knows zlib) */
		mysql_options(m, MYSQL_OPT_COMPRESSION_ALGORITHMS,
					  server != NULL && strcmp(server, "mysql") == 0 ? "zstd" : "zlib");
#else
		mysql_options(m, MYSQL_OPT_COMPRESS, NULL);
#endif
	}
	user0 = argv[4];
	password0 = argv[5];
	{
		unsigned int one = 1;
		wc_bool		yes = 1;

		mysql_options(m, MYSQL_OPT_LOCAL_INFILE, &one);
#if !defined(MARIADB_PACKAGE_VERSION_ID)
		/* caching_sha2_password without TLS: the RSA key exchange */
		mysql_options(m, MYSQL_OPT_GET_SERVER_PUBLIC_KEY, &yes);
#else
		(void) yes;
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
	server_mariadb = strstr(mysql_get_server_info(m), "MariaDB") != NULL;
	if (server != NULL && server_mariadb != (strcmp(server, "mariadb") == 0))
	{
		fprintf(stderr, "driver: the server is %s, not %s\n", mysql_get_server_info(m), server);
		return 1;
	}
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
