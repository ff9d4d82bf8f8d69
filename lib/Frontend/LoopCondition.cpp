//===- LoopCondition.cpp - The condition of a for loop as a constraint ----===//
//
// See LoopHeader.h for what is accepted and why it is exact.
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/IntegerRange.h"
#include "hetile/Frontend/LoopHeader.h"
#include "hetile/Frontend/NestModel.h"
#include "hetile/Frontend/NestWalker.h"
#include "hetile/Frontend/SourceText.h"

using namespace clang;

namespace hetile {

namespace {
bool containsExpr(const Stmt *Root, const Stmt *At) {
  if (Root == At)
    return true;
  for (const Stmt *Child : Root->children())
    if (Child && containsExpr(Child, At))
      return true;
  return false;
}

/// The arithmetic operand of the condition \p E that contains \p At: what a
/// message calls "the bound" (`N*M - i*j` in `i < N*M - i*j`).
const Expr *boundOperand(const Expr *E, const Expr *At) {
  E = E->IgnoreParenImpCasts();
  if (!At)
    return E;
  const Expr *Kids[2] = {nullptr, nullptr};
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->isLogicalOp() || BO->isComparisonOp())) {
    Kids[0] = BO->getLHS();
    Kids[1] = BO->getRHS();
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_LNot) {
    Kids[0] = UO->getSubExpr();
  }
  for (const Expr *K : Kids)
    if (K && containsExpr(K, At))
      return boundOperand(K, At);
  return E;
}

class ConditionReader {
public:
  ConditionReader(NestWalker &W, const LoopHeader &H, const LoopModel &Loop)
      : W(W), H(H), Loop(Loop), B(W.makeAffineBuilder()) {}

  std::optional<Cond> read(const Expr *E) {
    const Expr *S = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_LAnd) {
        std::optional<Cond> L = read(BO->getLHS());
        if (!L)
          return std::nullopt;
        std::optional<Cond> R = read(BO->getRHS());
        if (!R)
          return std::nullopt;
        return Cond::conj(std::move(*L), std::move(*R));
      }
      if (BO->getOpcode() == BO_NE)
        return readNotEqual(BO);
    }
    std::optional<Cond> C = B.buildCond(E);
    if (!C)
      failAffine(E);
    return C;
  }

  /// Proves the range checks of what was read (NestWalker::checkRanges).
  bool checkRanges(const Cond &Evaluated) {
    return W.checkRanges(B, Evaluated);
  }

private:
  void failAffine(const Expr *E) {
    const Expr *Op = boundOperand(E, B.getError().At);
    std::string Msg = "loop bound '" + getQuotedText(W.getASTContext(), Op) +
                      "' is not affine";
    W.rejectAffine(B.getError(), RejectKind::NonAffineBound, Msg,
                   RejectKind::NonAffineBound, Msg);
  }

  /// `a != b`: an exact `<` or `>` when a - b moves by one per iteration
  /// (unit step, coefficient +-1) on a signed iterator at least as wide as
  /// int, or on an unsigned one that starts on the right side; see
  /// LoopHeader.h.
  std::optional<Cond> readNotEqual(const BinaryOperator *BO) {
    std::optional<AffineExpr> L = B.buildAffine(BO->getLHS());
    std::optional<AffineExpr> R = L ? B.buildAffine(BO->getRHS()) : std::nullopt;
    if (!L || !R) {
      failAffine(BO);
      return std::nullopt;
    }
    AffineExpr D = *L;
    int64_t C = D.add(*R, -1) ? D.getCoeff(H.Iter) : 0;
    // Under a floor the iterator moves a - b by steps other than one.
    bool InFloor = llvm::any_of(D.floors(), [&](const auto &T) {
      return T.Num->getMonotonicity(H.Iter) != 0;
    });
    if (C == 0 && !InFloor)
      return compareAffine(*L, CompareOp::NE, *R);
    // The iterator's overflow must be undefined behaviour, or provably not
    // happen (unsigned): a signed char wraps around (through the conversion
    // back from int) and meets e.
    QualType T = H.Iter->getType();
    bool Undefined = overflowIsUndefined(W.getASTContext(), T);
    if ((C != 1 && C != -1) || InFloor || (H.Step != 1 && H.Step != -1) ||
        (!Undefined && !T->isUnsignedIntegerOrEnumerationType())) {
      W.reject(RejectKind::UnsupportedLoop, BO->getBeginLoc(),
               "condition '" + getQuotedText(W.getASTContext(), BO) +
                   "' is not equivalent to '<' or '>' (needs a unit step "
                   "and an unsigned iterator or a signed one at least as "
                   "wide as 'int')");
      return std::nullopt;
    }
    bool Less = (C > 0) == (H.Step > 0);
    // What the iterator runs to: the side without it, in messages.
    const Expr *Other = L->getMonotonicity(H.Iter) == 0   ? BO->getLHS()
                        : R->getMonotonicity(H.Iter) == 0 ? BO->getRHS()
                                                          : nullptr;
    std::string Bound =
        Other ? "'" + getQuotedText(W.getASTContext(), Other) + "'"
              : "its bound";
    if (!Undefined && !startsBefore(BO, D, C, Less, Bound))
      return std::nullopt;
    return compareAffine(*L, Less ? CompareOp::LT : CompareOp::GT, *R);
  }

  /// Whether `a != b` (coefficient \p C of the iterator in D = a - b) is
  /// `<` (\p Less) or `>` on an unsigned iterator: D starts on the side it
  /// moves from, so the loop meets b before it could wrap around.
  bool startsBefore(const BinaryOperator *BO, const AffineExpr &D, int64_t C,
                    bool Less, const std::string &Bound) {
    for (const AffinePiece &P : Loop.Start) {
      AffineExpr AtStart = D; // D with the iterator at the start value
      if (!AtStart.add(AffineExpr::variable(H.Iter), -C) ||
          !AtStart.add(P.E, C) || (Less && !AtStart.scale(-1)))
        return W.reject(RejectKind::UnsupportedLoop, BO->getBeginLoc(),
                        "condition '" + getQuotedText(W.getASTContext(), BO) +
                            "' is too large");
      std::optional<std::string> Example =
          W.findNegative(Cond::conj(Loop.Entry, P.C), AtStart);
      if (!Example)
        continue;
      return W.reject(
          RejectKind::UnsignedWrap, BO->getBeginLoc(),
          "condition '" + getQuotedText(W.getASTContext(), BO) +
              "' lets unsigned iterator '" + H.Iter->getName().str() +
              "' wrap around when it starts beyond " + Bound +
              (Example->empty() ? "" : " (e.g. when " + *Example + ")"));
    }
    return true;
  }

  NestWalker &W;
  const LoopHeader &H;
  const LoopModel &Loop;
  AffineBuilder B;
};

