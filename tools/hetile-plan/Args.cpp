//===- Args.cpp - hetile-plan's flags, numbers and JSON ---------------------===//
#include "Args.h"

#include "hetile_rt.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace hetile::plan;

Args::Args(int Argc, char **Argv, const std::set<std::string> &Valued,
           const std::set<std::string> &Switches) {
  for (int I = 0; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A.rfind("--", 0) != 0)
      throw UsageError("unexpected argument '" + A + "'");
    std::string Flag = A, Value;
    size_t Eq = A.find('=');
    if (Eq != std::string::npos) {
      Flag = A.substr(0, Eq);
      Value = A.substr(Eq + 1);
    }
    if (Switches.count(Flag) && Eq == std::string::npos) {
      Values[Flag] = "";
      continue;
    }
    if (!Valued.count(Flag))
      throw UsageError("unknown flag '" + Flag + "'");
    if (Eq == std::string::npos) {
      if (I + 1 >= Argc)
        throw UsageError(Flag + ": missing value");
      Value = Argv[++I];
    }
    if (Values.count(Flag))
      throw UsageError(Flag + ": given twice");
    Values[Flag] = Value;
  }
}

bool Args::has(const std::string &Flag) const { return Values.count(Flag); }

std::string Args::str(const std::string &Flag) const {
  auto It = Values.find(Flag);
  if (It == Values.end())
    throw UsageError(Flag + ": required");
  return It->second;
}

long hetile::plan::parseInteger(const std::string &Text,
                                const std::string &Flag, long Min) {
  errno = 0;
  char *End = nullptr;
  long V = std::strtol(Text.c_str(), &End, 10);
  if (Text.empty() || *End != '\0' || errno == ERANGE)
    throw UsageError(Flag + ": '" + Text + "' is not an integer");
  if (V < Min)
    throw UsageError(Flag + ": " + Text + " must be >= " + std::to_string(Min));
  return V;
}

double hetile::plan::parseNumber(const std::string &Text,
                                 const std::string &Flag, double Min) {
  errno = 0;
  char *End = nullptr;
  double V = std::strtod(Text.c_str(), &End);
  if (Text.empty() || *End != '\0' || errno == ERANGE || !std::isfinite(V))
    throw UsageError(Flag + ": '" + Text + "' is not a number");
  if (V < Min)
    throw UsageError(Flag + ": " + Text + " must be >= " + fmt(Min));
  return V;
}

std::vector<std::string> hetile::plan::split(const std::string &Text,
                                             char Sep) {
  std::vector<std::string> Parts;
  size_t From = 0;
  while (true) {
    size_t At = Text.find(Sep, From);
    Parts.push_back(Text.substr(From, At - From));
    if (At == std::string::npos)
      return Parts;
    From = At + 1;
  }
}

long Args::integer(const std::string &Flag, long Min) const {
  return parseInteger(str(Flag), Flag, Min);
}

double Args::number(const std::string &Flag, double Min) const {
  return parseNumber(str(Flag), Flag, Min);
}

long Args::integerOr(const std::string &Flag, long Min, long Default) const {
  return has(Flag) ? integer(Flag, Min) : Default;
}

double Args::numberOr(const std::string &Flag, double Min,
                      double Default) const {
  return has(Flag) ? number(Flag, Min) : Default;
}

std::vector<long> Args::integers(const std::string &Flag, long Min) const {
  std::string S = str(Flag);
  if (S.empty())
    throw UsageError(Flag + ": empty list");
  std::vector<long> V;
  for (const std::string &Part : split(S, ','))
    V.push_back(parseInteger(Part, Flag, Min));
  return V;
}

std::vector<double> Args::positives(const std::string &Flag) const {
  std::string S = str(Flag);
  if (S.empty())
    throw UsageError(Flag + ": empty list");
  std::vector<double> V;
  for (const std::string &Part : split(S, ',')) {
    double X = parseNumber(Part, Flag, -INFINITY);
    if (!(X > 0))
      throw UsageError(Flag + ": " + Part + " must be a positive number");
    V.push_back(X);
  }
  return V;
}

std::vector<double> Args::repeatedPositives(const std::string &Flag) const {
  std::string S = str(Flag);
  if (S.empty())
    throw UsageError(Flag + ": empty list");
  std::vector<double> V;
  for (const std::string &Part : split(S, ',')) {
    size_t Star = Part.find('*');
    std::string Value = Part.substr(0, Star);
    long Count = Star == std::string::npos
                     ? 1
                     : parseInteger(Part.substr(Star + 1), Flag, 1);
    double X = parseNumber(Value, Flag, -INFINITY);
    if (!(X > 0))
      throw UsageError(Flag + ": " + Value + " must be a positive number");
    if (Count > 1000000 || V.size() + Count > 1000000)
      throw UsageError(Flag + ": more than 1000000 entries");
    V.insert(V.end(), Count, X);
  }
  return V;
}

void Json::comma() {
  if (NeedComma)
    Out += ", ";
  NeedComma = true;
}

Json &Json::key(const std::string &K) {
  comma();
  Out += "\"" + K + "\": ";
  NeedComma = false;
  return *this;
}

Json &Json::open(char Bracket) {
  comma();
  Out += Bracket;
  NeedComma = false;
  return *this;
}

Json &Json::close(char Bracket) {
  Out += Bracket;
  NeedComma = true;
  return *this;
}

Json &Json::num(double V) {
  comma();
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.10g", V);
  Out += std::isfinite(V) ? Buf : "null";
  return *this;
}

Json &Json::num(long V) {
  comma();
  Out += std::to_string(V);
  return *this;
}

Json &Json::str(const std::string &S) {
  comma();
  Out += '"';
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if ((unsigned char)C < 0x20)
      continue;
    Out += C;
  }
  Out += '"';
  return *this;
}

Json &Json::null() {
  comma();
  Out += "null";
  return *this;
}

void hetile::plan::check(int Status, const std::string &What) {
  if (Status < 0)
    throw UsageError(What + ": " + hetile_last_error());
}

std::string hetile::plan::joinNumbers(const std::vector<long> &V) {
  std::string S;
  for (size_t I = 0; I < V.size(); ++I)
    S += (I ? "," : "") + std::to_string(V[I]);
  return S;
}

std::string hetile::plan::fmt(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.6g", V);
  return Buf;
}
