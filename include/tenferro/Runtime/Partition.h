//===- Partition.h - modules LLVM compiles independently --------*- C++ -*-===//
//
// Splits a module in the LLVM dialect into partitions that are translated,
// optimized and compiled to object code independently, on a thread pool
// (docs/design.md, "Parallel code generation").
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_RUNTIME_PARTITION_H
#define TENFERRO_RUNTIME_PARTITION_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <vector>

namespace mlir::tenferro {

struct PartitionOptions {
  /// A partition holds functions of about this many ops (the last one
  /// fewer). The partitions depend on the module and these options only,
  /// never on the number of threads, so that the object code does not
  /// either.
  unsigned partitionOps = 10000;
  /// At most this many partitions; 1 never splits.
  unsigned maxPartitions = 64;
};

/// Splits `module` (the LLVM dialect, as tenferro-lower-to-llvm leaves it)
/// into partitions: each function the module defines goes to one
/// partition, in module order, contiguous runs balanced by op count. A
/// partition declares the functions and globals it uses from others;
/// functions and globals of local linkage that another partition uses
/// become external with hidden visibility (linking the partitions' objects
/// resolves them; AOT objects localize them again). Local constant globals
/// are copied into every partition that reads them.
///
/// Returns an empty vector when `module` is not split: it is small, or it
/// holds a top-level op other than functions and globals, or a global
/// whose initializer refers to other symbols.
std::vector<OwningOpRef<ModuleOp>>
partitionModule(ModuleOp module, const PartitionOptions &options);

} // namespace mlir::tenferro

#endif // TENFERRO_RUNTIME_PARTITION_H
