//===- InnerBandsCodeGen.cpp - Sequential loops around tiled bands --------===//
//
// The outer loops are isl's scan of InnerBands::OuterDomain (each loop in the
// direction it runs as written), printed here (none for a distributed loop); the bands are
// generateTiledNest's blocks, which the driver generates; the final iterator values are the nest's, as
// NestEmitter prints them for a tiled nest.
//
//===----------------------------------------------------------------------===//

#include "hetile/CodeGen/InnerBandsCodeGen.h"

#include "AliasCheckCode.h"

#include "NestEmitter.h"
#include "ProfitCode.h"

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/id.h>

#include <sstream>

namespace hetile {

namespace {

/// C integer types that a long counter converts to without surprise.
bool isSignedIntType(const std::string &T) {
  static const char *const Types[] = {
      "int",      "signed",         "signed int", "long",      "long int",
      "signed long", "signed long int", "long long", "long long int",
      "short",    "short int",      "signed short", "signed short int"};
  for (const char *X : Types)
    if (T == X)
      return true;
  return false;
}

/// How one outer loop is printed.
struct OuterLoop {
  std::string IslName; ///< hetile_oD
  std::string Counter; ///< the C loop variable
  std::string Type;    ///< its C type
  /// `const T k = -hetile_oD;` where the counter is not the iterator.
  std::string Decl;
  /// The loop counts down: its counter scans minus the iterator.
  bool Negative = false;
};

/// Prints isl's AST of the outer loops with \p Body (the bands' blocks) at
/// its user node.
class OuterPrinter {
public:
  OuterPrinter(std::vector<OuterLoop> Loops, std::string Body,
               const std::vector<std::string> &Params)
      : Loops(std::move(Loops)), Body(std::move(Body)) {
    for (const OuterLoop &L : this->Loops)
      Exprs.Names[L.IslName] = L.Counter;
    Exprs.LongCast.insert(Params.begin(), Params.end());
  }

  llvm::Error print(const isl::ast_node &Node, unsigned Indent,
                    std::string &Out) {
    switch (isl_ast_node_get_type(Node.get())) {
    case isl_ast_node_for:
      return printFor(Node.as<isl::ast_node_for>(), Indent, Out);
    case isl_ast_node_if: {
      isl::ast_node_if If = Node.as<isl::ast_node_if>();
      Out += spaces(Indent) + "if (" + Exprs.print(If.cond()) + ") {\n";
      if (auto Err = print(If.then_node(), Indent + 2, Out))
        return Err;
      Out += spaces(Indent) + "}\n";
      if (!If.has_else_node().is_true())
        return llvm::Error::success();
      Out.pop_back();
      Out += " else {\n";
      if (auto Err = print(If.else_node(), Indent + 2, Out))
        return Err;
      Out += spaces(Indent) + "}\n";
      return llvm::Error::success();
    }
    case isl_ast_node_block: {
      isl::ast_node_list L = Node.as<isl::ast_node_block>().children();
      for (int I = 0, E = L.size().release(); I < E; ++I)
        if (auto Err = print(L.at(I), Indent, Out))
          return Err;
      return llvm::Error::success();
    }
    case isl_ast_node_mark:
      return print(Node.as<isl::ast_node_mark>().node(), Indent, Out);
    case isl_ast_node_user:
      return printUser(Node.as<isl::ast_node_user>(), Indent, Out);
    default:
      return makeCodeGenError("unexpected isl AST node in the outer loops");
    }
  }

private:
  const OuterLoop *find(const std::string &IslName) const {
    for (const OuterLoop &L : Loops)
      if (L.IslName == IslName)
        return &L;
    return nullptr;
  }

  /// The bands' blocks. isl leaves out the `for` of a loop that runs once
  /// in a branch of its AST (each of i = 2 and i = 4 under its own
  /// condition): the counters of such loops are set here, from the user
  /// node's arguments (the values of the outer iterators).
  llvm::Error printUser(const isl::ast_node_user &User, unsigned Indent,
                        std::string &Out) {
    isl::ast_expr Call = User.expr();
    std::string Set;
    for (unsigned D = 0; D < Loops.size(); ++D) {
      if (llvm::is_contained(Open, D))
        continue;
      const OuterLoop &L = Loops[D];
      isl::ast_expr Arg = isl::manage(
          isl_ast_expr_op_get_arg(Call.get(), int(D) + 1));
      if (Arg.is_null())
        return makeCodeGenError("isl AST without the outer loops' values");
      std::string V = Exprs.print(Arg);
      Set += spaces(Indent + 2) + L.Type + " " + L.Counter + " = " +
             (L.Negative ? "-(" + V + ")" : V) + ";\n";
      if (!L.Decl.empty())
        Set += spaces(Indent + 2) + L.Decl + "\n";
    }
    if (Set.empty()) {
      Out += indentBy(Body, Indent);
      return llvm::Error::success();
    }
    Out += spaces(Indent) + "{\n" + Set + indentBy(Body, Indent + 2) +
           spaces(Indent) + "}\n";
    return llvm::Error::success();
  }

