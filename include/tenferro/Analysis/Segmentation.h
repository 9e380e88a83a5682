//===- Segmentation.h - tenferro's segmentation of a program ----*- C++ -*-===//
//
// `segment_exec_program` (docs/semantics.md §11.2; tenferro-runtime's
// segment.rs): splits a program into fused runs of backend instructions,
// separated by host, FFI and foreign instructions, with terminal
// broadcast-multiply triplets and pairs isolated. Every decision is
// recorded with a stable reason code so that passes can explain it.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_ANALYSIS_SEGMENTATION_H
#define TENFERRO_ANALYSIS_SEGMENTATION_H

#include "tenferro/Analysis/UseAnalysis.h"
#include "tenferro/Dialect/Tenferro/IR/FusionPlan.h"

#include <string>
#include <vector>

namespace mlir::tenferro {

struct SegmentationOptions {
  /// Isolate terminal broadcast-multiply triplets and pairs, as the
  /// runtime does. When false, they stay in their run.
  bool isolateBroadcastMultiply = true;
  /// Cut a fused run after this many instructions (0: no cap).
  unsigned maxRegionOps = 0;
  /// Record every decision as a SegmentationEvent (for remarks); off, the
  /// analysis builds no messages.
  bool recordEvents = true;
};

/// One segment: a fused run, or a single host, FFI or foreign instruction.
struct Segment {
  enum class Kind { Fused, Host, FFI, Foreign };
  Kind kind;
  /// Instruction indices [begin, end).
  unsigned begin, end;
  /// Fused only: inputs in first-read order, outputs in production order,
  /// one last-use flag per input, and the region kind.
  SmallVector<Value> inputs, outputs;
  SmallVector<bool> lastUse;
  RegionKindDecision decision;
};

/// A segmentation decision: a cut (boundary, isolation, size cap) or a
/// rejected isolation, with its reason code.
struct SegmentationEvent {
  llvm::StringRef code;
  /// The instruction the decision is about.
  Operation *op;
  std::string message;
};

class Segmentation {
public:
  Segmentation(const UseAnalysis &uses, const SegmentationOptions &options);

  ArrayRef<Segment> getSegments() const { return segments; }
  /// Decisions in program order.
  ArrayRef<SegmentationEvent> getEvents() const { return events; }

private:
  void flush(std::optional<unsigned> &open, unsigned end);
  void pushFused(unsigned begin, unsigned end);
  /// The first value produced by [begin, end) that an instruction at or
  /// after `end` reads, if any.
  std::optional<Value> findFutureUse(unsigned begin, unsigned end) const;
  bool tryIsolate(unsigned idx, unsigned length, llvm::StringRef code,
                  std::optional<unsigned> &open);
  /// Records a decision when events are recorded; `message` is only
  /// called then.
  void record(llvm::StringRef code, Operation *op,
              llvm::function_ref<std::string()> message);

  const UseAnalysis &uses;
  bool recordEvents;
  std::vector<Segment> segments;
  std::vector<SegmentationEvent> events;
};

/// Printable name of a segment kind ("fused", "host", "ffi", "foreign").
llvm::StringRef stringifySegmentKind(Segment::Kind kind);

} // namespace mlir::tenferro

#endif // TENFERRO_ANALYSIS_SEGMENTATION_H
