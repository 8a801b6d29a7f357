#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""tools/sweep's command line and spec files, without running blsim
(--dry-run lists each point's folder name and command): axes of every
kind, product, zip and explicit lists, names that are safe and unique,
and the errors."""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweeplib import *  # noqa: E402,F403

d = scratch("cli")
BASE = ["--", "--dtb", TC2, "--duration", "50ms"]


def dry(args, spec=None):
    if spec is not None:
        p = os.path.join(d, "spec.json")
        with open(p, "w") as f:
            f.write(spec if isinstance(spec, str) else json.dumps(spec))
        args = ["--spec", p] + args
    r = run([SWEEP, "--dry-run", "--out", os.path.join(d, "out")] + args)
    pts = [l.split("\t") for l in r.stdout.splitlines()]
    return r, [p[0] for p in pts], [p[1] for p in pts]


def refused(args, words, spec=None):
    r, _, _ = dry(args, spec)
    check(r.returncode == 1 and all(w in r.stderr for w in words),
          "refused with exit 1 naming %s: %s" % (words, r.stderr.strip().splitlines()[:1]))


# Every kind of axis, as a product: 2*2*2*2*1*1*2*2 points.
r, names, cmds = dry(["--dt", "/cpus/cpu-map/cluster1:blsim,power-up-latency-ns", "100000", "450000",
                      "--set", "ondemand.up_threshold", "60", "95",
                      "--workload", os.path.join(WL, "bursty.json"), os.path.join(WL, "idle.json"),
                      "--switcher", "iks", "cluster", "--governor", "ondemand",
                      "--board", TC2, "--seed", "1", "2", "--axis", "--no-early-poke", "+", "-"] + BASE[:1] +
                     ["--duration", "50ms"])
check(r.returncode == 0 and len(names) == 64, "a product of 8 axes: 64 points (%d)\n%s" % (len(names), r.stderr))
check(len(set(n.lower() for n in names)) == 64, "64 distinct folder names")
check(all(re.fullmatch(r"[A-Za-z0-9._+=,~-]+", n) for n in names), "names are filesystem- and shell-safe")
check(names[0] == "power-up-latency-ns=100000,ondemand.up_threshold=60,workload=bursty,switcher=iks,"
      "cpufreq-governor=ondemand,dtb=tc2,seed=1,no-early-poke=on", "a name says every parameter: " + names[0])
c0 = cmds[0]
for part in ("--dt /cpus/cpu-map/cluster1:blsim,power-up-latency-ns=100000", "--set ondemand.up_threshold=60",
             "--switcher iks", "--cpufreq-governor ondemand", "--dtb " + TC2, "--seed 1", "--no-early-poke",
             "--quiet"):
    check(part in c0, "the command has %s" % part)
check("--no-early-poke" not in cmds[1], "'-' leaves a flag out")

# The same sweep from a spec file gives the same points and commands.
spec = {"args": ["--dtb", TC2, "--duration", "50ms"],
        "axes": {"dt:/cpus/cpu-map/cluster1:blsim,power-up-latency-ns": [100000, 450000],
                 "switcher": ["iks", "cluster"]}}
r1, n1, c1 = dry([], spec)
r2, n2, c2 = dry(["--dt", "/cpus/cpu-map/cluster1:blsim,power-up-latency-ns", "100000", "450000",
                  "--switcher", "iks", "cluster"] + BASE)
check(r1.returncode == 0 and (n1, c1) == (n2, c2) and len(n1) == 4, "a spec file and the command line agree")

# Zip and explicit lists.
r, names, _ = dry(["--switcher", "iks", "cluster", "--seed", "1", "2", "--zip"] + BASE)
check(names == ["switcher=iks,seed=1", "switcher=cluster,seed=2"], "--zip pairs the values: %s" % names)
r, names, cmds = dry([], {"args": BASE[1:], "points": [{"switcher": "iks"}, {"switcher": "cluster", "seed": 3},
                                                       {"dt:/cci@2c090000:blsim,no-coherency": True}]})
check(names == ["switcher=iks", "switcher=cluster,seed=3", "no-coherency=on"], "an explicit list: %s" % names)
check("--dt /cci@2c090000:blsim,no-coherency " in cmds[2], "true sets a DT flag property")

# Names stay unique when readable names collide: same base name, other folder.
os.makedirs(os.path.join(d, "a"), exist_ok=True)
os.makedirs(os.path.join(d, "b"), exist_ok=True)
r, names, _ = dry(["--workload", os.path.join(d, "a", "x.json"), os.path.join(d, "b", "x.json")] + BASE)
check(len(set(names)) == 2 and all(n.startswith("workload=x~") for n in names), "colliding names get a digest: %s" % names)
r, names, _ = dry(["--dt", "/cpus/cpu@2:blsim,ipc-milli", "<1000 1750 1400 600>", "<1000 1750 1400 700>"] + BASE)
check(names == ["ipc-milli=1000_1750_1400_600", "ipc-milli=1000_1750_1400_700"], "cells become safe text: %s" % names)

# Errors: exit 1 with a message that says what is wrong.
refused(BASE, ["no axes"])
refused(["--set", "ondemand.up_threshold=80"] + BASE, ["'--'"])
refused(["--switcher", "iks"] + BASE + ["--out", "x"], ["--out", "sweep's own"])
refused(["--switcher", "iks", "--switcher", "cluster"] + BASE, ["switcher given twice"])
refused(["--switcher", "iks"] + BASE + ["--switcher", "cluster"], ["--switcher is an axis"])
refused(["--switcher"] + BASE, ["no values"])
refused(["--switcher", "iks", "--seed", "1", "2", "--zip"] + BASE, ["different numbers"])
refused(["--switcher", "iks", "-j", "0"] + BASE, ["-j"])
refused(["--switcher", "iks", "--throttle", "2"] + BASE, ["--throttle is for --engine slurm"])
refused([], ["frobnicate"], {"args": [], "frobnicate": 1})
refused([], ["points", "not both"], {"axes": {"seed": [1]}, "points": [{"seed": 1}]})
refused([], ["given twice"], '{"axes": {"seed": [1]}, "axes": {"seed": [2]}}')
refused([], ["1.5", "string"], {"axes": {"seed": [1.5]}})
refused(["--axis", "sched", "a"] + BASE, ["FLAG"])
r = run([SWEEP, "--merge", d])
check(r.returncode == 1 and "plan.json" in r.stderr, "--merge of a folder that is not a sweep: exit 1")
r = run([SWEEP, "--switcher", "iks", "--out", os.path.join(d, "o"), "--blsim", "/nonexistent"] + BASE)
check(r.returncode == 1 and "/nonexistent" in r.stderr, "a blsim that is not there: exit 1 naming it")
