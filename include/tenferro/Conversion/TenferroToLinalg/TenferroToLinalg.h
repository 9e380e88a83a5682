//===- TenferroToLinalg.h - lowering tenferro to linalg ---------*- C++ -*-===//
//
// tenferro data is column-major (docs/semantics.md §3.3). The lowering makes
// that layout explicit by reversing every tensor's dimensions: a logical
// tenferro tensor of shape [d0, ..., dn-1] becomes a builtin tensor of shape
// [dn-1, ..., d0], whose row-major (identity-layout) buffer is exactly the
// column-major buffer of the logical tensor. Axis `a` of a rank-r logical
// tensor is axis `r-1-a` of the lowered one. Column-major reshape is then a
// plain row-major reshape, and right-aligned broadcasting becomes
// left-aligned.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_CONVERSION_TENFERROTOLINALG_TENFERROTOLINALG_H
#define TENFERRO_CONVERSION_TENFERROTOLINALG_TENFERROTOLINALG_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tenferro {

/// Converts logical (tenferro) tensor types to their column-major lowered
/// form: dimensions reversed, element type unchanged.
class ColumnMajorTypeConverter : public TypeConverter {
public:
  ColumnMajorTypeConverter();
};

/// The lowered type of a logical tensor type.
RankedTensorType toColumnMajor(RankedTensorType logical);

/// How populateTenferroToLinalgPatterns lowers fused regions.
struct TenferroToLinalgPatternOptions {
  /// Regions may write outputs into program inputs (block arguments of the
  /// function) whose last use they are; otherwise only into intermediates.
  bool donateInputs = false;
  /// A region lowered op by op (sequence regions, broadcast-multiply
  /// regions with symbolic shapes) becomes an `scf.execute_region` marked
  /// `tenferro.segment` and `no_inline` that holds its instructions'
  /// lowering, instead of being inlined, so that later passes can keep
  /// within one segment (tenferro-fuse-elementwise-ops with
  /// within-segments; tenferro-unwrap-segments inlines them).
  bool wrapRegions = false;
};

/// Patterns lowering every supported tenferro op (and fused regions) to
/// linalg, tensor, arith, math and complex ops on column-major tensors,
/// their result types from `converter` (a ColumnMajorTypeConverter).
/// Elementwise and broadcast-multiply regions become one loop nest each;
/// the other regions are inlined (or wrapped, `options.wrapRegions`) and
/// their instructions lowered one by one. Regions write outputs into inputs
/// whose last use they are.
void populateTenferroToLinalgPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const TenferroToLinalgPatternOptions &options = {});

/// The programs of a module (docs/abi.md, "Programs"), their lowered
/// signatures and the calls from driver code into them, computed once
/// before the conversion: the column-major type conversion is its own
/// inverse (and the identity on square matrices), so neither a lowered
/// signature nor a lowered call can be told from a logical one by types.
class ProgramSignatures {
public:
  ProgramSignatures(ModuleOp module, const TypeConverter &converter);

  /// The programs, in module order.
  ArrayRef<func::FuncOp> getPrograms() const { return programs; }
  bool isProgram(Operation *func) const { return lowered.contains(func); }
  /// The lowered type of `program`'s signature.
  FunctionType getLoweredType(Operation *program) const {
    return lowered.lookup(program);
  }
  /// The program `call` calls, or null when it calls something else.
  func::FuncOp getCalledProgram(func::CallOp call) const;
  /// Whether `call` is one of the module's calls from driver code into a
  /// program, as it was before the conversion.
  bool isDriverCall(Operation *call) const {
    return driverCalls.contains(call);
  }
  /// The calls in `program` to programs, in walk order, as they were
  /// before the conversion (their callees: getCalledProgram).
  ArrayRef<func::CallOp> getProgramCalls(Operation *program) const {
    auto found = programCalls.find(program);
    return found == programCalls.end() ? ArrayRef<func::CallOp>()
                                       : ArrayRef(found->second);
  }

private:
  SmallVector<func::FuncOp> programs;
  DenseMap<Operation *, FunctionType> lowered;
  DenseSet<Operation *> driverCalls;
  DenseMap<Operation *, SmallVector<func::CallOp>> programCalls;
  mutable SymbolTableCollection symbols;
};

/// Patterns lowering programs' boundaries: returns and calls between
/// programs (upstream's type-conversion patterns), calls from driver code
/// into a program (operands of rank >= 2 transposed into the column-major
/// representation, results back), and each program's signature with its
/// entry: input buffers marked writable only when `donateInputs`, shape
/// guards checked before any instruction runs.
void populateProgramBoundaryPatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const ProgramSignatures &signatures,
                                     bool donateInputs);

/// The patterns create ops of arith, bufferization, cf, complex, linalg,
/// math, scf and tensor: a conversion using them must have those dialects
/// loaded (the pass declares them as its dependent dialects).
///
/// Makes `func.func`, `func.call` and `func.return` legal once they take
/// and give what `signatures` says (programs lowered, calls into programs
/// passing their lowered types), and every tenferro op illegal.
void configureTenferroToLinalgTarget(ConversionTarget &target,
                                     const ProgramSignatures &signatures);

} // namespace mlir::tenferro

#endif // TENFERRO_CONVERSION_TENFERROTOLINALG_TENFERROTOLINALG_H
