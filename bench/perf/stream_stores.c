/* Non-temporal against ordinary stores in plain C, outside tenferro: a loop
 * bound by its arithmetic (tanh(exp(a * b) + a) through libmvec, and twelve
 * dependent FMAs per vector) writing 2^N floats, each way, five runs, the
 * fastest. docs/performance.md ("Non-temporal stores") cites it for the
 * loops that tenferro-nontemporal-stores leaves alone (max-work-per-access).
 * Needs AVX-512F and glibc's libmvec:
 *   clang -O2 -march=native bench/perf/stream_stores.c -lmvec -lm \
 *     -o /tmp/stream_stores && /tmp/stream_stores 26 */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__m512 _ZGVeN16v_tanhf(__m512);
__m512 _ZGVeN16v_expf(__m512);

static float *a, *b, *o;
static long n;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
static __m512 chain(__m512 x, __m512 y) {
  return _ZGVeN16v_tanhf(_mm512_add_ps(_ZGVeN16v_expf(_mm512_mul_ps(x, y)), x));
}
static __m512 fmas(__m512 x) {
  for (int k = 0; k < 12; ++k)
    x = _mm512_fmadd_ps(x, x, _mm512_set1_ps(0.25f));
  return x;
}
static void chainStore(void) {
  for (long i = 0; i < n; i += 16)
    _mm512_store_ps(o + i, chain(_mm512_load_ps(a + i), _mm512_load_ps(b + i)));
}
static void chainStream(void) {
  for (long i = 0; i < n; i += 16)
    _mm512_stream_ps(o + i,
                     chain(_mm512_load_ps(a + i), _mm512_load_ps(b + i)));
}
static void fmasStore(void) {
  for (long i = 0; i < n; i += 16)
    _mm512_store_ps(o + i, fmas(_mm512_load_ps(a + i)));
}
static void fmasStream(void) {
  for (long i = 0; i < n; i += 16)
    _mm512_stream_ps(o + i, fmas(_mm512_load_ps(a + i)));
}

int main(int argc, char **argv) {
  n = 1L << (argc > 1 ? atoi(argv[1]) : 26);
  a = aligned_alloc(64, n * 4);
  b = aligned_alloc(64, n * 4);
  o = aligned_alloc(64, n * 4);
  for (long i = 0; i < n; ++i) {
    a[i] = (i % 1000) * 0.001f - 0.5f;
    b[i] = 0.7f;
    o[i] = 0;
  }
  void (*kernels[])(void) = {chainStore, chainStream, fmasStore, fmasStream};
  const char *names[] = {"tanh(exp(a*b)+a), stores",
                         "tanh(exp(a*b)+a), streamed", "12 FMAs, stores",
                         "12 FMAs, streamed"};
  double best[4] = {1e9, 1e9, 1e9, 1e9};
  for (int r = 0; r < 5; ++r)
    for (int k = 0; k < 4; ++k) {
      double t = now();
      kernels[k]();
      _mm_sfence();
      t = now() - t;
      if (t < best[k])
        best[k] = t;
    }
  for (int k = 0; k < 4; ++k)
    printf("%-28s %.2f ms\n", names[k], best[k] * 1e3);
  return 0;
}
