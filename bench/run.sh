#!/usr/bin/env bash
# The performance suite in one command (bench/perf/run.py --help for
# options): builds what it needs, verifies every implementation against
# NumPy, times them, and writes bench/results/*.csv, docs/images/perf-*.png
# and the tables of docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
exec /usr/bin/python3 bench/perf/run.py "$@"
