// SPDX-License-Identifier: GPL-2.0-only
// SystemC owns main(); GoogleTest runs from sc_main. ctest runs each TEST in
// its own process (gtest_discover_tests), because SystemC elaborates once.
#include <gtest/gtest.h>
#include <systemc>

int sc_main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
