/* Calls the ahead-of-time compiled program @windows (Inputs/windows.mlir:
 * concatenate with a dynamic extent, dynamic_slice, strided slice) and
 * prints each result as a logical row-major matrix. Linked with only libc
 * and libm: `cc windows_main.c windows.o -lm`. */
#include "windows.h"

#include <stdio.h>
#include <stdlib.h>

/* A logical rows x cols result is described with sizes [cols, rows]
 * (docs/abi.md): element (i, j) is at offset + j*strides[0] + i*strides[1]. */
static void print(const char *name, struct tenferro_memref_2d *m) {
  const double *p = (const double *)m->aligned + m->offset;
  printf("%s [%lld, %lld]:", name, (long long)m->sizes[1],
         (long long)m->sizes[0]);
  for (int64_t i = 0; i < m->sizes[1]; ++i)
    for (int64_t j = 0; j < m->sizes[0]; ++j)
      printf(" %g", p[j * m->strides[0] + i * m->strides[1]]);
  printf("\n");
}

int main(void) {
  /* x = [[1, 2, 3], [4, 5, 6]] with a dynamic leading extent of 2,
   * y = [[10, 20, 30], [40, 50, 60]], both column-major; s = (1, 1). */
  double x[6] = {1, 4, 2, 5, 3, 6};
  double y[6] = {10, 40, 20, 50, 30, 60};
  int64_t s[2] = {1, 1};
  struct tenferro_memref_2d in0 = {x, x, 0, {3, 2}, {2, 1}};
  struct tenferro_memref_2d in1 = {y, y, 0, {3, 2}, {2, 1}};
  struct tenferro_memref_1d in2 = {s, s, 0, {2}, {1}};
  struct tenferro_windows_results out;
  _mlir_ciface_tenferro_windows(&out, &in0, &in1, &in2);
  print("concatenate", &out.r0);
  print("dynamic_slice", &out.r1);
  print("slice", &out.r2);
  free(out.r0.allocated);
  free(out.r1.allocated);
  free(out.r2.allocated);
  return 0;
}
