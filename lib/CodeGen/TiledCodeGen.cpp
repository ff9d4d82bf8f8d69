//===- TiledCodeGen.cpp - A tiled loop nest as C text ---------------------===//
//
// Assembles the block described in TiledCodeGen.h: tile sizes, tile loops
// over aligned origins (bounds from Transform/Tiling), isl's point loops
// (PointLoopPrinter) and the final iterator values (ExitValue).
//
//===----------------------------------------------------------------------===//

#include "hetile/CodeGen/TiledCodeGen.h"

#include "AliasCheckCode.h"
#include "CExprPrinter.h"
#include "ElementLoops.h"
#include "NestEmitter.h"
#include "PointLoopPrinter.h"
#include "ProfitCode.h"

#include "hetile/Support/LineTags.h"

#include <isl/set.h>


#include <algorithm>
#include <cctype>
#include <sstream>

namespace hetile {

const char *const RuntimeIncludes[3] = {"stdio.h", "stdlib.h", "hetile_rt.h"};

std::vector<std::string> runtimeIncludes(const Options &O) {
  std::vector<std::string> H = {"stdio.h", "stdlib.h"};
  bool Mpi = isMpi(O.TargetBackend);
  if (O.TargetBackend == Backend::Omp || O.TargetBackend == Backend::MpiOmp)
    H.push_back("omp.h");
  if (Mpi) {
    H.push_back("string.h");
    H.push_back("hetile_rt_mpi.h");
  }
  H.push_back("hetile_rt.h");
  return H;
}

llvm::Error makeCodeGenError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

std::string spaces(unsigned N) { return std::string(N, ' '); }

std::string indentBy(const std::string &Text, unsigned N) {
  std::string Out;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    End = End == std::string::npos ? Text.size() : End + 1;
    if (End - Pos > 1 && Text[Pos] != '#')
      Out += spaces(N);
    Out += Text.substr(Pos, End - Pos);
    Pos = End;
  }
  return Out;
}

std::string forHeader(unsigned Indent, const std::string &Init,
                      const std::string &Cond, const std::string &Inc) {
  std::string One = spaces(Indent) + "for (" + Init + "; " + Cond + "; " + Inc + ")";
  if (One.size() <= 80)
    return One;
  std::string Cont = ";\n" + spaces(Indent + 5);
  return spaces(Indent) + "for (" + Init + Cont + Cond + Cont + Inc + ")";
}

NestEmitter::NestEmitter(const Scop &S, const TiledNest &Tiled)
    : S(S), N(Tiled) {
  std::vector<std::string> Origins;
  for (const TileDim &D : N.Dims)
    Origins.push_back(D.Origin);
  Params = N.Context.intersect(
      isl::set::universe(makeParamSpace(N.Context.ctx(), Origins)));
  Exprs.LongCast.insert(S.Params.begin(), S.Params.end());
}

isl::ast_build NestEmitter::buildInside(unsigned Depth) const {
  isl::set Ctx = Params;
  if (Depth > 0)
    Ctx = Ctx.intersect(N.Dims[Depth - 1].Inside);
  return isl::ast_build::from_context(Ctx);
}

isl::ast_build NestEmitter::buildInBox() const {
  return isl::ast_build::from_context(Params.intersect(N.BoxInside));
}

llvm::Expected<std::string> NestEmitter::print(const isl::ast_build &Build,
                                               const isl::pw_aff &PA,
                                               const std::string &What,
                                               bool Comparand) const {
  isl::ast_expr E = Build.expr_from(PA);
  if (E.is_null())
    return makeCodeGenError("cannot compute " + What);
  return Comparand ? Exprs.printComparand(E) : Exprs.print(E);
}

std::set<std::string> NestEmitter::takenNames() const {
  std::set<std::string> Taken(S.Params.begin(), S.Params.end());
  for (const ScopStmt &Stmt : S.Stmts) {
    Taken.insert(Stmt.Identifiers.begin(), Stmt.Identifiers.end());
    Taken.insert(Stmt.Iterators.begin(), Stmt.Iterators.end());
  }
  for (const TileDim &D : N.Dims) {
    Taken.insert(D.Size);
    Taken.insert(D.Origin);
  }
  return Taken;
}

