/* Links the ahead-of-time compiled program @tanh and calls libm's tanh
 * too: the program's symbol is tenferro_tanh (docs/abi.md, "Symbol
 * names"), so it cannot replace the C library's function. */
#include "tanh.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  /* volatile: the C compiler must call tanh, not fold it. */
  volatile double half = 0.5;
  printf("libm tanh(0.5) = %.6f\n", tanh(half));
  double x[3] = {0.0, 0.5, 1.0};
  struct tenferro_memref_1d in = {x, x, 0, {3}, {1}};
  struct tenferro_memref_1d out;
  _mlir_ciface_tenferro_tanh(&out, &in);
  const double *y = (const double *)out.aligned + out.offset;
  printf("program tanh = %.6f %.6f %.6f\n", y[0], y[1], y[2]);
  free(out.allocated);
  printf("libm tanh(0.5) = %.6f\n", tanh(half));
  return 0;
}
