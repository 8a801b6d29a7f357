#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A 2x3 grid (A7 power-up latency x workload) through the local engine:
results.csv has 6 rows whose numbers are those of the same 6 runs made by
hand with the same blsim, and --resume then runs nothing."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweeplib import *  # noqa: E402,F403

d = scratch("grid")
PROP = "/cpus/cpu-map/cluster1:blsim,power-up-latency-ns"
LAT = ["100000", "450000"]
WLS = [os.path.join(WL, w + ".json") for w in ("periodic-light", "mostly-idle", "all-big-busy")]
BASE = ["--dtb", TC2, "--switcher", "iks", "--cpufreq-governor", "ondemand",
        "--event", "100ms:switch:0:1", "--duration", "300ms"]
out = os.path.join(d, "sweep")
r = run([SWEEP, "--dt", PROP] + LAT + ["--workload"] + WLS + ["--out", out, "-j", "2", "--"] + BASE)
check(r.returncode == 0, "the sweep exits 0\n" + r.stdout + r.stderr)
res = rows(os.path.join(out, "results.csv"))
check(len(res) == 6, "results.csv has 6 rows (%d)" % len(res))


def hand(i, lat, wl):
    """The same point, run by hand: options in another order, own folder."""
    o = os.path.join(d, "hand%d" % i)
    r = run([BLSIM, "--workload", wl, "--dt", "%s=%s" % (PROP, lat)] + BASE + ["--out", o, "--quiet"])
    check(r.returncode == 0, "hand run %d exits 0\n%s" % (i, r.stderr))
    return o


def expect(row, col, want):
    got = row[col]
    if want is None:
        check(got == "", "%s: %s is empty" % (row["point"], col))
    else:
        check(got != "" and float(got) == want, "%s: %s = %s (hand: %r)" % (row["point"], col, got, want))


i = 0
for lat in LAT:
    for wl in WLS:
        row = next((x for x in res if x[("dt:" + PROP)] == lat and x["workload"] == wl), None)
        check(row is not None, "a row for %s, %s" % (lat, os.path.basename(wl)))
        check(row["status"] == "ok" and row["exit_status"] == "0", "%s is ok" % row["point"])
        h = hand(i, lat, wl)
        i += 1
        pdir = os.path.join(out, "points", row["point"])
        with open(os.path.join(h, "stats.json"), "rb") as a, open(os.path.join(pdir, "stats.json"), "rb") as b:
            check(a.read() == b.read(), "%s: stats.json byte-identical to the hand run's" % row["point"])
        # The numbers, computed here from the hand run's own stats.json.
        s = stats(os.path.join(h, "stats.json"))
        expect(row, "energy_j", s["energy_j"])
        for rail in s["rails"]:
            expect(row, "energy_%s_j" % rail["name"], rail["energy_j"])
            expect(row, "avg_power_%s_w" % rail["name"], rail["avg_power_w"])
        a7 = {c["id"] for c in s["clusters"] if c["type"] == "cortex-a7"}
        up = [x for x in s["switches"] if x["to_cluster"] not in a7]
        down = [x for x in s["switches"] if x["to_cluster"] in a7]
        for name, sw in (("up", up), ("down", down)):
            expect(row, "switches_" + name, len(sw))
            expect(row, "switch_%s_blackout_max_ns" % name, max(x["blackout_ns"] for x in sw) if sw else None)
            expect(row, "switch_%s_total_max_ns" % name, max(x["total_ns"] for x in sw) if sw else None)
            if len(sw) == 1:
                expect(row, "switch_%s_total_p50_ns" % name, sw[0]["total_ns"])
        expect(row, "missed", sum(t["missed"] for t in s["tasks"]))
        lat_max = [t["wakeup_latency_ns"]["max"] for t in s["tasks"] if t["wakeup_latency_ns"]["max"] is not None]
        expect(row, "wakeup_max_ns", max(lat_max) if lat_max else None)
        for q in ("p50", "p99"):
            pct = [t["wakeup_latency_%s_ns" % q] for t in s["tasks"] if t.get("wakeup_latency_%s_ns" % q) is not None]
            expect(row, "wakeup_%s_ns" % q, max(pct) if pct else None)
        big = next(c for c in s["clusters"] if c["id"] == 0)
        expect(row, "opp_c0_1200mhz_share", big["opp_residency_ns"].get("1200000", 0) / s["sim"]["simulated_ns"])

check(all(is_png(os.path.join(out, "plots", f)) for f in
          ("energy_j--power-up-latency-ns.png", "energy_j--workload.png")), "plots of energy_j against both axes")
with open(os.path.join(out, "joblog.txt")) as f:
    check(len(f.readlines()) == 7, "GNU parallel's job log has 6 jobs")

before = {x["point"]: os.stat(os.path.join(out, "points", x["point"], "run.json")).st_mtime_ns for x in res}
csv1 = open(os.path.join(out, "results.csv")).read()
r = run([SWEEP, "--dt", PROP] + LAT + ["--workload"] + WLS + ["--out", out, "--resume", "--no-plots", "--"] + BASE)
check(r.returncode == 0 and "0 to run" in r.stdout, "--resume: nothing left to run\n" + r.stdout + r.stderr)
after = {x: os.stat(os.path.join(out, "points", x, "run.json")).st_mtime_ns for x in before}
check(before == after, "--resume ran no point again")
check(open(os.path.join(out, "results.csv")).read() == csv1, "--resume: the same results.csv")