std::string NestEmitter::firstprivateClause() const {
  std::vector<std::string> Names;
  auto Add = [&](const std::string &Name) {
    if (std::find(Names.begin(), Names.end(), Name) == Names.end())
      Names.push_back(Name);
  };
  for (const std::string &P : S.Params)
    Add(P);
  for (const ScopArray &A : S.Arrays)
    if (A.Storage == ScopArray::StorageKind::Pointer ||
        (A.Storage == ScopArray::StorageKind::Scalar && !A.Written))
      Add(A.Name);
  if (Names.empty())
    return "";
  std::string Out = " firstprivate(";
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I ? ", " : "") + Names[I];
  return Out + ")";
}

llvm::Error NestEmitter::tileSizes(std::string &Out, const std::string &NProcs,
                                   unsigned First, bool Mpi) const {
  unsigned K = N.Dims.size();
  if (!N.ConstantSizes.empty()) {
    for (unsigned M = 0; M < K; ++M)
      Out += "  const long " + N.Dims[M].Size + " = " +
             std::to_string(N.ConstantSizes[M]) + ";\n";
    return llvm::Error::success();
  }
  // The runtime's default caps its first dimension (the distributed one) so
  // that every processor gets several tiles: hand it dimension First first.
  std::vector<unsigned> Order = {First};
  for (unsigned M = 0; M < K; ++M)
    if (M != First)
      Order.push_back(M);
  std::string KS = std::to_string(K);
  bool Permuted = First != 0;
  // A vectorizable innermost point loop (no recurrence along its band
  // dimension InnerDim: SeparateInner) gets long tiles: its index in Order.
  // Under MPI so does one with a recurrence where the tile columns run
  // along it (an original iterator): a tile's rows are then the block's
  // width long (at most 512 points), not 64, which the rows' loop overhead
  // and the columns' messages cost (docs/tile-sizes.md; on 2 ranks edit
  // distance and heat-rec-3d took 0.58-0.84 of the time; on threads the
  // same sizes made syrk and floyd-warshall slower).
  bool LongColumns = Mpi && First == N.InnerDim &&
                     !isSkewedDim(N.Dims[N.InnerDim]);
  int LongIdx = -1;
  if (N.SeparateInner || LongColumns)
    for (unsigned J = 0; J < K; ++J)
      if (Order[J] == N.InnerDim)
        LongIdx = int(J);
  // Under MPI the runtime's sizes come with the processor grid they were
  // chosen for (hetile_grid_sized), which the nest's hetile_mpi_grid_sized
  // is handed.
  // A band dimension that is no original iterator (origin hetile_t<number>:
  // skewed, shifted or fused) may leave columns empty in many rows: the
  // pipelined schedules then deal at least 4 blocks of columns to each
  // processor. So do the nests that leave values for such a nest, or take
  // them from it (Scop::ChainSkewed), so that their blocks are alike.
  bool Skewed = (Mpi && S.ChainSkewed) ||
                llvm::any_of(N.Dims, [](const TileDim &D) {
                  return isSkewedDim(D);
                });
  const char *PipelineFlags = Skewed ? "HETILE_PIPELINE_SKEWED" : "0";
  std::string Default, Flags = "0", GridArg;
  if (Mpi) {
    // [ZZ16]'s cache constraint (3.5) counts the bytes of one point: the
    // widest element the nest writes.
    unsigned ElemBytes = 1;
    for (const ScopArray &A : S.Arrays)
      if (A.Written)
        ElemBytes = std::max(ElemBytes, A.ElementBytes);
    Default = "hetile_mpi_tile_sizes_flags(" + KS + ", hetile_extents, " +
              NProcs + ", " + std::to_string(LongIdx) + ", " +
              std::to_string(ElemBytes) + ", " + PipelineFlags;
    GridArg = ", hetile_grid_sized";
  } else if (NProcs != "1") {
    // The pipelined schedule of threads: sizes and block widths from the
    // models with measured costs (hetile_tilesize_pipeline).
    Flags = PipelineFlags;
    Default = "hetile_tilesize_pipeline(" + KS + ", hetile_extents, " + NProcs +
              ", " + std::to_string(LongIdx) + ", " + Flags;
  } else {
    Default = LongIdx < 0
                  ? "hetile_tilesize_default(" + KS + ", hetile_extents, " + NProcs
                  : "hetile_tilesize_for(" + KS + ", hetile_extents, " + NProcs +
                        ", " + std::to_string(LongIdx);
  }
  Out += "  /* hetile: tile sizes from HETILE_TILE_SIZES, else the runtime's "
         "default */\n"
         "  long hetile_T[" + KS + "];\n" +
         (Mpi ? "  int hetile_grid_sized[2] = {0, 0};\n" : "") +
         (Refine ? "  hetile_refine *hetile_rf = 0;\n" : "") + "  {\n"
         "    const long hetile_extents[" + KS + "] = {";
  for (unsigned J = 0; J < K; ++J) {
    isl::pw_aff Ext = N.Dims[Order[J]].Extent.intersect_params(N.Context);
    auto Text = print(buildInside(0), Ext,
                      "the extent of band dimension " + std::to_string(Order[J]));
    if (!Text)
      return Text.takeError();
    Out += (J ? ", " : "") + *Text;
  }
  Out += "};\n"
         "    int hetile_rc = hetile_env_tile_sizes(" + KS + ", hetile_T);\n";
  if (!Permuted) {
    Out += "    if (hetile_rc == 0)\n"
           "      hetile_rc = " + Default + ", hetile_T" + GridArg + ");\n";
  } else {
    // The extents were handed in the order Order: put the sizes back.
    Out += "    if (hetile_rc == 0) {\n"
           "      long hetile_sizes[" + KS + "];\n"
           "      hetile_rc = " + Default + ", hetile_sizes" + GridArg +
           ");\n";
    for (unsigned J = 0; J < K; ++J)
      Out += "      hetile_T[" + std::to_string(Order[J]) + "] = hetile_sizes[" +
             std::to_string(J) + "];\n";
    Out += "    }\n";
  }
  if (Refine) {
    // [RD02] 4.1 and 4.6 inside the running nest (hetile_refine): the
    // sizes chosen so far, the extents as the pipeline's sizes took them,
    // and where each band dimension starts.
    Out += "    const long hetile_lowers[" + KS + "] = {";
    for (unsigned M = 0; M < K; ++M) {
      auto Lower = print(buildInside(0), N.Dims[M].GlobalLower,
                         "the lower bound of band dimension " +
                             std::to_string(M));
      if (!Lower)
        return Lower.takeError();
      Out += (M ? ", " : "") + *Lower;
    }
    Out += "};\n";
    std::string Extents = "hetile_extents", Lowers = "hetile_lowers";
    if (Parts) {
      // The call's part of band dimension 0 (hetile_extents[J0]), made of
      // whole tiles, is what the refinement scans.
      unsigned J0 = std::find(Order.begin(), Order.end(), 0u) - Order.begin();
      std::string X = "hetile_extents[" + std::to_string(J0) + "]";
      Out += "    /* hetile: band dimension 0 kept to the call's part, in "
             "whole tiles */\n"
             "    const int hetile_pflags = hetile_profit_align(&hetile_pc, "
             "hetile_T[0], hetile_part);\n"
             "    const long hetile_part_lo = hetile_max(hetile_lowers[0], "
             "hetile_part[0]);\n"
             "    const long hetile_part_hi = hetile_min(hetile_lowers[0] + " +
             X + " - 1, hetile_part[1]);\n"
             "    long hetile_part_extents[" + KS + "], hetile_part_lowers[" +
             KS + "];\n";
      for (unsigned J = 0; J < K; ++J)
        Out += "    hetile_part_extents[" + std::to_string(J) + "] = " +
               (J == J0 ? std::string("hetile_max(1, hetile_part_hi - "
                                      "hetile_part_lo + 1)")
                        : "hetile_extents[" + std::to_string(J) + "]") +
               ";\n";
      for (unsigned M = 0; M < K; ++M)
        Out += "    hetile_part_lowers[" + std::to_string(M) + "] = " +
               (M == 0 ? std::string("hetile_part_lo")
                       : "hetile_lowers[" + std::to_string(M) + "]") +
               ";\n";
      Extents = "hetile_part_extents";
      Lowers = "hetile_part_lowers";
      Flags += " | hetile_pflags";
    }
    Out += "    if (hetile_rc >= 0)\n"
           "      hetile_rc = hetile_refine_begin(" + KS + ", " + Extents +
           ", " + std::to_string(First) + ", hetile_T, " + Lowers + ",\n"
           "                                      " + NProcs + ", " + Flags +
           ", &hetile_rf);\n";
  }
  Out += "    if (hetile_rc < 0) {\n"
         "      fprintf(stderr, \"hetile: error: %s\\n\", hetile_last_error());\n"
         "      exit(1);\n"
         "    }\n";
  if (Mpi)
    Out += "    if (hetile_env_stats() && *hetile_mpi_tile_sizes_describe())\n"
           "      fprintf(stderr, \"%s\\n\", hetile_mpi_tile_sizes_describe());\n";
  Out += "  }\n";
  if (Parts && !Refine)
    Out += "  /* hetile: band dimension 0 kept to the call's part, in whole "
           "tiles */\n"
           "  (void)hetile_profit_align(&hetile_pc, hetile_T[0], "
           "hetile_part);\n";
  if (!Refine)
    Out += sizeConstants();
  return llvm::Error::success();
}

