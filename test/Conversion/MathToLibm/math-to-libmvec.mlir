// Vector transcendentals become whole-vector libmvec calls, cut into the
// widest variants the ISA has; scalars, n-D vectors, other ops and other
// element types are left alone.
// RUN: tenferro-opt %s --split-input-file --tenferro-math-to-libmvec=isa=avx512 | FileCheck %s --check-prefix=AVX512
// RUN: tenferro-opt %s --split-input-file --tenferro-math-to-libmvec=isa=avx2 | FileCheck %s --check-prefix=AVX2
// RUN: tenferro-opt %s --split-input-file --tenferro-math-to-libmvec=isa=avx | FileCheck %s --check-prefix=AVX
// RUN: tenferro-opt %s --split-input-file --tenferro-math-to-libmvec | FileCheck %s --check-prefix=SSE

// One call when a variant has the vector's width.
// AVX512-LABEL: func.func @exact(
// AVX512: call @_ZGVeN16v_expf(%{{.*}}) : (vector<16xf32>) -> vector<16xf32>
// AVX512: call @_ZGVdN4v_tanh(%{{.*}}) : (vector<4xf64>) -> vector<4xf64>
// AVX512: call @_ZGVeN8vv_pow(%{{.*}}, %{{.*}}) : (vector<8xf64>, vector<8xf64>) -> vector<8xf64>
// AVX2-LABEL: func.func @exact(
// AVX2-COUNT-2: call @_ZGVdN8v_expf(%{{.*}}) : (vector<8xf32>) -> vector<8xf32>
// AVX2: call @_ZGVdN4v_tanh(
// AVX2-COUNT-2: call @_ZGVdN4vv_pow(
// AVX-LABEL: func.func @exact(
// AVX-COUNT-2: call @_ZGVcN8v_expf(
// AVX: call @_ZGVcN4v_tanh(
// AVX-COUNT-2: call @_ZGVcN4vv_pow(
// SSE-LABEL: func.func @exact(
// SSE-COUNT-4: call @_ZGVbN4v_expf(
// SSE-COUNT-2: call @_ZGVbN2v_tanh(
// SSE-COUNT-4: call @_ZGVbN2vv_pow(
func.func @exact(%a: vector<16xf32>, %b: vector<4xf64>, %c: vector<8xf64>) -> (vector<16xf32>, vector<4xf64>, vector<8xf64>) {
  %0 = math.exp %a : vector<16xf32>
  %1 = math.tanh %b : vector<4xf64>
  %2 = math.powf %c, %c : vector<8xf64>
  return %0, %1, %2 : vector<16xf32>, vector<4xf64>, vector<8xf64>
}

// -----

// 13 lanes on AVX-512: 8 + 4 + the last lane padded with ones into 4.
// AVX512-LABEL: func.func @cut(
// AVX512-SAME: %[[X:.*]]: vector<13xf32>
// AVX512: %[[A:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [8], strides = [1]}
// AVX512: call @_ZGVdN8v_logf(%[[A]])
// AVX512: %[[B:.*]] = vector.extract_strided_slice %[[X]] {offsets = [8], sizes = [4], strides = [1]}
// AVX512: call @_ZGVbN4v_logf(%[[B]])
// AVX512: %[[C:.*]] = vector.extract_strided_slice %[[X]] {offsets = [12], sizes = [1], strides = [1]}
// AVX512: %[[P:.*]] = vector.insert_strided_slice %[[C]], %{{.*}} {offsets = [0], strides = [1]} : vector<1xf32> into vector<4xf32>
// AVX512: %[[R:.*]] = call @_ZGVbN4v_logf(%[[P]])
// AVX512: vector.extract_strided_slice %[[R]] {offsets = [0], sizes = [1], strides = [1]}
// AVX512: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [12], strides = [1]} : vector<1xf32> into vector<13xf32>
// AVX512: return
func.func @cut(%x: vector<13xf32>) -> vector<13xf32> {
  %0 = math.log %x : vector<13xf32>
  return %0 : vector<13xf32>
}

// -----

// Every function, f32 and f64; the declarations once each.
// AVX512-DAG: func.func private @_ZGVeN16v_sinf(vector<16xf32>) -> vector<16xf32>
// AVX512-DAG: func.func private @_ZGVeN8v_cos(vector<8xf64>) -> vector<8xf64>
// AVX512-LABEL: func.func @all(
// AVX512: call @_ZGVeN16v_sinf(
// AVX512: call @_ZGVeN16v_sinf(
// AVX512: call @_ZGVeN8v_cos(
// AVX512: call @_ZGVeN8v_exp(
// AVX512: call @_ZGVeN8v_log(
// AVX512: call @_ZGVeN16v_expm1f(
// AVX512: call @_ZGVeN16v_log1pf(
// AVX512: call @_ZGVeN16v_tanhf(
func.func @all(%f: vector<16xf32>, %d: vector<8xf64>) -> (vector<16xf32>, vector<16xf32>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
  %0 = math.sin %f : vector<16xf32>
  %1 = math.sin %f : vector<16xf32>
  %2 = math.cos %d : vector<8xf64>
  %3 = math.exp %d : vector<8xf64>
  %4 = math.log %d : vector<8xf64>
  %5 = math.expm1 %f : vector<16xf32>
  %6 = math.log1p %f : vector<16xf32>
  %7 = math.tanh %f : vector<16xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : vector<16xf32>, vector<16xf32>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<16xf32>, vector<16xf32>, vector<16xf32>
}

// -----

// Left alone: scalars (libm), 2-D vectors, f16, sqrt (an instruction).
// AVX512-LABEL: func.func @untouched(
// AVX512-NOT: call
// AVX512: math.exp %{{.*}} : f32
// AVX512: math.exp %{{.*}} : vector<2x8xf32>
// AVX512: math.exp %{{.*}} : vector<16xf16>
// AVX512: math.sqrt %{{.*}} : vector<16xf32>
func.func @untouched(%s: f32, %m: vector<2x8xf32>, %h: vector<16xf16>, %v: vector<16xf32>) -> (f32, vector<2x8xf32>, vector<16xf16>, vector<16xf32>) {
  %0 = math.exp %s : f32
  %1 = math.exp %m : vector<2x8xf32>
  %2 = math.exp %h : vector<16xf16>
  %3 = math.sqrt %v : vector<16xf32>
  return %0, %1, %2, %3 : f32, vector<2x8xf32>, vector<16xf16>, vector<16xf32>
}
