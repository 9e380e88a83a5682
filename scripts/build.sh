#!/usr/bin/env bash
# Configures (once) and builds tenferro-mlir into $BUILD_DIR (default build/).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
bash scripts/install-deps.sh
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -B "$BUILD_DIR" -S . -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PWD/$BUILD_DIR/install"
fi
cmake --build "$BUILD_DIR" "$@"