std::string NestEmitter::sizeConstants() const {
  std::string Out;
  for (unsigned M = 0; M < N.Dims.size(); ++M)
    Out += "  const long " + N.Dims[M].Size + " = hetile_T[" +
           std::to_string(M) + "];\n";
  return Out;
}

std::string NestEmitter::privateTargets() const {
  std::string Out;
  for (const PrivateCopy &P : Private)
    if (const ScopArray *A = S.findArray(P.Array))
      Out += "  " + A->PrivateTarget + " = &" + P.Array + ";\n  (void)hetile_last_" +
             P.Array + ";\n";
  return Out;
}

namespace {

/// The condition (params, origins, sizes) that the current tile holds
/// \p Last, a point of the band.
isl::set tileHolds(const TiledNest &N, const isl::set &Params,
                   isl::set Last) {
  Last = Last.intersect_params(Params);
  for (unsigned M = 0; M < N.Dims.size(); ++M) {
    isl::local_space LS(Last.space());
    int O = isl_set_find_dim_by_name(Last.get(), isl_dim_param,
                                     N.Dims[M].Origin.c_str());
    int T = isl_set_find_dim_by_name(Last.get(), isl_dim_param,
                                     N.Dims[M].Size.c_str());
    if (O < 0 || T < 0)
      return {};
    // o_m <= b_m <= o_m + T_m - 1
    Last = Last.add_constraint(isl::constraint::alloc_inequality(LS)
                                   .set_coefficient_si(isl::dim::set, M, 1)
                                   .set_coefficient_si(isl::dim::param, O, -1));
    Last = Last.add_constraint(isl::constraint::alloc_inequality(LS)
                                   .set_coefficient_si(isl::dim::set, M, -1)
                                   .set_coefficient_si(isl::dim::param, O, 1)
                                   .set_coefficient_si(isl::dim::param, T, 1)
                                   .set_constant_si(-1));
  }
  return Last.params();
}

} // namespace

