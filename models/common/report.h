/* SPDX-License-Identifier: GPL-2.0-only */
// report.h - how models report hardware errors and warnings.
//
// A model that sees the hardware used against its rules (frequency raised
// before voltage, a core powered inside a dead cluster, an access to an
// unmapped address) raises an SC_REPORT_ERROR with message type "blsim/hw".
// SystemC's default action for errors throws an sc_report out of sc_start(),
// so blsim stops with a message naming the model, and a test can catch it.
// Warnings ("blsim/hw" SC_WARNING) go to stderr once per distinct text and
// into stats.json's warnings[].
#pragma once

#include <cstdarg>
#include <string>
#include <vector>

[[noreturn]] void model_error(const char* model, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));
void model_warning(const char* model, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));

// Every distinct warning issued so far, in order (for stats.json).
const std::vector<std::string>& model_warnings();
// Forget warnings (tests that build several platforms in one process).
void model_warnings_reset();
