//===- Executable.cpp - compiled programs run on host tensors -------------===//
//
// Calls go through the packed entry point (addPackedEntry) with memref
// descriptors laid out as mlir/ExecutionEngine/CRunnerUtils.h's
// StridedMemRefType: {allocated, aligned, offset, sizes[rank],
// strides[rank]} of the lowered, column-major buffer (docs/abi.md).
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/Executable.h"

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

/// The lowered descriptor of a host tensor: extents reversed (the buffer is
/// column-major), row-major strides over the reversed extents.
std::vector<int64_t> describe(const TensorView &tensor) {
  unsigned rank = tensor.shape.size();
  std::vector<int64_t> words(descriptorWords(rank), 0);
  // The program does not write its inputs (see Executable::run).
  auto address = reinterpret_cast<int64_t>(tensor.data);
  words[0] = words[1] = address;
  int64_t stride = 1;
  for (unsigned j = rank; j-- > 0;) {
    words[3 + j] = tensor.shape[rank - 1 - j];
    words[3 + rank + j] = stride;
    stride *= tensor.shape[rank - 1 - j];
  }
  return words;
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
/// first (if any result), then one descriptor pointer per input; the
/// packed entry takes a pointer to each. Built once per set of inputs, in
/// place (the pointers point into it), so that timed calls are the call.
struct Executable::Arguments {
  Arguments(const Executable &executable, ArrayRef<TensorView> inputs) {
    for (const TensorView &tensor : inputs)
      descriptors.push_back(describe(tensor));
    size_t words = 0;
    for (const TensorSignature &type : executable.resultTypes)
      words += descriptorWords(type.rank);
    results.assign(words, 0);
    resultPointer = results.data();
    for (std::vector<int64_t> &descriptor : descriptors)
      pointers.push_back(descriptor.data());
    if (!executable.resultTypes.empty())
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
      std::free(reinterpret_cast<void *>(results[w]));
    w += descriptorWords(type.rank);
  }
}

FailureOr<std::vector<HostTensor>> Executable::run(ArrayRef<TensorView> inputs,
                                                   std::string &error) {
  if (failed(checkInputs(inputs, error)))
    return failure();
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

LogicalResult Executable::runInto(ArrayRef<TensorView> inputs,
                                  MutableArrayRef<MutableTensorView> outputs,
                                  std::string &error) {
  if (failed(checkOutputCount(outputs.size(), error)))
    return failure();
  FailureOr<std::vector<HostTensor>> results = run(inputs, error);
  if (failed(results))
    return failure();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(*results, outputs))) {
    auto [result, out] = pair;
    std::string which = "output #" + std::to_string(i);
    if (out.dtype != result.dtype) {
      error = which + " is " + dtypeName(result.dtype).str() +
              ", the caller's buffer " + dtypeName(out.dtype).str();
      return failure();
    }
    if (out.shape != ArrayRef<int64_t>(result.shape)) {
      std::string extents;
      for (int64_t d : result.shape)
        extents += (extents.empty() ? "" : ", ") + std::to_string(d);
      error = which + " has extents [" + extents +
              "], which the caller's buffer does not";
      return failure();
    }
    if (out.bytes < result.data.size()) {
      error = which + " needs " + std::to_string(result.data.size()) +
              " bytes, the caller's buffer holds " + std::to_string(out.bytes);
      return failure();
    }
    std::memcpy(out.data, result.data.data(), result.data.size());
  }
  return success();
}

FailureOr<std::vector<double>> Executable::time(ArrayRef<TensorView> inputs,
                                                unsigned repeat,
                                                std::string &error) {
  if (failed(checkInputs(inputs, error)))
    return failure();
  std::vector<double> seconds;
  Arguments arguments(*this, inputs);
  for (unsigned i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    entry(arguments.packed.data());
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
    freeResults(inputs, arguments.results);
  }
  return seconds;
}
