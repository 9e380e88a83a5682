#!/usr/bin/env bash
# Installs what building and testing tenferro-mlir needs on Debian 12, from
# Debian's own packages. Idempotent: only missing packages are installed.
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++ python3
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  libgtest-dev libomp-22-dev
  libeigen3-dev python3-numpy python3-matplotlib
  clang-22 libclang-rt-22-dev
  clang-format-22  # test/Format/clang-format.mlir checks every C/C++ file
  graphviz  # dot, for README's --tenferro-view-segments | dot -Tsvg
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
