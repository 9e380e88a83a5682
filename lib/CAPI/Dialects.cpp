//===- Dialects.cpp - tenferro for MLIR's C API ---------------------------===//
//
// tenferro-c/Dialects.h, as upstream's examples/standalone does it.
//
//===----------------------------------------------------------------------===//

#include "tenferro-c/Dialects.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"
#include "tenferro/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tenferro, tenferro,
                                      mlir::tenferro::TenferroDialect)

void tenferroRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::tenferro::registerAllDialects(*unwrap(registry));
  mlir::tenferro::registerAllExtensions(*unwrap(registry));
}

void tenferroRegisterAllPasses(void) {
  mlir::tenferro::registerAllPasses();
  mlir::tenferro::registerAllPipelines();
}
