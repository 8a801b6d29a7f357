// SPDX-License-Identifier: GPL-2.0-only
// dt_properties_test.cc - the blsim,* property table (sim/dt_properties.cc)
// is the one description of those properties: docs/dt-properties.md holds
// exactly what it generates, and every default the DT readers announce is
// the table's default for that property.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "run_helpers.h"
#include "sim/dt_properties.h"

namespace {

using namespace blsim_test;

// The defaults a table entry allows: "a / b" is an A15 and an A7 default.
std::set<std::string> allowed_defaults(const std::string& name) {
  std::set<std::string> out;
  for (const BlsimProperty* p = blsim_properties_begin(); p != blsim_properties_end(); ++p) {
    if (name != p->name) continue;
    std::string d = p->dflt;
    for (size_t at; (at = d.find(" / ")) != std::string::npos; d = d.substr(at + 3)) out.insert(d.substr(0, at));
    out.insert(d);
  }
  return out;
}

}  // namespace

TEST(DtProperties, DocHoldsTheGeneratedTable) {
  const std::string doc = slurp(std::string(BLSIM_SOURCE_DIR) + "/docs/dt-properties.md");
  const std::string table = blsim_properties_markdown();
  const size_t begin = doc.find("-->\n| property | node |");
  const size_t end = doc.find("<!-- end of generated table -->");
  ASSERT_NE(begin, std::string::npos) << "docs/dt-properties.md lost its generated table";
  ASSERT_NE(end, std::string::npos);
  EXPECT_EQ(doc.substr(begin + 4, end - begin - 4), table)
      << "docs/dt-properties.md differs from `blsim --dt-properties`: paste the new table";
}

// All entries of one name share shape, range and unit: the range check
// and --dt look a property up by name alone.
TEST(DtProperties, OneShapePerName) {
  for (const BlsimProperty* p = blsim_properties_begin(); p != blsim_properties_end(); ++p) {
    const BlsimProperty* first = find_blsim_property(p->name);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->kind, p->kind) << p->name;
    EXPECT_EQ(first->cells, p->cells) << p->name;
    EXPECT_EQ(first->min, p->min) << p->name;
    EXPECT_EQ(first->max, p->max) << p->name;
    EXPECT_STREQ(first->unit, p->unit) << p->name;
    EXPECT_STRNE(p->source, "") << p->name;
  }
}

// The upstream Linux TC2 tree lacks every blsim,* property and a few
// standard ones: each default the readers announce must be the table's
// (numbers as announced, without their unit; the OPP tables are shortened
// in the table, and a missing cpu-supply is a built-in rail, not a value).
TEST(DtProperties, AnnouncedDefaultsAreTheTables) {
  const std::string d = scratch("dtprops");
  RunResult c = compile_upstream_tc2(d);
  ASSERT_EQ(c.exit_code, 0) << c.err;
  RunResult r = run_blsim("--dtb " + d + "/up.dtb --duration 1ms", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.err);
  int checked = 0;
  for (std::string l; std::getline(in, l);) {
    const size_t no = l.find(": no '"), use = l.find("', using default ");
    if (no == std::string::npos || use == std::string::npos) continue;
    const std::string name = l.substr(no + 6, use - no - 6);
    if (name == "cpu-supply") continue;  // a built-in rail, not a value
    std::string value = l.substr(use + 17, l.find(" (docs/", use) - use - 17);
    if (value[0] != '<' && value.find(' ') != std::string::npos) value = value.substr(0, value.find(' '));
    const std::set<std::string> allowed = allowed_defaults(name);
    ASSERT_FALSE(allowed.empty()) << name << " is not in sim/dt_properties.cc";
    if (name == "blsim,a15-opps" || name == "blsim,a7-opps") continue;
    EXPECT_TRUE(allowed.count(value)) << name << ": announced " << value << ", the table says "
                                      << *allowed.begin();
    ++checked;
  }
  EXPECT_GE(checked, 60);
}
