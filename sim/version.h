// SPDX-License-Identifier: GPL-2.0-only
// version.h - blsim's version: CMake's project version, and `git describe`
// of the source tree when CMake configured the build (build/version.cc).
#pragma once

// "0.1 (git 1d598b2)", or "0.1" when the sources were not a git checkout.
const char* blsim_version();
