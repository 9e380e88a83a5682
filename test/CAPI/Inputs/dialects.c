/* tenferro through MLIR's C API (tenferro-c/Dialects.h): register the
 * dialect and its extensions, load it through its dialect handle, parse a
 * program, run tenferro-segment from a textual pipeline and print the
 * result. */
#include "tenferro-c/Dialects.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>

static const char *kModule =
    "func.func @p(%x: tensor<4xf64>) -> tensor<4xf64> {\n"
    "  %0 = tenferro.exp %x : tensor<4xf64>\n"
    "  %1 = tenferro.tanh %0 : tensor<4xf64>\n"
    "  return %1 : tensor<4xf64>\n"
    "}\n";

static void print(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

int main(void) {
  MlirContext context = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tenferroRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(context, registry);
  mlirDialectRegistryDestroy(registry);
  MlirDialect tenferro =
      mlirDialectHandleLoadDialect(mlirGetDialectHandle__tenferro__(), context);
  MlirStringRef ns = mlirDialectGetNamespace(tenferro);
  printf("dialect: %.*s\n", (int)ns.length, ns.data);

  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module)) {
    printf("FAILED: parse\n");
    return 1;
  }
  tenferroRegisterAllPasses();
  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirLogicalResult parsed =
      mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                            mlirStringRefCreateFromCString(
                                "builtin.module(func.func(tenferro-segment))"),
                            print, NULL);
  if (mlirLogicalResultIsFailure(parsed) ||
      mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
    printf("FAILED: segmentation\n");
    return 1;
  }
  mlirOperationPrint(mlirModuleGetOperation(module), print, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}
