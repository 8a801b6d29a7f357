// SPDX-License-Identifier: GPL-2.0-only
#include "models/common/report.h"

#include <systemc>

#include <cstdio>
#include <set>
#include <stdexcept>

namespace {
std::vector<std::string> g_warnings;
std::set<std::string> g_seen;

std::string vformat(const char* fmt, va_list ap) {
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  return buf;
}
}  // namespace

void model_error(const char* model, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string msg = std::string(model) + ": " + vformat(fmt, ap);
  va_end(ap);
  SC_REPORT_ERROR("blsim/hw", msg.c_str());
  // SC_ERROR's default action throws; should a user handler not, stop here.
  throw std::runtime_error(msg);
}

void model_warning(const char* model, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string msg = std::string(model) + ": " + vformat(fmt, ap);
  va_end(ap);
  if (!g_seen.insert(msg).second) return;
  g_warnings.push_back(msg);
  fprintf(stderr, "blsim: warning: %s\n", msg.c_str());
}

const std::vector<std::string>& model_warnings() { return g_warnings; }

void model_warnings_reset() {
  g_warnings.clear();
  g_seen.clear();
}
