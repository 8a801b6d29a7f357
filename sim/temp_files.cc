// SPDX-License-Identifier: GPL-2.0-only
#include "sim/temp_files.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace temp_files {
namespace {

// Fixed storage the handler reads with unlink() only (async-signal-safe).
// A slot's path is complete before the slot is marked used, and the mark is
// cleared only after the file is gone.
// A run's folder, its staged files, the spools and trace.dat's per-CPU
// files (one per CPU: 8 on an Exynos 5422) come to ~25.
constexpr int kSlots = 64;
constexpr size_t kPathMax = 4096;
// A slot is claimed by one compare-and-swap (kClaimed while its path is
// written), so that threads may track and untrack at once: at the end of a
// run the stats thread drops its spool while the main thread stages the
// other files. Lock-free atomics are safe in the handler.
enum : int { kFree = 0, kClaimed, kUsed };
static_assert(std::atomic<int>::is_always_lock_free, "the handler reads the marks");
struct Slot {
  char path[kPathMax];
  // kFree by static zero-initialisation: an initialiser here would make
  // the 256 KiB table dynamically initialised, every page touched at start.
  std::atomic<int> used;
  volatile sig_atomic_t dir;  // a folder the run made: rmdir, once the files are gone
};
Slot g_slots[kSlots];

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void remove_and_die(int sig) {
  const int saved = errno;  // for the interrupted code, if the signal is ignored after all
  for (Slot& s : g_slots)
    if (s.used.load() == kUsed && !s.dir) unlink(s.path);
  // Folders: a parent empties only once its child is gone, whatever their
  // slot order; as many passes as slots reach the top. rmdir() leaves a
  // folder that is not empty (the user's files) alone.
  for (int pass = 0; pass < kSlots; ++pass)
    for (Slot& s : g_slots)
      if (s.used.load() == kUsed && s.dir) rmdir(s.path);
  signal(sig, SIG_DFL);
  raise(sig);
  errno = saved;
}

}  // namespace

int track_slot(const std::string& path, bool dir);

void install_signal_cleanup() {
  for (int sig : kSignals) {
    struct sigaction old;
    if (sigaction(sig, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue;
    struct sigaction sa = {};
    sa.sa_handler = remove_and_die;
    sigemptyset(&sa.sa_mask);
    for (int s : kSignals) sigaddset(&sa.sa_mask, s);  // one cleanup at a time
    sigaction(sig, &sa, nullptr);
  }
}

int track(const std::string& path) { return track_slot(path, false); }
int track_dir(const std::string& path) { return track_slot(path, true); }

int track_slot(const std::string& path, bool dir) {
  if (path.size() >= kPathMax) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int free = kFree;
    if (!g_slots[i].used.compare_exchange_strong(free, kClaimed)) continue;
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    g_slots[i].dir = dir;
    g_slots[i].used.store(kUsed);  // the path, then the mark
    return i;
  }
  return -1;
}

void untrack(int slot) {
  if (slot >= 0 && slot < kSlots) g_slots[slot].used.store(kFree);
}

SignalsHeld::SignalsHeld() {
  sigset_t held;
  sigemptyset(&held);
  for (int sig : kSignals) sigaddset(&held, sig);
  sigprocmask(SIG_BLOCK, &held, &old_);
}

SignalsHeld::~SignalsHeld() { sigprocmask(SIG_SETMASK, &old_, nullptr); }

}  // namespace temp_files
