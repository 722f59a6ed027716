/*
 * bench_mysql.c: core micro-benchmarks of the MySQL protocol codec (no
 * server): int<lenenc> write/read per size class, int<N> writes and reads,
 * string<lenenc> of 10 and 1000 bytes against a memcpy of 1000 bytes in
 * the same binary, and the packet-level decoders.  Inputs are loop
 * invariant and the buffers L1-resident, as in the spec's reference table;
 * OPAQUE keeps the compiler from folding the input into the code.
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "mysql_int.h"
#include "mysql_lenenc.h"
#include "mysql_packet.h"

/* Make x unknown to the optimiser (it may have changed in a register). */
#define OPAQUE(x) __asm__ volatile("" : "+r"(x))

#define N_FAST 50000000L
#define N_SLOW 5000000L

static uint8_t buf[4096];

/* libc's memcpy through a pointer, as the codec's string writer calls it
 * (an inlined constant-size memcpy would be a different baseline). */
static void *(*volatile memcpy_fn) (void *, const void *, size_t) = memcpy;
static uint8_t src[4096];

/* int<lenenc> write and read of one value of each size class. */
static void
bench_lenenc_int(void)
{
	static const struct
	{
		const char *write_name;
		const char *read_name;
		uint64_t	v;
	}			cls[] = {
		{"lenenc int write 1 byte (100)", "lenenc int read 1 byte", 100},
		{"lenenc int write 3 bytes (60000)", "lenenc int read 3 bytes", 60000},
		{"lenenc int write 4 bytes (1000000)", "lenenc int read 4 bytes", 1000000},
		{"lenenc int write 9 bytes (2^40)", "lenenc int read 9 bytes", (uint64_t) 1 << 40},
	};

	for (int c = 0; c < 4; c++)
	{
		uint64_t	v = cls[c].v;

		WC_BENCH(cls[c].write_name, N_FAST, {
			uint64_t x = v;
			OPAQUE(x);
			size_t n = wc_mysql_lenenc_int_write(buf, x);
			WC_KEEP(n);
		});
	}
	for (int c = 0; c < 4; c++)
	{
		size_t		len = wc_mysql_lenenc_int_write(buf, cls[c].v);

		WC_BENCH(cls[c].read_name, N_FAST, {
			const uint8_t *p = buf;
			size_t avail = len;
			uint64_t val = 0;
			size_t used = 0;
			OPAQUE(p);
			OPAQUE(avail);
			wc_status st = wc_mysql_lenenc_int_read(p, avail, &val, &used);
			WC_KEEP(st);
			WC_KEEP(val);
			WC_KEEP(used);
		});
	}
}

/* int<N> writes and reads of widths 2, 4, 8. */
static void
bench_fixed_int(void)
{
	uint64_t	v = 0x0102030405060708ULL;

	WC_BENCH("fixed int<2> write", N_FAST, {
		uint64_t x = v;
		OPAQUE(x);
		wc_mysql_int_write(buf, x, 2);
		WC_KEEP(buf[0]);
	});
	WC_BENCH("fixed int<4> write", N_FAST, {
		uint64_t x = v;
		OPAQUE(x);
		wc_mysql_int_write(buf, x, 4);
		WC_KEEP(buf[0]);
	});
	WC_BENCH("fixed int<8> write", N_FAST, {
		uint64_t x = v;
		OPAQUE(x);
		wc_mysql_int_write(buf, x, 8);
		WC_KEEP(buf[0]);
	});
	WC_BENCH("fixed int<2> read", N_FAST, {
		const uint8_t *p = buf;
		OPAQUE(p);
		uint64_t x = wc_mysql_int_read(p, 2);
		WC_KEEP(x);
	});
	WC_BENCH("fixed int<4> read", N_FAST, {
		const uint8_t *p = buf;
		OPAQUE(p);
		uint64_t x = wc_mysql_int_read(p, 4);
		WC_KEEP(x);
	});
	WC_BENCH("fixed int<8> read", N_FAST, {
		const uint8_t *p = buf;
		OPAQUE(p);
		uint64_t x = wc_mysql_int_read(p, 8);
		WC_KEEP(x);
	});
}

/* string<lenenc>: write and (zero-copy) read of 10 and 1000 bytes, and the
 * memcpy of 1000 bytes that bounds the write. */
