//===- Expm1Log1pToLibm.cpp - expm1 and log1p through the C library -------===//

#include "tenferro/Conversion/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROEXPM1LOG1PTOLIBMPASS
#include "tenferro/Conversion/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

struct Expm1Log1pToLibmPass
    : public tenferro::impl::TenferroExpm1Log1pToLibmPassBase<
          Expm1Log1pToLibmPass> {
  void runOnOperation() override {
    // Upstream's patterns, applied to these two ops only: everything else
    // stays legal and untouched.
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    ConversionTarget target(getContext());
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addIllegalOp<math::ExpM1Op, math::Log1pOp>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
