//===- Executable.cpp - compiled programs run on host tensors -------------===//
//
// Calls go through the packed entry point (addPackedEntry) with memref
// descriptors laid out as mlir/ExecutionEngine/CRunnerUtils.h's
// StridedMemRefType: {allocated, aligned, offset, sizes[rank],
// strides[rank]} of the lowered, column-major buffer (docs/abi.md).
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/Executable.h"

#include "tenferro/Runtime/BufferCache.h"
#include "tenferro/Runtime/JIT.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <set>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;

namespace {

/// Words of a descriptor of rank `rank`.
size_t descriptorWords(unsigned rank) { return 3 + 2 * rank; }

/// The lowered descriptor of a host tensor of logical `shape` at `data`:
/// extents reversed (the buffer is column-major), row-major strides over
/// the reversed extents.
std::vector<int64_t> describe(ArrayRef<int64_t> shape, const void *data) {
  unsigned rank = shape.size();
  std::vector<int64_t> words(descriptorWords(rank), 0);
  auto address = reinterpret_cast<int64_t>(data);
  words[0] = words[1] = address;
  int64_t stride = 1;
  for (unsigned j = rank; j-- > 0;) {
    words[3 + j] = shape[rank - 1 - j];
    words[3 + rank + j] = stride;
    stride *= shape[rank - 1 - j];
  }
  return words;
}

/// The extents of `shape` as "[2, 3]".
std::string formatExtents(ArrayRef<int64_t> shape) {
  std::string text;
  for (int64_t d : shape)
    text += (text.empty() ? "" : ", ") +
            (ShapedType::isDynamic(d) ? "?" : std::to_string(d));
  return "[" + text + "]";
}

/// Checks that the caller's buffer `out` can hold output #`i` of `dtype`
/// and `shape` in `bytes`.
LogicalResult checkOutput(size_t i, const MutableTensorView &out, DType dtype,
                          ArrayRef<int64_t> shape, size_t bytes,
                          std::string &error) {
  std::string which = "output #" + std::to_string(i);
  if (out.dtype != dtype) {
    error = which + " is " + dtypeName(dtype).str() + ", the caller's buffer " +
            dtypeName(out.dtype).str();
    return failure();
  }
  if (out.shape != shape) {
    error = which + " has extents " + formatExtents(shape) +
            ", which the caller's buffer does not";
    return failure();
  }
  if (out.bytes < bytes) {
    error = which + " needs " + std::to_string(bytes) +
            " bytes, the caller's buffer holds " + std::to_string(out.bytes);
    return failure();
  }
  return success();
}

FailureOr<TensorSignature> signatureOf(Type type, std::string &error) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  std::optional<DType> dtype =
      tensor ? dtypeOf(tensor.getElementType()) : std::nullopt;
  if (!dtype) {
    llvm::raw_string_ostream(error)
        << "a program takes and returns tenferro tensors, not " << type;
    return failure();
  }
  return TensorSignature{*dtype, static_cast<unsigned>(tensor.getRank()),
                         SmallVector<int64_t>(tensor.getShape())};
}

} // namespace

Executable::~Executable() = default;

