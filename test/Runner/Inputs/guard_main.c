/* Calls the ahead-of-time compiled program @guarded with inputs that
 * violate its shape guard. The check's message must reach stderr before
 * the program aborts, also when stdout is a file (docs/abi.md, "Run-time
 * checks"). */
#include "guarded.h"

#include <stdio.h>

int main(void) {
  double a[3] = {1, 2, 3}, b[2] = {1, 2};
  struct tenferro_memref_1d in0 = {a, a, 0, {3}, {1}};
  struct tenferro_memref_1d in1 = {b, b, 0, {2}, {1}};
  struct tenferro_memref_1d out;
  /* Buffered when stdout is a file: abort() does not flush it. */
  printf("calling @guarded\n");
  _mlir_ciface_tenferro_guarded(&out, &in0, &in1);
  printf("not reached\n");
  return 0;
}
