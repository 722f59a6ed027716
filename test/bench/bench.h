/*
 * bench.h: micro-benchmark helpers for the C core (header-only).
 * WC_BENCH(name, iters, body) runs body iters times, five rounds, and
 * prints the median ns/op.  Results go through wc_sink so the compiler
 * cannot drop the work.  Figures are for ratios within one run: the
 * machines are shared and noisy.
 */
#ifndef WC_BENCH_H
#define WC_BENCH_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile uint64_t wc_sink;

/* Keep a value alive without a store the optimiser can see through. */
#define WC_KEEP(x) __asm__ volatile("" : : "g"(x) : "memory")

static inline double
wc_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int
wc_cmp_double(const void *a, const void *b)
{
	double		x = *(const double *) a,
				y = *(const double *) b;

	return (x > y) - (x < y);
}

/* Print one result row: "core  <name>  <ns/op>" (machine-readable). */
static inline void
wc_bench_report(const char *name, double ns)
{
	printf("core\t%-48s\t%8.2f ns/op\n", name, ns);
	fflush(stdout);
}

#define WC_BENCH(name, iters, body) \
	do { \
		double wc_r_[5]; \
		for (int wc_k_ = 0; wc_k_ < 5; wc_k_++) \
		{ \
			double wc_t0_ = wc_now_ns(); \
			for (long wc_i_ = 0; wc_i_ < (long) (iters); wc_i_++) \
			{ body; } \
			wc_r_[wc_k_] = (wc_now_ns() - wc_t0_) / (double) (iters); \
		} \
		qsort(wc_r_, 5, sizeof(double), wc_cmp_double); \
		wc_bench_report((name), wc_r_[2]); \
	} while (0)

#endif							/* WC_BENCH_H */
