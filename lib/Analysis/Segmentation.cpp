//===- Segmentation.cpp - tenferro's segmentation of a program ------------===//

#include "tenferro/Analysis/Segmentation.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::tenferro;

StringRef mlir::tenferro::stringifySegmentKind(Segment::Kind kind) {
  switch (kind) {
  case Segment::Kind::Fused:
    return "fused";
  case Segment::Kind::Host:
    return "host";
  case Segment::Kind::FFI:
    return "ffi";
  case Segment::Kind::Foreign:
    return "foreign";
  }
  llvm_unreachable("unknown segment kind");
}

static std::string describe(Operation *op, unsigned index) {
  return "instruction " + std::to_string(index) + " ('" +
         op->getName().getStringRef().str() + "')";
}

Segmentation::Segmentation(const UseAnalysis &uses,
                           const SegmentationOptions &options)
    : uses(uses), recordEvents(options.recordEvents) {
  ArrayRef<Operation *> insts = uses.getInstructions();
  // Classes per op name: trait lookups are not free, names repeat a lot.
  llvm::DenseMap<OperationName, ExecClass> classOf;
  unsigned n = insts.size();
  std::optional<unsigned> open;
  unsigned idx = 0;
  while (idx < n) {
    Operation *op = insts[idx];
    auto [it, inserted] =
        classOf.try_emplace(op->getName(), ExecClass::Backend);
    if (inserted)
      it->second = getExecClass(op);
    ExecClass cls = it->second;
    if (cls != ExecClass::Backend) {
      // Host, FFI and foreign instructions are segments of their own.
      flush(open, idx);
      Segment s;
      s.begin = idx;
      s.end = idx + 1;
      StringRef code;
      switch (cls) {
      case ExecClass::Host:
        s.kind = Segment::Kind::Host;
        code = "host-boundary";
        break;
      case ExecClass::FFI:
        s.kind = Segment::Kind::FFI;
        code = "ffi-boundary";
        break;
      default:
        s.kind = Segment::Kind::Foreign;
        code = "foreign-op-boundary";
        break;
      }
      segments.push_back(std::move(s));
      record(code, op, [&] {
        StringRef what = cls == ExecClass::Host  ? "a host"
                         : cls == ExecClass::FFI ? "an FFI"
                                                 : "a foreign";
        return describe(op, idx) + " is " + what.str() +
               " instruction: a segment of its own";
      });
      ++idx;
      continue;
    }
    // Triplet before pair, both tried at every index (docs/semantics.md
    // §11.2).
    if (options.isolateBroadcastMultiply) {
      if (idx + 3 <= n &&
          isBroadcastMultiplyTriplet(insts[idx], insts[idx + 1],
                                     insts[idx + 2]) &&
          tryIsolate(idx, 3, "broadcast-multiply-triplet", open)) {
        idx += 3;
        continue;
      }
      if (idx + 2 <= n && isBroadcastMultiplyPair(insts[idx], insts[idx + 1]) &&
          tryIsolate(idx, 2, "broadcast-multiply-pair", open)) {
        idx += 2;
        continue;
      }
    }
    if (!open) {
      open = idx;
    } else if (options.maxRegionOps != 0 &&
               idx - *open >= options.maxRegionOps) {
      flush(open, idx);
      open = idx;
      record("region-size-cap", op, [&] {
        return describe(op, idx) +
               " starts a new region: the open one reached max-region-ops = " +
               std::to_string(options.maxRegionOps);
      });
    }
    ++idx;
  }
  flush(open, n);
}

std::optional<Value> Segmentation::findFutureUse(unsigned begin,
                                                 unsigned end) const {
  for (Operation *op : uses.getInstructions().slice(begin, end - begin))
    for (Value v : op->getResults())
      if (uses.isUsedAtOrAfter(v, end))
        return v;
  return std::nullopt;
}

bool Segmentation::tryIsolate(unsigned idx, unsigned length, StringRef code,
                              std::optional<unsigned> &open) {
  Operation *first = uses.getInstructions()[idx];
  StringRef what = length == 3 ? "triplet" : "pair";
  if (std::optional<Value> v = findFutureUse(idx, idx + length)) {
    // Being a program output does not count; only later reads do.
    record("isolation-rejected-future-use", first, [&] {
      Operation *def = v->getDefiningOp();
      return "broadcast-multiply " + what.str() + " at instruction " +
             std::to_string(idx) + " is not isolated: the result of " +
             describe(def, uses.getIndex(def)) + " is read by instruction " +
             std::to_string(*uses.getLastUse(*v));
    });
    return false;
  }
  flush(open, idx);
  record(code, first, [&] {
    return "broadcast-multiply " + what.str() + " at instructions " +
           std::to_string(idx) + "-" + std::to_string(idx + length - 1) +
           " is isolated: none of its values is read later";
  });
  pushFused(idx, idx + length);
  return true;
}

void Segmentation::record(StringRef code, Operation *op,
                          function_ref<std::string()> message) {
  if (recordEvents)
    events.push_back({code, op, message()});
}

void Segmentation::flush(std::optional<unsigned> &open, unsigned end) {
  if (open && *open < end)
    pushFused(*open, end);
  open.reset();
}

void Segmentation::pushFused(unsigned begin, unsigned end) {
  ArrayRef<Operation *> ops = uses.getInstructions().slice(begin, end - begin);
  Segment s;
  s.kind = Segment::Kind::Fused;
  s.begin = begin;
  s.end = end;
  // Inputs in first-read order, skipping values produced in the segment.
  llvm::SmallPtrSet<Operation *, 16> members(ops.begin(), ops.end());
  llvm::DenseSet<Value> seen;
  for (Operation *op : ops)
    for (Value v : op->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (!(def && members.contains(def)) && seen.insert(v).second)
        s.inputs.push_back(v);
    }
  // Outputs in production order: program outputs and values read later.
  for (Operation *op : ops)
    for (Value v : op->getResults())
      if (uses.isProgramOutput(v) || uses.isUsedAtOrAfter(v, end))
        s.outputs.push_back(v);
  for (Value v : s.inputs)
    s.lastUse.push_back(!uses.isProgramOutput(v) &&
                        !uses.isUsedAtOrAfter(v, end));
  s.decision = classifyRegion(ops, s.inputs, s.outputs, recordEvents);
  segments.push_back(std::move(s));
}
