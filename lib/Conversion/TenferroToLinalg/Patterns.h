//===- Patterns.h - pattern groups of the linalg lowering -------*- C++ -*-===//
//
// Private to lib/Conversion/TenferroToLinalg.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_PATTERNS_H
#define TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_PATTERNS_H

#include "tenferro/Conversion/TenferroToLinalg/TenferroToLinalg.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.h"

namespace mlir::tenferro::lowering {

/// Elementwise instructions and elementwise/broadcast-multiply regions.
void populateElementwiseLoweringPatterns(RewritePatternSet &patterns,
                                         bool donateInputs);

/// Layout, reduction, conversion, host and contraction instructions.
void populateStructuralLoweringPatterns(RewritePatternSet &patterns);

/// tril, triu, reverse, slice, pad, extract_diag, embed_diag, concatenate,
/// dynamic_slice, dynamic_update_slice.
void populateIndexingLoweringPatterns(RewritePatternSet &patterns);

/// gather, gather_dynamic_slice_sizes and scatter (scatter-add).
void populateGatherLoweringPatterns(RewritePatternSet &patterns);

/// Materializes a DimExpr as an `index` value from the lowered operands it
/// refers to; add/mul overflow, sub underflow and floordiv by zero fail at
/// run time with a `cf.assert` naming `opName` and tenferro's error kind.
Value materializeDimExpr(OpBuilder &b, Location loc, DimExprAttr expr,
                         ValueRange loweredOperands, StringRef opName);

} // namespace mlir::tenferro::lowering

#endif // TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_PATTERNS_H
