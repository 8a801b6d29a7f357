// SPDX-License-Identifier: GPL-2.0-only
// run.cc - one simulation run, as a sequence of named stages:
//
//   load       the DTB (with --dt overrides), its configuration, the workload,
//              and what the boot loader adds to the DT
//   elaborate  the SystemC platform, the glue that runs the kernel model on
//              it, the switch log, the statistics and the streamed outputs
//   configure  the kernel settings made before boot (cpufreq governor, --set)
//   simulate   boot and run in 10 ms slices up to the end of the run
//   conclude   refused or unfinished scripted events
//   publish    stats.json and the other outputs, all or nothing, and the
//              summary line
//
// Each stage returns kExitOk or the exit code of the run; what the stages
// share is a Run.
#include "sim/run.h"

#include <systemc>

#include <pthread.h>
#include <unistd.h>

#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <thread>
#include <vector>

#include "models/common/report.h"
#include "models/power/tc2_scc.h"
#include "sim/boot_dt.h"
#include "sim/dt.h"
#include "sim/dt_config.h"
#include "sim/hw_glue.h"
#include "sim/out_dir.h"
#include "sim/platform.h"
#include "sim/progress.h"
#include "sim/stats.h"
#include "sim/switch_log.h"
#include "sim/temp_files.h"
#include "sim/workload/rtapp_loader.h"
#include "sim/trace_writer.h"
#include "sim/vcd_writer.h"
#include "sim/version.h"

extern "C" {
#include "blsim/kreport.h"
}

using namespace sc_core;

