//===- FusionPlan.h - fusion plans and region kinds -------------*- C++ -*-===//
//
// tenferro's elementwise fusion plan (docs/semantics.md §11.3), the
// broadcast-multiply patterns (§11.2, §11.4) and the classification of a
// segment into a fused-region kind. Shared by the segmentation pass, which
// decides kinds, and the fused_region verifier, which re-checks them.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_FUSIONPLAN_H
#define TENFERRO_DIALECT_TENFERRO_IR_FUSIONPLAN_H

#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <string>

namespace mlir::tenferro {

/// Why a segment is not one elementwise plan (or not a broadcast-multiply
/// kernel): a stable reason code, the op involved and a readable message.
struct PlanFailure {
  llvm::StringRef code;
  Operation *op = nullptr;
  std::string message;
  /// Build `message`; off, only the code and op are recorded (hot paths).
  bool withMessage = true;
};

/// A built elementwise fusion plan.
struct ElementwisePlan {
  /// The plan dtype: the first instruction's result element type.
  Type dtype;
  /// One view per segment input; null means Identity.
  SmallVector<BroadcastViewAttr> inputViews;
};

/// `build_elementwise_fusion_plan` (docs/semantics.md §11.3) over `ops` (in
/// order) with the segment's `inputs` (first-read order) and `outputs`,
/// followed by the input-dtype guard `plan_matches_input_dtypes` (same
/// section). On failure, fills `failure` (when given) with the first rule
/// that fails.
FailureOr<ElementwisePlan> buildElementwisePlan(ArrayRef<Operation *> ops,
                                                ValueRange inputs,
                                                ValueRange outputs,
                                                PlanFailure *failure);

/// Position-only patterns used by segmentation (docs/semantics.md §11.2).
/// Triplet: broadcast_in_dim a, broadcast_in_dim b, multiply(a, b) in that
/// operand order.
bool isBroadcastMultiplyTriplet(Operation *bc0, Operation *bc1, Operation *mul);
/// Pair: broadcast_in_dim b, multiply reading b as either operand.
bool isBroadcastMultiplyPair(Operation *bc, Operation *mul);

/// Forms the runtime's broadcast-multiply kernels take.
enum class BroadcastMultiplyForm { None, Triplet, PairWithOther, PairReused };

/// Whether the segment `ops` with `outputs` is taken by a broadcast-multiply
/// kernel (docs/semantics.md §11.4): exactly a triplet or a pair whose only
/// output is the product, with equal operand dtypes, and broadcast target
/// shapes equal to the product shape. On None, fills `failure` when the
/// segment has the triplet or pair shape but a kernel condition fails.
BroadcastMultiplyForm matchBroadcastMultiply(ArrayRef<Operation *> ops,
                                             ValueRange outputs,
                                             PlanFailure *failure);

/// The kind a segment lowers as, and why.
struct RegionKindDecision {
  FusedRegionKind kind;
  /// Reason code: `broadcast-multiply-triplet`, `broadcast-multiply-pair`,
  /// `plan-built`, or the failing plan rule for `sequence`.
  llvm::StringRef code;
  Operation *op = nullptr;
  std::string message;
  /// For `elementwise`: the plan's input views.
  SmallVector<BroadcastViewAttr> inputViews;
};

/// Classifies a segment: broadcast_multiply when a kernel takes it, else
/// elementwise when the plan builds and every output has one shape (one
/// loop nest), else sequence.
/// Messages are only built with `withMessages`.
RegionKindDecision classifyRegion(ArrayRef<Operation *> ops, ValueRange inputs,
                                  ValueRange outputs, bool withMessages = true);

} // namespace mlir::tenferro

#endif // TENFERRO_DIALECT_TENFERRO_IR_FUSIONPLAN_H
