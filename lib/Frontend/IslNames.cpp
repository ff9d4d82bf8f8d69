//===- IslNames.cpp - Names of the isl ids of a Scop ----------------------===//

#include "hetile/Frontend/IslNames.h"

#include <algorithm>
#include <cctype>

namespace hetile {

bool isStatementLikeName(const std::string &Name) {
  return Name.size() >= 2 && Name[0] == 'S' &&
         std::all_of(Name.begin() + 1, Name.end(),
                     [](unsigned char C) { return std::isdigit(C); });
}

std::string makeUniqueIslName(const std::string &Name,
                              const std::set<std::string> &Taken) {
  std::string N = Name;
  while (Taken.count(N))
    N += "_";
  return N;
}

std::string makeArrayIslName(const std::string &Name,
                             const std::set<std::string> &Taken) {
  std::string N = Name;
  while (isStatementLikeName(N) || Taken.count(N))
    N += "_";
  return N;
}

} // namespace hetile
