/* Compiles a program through the C API (tenferro-c/Runtime.h), runs it on
 * its own arrays of 1027 elements (full vectors and a tail at every
 * width), checks every element against C's own arithmetic, and checks that
 * bad input is reported, not crashed on. Prints what it checked. */
#include "tenferro-c/Runtime.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1027

static const char *kModule =
    "func.func @demo(%x: tensor<1027xf32>, %k: tensor<1027xi32>)\n"
    "    -> (tensor<1027xf32>, tensor<1027xi1>, tensor<f32>) {\n"
    "  %e = tenferro.exp %x : tensor<1027xf32>\n"
    "  %m = tenferro.multiply %e, %x : tensor<1027xf32>\n"
    "  %c = tenferro.convert %k : tensor<1027xi32> to f32\n"
    "  %lt = tenferro.compare lt, %m, %c : tensor<1027xf32>, tensor<1027xf32>\n"
    "  %s = tenferro.reduce_max %m, axes = [0] : tensor<1027xf32>\n"
    "  return %m, %lt, %s : tensor<1027xf32>, tensor<1027xi1>, tensor<f32>\n"
    "}\n";

static int fail(const char *what, char *error) {
  printf("FAILED: %s: %s\n", what, error ? error : "(no message)");
  tenferroStringFree(error);
  return 1;
}

