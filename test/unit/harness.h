/*
 * harness.h: the tiny test harness shared by the C unit tests of the core.
 * Reads the TSV vector files of test/vectors/ (raw text: LF lines, TAB
 * fields, no quoting), decodes hex and the MySQL formula grammar, counts
 * checks and prints one "N passed, N failed" line per test binary.
 */
#ifndef WC_HARNESS_H
#define WC_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define WC_TSV_MAXFIELDS 16

typedef struct wc_tsv
{
	FILE	   *fp;
	char		path[512];
	char	   *line;			/* current line, fields NUL-split in place */
	size_t		cap;
	int			lineno;			/* 1-based line number of the current row */
	int			nfields;
	char	   *field[WC_TSV_MAXFIELDS];
} wc_tsv;

/* Open test/vectors/<name> (or $WC_VECTORS/<name>) and skip its header row;
 * aborts the test binary if the file is missing. */
void		wc_tsv_open(wc_tsv *t, const char *name);

/* The same for a TSV file of the project's own (a path from the root). */
void		wc_tsv_open_path(wc_tsv *t, const char *path);

/* Read the next row; returns 0 at end of file. */
int			wc_tsv_next(wc_tsv *t);
void		wc_tsv_close(wc_tsv *t);

/* The whole of test/vectors/<name> (or $WC_VECTORS/<name>), a binary
 * file, in a malloc'd buffer; *len gets its size.  Aborts the test binary
 * if the file cannot be read. */
uint8_t    *wc_read_vector(const char *name, size_t *len);

/* Decode lowercase/uppercase hex, or the formula grammar
 * ("hex||repeat(hex,N)||..."), into a malloc'd buffer; *len gets the size.
 * Returns NULL on a malformed field. */
uint8_t    *wc_unhex(const char *s, size_t *len);

/* Render bytes as lowercase hex into a static buffer (for messages). */
const char *wc_hex(const uint8_t *p, size_t len);

/* A zstd frame of n zero bytes in RLE blocks of at most 128 KB (4 bytes
 * each), with window descriptor wd (0x38: 128 KB) and no content size, into
 * out (room for 6 + 4 * (n / 131072 + 1) bytes); returns its length.  For
 * decompression bombs built by hand. */
size_t		wc_zstd_zeros(uint8_t *out, size_t n, uint8_t wd);

/* Count the core's interrupt checks: wc_interrupts_count_start() installs a
 * counting wc_interrupt_hook, wc_interrupts_count_stop() removes it and
 * returns the number of checks made in between. */
void		wc_interrupts_count_start(void);
long		wc_interrupts_count_stop(void);

/* Checks: each counts as one pass or one fail; a fail prints where. */
extern int	wc_passed;
extern int	wc_failed;

void		wc_check(int ok, const char *file, int line, const char *fmt,...)
			__attribute__((format(printf, 4, 5)));

#define CHECK(cond, ...) wc_check((cond) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)

/* Compare two byte strings; prints both in hex on mismatch. */
#define CHECK_BYTES(got, gotlen, want, wantlen, ...) \
	wc_check_bytes((got), (gotlen), (want), (wantlen), __FILE__, __LINE__, __VA_ARGS__)
void		wc_check_bytes(const uint8_t *got, size_t gotlen,
						   const uint8_t *want, size_t wantlen,
						   const char *file, int line, const char *fmt,...)
			__attribute__((format(printf, 7, 8)));

/* Print "<suite>: N passed, N failed" and return the exit status. */
int			wc_summary(const char *suite);

#endif							/* WC_HARNESS_H */
