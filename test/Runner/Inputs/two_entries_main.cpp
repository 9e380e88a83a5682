// A C++ program that calls two programs of one module, @Window and
// @window, through their generated headers (extern "C", include guards
// that differ although the names differ only in case) and links both
// entries' objects: each defines only its own entry, and both contain the
// program @helper they call, internal to each.
#include "lower.h"
#include "upper.h"

#include <cstdio>
#include <cstdlib>

// A logical rows x cols result is described with sizes [cols, rows].
static void print(const char *name, const tenferro_memref_2d &m) {
  const double *p = static_cast<const double *>(m.aligned) + m.offset;
  std::printf("%s [%lld, %lld]:", name, static_cast<long long>(m.sizes[1]),
              static_cast<long long>(m.sizes[0]));
  for (int64_t i = 0; i < m.sizes[1]; ++i)
    for (int64_t j = 0; j < m.sizes[0]; ++j)
      std::printf(" %g", p[j * m.strides[0] + i * m.strides[1]]);
  std::printf("\n");
}

int main() {
  // x = [[1, 2, 3], [4, 5, 6]], column-major; start (0, 1).
  double x[6] = {1, 4, 2, 5, 3, 6};
  int64_t start[2] = {0, 1};
  tenferro_memref_2d in0 = {x, x, 0, {3, 2}, {2, 1}};
  tenferro_memref_1d in1 = {start, start, 0, {2}, {1}};
  tenferro_memref_2d slice, joined;
  _mlir_ciface_tenferro_Window(&slice, &in0, &in1);
  _mlir_ciface_tenferro_window(&joined, &in0);
  print("Window", slice);
  print("window", joined);
  std::free(slice.allocated);
  std::free(joined.allocated);
  return 0;
}
