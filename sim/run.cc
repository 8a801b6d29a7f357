// SPDX-License-Identifier: GPL-2.0-only
#include "sim/run.h"

#include <systemc>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>

#include "models/common/report.h"
#include "sim/dt.h"
#include "sim/dt_config.h"
#include "sim/hw_glue.h"
#include "sim/platform.h"
#include "sim/progress.h"
#include "sim/stats.h"
#include "sim/switch_log.h"
#include "sim/task_energy.h"
#include "sim/temp_files.h"
#include "sim/workload/rtapp_loader.h"
#include "sim/trace_writer.h"
#include "sim/vcd_writer.h"
#include "sim/version.h"

extern "C" {
#include <libfdt.h>

#include "linux/cpufreq.h"
#include "linux/cpuidle.h"
#include "linux/init.h"
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

// A device node at the DT root with reg (root cells) and one level SPI: what
// the simulator adds to the DT it hands the kernel when the user's DT lacks
// one of its devices (as a boot loader adds /chosen). Returns the node.
int add_root_device(Fdt& fdt, const char* name, const char* compatible, uint64_t base,
                    uint64_t size, unsigned irq, const char* what) {
  void* blob = fdt.bytes().data();
  const int node = fdt_add_subnode(blob, 0, name);
  const int ac = fdt_address_cells(blob, 0), sc = fdt_size_cells(blob, 0);
  std::vector<fdt32_t> reg;
  if (ac == 2) reg.push_back(cpu_to_fdt32(static_cast<uint32_t>(base >> 32)));
  reg.push_back(cpu_to_fdt32(static_cast<uint32_t>(base)));
  if (sc == 2) reg.push_back(cpu_to_fdt32(0));
  reg.push_back(cpu_to_fdt32(static_cast<uint32_t>(size)));
  const fdt32_t spi[3] = {cpu_to_fdt32(0), cpu_to_fdt32(irq - 32), cpu_to_fdt32(4)};
  if (node < 0 || fdt_setprop_string(blob, node, "compatible", compatible) ||
      fdt_setprop(blob, node, "reg", reg.data(), static_cast<int>(reg.size() * 4)) ||
      fdt_setprop(blob, node, "interrupts", spi, sizeof spi))
    throw DtError(fdt.file() + ": cannot add the " + what + " node to the DT");
  return node;
}

// The event mailbox, when the user's DT has none.
void add_event_mailbox_node(Fdt& fdt, const EventMailboxConfig& ev) {
  if (ev.in_dt) return;
  char name[40];  // named for its address, as DT nodes are
  snprintf(name, sizeof name, "event-mailbox@%llx", static_cast<unsigned long long>(ev.base));
  add_root_device(fdt, name, "blsim,event-mailbox", ev.base, ev.size, ev.irq, "event mailbox");
}

// Likewise the SP804 broadcast timer at the DT root, when the user's DT has
// none there (the upstream TC2 DT has it under the motherboard's buses).
void add_sp804_node(Fdt& fdt, const Sp804Config& t) {
  if (t.in_dt || !t.present) return;
  char name[32];
  snprintf(name, sizeof name, "timer@%llx", static_cast<unsigned long long>(t.base));
  const int node = add_root_device(fdt, name, "arm,sp804", t.base, t.size, t.irq, "SP804");
  if (fdt_setprop_u32(fdt.bytes().data(), node, "clock-frequency",
                      static_cast<uint32_t>(t.params.timclk_hz)))
    throw DtError(fdt.file() + ": cannot add the SP804 node to the DT");
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

// A small output written whole to DIR/.NAME.tmp, renamed by publish().
class StagedFile {
 public:
  StagedFile(const std::string& dir, const std::string& name)
      : tmp_(dir + "/." + name + ".tmp"), dst_(dir + "/" + name) {}
  ~StagedFile() {
    if (staged_) std::remove(tmp_.c_str());
    temp_files::untrack(slot_);
  }
  bool stage(const std::function<bool(FILE*)>& fill) {
    slot_ = temp_files::track(tmp_);  // before the file exists: a signal may come
    FILE* f = fopen(tmp_.c_str(), "wb");
    if (!f) return false;
    staged_ = true;
    bool ok = fill(f) && !ferror(f);
    if (fclose(f) != 0) ok = false;
    return ok;
  }
  bool stage(const std::string& data) {
    return stage([&data](FILE* f) { return fwrite(data.data(), 1, data.size(), f) == data.size(); });
  }
  bool publish() {
    if (std::rename(tmp_.c_str(), dst_.c_str()) != 0) return false;
    staged_ = false;
    return true;
  }
  const std::string& path() const { return dst_; }
  // A rename in the folder the file was staged in fails only onto a folder.
  static bool replaceable(const std::string& path) {
    struct stat st;
    if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
      errno = EISDIR;
      return false;
    }
    return true;
  }

 private:
  std::string tmp_, dst_;
  bool staged_ = false;
  int slot_ = -1;  // sim/temp_files.h
};

// The output folder, made (with its parents) before the run so that the
// outputs can be streamed into it. Folders it made are removed again, if
// still empty, unless the run keeps them: a failed run leaves nothing.
class OutDir {
 public:
  ~OutDir() {
    if (!keep_)
      for (auto it = made_.rbegin(); it != made_.rend(); ++it) rmdir(it->c_str());
    for (int s : slots_) temp_files::untrack(s);
  }
  bool make(const std::string& dir) {
    std::string cur;
    struct stat st;
    for (size_t i = 0; i <= dir.size(); ++i) {
      if ((i == dir.size() || dir[i] == '/') && !cur.empty()) {
        if (mkdir(cur.c_str(), 0777) == 0) {
          made_.push_back(cur);
          slots_.push_back(temp_files::track_dir(cur));  // a signal removes it too
        } else if (errno != EEXIST) {
          return false;
        }
      }
      if (i < dir.size()) cur += dir[i];
    }
    return stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
  }
  void keep() {
    keep_ = true;
    for (int s : slots_) temp_files::untrack(s);
    slots_.clear();
  }

 private:
  std::vector<std::string> made_;
  std::vector<int> slots_;  // temp_files slots of made_
  bool keep_ = false;
};

// --sched eas: the energy model needs every cpu node's
// dynamic-power-coefficient (and capacity-dmips-mhz for the capacities);
// upstream would silently run without EAS, here the user asked for it.
void check_eas_dt(Fdt& fdt) {
  const void* blob = fdt.bytes().data();
  const int cpus = fdt_path_offset(blob, "/cpus");
  int node;
  fdt_for_each_subnode(node, blob, cpus) {
    const char* type = static_cast<const char*>(fdt_getprop(blob, node, "device_type", nullptr));
    if (!type || std::string(type) != "cpu") continue;
    for (const char* prop : {"dynamic-power-coefficient", "capacity-dmips-mhz"}) {
      int len = 0;
      const fdt32_t* v = static_cast<const fdt32_t*>(fdt_getprop(blob, node, prop, &len));
      if (!v || len != 4 || fdt32_to_cpu(*v) == 0)
        throw DtError(fdt.file() + ": /cpus/" + fdt_get_name(blob, node, nullptr) + ": " + prop +
                      (v ? " is not one non-zero cell" : " is missing") +
                      ": --sched eas builds the energy model from it");
    }
  }
}

// The kernel command line (/chosen/bootargs) carries the run's kernel
// options, as a boot loader passes them: the switcher's upstream
// no_bL_switcher switch, and blsim's early-poke knob.
void set_bootargs(Fdt& fdt, const RunOptions& o) {
  std::string args;
  if (o.switcher == "none") args += "no_bL_switcher ";
  if (o.switcher == "cluster") args += "bL_switcher.mode=cluster ";
  if (o.sched == "eas") args += "blsim.sched=eas ";
  if (!o.early_poke) args += "bL_switcher.early_poke=0 ";
  if (o.cpuidle_governor == "none") args += "cpuidle.off=1 ";
  else args += "cpuidle.governor=" + o.cpuidle_governor + " ";
  void* blob = fdt.bytes().data();
  int chosen = fdt_path_offset(blob, "/chosen");
  if (chosen < 0) chosen = fdt_add_subnode(blob, 0, "chosen");
  if (chosen < 0 || fdt_setprop_string(blob, chosen, "bootargs", args.c_str()))
    throw DtError(fdt.file() + ": cannot set /chosen/bootargs");
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
  return c.ipc[1] * top_khz / 1000.0;
}

}  // namespace

