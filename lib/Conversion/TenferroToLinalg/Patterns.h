//===- Patterns.h - pattern groups of the linalg lowering -------*- C++ -*-===//
//
// Private to lib/Conversion/TenferroToLinalg.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_PATTERNS_H
#define TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"
#include "tenferro/Conversion/TenferroToLinalg/TenferroToLinalg.h"

namespace mlir::tenferro::lowering {

/// Base of the op lowering patterns: result types come from the pattern's
/// type converter (the column-major one, ColumnMajorTypeConverter), so that
/// the patterns agree with whatever lowers the values around them.
template <typename OpTy>
struct LoweringPattern : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  /// The lowered type of tensor type `logical`.
  RankedTensorType loweredType(Type logical) const {
    return this->getTypeConverter()->template convertType<RankedTensorType>(
        logical);
  }
  /// The lowered type of `op`'s first result.
  RankedTensorType loweredResultType(Operation *op) const {
    return loweredType(op->getResult(0).getType());
  }
};

/// Elementwise instructions and fused regions: elementwise and
/// broadcast-multiply regions as one loop nest each, the others inlined
/// (or wrapped in an scf.execute_region) and lowered op by op.
void populateElementwiseLoweringPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const TenferroToLinalgPatternOptions &options);

/// Layout, reduction, conversion, host and contraction instructions.
void populateStructuralLoweringPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns);

/// tril, triu, reverse, slice, pad, extract_diag, embed_diag, concatenate,
/// dynamic_slice, dynamic_update_slice.
void populateIndexingLoweringPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns);

/// gather, gather_dynamic_slice_sizes and scatter (scatter-add).
void populateGatherLoweringPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns);

} // namespace mlir::tenferro::lowering

#endif // TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_PATTERNS_H
