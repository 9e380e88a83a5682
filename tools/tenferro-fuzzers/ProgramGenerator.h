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

/// MLIR text of one func.func @fuzz program. `pipelineOptions` receives the
/// lowering choices drawn from the same bytes, as the textual options of
/// tenferro-lower-to-llvm (e.g. "enable-fusion=true vector-width=8 ..."):
/// the options are defined once, by the pipeline, whose own parser reads
/// this text, and a finding reproduces with
/// `tenferro-opt
/// --pass-pipeline="builtin.module(tenferro-lower-to-llvm{...})"`.
std::string generateProgram(const uint8_t *data, size_t size,
                            std::string &pipelineOptions);

} // namespace mlir::tenferro::fuzz

#endif // TENFERRO_FUZZERS_PROGRAMGENERATOR_H
