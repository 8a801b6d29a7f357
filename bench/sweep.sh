#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Throughput of tools/sweep on this machine, and what the Slurm path costs.
#
# One sweep of 16 points (switcher none/iks x governor ondemand/schedutil x
# 4 workloads, 1 s simulated each, every output written) through the local
# engine (GNU parallel, -j = cores), then the same 16 points as one job
# array on a throwaway one-node Slurm (tools/slurm-local, needs root).
# Prints points per host-minute, the engines' overhead next to blsim's own
# run time (the points' run.json), and the Slurm path's extra wall time per
# point. On a shared machine the numbers move by tens of percent; asserts
# nothing.
# Usage: bench/sweep.sh [BUILD_DIR]
set -e
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/blsim-bench-sweep.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
set -- --switcher none iks --governor ondemand schedutil \
  --workload "$root/workloads/periodic-light.json" "$root/workloads/mostly-idle.json" \
             "$root/workloads/bursty.json" "$root/workloads/all-big-busy.json" \
  --no-plots --blsim "$build/blsim" -- --dtb "$build/configs/tc2.dtb" --duration 1s
now() { date +%s.%N; }
points=16

t0=$(now)
"$root/tools/sweep" --out "$tmp/local" "$@" >/dev/null
t1=$(now)
# blsim's own host time per point, summed over the points (run.json).
busy() { python3 -c 'import json,glob,sys; print(sum(json.load(open(f))["host_seconds"] for f in glob.glob(sys.argv[1] + "/points/*/run.json")))' "$1"; }
cores=$(nproc)
python3 - "$t0" "$t1" "$(busy "$tmp/local")" "$cores" "$points" <<'PY'
import sys
t0, t1, busy, cores, n = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
wall = t1 - t0
print("local engine: %d points in %.1f s wall on %d cores: %.0f points per host-minute" % (n, wall, cores, n / wall * 60))
print("  blsim itself: %.2f s per point; cores busy with blsim %.0f%% of the sweep's wall time" % (
    busy / n, 100 * busy / (wall * cores)))
PY

if [ "$(id -u)" -ne 0 ]; then
  echo "slurm engine: skipped (tools/slurm-local needs root)"
  exit 0
fi
# Timed inside tools/slurm-local, so the daemons' start-up is not counted.
"$root/tools/slurm-local" -- sh -c '
  t0=$(date +%s.%N); "$0" --engine slurm --out "'"$tmp"'/slurm" "$@" >/dev/null; rc=$?
  t1=$(date +%s.%N); echo "$t0 $t1" > "'"$tmp"'/slurm.t"; exit $rc' "$root/tools/sweep" "$@"
cmp -s "$tmp/local/results.csv" "$tmp/slurm/results.csv" || { echo "sweep.sh: the engines' results.csv differ" >&2; exit 1; }
python3 - "$t0" "$t1" $(cat "$tmp/slurm.t") "$(busy "$tmp/slurm")" "$points" <<'PY'
import sys
l0, l1, s0, s1, busy, n = map(float, sys.argv[1:])
n = int(n)
lw, sw = l1 - l0, s1 - s0
print("slurm engine (one node, same cores): %d points in %.1f s wall: %.0f points per host-minute" % (n, sw, n / sw * 60))
print("  blsim itself: %.2f s per point; Slurm path's extra wall time over GNU parallel: %.2f s per point (%.2fx)" % (
    busy / n, (sw - lw) / n, sw / lw))
print("  results.csv identical through both engines")
PY
