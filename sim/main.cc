// SPDX-License-Identifier: GPL-2.0-only
// main.cc - the blsim command line.
#include <systemc>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sim/cli_args.h"
#include "sim/compare.h"
#include "sim/dt_properties.h"
#include "sim/run.h"
#include "sim/trace_writer.h"
#include "sim/version.h"

namespace {

const char kUsage[] =
    "usage: blsim --dtb FILE [options]\n"
    "       blsim compare BASE.json NEW.json [--tolerance 5%%] [--tolerance KEY=PCT]...\n"
    "             [--format text|json|junit] [--junit FILE] [--all]\n"
    "\n"
    "Simulates the big.LITTLE SoC the device tree describes (TC2: 2x Cortex-A15 +\n"
    "3x Cortex-A7) running blsim's model of the Linux power-management code.\n"
    "\n"
    "options (one taking a value may be given once, but --dt, --set and --event\n"
    "repeat; a FILE or DIR must not be empty; --opt VALUE and --opt=VALUE are the\n"
    "same; stats.json's config records the version, --set and --dt):\n"
    "  --dtb FILE         device tree blob of the SoC (build/configs/tc2.dtb)\n"
    "  --dt NODE:PROP=VALUE  override a device-tree property for this run (what-if\n"
    "                     studies; repeatable): VALUE is cells (<1 2>, 0x10) or a\n"
    "                     \"string\"; NODE:PROP alone sets a flag (an empty property);\n"
    "                     e.g. --dt /cpus/cpu-map/cluster1:blsim,power-up-latency-ns=200000\n"
    "  --workload FILE    an rt-app JSON workload (rt-app's grammar; docs/workloads.md):\n"
    "                     its threads run on the simulated kernel's scheduler from\n"
    "                     the end of boot; per-thread results in stats.json tasks[].\n"
    "                     Repeatable: the files are merged as rt-app's merge.py does\n"
    "  --duration TIME    simulated time to run: decimal digits, optionally '.' and\n"
    "                     more digits, and a unit (ns, us, ms, s): 100ms, 0.5ms, 33.3ms,\n"
    "                     2s (not .5ms, +5ms, 0x10ms); a whole number of ns (not\n"
    "                     1.5ns), at most 18446744073709551ns (about 213 days: SystemC's\n"
    "                     time is 64-bit picoseconds). Default 100ms; with --workload,\n"
    "                     until global.duration after the workload starts at the end\n"
    "                     of boot, if it has one\n"
    "  --out DIR          write stats.json, console.log (the kernel log), trace.txt\n"
    "                     (ftrace text), trace.dat (trace-cmd, KernelShark),\n"
    "                     waves.vcd and waves.gtkw (GTKWave) into DIR,\n"
    "                     created if missing; files appear only when the run succeeds\n"
    "  --trace-events LIST  the events trace.txt and trace.dat hold, as ftrace's\n"
    "                     set_event takes them: comma-separated names or globs,\n"
    "                     NAME or SYSTEM:NAME (sched_*,cpu_frequency or\n"
    "                     power:cpu_idle or sched).\n"
    "                     Default: all: power (cpu_idle, cpu_frequency,\n"
    "                     cpu_migrate_begin/finish/current, power_domain_target),\n"
    "                     sched (sched_switch, sched_waking, sched_wakeup,\n"
    "                     sched_wakeup_new, sched_migrate_task), ftrace (print: the\n"
    "                     rt-app markers, tracing_mark_write lines), blsim\n"
    "                     (blsim_sched_migrate_reason, blsim_eas_wakeup,\n"
    "                     blsim_eas_overutilized: under --sched eas). A name that\n"
    "                     matches none of them is a usage error\n"
    "  --switcher MODE    iks: the in-kernel switcher pairs each A15 with an A7 and\n"
    "                     moves logical CPUs between them one by one; cluster: all\n"
    "                     CPUs of a cluster move together (full context, rendezvous;\n"
    "                     the cci node's blsim,no-coherency makes every switch flush\n"
    "                     the caches to memory); none: all cores visible (default)\n"
    "  --sched POLICY     how all visible cores are used (--switcher none only; an\n"
    "                     error with iks or cluster): hmp (default), ARM's HMP\n"
    "                     up/down migration; eas, Energy Aware Scheduling as Linux\n"
    "                     v5.10 (energy model from the DT's OPPs and\n"
    "                     dynamic-power-coefficient; needs --cpufreq-governor\n"
    "                     schedutil, else exit 2)\n"
    "  --no-early-poke    IKS without MCPM's early poke: the outbound does not wait\n"
    "                     for the inbound to be up before its blackout starts\n"
    "  --cpufreq-governor G  performance (default), powersave, userspace, ondemand,\n"
    "                     conservative, schedutil\n"
    "  --set GOV.TUNABLE=V  a governor tunable, V a non-negative decimal integer,\n"
    "                     e.g. ondemand.up_threshold=80 (repeatable)\n"
    "  --cpuidle-governor G  menu (default), ladder, or none (cpuidle off: WFI only)\n"
    "  --cpuidle-sysfs    print the kernel's cpuidle sysfs view (driver, states,\n"
    "                     usage, time) on stdout at the end of the run (none\n"
    "                     with --cpuidle-governor none: cpuidle is off)\n"
    "  --seed N           seed of the run, a non-negative decimal or 0x hex number,\n"
    "                     recorded in stats.json (default 1); nothing in the model\n"
    "                     draws random numbers yet\n"
    "  --console          echo the kernel log on stderr as it is printed\n"
    "  --host-stats       record host time and real-time factor in stats.json (they\n"
    "                     vary between runs; without this flag stats.json is\n"
    "                     byte-identical for identical inputs)\n"
    "  --stats-schema N   stats.json's schema: 2 (default, blsim-stats/2: each\n"
    "                     switch step a [step, core, start, duration] array) or 1\n"
    "                     (blsim-stats/1, a named object per step, for old tools)\n"
    "  --lockstep         cores wait out every cycle they spend instead of running\n"
    "                     ahead of SystemC's time while nothing else can happen: the\n"
    "                     same results (but for the order of two cores' actions in\n"
    "                     one picosecond), about 3x slower (a check of that claim)\n"
    "%s"
    "  --quiet            no summary line and no progress line on stderr\n"
    "  --progress         draw the progress line (simulated time, rate, ETA) from the\n"
    "                     start, even when stderr is not a terminal; by default it\n"
    "                     appears after 2 s of host time, on a terminal only\n"
    "  --no-progress      never draw the progress line\n"
    "  --dt-properties    print the table of every blsim,* device-tree property\n"
    "                     (range, unit, default, source), as docs/dt-properties.md\n"
    "                     holds it\n"
    "  --help             this text\n"
    "  --version          print \"blsim VERSION\": the project version, and git describe\n"
    "                     of the sources when the build was configured\n"
    "\n"
    "exit status: 0 success, 1 bad command line, 2 bad input file (device tree,\n"
    "workload) or --sched eas without schedutil or without the DT's energy data,\n"
    "3 simulation stopped by a hardware-model error or a kernel panic,\n"
    "4 output could not be written, 5 a scripted event was refused by the kernel;\n"
    "blsim compare: 0 within tolerance, 1 bad command line, 2 unreadable file,\n"
    "4 the --junit file not written, 6 a metric moved more than its tolerance\n"
    "(blsim compare --help).\n";

int usage_error(const char* fmt, const char* arg) {
  fprintf(stderr, "blsim: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(see blsim --help)\n");
  return kExitUsage;
}

int usage_error(const std::string& message) { return usage_error("%s", message.c_str()); }

}  // namespace

