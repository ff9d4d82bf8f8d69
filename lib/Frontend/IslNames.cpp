//===- IslNames.cpp - C identifiers that isl can parse --------------------===//

#include "hetile/Frontend/IslNames.h"

#include <algorithm>
#include <cctype>

namespace hetile {

bool isIslKeyword(const std::string &Name) {
  // Checked against isl's parser (keywords match case-insensitively); the
  // list errs on the safe side (domain, range, ...).
  static const char *const Keywords[] = {
      "and",   "or",     "not",   "implies", "exists", "min",      "max",
      "mod",   "floord", "ceild", "floor",   "ceil",   "infty",    "infinity",
      "nan",   "true",   "false", "rat",     "domain", "range",    "xor",
      "if",    "then",   "else"};
  std::string Lower = Name;
  std::transform(Lower.begin(), Lower.end(), Lower.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  return std::any_of(std::begin(Keywords), std::end(Keywords),
                     [&](const char *K) { return Lower == K; });
}

bool isStatementLikeName(const std::string &Name) {
  return Name.size() >= 2 && Name[0] == 'S' &&
         std::all_of(Name.begin() + 1, Name.end(),
                     [](unsigned char C) { return std::isdigit(C); });
}

std::string makeIslName(const std::string &CName,
                        const std::set<std::string> &Taken) {
  // Clang accepts `$` in identifiers; isl does not.
  std::string N = CName;
  for (char &C : N)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      C = '_';
  while (isIslKeyword(N) || isStatementLikeName(N) || Taken.count(N))
    N += "_";
  return N;
}

} // namespace hetile
