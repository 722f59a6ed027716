/*
 * test_mysql_command.c: unit tests of COM_QUERY (with and without query
 * attributes) and COM_STMT_EXECUTE (bound, unbound, NULL bitmap, every
 * value width, MySQL 8's parameter count and names), and their errors.
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

int
main(void)
{
	test_query();
	test_execute();
	return wc_summary("test_mysql_command");
}
