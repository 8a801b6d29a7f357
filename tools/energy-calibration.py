#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""energy-calibration.py - the energy model's per-OPP power against ARM's EAS
TC2 table, from the values in a DTS (default configs/tc2.dts).

Prints the Markdown tables of docs/energy-model.md: core power and cluster
(uncore) power per OPP, normalised like EAS (A7 core at its top OPP = 1024),
each as model / EAS, and the A15/A7 energy per unit of work at the top OPPs.
Same equations as models/power/energy_model.h; the calibration is re-checked
by tests/system/energy_test.cc on the simulator itself.
"""
import re
import sys

EAS = {
    "a7": {"mhz": [350, 400, 500, 600, 700, 800, 900, 1000],
           "core": [187, 275, 334, 407, 447, 549, 761, 1024],
           "cluster": [2967, 2792, 2810, 2815, 2919, 2847, 3917, 4905]},
    "a15": {"mhz": [500, 600, 700, 800, 900, 1000, 1100, 1200],
            "core": [2021, 2312, 2756, 3125, 3524, 3846, 5177, 6997],
            "cluster": [7920, 8165, 8172, 8195, 8265, 8446, 11426, 15200]},
}


def cells(text, prop, after=None):
    start = text.find(after) if after else 0
    m = re.search(re.escape(prop) + r"\s*=\s*<([^>]*)>", text[start:])
    return [int(x, 0) for x in m.group(1).split()]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "configs/tc2.dts"
    t = open(path).read()
    p = {}
    for k, cpu, cl in (("a15", "cpu0: cpu@0", "cluster0 {"), ("a7", "cpu2: cpu@2", "cluster1 {")):
        o = cells(t, "blsim,%s-opps" % k)
        p[k] = {
            "opps": [(o[i] / 1000.0, o[i + 1] / 1e6) for i in range(0, len(o), 2)],
            "c": cells(t, "dynamic-power-coefficient", cpu)[0],
            "act": cells(t, "blsim,activity-milli", cpu)[1] / 1000.0,  # int work
            "leak": cells(t, "blsim,leakage-uw", cpu)[0],
            "n": cells(t, "blsim,leakage-exponent-milli", cpu)[0] / 1000.0,
            "ipc": cells(t, "blsim,ipc-milli", cpu)[1] / 1000.0,
            "ccl": cells(t, "blsim,dynamic-power-coefficient", cl)[0],
            "sact": cells(t, "blsim,active-static-uw", cl)[0],
            "sidle": cells(t, "blsim,idle-static-uw", cl)[0],
            "soff": cells(t, "blsim,off-static-uw", cl)[0],
            "lwfi": cells(t, "blsim,wfi-leakage-uw", cpu)[0],
            "ncores": 2 if k == "a15" else 3,
            "m": cells(t, "blsim,static-exponent-milli", cl)[0] / 1000.0,
        }

    def core_uw(q, mhz, v):
        return q["c"] * q["act"] * v * v * mhz + q["leak"] * v ** q["n"]

    def cluster_uw(q, mhz, v):
        return q["ccl"] * v * v * mhz + q["sact"] * v ** q["m"]

    top7 = p["a7"]["opps"][-1]
    unit = core_uw(p["a7"], *top7) / 1024.0  # uW per EAS unit
    print("EAS unit = %.2f uW (the A7 core at %d MHz = 1024)\n" % (unit, top7[0]))
    for k, name in (("a15", "A15"), ("a7", "A7")):
        q, e = p[k], EAS[k]
        print("| %s MHz | V | core model | core EAS | core ratio to top, model/EAS | "
              "cluster model | cluster EAS | cluster ratio to top, model/EAS |" % name)
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        cm = [core_uw(q, f, v) / unit for f, v in q["opps"]]
        km = [cluster_uw(q, f, v) / unit for f, v in q["opps"]]
        for i, (f, v) in enumerate(q["opps"]):
            cr = (cm[i] / cm[-1]) / (e["core"][i] / e["core"][-1])
            kr = (km[i] / km[-1]) / (e["cluster"][i] / e["cluster"][-1])
            print("| %d | %.3f | %.0f | %d | %+.1f%% | %.0f | %d | %+.1f%% |" %
                  (f, v, cm[i], e["core"][i], (cr - 1) * 100, km[i], e["cluster"][i], (kr - 1) * 100))
        vt = q["opps"][-1][1]
        wfi_core = q["lwfi"] * vt ** q["n"] / unit
        unc_idle = q["sidle"] * vt ** q["m"] / unit
        off = q["soff"] * vt ** q["m"] / unit
        print("\nidle at the top OPP's voltage (EAS: %s): all cores WFI %.1f units = "
              "%d cores x %.1f + uncore %.1f; cluster-sleep (domain off) %.1f units\n" %
              ("WFI 70, cluster-sleep 25" if k == "a15" else "WFI 25, cluster-sleep 10",
               q["ncores"] * wfi_core + unc_idle, q["ncores"], wfi_core, unc_idle, off))
    t15, t7 = p["a15"]["opps"][-1], p["a7"]["opps"][-1]
    w15 = p["a15"]["ipc"] * t15[0]
    w7 = p["a7"]["ipc"] * t7[0]
    c15, c7 = core_uw(p["a15"], *t15), core_uw(p["a7"], *t7)
    k15, k7 = cluster_uw(p["a15"], *t15), cluster_uw(p["a7"], *t7)
    print("top OPPs: A15 core %.1f mW, uncore %.1f mW; A7 core %.1f mW, uncore %.1f mW" %
          (c15 / 1e3, k15 / 1e3, c7 / 1e3, k7 / 1e3))
    print("energy per unit of work A15/A7: core %.3f (EAS 2.9), core + cluster %.3f (EAS 1.6)" %
          ((c15 / w15) / (c7 / w7), ((c15 + k15) / w15) / ((c7 + k7) / w7)))


if __name__ == "__main__":
    main()
