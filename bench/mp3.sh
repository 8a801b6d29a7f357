#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Speed on TC2 + rt-app's mp3-short (IKS, ondemand, menu): the real-time
# factor for 10 s and 60 s simulated (the example of Debian's rt-app
# package, which tools/setup installs, with its global.duration rewritten in
# a temporary copy), without outputs and with every output (--out:
# stats.json, trace.txt, trace.dat, waves.vcd), the bytes --out writes per
# simulated second, linearity (host time for 60 s over 10 s), peak RSS, and
# what cores running ahead of SystemC's time gain over --lockstep
# (docs/fidelity.md). bench/limit.sh relates the same scenario to a bare
# SystemC loop.
# Each time is the best of five runs (bench/mp3-lib.sh): on a shared or
# virtual machine the host steals tens of percent from single runs. Prints ratios; asserts
# nothing.
# Usage: bench/mp3.sh [BUILD_DIR]
set -e
build=${1:-build}
name=mp3.sh
. "$(dirname "$0")/mp3-lib.sh"
bytes() { du -sb "$1" | cut -f1; }  # what --out left in a folder
set -- $(run 10); h10=$1; r10=$2
set -- $(run 60); h60=$1; r60=$2
[ -n "$h10" ] && [ -n "$h60" ] || { echo "mp3.sh: a blsim run failed" >&2; exit 1; }
set -- $(run 10 --lockstep); hl=$1
set -- $(run 10 --out "$tmp/out10"); h10o=$1; r10o=$2
b10=$(bytes "$tmp/out10")
set -- $(run 60 --out "$tmp/out60"); h60o=$1; r60o=$2
b60=$(bytes "$tmp/out60")
awk -v h10="$h10" -v h60="$h60" -v r10="$r10" -v r60="$r60" -v hl="$hl" \
    -v h10o="$h10o" -v r10o="$r10o" -v b10="$b10" \
    -v h60o="$h60o" -v r60o="$r60o" -v b60="$b60" 'BEGIN {
  printf "blsim speed, TC2 + mp3-short (IKS, ondemand, menu)\n"
  printf "  %-15s %8s %10s %9s %12s\n", "", "host s", "real-time", "peak RSS", "--out bytes"
  printf "  %-15s %8.2f %9.1fx %5d MiB\n", "10 s", h10, 10 / h10, r10 / 1024
  printf "  %-15s %8.2f %9.1fx %5d MiB\n", "60 s", h60, 60 / h60, r60 / 1024
  printf "  %-15s %8.2f %9.1fx %5d MiB %7.2f MB/s\n", "10 s, --out", h10o, 10 / h10o, r10o / 1024, b10 / 10 / 1e6
  printf "  %-15s %8.2f %9.1fx %5d MiB %7.2f MB/s\n", "60 s, --out", h60o, 60 / h60o, r60o / 1024, b60 / 60 / 1e6
  printf "  (MB/s: megabytes --out writes per simulated second; 60 s: %.1f MB in all)\n", b60 / 1e6
  printf "  linearity, host(60 s) / host(10 s) (6.00 is linear): %.2f, with --out %.2f\n", h60 / h10, h60o / h10o
  printf "  running ahead: host(10 s, --lockstep) / host(10 s) = %.2f\n", hl / h10
}'
