//===- TestPasses.cpp - registration of tenferro test passes --------------===//

namespace mlir::tenferro::test {
void registerTestPasses() {}
} // namespace mlir::tenferro::test
