//===- tenferro-parse-fuzzer.cpp - parse and verify arbitrary text --------===//
//
// libFuzzer target: the input is MLIR text, parsed and verified with the
// tenferro dialect (and the func dialect its programs live in). Any input
// must end in a diagnostic or a verified module: a crash, an assertion, a
// sanitizer report or a hang is a bug. Seeds: test/Dialect/Tenferro.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A fresh context per input: nothing one input interns can change how
  // the next one parses, so every finding reproduces from its own file.
  DialectRegistry registry;
  registry.insert<tenferro::TenferroDialect, func::FuncDialect>();
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.allowUnregisteredDialects(false);
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });

  // MLIR's lexer reads up to a terminating NUL, which libFuzzer's buffer
  // lacks (AddressSanitizer: heap-buffer-overflow in the harness): parse a
  // copy that has one, as mlir-opt's files do.
  std::string text(reinterpret_cast<const char *>(data), size);
  ParserConfig config(&ctx, /*verifyAfterParse=*/true);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (module)
    (void)verify(*module);
  return 0;
}
