/*
 * test_mysql_command.c: unit tests of COM_QUERY (with and without query
 * attributes), COM_STMT_EXECUTE (bound, unbound, NULL bitmap, every
 * value width, MySQL 8's parameter count and names, parameters streamed
 * with COM_STMT_SEND_LONG_DATA, the new-params-bound byte of no
 * parameters) and MariaDB's COM_STMT_BULK_EXECUTE, and their errors.
 * Payloads marked "captured" were recorded from MariaDB 10.11 and its
 * Connector/C.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mysql_command.h"

static void
test_query(void)
{
	size_t		n;
	uint8_t    *p = wc_unhex("030201" "02" "01" "0880" "026964" "0f00" "03746167" "0700000000000000"
							 "53454c4543542033", &n);
	wc_mysql_com_query q;
	wc_mysql_param_cursor c;
	wc_mysql_param prm;
	wc_error err = {0};
	uint64_t	qa = WC_MYSQL_CAPS_DEFAULT | WC_MYSQL_CLIENT_QUERY_ATTRIBUTES;

	CHECK(wc_mysql_com_query_decode(p, n, qa, &q, &err) == WC_OK && q.attrs.count == 2 &&
		  q.attrs.named && q.query.len == 8 && memcmp(p + q.query.off, "SELECT 3", 8) == 0,
		  "two attributes");
	wc_mysql_param_cursor_init(&q.attrs, &c);
	CHECK(wc_mysql_param_next(p, n, &q.attrs, &c, &prm, &err) == WC_OK && prm.type == 8 &&
		  prm.is_unsigned && prm.name.len == 2 && prm.value.len == 8, "first attribute");
	CHECK(wc_mysql_param_next(p, n, &q.attrs, &c, &prm, &err) == WC_OK && prm.type == 0x0f &&
		  prm.value.is_null && prm.name.len == 3, "second attribute NULL");
	/* without the capability the whole rest is the query */
	CHECK(wc_mysql_com_query_decode(p, n, WC_MYSQL_CAPS_DEFAULT, &q, &err) == WC_OK &&
		  q.query.off == 1 && q.query.len == n - 1, "no attributes");
	for (size_t cut = 1; cut < n - 8; cut++)
		CHECK(wc_mysql_com_query_decode(p, cut, qa, &q, &err) > WC_NULL,
			  "attributes cut to %zu", cut);
	p[5] = 0x11;
	CHECK(wc_mysql_com_query_decode(p, n, qa, &q, &err) == WC_ERR_UNSUPPORTED &&
		  err.offset == 5 && err.found == 0x11, "unknown type");
	free(p);
}

static void
test_execute(void)
{
	size_t		n;
	uint8_t    *p = wc_unhex("17" "09000000" "00" "01000000" "0000" "01"
							 "0180" "0200" "0300" "0400" "0500" "0a00" "0c00" "0b00" "fe00"
							 "ff" "0100" "02000000" "0000803f" "000000000000f03f" "04e8070c1f"
							 "07e8070c1f173b3b" "00" "03616263", &n);
	static const size_t lens[] = {1, 2, 4, 4, 8, 5, 8, 1, 4};
	wc_mysql_stmt_execute ex;
	wc_mysql_param_cursor c;
	wc_mysql_param prm;
	wc_error err = {0};
	int			ok = 1;

	CHECK(wc_mysql_stmt_execute_decode(p, n, WC_MYSQL_CAPS_DEFAULT, 9, &ex, &err) == WC_OK &&
		  ex.statement_id == 9 && ex.iteration_count == 1 && ex.params.count == 9 &&
		  ex.params.bound && !ex.params.named && ex.params.values_end == n, "nine values");
	wc_mysql_param_cursor_init(&ex.params, &c);
	for (int i = 0; i < 9; i++)
		ok &= wc_mysql_param_next(p, n, &ex.params, &c, &prm, &err) == WC_OK &&
			prm.value.len == lens[i];
	CHECK(ok, "value widths");
	/* two parameters more: the bitmap and types shift, the last value is missing */
	CHECK(wc_mysql_stmt_execute_decode(p, n, WC_MYSQL_CAPS_DEFAULT, 10, &ex, &err) > WC_NULL,
		  "wrong parameter count");
	for (size_t cut = 0; cut < n; cut++)
		CHECK(wc_mysql_stmt_execute_decode(p, cut, WC_MYSQL_CAPS_DEFAULT, 9, &ex, &err) > WC_NULL &&
			  err.offset <= cut, "execute cut to %zu", cut);
	free(p);
	/* unbound: the values are not split */
	p = wc_unhex("17" "01000000" "00" "01000000" "00" "00" "01000000", &n);
	CHECK(wc_mysql_stmt_execute_decode(p, n, WC_MYSQL_CAPS_DEFAULT, 1, &ex, &err) == WC_OK &&
		  !ex.params.bound && ex.params.values_off == 12 && ex.params.values_end == n, "unbound");
	free(p);
	/* MySQL 8: PARAMETER_COUNT_AVAILABLE, one named LONG */
	p = wc_unhex("17" "01000000" "08" "01000000" "01" "00" "01" "0300" "016e" "2a000000", &n);
	CHECK(wc_mysql_stmt_execute_decode(p, n, WC_MYSQL_CAPS_DEFAULT | WC_MYSQL_CLIENT_QUERY_ATTRIBUTES,
									   0, &ex, &err) == WC_OK && ex.params.count == 1 &&
		  ex.params.named, "query attributes");
	free(p);
}

