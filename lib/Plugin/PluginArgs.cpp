//===- PluginArgs.cpp - The arguments of the Clang plugin -----------------===//

#include "hetile/Plugin/PluginArgs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace hetile {

const char PluginName[] = "hetile";

const char PluginArgsHelp[] =
    "backend=seq|omp|mpi|mpi+omp, omp-schedule=pipeline|wavefront|strips|"
    "auto, tile-sizes=a,b,..., auto, "
    "no-skew, isl-max-operations=N, nest-time-budget=SECONDS, "
    "max-nest-code-bytes=N, isl-in-process, "
    "emit=PATH";

namespace {

std::string quoted(llvm::StringRef S) { return "'" + S.str() + "'"; }

/// "backend=..." into Opts.TargetBackend; an error message or "".
std::string parseBackend(llvm::StringRef Value, Options &Opts) {
  for (Backend B : {Backend::Seq, Backend::Omp, Backend::Mpi, Backend::MpiOmp})
    if (Value == getBackendName(B)) {
      Opts.TargetBackend = B;
      return "";
    }
  return "unknown backend " + quoted(Value) +
         " in 'backend=': use seq, omp, mpi or mpi+omp";
}

/// "omp-schedule=..." into Opts.OmpSchedKind; an error message or "".
std::string parseOmpSchedule(llvm::StringRef Value, PluginSettings &S) {
  static const struct {
    const char *Name;
    OmpSchedule Kind;
  } Kinds[] = {{"pipeline", OmpSchedule::Pipeline},
               {"wavefront", OmpSchedule::Wavefront},
               {"strips", OmpSchedule::Strips},
               {"auto", OmpSchedule::Auto}};
  for (const auto &K : Kinds)
    if (Value == K.Name) {
      S.Opts.OmpSchedKind = K.Kind;
      S.Opts.OmpScheduleGiven = true;
      return "";
    }
  return "unknown schedule " + quoted(Value) +
         " in 'omp-schedule=': use pipeline, wavefront, strips or auto";
}

/// The schedule given against the backend, as `hetile rewrite` checks
/// --omp-schedule: an error message or "".
std::string checkOmpSchedule(const PluginSettings &S) {
  if (!S.Opts.OmpScheduleGiven ||
      isScheduleForBackend(S.Opts.OmpSchedKind, S.Opts.TargetBackend))
    return "";
  return "'omp-schedule=' needs backend=omp (pipeline, strips, auto: "
         "also mpi, mpi+omp)";
}

/// "tile-sizes=a,b,..." into Opts.TileSizes; an error message or "".
std::string parseTileSizes(llvm::StringRef Value, Options &Opts) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Value.split(Parts, ',');
  std::vector<long> Sizes;
  for (llvm::StringRef P : Parts) {
    long Size = 0;
    if (P.trim().getAsInteger(10, Size) || Size < 1)
      return "'tile-sizes=' takes integers >= 1 separated by commas, got " +
             quoted(Value);
    Sizes.push_back(Size);
  }
  Opts.TileSizes = std::move(Sizes);
  return "";
}

/// "isl-max-operations=N" / "nest-time-budget=SECONDS" into the bounds of
/// Support/IslBudget.h, "max-nest-code-bytes=N" into the bound on a nest's
/// block; an error message or "".
std::string parseBound(llvm::StringRef Name, llvm::StringRef Value,
                       Options &Opts) {
  if (Name == "max-nest-code-bytes") {
    unsigned long long N = 0;
    if (Value.trim().getAsInteger(10, N))
      return "'max-nest-code-bytes=' takes an integer >= 0, got " +
             quoted(Value);
    Opts.MaxNestCodeBytes = N;
    return "";
  }
  if (Name == "isl-max-operations") {
    unsigned long long N = 0;
    if (Value.trim().getAsInteger(10, N))
      return "'isl-max-operations=' takes an integer >= 0, got " + quoted(Value);
    Opts.IslMaxOperations = N;
    return "";
  }
  double Seconds = 0;
  if (Value.trim().getAsDouble(Seconds) || Seconds < 0)
    return "'nest-time-budget=' takes a number of seconds >= 0, got " +
           quoted(Value);
  Opts.NestTimeBudgetSeconds = Seconds;
  return "";
}

/// One argument; an error message or "".
std::string parseOne(llvm::StringRef Arg, PluginSettings &S) {
  auto [Name, Value] = Arg.split('=');
  bool HasValue = Arg.contains('=');
  struct Flag {
    const char *Name;
    bool *Field;
    bool Set;
  } Flags[] = {{"auto", &S.Opts.Auto, true},
               {"no-skew", &S.Opts.AllowSkew, false},
               {"isl-in-process", &S.Opts.IsolateIsl, false}};
  for (const Flag &F : Flags) {
    if (Name != F.Name)
      continue;
    if (HasValue)
      return quoted(Name) + " takes no value";
    *F.Field = F.Set;
    return "";
  }
  bool Bound = Name == "isl-max-operations" || Name == "nest-time-budget" ||
               Name == "max-nest-code-bytes";
  bool Valued = Bound || Name == "backend" || Name == "omp-schedule" ||
                Name == "tile-sizes" || Name == "emit";
  if (!Valued)
    return "unknown argument " + quoted(Arg) + "; the arguments are: " +
           PluginArgsHelp;
  if (Value.empty())
    return quoted(Name) + " needs a value: '" + Name.str() + "=...'";
  if (Name == "backend")
    return parseBackend(Value, S.Opts);
  if (Name == "omp-schedule")
    return parseOmpSchedule(Value, S);
  if (Name == "tile-sizes")
    return parseTileSizes(Value, S.Opts);
  if (Bound)
    return parseBound(Name, Value, S.Opts);
  S.EmitPath = Value.str();
  return "";
}

} // namespace

std::vector<std::string> parsePluginArgs(llvm::ArrayRef<std::string> Args,
                                         PluginSettings &Settings) {
  std::vector<std::string> Errors;
  for (const std::string &Arg : Args) {
    std::string Error = parseOne(Arg, Settings);
    if (!Error.empty())
      Errors.push_back(std::move(Error));
  }
  if (!Settings.Opts.OmpScheduleGiven)
    Settings.Opts.OmpSchedKind =
        getDefaultSchedule(Settings.Opts.TargetBackend);
  std::string Schedule = checkOmpSchedule(Settings);
  if (!Schedule.empty())
    Errors.push_back(std::move(Schedule));
  return Errors;
}

} // namespace hetile
