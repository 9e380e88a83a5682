//===- TestPasses.cpp - registration of tenferro test passes --------------===//

namespace mlir::tenferro::test {
void registerTestUseAnalysisPass();
void registerTestCountAllocsPass();

void registerTestPasses() {
  registerTestUseAnalysisPass();
  registerTestCountAllocsPass();
}
} // namespace mlir::tenferro::test
