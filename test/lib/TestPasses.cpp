//===- TestPasses.cpp - registration of tenferro test passes --------------===//

namespace mlir::tenferro::test {
void registerTestUseAnalysisPass();

void registerTestPasses() { registerTestUseAnalysisPass(); }
} // namespace mlir::tenferro::test
