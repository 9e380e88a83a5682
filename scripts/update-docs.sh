#!/usr/bin/env bash
# Regenerates the dialect and pass reference from ODS into docs/reference/.
# test/Docs/reference.mlir fails when the committed copy is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
cmake --build "$BUILD_DIR" --target mlir-doc
cp "$BUILD_DIR/docs/Dialects/TenferroDialect.md" docs/reference/TenferroDialect.md
cp "$BUILD_DIR/docs/TenferroPasses.md" docs/reference/TenferroPasses.md
cp "$BUILD_DIR/docs/TenferroConversionPasses.md" docs/reference/TenferroConversionPasses.md
cp "$BUILD_DIR/docs/TenferroLoweringPasses.md" docs/reference/TenferroLoweringPasses.md
echo "docs/reference updated"
