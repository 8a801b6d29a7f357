// SPDX-License-Identifier: GPL-2.0-only
// switch_steps_test.cc - the switch steps live in one list
// (kernel_model/include/blsim/switch_steps.h); what documents them must
// follow it: the stats.json schema's enum and the step descriptions of
// tools/anatomy-of-a-switch.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "run_helpers.h"

extern "C" {
#include "blsim/switch_steps.h"
}

namespace {

using namespace blsim_test;

std::string source_file(const std::string& rel) { return slurp(std::string(BLSIM_SOURCE_DIR) + "/" + rel); }

std::set<std::string> step_list() {
  std::set<std::string> names;
  for (int s = 0; s < SWITCH_STEP_NR; ++s) names.insert(switch_step_name(static_cast<switch_step>(s)));
  return names;
}

}  // namespace

TEST(SwitchSteps, NamesAreDistinctAndKnown) {
  EXPECT_EQ(step_list().size(), static_cast<size_t>(SWITCH_STEP_NR));
  EXPECT_STREQ(switch_step_name(SWITCH_STEP_NR), "?");
}

// Every step name in the schema's enum is one of the list, and every step
// of the list can appear in stats.json (request_taken and aborted are
// bookkeeping of the switch log, never written).
TEST(SwitchSteps, SchemaEnumIsTheList) {
  Json schema(source_file("docs/stats.schema.json"));
  ASSERT_TRUE(schema.ok()) << schema.error();
  // steps[] items are oneOf a blsim-stats/2 array and a /1 object; the
  // object's name has the enum.
  const char* path[] = {"properties", "switches", "items", "properties", "steps", "items",
                        "oneOf", nullptr};
  yajl_val alts = yajl_tree_get(schema.root(), path, yajl_t_array);
  ASSERT_TRUE(alts) << "docs/stats.schema.json has no switches[].steps[] oneOf";
  const char* name_enum[] = {"properties", "name", "enum", nullptr};
  yajl_val e = nullptr;
  for (size_t i = 0; i < YAJL_GET_ARRAY(alts)->len && !e; ++i)
    e = yajl_tree_get(YAJL_GET_ARRAY(alts)->values[i], name_enum, yajl_t_array);
  ASSERT_TRUE(e) << "docs/stats.schema.json has no switches[].steps[].name enum";
  std::set<std::string> in_schema;
  for (size_t i = 0; i < YAJL_GET_ARRAY(e)->len; ++i)
    in_schema.insert(YAJL_GET_STRING(YAJL_GET_ARRAY(e)->values[i]));
  std::set<std::string> written = step_list();
  written.erase("request_taken");
  written.erase("aborted");
  EXPECT_EQ(in_schema, written);
}

// tools/anatomy-of-a-switch explains steps by name: each is one of the list.
TEST(SwitchSteps, AnatomyToolNamesAreInTheList) {
  const std::string tool = source_file("tools/anatomy-of-a-switch");
  ASSERT_FALSE(tool.empty());
  const std::set<std::string> names = step_list();
  std::istringstream in(tool);
  std::string line;
  int described = 0;
  while (std::getline(in, line)) {
    // The descriptions: lines `    "name": "text...`.
    if (line.rfind("    \"", 0) != 0) continue;
    const size_t q = line.find('"', 5);
    if (q == std::string::npos || line.compare(q, 3, "\": ") != 0) continue;
    const std::string name = line.substr(5, q - 5);
    EXPECT_TRUE(names.count(name)) << "tools/anatomy-of-a-switch describes unknown step " << name;
    ++described;
  }
  EXPECT_GE(described, 15);
}