int main(void) {
  char *error = NULL;
  TenferroCompileOptions options;
  tenferroCompileOptionsInit(&options);
  /* exp lane by lane through libm: bit-identical to C's expf. */
  options.exact_math = 1;
  TenferroExecutable *exe = tenferroCompile(kModule, "demo", &options, &error);
  if (!exe)
    return fail("compile", error);
  printf("inputs %zu outputs %zu\n", tenferroExecutableNumInputs(exe),
         tenferroExecutableNumOutputs(exe));

  float x[N];
  int32_t k[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 37) / 8.0f - 2.0f;
    k[i] = i % 5 - 1;
  }
  int64_t shape[1] = {N};
  TenferroTensor inputs[2] = {{TENFERRO_F32, 1, shape, x},
                              {TENFERRO_I32, 1, shape, k}};
  TenferroTensor outputs[3];
  if (tenferroRun(exe, inputs, 2, outputs, 3, &error))
    return fail("run", error);

  const float *m = outputs[0].data;
  const unsigned char *lt = outputs[1].data;
  int wrong = 0;
  float max = -INFINITY;
  for (int i = 0; i < N; ++i) {
    float want = expf(x[i]) * x[i];
    wrong += m[i] != want || lt[i] != (want < (float)k[i]);
    max = want > max ? want : max;
  }
  printf("dtypes %d %d %d ranks %zu %zu %zu extent %lld\n", outputs[0].dtype,
         outputs[1].dtype, outputs[2].dtype, outputs[0].rank, outputs[1].rank,
         outputs[2].rank, (long long)outputs[0].shape[0]);
  printf("elements wrong: %d, max %s\n", wrong,
         *(const float *)outputs[2].data == max ? "right" : "wrong");
  for (int i = 0; i < 3; ++i)
    tenferroTensorRelease(&outputs[i]);

  /* Results into the caller's own buffers. */
  float m2[N], s2;
  unsigned char lt2[N];
  int64_t scalar[1] = {0};
  TenferroTensor mine[3] = {{TENFERRO_F32, 1, shape, m2},
                            {TENFERRO_BOOL, 1, shape, lt2},
                            {TENFERRO_F32, 0, scalar, &s2}};
  if (tenferroRunInto(exe, inputs, 2, mine, 3, &error))
    return fail("run into", error);
  wrong = 0;
  for (int i = 0; i < N; ++i)
    wrong += m2[i] != expf(x[i]) * x[i] || lt2[i] != (m2[i] < (float)k[i]);
  printf("into: elements wrong: %d, max %s\n", wrong,
         s2 == max ? "right" : "wrong");
  mine[1].dtype = TENFERRO_I32;
  if (!tenferroRunInto(exe, inputs, 2, mine, 3, &error))
    return fail("run into a buffer of the wrong dtype", NULL);
  printf("into: %s\n", error);
  tenferroStringFree(error);

  /* Inputs that do not match the program. */
  TenferroTensor swapped[2] = {inputs[1], inputs[0]};
  if (!tenferroRun(exe, swapped, 2, outputs, 3, &error))
    return fail("swapped inputs ran", NULL);
  printf("swapped: %s\n", error);
  tenferroStringFree(error);
  int64_t shorter[1] = {N - 1};
  TenferroTensor small[2] = {{TENFERRO_F32, 1, shorter, x},
                             {TENFERRO_I32, 1, shape, k}};
  if (!tenferroRun(exe, small, 2, outputs, 3, &error))
    return fail("short input ran", NULL);
  printf("short: %s\n", error);
  tenferroStringFree(error);
  if (!tenferroRun(exe, inputs, 2, outputs, 2, &error))
    return fail("too few outputs ran", NULL);
  printf("outputs: %s\n", error);
  tenferroStringFree(error);
  tenferroExecutableDestroy(exe);

  /* The default options: exp through the vector math library, within
   * 5 ulps of expf(x) * x (4 for exp, docs/semantics.md, and the product's
   * rounding). */
  exe = tenferroCompile(kModule, "demo", NULL, &error);
  if (!exe)
    return fail("compile with vector math", error);
  if (tenferroRun(exe, inputs, 2, outputs, 3, &error))
    return fail("run with vector math", error);
  m = outputs[0].data;
  int beyond = 0, differ = 0;
  for (int i = 0; i < N; ++i) {
    float want = expf(x[i]) * x[i];
    float ulp = nextafterf(fabsf(want), INFINITY) - fabsf(want);
    beyond += !(fabsf(m[i] - want) <= 5 * ulp);
    differ += m[i] != want;
  }
  printf("vector math: elements beyond 5 ulps: %d (%s bit-identical)\n", beyond,
         differ ? "not all" : "all");
  for (int i = 0; i < 3; ++i)
    tenferroTensorRelease(&outputs[i]);
  tenferroExecutableDestroy(exe);

  /* Any other pipeline option as text: unfused, llvm.maximum. */
  options.pipeline_options = "enable-fusion=false maximum-minimum=llvm";
  exe = tenferroCompile(kModule, "demo", &options, &error);
  if (!exe)
    return fail("compile with pipeline options", error);
  if (tenferroRun(exe, inputs, 2, outputs, 3, &error))
    return fail("run with pipeline options", error);
  m = outputs[0].data;
  wrong = 0;
  for (int i = 0; i < N; ++i)
    wrong += m[i] != expf(x[i]) * x[i];
  printf("pipeline options: elements wrong: %d, max %s\n", wrong,
         *(const float *)outputs[2].data == max ? "right" : "wrong");
  for (int i = 0; i < 3; ++i)
    tenferroTensorRelease(&outputs[i]);
  tenferroExecutableDestroy(exe);
  /* Destination passing: the program computes its results in the
   * caller's buffers, every call into the same ones; buffers that overlap
   * an input are refused. */
  options.pipeline_options = "destination-passing=true";
  exe = tenferroCompile(kModule, "demo", &options, &error);
  if (!exe)
    return fail("compile with destination passing", error);
  mine[1].dtype = TENFERRO_BOOL;
  for (int call = 0; call < 2; ++call) {
    memset(m2, 0, sizeof m2);
    memset(lt2, 2, sizeof lt2);
    s2 = 0;
    if (tenferroRunInto(exe, inputs, 2, mine, 3, &error))
      return fail("run into with destination passing", error);
    wrong = 0;
    for (int i = 0; i < N; ++i)
      wrong += m2[i] != expf(x[i]) * x[i] || lt2[i] != (m2[i] < (float)k[i]);
    printf("destination passing, call %d: elements wrong: %d, max %s\n", call,
           wrong, s2 == max ? "right" : "wrong");
  }
  TenferroTensor overlapping[3] = {
      {TENFERRO_F32, 1, shape, x}, mine[1], mine[2]};
  if (!tenferroRunInto(exe, inputs, 2, overlapping, 3, &error))
    return fail("run into an input's buffer", NULL);
  printf("destination passing: %s\n", error);
  tenferroStringFree(error);
  if (tenferroRun(exe, inputs, 2, outputs, 3, &error))
    return fail("run with destination passing", error);
  printf("destination passing, fresh outputs: %s\n",
         memcmp(outputs[0].data, m2, sizeof m2) ||
                 memcmp(outputs[1].data, lt2, sizeof lt2) ||
                 *(const float *)outputs[2].data != s2
             ? "differ"
             : "the same");
  for (int i = 0; i < 3; ++i)
    tenferroTensorRelease(&outputs[i]);
  tenferroExecutableDestroy(exe);

  options.pipeline_options = "no-such-option=1";
  if (tenferroCompile(kModule, "demo", &options, &error))
    return fail("unknown pipeline option compiled", NULL);
  printf("options: %s\n", error);
  tenferroStringFree(error);

  /* Programs that do not compile. */
  if (tenferroCompile("func.func @f(", NULL, NULL, &error))
    return fail("bad text compiled", NULL);
  printf("parse: %s", strchr(error, '\n') ? strchr(error, '\n') + 1 : error);
  tenferroStringFree(error);
  if (tenferroCompile(kModule, "nothere", NULL, &error))
    return fail("unknown entry compiled", NULL);
  printf("entry: %s\n", error);
  tenferroStringFree(error);
  return 0;
}
