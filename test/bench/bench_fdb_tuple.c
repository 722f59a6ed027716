/*
 * bench_fdb_tuple.c: core pack/unpack micro-benchmarks for the workloads
 * of the spec's section 8 (Simple, Namespaces, Integers, StringsNUL,
 * Doubles), with a memcpy of the same bytes as the floor.  Also counts
 * heap allocations per operation by interposing malloc: the core takes
 * caller buffers, so the figure must be 0.
 *
 * pack   = exact size (wc_fdb_events_size) + one write pass into a buffer.
 * unpack = read every element (integers and floats decoded, strings
 *          unescaped into a scratch buffer), i.e. the values a binding
 *          hands back.
 */
#include "bench.h"
#include "fdb_tuple.h"

#include <stdlib.h>
#include <string.h>

/* ---- allocation counter (glibc lets the executable interpose malloc) ---- */
extern void *__libc_malloc(size_t size);
static volatile long n_malloc;

void	   *malloc(size_t size);
void *
malloc(size_t size)
{
	n_malloc++;
	return __libc_malloc(size);
}

typedef struct workload
{
	const char *name;
	wc_fdb_elem	ev[32];
	size_t		n;
	uint8_t		packed[256];
	size_t		packed_len;
} workload;

static wc_fdb_elem
str(wc_fdb_type t, const char *s, size_t n)
{
	wc_fdb_elem	e;

	memset(&e, 0, sizeof(e));
	e.type = t;
	e.ptr = (const uint8_t *) s;
	e.len = n;
	return e;
}

static wc_fdb_elem
i64(int64_t v)
{
	wc_fdb_elem	e;

	memset(&e, 0, sizeof(e));
	e.type = WC_FDB_INT;
	e.v.i = v;
	return e;
}

static wc_fdb_elem
f64(double d)
{
	wc_fdb_elem	e;

	memset(&e, 0, sizeof(e));
	e.type = WC_FDB_DOUBLE;
	memcpy(&e.v.f64, &d, 8);
	return e;
}

static void
setup(workload *w)
{
	size_t		size,
				ninc,
				erri;

	if (wc_fdb_events_size(w->ev, w->n, &size, &ninc, &erri) != WC_OK || size > sizeof(w->packed))
		abort();
	w->packed_len = (size_t) (wc_fdb_events_write(w->packed, w->ev, w->n) - w->packed);
}

/* Unpack: decode every element; unescape strings into scratch. */
static size_t
unpack(const uint8_t *buf, size_t len, wc_fdb_elem *out, uint8_t *scratch)
{
	wc_fdb_reader	r;
	size_t		n = 0;

	wc_fdb_reader_init(&r, buf, len);
	while (wc_fdb_read(&r, &out[n]) == WC_OK && out[n].type != WC_FDB_END)
	{
		if ((out[n].type == WC_FDB_STRING || out[n].type == WC_FDB_BYTES) && out[n].escaped)
		{
			wc_fdb_unescape(scratch, &out[n]);
			out[n].ptr = scratch;
			scratch += out[n].len;
		}
		n++;
	}
	return n;
}

/* Pack: exact size, then write (the caller's buffer stands for the one
 * allocation the SQL glue makes). */
static size_t
pack(const workload *wk, uint8_t *out)
{
	size_t		size,
				ninc,
				erri;

	if (wc_fdb_events_size(wk->ev, wk->n, &size, &ninc, &erri) != WC_OK)
		abort();
	wc_fdb_events_write(out, wk->ev, wk->n);
	return size;
}

int
main(int argc, char **argv)
{
	static workload w[5];
	static const int64_t ints[20] = {0, 1, -1, 42, -42, 255, 256, -256, 65535, -65536,
		1234567, -5551212, INT64_C(9223372036854775807), INT64_MIN, 4294967296, -4294967296,
	100, 1000, 1000000, -1000000000};
	static const double dbls[10] = {0.0, -0.0, 1.5, -2.25, 3.141592653589793, -1e300, 1e-300,
	123456.789, -0.001, 6.02214076e23};
	long		iters = argc > 1 ? atol(argv[1]) : 2000000;
	int			k,
				i;

	w[0].name = "Simple (\"users\", 42)";
	w[0].ev[0] = str(WC_FDB_STRING, "users", 5);
	w[0].ev[1] = i64(42);
	w[0].n = 2;

	w[1].name = "Namespaces (4 strings, int)";
	w[1].ev[0] = str(WC_FDB_STRING, "app", 3);
	w[1].ev[1] = str(WC_FDB_STRING, "users", 5);
	w[1].ev[2] = str(WC_FDB_STRING, "by_email", 8);
	w[1].ev[3] = str(WC_FDB_STRING, "alice@example.com", 17);
	w[1].ev[4] = i64(1234567);
	w[1].n = 5;

	w[2].name = "Integers (20 mixed int64)";
	for (i = 0; i < 20; i++)
		w[2].ev[i] = i64(ints[i]);
	w[2].n = 20;

	w[3].name = "StringsNUL (6 strings with NULs)";
	w[3].ev[0] = str(WC_FDB_BYTES, "foo\0bar", 7);
	w[3].ev[1] = str(WC_FDB_STRING, "a\0b\0c", 5);
	w[3].ev[2] = str(WC_FDB_BYTES, "\0\0\0\0", 4);
	w[3].ev[3] = str(WC_FDB_STRING, "namespace\0key", 13);
	w[3].ev[4] = str(WC_FDB_BYTES, "\xff\0\xff\0\x01", 5);
	w[3].ev[5] = str(WC_FDB_STRING, "tail\0", 5);
	w[3].n = 6;

	w[4].name = "Doubles (10 incl. -0.0)";
	for (i = 0; i < 10; i++)
		w[4].ev[i] = f64(dbls[i]);
	w[4].n = 10;

	for (k = 0; k < 5; k++)
		setup(&w[k]);

	for (k = 0; k < 5; k++)
	{
		uint8_t		out[256];
		wc_fdb_elem	elems[32];
		uint8_t		scratch[256];
		char		label[96];
		long		before;
		workload   *wk = &w[k];

		snprintf(label, sizeof(label), "fdb pack   %s [%zu B]", wk->name, wk->packed_len);
		before = n_malloc;
		WC_BENCH(label, iters, {
			WC_KEEP(pack(wk, out));
			WC_KEEP(out);
		});
		printf("core\t%-48s\t%8.2f allocs/op\n", "  (allocations)", (double) (n_malloc - before) / (5.0 * iters));
		if (memcmp(out, wk->packed, wk->packed_len) != 0)
			abort();

		snprintf(label, sizeof(label), "fdb unpack %s", wk->name);
		before = n_malloc;
		WC_BENCH(label, iters, {
			WC_KEEP(unpack(wk->packed, wk->packed_len, elems, scratch));
			WC_KEEP(elems);
		});
		printf("core\t%-48s\t%8.2f allocs/op\n", "  (allocations)", (double) (n_malloc - before) / (5.0 * iters));

		snprintf(label, sizeof(label), "memcpy baseline %zu B", wk->packed_len);
		WC_BENCH(label, iters, {
			memcpy(out, wk->packed, wk->packed_len);
			WC_KEEP(out);
		});
	}
	return 0;
}
