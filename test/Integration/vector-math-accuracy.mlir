// The error of compiled exp, log, sin, cos, tanh, expm1, log1p and pow, in
// ulps against long double references, within the bounds of
// docs/semantics.md ("Accuracy of vector transcendentals") for libm and
// every libmvec variant this CPU runs, and f32 tanh and f32 and f64 exp
// expanded inline (tenferro-expand-tanh and tenferro-expand-exp,
// inline-tanh=true, inline-exp=true and inline-exp-f64=true; on CPUs with
// FMA also inline-exp-fma=true, inline-tanh-expm1=true and
// inline-tanh-fma=true, the runner's default there): 2^20 inputs
// per function and
// dtype
// over every binade, plus signed zeros, subnormals, infinities, NaN and
// the overflow and underflow thresholds (see the script).
// RUN: rm -rf %t && %python %S/Inputs/vector_math_accuracy.py tenferro-runner %t host | FileCheck %s

// CHECK: function dtype mode
// CHECK-NOT: EXCEEDED
// CHECK: pow      f64   libmvec-sse
// CHECK-NOT: EXCEEDED
