//===- HetileCodegenTest.cpp - Tile a nest described by isl strings -------===//
//
// A test driver for CodeGen until `hetile rewrite` exists: reads a C file
// whose `//@` comment lines describe its marked nest as isl strings, and
// writes the file with the nest (from /* hetile-nest-begin */ to
// /* hetile-nest-end */) replaced by generateTiledNest's block.
//
//   hetile-codegen-test FILE -o OUT [--tile-sizes=a,b] [--print-schedule]
//                       [--print-ast]
//
// Directives (one per line, in this order of dependence):
//   //@ params N M                 //@ context [N] -> { : N >= 0 }
//   //@ loop i int 1 outside|header   (iterator, C type, step, declaration)
//   //@ exit i entry [N] -> { [] }   //@ exit i iters ...   //@ exit i init ...
//   //@ exit i outer 1,-1            (steps of the enclosing loops)
//   (a loop is named by its iterator, "i#2" for the second loop of i)
//   //@ stmt i,j [N] -> { S0[i, j] : ... }
//   //@ text A[i][j] = ...;          (the last statement's text; repeatable)
//   //@ band 2 [N] -> { S0[i, j] -> [i, j] }
//   //@ inner { S0[i, j] -> [0] }   (optional order inside a band point)
//
//===----------------------------------------------------------------------===//

#include "CodeGenTestUtil.h"

#include "hetile/CodeGen/TiledCodeGen.h"
#include "hetile/Support/LineTags.h"

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

using namespace hetile;