static void
test_execute_streamed(void)
{
	size_t		n;
	wc_mysql_stmt_execute ex;
	wc_mysql_param_cursor c;
	wc_mysql_param p;
	wc_error	err = {0};
	/* INSERT ... VALUES (?, ?) after COM_STMT_SEND_LONG_DATA for parameter
	 * 1: its type (BLOB) is sent, its value is not.  Connector/C also marks
	 * it in the NULL bitmap (captured: bitmap 02); other connectors do not
	 * (bitmap 00), which only the long-data bits can tell. */
	uint8_t    *b = wc_unhex("170300000000010000000001" "0300" "fc00" "05000000", &n);
	size_t		ncc;
	uint8_t    *cc = wc_unhex("1703000000000100000002010300fc0005000000", &ncc);
	uint8_t    *z;

	CHECK(wc_mysql_stmt_execute_decode(cc, ncc, WC_MYSQL_CAPS_DEFAULT, 2, &ex, &err) == WC_OK,
		  "captured Connector/C execute after long data");
	CHECK(wc_mysql_stmt_execute_decode_streamed(cc, ncc, WC_MYSQL_CAPS_DEFAULT, 2, 2, &ex, &err) ==
		  WC_OK, "captured Connector/C execute, long-data bits given");
	free(cc);

	CHECK(wc_mysql_stmt_execute_decode(b, n, WC_MYSQL_CAPS_DEFAULT, 2, &ex, &err) != WC_OK,
		  "streamed parameter: without the long-data bits the value is missing");
	CHECK(wc_mysql_stmt_execute_decode_streamed(b, n, WC_MYSQL_CAPS_DEFAULT, 2, 2, &ex, &err) ==
		  WC_OK && ex.params.count == 2, "streamed parameter: decodes with bit 1 set");
	wc_mysql_param_cursor_init(&ex.params, &c);
	CHECK(wc_mysql_param_next(b, n, &ex.params, &c, &p, &err) == WC_OK && !p.streamed &&
		  p.type == 3 && p.value.len == 4, "streamed: parameter 0 has its value");
	CHECK(wc_mysql_param_next(b, n, &ex.params, &c, &p, &err) == WC_OK && p.streamed &&
		  p.type == 0xfc && p.value.is_null, "streamed: parameter 1 was streamed");
	free(b);

	/* a parameterless execute with the new-params-bound byte (MariaDB's
	 * connectors; the statement id 0xFFFFFFFF of a pipelined prepare) */
	z = wc_unhex("17ffffffff000100000001", &n);
	CHECK(wc_mysql_stmt_execute_decode(z, n, WC_MYSQL_CAPS_DEFAULT, 0, &ex, &err) == WC_OK &&
		  ex.statement_id == 0xFFFFFFFFu && ex.params.count == 0,
		  "no parameters, new-params-bound byte");
	CHECK(ex.trailing_off == n, "no parameters, new-params-bound byte: nothing trails");
	z[n - 1] = 2;
	CHECK(wc_mysql_stmt_execute_decode(z, n, WC_MYSQL_CAPS_DEFAULT, 0, &ex, &err) == WC_OK &&
		  ex.trailing_off == 10, "no parameters: a byte that is not a flag trails, ignored");
	free(z);

	/*
	 * Go's mymysql streams parameter 1 with COM_STMT_SEND_LONG_DATA and
	 * still writes a value for it: the server skips parameter 1, reads
	 * parameter 2 (STRING) from the 00 (the empty string) and ignores the
	 * 9 bytes after it.
	 */
	z = wc_unhex("175b000000000100000000010800fd00fe000100000000000000000873686f727420c3bc", &n);
	CHECK(wc_mysql_stmt_execute_decode_streamed(z, n, WC_MYSQL_CAPS_DEFAULT, 3, 2, &ex, &err) ==
		  WC_OK && ex.statement_id == 0x5b && ex.trailing_off == n - 9,
		  "streamed parameter with a value: 9 bytes trail");
	{
		wc_mysql_param_cursor c;
		wc_mysql_param p;

		wc_mysql_param_cursor_init(&ex.params, &c);
		CHECK(wc_mysql_param_next(z, n, &ex.params, &c, &p, &err) == WC_OK &&
			  p.type == 8 && p.value.len == 8 && z[p.value.off] == 1, "mymysql: parameter 0");
		CHECK(wc_mysql_param_next(z, n, &ex.params, &c, &p, &err) == WC_OK &&
			  p.streamed && p.value.is_null, "mymysql: parameter 1 streamed");
		CHECK(wc_mysql_param_next(z, n, &ex.params, &c, &p, &err) == WC_OK &&
			  p.type == 0xfe && !p.value.is_null && p.value.len == 1 && z[p.value.off] == 0,
			  "mymysql: parameter 2 is the empty string (00 as sent)");
	}
	/* without the streamed bit the same bytes are three values and no rest */
	CHECK(wc_mysql_stmt_execute_decode(z, n, WC_MYSQL_CAPS_DEFAULT, 3, &ex, &err) == WC_OK &&
		  ex.trailing_off == n, "mymysql bytes unstreamed: nothing trails");
	free(z);
}