void NestEmitter::printCopy(const isl::ast_node &Node, const std::string &Array,
                            unsigned Indent, std::string &Out) {
  ElementLoops(Exprs, Array, "hetile_p")
      .print(Node, Indent, Out, [&](const std::string &Element) {
        return "(*hetile_last_" + Array + ")" + Element.substr(Array.size()) +
               " = " + Element + ";";
      });
}

llvm::Error NestEmitter::pointLoops(const isl::ast_build &Build,
                                    unsigned Indent, std::string &Out) {
  isl::ast_node Points = Build.node_from(N.PointSchedule);
  if (Points.is_null())
    return makeCodeGenError("isl failed to generate the point loops");
  std::string In = spaces(Indent);
  if (!Private.empty()) {
    Out += In + "{\n" + In + "  /* hetile: private copies */\n";
    for (const PrivateCopy &P : Private) {
      const ScopArray *A = S.findArray(P.Array);
      if (!A || A->PrivateDecl.empty())
        return makeCodeGenError("no declaration for the copy of '" + P.Array +
                                "'");
      Out += In + "  " + A->PrivateDecl + ";\n";
    }
    Indent += 2;
  }
  Out += spaces(Indent) + "/* hetile: point loops */\n";
  PointLoopPrinter Printer(S, Exprs, takenNames());
  Printer.setNarrowDims(NarrowDims);
  Printer.print(Points, Indent, Out);
  if (Private.empty())
    return llvm::Error::success();
  for (const PrivateCopy &P : Private) {
    isl::set Holds = tileHolds(N, Params, P.LastPoint);
    if (Holds.is_null())
      return makeCodeGenError("cannot place the final value of '" + P.Array +
                              "'");
    if (Holds.is_empty().is_true())
      continue;
    isl::ast_expr Cond = Build.expr_from(Holds);
    if (Cond.is_null())
      return makeCodeGenError("cannot place the final value of '" + P.Array +
                              "'");
    isl::ast_node Copy = Build.restrict(Holds).node_from_schedule_map(
        isl::union_map(P.Elements.identity()));
    if (Copy.is_null())
      return makeCodeGenError("cannot copy the final value of '" + P.Array +
                              "'");
    Out += In + "  if (" + Exprs.print(Cond) + ") {\n" + In +
           "    /* hetile: the last write of '" + P.Array +
           "' was in this tile */\n";
    printCopy(Copy, P.Array, Indent + 2, Out);
    Out += In + "  }\n";
  }
  for (const PrivateCopy &P : Private)
    if (const ScopArray *A = S.findArray(P.Array); A && !A->PrivateFree.empty())
      Out += In + "  " + A->PrivateFree + ";\n";
  Out += In + "}\n";
  return llvm::Error::success();
}

