/* The memory bandwidth of this machine over time, in plain C outside
 * tenferro: the ceiling of the memory-bound workloads, and of what a second
 * thread can add (docs/performance.md, "Where the targets are missed").
 * Each series streams over 2^26 doubles (512 MiB) `rounds` times in a row
 * after `idle` seconds without memory traffic, and prints the bandwidth
 * (GB/s of data read or written) of the first round, the median and the
 * maximum of the rounds after it:
 *   write  fills the buffer with non-temporal stores (as tenferro's kernels
 *          write buffers of 32 MiB or more; `outer` and `xbxb` do little
 *          else),
 *   read   sums it in four vector accumulators,
 * on one thread and on OMP_NUM_THREADS threads, each a contiguous part (as
 * tenferro's parallel loops cut rows). On a machine whose bandwidth is
 * steady, the first round and the median agree. Needs AVX:
 *   /usr/lib/llvm-22/bin/clang -O2 -march=native -fopenmp \
 *     bench/perf/bandwidth_over_time.c -L/usr/lib/llvm-22/lib \
 *     -Wl,-rpath,/usr/lib/llvm-22/lib -o /tmp/bandwidth_over_time &&
 *   OMP_NUM_THREADS=2 /tmp/bandwidth_over_time [rounds [idle]] */
#include <immintrin.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define N (1L << 26)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void writeStream(double *restrict out, double value, int threads) {
  __m256d v = _mm256_set1_pd(value);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (long i = 0; i < N; i += 4)
    _mm256_stream_pd(out + i, v);
  _mm_sfence();
}

static double readSum(const double *restrict in, int threads) {
  double total = 0;
#pragma omp parallel num_threads(threads) reduction(+ : total)
  {
    __m256d a0 = _mm256_setzero_pd(), a1 = a0, a2 = a0, a3 = a0;
#pragma omp for schedule(static)
    for (long i = 0; i < N; i += 16) {
      a0 = _mm256_add_pd(a0, _mm256_load_pd(in + i));
      a1 = _mm256_add_pd(a1, _mm256_load_pd(in + i + 4));
      a2 = _mm256_add_pd(a2, _mm256_load_pd(in + i + 8));
      a3 = _mm256_add_pd(a3, _mm256_load_pd(in + i + 12));
    }
    double lanes[4];
    _mm256_storeu_pd(
        lanes, _mm256_add_pd(_mm256_add_pd(a0, a1), _mm256_add_pd(a2, a3)));
    total += lanes[0] + lanes[1] + lanes[2] + lanes[3];
  }
  return total;
}

static int byValue(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 40;
  int idle = argc > 2 ? atoi(argv[2]) : 10;
  if (rounds < 2) {
    fprintf(stderr, "rounds must be at least 2\n");
    return 1;
  }
  double *buffer = aligned_alloc(64, N * sizeof(double));
  double *gbps = malloc(rounds * sizeof(double));
  int many = omp_get_max_threads();
#pragma omp parallel for num_threads(many)
  for (long i = 0; i < N; i++) /* every page touched, by the threads */
    buffer[i] = (double)(i & 7);
  double sink = 0;
  printf("| series | threads | first round | median after | max after |\n");
  printf("|---|---|---|---|---|\n");
  for (int write = 1; write >= 0; write--)
    for (int threads = 1; threads <= many;
         threads = threads < many ? many : many + 1) {
      sleep(idle);
      for (int round = 0; round < rounds; round++) {
        double start = now();
        if (write)
          writeStream(buffer, (double)(round & 7), threads);
        else
          sink += readSum(buffer, threads);
        gbps[round] = N * sizeof(double) / (now() - start) / 1e9;
      }
      double first = gbps[0];
      qsort(gbps + 1, rounds - 1, sizeof(double), byValue);
      printf("| %s | %d | %.1f GB/s | %.1f GB/s | %.1f GB/s |\n",
             write ? "write" : "read", threads, first, gbps[rounds / 2],
             gbps[rounds - 1]);
      fflush(stdout);
    }
  free(gbps);
  free(buffer);
  return sink == 42.0; /* keeps the sums */
}
