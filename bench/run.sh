#!/usr/bin/env bash
# The performance suite in one command (bench/perf/run.py --help for
# options): builds what it needs, verifies every implementation against
# NumPy, times them, and writes bench/results/*.csv, docs/images/perf-*.png
# and the tables of docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

# The Python peers (bench/perf/python_peers.py), from Debian's packages:
# only the suite needs them, and it runs without them (a peer that does
# not import is skipped with a log line), so a failed install is a warning.
PEERS=(python3-torch python3-numba)
missing=()
for p in "${PEERS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "bench: installing ${missing[*]}"
  { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
      && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
           --no-install-recommends "${missing[@]}"; } \
    || echo "bench: could not install ${missing[*]}; the run skips those peers" >&2
fi

exec /usr/bin/python3 bench/perf/run.py "$@"