FailureOr<std::unique_ptr<Executable>>
Executable::load(ModuleOp lowered, FunctionType signature, StringRef symbol,
                 const llvm::orc::JITTargetMachineBuilder &target,
                 const Options &options, std::string &error, TimingScope *timer,
                 CodeGenReport *report) {
  std::unique_ptr<Executable> executable(new Executable());
  for (Type input : signature.getInputs()) {
    FailureOr<TensorSignature> signature = signatureOf(input, error);
    if (failed(signature))
      return failure();
    executable->inputTypes.push_back(*signature);
  }
  for (Type result : signature.getResults()) {
    FailureOr<TensorSignature> signature = signatureOf(result, error);
    if (failed(signature))
      return failure();
    executable->resultTypes.push_back(*signature);
  }
  executable->destinationPassing = options.destinationPassing;

  // One C signature for any number of arguments.
  auto cInterface =
      lowered.lookupSymbol<LLVM::LLVMFuncOp>(("_mlir_ciface_" + symbol).str());
  if (!cInterface) {
    error =
        ("the lowered module has no C interface _mlir_ciface_" + symbol).str();
    return failure();
  }
  std::string packed = ("_tenferro_packed_" + symbol).str();
  addPackedEntry(cInterface, packed);

  DefaultTimingManager disabled;
  TimingScope none = disabled.getRootScope();
  TimingScope &parent = timer ? *timer : none;
  FailureOr<std::vector<ObjectCode>> objects =
      compileToObjects(lowered, target, options.codeGen, parent, error, report);
  if (failed(objects))
    return failure();
  FailureOr<std::unique_ptr<JitProgram>> jit = JitProgram::create(
      std::move(*objects), target, options.libraries, options.overrides, error);
  if (failed(jit))
    return failure();
  // The JIT links at the first lookup.
  TimingScope linkTimer = parent.nest("Linking");
  FailureOr<void *> address = (*jit)->lookup(packed, error);
  if (failed(address))
    return failure();
  executable->jit = std::move(*jit);
  executable->entry = reinterpret_cast<void (*)(void **)>(*address);
  return executable;
}

LogicalResult Executable::checkInputs(ArrayRef<TensorView> inputs,
                                      std::string &error) const {
  if (inputs.size() != inputTypes.size()) {
    error = "the program takes " + std::to_string(inputTypes.size()) +
            " inputs, got " + std::to_string(inputs.size());
    return failure();
  }
  for (auto [i, pair] : llvm::enumerate(llvm::zip(inputs, inputTypes))) {
    auto [tensor, type] = pair;
    std::string which = "input #" + std::to_string(i);
    if (tensor.dtype != type.dtype) {
      error = which + " has dtype " + dtypeName(tensor.dtype).str() +
              ", the program takes " + dtypeName(type.dtype).str();
      return failure();
    }
    if (tensor.shape.size() != type.rank) {
      error = which + " has rank " + std::to_string(tensor.shape.size()) +
              ", the program takes rank " + std::to_string(type.rank);
      return failure();
    }
    for (unsigned a = 0; a < type.rank; ++a)
      if (!ShapedType::isDynamic(type.shape[a]) &&
          type.shape[a] != tensor.shape[a]) {
        error = which + " has extent " + std::to_string(tensor.shape[a]) +
                " on axis " + std::to_string(a) + ", the program takes " +
                std::to_string(type.shape[a]);
        return failure();
      }
    std::optional<uint64_t> bytes =
        byteSize(tensor.shape, elementSize(tensor.dtype));
    if (!bytes || *bytes != tensor.bytes) {
      error = which + " holds " + std::to_string(tensor.bytes) +
              " bytes, not the bytes of its shape";
      return failure();
    }
  }
  return success();
}

/// The packed arguments of _mlir_ciface_<symbol>: the result pointer
/// first (if any result), then one descriptor pointer per input; with
/// destination passing, one descriptor pointer per input, then one per
/// output buffer. The packed entry takes a pointer to each. Built once per
/// set of buffers, in place (the pointers point into it), so that timed
/// calls are the call.
struct Executable::Arguments {
  Arguments(const Executable &executable, ArrayRef<TensorView> inputs,
            ArrayRef<MutableTensorView> outputs = {}) {
    assert((executable.destinationPassing
                ? outputs.size() == executable.resultTypes.size()
                : outputs.empty()) &&
           "output buffers are passed exactly with destination passing");
    // The program does not write its inputs (see Executable::run).
    for (const TensorView &tensor : inputs)
      descriptors.push_back(describe(tensor.shape, tensor.data));
    for (const MutableTensorView &tensor : outputs)
      descriptors.push_back(describe(tensor.shape, tensor.data));
    if (!executable.destinationPassing) {
      size_t words = 0;
      for (const TensorSignature &type : executable.resultTypes)
        words += descriptorWords(type.rank);
      results.assign(words, 0);
      resultPointer = results.data();
    }
    for (std::vector<int64_t> &descriptor : descriptors)
      pointers.push_back(descriptor.data());
    if (!executable.destinationPassing && !executable.resultTypes.empty())
      packed.push_back(&resultPointer);
    for (void *&pointer : pointers)
      packed.push_back(&pointer);
  }
  Arguments(const Arguments &) = delete;
  Arguments &operator=(const Arguments &) = delete;

