/* The buffer cache through the C API (tenferro-c/Runtime.h): a program
 * whose intermediate is 1 MiB (exp(x) of a 512 x 512 softmax, cut at its
 * host instruction) leaves freed blocks in the cache, a second call reuses
 * them rather than growing it, the bound and the release free them, and
 * the results are the same bits with the cache on and off. Prints what it
 * checked. */
#include "tenferro-c/Runtime.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define M 512
#define N (M * M)

static const char *kModule =
    "func.func @softmax(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {\n"
    "  %e = tenferro.exp %x : tensor<512x512xf32>\n"
    "  %n = tenferro.shape_of %e, axis = 0 : tensor<512x512xf32>\n"
    "  %s = tenferro.reduce_sum %e, axes = [0] : tensor<512x512xf32>\n"
    "  %b = tenferro.broadcast_in_dim %s, dims = [1] to [512, 512]"
    " : tensor<512xf32>\n"
    "  %y = tenferro.divide %e, %b : tensor<512x512xf32>\n"
    "  return %y : tensor<512x512xf32>\n"
    "}\n";

static int fail(const char *what, char *error) {
  printf("FAILED: %s: %s\n", what, error ? error : "(no message)");
  tenferroStringFree(error);
  return 1;
}

/* Runs the program; copies its result to `y`. */
static int run(TenferroExecutable *exe, const float *x, float *y) {
  char *error = NULL;
  int64_t shape[2] = {M, M};
  TenferroTensor input = {TENFERRO_F32, 2, shape, (void *)x};
  TenferroTensor output;
  if (tenferroRun(exe, &input, 1, &output, 1, &error))
    return fail("run", error);
  memcpy(y, output.data, sizeof(float) * N);
  tenferroTensorRelease(&output);
  return 0;
}

int main(void) {
  char *error = NULL;
  TenferroExecutable *exe = tenferroCompile(kModule, NULL, NULL, &error);
  if (!exe)
    return fail("compile", error);
  float *x = malloc(sizeof(float) * N);
  float *first = malloc(sizeof(float) * N);
  float *again = malloc(sizeof(float) * N);
  float *uncached = malloc(sizeof(float) * N);
  for (int i = 0; i < N; ++i)
    x[i] = (float)(i % 101) / 25.0f - 2.0f;

  size_t empty = tenferroCachedBufferBytes();
  if (run(exe, x, first))
    return 1;
  size_t kept = tenferroCachedBufferBytes();
  printf("empty before: %s, kept after a call: %s\n", empty == 0 ? "yes" : "no",
         kept >= sizeof(float) * N ? "yes" : "no");
  if (run(exe, x, again))
    return 1;
  printf("second call keeps the same bytes: %s\n",
         tenferroCachedBufferBytes() == kept ? "yes" : "no");

  tenferroReleaseCachedBuffers();
  printf("released: %zu bytes kept\n", tenferroCachedBufferBytes());
  tenferroSetBufferCacheLimit(0);
  if (run(exe, x, uncached))
    return 1;
  printf("limit 0: %zu bytes kept\n", tenferroCachedBufferBytes());

  /* Each column sums to 1, as C computes it. */
  int wrong = 0;
  for (int j = 0; j < M; ++j) {
    double sum = 0;
    for (int i = 0; i < M; ++i)
      sum += first[j * M + i];
    wrong += fabs(sum - 1.0) > 1e-4;
  }
  printf("columns not summing to 1: %d\n", wrong);
  printf("same bits: %s %s\n",
         memcmp(first, again, sizeof(float) * N) ? "no" : "yes",
         memcmp(first, uncached, sizeof(float) * N) ? "no" : "yes");
  tenferroExecutableDestroy(exe);
  free(x);
  free(first);
  free(again);
  free(uncached);
  return 0;
}
