/* What an OpenMP `if` clause that is false costs, against a plain loop, in
 * plain C with LLVM's libomp: the alternative to the sequential copy that
 * tenferro-serialize-small-parallel-loops puts beside a parallel nest of
 * dynamic extent. A false `if` still enters the runtime: the region is
 * serialized (__kmpc_serialized_parallel, the outlined body, its
 * worksharing loop's __kmpc_for_static_init/fini, then
 * __kmpc_end_serialized_parallel), which is what MLIR's omp.parallel
 * `if(%c)` becomes too (through __kmpc_fork_call_if). For a loop adding n
 * floats, n = 64, 512, 4096: per call, the fastest of five rounds, the plain
 * loop, the region with `if` false, and the region on OMP_NUM_THREADS
 * threads. docs/performance.md ("Dynamic extents") cites it.
 *   /usr/lib/llvm-22/bin/clang -O2 -march=native -fopenmp \
 *     bench/perf/omp_if_cost.c -L/usr/lib/llvm-22/lib \
 *     -Wl,-rpath,/usr/lib/llvm-22/lib -o /tmp/omp_if_cost &&
 *   OMP_NUM_THREADS=2 /tmp/omp_if_cost */
#include <stdio.h>
#include <time.h>

#define MAX_N 4096
static float a[MAX_N], b[MAX_N], c[MAX_N];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

__attribute__((noinline)) static void plain(int n) {
  for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i];
}

__attribute__((noinline)) static void region(int n, int parallel) {
#pragma omp parallel for if (parallel) schedule(static)
  for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i];
}

/* Seconds per call of `what` (0 plain, 1 `if` false, 2 parallel), the
 * fastest of five rounds of `calls` calls. */
static double perCall(int what, int n, int calls) {
  /* volatile: the condition is known only at run time, as in tenferro's
   * versioning. */
  volatile int parallel = what == 2;
  double best = 1e30;
  for (int round = 0; round < 5; round++) {
    double start = now();
    for (int k = 0; k < calls; k++) {
      if (what == 0)
        plain(n);
      else
        region(n, parallel);
      /* The arrays are read and written between calls, so that no call
       * is dropped as a repeat of the one before. */
      __asm__ volatile("" : : "r"(c) : "memory");
    }
    double t = (now() - start) / calls;
    best = t < best ? t : best;
  }
  return best;
}

int main(void) {
  for (int i = 0; i < MAX_N; i++) {
    a[i] = (float)i;
    b[i] = 1.0f;
  }
  printf("| n | plain loop | `if` false | parallel | `if` false / plain |\n");
  printf("|---|---|---|---|---|\n");
  for (int n = 64; n <= MAX_N; n *= 8) {
    double p = perCall(0, n, 200000);
    double s = perCall(1, n, 200000);
    double t = perCall(2, n, 20000);
    printf("| %d | %.3f us | %.3f us | %.3f us | %.0fx |\n", n, p * 1e6,
           s * 1e6, t * 1e6, s / p);
  }
  return 0;
}