int blsim_run(const RunOptions& o) {
  // Errors raised by models become exceptions out of sc_start (the default),
  // and must not also abort the process on the way.
  sc_report_handler::set_actions("blsim/hw", SC_ERROR, SC_THROW);
  sc_report_handler::set_actions(SC_ID_INSTANCE_EXISTS_, SC_DO_NOTHING);
  sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING);  // "stopped by user"
  std::unique_ptr<Platform> platform;
  std::unique_ptr<StatsCollector> stats;
  Fdt fdt;
  // The workload and what the kernel gets with it; freed when the run ends.
  struct Program {
    wl_program prog{};
    wl_setup setup{};
    ~Program() { wl_program_free(&prog); }
  } wl;
  uint64_t duration_ns = o.duration_ns;
  try {
    fdt = Fdt::load(o.dtb);
    for (const DtOverride& ov : o.dt_overrides) apply_dt_override(fdt, ov);
    PlatformConfig pc = read_platform_config(fdt);
    if (o.sched == "eas") check_eas_dt(fdt);
    if (!o.workload.empty()) {
      RtappOptions ro;
      ro.num_cpus = static_cast<int>(pc.cpus.size());
      std::string err;
      std::vector<std::string> warnings;
      std::vector<std::string> files{o.workload};
      files.insert(files.end(), o.more_workloads.begin(), o.more_workloads.end());
      if (!rtapp_load_files(files, ro, &wl.prog, &err, &warnings)) {
        fprintf(stderr, "blsim: error: %s\n", err.c_str());
        return kExitInput;
      }
      for (const std::string& w : warnings) model_warning("rt-app", "%s", w.c_str());
      wl.setup.prog = &wl.prog;
      wl.setup.run_instr_per_us = run_instr_per_us(pc, wl.prog);
      if (!o.duration_set && wl.prog.duration_ns > 0)
        duration_ns = wl.prog.duration_ns + kBootAllowanceNs;   // refined at the mark
      else if (!o.duration_set)
        model_warning("rt-app", "%s: no global.duration: the run lasts the default %llu ms "
                      "(--duration sets it)", wl.prog.source,
                      static_cast<unsigned long long>(duration_ns / 1000000));
    }
    add_event_mailbox_node(fdt, pc.events);
    add_sp804_node(fdt, pc.sp804);
    set_bootargs(fdt, o);
    platform = std::make_unique<Platform>(pc, o.events);
  } catch (const DtError& e) {
    fprintf(stderr, "blsim: error: %s\n", e.what());
    return kExitInput;
  } catch (const sc_report& e) {
    fprintf(stderr, "blsim: error: %s\n", e.get_msg());
    return kExitInput;
  }

  GlueSetup gs;
  for (unsigned i = 0; i < platform->nr_cores(); ++i) {
    const CpuConfig& c = platform->config().cpus[i];
    const unsigned cl = c.cluster, cpu = c.mpidr & 0xff;
    std::function<uint32_t()> mailbox;  // without the SPC: none (only the boot core runs)
    if (platform->has_scc()) {
      Tc2Scc* scc = &platform->scc();
      mailbox = [scc, cl, cpu] { return scc->resume_address(cl, cpu); };
    } else if (platform->pmu()) {
      // The Exynos boot path (iROM, then U-Boot SPL's secondary_cpu_start)
      // jumps to the start of the non-secure SYSRAM page, where the kernel
      // writes "ldr r0, [pc, #0]; bx r0; .word entry": the entry, or 0 (the
      // pen) while those words are not there.
      Memory* sram = platform->sysram();
      const uint64_t off = platform->config().pmu.sysram_ns_offset;
      mailbox = [sram, off] {
        uint32_t w[3];
        sram->read_backdoor(off, w, sizeof w);
        return w[0] == 0xe59f0000u && w[1] == 0xe12fff10u ? w[2] : 0u;
      };
    }
    gs.cores.push_back({&platform->core(i), &platform->timer(i), mailbox});
  }
  gs.fdt = fdt.blob();
  gs.boot_core = platform->config().boot_cpu;
  gs.dram_base = platform->config().memory.base;
  gs.dram_size = platform->config().memory.size;
  gs.kernel_entry = stext;
  gs.echo_console = o.console;
  gs.workload = o.workload.empty() ? nullptr : &wl.setup;
  TaskEnergy task_energy(*platform);
  gs.contextidr = [&task_energy](unsigned core, uint32_t pid) { task_energy.switch_to(core, pid); };
  std::vector<unsigned> core_cluster;
  for (auto& c : platform->config().cpus) core_cluster.push_back(c.cluster);
  SwitchLog switch_log(core_cluster);
  gs.switch_log = &switch_log;
  // trace.txt and waves.vcd: the kernel's tracepoints and the models'
  // changes, streamed into --out as the run goes (nothing is recorded
  // without --out).
  OutDir out_dir;
  TraceWriter trace;
  VcdWriter vcd;
  if (!o.out.empty()) {
    temp_files::install_signal_cleanup();  // ^C leaves no temporary files behind
    if (!out_dir.make(o.out) || !trace.open(o.out) || !vcd.open(o.out)) {
      fprintf(stderr, "blsim: error: cannot write to %s: %s\n", o.out.c_str(), strerror(errno));
      return kExitOutput;
    }
    std::string why;
    trace.set_events(o.trace_events, &why);  // checked with the command line
    gs.trace = [&trace](const TraceRecord& r) { trace.add(r); };
    trace.attach(*platform);
    attach_platform_vcd(vcd, *platform);
  }
  glue_init(gs);
  watch_for_switches(*platform, switch_log);
  stats = std::make_unique<StatsCollector>(*platform, switch_log);
  if (!o.workload.empty()) stats->set_task_energy(&task_energy);

  // cpufreq's governor and tunables are set before boot, as a default
  // governor and sysfs writes at init would; bad names are usage errors.
  if (!o.cpufreq_governor.empty() && cpufreq_set_governor(o.cpufreq_governor.c_str())) {
    fprintf(stderr, "blsim: --cpufreq-governor: unknown governor '%s' (known: performance, "
            "powersave, userspace, ondemand, conservative, schedutil)\n", o.cpufreq_governor.c_str());
    return kExitUsage;
  }
  for (const std::string& t : o.tunables) {
    if (cpufreq_set_tunable_str(t.c_str())) {
      fprintf(stderr, "blsim: --set %s: refused: %s\n", t.c_str(), last_kernel_line().c_str());
      return kExitUsage;
    }
  }
  const auto t0 = std::chrono::steady_clock::now();
  try {
    // In slices of simulated time, always (with or without the progress
    // line), so that the line cannot change what is simulated.
    Progress progress(duration_ns, o.progress == 1 || (o.progress < 0 && !o.quiet && isatty(2)),
                      o.progress == 1);
    const uint64_t kSliceNs = 10000000;  // 10 ms
    // A developers' self-check, not an option: results are the same with it.
    const char* check = getenv("BLSIM_CHECK_RUN_AHEAD");
    Core::set_check_run_ahead(check && strcmp(check, "0") != 0);
    const bool until_workload_end = !o.workload.empty() && !o.duration_set && wl.prog.duration_ns > 0;
    bool end_known = !until_workload_end;
    for (uint64_t done = 0; done < duration_ns && sc_get_status() != SC_STOPPED;) {
      if (!end_known && workload_start_ns()) {
        duration_ns = workload_start_ns() + static_cast<uint64_t>(wl.prog.duration_ns);
        end_known = true;
        if (done >= duration_ns) break;
      }
      const uint64_t left = duration_ns - done, step = left < kSliceNs ? left : kSliceNs;
      // Cores may run ahead of SystemC's time only within the slice
      // (models/cpu/core.h): what is collected after it is up to its end.
      const sc_time slice(static_cast<double>(step), SC_NS);
      if (!o.lockstep) Core::set_horizon(sc_time_stamp() + slice);
      sc_start(slice);
      done += step;
      if (glue_failure()) break;
      stats->collect();
      progress.update(sc_time_stamp().value() / 1000);
    }
    progress.finish();
    if (glue_failure()) std::rethrow_exception(glue_failure());
  } catch (const std::exception& e) {
    const sc_report* r = dynamic_cast<const sc_report*>(&e);
    fprintf(stderr, "blsim: error: at %.9f s: %s\n", sc_time_stamp().to_seconds(),
            r ? r->get_msg() : e.what());
    if (!o.console && !glue_console().empty()) {
      fprintf(stderr, "blsim: the kernel log up to the failure:\n%s", glue_console().c_str());
    }
    return kExitSim;
  }
  const double host = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (const EventDevice::Outcome* bad = platform->events().refused()) {
    fprintf(stderr, "blsim: error: event '%s' refused by the kernel at %.6f s: %s (%d)\n",
            bad->event.text.c_str(), bad->done_ns / 1e9, strerror(-bad->result), bad->result);
    const std::string why = last_kernel_line();
    if (!why.empty()) fprintf(stderr, "blsim: kernel: %s\n", why.c_str());
    return kExitEvent;
  }
  // An event the run ended before (its end known only once the workload
  // started, so not refused on the command line): said, and in warnings[].
  for (const EventDevice::Outcome& ev : platform->events().outcomes()) {
    if (ev.done) continue;
    model_warning("events", "'%s' %s before the run ended at %.6f s", ev.event.text.c_str(),
                  ev.posted_ns ? "was not done" : "never ran", sc_time_stamp().to_seconds());
  }

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
  info.duration_ns = duration_ns;
  info.simulated_ns = sc_time_stamp().value() / 1000;
  info.host_stats = o.host_stats;
  info.host_seconds = host;
  if (!o.out.empty()) {
    // All or nothing: every output is staged under a temporary name first,
    // and renamed into place only once all are written.
    StagedFile stats_file(o.out, "stats.json"), console_file(o.out, "console.log"),
        gtkw_file(o.out, "waves.gtkw"), dat_file(o.out, "trace.dat");
    // GTKWave's comment rows: "cluster0 (A15)" from the cluster's CPU type.
    std::map<std::string, std::string> labels;
    for (auto& c : platform->config().clusters) {
      std::string t = c.type;
      if (t.rfind("cortex-", 0) == 0) t = t.substr(7);
      for (char& ch : t) ch = static_cast<char>(toupper(static_cast<unsigned char>(ch)));
      const std::string scope = "cluster" + std::to_string(c.id);
      labels[scope] = scope + " (" + t + ")";
    }
    struct Output {
      const std::string& path;
      std::function<bool()> stage, publish;
    };
    const Output outputs[] = {
        {stats_file.path(),
         [&] { return stats_file.stage([&](FILE* f) { stats->write_json(f, info); return true; }); },
         [&] { return stats_file.publish(); }},
        {console_file.path(), [&] { return console_file.stage(glue_console()); },
         [&] { return console_file.publish(); }},
        {trace.path(), [&] { return trace.stage(platform->nr_cores()); },
         [&] { return trace.publish(); }},
        {dat_file.path(),
         [&] { return dat_file.stage([&](FILE* f) { return trace.write_dat(f, platform->nr_cores()); }); },
         [&] { return dat_file.publish(); }},
        {vcd.path(), [&] { return vcd.stage(sc_time_stamp().value()); },
         [&] { return vcd.publish(); }},
        {gtkw_file.path(), [&] { return gtkw_file.stage(vcd.gtkw(labels, sc_time_stamp().value())); },
         [&] { return gtkw_file.publish(); }},
    };
    const std::string* failed = nullptr;
    for (const Output& out : outputs)
      if (!failed && !out.stage()) failed = &out.path;
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
    out_dir.keep();
  }
  if (o.cpuidle_sysfs) {
    const int n = cpuidle_sysfs_dump(nullptr, 0);
    std::string text(static_cast<size_t>(n) + 1, '\0');
    cpuidle_sysfs_dump(&text[0], text.size());
    text.resize(static_cast<size_t>(n));
    fputs(text.c_str(), stdout);
    if (n == 0)
      fprintf(stderr, "blsim: --cpuidle-sysfs: cpuidle is off (cpuidle.off=1): the kernel has "
                      "no cpuidle sysfs\n");
  }
  if (!o.quiet)
    fprintf(stderr, "blsim: simulated %.6f s in %.3f s host (%.1fx real time)%s%s\n",
            info.simulated_ns / 1e9, host, host > 0 ? info.simulated_ns / 1e9 / host : 0.0,
            o.out.empty() ? "" : ", results in ", o.out.c_str());
  return kExitOk;
}