static void
test_bulk(void)
{
	size_t		n;
	wc_mysql_bulk_execute be;
	wc_mysql_bulk_cursor c;
	wc_mysql_param p;
	wc_error	err = {0};
	int			ind;
	/* captured: INSERT INTO bk VALUES (?, ?) with 3 rows, the last value NULL */
	uint8_t    *b = wc_unhex("fa0200000080000300fe00000100000000036f6e6500020000000003"
							 "74776f000300000001", &n);

	CHECK(wc_mysql_bulk_execute_decode(b, n, 2, &be, &err) == WC_OK && be.statement_id == 2 &&
		  be.flags == WC_MYSQL_BULK_SEND_TYPES && be.rows == 3, "bulk: 3 rows");
	c.row = c.index = 0;
	c.pos = be.rows_off;
	for (int k = 0; k < 6; k++)
	{
		CHECK(wc_mysql_bulk_param_next(b, n, &be, &c, &p, &ind, &err) == WC_OK, "bulk value %d", k);
		CHECK(p.type == (k % 2 ? 0xfe : 3), "bulk value %d: type %d", k, p.type);
		CHECK((k == 5) == (ind == WC_MYSQL_BULK_NULL) && (k == 5) == p.value.is_null,
			  "bulk value %d: indicator %d", k, ind);
	}
	CHECK(wc_mysql_bulk_execute_decode(b, n - 1, 2, &be, &err) == WC_ERR_TRUNCATED &&
		  err.offset == n - 1 && err.index == 3 && strcmp(err.field, "indicator") == 0,
		  "bulk: the last row cut short");
	b[n - 1] = 7;
	CHECK(wc_mysql_bulk_execute_decode(b, n, 2, &be, &err) == WC_ERR_BAD_VALUE &&
		  err.offset == n - 1 && err.found == 7, "bulk: an indicator beyond IGNORE");
	b[n - 1] = 1;
	b[5] = 0;
	CHECK(wc_mysql_bulk_execute_decode(b, n, 2, &be, &err) == WC_ERR_UNSUPPORTED &&
		  strcmp(err.field, "flags") == 0, "bulk: types not sent");
	b[5] = 0x80;
	b[9] = 0x42;
	CHECK(wc_mysql_bulk_execute_decode(b, n, 2, &be, &err) == WC_ERR_UNSUPPORTED &&
		  err.offset == 9 && err.found == 0x42, "bulk: an unknown parameter type");
	b[9] = 0xfe;
	CHECK(wc_mysql_bulk_execute_decode(b, n, 7, &be, &err) != WC_OK, "bulk: more parameters than sent");
	b[0] = 0x17;
	CHECK(wc_mysql_bulk_execute_decode(b, n, 2, &be, &err) == WC_ERR_BAD_BYTE, "bulk: not FA");
	free(b);
}

/* COM_STMT_BULK_EXECUTE of 100k rows (one NULL parameter each) and
 * COM_STMT_EXECUTE of 60k parameters reach the interrupt hook. */
static void
test_interrupts(void)
{
	size_t		rows = 100000;
	size_t		n = 9 + rows;
	uint8_t    *b = malloc(n);
	wc_mysql_bulk_execute be;
	wc_error	err = {0};
	long		calls;

	memcpy(b, "\xfa\x02\x00\x00\x00\x80\x00\x03\x00", 9);
	memset(b + 9, WC_MYSQL_BULK_NULL, rows);
	wc_interrupts_count_start();
	CHECK(wc_mysql_bulk_execute_decode(b, n, 1, &be, &err) == WC_OK && be.rows == rows,
		  "bulk: 100k rows: %d", (int) err.status);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (rows / WC_INTERRUPT_STRIDE), "bulk: 100k rows: %ld checks", calls);
	free(b);
}

int
main(void)
{
	test_interrupts();
	test_query();
	test_execute();
	test_execute_streamed();
	test_bulk();
	return wc_summary("test_mysql_command");
}
