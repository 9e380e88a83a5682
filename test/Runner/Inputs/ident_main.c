/* Calls the ahead-of-time compiled program @ident, which holds no tenferro
 * instruction, through its C entry point and prints the result's
 * descriptor and elements. A program's logical 3x4 tensor is a column-major
 * buffer described with sizes [4, 3] and strides [3, 1] (docs/abi.md), on
 * the way in and on the way out. */
#include "ident.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  /* x[i][j] = 1 + i + 3*j, column-major. */
  double x[12];
  for (int e = 0; e < 12; ++e)
    x[e] = e + 1;
  struct tenferro_memref_2d in = {x, x, 0, {4, 3}, {3, 1}};
  struct tenferro_memref_2d out;
  _mlir_ciface_tenferro_ident(&out, &in);
  printf("sizes = {%lld, %lld}, strides = {%lld, %lld}\n",
         (long long)out.sizes[0], (long long)out.sizes[1],
         (long long)out.strides[0], (long long)out.strides[1]);
  const double *p = (const double *)out.aligned + out.offset;
  for (int i = 0; i < 3; ++i) {
    printf("row %d:", i);
    for (int j = 0; j < 4; ++j)
      printf(" %g", p[j * out.strides[0] + i * out.strides[1]]);
    printf("\n");
  }
  if (out.allocated != (void *)x)
    free(out.allocated);
  return 0;
}
