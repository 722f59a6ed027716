/* harness.c: implementation of the unit-test harness (see harness.h). */
#define _GNU_SOURCE
#include "harness.h"
#include "wc_status.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int			wc_passed;
int			wc_failed;

void
wc_tsv_open(wc_tsv *t, const char *name)
{
	const char *dir = getenv("WC_VECTORS");
	char		path[512];

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : "test/vectors", name);
	wc_tsv_open_path(t, path);
}

uint8_t *
wc_read_vector(const char *name, size_t *len)
{
	char		path[512];
	const char *dir = getenv("WC_VECTORS");
	FILE	   *f;
	uint8_t    *buf;
	long		n;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : "test/vectors", name);
	f = fopen(path, "rb");
	if (!f)
	{
		fprintf(stderr, "cannot open %s\n", path);
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n > 0 ? n : 1);
	if (n < 0 || fread(buf, 1, n, f) != (size_t) n)
	{
		fprintf(stderr, "cannot read %s\n", path);
		exit(2);
	}
	fclose(f);
	*len = (size_t) n;
	return buf;
}

void
wc_tsv_open_path(wc_tsv *t, const char *path)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->path, sizeof(t->path), "%s", path);
	t->fp = fopen(t->path, "r");
	if (t->fp == NULL)
	{
		fprintf(stderr, "cannot open vector file %s\n", t->path);
		exit(2);
	}
	if (!wc_tsv_next(t))
	{
		fprintf(stderr, "vector file %s has no header row\n", t->path);
		exit(2);
	}
}

int
wc_tsv_next(wc_tsv *t)
{
	ssize_t		n = getline(&t->line, &t->cap, t->fp);
	char	   *p;

	if (n < 0)
		return 0;
	t->lineno++;
	if (n > 0 && t->line[n - 1] == '\n')
		t->line[--n] = '\0';
	t->nfields = 0;
	p = t->line;
	for (;;)
	{
		char	   *tab = strchr(p, '\t');

		if (t->nfields < WC_TSV_MAXFIELDS)
			t->field[t->nfields++] = p;
		if (tab == NULL)
			break;
		*tab = '\0';
		p = tab + 1;
	}
	return 1;
}

void
wc_tsv_close(wc_tsv *t)
{
	if (t->fp)
		fclose(t->fp);
	free(t->line);
	t->fp = NULL;
	t->line = NULL;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Append the hex digits s[0..n) to buf; returns 0 on bad hex. */
static int
append_hex(const char *s, size_t n, uint8_t **buf, size_t *len, size_t *cap)
{
	if (n % 2)
		return 0;
	if (*len + n / 2 > *cap)
	{
		*cap = (*len + n / 2) * 2 + 16;
		*buf = realloc(*buf, *cap);
	}
	for (size_t i = 0; i < n; i += 2)
	{
		int			hi = hexval((unsigned char) s[i]);
		int			lo = hexval((unsigned char) s[i + 1]);

		if (hi < 0 || lo < 0)
			return 0;
		(*buf)[(*len)++] = (uint8_t) (hi << 4 | lo);
	}
	return 1;
}

uint8_t *
wc_unhex(const char *s, size_t *len)
{
	size_t		cap = strlen(s) / 2 + 1;
	uint8_t    *buf = malloc(cap);

	*len = 0;
	while (*s)
	{
		const char *end = strstr(s, "||");
		size_t		n = end ? (size_t) (end - s) : strlen(s);

		if (n > 7 && strncmp(s, "repeat(", 7) == 0)
		{
			const char *comma = memchr(s, ',', n);
			long		count;
			size_t		start = *len;
			size_t		unit;

			if (comma == NULL || s[n - 1] != ')')
				goto bad;
			if (!append_hex(s + 7, comma - (s + 7), &buf, len, &cap))
				goto bad;
			unit = *len - start;
			count = strtol(comma + 1, NULL, 10);
			if (count < 0)
				goto bad;
			if (count == 0)
				*len = start;
			for (long i = 1; i < count; i++)
			{
				if (*len + unit > cap)
				{
					cap = (*len + unit) * 2;
					buf = realloc(buf, cap);
				}
				memcpy(buf + *len, buf + start, unit);
				*len += unit;
			}
		}
		else if (!append_hex(s, n, &buf, len, &cap))
			goto bad;
		s += n;
		if (end)
			s += 2;
	}
	return buf;
bad:
	free(buf);
	return NULL;
}

const char *
wc_hex(const uint8_t *p, size_t len)
{
	static char out[4096];
	size_t		i;

	for (i = 0; i < len && i * 2 + 4 < sizeof(out); i++)
		snprintf(out + i * 2, 3, "%02x", p[i]);
	if (i < len)
		strcpy(out + i * 2, "..");
	out[i * 2 + (i < len ? 2 : 0)] = '\0';
	return out;
}

void
wc_check(int ok, const char *file, int line, const char *fmt,...)
{
	va_list		ap;

	if (ok)
	{
		wc_passed++;
		return;
	}
	wc_failed++;
	fprintf(stderr, "FAIL %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
wc_check_bytes(const uint8_t *got, size_t gotlen, const uint8_t *want,
			   size_t wantlen, const char *file, int line, const char *fmt,...)
{
	va_list		ap;

	if (gotlen == wantlen && (wantlen == 0 || memcmp(got, want, wantlen) == 0))
	{
		wc_passed++;
		return;
	}
	wc_failed++;
	fprintf(stderr, "FAIL %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n  got  %s\n", wc_hex(got, gotlen));
	fprintf(stderr, "  want %s\n", wc_hex(want, wantlen));
}

int
wc_summary(const char *suite)
{
	printf("%s: %d passed, %d failed\n", suite, wc_passed, wc_failed);
	return wc_failed ? 1 : 0;
}

/* A zstd frame of zero bytes (see harness.h). */
size_t
wc_zstd_zeros(uint8_t *out, size_t n, uint8_t wd)
{
	size_t		p = 0;
	static const uint8_t head[] = {0x28, 0xb5, 0x2f, 0xfd, 0x00};

	memcpy(out, head, sizeof(head));
	p = sizeof(head);
	out[p++] = wd;
	do
	{
		size_t		b = n > 131072 ? 131072 : n;
		uint32_t	h = (uint32_t) (b << 3) | 1 << 1 | (n == b);

		out[p++] = h & 0xff;
		out[p++] = (h >> 8) & 0xff;
		out[p++] = (h >> 16) & 0xff;
		out[p++] = 0;
		n -= b;
	} while (n);
	return p;
}

static long wc_interrupts_counted;

/* The counting hook. */
static void
wc_interrupts_count(void)
{
	wc_interrupts_counted++;
}

void
wc_interrupts_count_start(void)
{
	wc_interrupts_counted = 0;
	wc_interrupt_hook = wc_interrupts_count;
}

long
wc_interrupts_count_stop(void)
{
	wc_interrupt_hook = NULL;
	return wc_interrupts_counted;
}