namespace {

// With --workload and no --duration the run ends global.duration after the
// workload starts (the kernel's "workload" mark, at the end of boot); until
// that mark is seen the run is planned with this much boot.
constexpr uint64_t kBootAllowanceNs = 10000000;

// When the kernel started the workload (boot[] "workload"), or 0.
uint64_t workload_start_ns() {
  for (const GlueMark& m : glue_marks())
    if (m.event == "workload") return m.ns;
  return 0;
}

// The kernel's last log line: its own explanation of a refusal.
std::string last_kernel_line() {
  const std::string& log = glue_console();
  const size_t end = log.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  const size_t start = log.rfind('\n', end);
  return log.substr(start == std::string::npos ? 0 : start + 1,
                    start == std::string::npos ? end + 1 : end - start);
}

// Hardware events the switch log needs: core resets, cluster power-offs,
// CCI ports going off.
void watch_for_switches(Platform& p, SwitchLog& log) {
  auto now = [] { return sc_time_stamp().value() / 1000; };
  for (unsigned i = 0; i < p.nr_cores(); ++i)
    p.core(i).add_state_listener([&log, i, now](Core::State s) {
      if (s == Core::State::Reset) log.core_reset(now(), i);
    });
  for (auto& cl : p.clusters()) {
    const unsigned id = cl.cluster->params().id;
    cl.power->add_listener([&log, id, now](PowerDomain::State s) {
      if (s == PowerDomain::State::Off) log.cluster_off(now(), id);
    });
  }
  std::vector<int> cluster_of_port(p.cci().num_slave_ifs(), -1);
  for (auto& cc : p.config().clusters) cluster_of_port[cc.cci_slave_if] = static_cast<int>(cc.id);
  p.cci().on_port_change([&log, cluster_of_port, now](unsigned port, bool on) {
    if (!on && cluster_of_port[port] >= 0) log.cci_port_off(now(), static_cast<unsigned>(cluster_of_port[port]));
  });
}

// The platform core that logical CPU n boots on (arm_dt_init_cpu_maps: the
// boot CPU is 0, the others follow in DT order).
unsigned core_of_logical(const PlatformConfig& pc, unsigned n) {
  if (n == 0) return pc.boot_cpu;
  unsigned k = 0;
  for (unsigned i = 0; i < pc.cpus.size(); ++i) {
    if (i == pc.boot_cpu) continue;
    if (++k == n) return i;
  }
  return pc.boot_cpu;
}

// rt-app's calibration, measured on the model instead of timed: what the
// calibration CPU runs in 1 us at its cluster's top OPP (HW_WORK_INT).
double run_instr_per_us(const PlatformConfig& pc, const wl_program& prog) {
  const unsigned n = prog.calib_cpu >= 0 ? static_cast<unsigned>(prog.calib_cpu) : 0;
  if (prog.calib_cpu < 0)
    model_warning("rt-app", "%s: global.calibration %lld ns per loop: blsim's work unit is CPU0's "
                  "at its top OPP instead (rt-app's loop does not exist here)",
                  prog.source, static_cast<long long>(prog.calib_ns_per_loop));
  const CpuConfig& c = pc.cpus[core_of_logical(pc, n)];
  uint32_t top_khz = 0;
  for (const ClusterConfig& cl : pc.clusters)
    if (cl.id == c.cluster)
      for (const OppConfig& op : cl.opps) top_khz = op.khz > top_khz ? op.khz : top_khz;
  if (!top_khz) throw DtError(c.node + ": the calibration CPU's cluster has no OPP");
  return c.core.ipc[1] * top_khz / 1000.0;
}

// What the stages of one run share. Members are destroyed in reverse
// order: the writers and the output folder before the platform they watch.
struct Run {
  explicit Run(const RunOptions& opts) : o(opts), duration_ns(opts.duration_ns) {}
  const RunOptions& o;
  std::unique_ptr<Platform> platform;
  Fdt fdt;
  // The workload and what the kernel gets with it; freed when the run ends.
  struct Program {
    wl_program prog{};
    wl_setup setup{};
    ~Program() { wl_program_free(&prog); }
  } wl;
  uint64_t duration_ns;
  std::unique_ptr<SwitchLog> switch_log;
  OutDir out_dir;
  // Before the stats, whose thread it rides on (carry()).
  VcdWriter vcd;
  std::unique_ptr<VcdEnergy> vcd_energy;  // attach_platform_vcd()'s, until carried
  // After the folder: its switches' spool goes before the folder is
  // removed (a failed run), and it goes before the switch log it reads.
  std::unique_ptr<StatsCollector> stats;
  TraceWriter trace;
  double host_seconds = 0;
};

// ---- load -------------------------------------------------------------------------

// --workload: the rt-app files, merged, and the run's length from them.
int load_workload(Run& r, const PlatformConfig& pc) {
  const RunOptions& o = r.o;
  RtappOptions ro;
  ro.num_cpus = static_cast<int>(pc.cpus.size());
  std::string err;
  std::vector<std::string> warnings;
  std::vector<std::string> files{o.workload};
  files.insert(files.end(), o.more_workloads.begin(), o.more_workloads.end());
  if (!rtapp_load_files(files, ro, &r.wl.prog, &err, &warnings)) {
    fprintf(stderr, "blsim: error: %s\n", err.c_str());
    return kExitInput;
  }
  for (const std::string& w : warnings) model_warning("rt-app", "%s", w.c_str());
  r.wl.setup.prog = &r.wl.prog;
  r.wl.setup.run_instr_per_us = run_instr_per_us(pc, r.wl.prog);
  if (!o.duration_set && r.wl.prog.duration_ns > 0)
    r.duration_ns = r.wl.prog.duration_ns + kBootAllowanceNs;   // refined at the mark
  else if (!o.duration_set)
    model_warning("rt-app", "%s: no global.duration: the run lasts the default %llu ms "
                  "(--duration sets it)", r.wl.prog.source,
                  static_cast<unsigned long long>(r.duration_ns / 1000000));
  return kExitOk;
}

// The DT and the workload, checked; then the platform built from them (a
// DT the models refuse is bad input too).
int load(Run& r) {
  try {
    r.fdt = Fdt::load(r.o.dtb);
    for (const DtOverride& ov : r.o.dt_overrides) apply_dt_override(r.fdt, ov);
    PlatformConfig pc = read_platform_config(r.fdt);
    if (r.o.sched == "eas") check_eas_dt(r.fdt);
    if (!r.o.workload.empty()) {
      const int rc = load_workload(r, pc);
      if (rc != kExitOk) return rc;
    }
    add_event_mailbox_node(r.fdt, pc.events);
    add_sp804_node(r.fdt, pc.sp804);
    set_bootargs(r.fdt, r.o);
    r.platform = std::make_unique<Platform>(pc, r.o.events);
  } catch (const DtError& e) {
    fprintf(stderr, "blsim: error: %s\n", e.what());
    return kExitInput;
  } catch (const sc_report& e) {
    fprintf(stderr, "blsim: error: %s\n", e.get_msg());
    return kExitInput;
  }
  return kExitOk;
}

// ---- elaborate ---------------------------------------------------------------------

GlueSetup glue_setup(Run& r) {
  Platform& p = *r.platform;
  GlueSetup gs = p.glue_setup(r.fdt.blob());
  gs.echo_console = r.o.console;
  gs.workload = r.o.workload.empty() ? nullptr : &r.wl.setup;
  // The task meters (stats.json, made after this) follow every CONTEXTIDR
  // write of the run.
  if (!r.o.out.empty())
    gs.contextidr = [&r](unsigned core, uint32_t pid) {
      if (r.stats) r.stats->task_switch(core, pid);
    };
  if (SwitchLog* log = r.switch_log.get()) {
    gs.switch_log = log;
    gs.on_cache_clean = [log](uint64_t ns, unsigned core, bool all, bool end) {
      log->flush(ns, core, all, end);
    };
  }
  return gs;
}

// trace.txt and waves.vcd: the kernel's tracepoints and the models'
// changes, streamed into --out as the run goes (nothing is recorded
// without --out).
int open_streams(Run& r, GlueSetup& gs) {
  if (r.o.out.empty()) return kExitOk;
  temp_files::install_signal_cleanup();  // ^C leaves no temporary files behind
  if (!r.out_dir.make(r.o.out) || !r.trace.open(r.o.out) || !r.vcd.open(r.o.out)) {
    fprintf(stderr, "blsim: error: cannot write to %s: %s\n", r.o.out.c_str(), strerror(errno));
    return kExitOutput;
  }
  std::string why;
  r.trace.set_events(r.o.trace_events, &why);  // checked with the command line
  gs.trace_writer = &r.trace;
  r.trace.attach(*r.platform, r.duration_ns);
  r.vcd_energy = attach_platform_vcd(r.vcd, *r.platform);
  return kExitOk;
}

// Without --out nothing is written, so nothing is recorded for stats.json:
// no switch log, per-task energy or statistics, and the energy models,
// which only they and waves.vcd read, stop integrating (60 s of mp3-short:
// 8% of the host time). What is simulated is the same: none of them acts
// on the hardware or the kernel.
int elaborate(Run& r) {
  Platform& p = *r.platform;
  const bool outputs = !r.o.out.empty();
  if (outputs) {
    std::vector<unsigned> core_cluster;
    for (auto& c : p.config().cpus) core_cluster.push_back(c.cluster);
    r.switch_log = std::make_unique<SwitchLog>(core_cluster);
  } else {
    p.energy_unread();
  }
  GlueSetup gs = glue_setup(r);
  const int rc = open_streams(r, gs);
  if (rc != kExitOk) return rc;
  glue_init(gs);
  if (!outputs) return kExitOk;
  watch_for_switches(p, *r.switch_log);
  r.stats = std::make_unique<StatsCollector>(p, *r.switch_log, r.o.stats_schema);
  r.stats->carry(r.vcd, std::move(r.vcd_energy));
  // Without the spool stats.json is made all at the end: the same bytes.
  r.stats->spool_ahead(r.o.out);
  if (!r.o.workload.empty()) r.stats->report_task_energy();
  return kExitOk;
}

// ---- configure ----------------------------------------------------------------------

// cpufreq's governor and tunables are set before boot, as a default
// governor and sysfs writes at init would; bad names are usage errors.
int configure(const Run& r) {
  const RunOptions& o = r.o;
  if (!o.cpufreq_governor.empty() && kreport_set_cpufreq_governor(o.cpufreq_governor.c_str())) {
    fprintf(stderr, "blsim: --cpufreq-governor: unknown governor '%s' (known: performance, "
            "powersave, userspace, ondemand, conservative, schedutil)\n", o.cpufreq_governor.c_str());
    return kExitUsage;
  }
  for (const std::string& t : o.tunables) {
    if (kreport_set_cpufreq_tunable(t.c_str())) {
      fprintf(stderr, "blsim: --set %s: refused: %s\n", t.c_str(), last_kernel_line().c_str());
      return kExitUsage;
    }
  }
  return kExitOk;
}

// ---- simulate -----------------------------------------------------------------------

// In slices of simulated time, always (with or without the progress line),
// so that the line cannot change what is simulated. With a workload and no
// --duration the end is known only once the workload has started.
void run_slices(Run& r) {
  const RunOptions& o = r.o;
  Progress progress(r.duration_ns, o.progress == 1 || (o.progress < 0 && !o.quiet && isatty(2)),
                    o.progress == 1);
  const uint64_t kSliceNs = 10000000;  // 10 ms
  const bool until_workload_end = !o.workload.empty() && !o.duration_set && r.wl.prog.duration_ns > 0;
  bool end_known = !until_workload_end;
  for (uint64_t done = 0; done < r.duration_ns && sc_get_status() != SC_STOPPED;) {
    if (!end_known && workload_start_ns()) {
      r.duration_ns = workload_start_ns() + static_cast<uint64_t>(r.wl.prog.duration_ns);
      end_known = true;
      if (done >= r.duration_ns) break;
    }
    const uint64_t left = r.duration_ns - done, step = left < kSliceNs ? left : kSliceNs;
    // Cores may run ahead of SystemC's time only within the slice
    // (models/cpu/core.h): what is collected after it is up to its end.
    const sc_time slice(static_cast<double>(step), SC_NS);
    if (!o.lockstep) Core::set_horizon(sc_time_stamp() + slice);
    sc_start(slice);
    done += step;
    if (glue_failure()) break;
    if (r.stats) r.stats->collect();
    progress.update(sc_time_stamp().value() / 1000);
  }
  progress.finish();
}

// A hardware-model error or a kernel panic stops the run with the kernel
// log that led to it.
int simulate(Run& r) {
  const auto t0 = std::chrono::steady_clock::now();
  try {
    // A developers' self-check, not an option: results are the same with it.
    const char* check = getenv("BLSIM_CHECK_RUN_AHEAD");
    const bool checking = check && strcmp(check, "0") != 0;
    Core::set_check_run_ahead(checking);
    Tc2Scc::set_check_pm_wakes(checking);
    run_slices(r);
    if (glue_failure()) std::rethrow_exception(glue_failure());
    if (r.stats) r.stats->finish();  // raises what failed on its thread
  } catch (const std::exception& e) {
    const sc_report* rep = dynamic_cast<const sc_report*>(&e);
    fprintf(stderr, "blsim: error: at %.9f s: %s\n", sc_time_stamp().to_seconds(),
            rep ? rep->get_msg() : e.what());
    if (!r.o.console && !glue_console().empty()) {
      fprintf(stderr, "blsim: the kernel log up to the failure:\n%s", glue_console().c_str());
    }
    return kExitSim;
  }
  r.host_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return kExitOk;
}

// ---- conclude -----------------------------------------------------------------------

// A refused scripted event fails the run; one the run ended before (its end
// known only once the workload started, so not refused on the command line)
// is said, and kept in warnings[].
int conclude(Run& r) {
  if (const EventDevice::Outcome* bad = r.platform->events().refused()) {
    fprintf(stderr, "blsim: error: event '%s' refused by the kernel at %.6f s: %s (%d)\n",
            bad->event.text.c_str(), bad->done_ns / 1e9, strerror(-bad->result), bad->result);
    const std::string why = last_kernel_line();
    if (!why.empty()) fprintf(stderr, "blsim: kernel: %s\n", why.c_str());
    return kExitEvent;
  }
  for (const EventDevice::Outcome& ev : r.platform->events().outcomes()) {
    if (ev.done) continue;
    model_warning("events", "'%s' %s before the run ended at %.6f s", ev.event.text.c_str(),
                  ev.posted_ns ? "was not done" : "never ran", sc_time_stamp().to_seconds());
  }
  return kExitOk;
}

// ---- publish ------------------------------------------------------------------------

RunInfo run_info(const Run& r) {
  const RunOptions& o = r.o;
  RunInfo info;
  info.version = blsim_version();
  info.dtb = o.dtb;
  info.sets = o.tunables;
  for (const DtOverride& ov : o.dt_overrides) info.dts.push_back(ov.text);
  info.early_poke = o.early_poke;
  info.workload = o.workload;
  info.switcher = o.switcher;
  info.sched = o.switcher == "none" ? o.sched : "";
  info.cpuidle_governor = o.cpuidle_governor;
  info.cpufreq_governor = o.cpufreq_governor.empty() ? "performance" : o.cpufreq_governor;
  info.seed = o.seed;
  info.duration_ns = r.duration_ns;
  info.simulated_ns = sc_time_stamp().value() / 1000;
  info.host_stats = o.host_stats;
  info.stats_schema = o.stats_schema;
  info.host_seconds = r.host_seconds;
  return info;
}

// GTKWave's comment rows: "cluster0 (A15)" from the cluster's CPU type.
std::map<std::string, std::string> cluster_labels(const PlatformConfig& pc) {
  std::map<std::string, std::string> labels;
  for (auto& c : pc.clusters) {
    std::string t = c.type;
    if (t.rfind("cortex-", 0) == 0) t = t.substr(7);
    for (char& ch : t) ch = static_cast<char>(toupper(static_cast<unsigned char>(ch)));
    const std::string scope = "cluster" + std::to_string(c.id);
    labels[scope] = scope + " (" + t + ")";
  }
  return labels;
}

// An output staged on a thread of its own: trace.dat's pages (a pass over
// its spool) and stats.json (~7 MB of text for a minute of mp3-short) are
// written while the main thread copies trace.txt's and the VCD's spools.
// The file is opened here (the signal cleanup registers it on the main
// thread); fill runs on the thread and must read nothing the main thread
// changes meanwhile: the models are stopped, and each writer's state is
// its own.
class BackgroundStage {
 public:
  BackgroundStage(const char* name, StagedFile& file) : name_(name), file_(file) {}
  ~BackgroundStage() { join(); }
  void start(std::function<bool(FILE*)> fill) {
    FILE* f = file_.open();
    if (!f) {
      errno_ = errno;
      return;
    }
    thread_ = std::thread([this, f, fill = std::move(fill)] {
      pthread_setname_np(pthread_self(), name_);
      ok_ = file_.close(f, fill(f));
      errno_ = errno;
    });
  }
  // The result; errno as the stage left it on failure.
  bool join() {
    if (thread_.joinable()) thread_.join();
    if (!ok_) errno = errno_;
    return ok_;
  }

