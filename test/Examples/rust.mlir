// examples/rust: a Rust program (cargo, raw FFI, no crates) compiles a
// softmax through the C API (libTenferroCAPI.so), runs it on its own
// 4 x 1000 array, checks it against Rust's arithmetic and gets a mismatched
// input back as a message.
// The sanitizer build's library needs the sanitizer runtime loaded first,
// which an uninstrumented Rust program does not.
// UNSUPPORTED: asan
// REQUIRES: cargo
// RUN: env TENFERRO_LIB_DIR=%tenferro_libs %cargo build --offline -q \
// RUN:   --manifest-path %tenferro_src/examples/rust/Cargo.toml --target-dir %t.dir
// RUN: %t.dir/debug/tenferro-rust-example | FileCheck %s

// CHECK: softmax: shape [4, 1000], largest relative difference
// CHECK-NEXT: mismatch: status 1, input #0 has extent 999 on axis 1, the program takes 1000
// CHECK-NEXT: rust: compiled and ran @softmax through the C API
