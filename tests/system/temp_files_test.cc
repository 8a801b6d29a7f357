// SPDX-License-Identifier: GPL-2.0-only
// temp_files (sim/temp_files.h): a run's temporary files are all tracked
// for the signal clean-up, however many it makes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/temp_files.h"

// With --out a run tracks its folder, the five staged files, the spools
// (two names each) and, once trace.dat is paged as the records come, one
// file per CPU: 8 on an Exynos 5422. A slot table of 16 left some of these
// behind a SIGTERM that came while the outputs were staged.
TEST(TempFiles, AnExynosRunsFilesAllGetASlot) {
  std::vector<int> slots;
  slots.push_back(temp_files::track_dir("/nonexistent/out"));
  for (int i = 0; i < 1 + 5 + 2 * 4 + 8; ++i)
    slots.push_back(temp_files::track("/nonexistent/out/.f" + std::to_string(i) + ".tmp"));
  for (size_t i = 0; i < slots.size(); ++i) EXPECT_GE(slots[i], 0) << "path " << i;
  for (int s : slots) temp_files::untrack(s);
}
