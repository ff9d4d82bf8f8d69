//===- TiledCodeGen.cpp - A tiled loop nest as C text ---------------------===//
//
// Assembles the block described in TiledCodeGen.h: tile sizes, tile loops
// over aligned origins (bounds from Transform/Tiling), isl's point loops
// (PointLoopPrinter) and the final iterator values (ExitValue).
//
//===----------------------------------------------------------------------===//

#include "hetile/CodeGen/TiledCodeGen.h"

#include "CExprPrinter.h"
#include "PointLoopPrinter.h"

#include "hetile/Transform/Tiling.h"

#include <sstream>

namespace hetile {

const char *const RuntimeIncludes[3] = {"stdio.h", "stdlib.h", "hetile_rt.h"};

namespace {

llvm::Error makeError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

std::string spaces(unsigned N) { return std::string(N, ' '); }

/// floord for any sign of the numerator (the divisor is always positive:
/// a tile size or an isl constant); min and max. Macros, so that the block
/// can be pasted inside a function; guarded, so that several nests of one
/// file define them once.
const char *const Helpers =
    "#ifndef hetile_floord\n"
    "#define hetile_floord(n, d) \\\n"
    "  (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))\n"
    "#define hetile_min(a, b) ((a) < (b) ? (a) : (b))\n"
    "#define hetile_max(a, b) ((a) > (b) ? (a) : (b))\n"
    "#endif\n";

/// `for (Init; Cond; Inc)`, on three lines when longer than 80 columns.
std::string forHeader(unsigned Indent, const std::string &Init,
                      const std::string &Cond, const std::string &Inc) {
  std::string One = spaces(Indent) + "for (" + Init + "; " + Cond + "; " + Inc + ")";
  if (One.size() <= 80)
    return One;
  std::string Cont = ";\n" + spaces(Indent + 5);
  return spaces(Indent) + "for (" + Init + Cont + Cond + Cont + Inc + ")";
}

/// Everything the generation of one nest needs.
struct NestEmitter {
  const Scop &S;
  TiledNest N;
  CExprPrinter Exprs;
  /// The parameters, sizes and origins, with the facts of the context.
  isl::set Params;

  NestEmitter(const Scop &S, TiledNest Tiled) : S(S), N(std::move(Tiled)) {
    std::string Origins = "[";
    for (unsigned M = 0; M < N.Dims.size(); ++M)
      Origins += (M ? ", " : "") + N.Dims[M].Origin;
    Params = N.Context.intersect(isl::set(N.Context.ctx(), Origins + "] -> { : }"));
    Exprs.LongCast.insert(S.Params.begin(), S.Params.end());
  }

  /// The AST build inside tile loops 0..Depth-1 (Depth 0: outside them).
  isl::ast_build buildInside(unsigned Depth) const {
    isl::set Ctx = Params;
    if (Depth > 0)
      Ctx = Ctx.intersect(N.Dims[Depth - 1].Inside);
    return isl::ast_build::from_context(Ctx);
  }

  std::set<std::string> takenNames() const {
    std::set<std::string> Taken(S.Params.begin(), S.Params.end());
    for (const ScopStmt &Stmt : S.Stmts) {
      std::set<std::string> Ids = identifiersIn(Stmt.Text);
      Taken.insert(Ids.begin(), Ids.end());
      Taken.insert(Stmt.Iterators.begin(), Stmt.Iterators.end());
    }
    for (const TileDim &D : N.Dims) {
      Taken.insert(D.Size);
      Taken.insert(D.Origin);
    }
    return Taken;
  }

