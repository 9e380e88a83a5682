//===- FusionPlan.cpp - fusion plans and region kinds ---------------------===//

#include "tenferro/Dialect/Tenferro/IR/FusionPlan.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace mlir;
using namespace mlir::tenferro;

/// "'tenferro.add'" for messages.
static std::string quoteName(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "'";
}

static std::string typeStr(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// Records a failure; the message is only built when the caller wants it.
static void fail(PlanFailure *failure, StringRef code, Operation *op,
                 function_ref<std::string()> message) {
  if (!failure)
    return;
  failure->code = code;
  failure->op = op;
  if (failure->withMessage)
    failure->message = message();
}

FailureOr<ElementwisePlan>
mlir::tenferro::buildElementwisePlan(ArrayRef<Operation *> ops,
                                     ValueRange inputs, ValueRange outputs,
                                     PlanFailure *why) {
  if (ops.empty()) {
    fail(why, "plan-empty", nullptr,
         [&] { return std::string("the segment is empty"); });
    return failure();
  }
  Operation *first = ops.front();
  if (first->getNumResults() != 1) {
    fail(why, "plan-multi-output-op", first, [&] {
      return std::string(quoteName(first) + " has " +
                         std::to_string(first->getNumResults()) +
                         " results; plan instructions have exactly one");
    });
    return failure();
  }
  ElementwisePlan plan;
  plan.dtype = getElementTypeOrSelf(first->getResult(0).getType());
  plan.inputViews.assign(inputs.size(), BroadcastViewAttr());

  // Value ids: 0..n-1 are the inputs; broadcast results alias their source;
  // op results get the next ids.
  llvm::DenseMap<Value, unsigned> valueId;
  for (auto [i, v] : llvm::enumerate(inputs))
    valueId.try_emplace(v, i);
  // Values read by a non-broadcast instruction anywhere in the segment.
  llvm::DenseSet<Value> readDirectly;
  for (Operation *op : ops)
    if (!isa<BroadcastInDimOp>(op))
      readDirectly.insert(op->operand_begin(), op->operand_end());

  unsigned next = inputs.size();
  for (Operation *op : ops) {
    if (op->getNumResults() != 1) {
      fail(why, "plan-multi-output-op", op, [&] {
        return std::string(quoteName(op) + " has " +
                           std::to_string(op->getNumResults()) +
                           " results; plan instructions have exactly one");
      });
      return failure();
    }
    Type dtype = getElementTypeOrSelf(op->getResult(0).getType());
    if (dtype != plan.dtype) {
      fail(why, "plan-dtype-mismatch", op, [&] {
        return std::string(
            quoteName(op) + " has dtype " + typeStr(dtype) +
            ", but the plan dtype (the first instruction's) is " +
            typeStr(plan.dtype));
      });
      return failure();
    }
    if (auto bc = dyn_cast<BroadcastInDimOp>(op)) {
      if (!bc.getShapeRefs().empty()) {
        fail(why, "plan-broadcast-shape-refs", op, [&] {
          return std::string("the broadcast takes shape-reference operands");
        });
        return failure();
      }
      Value source = bc.getOperand();
      if (readDirectly.contains(source)) {
        fail(why, "plan-broadcast-source-read-directly", op, [&] {
          return std::string("the broadcast source is also read directly by a "
                             "non-broadcast instruction of the segment");
        });
        return failure();
      }
      auto it = valueId.find(source);
      if (it == valueId.end() || it->second >= inputs.size()) {
        fail(why, "plan-broadcast-of-intermediate", op, [&] {
          return std::string(
              "the broadcast source is produced inside the segment, "
              "not a segment input");
        });
        return failure();
      }
      unsigned id = it->second;
      if (plan.inputViews[id]) {
        fail(why, "plan-input-broadcast-twice", op, [&] {
          return std::string("segment input #" + std::to_string(id) +
                             " already has a broadcast view");
        });
        return failure();
      }
      SmallVector<int64_t> shape;
      for (Attribute a : bc.getShape()) {
        auto e = cast<DimExprAttr>(a);
        if (!e.isConst()) {
          fail(why, "plan-symbolic-broadcast", op, [&] {
            return std::string(
                "the broadcast shape is symbolic; fusion plans need "
                "constant shapes");
          });
          return failure();
        }
        shape.push_back(e.getValue());
      }
      plan.inputViews[id] =
          BroadcastViewAttr::get(op->getContext(), shape, bc.getDims());
      valueId[bc.getResult()] = id;
      continue;
    }
    if (!isElementwiseFusable(op)) {
      fail(why, "plan-non-fusable-op", op, [&] {
        return std::string(quoteName(op) + " has no elementwise fusion op");
      });
      return failure();
    }
    for (Value operand : op->getOperands())
      if (!valueId.count(operand)) {
        fail(why, "plan-unknown-value", op, [&] {
          return std::string(
              "an operand is neither a segment input nor produced "
              "earlier in the segment");
        });
        return failure();
      }
    valueId[op->getResult(0)] = next++;
  }
  for (Value out : outputs)
    if (!valueId.count(out)) {
      fail(why, "plan-unknown-value", nullptr, [&] {
        return std::string("an output is not produced by the segment");
      });
      return failure();
    }
  // plan_matches_input_dtypes: instruction dtypes record outputs, so a real
  // chain may still read a complex input (abs of complex gives real).
  for (auto [i, v] : llvm::enumerate(inputs)) {
    Type dtype = getElementTypeOrSelf(v.getType());
    if (dtype != plan.dtype) {
      fail(why, "plan-input-dtype-mismatch", nullptr, [&] {
        return std::string("segment input #" + std::to_string(i) +
                           " has dtype " + typeStr(dtype) +
                           ", but the plan dtype is " + typeStr(plan.dtype));
      });
      return failure();
    }
  }
  return plan;
}

bool mlir::tenferro::isBroadcastMultiplyTriplet(Operation *bc0, Operation *bc1,
                                                Operation *mul) {
  auto b0 = dyn_cast<BroadcastInDimOp>(bc0);
  auto b1 = dyn_cast<BroadcastInDimOp>(bc1);
  auto m = dyn_cast<MultiplyOp>(mul);
  return b0 && b1 && m && m.getLhs() == b0.getResult() &&
         m.getRhs() == b1.getResult();
}

bool mlir::tenferro::isBroadcastMultiplyPair(Operation *bc, Operation *mul) {
  auto b = dyn_cast<BroadcastInDimOp>(bc);
  auto m = dyn_cast<MultiplyOp>(mul);
  return b && m && (m.getLhs() == b.getResult() || m.getRhs() == b.getResult());
}

static RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

BroadcastMultiplyForm
mlir::tenferro::matchBroadcastMultiply(ArrayRef<Operation *> ops,
                                       ValueRange outputs, PlanFailure *why) {
  bool triplet =
      ops.size() == 3 && isBroadcastMultiplyTriplet(ops[0], ops[1], ops[2]);
  bool pair = ops.size() == 2 && isBroadcastMultiplyPair(ops[0], ops[1]);
  if (!triplet && !pair)
    return BroadcastMultiplyForm::None;
  auto mul = cast<MultiplyOp>(ops.back());
  auto reject = [&](StringRef code, function_ref<std::string()> message) {
    fail(why, code, mul, message);
    return BroadcastMultiplyForm::None;
  };
  if (outputs.size() != 1 || outputs.front() != mul.getResult())
    return reject("broadcast-multiply-live-broadcast", [&] {
      return std::string(
          "a broadcast result is live after the segment; the kernel "
          "returns only the product");
    });
  RankedTensorType lhs = tensorType(mul.getLhs()),
                   rhs = tensorType(mul.getRhs()),
                   product = tensorType(mul.getResult());
  if (lhs.getElementType() != rhs.getElementType())
    return reject("broadcast-multiply-dtype-mismatch", [&] {
      return std::string("the kernel takes equal operand dtypes, got " +
                         typeStr(lhs.getElementType()) + " and " +
                         typeStr(rhs.getElementType()));
    });
  if (triplet) {
    if (lhs.getShape() != rhs.getShape())
      return reject("broadcast-multiply-shape-mismatch", [&] {
        return std::string("the two broadcast shapes differ");
      });
    return BroadcastMultiplyForm::Triplet;
  }
  auto bc = cast<BroadcastInDimOp>(ops[0]);
  if (mul.getLhs() == mul.getRhs())
    return BroadcastMultiplyForm::PairReused;
  // The pair kernel assumes the product has the broadcast's target shape
  // (docs/semantics.md §11.4); a bigger other operand runs per instruction.
  if (product.getShape() != tensorType(bc.getResult()).getShape())
    return reject("broadcast-multiply-shape-mismatch", [&] {
      return std::string("the product shape differs from the broadcast target "
                         "shape");
    });
  return BroadcastMultiplyForm::PairWithOther;
}

/// The first output that is not connected to the first one through the
/// operands and results of `ops` (every elementwise instruction requires
/// its operands' and result's extents to agree), or null.
static Value firstUnrelatedOutput(ArrayRef<Operation *> ops,
                                  ValueRange outputs) {
  DenseMap<Value, Value> parent;
  std::function<Value(Value)> find = [&](Value v) -> Value {
    auto it = parent.find(v);
    if (it == parent.end() || it->second == v)
      return v;
    Value root = find(it->second);
    parent[v] = root;
    return root;
  };
  auto unite = [&](Value a, Value b) {
    Value ra = find(a), rb = find(b);
    if (ra != rb)
      parent[ra] = rb;
  };
  for (Operation *op : ops)
    for (Value operand : op->getOperands())
      for (Value result : op->getResults())
        unite(operand, result);
  Value root = find(outputs.front());
  for (Value out : outputs.drop_front())
    if (find(out) != root)
      return out;
  return Value();
}

RegionKindDecision mlir::tenferro::classifyRegion(ArrayRef<Operation *> ops,
                                                  ValueRange inputs,
                                                  ValueRange outputs,
                                                  bool withMessages) {
  RegionKindDecision d;
  auto say = [&](const char *message) {
    if (withMessages)
      d.message = message;
  };
  PlanFailure bmFailure;
  bmFailure.withMessage = false;
  switch (matchBroadcastMultiply(ops, outputs, &bmFailure)) {
  case BroadcastMultiplyForm::Triplet:
    d.kind = FusedRegionKind::broadcast_multiply;
    d.code = "broadcast-multiply-kernel";
    say("a broadcast-multiply triplet taken by the kernel");
    return d;
  case BroadcastMultiplyForm::PairWithOther:
  case BroadcastMultiplyForm::PairReused:
    d.kind = FusedRegionKind::broadcast_multiply;
    d.code = "broadcast-multiply-kernel";
    say("a broadcast-multiply pair taken by the kernel");
    return d;
  case BroadcastMultiplyForm::None:
    break;
  }

  PlanFailure planFailure;
  planFailure.withMessage = withMessages;
  FailureOr<ElementwisePlan> plan =
      buildElementwisePlan(ops, inputs, outputs, &planFailure);
  if (failed(plan)) {
    d.kind = FusedRegionKind::sequence;
    d.code = planFailure.code;
    d.op = planFailure.op;
    d.message = planFailure.message;
    return d;
  }
  if (outputs.empty()) {
    d.kind = FusedRegionKind::sequence;
    d.code = "plan-no-outputs";
    say("no value of the segment is used later");
    return d;
  }
  ArrayRef<int64_t> shape = tensorType(outputs.front()).getShape();
  for (Value out : outputs.drop_front())
    if (tensorType(out).getShape() != shape) {
      d.kind = FusedRegionKind::sequence;
      d.code = "plan-output-shape-mismatch";
      d.op = out.getDefiningOp();
      say("the outputs do not share one shape, so they are not one "
          "loop nest");
      return d;
    }
  // One loop nest needs every output's extents at run time. Outputs that
  // no instruction of the region relates (independent computations) may
  // have different dynamic extents: tenferro's kernel then declines (its
  // inputs' dims differ) and the runtime runs the instructions one by one,
  // which is what a sequence region does.
  if (!tensorType(outputs.front()).hasStaticShape()) {
    if (Value unrelated = firstUnrelatedOutput(ops, outputs)) {
      d.kind = FusedRegionKind::sequence;
      d.code = "plan-output-extents-unrelated";
      d.op = unrelated.getDefiningOp();
      say("outputs with dynamic extents that no instruction relates may "
          "differ at run time, so they are not one loop nest");
      return d;
    }
  }
  d.kind = FusedRegionKind::elementwise;
  d.code = "plan-built";
  say("one elementwise fusion plan");
  d.inputViews = std::move(plan->inputViews);
  return d;
}