  std::vector<std::vector<int64_t>> descriptors;
  /// The result descriptors' words, written by each call.
  std::vector<int64_t> results;
  void *resultPointer = nullptr;
  std::vector<void *> pointers;
  SmallVector<void *> packed;
};

void Executable::freeResults(ArrayRef<TensorView> inputs,
                             ArrayRef<int64_t> results) {
  // Results may share a buffer (a value returned twice) or be an input.
  std::set<int64_t> freed;
  for (const TensorView &tensor : inputs)
    freed.insert(reinterpret_cast<int64_t>(tensor.data));
  size_t w = 0;
  for (const TensorSignature &type : resultTypes) {
    if (freed.insert(results[w]).second)
      cachedFree(reinterpret_cast<void *>(results[w]));
    w += descriptorWords(type.rank);
  }
}

FailureOr<std::vector<HostTensor>>
Executable::allocateResults(std::string &error) const {
  std::vector<HostTensor> results;
  for (auto [i, type] : llvm::enumerate(resultTypes)) {
    if (ShapedType::isDynamicShape(type.shape)) {
      error = "result #" + std::to_string(i) +
              " has a dynamic shape: with destination passing, the caller "
              "passes its buffer (runInto)";
      return failure();
    }
    HostTensor tensor{type.dtype, type.shape, {}};
    tensor.data.resize(tensor.numElements() * elementSize(type.dtype));
    results.push_back(std::move(tensor));
  }
  return results;
}

/// Views the program may write of `tensors`.
static SmallVector<MutableTensorView>
mutableViews(std::vector<HostTensor> &tensors) {
  SmallVector<MutableTensorView> views;
  for (HostTensor &tensor : tensors)
    views.push_back(
        {tensor.dtype, tensor.shape, tensor.data.data(), tensor.data.size()});
  return views;
}

FailureOr<std::vector<HostTensor>> Executable::run(ArrayRef<TensorView> inputs,
                                                   std::string &error) {
  if (failed(checkInputs(inputs, error)))
    return failure();
  if (destinationPassing) {
    FailureOr<std::vector<HostTensor>> outputs = allocateResults(error);
    if (failed(outputs))
      return failure();
    SmallVector<MutableTensorView> views = mutableViews(*outputs);
    Arguments arguments(*this, inputs, views);
    entry(arguments.packed.data());
    return outputs;
  }
  Arguments arguments(*this, inputs);
  entry(arguments.packed.data());
  std::vector<int64_t> &words = arguments.results;
  // Read back by the lowered strides, so that any layout the program
  // returns is read correctly. Byte-addressed (char): offsets and strides
  // count elements.
  std::vector<HostTensor> outputs;
  size_t w = 0;
  for (const TensorSignature &type : resultTypes) {
    unsigned rank = type.rank;
    ::DynamicMemRefType<char> result(
        ::UnrankedMemRefType<char>{rank, &words[w]});
    HostTensor out{type.dtype, {}, {}};
    for (unsigned a = 0; a < rank; ++a)
      out.shape.push_back(result.sizes[rank - 1 - a]);
    size_t size = elementSize(out.dtype);
    out.data.resize(out.numElements() * size);
    std::vector<int64_t> index(rank, 0);
    for (int64_t e = 0, n = out.numElements(); e < n; ++e) {
      int64_t at = result.offset;
      for (unsigned j = 0; j < rank; ++j)
        at += index[j] * result.strides[j];
      std::memcpy(&out.data[e * size], result.data + at * size, size);
      for (unsigned j = rank; j-- > 0;) {
        if (++index[j] < result.sizes[j])
          break;
        index[j] = 0;
      }
    }
    outputs.push_back(std::move(out));
    w += descriptorWords(rank);
  }
  freeResults(inputs, words);
  return outputs;
}

LogicalResult Executable::checkOutputCount(size_t count,
                                           std::string &error) const {
  if (count == resultTypes.size())
    return success();
  error = "the program returns " + std::to_string(resultTypes.size()) +
          " tensors, the caller has room for " + std::to_string(count);
  return failure();
}

