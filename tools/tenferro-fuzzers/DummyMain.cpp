//===- DummyMain.cpp - run a fuzz target on files, without libFuzzer ------===//
//
// In builds without coverage instrumentation the fuzz targets are plain
// executables that run LLVMFuzzerTestOneInput on each file named on the
// command line: the regression tests (test/Fuzz) replay the corpus and
// every past finding with the normal build.
//
//===----------------------------------------------------------------------===//

#include "llvm/FuzzMutate/FuzzerCLI.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  return llvm::runFuzzerOnInputs(argc, argv, LLVMFuzzerTestOneInput);
}