llvm::Error NestEmitter::exitValues(llvm::ArrayRef<LoopExit> Exits,
                                    std::string &Out) const {
  isl::set Ctx = N.Context;
  isl::ast_build Build = buildInside(0);
  std::string Values;
  for (unsigned L = 0; L < S.Loops.size(); ++L) {
    const ScopLoop &Loop = S.Loops[L];
    if (Loop.DeclaredInHeader)
      continue;
    const LoopExit *E = nullptr;
    for (const LoopExit &X : Exits)
      if (X.Loop == L)
        E = &X;
    if (!E)
      return makeCodeGenError("final value of iterator '" + Loop.Iterator +
                              "' (declared outside the nest) is unknown");
    auto V = computeExitValue(*E, Loop.Step);
    if (!V)
      return V.takeError();
    isl::set Dom = V->domain().intersect(Ctx).coalesce();
    if (Dom.is_empty().is_true())
      continue;
    std::string Value = Exprs.print(Build.restrict(Dom).expr_from(*V));
    if (Ctx.is_subset(Dom).is_true()) {
      Values += "  " + Loop.Iterator + " = " + Value + ";\n";
      continue;
    }
    Values += "  if (" + Exprs.print(Build.expr_from(Dom)) + ")\n    " +
              Loop.Iterator + " = " + Value + ";\n";
  }
  // The final values are the model's: C's only where its integer facts
  // hold (Scop::ValueChecks); elsewhere the original nest ran and left C's.
  if (!Values.empty() && !S.ValueChecks.empty())
    Values = "  if (" + std::string(ValuesFlag) + ") {\n" +
             indentBy(Values, 2) + "  }\n";
  Out += Values;
  // The point loops declare their own iterators: without a use here, an
  // iterator the program never reads after the nest would now be set but
  // unused (-Wunused-but-set-variable), which the original was not.
  std::string Used;
  for (const ScopLoop &Loop : S.Loops)
    if (!Loop.DeclaredInHeader && Used.find("(void)" + Loop.Iterator + ";") ==
                                      std::string::npos)
      Used += " (void)" + Loop.Iterator + ";";
  if (!Used.empty())
    Out += " " + Used + "\n";
  return llvm::Error::success();
}

