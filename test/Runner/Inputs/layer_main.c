/* Calls the ahead-of-time compiled program @"net.layer1", whose name is
 * not a C identifier: its symbol is tenferro_0net_2elayer1 (docs/abi.md,
 * "Symbol names"). */
#include "layer.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  /* Logical 2x3, column-major. */
  double x[6] = {0.0, 0.5, 1.0, -0.5, -1.0, 2.0};
  struct tenferro_memref_2d in = {x, x, 0, {3, 2}, {2, 1}};
  struct tenferro_memref_2d out;
  _mlir_ciface_tenferro_0net_2elayer1(&out, &in);
  const double *y = (const double *)out.aligned + out.offset;
  printf("net.layer1 =");
  for (int e = 0; e < 6; ++e)
    printf(" %.6f", y[e]);
  printf("\n");
  free(out.allocated);
  return 0;
}
