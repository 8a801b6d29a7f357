// SPDX-License-Identifier: GPL-2.0-only
// cli_args.h - the command line's words, with every "--opt=value" split into
// "--opt" "value" (GNU style), so each option's own parsing sees one form.
#pragma once

#include <set>
#include <string>
#include <vector>

// argv[0..argc) as words. "--opt=value" becomes "--opt", "value" unless
// --opt is one of `flags` (options without a value): those are kept whole,
// and are refused by the caller as "--quiet takes no value". The value may
// itself hold '=' (--dt NODE:PROP=VALUE): only the first '=' splits.
std::vector<std::string> split_option_values(int argc, char** argv,
                                             const std::set<std::string>& flags);

// For a word kept whole: "--quiet=1" is a flag given a value. Returns the
// flag's name ("--quiet"), or "" when the word is not such a flag.
std::string flag_given_a_value(const std::string& word, const std::set<std::string>& flags);
