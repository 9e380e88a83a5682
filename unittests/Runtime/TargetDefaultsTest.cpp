//===- TargetDefaultsTest.cpp - targetDefaultsFor -------------------------===//
//
// The lowering choices the runner and the C API make for a target
// (docs/running.md): vector width, vector math, maximum/minimum and the
// inline exp, each read from the target's triple and CPU features.
// checkTargetFeatures: options that need features the target lacks.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/Executable.h"

#include "tenferro/Pipelines/Pipelines.h"

#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/TargetSelect.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tenferro;

namespace {

llvm::orc::JITTargetMachineBuilder targetFor(llvm::StringRef triple,
                                             llvm::StringRef cpu) {
  // Every target's subtarget tables, not only the host's: the choices are
  // made for the target, whatever machine compiles.
  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargetMCs();
  llvm::orc::JITTargetMachineBuilder target{llvm::Triple(triple)};
  target.setCPU(cpu.str());
  return target;
}

TargetDefaults defaultsFor(llvm::StringRef triple, llvm::StringRef cpu) {
  return targetDefaultsFor(targetFor(triple, cpu));
}

TEST(TargetDefaultsTest, AVX512) {
  TargetDefaults d = defaultsFor("x86_64-unknown-linux-gnu", "skylake-avx512");
  EXPECT_EQ(d.vectorWidth, 16u);
  EXPECT_EQ(d.vectorMath, VectorMath::LibmvecAVX512);
  EXPECT_EQ(d.maximumMinimum, MaximumMinimum::AVX512DQ);
  EXPECT_TRUE(d.inlineExpFMA);
  EXPECT_TRUE(d.inlineExpAVX512);
  EXPECT_TRUE(d.nontemporalStores);
  EXPECT_TRUE(d.inlineTanhFMA);
}

TEST(TargetDefaultsTest, AVX2WithFMA) {
  TargetDefaults d = defaultsFor("x86_64-unknown-linux-gnu", "x86-64-v3");
  EXPECT_EQ(d.vectorWidth, 8u);
  EXPECT_EQ(d.vectorMath, VectorMath::LibmvecAVX2);
  EXPECT_EQ(d.maximumMinimum, MaximumMinimum::Select);
  EXPECT_TRUE(d.inlineExpFMA);
  EXPECT_FALSE(d.inlineExpAVX512);
  EXPECT_TRUE(d.inlineTanhFMA);
}

// Sandy Bridge has AVX but no FMA: libmvec's expf stays.
TEST(TargetDefaultsTest, AVXWithoutFMA) {
  TargetDefaults d = defaultsFor("x86_64-unknown-linux-gnu", "sandybridge");
  EXPECT_EQ(d.vectorWidth, 8u);
  EXPECT_EQ(d.vectorMath, VectorMath::LibmvecAVX);
  EXPECT_FALSE(d.inlineExpFMA);
  EXPECT_FALSE(d.inlineTanhFMA);
}

TEST(TargetDefaultsTest, Baseline) {
  TargetDefaults d = defaultsFor("x86_64-unknown-linux-gnu", "x86-64");
  EXPECT_EQ(d.vectorWidth, 4u);
  EXPECT_EQ(d.vectorMath, VectorMath::LibmvecSSE);
  EXPECT_FALSE(d.inlineExpFMA);
  EXPECT_TRUE(d.nontemporalStores);
}

// No libmvec outside glibc: exp is libm's, lane by lane, never inline
// (inline-exp replaces libmvec calls only), even with FMA.
TEST(TargetDefaultsTest, NoLibmvec) {
  for (const char *triple :
       {"x86_64-unknown-linux-musl", "x86_64-apple-darwin"}) {
    TargetDefaults d = defaultsFor(triple, "skylake-avx512");
    EXPECT_EQ(d.vectorMath, VectorMath::Libm) << triple;
    EXPECT_FALSE(d.inlineExpFMA) << triple;
    EXPECT_FALSE(d.inlineExpAVX512) << triple;
    EXPECT_FALSE(d.inlineTanhFMA) << triple;
    EXPECT_EQ(d.vectorWidth, 16u) << triple;
  }
}

TEST(TargetDefaultsTest, OtherArchitectures) {
  TargetDefaults d = defaultsFor("aarch64-unknown-linux-gnu", "neoverse-v1");
  EXPECT_EQ(d.vectorWidth, 8u);
  EXPECT_EQ(d.vectorMath, VectorMath::Libm);
  EXPECT_EQ(d.maximumMinimum, MaximumMinimum::LLVM);
  EXPECT_FALSE(d.inlineExpFMA);
  EXPECT_FALSE(d.nontemporalStores);
}

/// checkTargetFeatures on the options the target's defaults give, with
/// `text` applied on top.
std::string missingFeature(llvm::StringRef triple, llvm::StringRef cpu,
                           llvm::StringRef text) {
  llvm::orc::JITTargetMachineBuilder target = targetFor(triple, cpu);
  TenferroLoweringOptions options;
  applyTargetDefaults(options, targetDefaultsFor(target));
  std::string errors;
  EXPECT_TRUE(succeeded(parseLoweringOptions(options, text, errors))) << errors;
  std::string error;
  if (succeeded(checkTargetFeatures(options, target, error)))
    return "";
  return error;
}

// The defaults are always what the target runs; options that need more
// are named, with the feature and the target.
TEST(TargetDefaultsTest, FeaturesOptionsNeed) {
  const char *gnu = "x86_64-unknown-linux-gnu";
  EXPECT_EQ(missingFeature(gnu, "skylake-avx512", ""), "");
  EXPECT_EQ(missingFeature(gnu, "x86-64-v3", ""), "");
  EXPECT_EQ(missingFeature(gnu, "x86-64", ""), "");
  EXPECT_EQ(missingFeature("aarch64-unknown-linux-gnu", "neoverse-v1", ""), "");
  EXPECT_EQ(missingFeature(gnu, "x86-64-v3", "inline-exp-avx512=true"),
            "pipeline option inline-exp-avx512 needs AVX-512F, which the "
            "target (x86_64-unknown-linux-gnu, x86-64-v3) lacks");
  // Where the inline exp does not run, its scaling needs nothing.
  EXPECT_EQ(
      missingFeature(gnu, "x86-64", "inline-exp=false inline-exp-avx512=true"),
      "");
  EXPECT_EQ(missingFeature(gnu, "x86-64-v3", "maximum-minimum=avx512dq"),
            "pipeline option maximum-minimum=avx512dq needs AVX-512DQ, "
            "which the target (x86_64-unknown-linux-gnu, x86-64-v3) lacks");
  // Knights Landing has AVX-512F but not DQ.
  EXPECT_EQ(missingFeature(gnu, "knl", "maximum-minimum=avx512dq"),
            "pipeline option maximum-minimum=avx512dq needs AVX-512DQ, "
            "which the target (x86_64-unknown-linux-gnu, knl) lacks");
  EXPECT_EQ(missingFeature(gnu, "knl",
                           "inline-exp=true "
                           "inline-exp-avx512=true"),
            "");
  EXPECT_NE(missingFeature("aarch64-unknown-linux-gnu", "neoverse-v1",
                           "maximum-minimum=avx512dq"),
            "");
}

} // namespace

// The inline f32 tanh (one-expression form, fused) goes with the inline exp:
// libmvec and FMA; the options a runner or the C API start from say so.
TEST(TargetDefaultsTest, AppliedInlineTanh) {
  TenferroLoweringOptions withFMA;
  applyTargetDefaults(withFMA,
                      defaultsFor("x86_64-unknown-linux-gnu", "x86-64-v3"));
  EXPECT_TRUE(withFMA.inlineTanh);
  EXPECT_TRUE(withFMA.inlineTanhExpm1);
  EXPECT_TRUE(withFMA.inlineTanhFMA);
  TenferroLoweringOptions baseline;
  applyTargetDefaults(baseline,
                      defaultsFor("x86_64-unknown-linux-gnu", "x86-64"));
  EXPECT_FALSE(baseline.inlineTanh);
  EXPECT_FALSE(baseline.inlineTanhFMA);
}
