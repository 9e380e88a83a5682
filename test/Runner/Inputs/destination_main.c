/* Calls the ahead-of-time compiled programs of destination-passing.mlir,
 * compiled with destination passing: the caller allocates every result
 * buffer and passes it after the inputs (docs/abi.md, "Destination
 * passing"). `./destination 0` runs both programs twice into the same
 * buffers; `./destination 1` passes @rows a buffer with too few rows, which
 * the program's run-time check reports before writing anything. */
#include "rows.h"
#include "three.h"

#include <stdio.h>
#include <stdlib.h>

static void print(const char *what, const double *p, int n) {
  printf("%s:", what);
  for (int e = 0; e < n; ++e)
    printf(" %g", p[e]);
  printf("\n");
}

int main(int argc, char **argv) {
  int wrong = argc > 1 && atoi(argv[1]);
  /* @three: a 2x3 input, column-major: x[i][j] = 1 + i + 2*j. */
  double x[6], sum[6], again[6], copy[6];
  for (int e = 0; e < 6; ++e)
    x[e] = e + 1;
  struct tenferro_memref_2d in = {x, x, 0, {3, 2}, {2, 1}};
  struct tenferro_memref_2d out0 = {sum, sum, 0, {3, 2}, {2, 1}};
  struct tenferro_memref_2d out1 = {again, again, 0, {3, 2}, {2, 1}};
  struct tenferro_memref_2d out2 = {copy, copy, 0, {3, 2}, {2, 1}};
  for (int call = 0; call < 2 && !wrong; ++call) {
    _mlir_ciface_tenferro_three(&in, &out0, &out1, &out2);
    print("x + x", sum, 6);
    print("again", again, 6);
    print("x", copy, 6);
    x[0] += 10; /* the second call sees new input */
  }

  /* @rows: a ?x2 input with 3 rows; the result has 3 rows too. */
  double y[6], rows[6] = {0};
  for (int e = 0; e < 6; ++e)
    y[e] = e;
  struct tenferro_memref_2d yin = {y, y, 0, {2, 3}, {3, 1}};
  struct tenferro_memref_2d rout = {
      rows, rows, 0, {2, wrong ? 2 : 3}, {wrong ? 2 : 3, 1}};
  _mlir_ciface_tenferro_rows(&yin, &rout);
  print("y + y", rows, 6);
  return 0;
}
