# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the mp3-short benchmarks (mp3.sh, outputs.sh): the scenario,
# TC2 + rt-app's mp3-short (IKS, ondemand, menu) with its global.duration
# rewritten in a temporary copy, and run(), which times it.
# Needs: $build (the build folder) and $name (the caller's name, for
# messages). Sets $tmp, removed on exit.
src=/usr/share/doc/rt-app/examples/mp3-short.json
[ -r "$src" ] || { echo "$name: $src is missing: run tools/setup (Debian's rt-app package)" >&2; exit 1; }
tmp=$(mktemp -d "/tmp/blsim-$name.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# Best of five: with --out the writer threads run beside the simulation,
# and on the 2-vCPU development VM a run then lands, in streaks, ~45%
# slower (the simulation thread's own time grows as much; a busy loop
# beside a run without --out does the same): the host's placement of the
# two vCPUs, not blsim. Five runs catch the fast mode where three often
# did not.
# A run with --out writes into a folder of its own: the previous run's
# outputs are removed first, untimed. Replacing them costs the file
# system's freeing of the old files at the renames (~0.1 s for 60 s of
# mp3-short's 115 MB here), which is not blsim's work, and only the first
# of the five runs would have been spared it.
# The fourth number is blsim's own time for the simulation loop (the
# "simulated ... in N s host" line: the slices of simulated time, and any
# wait for a writer thread, to the end of the statistics' thread), the
# rest of host_s being what comes before it (loading, elaboration) and
# after it (writing the outputs); 0 if the line is missing.
run_once() {  # $1 = seconds, then more blsim options; prints "host_s rss_kb cpu_s loop_s"
  s=$1
  shift
  sed "s/\"duration\" : 6,/\"duration\" : $s,/" "$src" > "$tmp/mp3-$s.json"
  out=
  prev=
  for a in "$@"; do [ "$prev" = --out ] && out=$a; prev=$a; done
  [ -z "$out" ] || rm -rf "$out"
  /usr/bin/time -f "%e %M %U %S" -o "$tmp/time" "$build/blsim" --dtb "$build/configs/tc2.dtb" \
    --workload "$tmp/mp3-$s.json" --switcher iks --cpufreq-governor ondemand \
    --cpuidle-governor menu --no-progress "$@" 2>"$tmp/err" >/dev/null || return 1
  loop=$(sed -n 's/^blsim: simulated .* in \([0-9.]*\) s host.*/\1/p' "$tmp/err")
  [ -n "$loop" ] || echo "$name: no 'simulated ... s host' line from blsim (--quiet?)" >&2
  awk -v loop="${loop:-0}" '{ print $1, $2, $3 + $4, loop }' "$tmp/time"
}
run() {  # the same, best of 5
  for i in 1 2 3 4 5; do run_once "$@" || exit 1; done | sort -n | head -n 1
}
