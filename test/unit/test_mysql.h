/*
 * test_mysql.h: small helpers shared by the MySQL core unit tests
 * (test_mysql_lenenc.c, test_mysql_int.c, test_mysql_packet.c).
 */
#ifndef WC_TEST_MYSQL_H
#define WC_TEST_MYSQL_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Strict decimal 0 .. 2^64-1: digits only, no sign, no overflow. */
static inline int
tm_parse_u64(const char *s, uint64_t *v)
{
	uint64_t	r = 0;

	if (*s == '\0')
		return 0;
	for (; *s; s++)
	{
		if (*s < '0' || *s > '9')
			return 0;
		if (r > (UINT64_MAX - (uint64_t) (*s - '0')) / 10)
			return 0;
		r = r * 10 + (uint64_t) (*s - '0');
	}
	*v = r;
	return 1;
}

/* The number after `key` in s (e.g. "needs " in a reason), or -1. */
static inline long long
tm_number_after(const char *s, const char *key)
{
	const char *p = strstr(s, key);

	return p ? strtoll(p + strlen(key), NULL, 10) : -1;
}

#endif							/* WC_TEST_MYSQL_H */
