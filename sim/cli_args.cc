// SPDX-License-Identifier: GPL-2.0-only
#include "sim/cli_args.h"

std::vector<std::string> split_option_values(int argc, char** argv,
                                             const std::set<std::string>& flags) {
  std::vector<std::string> words;
  // The previous word was an option that takes the next word as its value:
  // that word is kept whole, even "--dt" "a:b=c" or a value starting "--".
  bool value_next = false;
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    const size_t eq = a.find('=');
    const bool option = a.rfind("--", 0) == 0;
    if (!value_next && option && eq != std::string::npos && !flags.count(a.substr(0, eq))) {
      words.push_back(a.substr(0, eq));
      words.push_back(a.substr(eq + 1));
      value_next = false;
      continue;
    }
    words.push_back(a);
    value_next = !value_next && option && eq == std::string::npos && !flags.count(a);
  }
  return words;
}

std::string flag_given_a_value(const std::string& word, const std::set<std::string>& flags) {
  const size_t eq = word.find('=');
  if (word.rfind("--", 0) != 0 || eq == std::string::npos) return "";
  return flags.count(word.substr(0, eq)) ? word.substr(0, eq) : "";
}