  llvm::Error printFor(const isl::ast_node_for &For, unsigned Indent,
                       std::string &Out) {
    const OuterLoop *L =
        find(For.iterator().as<isl::ast_expr_id>().id().name());
    if (!L)
      return makeCodeGenError("unknown outer loop in the isl AST");
    Open.push_back(unsigned(L - Loops.data()));
    std::string Init = Exprs.print(For.init());
    if (For.is_degenerate().is_true()) {
      Out += spaces(Indent) + "{\n" + spaces(Indent + 2) + L->Type + " " +
             L->Counter + " = " + Init + ";\n";
    } else {
      std::string Inc = Exprs.print(For.inc());
      Out += forHeader(Indent, L->Type + " " + L->Counter + " = " + Init,
                       Exprs.print(For.cond()),
                       Inc == "1" ? L->Counter + "++"
                                  : L->Counter + " += " + Inc) +
             " {\n";
    }
    if (!L->Decl.empty())
      Out += spaces(Indent + 2) + L->Decl + "\n";
    if (auto Err = print(For.body(), Indent + 2, Out))
      return Err;
    Open.pop_back();
    Out += spaces(Indent) + "}\n";
    return llvm::Error::success();
  }

  std::vector<OuterLoop> Loops;
  /// The outer loops whose `for` encloses the node being printed.
  std::vector<unsigned> Open;
  std::string Body;
  CExprPrinter Exprs;
};

/// The outer loops of \p IB, as printed: a counter named after the iterator
/// where it runs upwards in a signed type, else hetile_oD.
std::vector<OuterLoop> outerLoops(const Scop &S, const InnerBands &IB,
                                  std::vector<bool> &Negative) {
  std::vector<OuterLoop> Loops;
  const ScopStmt &First = S.Stmts.front();
  for (unsigned D = 0; D < IB.Outer; ++D) {
    const ScopLoop &Loop = S.Loops[First.LoopIds[D]];
    OuterLoop L;
    L.IslName = "hetile_o" + std::to_string(D);
    Negative.push_back(Loop.Step < 0);
    L.Negative = Loop.Step < 0;
    if (Loop.Step > 0 && isSignedIntType(Loop.IteratorType)) {
      L.Counter = Loop.Iterator;
      L.Type = Loop.IteratorType;
    } else {
      L.Counter = L.IslName;
      L.Type = "long";
      L.Decl = "const " + Loop.IteratorType + " " + Loop.Iterator + " = " +
               (Loop.Step < 0 ? "-" : "") + L.IslName + ";";
    }
    Loops.push_back(L);
  }
  return Loops;
}

/// isl's AST of the outer loops: OuterDomain scanned in the direction of
/// each loop (a negative step scans -k upwards).
isl::ast_node outerAst(const Scop &S, const InnerBands &IB,
                       const std::vector<bool> &Negative) {
  std::ostringstream OS;
  OS << "{ [";
  for (unsigned D = 0; D < IB.Outer; ++D)
    OS << (D ? ", " : "") << "o" << D;
  OS << "] -> [";
  for (unsigned D = 0; D < IB.Outer; ++D)
    OS << (D ? ", " : "") << (Negative[D] ? "-o" : "o") << D;
  OS << "] }";
  isl::ctx Ctx = IB.OuterDomain.ctx();
  isl::map Sched = isl::map(Ctx, OS.str()).intersect_domain(IB.OuterDomain);
  isl::set Context = S.Context.is_null()
                         ? IB.OuterDomain.params().universe(
                               IB.OuterDomain.params().get_space())
                         : S.Context;
  isl_ast_build *Build = isl_ast_build_from_context(Context.release());
  isl_id_list *Names = isl_id_list_alloc(Ctx.get(), IB.Outer);
  for (unsigned D = 0; D < IB.Outer; ++D)
    Names = isl_id_list_add(
        Names, isl_id_alloc(Ctx.get(), ("hetile_o" + std::to_string(D)).c_str(),
                            nullptr));
  Build = isl_ast_build_set_iterators(Build, Names);
  isl::ast_build B = isl::manage(Build);
  return B.node_from_schedule_map(isl::union_map(Sched));
}

/// The sequential outer loops of \p IB with \p Body inside, after their
/// marker comment.
llvm::Expected<std::string> outerLoopsAround(const Scop &S,
                                             const InnerBands &IB,
                                             std::string Body) {
  unsigned N = IB.Bands.size();
  if (IB.Outer == 0)
    return "  /* hetile: the outermost loop distributed into " +
           std::to_string(N) + " tiled band" + (N > 1 ? "s" : "") + " */\n" +
           indentBy(Body, 2);
  std::vector<bool> Negative;
  std::vector<OuterLoop> Loops = outerLoops(S, IB, Negative);
  isl::ast_node Ast = outerAst(S, IB, Negative);
  if (Ast.is_null())
    return makeCodeGenError("isl failed to generate the outer loops");
  OuterPrinter Printer(Loops, std::move(Body), S.Params);
  std::string Loop = "  /* hetile: sequential outer loop";
  Loop += IB.Outer > 1 ? "s (" : " (";
  for (unsigned D = 0; D < IB.Outer; ++D)
    Loop += (D ? ", " : "") + IB.Iterators[D];
  Loop += "); " + std::to_string(IB.Bands.size()) + " tiled band" +
          (IB.Bands.size() > 1 ? "s" : "") + " inside */\n";
  if (auto Err = Printer.print(Ast, 2, Loop))
    return std::move(Err);
  return Loop;
}

llvm::Error checkInputs(const Scop &S, const InnerBands &IB,
                        llvm::ArrayRef<std::string> Bands) {
  if (IB.Bands.empty() || S.Stmts.empty())
    return makeCodeGenError("no inner band to tile");
  if (Bands.size() != IB.Bands.size())
    return makeCodeGenError("the inner bands were not all generated");
  return llvm::Error::success();
}

} // namespace

llvm::Expected<std::string>
generateInnerBandsNest(const Scop &S, const InnerBands &IB,
                       llvm::ArrayRef<std::string> Bands, const Options &O,
                       llvm::ArrayRef<LoopExit> Exits,
                       llvm::StringRef Original) {
  if (auto Err = checkInputs(S, IB, Bands))
    return std::move(Err);
  std::string Body;
  for (const std::string &Block : Bands)
    Body += Block + "\n";
  auto Loop = outerLoopsAround(S, IB, std::move(Body));
  if (!Loop)
    return Loop.takeError();
  // The run-time checks and the final values of the iterators declared
  // outside: the whole nest's.
  TiledNest None;
  None.Context = S.Context.is_null()
                     ? IB.OuterDomain.params().universe(
                           IB.OuterDomain.params().get_space())
                     : S.Context;
  NestEmitter E(S, None);
  // Every backend decides at each call whether the tiled bands pay
  // (hetile_profit_begin; their blocks run on every thread, or on the MPI
  // ranks, every rank choosing alike), as the strips do; fixed tile sizes
  // (--tile-sizes) always run them.
  std::string Points;
  if (!Original.empty() && O.TileSizes.empty())
    Points = pointsOfCall(E, S, None.Context);
  bool Decide = !Points.empty();
  bool Mpi = isMpi(O.TargetBackend);
  E.Agreed = Decide && Mpi;
  auto Checks = printRuntimeChecks(E, O);
  if (!Checks)
    return Checks.takeError();
  auto Loads = printLoads(E);
  if (!Loads)
    return Loads.takeError();
  std::string Out = "{\n" + *Loads;
  if (runtimeCheckFlags(S).empty() && !Decide) {
    Out += *Loop;
  } else {
    if (Original.empty())
      return makeCodeGenError("the nest's run-time checks need its original text");
    std::string Cond, Tiled = *Loop;
    bool Threads = O.TargetBackend == Backend::Omp;
    if (Decide) {
      auto D = printProfitDecision(E, Threads, "tiled bands",
                                   /*OneThread=*/!Threads && !Mpi, false,
                                   Points, E.Agreed);
      if (!D)
        return D.takeError();
      Out += *D;
      Cond = ProfitRuns;
      Tiled = ProfitRan + Tiled;
    }
    if (!runtimeCheckFlags(S).empty())
      Cond += (Cond.empty() ? "" : " && ") + runtimeCheckFlags(S);
    Out += printFallbackGuard(S, *Checks, "", Cond, Tiled, Original,
                              Decide ? ProfitError : "");
    if (Decide)
      Out += printProfitEnd(E.Agreed);
  }
  if (auto Err = E.exitValues(Exits, Out))
    return std::move(Err);
  return Out + "}";
}

llvm::Expected<std::string> printInnerBandsAst(const Scop &S,
                                               const InnerBands &IB,
                                               llvm::ArrayRef<std::string> Bands) {
  if (auto Err = checkInputs(S, IB, Bands))
    return std::move(Err);
  std::string Body;
  for (const std::string &Loops : Bands)
    Body += "{\n" + Loops + "}\n";
  return outerLoopsAround(S, IB, std::move(Body));
}

} // namespace hetile