// The options that take no value; every other option takes one, as the
// next word or after '=' (sim/cli_args.h).
const std::set<std::string> kFlags = {
    "--help", "-h", "--version", "--dt-properties", "--cpuidle-sysfs", "--no-early-poke", "--console", "--lockstep",
    "--host-stats", "--quiet", "--progress", "--no-progress"};

namespace {

// A handler's answer: go on with the next word, or exit with this code.
constexpr int kNext = -1;

// What parsing keeps besides RunOptions.
struct ParseState {
  RunOptions o;
  std::map<std::string, std::string> given;  // options given once so far, with their values
  std::string duration_text = "100ms";       // for messages
};

// The options that take one value: given twice, the second would silently
// win; it is an error instead. (--event, --set, --dt and --workload repeat.)
const std::set<std::string> kOnce = {
    "--dtb", "--out", "--duration", "--seed", "--switcher", "--sched",
    "--cpufreq-governor", "--cpuidle-governor", "--stats-schema"};

const std::set<std::string> kTakesValue = {
    "--dtb", "--out", "--dt", "--workload", "--duration", "--seed", "--event", "--switcher",
    "--sched", "--cpufreq-governor", "--set", "--cpuidle-governor", "--trace-events",
    "--stats-schema"};

// The flags that only set a field.
int parse_flag(const std::string& a, RunOptions& o) {
  if (a == "--cpuidle-sysfs") o.cpuidle_sysfs = true;
  else if (a == "--no-early-poke") o.early_poke = false;
  else if (a == "--console") o.console = true;
  else if (a == "--lockstep") o.lockstep = true;
  else if (a == "--host-stats") o.host_stats = true;
  else if (a == "--quiet") o.quiet = true;
  else if (a == "--progress") o.progress = 1;
  else if (a == "--no-progress") o.progress = 0;
  else if (!flag_given_a_value(a, kFlags).empty())
    return usage_error("%s takes no value", flag_given_a_value(a, kFlags).c_str());
  else
    return usage_error("unknown option '%s'", a.c_str());
  return kNext;
}

// Options taking a path: an empty one is a mistake (an unset shell
// variable), not "no file".
int parse_path(const std::string& a, const char* v, RunOptions& o) {
  const char* what = a == "--out" ? "a folder" : "a file";
  if (!v) return usage_error(a + " needs " + what);
  if (!*v) return usage_error(a + " needs " + what + ", got ''");
  if (a == "--dtb") o.dtb = v;
  else if (a == "--out") o.out = v;
  else if (o.workload.empty()) o.workload = v;  // --workload
  else o.more_workloads.push_back(v);
  return kNext;
}

// --dt and --event: a value parsed into an item of a list, or why not.
template <typename T>
int parse_into(const char* v, const char* flag, const char* form, std::vector<T>& list,
               bool (*parse)(const std::string&, T*, std::string*), const char* prefix) {
  T item;
  std::string why;
  if (!v) return usage_error(std::string(flag) + " needs " + form);
  if (!parse(v, &item, &why)) return usage_error(prefix + why);
  list.push_back(item);
  return kNext;
}

// Non-negative decimal, or 0x hex (strtoull would take "-1", "" and octal "010").
int parse_seed(const char* v, RunOptions& o) {
  const std::string t = v ? v : "";
  const bool hex = t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
  if (!parse_u64(hex ? t.substr(2) : t, hex ? 16 : 10, &o.seed))
    return usage_error("--seed needs a non-negative decimal or 0x hex number of at most 64 "
                       "bits, got '%s'", t.c_str());
  return kNext;
}

// --set: the value as the kernel's sysfs store takes it, checked here so
// that a number too large for 64 bits is not wrapped on the way.
int parse_tunable(const char* v, RunOptions& o) {
  if (!v || !std::strchr(v, '.') || !std::strchr(v, '='))
    return usage_error("--set takes GOVERNOR.TUNABLE=VALUE, got '%s'", v ? v : "");
  const std::string val = std::strchr(v, '=') + 1;
  uint64_t n;
  if (!parse_u64(val, 10, &n))
    return usage_error("--set " + std::string(v) + ": the value '" + val + "' " +
                       (val.find_first_not_of("0123456789") == std::string::npos && !val.empty()
                            ? "does not fit in 64 bits (at most " + std::to_string(UINT64_MAX) + ")"
                            : "is not a non-negative decimal integer"));
  o.tunables.push_back(v);
  return kNext;
}

// One of a few words, or a usage error listing them.
int parse_choice(const char* v, const std::set<std::string>& words, const char* message,
                 std::string* out) {
  const std::string w = v ? v : "";
  if (!words.count(w)) return usage_error(message, w.c_str());
  *out = w;
  return kNext;
}

// What the kernel runs: switcher, scheduler policy, governors, tracing.
int parse_kernel_option(const std::string& a, const char* v, RunOptions& o) {
  if (a == "--switcher")
    return parse_choice(v, {"iks", "cluster", "none"}, "--switcher takes iks, cluster or none, got '%s'",
                        &o.switcher);
  if (a == "--sched")
    return parse_choice(v, {"hmp", "eas"}, "--sched takes hmp or eas, got '%s'", &o.sched);
  if (a == "--cpuidle-governor")
    return parse_choice(v, {"menu", "ladder", "none"},
                        "--cpuidle-governor takes menu, ladder or none, got '%s'", &o.cpuidle_governor);
  if (a == "--cpufreq-governor") {
    if (!v || !*v)
      return usage_error("--cpufreq-governor needs a governor name, got '%s'", v ? v : "");
    o.cpufreq_governor = v;
    return kNext;
  }
  if (a == "--set") return parse_tunable(v, o);
  std::string why;  // --trace-events
  if (!v || !TraceWriter().set_events(v, &why))
    return usage_error("--trace-events: %s", v ? why.c_str() : "needs a list of event names");
  o.trace_events = v;
  return kNext;
}

// An option that takes a value, v (null when the command line ends).
int parse_value_option(const std::string& a, const char* v, ParseState& st) {
  RunOptions& o = st.o;
  if (a == "--dtb" || a == "--out" || a == "--workload") return parse_path(a, v, o);
  if (a == "--dt")
    return parse_into<DtOverride>(v, "--dt", "NODE:PROP=VALUE", o.dt_overrides, parse_dt_override, "");
  if (a == "--event")
    return parse_into<ScriptedEvent>(v, "--event", "TIME:ACTION[:ARG]", o.events, parse_event,
                                     "--event: ");
  if (a == "--seed") return parse_seed(v, o);
  if (a == "--stats-schema") {
    const std::string n = v ? v : "";
    if (n != "1" && n != "2") return usage_error("--stats-schema takes 1 or 2, got '%s'", n.c_str());
    o.stats_schema = n == "1" ? 1 : 2;
    return kNext;
  }
  if (a == "--duration") {
    std::string why;
    if (!v) return usage_error("%s needs a time with a unit (ns, us, ms, s)", "--duration");
    if (!parse_time(v, &o.duration_ns, &why)) return usage_error("--duration: " + why);
    o.duration_set = true;
    st.duration_text = v;
    return kNext;
  }
  return parse_kernel_option(a, v, o);
}

// One word (and its value), at argv[*i].
int parse_word(int argc, char** argv, int* i, ParseState& st) {
  const std::string a = argv[*i];
  if (kOnce.count(a) && *i + 1 < argc) {
    if (st.given.count(a))
      return usage_error(a + " given twice ('" + st.given[a] + "', then '" + argv[*i + 1] +
                         "'): give it once");
    st.given[a] = argv[*i + 1];
  }
  if (a == "--help" || a == "-h") {
    printf(kUsage, event_help());
    return kExitOk;
  }
  if (a == "--version") {
    printf("blsim %s\n", blsim_version());
    return kExitOk;
  }
  if (a == "--dt-properties") {
    fputs(blsim_properties_markdown().c_str(), stdout);
    return kExitOk;
  }
  if (!kTakesValue.count(a)) return parse_flag(a, st.o);
  const char* v = *i + 1 < argc ? argv[++*i] : nullptr;
  return parse_value_option(a, v, st);
}

// What the options mean together.
int check_options(const ParseState& st) {
  const RunOptions& o = st.o;
  if (o.dtb.empty()) return usage_error("%s is required", "--dtb FILE");
  // --sched chooses how a kernel with every core visible places tasks: a
  // switcher hides half the cores, so the two do not go together.
  if (st.given.count("--sched") && o.switcher != "none")
    return usage_error("--sched " + o.sched + " needs all cores visible, but --switcher is '" +
                       o.switcher + "': drop one (--sched works with --switcher none)");
  // EAS reads the frequency schedutil will choose: upstream does not start
  // it under another governor ("schedutil is mandatory").
  if (o.sched == "eas" && o.cpufreq_governor != "schedutil") {
    fprintf(stderr, "blsim: error: --sched eas needs --cpufreq-governor schedutil (got %s): "
            "Energy Aware Scheduling estimates energy at the frequency schedutil picks\n",
            o.cpufreq_governor.empty() ? "the default, performance" : o.cpufreq_governor.c_str());
    return kExitInput;
  }
  // An event at or after the end would never run: refused here when the end
  // is known (--duration, or the default without a workload; a workload
  // without --duration ends at its own global.duration).
  if (o.duration_set || o.workload.empty())
    for (const ScriptedEvent& e : o.events)
      if (e.at_ns >= o.duration_ns)
        return usage_error("--event " + e.text + ": not before the end of the run (" +
                           (o.duration_set ? "--duration " : "the default --duration ") +
                           st.duration_text + "): it would never run");
  return kNext;
}

}  // namespace

int sc_main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "compare") return blsim_compare(argc - 2, argv + 2);
  // "--out=DIR" as "--out" "DIR": the parsing below sees one form.
  std::vector<std::string> words = split_option_values(argc, argv, kFlags);
  std::vector<char*> word_ptrs;
  for (std::string& w : words) word_ptrs.push_back(&w[0]);
  word_ptrs.push_back(nullptr);
  ParseState st;
  for (int i = 1; i < static_cast<int>(words.size()); ++i) {
    const int rc = parse_word(static_cast<int>(words.size()), word_ptrs.data(), &i, st);
    if (rc != kNext) return rc;
  }
  const int rc = check_options(st);
  return rc != kNext ? rc : blsim_run(st.o);
}

// Our own main() (it takes precedence over libsystemc's): the SystemC banner
// is printed before sc_main runs, and stdout/stderr are the user's.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
