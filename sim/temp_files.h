/* SPDX-License-Identifier: GPL-2.0-only */
// temp_files.h - temporary output files that must not outlive the run.
//
// Outputs are written under temporary names and renamed into place at the
// end (sim/spool_file.h, sim/run.cc). A run ended by SIGINT (^C), SIGTERM or
// SIGHUP removes the temporary files it has open, then dies of the signal
// as it would have. A signal the run inherited as ignored (nohup, a
// background job of a script) stays ignored.
#pragma once

#include <signal.h>

#include <string>

namespace temp_files {

// Installs the handler for the three signals, unless ignored. Call once.
void install_signal_cleanup();

// Registers path for removal by the handler; returns its slot (-1 if the
// path is too long or the slots are full: it is then only not cleaned up).
int track(const std::string& path);
// The same for a folder the run made: the handler removes it after the
// files, if it is empty then.
int track_dir(const std::string& path);
// Unregisters a slot from track() or track_dir() (no-op for -1).
void untrack(int slot);

// Holds the three signals back for its lifetime, so that a group of renames
// happens whole; a signal that arrived meanwhile is delivered at the end.
class SignalsHeld {
 public:
  SignalsHeld();
  ~SignalsHeld();
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;

 private:
  sigset_t old_;
};

}  // namespace temp_files