LogicalResult Executable::checkOutputs(ArrayRef<TensorView> inputs,
                                       ArrayRef<MutableTensorView> outputs,
                                       std::string &error) const {
  if (failed(checkOutputCount(outputs.size(), error)))
    return failure();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(outputs, resultTypes))) {
    auto [out, type] = pair;
    // Dynamic extents are the caller's (the program checks them, docs/abi.md);
    // the bytes are those of the caller's shape.
    SmallVector<int64_t> shape(type.shape);
    if (out.shape.size() == shape.size())
      for (auto [mine, theirs] : llvm::zip(shape, out.shape))
        if (ShapedType::isDynamic(mine))
          mine = theirs;
    std::optional<uint64_t> bytes = byteSize(shape, elementSize(type.dtype));
    if (!bytes) {
      error = "output #" + std::to_string(i) + " has invalid extents";
      return failure();
    }
    if (failed(checkOutput(i, out, type.dtype, shape, *bytes, error)))
      return failure();
  }
  // The program writes an output while it still reads inputs and other
  // outputs: a shared byte would be read after it was overwritten.
  auto overlap = [](const void *a, size_t aBytes, const void *b,
                    size_t bBytes) {
    auto x = reinterpret_cast<uintptr_t>(a), y = reinterpret_cast<uintptr_t>(b);
    return aBytes && bBytes && x < y + bBytes && y < x + aBytes;
  };
  for (auto [i, out] : llvm::enumerate(outputs)) {
    std::string which = "output #" + std::to_string(i);
    for (auto [j, in] : llvm::enumerate(inputs))
      if (overlap(out.data, out.bytes, in.data, in.bytes)) {
        error = which + "'s buffer overlaps input #" + std::to_string(j);
        return failure();
      }
    for (size_t j = 0; j < i; ++j)
      if (overlap(out.data, out.bytes, outputs[j].data, outputs[j].bytes)) {
        error = which + "'s buffer overlaps output #" + std::to_string(j);
        return failure();
      }
  }
  return success();
}

LogicalResult Executable::runInto(ArrayRef<TensorView> inputs,
                                  MutableArrayRef<MutableTensorView> outputs,
                                  std::string &error) {
  if (destinationPassing) {
    if (failed(checkInputs(inputs, error)) ||
        failed(checkOutputs(inputs, outputs, error)))
      return failure();
    Arguments arguments(*this, inputs, outputs);
    entry(arguments.packed.data());
    return success();
  }
  if (failed(checkOutputCount(outputs.size(), error)))
    return failure();
  FailureOr<std::vector<HostTensor>> results = run(inputs, error);
  if (failed(results))
    return failure();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(*results, outputs))) {
    auto [result, out] = pair;
    if (failed(checkOutput(i, out, result.dtype, result.shape,
                           result.data.size(), error)))
      return failure();
    std::memcpy(out.data, result.data.data(), result.data.size());
  }
  return success();
}

FailureOr<std::vector<double>>
Executable::time(ArrayRef<TensorView> inputs, unsigned repeat,
                 std::string &error,
                 MutableArrayRef<MutableTensorView> outputs) {
  if (failed(checkInputs(inputs, error)))
    return failure();
  std::vector<double> seconds;
  // With destination passing, every call writes the same buffers: the
  // caller's, or ones allocated here once.
  std::vector<HostTensor> ours;
  SmallVector<MutableTensorView> outputViews(outputs);
  if (destinationPassing && outputs.empty()) {
    FailureOr<std::vector<HostTensor>> allocated = allocateResults(error);
    if (failed(allocated))
      return failure();
    ours = std::move(*allocated);
    outputViews = mutableViews(ours);
  }
  if (!destinationPassing && !outputs.empty()) {
    error = "output buffers are passed with destination passing only";
    return failure();
  }
  if (destinationPassing && failed(checkOutputs(inputs, outputViews, error)))
    return failure();
  Arguments arguments(*this, inputs, outputViews);
  for (unsigned i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    entry(arguments.packed.data());
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
    if (!destinationPassing)
      freeResults(inputs, arguments.results);
  }
  return seconds;
}