namespace {

/// The seq backend: tile loops with tight bounds, lexicographic order.
llvm::Error emitSeqLoops(NestEmitter &E, std::string &Out) {
  const TiledNest &N = E.N;
  unsigned Indent = 2;
  Out += "  /* hetile: tile loops */\n";
  for (unsigned M = 0; M < N.Dims.size(); ++M) {
    const TileDim &D = N.Dims[M];
    isl::ast_build Build = E.buildInside(M);
    isl::ast_expr Lower = Build.expr_from(D.Lower);
    isl::ast_expr Upper = Build.expr_from(D.Upper);
    if (Lower.is_null() || Upper.is_null())
      return makeCodeGenError("cannot compute the bounds of tile loop " + D.Origin);
    if (M)
      Indent += 2;
    std::string First = "hetile_floord(" + E.Exprs.print(Lower) + ", " +
                        D.Size + ") * " + D.Size,
                Last = E.Exprs.printComparand(Upper);
    if (M == 0 && E.Parts) {
      // The call's part (hetile_profit_part): its tiles start at its first
      // value, and it holds whole tiles (hetile_profit_align).
      First = "hetile_max(" + First + ", hetile_part[0])";
      Last = "hetile_min(" + Last + ", hetile_part[1])";
    }
    Out += forHeader(Indent, "long " + D.Origin + " = " + First,
                     D.Origin + " <= " + Last, D.Origin + " += " + D.Size) +
           (M + 1 == N.Dims.size() ? " {\n" : "\n");
  }
  // The point loops know only the box facts, as in the parallel backends:
  // the exact facts of the tile loops (Inside) are piecewise in the outer
  // origins, and isl's AST generator spent minutes simplifying a depth-4
  // skewed band (heat-3d) against them, for bounds no simpler in the end.
  if (auto Err = E.pointLoops(E.buildInBox(), Indent + 2, Out))
    return Err;
  Out += spaces(Indent) + "}\n";
  return llvm::Error::success();
}

/// \p Text with every non-empty line indented by two more spaces.
std::string indented(const std::string &Text) {
  std::string Out;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    End = End == std::string::npos ? Text.size() : End + 1;
    if (End - Pos > 1)
      Out += "  ";
    Out += Text.substr(Pos, End - Pos);
    Pos = End;
  }
  return Out;
}

/// The tile loops and point loops of the backend \p O asks for.
llvm::Error emitLoops(NestEmitter &E, const Communication *Comm,
                      const Options &O, std::string &Out) {
  switch (O.TargetBackend) {
  case Backend::Seq:
    return emitSeqLoops(E, Out);
  case Backend::Omp:
    return emitOmpLoops(E, O, Out);
  case Backend::Mpi:
  case Backend::MpiOmp:
    if (!Comm)
      return makeCodeGenError("the MPI backend needs the nest's communication");
    return emitMpiLoops(E, *Comm, O, Out);
  }
  llvm_unreachable("unknown backend");
}

/// Decides whether the point loops count in int (E.NarrowDims): where the
/// context implies that they cannot overflow, or, with the original nest
/// (\p HaveOriginal) for the parameters where they could, under the guard
/// returned (C text; "" when none is needed).
std::string chooseNarrowCounters(NestEmitter &E, bool HaveOriginal) {
  if (!E.N.NarrowCounters)
    return "";
  if (E.N.Context.is_subset(E.N.NarrowContext).is_true()) {
    E.NarrowDims = E.N.Dims.size();
    return "";
  }
  if (!HaveOriginal)
    return "";
  isl::ast_expr Cond = E.buildInside(0).expr_from(E.N.NarrowContext);
  if (Cond.is_null())
    return "";
  E.NarrowDims = E.N.Dims.size();
  return E.Exprs.print(Cond);
}

} // namespace

