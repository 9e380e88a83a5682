// Replays the parse fuzzer's seeds (valid programs and malformed ones:
// binary garbage, unterminated regions, unknown and foreign ops, huge and
// out-of-range dimensions, bad attributes; and every past finding) and the
// dialect tests: each input must end in a diagnostic or a verified module,
// never a crash (docs/robustness.md).
// RUN: tenferro-parse-fuzzer %S/Inputs/parse/* %tenferro_src/test/Dialect/Tenferro/*.mlir 2>&1 | FileCheck %s
// CHECK: Running: {{.*}}binary-garbage
// CHECK: Running: {{.*}}valid-softmax-like.mlir
// CHECK: Running: {{.*}}invalid.mlir
