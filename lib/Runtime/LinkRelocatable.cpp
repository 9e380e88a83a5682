//===- LinkRelocatable.cpp - partition objects into one object ------------===//
//
// An AOT user links one object per program (docs/running.md), however many
// partitions compiled it. A linker joins the partition objects (-r);
// llvm-objcopy's library then makes the symbols the partitions shared
// (hidden: kernels, dispatcher parts, constants) local again, as they were
// in the unsplit module, so that objects of two programs link together.
//
// The linker runs as a process of its own: lld as a library resets every
// llvm::cl option of the process it runs in (the runner's own flags went
// back to their defaults), which no library may do to its embedder.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/CodeGen.h"

#include "llvm/ObjCopy/ConfigManager.h"
#include "llvm/ObjCopy/ObjCopy.h"
#include "llvm/Object/Binary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
using namespace mlir::tenferro;

namespace {

/// Removes a temporary directory and what it holds when it goes.
struct TemporaryDirectory {
  SmallString<128> path;
  std::vector<std::string> files;
  ~TemporaryDirectory() {
    for (const std::string &file : files)
      llvm::sys::fs::remove(file);
    if (!path.empty())
      llvm::sys::fs::remove(path);
  }
};

LogicalResult writeFile(StringRef path, ArrayRef<char> bytes,
                        std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec) {
    os.write(bytes.data(), bytes.size());
    os.close();
    ec = os.error();
  }
  if (ec)
    error = ("cannot write '" + path + "': " + ec.message()).str();
  return failure(bool(ec));
}

} // namespace

std::optional<std::string>
tenferro::findRelocatableLinker(const llvm::Triple &triple) {
  if (!triple.isOSBinFormatELF())
    return std::nullopt;
  // lld links every ELF target.
  for (const char *name : {"ld.lld-22", "ld.lld"})
    if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(name))
      return *path;
  // The system's linker, for its own architecture only.
  llvm::Triple host(llvm::sys::getProcessTriple());
  if (triple.getArch() != host.getArch())
    return std::nullopt;
  if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName("ld"))
    return *path;
  return std::nullopt;
}

FailureOr<ObjectCode> tenferro::linkRelocatable(std::vector<ObjectCode> objects,
                                                const llvm::Triple &triple,
                                                std::string &error) {
  if (objects.size() == 1)
    return std::move(objects.front());
  // lld reads its inputs from files.
  TemporaryDirectory dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("tenferro-link", dir.path)) {
    error = "cannot create a temporary directory: " + ec.message();
    return failure();
  }
  std::optional<std::string> linker = findRelocatableLinker(triple);
  if (!linker) {
    error = "no linker joins objects for " + triple.str();
    return failure();
  }
  std::vector<std::string> args = {*linker, "-r", "-o"};
  SmallString<128> output(dir.path);
  llvm::sys::path::append(output, "joined.o");
  args.push_back(std::string(output));
  dir.files.push_back(std::string(output));
  for (auto [i, object] : llvm::enumerate(objects)) {
    SmallString<128> input(dir.path);
    llvm::sys::path::append(input, "part" + std::to_string(i) + ".o");
    dir.files.push_back(std::string(input));
    if (failed(writeFile(input, object, error)))
      return failure();
    args.push_back(std::string(input));
  }
  SmallVector<StringRef> argv(args.begin(), args.end());
  std::string message;
  int status = llvm::sys::ExecuteAndWait(*linker, argv, /*Env=*/std::nullopt,
                                         /*Redirects=*/{}, /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &message);
  if (status != 0) {
    error = "joining the partitions' objects (" + *linker + " -r) failed" +
            (message.empty() ? "" : ": " + message);
    return failure();
  }

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> joined =
      llvm::MemoryBuffer::getFile(output, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!joined) {
    error = "cannot read '" + std::string(output) +
            "': " + joined.getError().message();
    return failure();
  }
  llvm::Expected<std::unique_ptr<llvm::object::Binary>> binary =
      llvm::object::createBinary((*joined)->getMemBufferRef());
  if (!binary) {
    error = "the linker wrote no object: " + llvm::toString(binary.takeError());
    return failure();
  }
  llvm::objcopy::ConfigManager config;
  config.ELF.LocalizeHidden = true;
  ObjectCode result;
  llvm::raw_svector_ostream resultStream(result);
  if (llvm::Error e = llvm::objcopy::executeObjcopyOnBinary(config, **binary,
                                                            resultStream)) {
    error = "localizing the partitions' shared symbols failed: " +
            llvm::toString(std::move(e));
    return failure();
  }
  return result;
}
