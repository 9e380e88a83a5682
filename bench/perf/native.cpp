//===- native.cpp - hand-written C++ and Eigen peers of the workloads -----===//
//
// The C++ side of the performance suite (bench/perf/run.py builds it with
// -O3 -march=native -fopenmp). Each workload of bench/perf/workloads.py has
// a hand-written loop (what a C++ programmer writes, OpenMP on the outer
// loop when threads > 1) and an Eigen 3.4 expression (what an Eigen user
// writes; Eigen runs coefficient-wise expressions on one thread). Matrices
// are column-major, like tenferro's tensors.
//
//   native time WORKLOAD f32|f64 N REPEATS THREADS loop|eigen
//       prints "MIN MEDIAN" seconds of one call (outputs preallocated,
//       one untimed warm-up call first)
//   native verify WORKLOAD f32|f64 N DIR
//       reads DIR/in<k>.bin (raw, column-major), writes DIR/loop.bin and
//       DIR/eigen.bin (the output) for run.py to compare with NumPy
//
//===----------------------------------------------------------------------===//

#include <Eigen/Dense>

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <new>
#include <random>
#include <string>
#include <vector>

namespace {

[[noreturn]] void die(const std::string &msg) {
  std::fprintf(stderr, "native: error: %s\n", msg.c_str());
  std::exit(1);
}

template <class T>
using Vec = Eigen::Map<Eigen::Array<T, Eigen::Dynamic, 1>>;
template <class T>
using CVec = Eigen::Map<const Eigen::Array<T, Eigen::Dynamic, 1>>;
template <class T>
using CRow = Eigen::Map<const Eigen::Array<T, 1, Eigen::Dynamic>>;
template <class T>
using Mat = Eigen::Map<Eigen::Array<T, Eigen::Dynamic, Eigen::Dynamic>>;
template <class T>
using CMat = Eigen::Map<const Eigen::Array<T, Eigen::Dynamic, Eigen::Dynamic>>;

/// 64-byte aligned storage, as tenferro-runner gives compiled programs
/// (a cache line; std::vector's default allocator aligns to 16 bytes):
/// the peers' vectors straddle no more cache lines than tenferro's.
template <class T>
struct CacheLineAllocator {
  using value_type = T;
  CacheLineAllocator() = default;
  template <class U>
  CacheLineAllocator(const CacheLineAllocator<U> &) {}
  T *allocate(size_t n) {
    return static_cast<T *>(
        ::operator new(n * sizeof(T), std::align_val_t{64}));
  }
  void deallocate(T *p, size_t) { ::operator delete(p, std::align_val_t{64}); }
  template <class U>
  bool operator==(const CacheLineAllocator<U> &) const {
    return true;
  }
  template <class U>
  bool operator!=(const CacheLineAllocator<U> &) const {
    return false;
  }
};
template <class T>
using Buffer = std::vector<T, CacheLineAllocator<T>>;

/// One benchmark problem: input buffers, the output buffer and the extents.
template <class T>
struct Problem {
  std::vector<Buffer<T>> in;
  Buffer<T> out;
  long n = 0; // elements of the workload (m * m for 2-D ones)
  long m = 0; // matrix side for 2-D workloads
  int threads = 1;
};

// --- elementwise chains ------------------------------------------------------

// tenferro's maximum and minimum propagate NaN (docs/semantics.md 7.10),
// std::max and std::min do not: the like-for-like loop checks for NaN too
// (one select, which g++ vectorizes as two compares and a blend; a NaN in
// y fails the comparison and is selected).
template <class T>
inline T maxNaN(T x, T y) {
  return (x > y || x != x) ? x : y;
}
template <class T>
inline T minNaN(T x, T y) {
  return (x < y || x != x) ? x : y;
}

// Step k of the chain, as in workloads.py: mul b, add a, max b, min a.
template <class T>
inline T chainStep(int k, T t, T a, T b) {
  switch (k % 4) {
  case 0:
    return t * b;
  case 1:
    return t + a;
  case 2:
    return maxNaN(t, b);
  default:
    return minNaN(t, a);
  }
}

// Eigen 3.4's NaN-propagating functors: its public .max()/.min() take the
// non-propagating ones, and the templated max<PropagateNaN> is not in 3.4.0.
template <class T>
using MaxNaN = Eigen::internal::scalar_max_op<T, T, Eigen::PropagateNaN>;
template <class T>
using MinNaN = Eigen::internal::scalar_min_op<T, T, Eigen::PropagateNaN>;

template <int L, class T>
void chainLoop(Problem<T> &p) {
  const T *a = p.in[0].data(), *b = p.in[1].data();
  T *o = p.out.data();
#pragma omp parallel for if (p.threads > 1)
  for (long i = 0; i < p.n; ++i) {
    T t = a[i];
    for (int k = 0; k < L; ++k) // unrolled: L is a constant
      t = chainStep(k, t, a[i], b[i]);
    o[i] = t;
  }
}

// The chain as one Eigen expression, built step by step at compile time.
template <int K, int L, class E, class A>
auto chainExpr(const E &e, const A &a, const A &b) {
  if constexpr (K == L) {
    return e;
  } else if constexpr (K % 4 == 0) {
    return chainExpr<K + 1, L>(e * b, a, b);
  } else if constexpr (K % 4 == 1) {
    return chainExpr<K + 1, L>(e + a, a, b);
  } else if constexpr (K % 4 == 2) {
    using T = typename A::Scalar;
    return chainExpr<K + 1, L>(e.binaryExpr(b, MaxNaN<T>()), a, b);
  } else {
    using T = typename A::Scalar;
    return chainExpr<K + 1, L>(e.binaryExpr(a, MinNaN<T>()), a, b);
  }
}

template <int L, class T>
void chainEigen(Problem<T> &p) {
  CVec<T> a(p.in[0].data(), p.n), b(p.in[1].data(), p.n);
  Vec<T> o(p.out.data(), p.n);
  o = chainExpr<1, L>(a * b, a, b);
}

// --- other 1-D workloads -----------------------------------------------------

template <class T>
void tchainLoop(Problem<T> &p) {
  const T *a = p.in[0].data(), *b = p.in[1].data();
  T *o = p.out.data();
#pragma omp parallel for if (p.threads > 1)
  for (long i = 0; i < p.n; ++i)
    o[i] = std::tanh(std::exp(a[i] * b[i]) + a[i]);
}

template <class T>
void tchainEigen(Problem<T> &p) {
  CVec<T> a(p.in[0].data(), p.n), b(p.in[1].data(), p.n);
  Vec<T> o(p.out.data(), p.n);
  o = ((a * b).exp() + a).tanh();
}

// GELU, tanh form: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
template <class T>
void geluLoop(Problem<T> &p) {
  const T *x = p.in[0].data();
  T *o = p.out.data();
  const T k = T(0.7978845608028654), c = T(0.044715);
#pragma omp parallel for if (p.threads > 1)
  for (long i = 0; i < p.n; ++i)
    o[i] =
        T(0.5) * x[i] * (T(1) + std::tanh(k * (x[i] + c * x[i] * x[i] * x[i])));
}

template <class T>
void geluEigen(Problem<T> &p) {
  CVec<T> x(p.in[0].data(), p.n);
  Vec<T> o(p.out.data(), p.n);
  const T k = T(0.7978845608028654), c = T(0.044715);
  o = T(0.5) * x * (T(1) + (k * (x + c * x.cube())).tanh());
}

template <class T>
void triadLoop(Problem<T> &p) {
  const T *a = p.in[0].data(), *b = p.in[1].data();
  const T s = p.in[2][0];
  T *o = p.out.data();
#pragma omp parallel for if (p.threads > 1)
  for (long i = 0; i < p.n; ++i)
    o[i] = a[i] + s * b[i];
}

template <class T>
void triadEigen(Problem<T> &p) {
  CVec<T> a(p.in[0].data(), p.n), b(p.in[1].data(), p.n);
  Vec<T> o(p.out.data(), p.n);
  o = a + p.in[2][0] * b;
}

template <class T>
void copyLoop(Problem<T> &p) {
  const T *a = p.in[0].data();
  T *o = p.out.data();
#pragma omp parallel for if (p.threads > 1)
  for (long i = 0; i < p.n; ++i)
    o[i] = a[i];
}

template <class T>
void copyEigen(Problem<T> &p) {
  Vec<T>(p.out.data(), p.n) = CVec<T>(p.in[0].data(), p.n);
}

// --- 2-D workloads (m x m, column-major: i fastest) -------------------------

template <class T>
void axpbLoop(Problem<T> &p) {
  const T *a = p.in[0].data(), *b = p.in[1].data(), *c = p.in[2].data();
  T *o = p.out.data();
  const long m = p.m;
#pragma omp parallel for if (p.threads > 1)
  for (long j = 0; j < m; ++j)
    for (long i = 0; i < m; ++i)
      o[i + j * m] = a[i + j * m] * b[j] + c[i + j * m];
}

template <class T>
void axpbEigen(Problem<T> &p) {
  CMat<T> a(p.in[0].data(), p.m, p.m), c(p.in[2].data(), p.m, p.m);
  CRow<T> b(p.in[1].data(), p.m);
  Mat<T> o(p.out.data(), p.m, p.m);
  o = (a.rowwise() * b) + c;
}

template <class T>
void rowscaleLoop(Problem<T> &p) {
  const T *a = p.in[0].data(), *s = p.in[1].data();
  T *o = p.out.data();
  const long m = p.m;
#pragma omp parallel for if (p.threads > 1)
  for (long j = 0; j < m; ++j)
    for (long i = 0; i < m; ++i)
      o[i + j * m] = a[i + j * m] * s[i];
}

template <class T>
void rowscaleEigen(Problem<T> &p) {
  CMat<T> a(p.in[0].data(), p.m, p.m);
  CVec<T> s(p.in[1].data(), p.m);
  Mat<T> o(p.out.data(), p.m, p.m);
  o = a.colwise() * s;
}

template <class T>
void outerLoop(Problem<T> &p) {
  const T *x = p.in[0].data(), *y = p.in[1].data();
  T *o = p.out.data();
  const long m = p.m;
#pragma omp parallel for if (p.threads > 1)
  for (long j = 0; j < m; ++j)
    for (long i = 0; i < m; ++i)
      o[i + j * m] = x[i] * y[j];
}

template <class T>
void outerEigen(Problem<T> &p) {
  CVec<T> x(p.in[0].data(), p.m), y(p.in[1].data(), p.m);
  Mat<T> o(p.out.data(), p.m, p.m);
  o.matrix().noalias() = x.matrix() * y.matrix().transpose();
}

template <class T>
void xbxbLoop(Problem<T> &p) {
  const T *x = p.in[0].data();
  T *o = p.out.data();
  const long m = p.m;
#pragma omp parallel for if (p.threads > 1)
  for (long j = 0; j < m; ++j)
    for (long i = 0; i < m; ++i)
      o[i + j * m] = x[i] * x[i];
}

template <class T>
void xbxbEigen(Problem<T> &p) {
  CVec<T> x(p.in[0].data(), p.m);
  Mat<T> o(p.out.data(), p.m, p.m);
  o = x.replicate(1, p.m) * x.replicate(1, p.m);
}

template <class T>
void softmaxLoop(Problem<T> &p) {
  const T *x = p.in[0].data();
  T *o = p.out.data();
  const long m = p.m;
#pragma omp parallel for if (p.threads > 1)
  for (long j = 0; j < m; ++j) {
    T sum = 0;
    for (long i = 0; i < m; ++i) {
      T e = std::exp(x[i + j * m]);
      o[i + j * m] = e;
      sum += e;
    }
    for (long i = 0; i < m; ++i)
      o[i + j * m] /= sum;
  }
}

template <class T>
void softmaxEigen(Problem<T> &p) {
  CMat<T> x(p.in[0].data(), p.m, p.m);
  Mat<T> o(p.out.data(), p.m, p.m);
  Eigen::Array<T, Eigen::Dynamic, Eigen::Dynamic> e = x.exp();
  o = e.rowwise() / e.colwise().sum();
}

// Layer norm over each column (the contiguous axis): one column at a time,
// in cache, three passes.
template <class T>
void layernormLoop(Problem<T> &p) {
  const T *x = p.in[0].data();
  T *o = p.out.data();
  const long m = p.m;
#pragma omp parallel for if (p.threads > 1)
  for (long j = 0; j < m; ++j) {
    const T *c = x + j * m;
    T sum = 0;
    for (long i = 0; i < m; ++i)
      sum += c[i];
    const T mean = sum / T(m);
    T ss = 0;
    for (long i = 0; i < m; ++i)
      ss += (c[i] - mean) * (c[i] - mean);
    const T scale = T(1) / std::sqrt(ss / T(m) + T(1e-5));
    for (long i = 0; i < m; ++i)
      o[i + j * m] = (c[i] - mean) * scale;
  }
}

template <class T>
void layernormEigen(Problem<T> &p) {
  CMat<T> x(p.in[0].data(), p.m, p.m);
  Mat<T> o(p.out.data(), p.m, p.m);
  Eigen::Array<T, 1, Eigen::Dynamic> mean = x.colwise().sum() / T(p.m);
  Eigen::Array<T, Eigen::Dynamic, Eigen::Dynamic> d = x.rowwise() - mean;
  Eigen::Array<T, 1, Eigen::Dynamic> scale =
      (d.square().colwise().sum() / T(p.m) + T(1e-5)).rsqrt();
  o = d.rowwise() * scale;
}

// reduce_sum(exp(x) * y) over each column (the contiguous axis): one pass.
template <class T>
void sumexpLoop(Problem<T> &p) {
  const T *x = p.in[0].data(), *y = p.in[1].data();
  T *o = p.out.data();
  const long m = p.m;
#pragma omp parallel for if (p.threads > 1)
  for (long j = 0; j < m; ++j) {
    T sum = 0;
    for (long i = 0; i < m; ++i)
      sum += std::exp(x[i + j * m]) * y[i + j * m];
    o[j] = sum;
  }
}

template <class T>
void sumexpEigen(Problem<T> &p) {
  CMat<T> x(p.in[0].data(), p.m, p.m), y(p.in[1].data(), p.m, p.m);
  Eigen::Map<Eigen::Array<T, 1, Eigen::Dynamic>> o(p.out.data(), p.m);
  o = (x.exp() * y).colwise().sum();
}

// --- reductions of the matrix ------------------------------------------------
// What a C++ programmer writes: one accumulator per column (the contiguous
// axis) or for the whole matrix, in order (without -ffast-math the compiler
// keeps that order, so these loops are scalar); row sums accumulate whole
// columns into the output, blocks of rows per thread.

template <class T>
void colsumLoop(Problem<T> &p) {
  const T *x = p.in[0].data();
  const long m = p.m;
#pragma omp parallel for if (p.threads > 1)
  for (long j = 0; j < m; ++j) {
    T sum = 0;
    for (long i = 0; i < m; ++i)
      sum += x[i + j * m];
    p.out[j] = sum;
  }
}

template <class T>
void colsumEigen(Problem<T> &p) {
  CMat<T> x(p.in[0].data(), p.m, p.m);
  Eigen::Map<Eigen::Array<T, 1, Eigen::Dynamic>> o(p.out.data(), p.m);
  o = x.colwise().sum();
}

template <class T>
void rowsumLoop(Problem<T> &p) {
  const T *x = p.in[0].data();
  T *o = p.out.data();
  const long m = p.m, block = 256;
#pragma omp parallel for if (p.threads > 1)
  for (long lo = 0; lo < m; lo += block) {
    const long hi = std::min(m, lo + block);
    for (long i = lo; i < hi; ++i)
      o[i] = 0;
    for (long j = 0; j < m; ++j)
      for (long i = lo; i < hi; ++i)
        o[i] += x[i + j * m];
  }
}

template <class T>
void rowsumEigen(Problem<T> &p) {
  CMat<T> x(p.in[0].data(), p.m, p.m);
  Vec<T>(p.out.data(), p.m) = x.rowwise().sum();
}

template <class T>
void sumallLoop(Problem<T> &p) {
  const T *x = p.in[0].data();
  T sum = 0;
#pragma omp parallel for reduction(+ : sum) if (p.threads > 1)
  for (long k = 0; k < p.n; ++k)
    sum += x[k];
  p.out[0] = sum;
}

template <class T>
void sumallEigen(Problem<T> &p) {
  p.out[0] = CVec<T>(p.in[0].data(), p.n).sum();
}

template <class T>
void sumsqLoop(Problem<T> &p) {
  const T *x = p.in[0].data();
  T sum = 0;
#pragma omp parallel for reduction(+ : sum) if (p.threads > 1)
  for (long k = 0; k < p.n; ++k)
    sum += x[k] * x[k];
  p.out[0] = sum;
}

template <class T>
void sumsqEigen(Problem<T> &p) {
  p.out[0] = CVec<T>(p.in[0].data(), p.n).square().sum();
}

// --- dispatch ------------------------------------------------------------

struct Shape {
  bool matrix;                  // 2-D workload
  std::vector<std::string> ins; // "n" (full), "m" (vector), "1" (scalar)
  char out = 'n'; // output elements: 'n' (full), 'm' (one per column or
                  // row), '1' (a scalar)
};

template <class T>
struct Impl {
  Shape shape;
  std::function<void(Problem<T> &)> loop, eigen;
};

template <class T>
Impl<T> lookup(const std::string &w) {
  Shape vv{false, {"n", "n"}};
  if (w == "chain2")
    return {vv, chainLoop<2, T>, chainEigen<2, T>};
  if (w == "chain4")
    return {vv, chainLoop<4, T>, chainEigen<4, T>};
  if (w == "chain8")
    return {vv, chainLoop<8, T>, chainEigen<8, T>};
  if (w == "chain16")
    return {vv, chainLoop<16, T>, chainEigen<16, T>};
  if (w == "tchain4")
    return {vv, tchainLoop<T>, tchainEigen<T>};
  if (w == "gelu")
    return {{false, {"n"}}, geluLoop<T>, geluEigen<T>};
  if (w == "triad")
    return {{false, {"n", "n", "1"}}, triadLoop<T>, triadEigen<T>};
  if (w == "copy")
    return {{false, {"n"}}, copyLoop<T>, copyEigen<T>};
  if (w == "axpb")
    return {{true, {"n", "m", "n"}}, axpbLoop<T>, axpbEigen<T>};
  if (w == "rowscale")
    return {{true, {"n", "m"}}, rowscaleLoop<T>, rowscaleEigen<T>};
  if (w == "outer")
    return {{true, {"m", "m"}}, outerLoop<T>, outerEigen<T>};
  if (w == "xbxb")
    return {{true, {"m"}}, xbxbLoop<T>, xbxbEigen<T>};
  if (w == "softmax")
    return {{true, {"n"}}, softmaxLoop<T>, softmaxEigen<T>};
  if (w == "layernorm")
    return {{true, {"n"}}, layernormLoop<T>, layernormEigen<T>};
  if (w == "sumexp")
    return {{true, {"n", "n"}, 'm'}, sumexpLoop<T>, sumexpEigen<T>};
  if (w == "colsum")
    return {{true, {"n"}, 'm'}, colsumLoop<T>, colsumEigen<T>};
  if (w == "rowsum")
    return {{true, {"n"}, 'm'}, rowsumLoop<T>, rowsumEigen<T>};
  if (w == "sumall")
    return {{true, {"n"}, '1'}, sumallLoop<T>, sumallEigen<T>};
  if (w == "sumsq")
    return {{true, {"n"}, '1'}, sumsqLoop<T>, sumsqEigen<T>};
  die("unknown workload '" + w + "'");
}

template <class T>
Problem<T> makeProblem(const Shape &shape, long n, int threads) {
  Problem<T> p;
  p.n = n;
  p.m = shape.matrix ? std::lround(std::sqrt(double(n))) : n;
  if (shape.matrix && p.m * p.m != n)
    die("a 2-D workload needs N = m*m");
  p.threads = threads;
  for (const std::string &kind : shape.ins)
    p.in.emplace_back(kind == "n" ? n : kind == "m" ? p.m : 1);
  p.out.assign(shape.out == 'm' ? p.m : shape.out == '1' ? 1 : n, T(0));
  return p;
}

template <class T>
int timeIt(const std::string &w, long n, int repeats, int threads,
           const std::string &impl) {
  Impl<T> f = lookup<T>(w);
  Problem<T> p = makeProblem<T>(f.shape, n, threads);
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  for (auto &v : p.in)
    for (T &x : v)
      x = T(dist(rng));
  std::function<void(Problem<T> &)> run;
  if (impl == "loop")
    run = f.loop;
  else if (impl == "eigen")
    run = f.eigen;
  else
    die("unknown implementation '" + impl + "' (loop or eigen)");
  omp_set_num_threads(threads);
  run(p); // warm-up: page faults, thread pool
  std::vector<double> seconds;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    run(p);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(seconds.begin(), seconds.end());
  // Keep the output observable so no call is optimized away.
  volatile T sink = p.out[p.out.size() / 2];
  (void)sink;
  std::printf("%.6e %.6e\n", seconds.front(), seconds[seconds.size() / 2]);
  return 0;
}

template <class T>
Buffer<T> readRaw(const std::string &path, size_t n) {
  Buffer<T> v(n);
  std::ifstream f(path, std::ios::binary);
  if (!f.read(reinterpret_cast<char *>(v.data()), n * sizeof(T)))
    die("cannot read " + std::to_string(n) + " elements from " + path);
  return v;
}

template <class T>
void writeRaw(const std::string &path, const Buffer<T> &v) {
  std::ofstream f(path, std::ios::binary);
  if (!f.write(reinterpret_cast<const char *>(v.data()), v.size() * sizeof(T)))
    die("cannot write " + path);
}

template <class T>
int verify(const std::string &w, long n, const std::string &dir) {
  Impl<T> f = lookup<T>(w);
  Problem<T> p = makeProblem<T>(f.shape, n, 1);
  for (size_t k = 0; k < p.in.size(); ++k)
    p.in[k] =
        readRaw<T>(dir + "/in" + std::to_string(k) + ".bin", p.in[k].size());
  f.loop(p);
  writeRaw(dir + "/loop.bin", p.out);
  std::fill(p.out.begin(), p.out.end(), T(0));
  f.eigen(p);
  writeRaw(dir + "/eigen.bin", p.out);
  return 0;
}

long parseLong(const char *s, const char *what) {
  char *end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (!*s || *end || v <= 0)
    die(std::string("bad ") + what + " '" + s + "'");
  return v;
}

} // namespace

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "time" && argc == 8) {
    std::string w = argv[2], dt = argv[3], impl = argv[7];
    long n = parseLong(argv[4], "N");
    int repeats = int(parseLong(argv[5], "repeat count"));
    int threads = int(parseLong(argv[6], "thread count"));
    if (dt == "f32")
      return timeIt<float>(w, n, repeats, threads, impl);
    if (dt == "f64")
      return timeIt<double>(w, n, repeats, threads, impl);
    die("unknown dtype '" + dt + "'");
  }
  if (mode == "verify" && argc == 6) {
    std::string w = argv[2], dt = argv[3];
    long n = parseLong(argv[4], "N");
    if (dt == "f32")
      return verify<float>(w, n, argv[5]);
    if (dt == "f64")
      return verify<double>(w, n, argv[5]);
    die("unknown dtype '" + dt + "'");
  }
  std::fprintf(stderr, "usage: native time WORKLOAD f32|f64 N REPEATS THREADS "
                       "loop|eigen\n"
                       "       native verify WORKLOAD f32|f64 N DIR\n");
  return 2;
}