/// Whether every constraint on the iterator bounds it ahead of the step:
/// an inequality that only falls as the iterator moves (a floor of it
/// counts, e.g. `i / 2 < N`).
bool boundsAhead(const Cond &C, const VarDecl *Iter, int64_t Step) {
  bool Ok = true;
  C.forEachAtom([&](const Cond &A) {
    int M = A.E.getMonotonicity(Iter);
    if (M == 0)
      return;
    if (A.K != Cond::Kind::NonNeg || M == 2 || (Step > 0) == (M > 0))
      Ok = false;
  });
  return Ok;
}

/// Whether \p C bounds the iterator (the loop terminates).
bool terminates(const Cond &C, const VarDecl *Iter) {
  switch (C.K) {
  case Cond::Kind::False:
    return true;
  case Cond::Kind::NonNeg: // monotone in Iter (boundsAhead)
    return C.E.getMonotonicity(Iter) != 0;
  case Cond::Kind::And:
    return terminates(C.Kids[0], Iter) || terminates(C.Kids[1], Iter);
  case Cond::Kind::Or:
    return terminates(C.Kids[0], Iter) && terminates(C.Kids[1], Iter);
  default:
    return false;
  }
}
} // namespace

std::optional<Cond> readLoopCondition(NestWalker &W, const ForStmt *For,
                                      const LoopHeader &H, const LoopModel &L,
                                      const Cond &Start) {
  const Expr *E = For->getCond();
  std::string IterName = "'" + H.Iter->getName().str() + "'";
  if (!E) {
    W.reject(RejectKind::UnsupportedLoop, For->getBeginLoc(),
             "loop on " + IterName + " has no condition");
    return std::nullopt;
  }
  ConditionReader Reader(W, H, L);
  std::optional<Cond> C = Reader.read(E);
  if (!C || !Reader.checkRanges(Cond::conj(L.Entry, Start)))
    return std::nullopt;
  std::string Text = "'" + getQuotedText(W.getASTContext(), E) + "'";
  if (!boundsAhead(*C, H.Iter, H.Step)) {
    W.reject(RejectKind::UnsupportedLoop, E->getBeginLoc(),
             "condition " + Text + " does not bound " + IterName +
                 " in the direction of its step");
    return std::nullopt;
  }
  if (!terminates(*C, H.Iter)) {
    W.reject(RejectKind::UnsupportedLoop, E->getBeginLoc(),
             "condition " + Text + " does not bound iterator " + IterName);
    return std::nullopt;
  }
  return C;
}

} // namespace hetile
