#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What writing the outputs costs: TC2 + rt-app's mp3-short (IKS, ondemand,
# menu) for 60 s simulated, with and without --out (best of five each,
# the two kinds of run alternating), the writers' share of the run,
# host(with) - host(without) over host(with), split into the simulation
# loop's part and the part before and after the loop (blsim's own
# "simulated ... in N s host" times the loop, to the ms; the part around
# it is host - loop, to the 10 ms of /usr/bin/time), the CPU time of both
# runs (the writer threads' work shows there even when another core hides
# it from the wall time), the bytes each file gets per simulated second,
# and peak RSS with --out at 10 s and 60 s (flat: nothing grows with
# simulated time).
# Prints numbers; asserts nothing.
# Usage: bench/outputs.sh [BUILD_DIR]
set -e
build=${1:-build}
name=outputs.sh
. "$(dirname "$0")/mp3-lib.sh"
# The runs without and with --out alternate: a streak of the host's slow
# mode then falls on both (one after the other, five runs without all
# landed in one once, and the share read 2%).
for i in 1 2 3 4 5; do
  run_once 60 >> "$tmp/without" || exit 1
  run_once 60 --out "$tmp/out" >> "$tmp/with" || exit 1
done
set -- $(sort -n "$tmp/without" | head -n 1); h=$1; c=$3; l=$4
set -- $(sort -n "$tmp/with" | head -n 1); ho=$1; r60=$2; co=$3; lo=$4
set -- $(run 10 --out "$tmp/out10"); r10=$2
[ -n "$h" ] && [ -n "$ho" ] && [ -n "$r10" ] || { echo "outputs.sh: a blsim run failed" >&2; exit 1; }
echo "blsim outputs, TC2 + mp3-short 60 s (IKS, ondemand, menu)"
awk -v h="$h" -v ho="$ho" -v c="$c" -v co="$co" -v r10="$r10" -v r60="$r60" -v l="$l" -v lo="$lo" 'BEGIN {
  printf "  host: %.2f s without --out, %.2f s with (%.1fx / %.1fx real time)\n", h, ho, 60 / h, 60 / ho
  printf "  writers share: (with - without) / with = %.0f%% (goal <= 15%%)\n", (ho > h ? 100 * (ho - h) / ho : 0)
  if (ho > h && lo > 0 && l > 0) {
    printf "    in the simulation loop (its records, any wait for a writer): %.0f%% (%.3f s without, %.3f s with)\n", \
      100 * (lo - l) / ho, l, lo
    printf "    before and after it (the outputs opened, finished, written): %.0f%% (%.2f s without, %.2f s with)\n", \
      100 * ((ho - lo) - (h - l)) / ho, h - l, ho - lo
  }
  printf "  CPU time (user + sys, all threads): %.2f s without --out, %.2f s with\n", c, co
  printf "  peak RSS with --out: %d MiB at 10 s, %d MiB at 60 s\n", r10 / 1024, r60 / 1024
}'
for f in trace.txt trace.dat stats.json waves.vcd; do
  b=$(wc -c < "$tmp/out/$f")
  awk -v f="$f" -v b="$b" 'BEGIN { printf "  %-10s %6.1f MB, %7.0f KB per simulated second\n", f, b / 1e6, b / 60 / 1e3 }'
done
