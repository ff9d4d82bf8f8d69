//===- ScopBuilder.cpp - Clang AST of one loop nest -> Scop ---------------===//
//
// Four steps: scanNest (which variables the nest writes), NestWalker (the
// AST, in textual order, into a NestModel or a RejectReason), assembleScop
// (isl names and objects), and the run-time alias checks of the arrays that
// may overlap (AliasChecks.h).
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/ScopBuilder.h"
#include "hetile/Frontend/AliasChecks.h"
#include "hetile/Frontend/NestScan.h"
#include "hetile/Frontend/NestWalker.h"
#include "hetile/Frontend/OutlineFacts.h"
#include "hetile/Frontend/PrivateVars.h"
#include "hetile/Frontend/ReadAfter.h"
#include "hetile/Frontend/ScopAssembler.h"
#include "hetile/Frontend/SourceText.h"
#include "hetile/Frontend/TemplateCheck.h"

using namespace clang;

namespace hetile {

namespace {
ScopBuildResult rejected(RejectReason R) {
  ScopBuildResult Res;
  Res.Reject = std::move(R);
  return Res;
}

std::string getFunctionName(const FunctionDecl *F) {
  if (!F || !F->getDeclName().isIdentifier())
    return F ? F->getNameAsString() : "";
  return F->getName().str();
}
/// A delinearized array whose run-time row check fails wherever the nest
/// runs (a row length the subscripts do not keep to, as in
/// `a[i * (n + 2) + j]`): tiling it would only ever run the original.
std::optional<RejectReason> rejectRowsNeverHold(const Scop &S) {
  isl::set Runs = S.getDomains().params().intersect(S.Context);
  for (const RowCheck &C : S.RowChecks) {
    if (!C.Holds.intersect(Runs).is_empty().is_true())
      continue;
    const ScopArray *A = S.findArray(C.Array);
    std::string Rows;
    for (const std::string &E : A->rowLengths())
      Rows += (Rows.empty() ? "" : " x ") + E;
    std::string Head = "the accesses to '" + C.Array + "'";
    SourceLoc Loc = C.Loc;
    if (!C.Access.empty())
      Head = "'" + C.Access + "'";
    for (const ScopStmt &Stmt : S.Stmts)
      for (const MemoryAccess &Acc : Stmt.Accesses)
        if (C.Access.empty() && Loc.File.empty() && Acc.Array == C.Array)
          Loc = Acc.Loc;
    return RejectReason{
        RejectKind::SubscriptOutsideRows, Loc,
        Head + ", read with rows of " + Rows + " elements, " +
            (C.Access.empty() ? "leave" : "leaves") +
            " them wherever the nest runs: the run-time check of the "
            "subscripts of '" + C.Array + "' would never hold"};
  }
  return std::nullopt;
}
} // namespace

ScopBuildResult buildScop(ASTContext &Ctx, const NestCandidate &C,
                          isl_ctx *IslCtx, const Options &Opts) {
  if (!C.Loop)
    return rejected(makeReject(Ctx, RejectKind::UnsupportedLoop, C.PragmaLoc,
                               "no loop to model"));
  if (std::optional<RejectReason> R =
          checkTemplateDependence(Ctx, C.Loop))
    return rejected(std::move(*R));
  NestScan Scan =
      scanNest(C.Loop, C.Function ? C.Function->getBody() : nullptr);
  NestModel Model;
  NestWalker Walker(Ctx, IslCtx, Scan, Model, Opts);
  if (!Walker.walk(C.Loop))
    return rejected(Walker.getReject());
  markPrivatizable(Ctx, C.Function, C.Loop, Model);
  markReadAfter(Ctx, C.Function, C.Loop, Model);

  Scop S;
  S.Function = getFunctionName(C.Function);
  S.StaticLocalsAllowed =
      !C.Function || Ctx.getLangOpts().CPlusPlus ||
      !C.Function->isInlineSpecified() ||
      C.Function->getStorageClass() == SC_Static ||
      C.Function->isInlineDefinitionExternallyVisible();
  S.TextCopiable = Scan.UnusedLabels.empty() &&
                   llvm::none_of(Scan.DeclaredInside, [](const VarDecl *VD) {
                     return VD->isStaticLocal();
                   });
  const SourceManager &SM = Ctx.getSourceManager();
  S.PragmaLoc = makeSourceLoc(SM, C.PragmaLoc);
  S.EveryRank = runsAgain(Ctx, C.Function, C.Loop);
  if (S.EveryRank.empty())
    S.EveryRank = passesOn(Ctx, C.Function, C.Loop);
  if (std::optional<NextNest> Next = nextNestAfter(Ctx, C.Loop)) {
    S.NextNestOffset = Next->Offset;
    S.NextStepLoopEnd = Next->LoopEnd;
    S.NextStepLoopLine = Next->LoopLine;
  }
  std::string Text;
  if (!getStmtRangeText(Ctx, C.Loop, C.Loop, S.Span, Text))
    return rejected(makeReject(Ctx, RejectKind::UnsupportedStatement,
                               C.Loop->getBeginLoc(),
                               "the nest does not lie in one source file"));
  std::string Error;
  if (!assembleScop(Model, IslCtx, S, Error))
    return rejected(makeReject(Ctx, RejectKind::UnsupportedStatement,
                               C.Loop->getBeginLoc(),
                               "the nest could not be modelled (" + Error +
                                   ")"));
  S.Outline = collectOutlineFacts(Ctx, C.Function, C.Loop, Model);
  // A fact about C integer values that fails wherever the nest runs (the
  // domains are the model's under the facts): tiling would only ever run
  // the original. Where the domains are empty, so is Runs: the refusal is
  // the fact's, whose failure may be why.
  for (size_t K = 0; K < S.ValueChecks.size() && !S.Stmts.empty(); ++K) {
    isl::set Runs = S.getDomains().params().intersect(S.Context);
    if (S.ValueChecks[K].Holds.intersect(Runs).is_empty().is_true())
      return rejected(Model.ValueFacts[K].Refusal);
  }
  // Bounds and guards that admit no instance of any statement leave nothing
  // to schedule: the band could not be stated over an empty domain.
  if (S.Stmts.empty() ||
      S.getDomains().intersect_params(S.Context).is_empty().is_true())
    return rejected(makeReject(
        Ctx, RejectKind::EmptyNest, C.Loop->getBeginLoc(),
        "no statement of the nest ever runs (its loop bounds and guards "
        "admit no iteration): there is nothing to tile"));
  // An iterator declared outside its loop's header keeps its value after
  // the loop: the tiled code must assign it the value the loops leave.
  for (unsigned L = 0; L < S.Loops.size(); ++L) {
    const ScopLoop &Loop = S.Loops[L];
    if (Loop.DeclaredInHeader ||
        llvm::any_of(S.Exits, [&](const LoopExit &E) { return E.Loop == L; }))
      continue;
    if (Model.Loops[L].DeclaredInNest)
      return rejected({RejectKind::UnsupportedLoop, Loop.Loc,
                       "iterator '" + Loop.Iterator +
                           "' is declared inside the nest but outside its "
                           "loop's header: declare it in the header"});
    return rejected(
        {RejectKind::UnsupportedLoop, Loop.Loc,
         "the value iterator '" + Loop.Iterator +
             "' holds after the nest cannot be computed exactly (it is "
             "declared outside the loop header): declare it in the header "
             "if the program does not read it after the nest"});
  }
  if (std::optional<RejectReason> R = rejectRowsNeverHold(S))
    return rejected(std::move(*R));
  for (const AliasPairModel &P : Model.MayAlias) {
    std::string Why;
    if (addAliasCheck(S, P.First, P.Second, Why))
      continue;
    const ScopArray &A = S.Arrays[P.First], &B = S.Arrays[P.Second];
    return rejected(makeReject(
        Ctx, RejectKind::PossibleAlias, P.Use,
        "arrays '" + A.Name + "' and '" + B.Name +
            "' may overlap and no run-time check can tell (" + Why +
            "): declare them restrict if they never overlap"));
  }
  if (std::optional<std::string> Why = addLoadChecks(S))
    return rejected(makeReject(Ctx, RejectKind::PossibleAlias,
                               C.Loop->getBeginLoc(),
                               *Why + ": copy the member to a local variable "
                                      "before the nest"));
  ScopBuildResult Res;
  Res.S = std::move(S);
  return Res;
}

} // namespace hetile
