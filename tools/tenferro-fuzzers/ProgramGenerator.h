//===- ProgramGenerator.h - valid random tenferro programs from bytes -----===//
//
// Turns an arbitrary byte string into a tenferro program that verifies, so
// that a fuzzer's mutations explore programs, not parse errors. Every byte
// string maps to exactly one program (bytes run out: defaults are used).
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_FUZZERS_PROGRAMGENERATOR_H
#define TENFERRO_FUZZERS_PROGRAMGENERATOR_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace mlir::tenferro::fuzz {

/// Lowering choices drawn from the same bytes as the program.
struct GeneratedOptions {
  bool enableFusion = true;
  bool parallelLoops = false;
  bool donateInputs = false;
  unsigned vectorWidth = 8;
  /// Vector transcendentals through libmvec (AVX-512 variants: lowering
  /// only, nothing runs) instead of libm.
  bool libmvec = false;
};

/// MLIR text of one func.func @fuzz program, and lowering options.
std::string generateProgram(const uint8_t *data, size_t size,
                            GeneratedOptions &options);

} // namespace mlir::tenferro::fuzz

#endif // TENFERRO_FUZZERS_PROGRAMGENERATOR_H
