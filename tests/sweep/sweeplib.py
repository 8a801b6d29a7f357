# SPDX-License-Identifier: GPL-2.0-only
"""Shared by the tools/sweep tests: paths, running commands, reading CSV.

Each test script is run by ctest as: python3 SCRIPT BUILD_DIR SOURCE_DIR.
It prints what it checks and exits 1 on the first failure."""
import csv
import json
import os
import shutil
import subprocess
import sys

BUILD = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
BLSIM = os.path.join(BUILD, "blsim")
TC2 = os.path.join(BUILD, "configs", "tc2.dtb")
SWEEP = os.path.join(SRC, "tools", "sweep")
WL = os.path.join(SRC, "workloads")


def scratch(name):
    d = os.path.join(BUILD, "test-scratch", "sweep-" + name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def run(cmd, timeout=120, **kw):
    # Python scripts under this interpreter: a pyenv shim on PATH would add
    # a second to each start.
    if cmd[0].startswith(os.path.join(SRC, "tools")) and not cmd[0].endswith("/plot"):
        cmd = [sys.executable] + cmd
    # tools/sweep runs $BLSIM when no --blsim is given: the blsim of the
    # build under test, not build/ of the source tree (a build-asan tree
    # would otherwise sweep with another binary than its hand runs).
    kw.setdefault("env", dict(os.environ, BLSIM=BLSIM))
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                       text=True, timeout=timeout, **kw)
    return r


def fail(msg):
    sys.stderr.write("FAIL: %s\n" % msg)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)
    print("ok: %s" % msg.split("\n")[0])


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def stats(path):
    with open(path) as f:
        return json.load(f)


def is_png(path):
    try:
        with open(path, "rb") as f:
            return f.read(8) == b"\x89PNG\r\n\x1a\n"
    except OSError:
        return False
