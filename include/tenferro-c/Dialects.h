/*===- tenferro-c/Dialects.h - tenferro for MLIR's C API ----------*- C -*-===*\
|*                                                                            *|
|* The tenferro dialect, its extensions, passes and pipelines for users of    *|
|* MLIR's C API (mlir-c/), following its conventions: a dialect handle, and   *|
|* registration functions. libTenferroCAPI.so defines them; the caller links  *|
|* MLIR's C API (Debian: libMLIRCAPIIR.a and its siblings) and libMLIR.so.    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TENFERRO_C_DIALECTS_H
#define TENFERRO_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tenferro, tenferro);

/** Adds the tenferro dialect, the dialects its pipelines produce and every
 *  external model they need in upstream dialects to `registry`
 *  (tenferro::registerAllDialects and registerAllExtensions). */
MLIR_CAPI_EXPORTED void
tenferroRegisterAllDialects(MlirDialectRegistry registry);

/** Registers every tenferro pass and pipeline (e.g. tenferro-segment,
 *  tenferro-lower-to-llvm) with MLIR's global registry, so that
 *  mlirParsePassPipeline finds them. */
MLIR_CAPI_EXPORTED void tenferroRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* TENFERRO_C_DIALECTS_H */
