// SPDX-License-Identifier: GPL-2.0-only
// rtapp_examples.h - the rt-app workloads Debian's rt-app package installs
// (tools/setup installs it): the third-party inputs the tests run.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace blsim_test {

// The path of one of the package's examples, e.g. "mp3-short.json". A test
// that needs it and does not find it fails (never skips), saying how to get it.
// (dir: only for the test of this very failure.)
inline std::string rtapp_example(const std::string& name,
                                 const std::string& dir = BLSIM_RTAPP_EXAMPLES) {
  const std::string path = dir + "/" + name;
  if (!std::ifstream(path).good())
    ADD_FAILURE() << path << " is missing: run tools/setup (it installs Debian's rt-app "
                  << "package, whose examples the tests run)";
  return path;
}

}  // namespace blsim_test
