//===- Args.h - hetile-plan's flags, numbers and JSON -----------*- C++ -*-===//
//
// A command declares the flags it accepts; every malformed value raises a
// UsageError whose message names the flag. main() prints
// "hetile-plan: error: <message>" and exits 1.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_PLAN_ARGS_H
#define HETILE_PLAN_ARGS_H

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace hetile::plan {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Args {
public:
  /// Valued: flags taking a value (--x V or --x=V); Switches: bare flags.
  Args(int Argc, char **Argv, const std::set<std::string> &Valued,
       const std::set<std::string> &Switches);

  bool has(const std::string &Flag) const;
  std::string str(const std::string &Flag) const;
  long integer(const std::string &Flag, long Min) const;
  double number(const std::string &Flag, double Min) const;
  std::vector<long> integers(const std::string &Flag, long Min) const;
  std::vector<double> positives(const std::string &Flag) const;
  /// Like positives, where an entry V*N stands for N copies of V.
  std::vector<double> repeatedPositives(const std::string &Flag) const;
  long integerOr(const std::string &Flag, long Min, long Default) const;
  double numberOr(const std::string &Flag, double Min, double Default) const;

private:
  std::map<std::string, std::string> Values;
};

long parseInteger(const std::string &Text, const std::string &Flag, long Min);
double parseNumber(const std::string &Text, const std::string &Flag,
                   double Min);
std::vector<std::string> split(const std::string &Text, char Sep);

/// A tiny JSON printer: objects and arrays, keys in insertion order.
class Json {
public:
  Json &key(const std::string &K);
  Json &open(char Bracket);
  Json &close(char Bracket);
  Json &num(double V);
  Json &num(long V);
  Json &str(const std::string &S);
  Json &null();
  template <typename T> Json &list(const std::vector<T> &V) {
    open('[');
    for (const T &X : V) {
      if constexpr (std::is_integral_v<T>)
        num((long)X);
      else
        num((double)X);
    }
    return close(']');
  }
  std::string text() const { return Out + "\n"; }

private:
  void comma();
  std::string Out;
  bool NeedComma = false;
};

/// The runtime's last error as a UsageError-free message check.
void check(int Status, const std::string &What);

std::string joinNumbers(const std::vector<long> &V);
std::string fmt(double V);

} // namespace hetile::plan

#endif