namespace {

const char *const Begin = "/* hetile-nest-begin */";
const char *const End = "/* hetile-nest-end */";

struct Spec {
  Scop S;
  std::string Band, Inner;
  unsigned Depth = 0;
  std::map<std::string, std::map<std::string, std::string>> Exits;
};

std::string rest(std::istringstream &IS) {
  std::string R;
  std::getline(IS, R);
  size_t B = R.find_first_not_of(' ');
  return B == std::string::npos ? "" : R.substr(B);
}

/// The loop "i" (the first loop of iterator i) or "i#2" (the second).
int loopIndex(const Scop &S, const std::string &Ref) {
  size_t Hash = Ref.find('#');
  std::string It = Ref.substr(0, Hash);
  int Nth = Hash == std::string::npos ? 1 : std::stoi(Ref.substr(Hash + 1));
  for (unsigned L = 0; L < S.Loops.size(); ++L)
    if (S.Loops[L].Iterator == It && --Nth == 0)
      return int(L);
  return -1;
}

bool parseLine(isl_ctx *Ctx, const std::string &Line, Spec &Sp,
               std::string &Err) {
  std::istringstream IS(Line);
  std::string Key;
  IS >> Key;
  if (Key == "params") {
    std::string P;
    while (IS >> P)
      Sp.S.Params.push_back(P);
  } else if (Key == "context") {
    Sp.S.Context = isl::set(isl::ctx(Ctx), rest(IS));
  } else if (Key == "loop") {
    std::string It, Type, Decl;
    long Step = 1;
    IS >> It >> Type >> Step >> Decl;
    test::addLoop(Sp.S, It, Type, Step, Decl == "header");
  } else if (Key == "exit") {
    std::string It, Field;
    IS >> It >> Field;
    Sp.Exits[It][Field] = rest(IS);
  } else if (Key == "stmt") {
    std::string Its;
    IS >> Its;
    std::vector<unsigned> Ids;
    std::istringstream ItsIS(Its);
    for (std::string It; std::getline(ItsIS, It, ',');) {
      int L = loopIndex(Sp.S, It);
      if (L < 0)
        return Err = "unknown loop " + It, false;
      Ids.push_back(unsigned(L));
    }
    test::addStmt(Sp.S, Ctx, rest(IS), Ids, "");
  } else if (Key == "text") {
    if (Sp.S.Stmts.empty())
      return Err = "text before stmt", false;
    std::string &T = Sp.S.Stmts.back().Text;
    T += (T.empty() ? "" : "\n") + rest(IS);
    Sp.S.Stmts.back().Identifiers = test::identifiersOf(T);
  } else if (Key == "band") {
    IS >> Sp.Depth;
    Sp.Band = rest(IS);
  } else if (Key == "inner") {
    Sp.Inner = rest(IS);
  } else {
    return Err = "unknown directive " + Key, false;
  }
  return true;
}

std::vector<LoopExit> exitsOf(isl_ctx *Ctx, const Spec &Sp) {
  std::vector<LoopExit> Exits;
  for (const auto &E : Sp.Exits) {
    auto Field = [&](const char *F) {
      auto It = E.second.find(F);
      return It == E.second.end() ? std::string() : It->second;
    };
    std::vector<long> Outer;
    std::istringstream OS(Field("outer"));
    for (std::string V; std::getline(OS, V, ',');)
      Outer.push_back(std::stol(V));
    int L = loopIndex(Sp.S, E.first);
    if (L < 0)
      continue; // reported by generateTiledNest as a missing exit
    Exits.push_back(test::makeExit(Ctx, unsigned(L),
                                   Field("entry"), Field("iters"),
                                   Field("init"), Outer));
  }
  return Exits;
}

int fail(const std::string &Msg) {
  std::cerr << "hetile-codegen-test: error: " << Msg << "\n";
  return 1;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string In, Out;
  Options O;
  bool PrintSchedule = false, PrintAst = false;
  for (int A = 1; A < Argc; ++A) {
    std::string Arg = Argv[A];
    if (Arg == "-o" && A + 1 < Argc)
      Out = Argv[++A];
    else if (Arg.rfind("--tile-sizes=", 0) == 0) {
      std::istringstream IS(Arg.substr(13));
      for (std::string V; std::getline(IS, V, ',');)
        O.TileSizes.push_back(std::stol(V));
    } else if (Arg == "--print-schedule")
      PrintSchedule = true;
    else if (Arg == "--print-ast")
      PrintAst = true;
    else
      In = Arg;
  }
  std::ifstream File(In);
  if (!File)
    return fail("cannot read '" + In + "'");
  std::stringstream Buf;
  Buf << File.rdbuf();
  std::string Source = Buf.str();

  IslContext Ctx;
  Spec Sp;
  std::istringstream Lines(Source);
  for (std::string Line; std::getline(Lines, Line);) {
    size_t P = Line.find("//@ ");
    std::string Err;
    if (P != std::string::npos && !parseLine(Ctx.get(), Line.substr(P + 4), Sp, Err))
      return fail(Err);
  }
  if (Sp.S.Stmts.empty() || Sp.Band.empty())
    return fail("no stmt or band directive");
  PermutableBand B = test::makeBand(Sp.S, Sp.Depth, Sp.Band, Sp.Inner);
  auto T = tileBand(Sp.S, B, O.TileSizes);
  if (!T)
    return fail(llvm::toString(T.takeError()));
  if (PrintSchedule || PrintAst) {
    auto Text = PrintSchedule ? llvm::Expected<std::string>(printTiledSchedule(*T))
                              : printTiledAst(Sp.S, B, *T, O);
    if (!Text)
      return fail(llvm::toString(Text.takeError()));
    std::cout << *Text;
    return 0;
  }
  auto Tagged = generateTiledNest(Sp.S, B, *T, O, exitsOf(Ctx.get(), Sp));
  if (!Tagged)
    return fail(llvm::toString(Tagged.takeError()));
  std::string Code = stripLineTags(*Tagged);
  size_t BPos = Source.find(Begin), EPos = Source.find(End);
  if (BPos == std::string::npos || EPos == std::string::npos || EPos < BPos)
    return fail("no /* hetile-nest-begin */ ... /* hetile-nest-end */ region");
  Source.replace(BPos, EPos + std::string(End).size() - BPos, Code);
  if (Out.empty() || Out == "-") {
    std::cout << Source;
    return 0;
  }
  std::ofstream OutFile(Out);
  OutFile << Source;
  return OutFile ? 0 : fail("cannot write '" + Out + "'");
}
