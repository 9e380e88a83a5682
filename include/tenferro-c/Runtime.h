/*===- tenferro-c/Runtime.h - compile and run programs from C -----*- C -*-===*\
|*                                                                            *|
|* The runtime library for C callers (and, through raw FFI, Rust): compile    *|
|* the program text of an MLIR module into machine code in this process, run  *|
|* it on the caller's buffers, read its results. Every function reports       *|
|* failure by its return value and, where it takes `char **error`, a message  *|
|* the caller frees with tenferroStringFree. docs/running.md, "C API".        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TENFERRO_C_RUNTIME_H
#define TENFERRO_C_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The seven tenferro dtypes (docs/semantics.md). Bool is one byte per
 *  element; complex numbers are (real, imaginary) pairs. */
typedef enum TenferroDType {
  TENFERRO_F32 = 0,
  TENFERRO_F64 = 1,
  TENFERRO_I32 = 2,
  TENFERRO_I64 = 3,
  TENFERRO_BOOL = 4,
  TENFERRO_C32 = 5,
  TENFERRO_C64 = 6
} TenferroDType;

/** A tensor in host memory: logical shape (`rank` extents) and
 *  column-major elements (tenferro's layout: the first axis varies
 *  fastest). */
typedef struct TenferroTensor {
  TenferroDType dtype;
  size_t rank;
  int64_t *shape;
  void *data;
} TenferroTensor;

/** How a program is compiled. Initialize with tenferroCompileOptionsInit. */
typedef struct TenferroCompileOptions {
  /** 1: segmentation into fused regions (the default); 0: every
   *  instruction on its own. */
  int fusion;
  /** Vector width of loops in lanes (0: scalar loops; default: this
   *  machine's, 16 with AVX-512, 8 with AVX, else 4). */
  unsigned vector_width;
  /** Threads that compile the program's partitions (0: one per core). */
  unsigned compile_threads;
  /** Nonzero: exp, log, sin, cos, tanh, expm1, log1p and pow call libm
   *  element by element, bit-identical to libm (default 0: glibc's vector
   *  math library on x86-64 Linux, exp expanded inline with FMA where
   *  the CPU has FMA (f64 exp in loops that call no other function),
   *  within the bounds of docs/semantics.md, "Accuracy of vector
   *  transcendentals"). */
  int exact_math;
  /** Any other option of the tenferro-lower-to-llvm pipeline, as its
   *  textual pipeline takes them (e.g. "maximum-minimum=llvm
   *  donate-inputs=true"), applied after the fields above; NULL or "" for
   *  none (the default). Text the pipeline does not take is a compile
   *  error, as are options whose instructions the CPU lacks (e.g.
   *  "maximum-minimum=avx512dq" without AVX-512DQ). The options are defined
   * once, by the pipeline (docs/running.md), so this struct does not grow with
   * them. */
  const char *pipeline_options;
} TenferroCompileOptions;

/** A program compiled to machine code in this process. */
typedef struct TenferroExecutable TenferroExecutable;

/** Sets the defaults. */
void tenferroCompileOptionsInit(TenferroCompileOptions *options);

/** Compiles the program named `entry` (its MLIR name without `@`; NULL:
 *  the module's first program) of the MLIR module `module_text`. Returns
 *  NULL on failure (parse or verifier errors, an unknown entry, a failed
 *  lowering), with *error set when `error` is not NULL. `options` may be
 *  NULL for the defaults. */
TenferroExecutable *tenferroCompile(const char *module_text, const char *entry,
                                    const TenferroCompileOptions *options,
                                    char **error);

/** How many tensors the program takes and returns. */
size_t tenferroExecutableNumInputs(const TenferroExecutable *executable);
size_t tenferroExecutableNumOutputs(const TenferroExecutable *executable);

/** Runs the program on `inputs` (the caller's buffers, read and not
 *  written) and fills `outputs[0 .. num_outputs)` with its results: dtype,
 *  rank, and `shape` and `data` allocated with malloc, which
 *  tenferroTensorRelease frees. Returns 0, or non-zero with *error set when
 *  the inputs do not match the program (count, dtypes, ranks, static
 *  extents) or `num_outputs` is not the program's. A run-time check that
 *  fails inside the program (a shape guard) aborts the process
 *  (docs/abi.md, "Run-time checks"). */
int tenferroRun(TenferroExecutable *executable, const TenferroTensor *inputs,
                size_t num_inputs, TenferroTensor *outputs, size_t num_outputs,
                char **error);

/** Runs the program as tenferroRun does, but writes its results into the
 *  caller's `outputs`: each must have the result's dtype, rank and shape
 *  and room for its elements in `data` (column-major). Compiled with the
 *  pipeline option "destination-passing=true", the program computes its
 *  results in these buffers itself, with no allocation and no copy per
 *  call; the buffers must then overlap neither the inputs nor each other
 *  (checked), and an output's dynamic extent that differs from the one the
 *  program computes stops the program as a failed run-time check does
 *  (docs/abi.md, "Destination passing"). Otherwise the results are
 *  computed in fresh buffers and copied. Returns 0, or non-zero with
 *  *error set (also when an output does not match). */
int tenferroRunInto(TenferroExecutable *executable,
                    const TenferroTensor *inputs, size_t num_inputs,
                    const TenferroTensor *outputs, size_t num_outputs,
                    char **error);

/** Frees what tenferroRun allocated for one output. */
void tenferroTensorRelease(TenferroTensor *tensor);

/** Frees a compiled program. */
void tenferroExecutableDestroy(TenferroExecutable *executable);

/** Frees an error message. */
void tenferroStringFree(char *string);

/** Compiled programs allocate their intermediates (and results computed in
 *  fresh buffers) from a cache shared by the process, which keeps freed
 *  blocks of 128 KiB or more for the next call of the same size, up to a
 *  bound of 2 GiB by default (docs/running.md, "Buffer cache"). Sets that
 *  bound in bytes, freeing cached blocks beyond it now; 0 turns caching
 *  off. */
void tenferroSetBufferCacheLimit(size_t bytes);

/** Frees every cached block (the bound stays). */
void tenferroReleaseCachedBuffers(void);

/** Bytes of freed blocks the cache keeps now. */
size_t tenferroCachedBufferBytes(void);

#ifdef __cplusplus
}
#endif

#endif /* TENFERRO_C_RUNTIME_H */