llvm::Expected<std::string>
generateTiledNest(const Scop &S, const PermutableBand &B, const TiledNest &T,
                  const Options &O, llvm::ArrayRef<LoopExit> Exits,
                  const Communication *Comm, llvm::StringRef Original,
                  IslBudget *Budget) {
  NestEmitter E(S, T);
  E.Private = B.Private;
  E.Budget = Budget;
  std::string Guard = chooseNarrowCounters(E, !Original.empty());
  std::string Out;
  bool Parallel = O.TargetBackend != Backend::Seq;
  // Every backend decides at each call whether the tiled nest pays
  // (hetile_profit_begin); the original nest runs where it does not (on
  // every rank with mpi: the ranks choose alike, E.Agreed). Tile sizes
  // fixed at compile time (--tile-sizes) are the user's choice of the
  // tiled nest, and keep the seq code free of runtime calls.
  bool Decide = !Original.empty() && E.N.ConstantSizes.empty();
  E.Agreed = Decide && isMpi(O.TargetBackend);
  if (Decide && O.TargetBackend == Backend::Omp) {
    Out += "  const int hetile_nprocs = hetile_run;\n";
    E.Threads = "hetile_nprocs";
  } else if (O.TargetBackend == Backend::Omp && E.N.ConstantSizes.empty()) {
    Out += ompNumProcs();
  }
  bool Mpi = isMpi(O.TargetBackend);
  if (Mpi && E.N.ConstantSizes.empty())
    Out += mpiNumProcs(O.TargetBackend == Backend::MpiOmp);
  // The pipelined omp schedule with run-time sizes refines them in slabs
  // of band dimension 0 or 1 (hetile_refine, [RD02] 4.1): legal since every
  // dependence of the permutable band has a non-negative distance along
  // each of its dimensions.
  E.Refine = O.TargetBackend == Backend::Omp &&
             O.OmpSchedKind != OmpSchedule::Wavefront &&
             E.N.ConstantSizes.empty() && E.N.Dims.size() >= 2 &&
             E.N.ColumnDim != 0;
  // A band as written runs each call in parts of its outermost loop (the
  // original nest guarded to a part's values): a class's first call tries
  // each way on a part (hetile_profit_parts).
  // So does the seq backend's nest (its tile loop of dimension 0 kept to
  // the part, emitSeqLoops).
  std::optional<std::string> PartsOriginal;
  if (Decide && (E.Refine || O.TargetBackend == Backend::Seq))
    PartsOriginal = originalInParts(E, Original,
                                    O.TargetBackend == Backend::Seq);
  E.Parts = PartsOriginal.has_value();
  if (auto Err = E.tileSizes(Out, Parallel ? "hetile_nprocs" : "1",
                             Parallel ? E.N.ColumnDim : 0, Mpi))
    return std::move(Err);
  std::string Body = E.Refine ? E.sizeConstants() : "";
  if (E.Parts && E.Refine)
    Body = "  /* hetile: the slab kept to the call's part */\n"
           "  if (hetile_slab_lo[0] < hetile_part[0])\n"
           "    hetile_slab_lo[0] = hetile_part[0];\n"
           "  if (hetile_slab_hi[0] > hetile_part[1])\n"
           "    hetile_slab_hi[0] = hetile_part[1];\n" + Body;
  Body += E.privateTargets();
  if (auto Err = emitLoops(E, Comm, O, Body))
    return std::move(Err);
  if (!E.Refine) {
    Out += Body;
  } else {
    std::string KS = std::to_string(E.N.Dims.size());
    Out += "  /* hetile: the nest in slabs of band dimension 0 or 1, the first "
           "ones with\n     candidate tile sizes (hetile_refine) */\n"
           "  long hetile_slab_lo[" + KS + "], hetile_slab_hi[" + KS + "];\n"
           "  while (hetile_refine_next(hetile_rf, hetile_T, hetile_slab_lo, "
           "hetile_slab_hi)) {\n" +
           indented(Body) +
           "  }\n"
           "  if (hetile_env_stats())\n"
           "    fprintf(stderr, \"%s\\n\", hetile_refine_describe(hetile_rf));\n"
           "  hetile_refine_destroy(hetile_rf);\n";
  }
  auto Checks = printRuntimeChecks(E, O);
  if (!Checks)
    return Checks.takeError();
  auto Loads = printLoads(E, isMpi(O.TargetBackend) && S.AfterDeferred);
  if (!Loads)
    return Loads.takeError();
  std::string Block = "{\n" + *Loads;
  // The guard's conjuncts: the decision, the run-time checks, the int
  // counters.
  // TiledOk: all but the decision's, where the tiled nest may run at all.
  std::string Cond, TiledOk;
  auto And = [](std::string &To, const std::string &C) {
    To += To.empty() ? C : " && " + C;
  };
  if (Decide)
    And(Cond, ProfitRuns);
  if (!runtimeCheckFlags(S).empty()) {
    And(Cond, runtimeCheckFlags(S));
    And(TiledOk, runtimeCheckFlags(S));
  }
  if (!Guard.empty()) {
    And(Cond, Cond.empty() ? Guard : "(" + Guard + ")");
    And(TiledOk, TiledOk.empty() ? Guard : "(" + Guard + ")");
  }
  if (Cond.empty()) {
    Block += Out;
  } else {
    if (Original.empty())
      return makeCodeGenError("the nest's guard needs its original text");
    std::string Note;
    if (!Guard.empty())
      Note = "  /* hetile: int loop counters; the original nest where the "
             "band's values\n     could exceed +-2^26 */\n";
    std::string Tiled = indented(Out);
    std::string Loop;
    if (Decide) {
      auto D = printProfitDecision(E, O.TargetBackend == Backend::Omp,
                                   "tiled nest", /*OneThread=*/true, E.Parts,
                                   "", E.Agreed);
      if (!D)
        return D.takeError();
      Block += *D;
      Tiled = ProfitRan + Tiled;
    }
    if (E.Parts) {
      auto L = printPartsLoop(E, TiledOk.empty() ? "1" : TiledOk);
      if (!L)
        return L.takeError();
      Loop = *L;
    }
    // A call of one part runs the original as written where its text may
    // appear twice (ProfitCode.h), else guarded as the parts.
    llvm::StringRef Whole = Original, InPart;
    if (E.Parts && S.TextCopiable)
      InPart = *PartsOriginal;
    else if (E.Parts)
      Whole = *PartsOriginal;
    // After a nest that may have left its final values on their ranks
    // (Scop::AfterDeferred), the original runs on every rank on all of
    // them; the decision does not count their move as the original's.
    std::string Settle =
        Mpi && S.AfterDeferred ? printMpiSettle(4, Decide) : "";
    Block += printFallbackGuard(S, *Checks, Note, Cond, Tiled, Whole,
                                Decide ? ProfitError : "", Loop, InPart,
                                Settle);
    if (Decide)
      Block += printProfitEnd(E.Agreed);
  }
  if (auto Err = E.exitValues(Exits, Block))
    return std::move(Err);
  if (auto Err = E.checkBudget())
    return std::move(Err);
  return markOutlined(E.Outlined) + Block + "}";
}