 private:
  const char* name_;
  StagedFile& file_;
  std::thread thread_;
  bool ok_ = false;
  int errno_ = 0;
};

// One output file: how it is staged (on the main thread, or by a
// background stage already started) and published.
struct Output {
  const std::string& path;
  std::function<bool()> stage, publish;
  BackgroundStage* background;
};

// Stages outputs[0, n): the main thread's in list order until one fails,
// then the background stages' results. The first output in list order that
// failed, as if all had been staged one after the other (errno as it left
// it), or null.
const std::string* stage_outputs(const Output* outputs, size_t n) {
  std::vector<bool> ok(n, true);  // one not staged after a failure: nothing to report
  std::vector<int> err(n, 0);
  bool stopped = false;
  for (size_t k = 0; k < n && !stopped; ++k) {
    if (outputs[k].background) continue;
    ok[k] = outputs[k].stage();
    err[k] = errno;
    stopped = !ok[k];
  }
  for (size_t k = 0; k < n; ++k) {
    if (!outputs[k].background) continue;
    ok[k] = outputs[k].background->join();
    err[k] = errno;
  }
  for (size_t k = 0; k < n; ++k) {
    if (ok[k]) continue;
    errno = err[k];
    return &outputs[k].path;
  }
  return nullptr;
}

// All or nothing: every output is staged under a temporary name first, and
// renamed into place only once all are written. trace.dat and stats.json
// are staged on threads of their own, started first.
int write_outputs(Run& r, const RunInfo& info) {
  Platform& p = *r.platform;
  StagedFile stats_file(r.o.out, "stats.json"), console_file(r.o.out, "console.log"),
      gtkw_file(r.o.out, "waves.gtkw"), dat_file(r.o.out, "trace.dat");
  BackgroundStage dat("blsim-dat", dat_file), stats("blsim-stats", stats_file);
  const std::map<std::string, std::string> labels = cluster_labels(p.config());
  const uint64_t end_ps = sc_time_stamp().value();
  const Output outputs[] = {
      {stats_file.path(), nullptr, [&] { return stats_file.publish(); }, &stats},
      {console_file.path(), [&] { return console_file.stage(glue_console()); },
       [&] { return console_file.publish(); }, nullptr},
      {r.trace.path(), [&] { return r.trace.stage(p.nr_cores()); }, [&] { return r.trace.publish(); },
       nullptr},
      {dat_file.path(), nullptr, [&] { return dat_file.publish(); }, &dat},
      {r.vcd.path(), [&] { return r.vcd.stage(end_ps); }, [&] { return r.vcd.publish(); }, nullptr},
      {gtkw_file.path(), [&] { return gtkw_file.stage(r.vcd.gtkw(labels, end_ps)); },
       [&] { return gtkw_file.publish(); }, nullptr},
  };
  // trace.dat reads the trace writer's state: its thread must have ended;
  // so does stats.json the switches rendered during the run.
  r.trace.finish();
  if (r.stats) r.stats->finish();
  dat.start([&](FILE* f) { return r.trace.write_dat(f, p.nr_cores(), &dat_file.staged_path()); });
  stats.start([&](FILE* f) {
    const bool ok = r.stats->write_json(f, info);
    r.stats->drop_spool();
    return ok;
  });
  const std::string* failed = stage_outputs(outputs, sizeof outputs / sizeof *outputs);
  for (const Output& out : outputs)
    if (!failed && !StagedFile::replaceable(out.path)) failed = &out.path;
  {
    const temp_files::SignalsHeld held;  // the renames happen whole
    for (const Output& out : outputs)
      if (!failed && !out.publish()) failed = &out.path;
  }
  if (failed) {
    fprintf(stderr, "blsim: error: cannot write %s: %s\n", failed->c_str(),
            strerror(errno ? errno : EIO));
    return kExitOutput;
  }
  r.out_dir.keep();
  return kExitOk;
}

// --cpuidle-sysfs: the kernel's cpuidle sysfs view on stdout.
void print_cpuidle_sysfs() {
  const int n = kreport_cpuidle_sysfs(nullptr, 0);
  std::string text(static_cast<size_t>(n) + 1, '\0');
  kreport_cpuidle_sysfs(&text[0], text.size());
  text.resize(static_cast<size_t>(n));
  fputs(text.c_str(), stdout);
  if (n == 0)
    fprintf(stderr, "blsim: --cpuidle-sysfs: cpuidle is off (cpuidle.off=1): the kernel has "
                    "no cpuidle sysfs\n");
}

int publish(Run& r) {
  const RunInfo info = run_info(r);
  if (!r.o.out.empty()) {
    const int rc = write_outputs(r, info);
    if (rc != kExitOk) return rc;
  }
  if (r.o.cpuidle_sysfs) print_cpuidle_sysfs();
  const double host = r.host_seconds;
  if (!r.o.quiet)
    fprintf(stderr, "blsim: simulated %.6f s in %.3f s host (%.1fx real time)%s%s\n",
            info.simulated_ns / 1e9, host, host > 0 ? info.simulated_ns / 1e9 / host : 0.0,
            r.o.out.empty() ? "" : ", results in ", r.o.out.c_str());
  return kExitOk;
}

// Errors raised by models become exceptions out of sc_start (the default),
// and must not also abort the process on the way.
void set_report_actions() {
  sc_report_handler::set_actions("blsim/hw", SC_ERROR, SC_THROW);
  sc_report_handler::set_actions(SC_ID_INSTANCE_EXISTS_, SC_DO_NOTHING);
  sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING);  // "stopped by user"
}

}  // namespace

int blsim_run(const RunOptions& o) {
  set_report_actions();
  Run r(o);
  int rc = load(r);
  if (rc == kExitOk) rc = elaborate(r);
  if (rc == kExitOk) rc = configure(r);
  if (rc == kExitOk) rc = simulate(r);
  if (rc == kExitOk) rc = conclude(r);
  if (rc == kExitOk) rc = publish(r);
  return rc;
}