  llvm::Error tileSizes(std::string &Out) const;
  llvm::Error loops(std::string &Out);
  llvm::Error exitValues(llvm::ArrayRef<LoopExit> Exits, std::string &Out) const;
};

llvm::Error NestEmitter::tileSizes(std::string &Out) const {
  unsigned K = N.Dims.size();
  if (!N.ConstantSizes.empty()) {
    for (unsigned M = 0; M < K; ++M)
      Out += "  const long " + N.Dims[M].Size + " = " +
             std::to_string(N.ConstantSizes[M]) + ";\n";
    return llvm::Error::success();
  }
  std::string KS = std::to_string(K);
  Out += "  /* hetile: tile sizes from HETILE_TILE_SIZES, else the runtime's "
         "default */\n"
         "  long hetile_T[" + KS + "];\n  {\n"
         "    const long hetile_extents[" + KS + "] = {";
  for (unsigned M = 0; M < K; ++M) {
    isl::pw_aff Ext = N.Dims[M].Extent.intersect_params(N.Context);
    if (Ext.is_null())
      return makeError("cannot compute the extent of band dimension " +
                       std::to_string(M));
    Out += (M ? ", " : "") + Exprs.print(buildInside(0).expr_from(Ext));
  }
  Out += "};\n"
         "    int hetile_rc = hetile_env_tile_sizes(" + KS + ", hetile_T);\n"
         "    if (hetile_rc == 0)\n"
         "      hetile_rc = hetile_tile_sizes_default(" + KS +
         ", hetile_extents, 1, hetile_T);\n"
         "    if (hetile_rc < 0) {\n"
         "      fprintf(stderr, \"hetile: error: %s\\n\", hetile_last_error());\n"
         "      exit(1);\n"
         "    }\n"
         "  }\n";
  for (unsigned M = 0; M < K; ++M)
    Out += "  const long " + N.Dims[M].Size + " = hetile_T[" +
           std::to_string(M) + "];\n";
  return llvm::Error::success();
}

llvm::Error NestEmitter::loops(std::string &Out) {
  unsigned Indent = 2;
  Out += "  /* hetile: tile loops */\n";
  for (unsigned M = 0; M < N.Dims.size(); ++M) {
    const TileDim &D = N.Dims[M];
    isl::ast_build Build = buildInside(M);
    isl::ast_expr Lower = Build.expr_from(D.Lower);
    isl::ast_expr Upper = Build.expr_from(D.Upper);
    if (Lower.is_null() || Upper.is_null())
      return makeError("cannot compute the bounds of tile loop " + D.Origin);
    if (M)
      Indent += 2;
    Out += forHeader(Indent,
                     "long " + D.Origin + " = hetile_floord(" +
                         Exprs.print(Lower) + ", " + D.Size + ") * " + D.Size,
                     D.Origin + " <= " + Exprs.printComparand(Upper),
                     D.Origin + " += " + D.Size) +
           (M + 1 == N.Dims.size() ? " {\n" : "\n");
  }
  isl::ast_node Points = buildInside(N.Dims.size()).node_from(N.PointSchedule);
  if (Points.is_null())
    return makeError("isl failed to generate the point loops");
  Out += spaces(Indent + 2) + "/* hetile: point loops */\n";
  PointLoopPrinter Printer(S, Exprs, takenNames());
  Printer.print(Points, Indent + 2, Out);
  Out += spaces(Indent) + "}\n";
  return llvm::Error::success();
}

llvm::Error NestEmitter::exitValues(llvm::ArrayRef<LoopExit> Exits,
                                    std::string &Out) const {
  isl::set Ctx = N.Context;
  isl::ast_build Build = buildInside(0);
  for (unsigned L = 0; L < S.Loops.size(); ++L) {
    const ScopLoop &Loop = S.Loops[L];
    if (Loop.DeclaredInHeader)
      continue;
    const LoopExit *E = nullptr;
    for (const LoopExit &X : Exits)
      if (X.Loop == L)
        E = &X;
    if (!E)
      return makeError("final value of iterator '" + Loop.Iterator +
                       "' (declared outside the nest) is unknown");
    auto V = computeExitValue(*E, Loop.Step);
    if (!V)
      return V.takeError();
    isl::set Dom = V->domain().intersect(Ctx).coalesce();
    if (Dom.is_empty().is_true())
      continue;
    std::string Value = Exprs.print(Build.restrict(Dom).expr_from(*V));
    if (Ctx.is_subset(Dom).is_true()) {
      Out += "  " + Loop.Iterator + " = " + Value + ";\n";
      continue;
    }
    Out += "  if (" + Exprs.print(Build.expr_from(Dom)) + ")\n    " +
           Loop.Iterator + " = " + Value + ";\n";
  }
  return llvm::Error::success();
}

llvm::Expected<TiledNest> tile(const Scop &S, const PermutableBand &B,
                               const Options &O) {
  return tileBand(S, B, O.TileSizes);
}

} // namespace

llvm::Expected<std::string> generateTiledNest(const Scop &S,
                                              const PermutableBand &B,
                                              const Options &O,
                                              llvm::ArrayRef<LoopExit> Exits) {
  auto Tiled = tile(S, B, O);
  if (!Tiled)
    return Tiled.takeError();
  NestEmitter E(S, std::move(*Tiled));
  std::string Out = std::string("{\n") + Helpers;
  if (auto Err = E.tileSizes(Out))
    return std::move(Err);
  if (auto Err = E.loops(Out))
    return std::move(Err);
  if (auto Err = E.exitValues(Exits, Out))
    return std::move(Err);
  return Out + "}";
}

llvm::Expected<std::string> printTiledScheduleOf(const Scop &S,
                                                 const PermutableBand &B,
                                                 const Options &O) {
  auto Tiled = tile(S, B, O);
  if (!Tiled)
    return Tiled.takeError();
  return printTiledSchedule(*Tiled);
}

llvm::Expected<std::string> printTiledAst(const Scop &S,
                                          const PermutableBand &B,
                                          const Options &O) {
  auto Tiled = tile(S, B, O);
  if (!Tiled)
    return Tiled.takeError();
  NestEmitter E(S, std::move(*Tiled));
  std::string Out;
  if (auto Err = E.loops(Out))
    return std::move(Err);
  return Out;
}

} // namespace hetile