std::string printMpiSettle(unsigned Indent, bool Timed) {
  std::string In(Indent, ' ');
  return In +
         (Timed ? "if (hetile_mpi_settle_call(&hetile_pc) < 0) {\n"
                : "if (hetile_mpi_settle(NULL) < 0) {\n") +
         In +
         "  fprintf(stderr, \"hetile: error: rank %d: %s\\n\", "
         "hetile_mpi_world_rank(), hetile_last_error());\n" +
         In + "  hetile_mpi_abort(NULL, 1);\n" + In + "}\n";
}

std::string markOutlined(const std::string &Functions) {
  return Functions.empty() ? "" : "\x1e" + Functions + "\x1d";
}

std::string takeOutlined(llvm::StringRef Code, std::string &Functions) {
  std::string Rest;
  while (!Code.empty()) {
    size_t Begin = Code.find('\x1e');
    size_t End = Code.find('\x1d', Begin);
    if (Begin == llvm::StringRef::npos || End == llvm::StringRef::npos)
      break;
    Rest += Code.take_front(Begin).str();
    Functions += Code.slice(Begin + 1, End).str();
    Code = Code.drop_front(End + 1);
  }
  return Rest + Code.str();
}

llvm::Expected<std::string> printTiledAst(const Scop &S,
                                          const PermutableBand &B,
                                          const TiledNest &T, const Options &O,
                                          const Communication *Comm,
                                          llvm::StringRef Original) {
  NestEmitter E(S, T);
  E.Private = B.Private;
  chooseNarrowCounters(E, !Original.empty());
  std::string Out;
  if (auto Err = emitLoops(E, Comm, O, Out))
    return std::move(Err);
  return stripLineTags(E.Outlined + Out);
}

} // namespace hetile