static void
bench_lenenc_str(void)
{
	for (int i = 0; i < (int) sizeof(src); i++)
		src[i] = (uint8_t) (i * 7 + 1);

	WC_BENCH("baseline memcpy 1000 bytes", N_SLOW, {
		const uint8_t *s = src;
		OPAQUE(s);
		memcpy_fn(buf, s, 1000);
		WC_KEEP(buf[999]);
	});
	/* the string writer's copy lands 3 bytes in (after FC + int<2>) */
	WC_BENCH("baseline memcpy 1000 bytes to offset 3", N_SLOW, {
		const uint8_t *s = src;
		OPAQUE(s);
		memcpy_fn(buf + 3, s, 1000);
		WC_KEEP(buf[999]);
	});
	WC_BENCH("baseline memcpy 10 bytes", N_FAST / 2, {
		const uint8_t *s = src;
		OPAQUE(s);
		memcpy_fn(buf, s, 10);
		WC_KEEP(buf[9]);
	});
	WC_BENCH("lenenc str write 10 bytes", N_FAST / 2, {
		const uint8_t *s = src;
		OPAQUE(s);
		size_t len = 10;
		OPAQUE(len);	/* a run-time length, as in the SQL glue */
		size_t n = wc_mysql_lenenc_str_write(buf, s, len);
		WC_KEEP(n);
	});
	WC_BENCH("lenenc str write 1000 bytes", N_SLOW, {
		const uint8_t *s = src;
		OPAQUE(s);
		size_t len = 1000;
		OPAQUE(len);	/* a run-time length, as in the SQL glue */
		size_t n = wc_mysql_lenenc_str_write(buf, s, len);
		WC_KEEP(n);
	});
	{
		size_t		len10 = wc_mysql_lenenc_str_write(buf, src, 10);

		WC_BENCH("lenenc str read 10 bytes (slice, no copy)", N_FAST / 2, {
			const uint8_t *p = buf;
			OPAQUE(p);
			wc_mysql_slice s;
			size_t next;
			wc_status st = wc_mysql_lenenc_str_get(p, len10, 0, &s, &next, NULL);
			WC_KEEP(st);
			WC_KEEP(s.len);
		});
	}
	{
		size_t		len1000 = wc_mysql_lenenc_str_write(buf, src, 1000);

		WC_BENCH("lenenc str read 1000 bytes (slice, no copy)", N_FAST / 2, {
			const uint8_t *p = buf;
			OPAQUE(p);
			wc_mysql_slice s;
			size_t next;
			wc_status st = wc_mysql_lenenc_str_get(p, len1000, 0, &s, &next, NULL);
			WC_KEEP(st);
			WC_KEEP(s.len);
		});
		WC_BENCH("lenenc str read 1000 bytes + memcpy out", N_SLOW, {
			const uint8_t *p = buf;
			OPAQUE(p);
			wc_mysql_slice s;
			size_t next;
			(void) wc_mysql_lenenc_str_get(p, len1000, 0, &s, &next, NULL);
			memcpy_fn(src + 2048, p + s.off, s.len);
			WC_KEEP(src[2048]);
		});
	}
}

/* Packet level: a 10-column text row, a column definition, an OK packet,
 * framing 1000 bytes. */
static void
bench_packets(void)
{
	static const uint8_t coldef[] = {
		0x03, 'd', 'e', 'f', 0x04, 's', 'h', 'o', 'p', 0x01, 'u', 0x05, 'u', 's', 'e', 'r', 's',
		0x02, 'i', 'd', 0x02, 'i', 'd', 0x0c, 0x3f, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x03, 0x03,
		0x02, 0x00, 0x00, 0x00
	};
	static const uint8_t ok[] = {0x00, 0x01, 0xfc, 0x2c, 0x01, 0x02, 0x00, 0x00, 0x00};
	uint8_t		row[256];
	size_t		rowlen = 0;
	uint8_t		framed[1100];

	for (int c = 0; c < 10; c++)
	{
		if (c == 3)
			row[rowlen++] = 0xfb;
		else
			rowlen += wc_mysql_lenenc_str_write(row + rowlen, src, (size_t) (c * 3 + 1));
	}
	WC_BENCH("text row check, 10 columns", N_SLOW, {
		const uint8_t *p = row;
		OPAQUE(p);
		size_t n;
		wc_status st = wc_mysql_text_row_count(p, rowlen, &n, NULL);
		WC_KEEP(st);
		WC_KEEP(n);
	});
	WC_BENCH("column definition decode", N_SLOW, {
		const uint8_t *p = coldef;
		OPAQUE(p);
		wc_mysql_column_def cd;
		wc_status st = wc_mysql_column_def_decode(p, sizeof(coldef), WC_MYSQL_CD_EXT_ABSENT, &cd, NULL);
		WC_KEEP(st);
		WC_KEEP(cd.flags);
	});
	WC_BENCH("OK packet decode", N_SLOW, {
		const uint8_t *p = ok;
		OPAQUE(p);
		wc_mysql_ok o;
		wc_status st = wc_mysql_ok_decode(p, sizeof(ok), WC_MYSQL_CLIENT_PROTOCOL_41, &o, NULL);
		WC_KEEP(st);
		WC_KEEP(o.last_insert_id);
	});
	WC_BENCH("packet frame 1000 bytes", N_SLOW, {
		const uint8_t *s = src;
		OPAQUE(s);
		size_t n = wc_mysql_frame_write(framed, s, 1000, 0);
		WC_KEEP(n);
	});
}

int
main(void)
{
	bench_lenenc_int();
	bench_fixed_int();
	bench_lenenc_str();
	bench_packets();
	return 0;
}
