#!/usr/bin/env bash
# Compile-time scale benchmark for tenferro-segment (not a test).
#
# Generates random programs of 10^4, 10^5 and 10^6 instructions
# (bench/gen_program.py), runs tenferro-segment on each REPEAT times and
# prints, per size, the minimum and median wall time of the pass itself
# (from --mlir-timing, verification off), time per instruction and peak
# resident memory of the whole tenferro-opt process.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
OPT="$BUILD_DIR/bin/tenferro-opt"
REPEAT=${REPEAT:-5}
SIZES=${SIZES:-"10000 100000 1000000"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf "%-12s %-12s %-12s %-14s %-12s\n" instructions min_s median_s ns_per_inst peak_rss_MiB
for n in $SIZES; do
  python3 bench/gen_program.py "$n" 1 > "$work/p.mlir"
  times=()
  rss=0
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -f "%M" -o "$work/rss" "$OPT" "$work/p.mlir" --tenferro-segment \
      --verify-each=false --mlir-timing -o /dev/null 2> "$work/timing"
    t=$(grep TenferroSegmentPass "$work/timing" | awk '{print $1}')
    times+=("$t")
    r=$(tail -n1 "$work/rss"); [ "$r" -gt "$rss" ] && rss=$r
  done
  sorted=$(printf "%s\n" "${times[@]}" | sort -g)
  min=$(echo "$sorted" | head -n1)
  med=$(echo "$sorted" | sed -n "$(( (REPEAT + 1) / 2 ))p")
  ns=$(python3 -c "print(round($min / $n * 1e9))")
  printf "%-12s %-12s %-12s %-14s %-12s\n" "$n" "$min" "$med" "$ns" "$((rss / 1024))"
done
