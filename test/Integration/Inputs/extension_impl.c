/* A test implementation of the extension family "test.scale.v1" with the C
 * ABI of docs/abi.md: y = x * k, where k is the payload, a decimal number.
 * Shapes are the lowered (column-major) ones; the result is malloc'ed and
 * owned (freed) by the compiled program. */
#include <stdint.h>
#include <stdlib.h>

typedef struct {
  int8_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} MemRefI8;

typedef struct {
  double *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRef2D;

void _mlir_ciface_tenferro_ext_test_scale_v1(MemRef2D *result,
                                             MemRefI8 *payload, MemRef2D *x) {
  char text[64] = {0};
  int64_t n = payload->sizes[0] < 63 ? payload->sizes[0] : 63;
  for (int64_t i = 0; i < n; ++i)
    text[i] = (char)payload->aligned[payload->offset + i];
  double k = atof(text);
  int64_t rows = x->sizes[0], cols = x->sizes[1];
  double *out = malloc(sizeof(double) * (size_t)(rows * cols));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      out[i * cols + j] =
          k * x->aligned[x->offset + i * x->strides[0] + j * x->strides[1]];
  result->allocated = result->aligned = out;
  result->offset = 0;
  result->sizes[0] = rows;
  result->sizes[1] = cols;
  result->strides[0] = cols;
  result->strides[1] = 1;
}
