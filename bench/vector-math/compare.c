/* Speed and accuracy of three implementations of vector transcendentals on
 * this machine (AVX-512, 16 f32 / 8 f64 lanes), for docs/performance.md
 * ("Vector transcendentals"): glibc's libmvec (_ZGVeN16v_expf, ...), SLEEF's
 * 1-ulp functions (Sleef_expf16_u10avx512f, ...) and MLIR's polynomial
 * approximations (the kernels of kernels.mlir, lowered by run.sh; f32 only:
 * MLIR 22 leaves f64 ops alone).
 *
 * Error: the largest over 2^20 inputs, half uniform over every bit pattern
 * and half uniform over the range users call the function on, in ulps of
 * the exact value (long double reference); a NaN or infinity where the
 * reference has none counts as inf. Time: nanoseconds per element, the
 * fastest of 5 passes over 2^20 in-range inputs (4 or 8 MiB: in L2/L3). */
#include <immintrin.h>
#include <math.h>
#include <sleef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define N (1 << 20)
#define DECLARE(n)                                                             \
  __m512 _ZGVeN16v_##n##f(__m512);                                             \
  __m512d _ZGVeN8v_##n(__m512d);                                               \
  void poly_##n##_f32(float *, float *);
DECLARE(exp)
DECLARE(log)
DECLARE(sin)
DECLARE(cos)
DECLARE(tanh)
DECLARE(expm1)
DECLARE(log1p)

typedef __m512 (*vf)(__m512);
typedef __m512d (*vd)(__m512d);
typedef void (*kernel)(float *, float *);
typedef long double (*reference)(long double);

static float inf32[N], outf32[N];
static double inf64[N], outf64[N];
static uint64_t state = 88172645463325252ull;
static uint64_t next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
static double uniform(double lo, double hi) {
  return lo + (hi - lo) * (next() >> 11) * 0x1p-53;
}

static double ulps(long double got, long double want, int mant, int emin,
                   int isf32) {
  if (isnan(got) || isnan(want))
    return isnan(got) && isnan(want) ? 0 : INFINITY;
  long double rounded = isf32 ? (float)want : (double)want;
  if (isinf(rounded) || isinf(got))
    return got == rounded ? 0 : INFINITY;
  int e = fabsl(want) < ldexpl(1.0L, emin) ? emin : ilogbl(want);
  return fabsl(got - want) / ldexpl(1.0L, e - mant);
}

static void inputs32(int mixed, double lo, double hi) {
  for (int i = 0; i < N; ++i) {
    if (mixed && (i & 1)) {
      uint32_t b = (uint32_t)next();
      memcpy(&inf32[i], &b, 4);
    } else {
      inf32[i] = (float)uniform(lo, hi);
    }
  }
}
static void inputs64(int mixed, double lo, double hi) {
  for (int i = 0; i < N; ++i) {
    if (mixed && (i & 1)) {
      uint64_t b = next();
      memcpy(&inf64[i], &b, 8);
    } else {
      inf64[i] = uniform(lo, hi);
    }
  }
}
static double error32(reference f) {
  double worst = 0;
  for (int i = 0; i < N; ++i) {
    double u = ulps(outf32[i], f(inf32[i]), 23, -126, 1);
    worst = u > worst ? u : worst;
  }
  return worst;
}
static double error64(reference f) {
  double worst = 0;
  for (int i = 0; i < N; ++i) {
    double u = ulps(outf64[i], f(inf64[i]), 52, -1022, 0);
    worst = u > worst ? u : worst;
  }
  return worst;
}
static void apply32(vf f) {
  for (int i = 0; i < N; i += 16)
    _mm512_storeu_ps(outf32 + i, f(_mm512_loadu_ps(inf32 + i)));
}
static void apply64(vd f) {
  for (int i = 0; i < N; i += 8)
    _mm512_storeu_pd(outf64 + i, f(_mm512_loadu_pd(inf64 + i)));
}
#define FASTEST(call)                                                          \
  ({                                                                           \
    double best = 1e9;                                                         \
    for (int r = 0; r < 5; ++r) {                                              \
      double t = now();                                                        \
      call;                                                                    \
      t = now() - t;                                                           \
      best = t < best ? t : best;                                              \
    }                                                                          \
    best / N * 1e9;                                                            \
  })

static void row32(const char *name, vf mvec, vf sleef, kernel poly,
                  reference ref, double lo, double hi) {
  double e[3], t[3];
  inputs32(1, lo, hi);
  apply32(mvec);
  e[0] = error32(ref);
  apply32(sleef);
  e[1] = error32(ref);
  poly(inf32, outf32);
  e[2] = error32(ref);
  inputs32(0, lo, hi);
  t[0] = FASTEST(apply32(mvec));
  t[1] = FASTEST(apply32(sleef));
  t[2] = FASTEST(poly(inf32, outf32));
  printf("| `%s` | f32 | %.2f, %.2f ns | %.2f, %.2f ns | %.3g, %.2f ns |\n",
         name, e[0], t[0], e[1], t[1], e[2], t[2]);
}
static void row64(const char *name, vd mvec, vd sleef, reference ref, double lo,
                  double hi) {
  double e[2], t[2];
  inputs64(1, lo, hi);
  apply64(mvec);
  e[0] = error64(ref);
  apply64(sleef);
  e[1] = error64(ref);
  inputs64(0, lo, hi);
  t[0] = FASTEST(apply64(mvec));
  t[1] = FASTEST(apply64(sleef));
  printf("| `%s` | f64 | %.2f, %.2f ns | %.2f, %.2f ns | not approximated |\n",
         name, e[0], t[0], e[1], t[1]);
}

int main(void) {
  printf("| function | dtype | libmvec: ulps, time | SLEEF u10: ulps, time "
         "| MLIR polynomial: ulps, time |\n|---|---|---|---|---|\n");
#define ROW32(n, lo, hi)                                                       \
  row32(#n, _ZGVeN16v_##n##f, Sleef_##n##f16_u10avx512f, poly_##n##_f32, n##l, \
        lo, hi)
#define ROW64(n, lo, hi)                                                       \
  row64(#n, _ZGVeN8v_##n, Sleef_##n##d8_u10avx512f, n##l, lo, hi)
  ROW32(exp, -80, 80);
  ROW32(log, 0, 100);
  ROW32(sin, -10, 10);
  ROW32(cos, -10, 10);
  ROW32(tanh, -10, 10);
  ROW32(expm1, -2, 2);
  ROW32(log1p, -1, 10);
  ROW64(exp, -700, 700);
  ROW64(log, 0, 100);
  ROW64(sin, -10, 10);
  ROW64(cos, -10, 10);
  ROW64(tanh, -10, 10);
  ROW64(expm1, -2, 2);
  ROW64(log1p, -1, 10);
  return 0;
}
