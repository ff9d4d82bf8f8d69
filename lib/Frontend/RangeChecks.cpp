//===- RangeChecks.cpp - Proving that C integer values stay in range ------===//
//
// AffineBuilder models C integer expressions as mathematical ones and records
// where the two can differ (RangeCheck: unsigned arithmetic, integer
// conversions, the dividend of `/` and `%`, which must be >= 0); loop steps of
// iterators whose overflow is defined are the same question. Here isl proves,
// over the points where the expression is evaluated, that each such value lies
// in the range of its type: then C and the model agree. The only facts used
// besides the domain are that every variable holds a value of its own type;
// nothing is assumed. Where the proof fails the nest is rejected, with the kind
// that names the C rule at work and values for which C and the model differ.
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/AffineIsl.h"
#include "hetile/Frontend/IntegerRange.h"
#include "hetile/Frontend/LoopHeader.h"
#include "hetile/Frontend/NestWalker.h"
#include "hetile/Frontend/SourceText.h"
#include "hetile/Support/IslUtils.h"

#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/STLExtras.h"

#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>

using namespace clang;

namespace hetile {

namespace {
void collectVars(const AffineExpr &E, std::vector<AffineVar> &Vars) {
  E.forEachVar([&](AffineVar V) {
    if (!llvm::is_contained(Vars, V))
      Vars.push_back(V);
  });
}

void collectVars(const Cond &C, std::vector<AffineVar> &Vars) {
  collectVars(C.E, Vars);
  for (const Cond &Kid : C.Kids)
    collectVars(Kid, Vars);
}

/// Where a value leaves the range of its type.
struct Violation {
  bool Below = true;   ///< below the minimum (else above the maximum)
  std::string Example; ///< "N = 0": values of the variables of the value
};

class RangeProver {
public:
  RangeProver(const ASTContext &Ctx, isl_ctx *IslCtx)
      : Ctx(Ctx), IslCtx(IslCtx) {}

  /// Nothing when \p Value lies in the range of \p T wherever \p Domain and
  /// \p Where hold; otherwise how it leaves it.
  std::optional<Violation> find(const Cond &Domain, const Cond &Where,
                                const Piecewise &Value, QualType T) {
    IntegerRange R = getIntegerRange(Ctx, T);
    return find(Domain, Where, Value, R.Min, R.Max);
  }

  /// The same for the range [Min, Max], unbounded where not given.
  std::optional<Violation> find(const Cond &Domain, const Cond &Where,
                                const Piecewise &Value,
                                std::optional<llvm::APSInt> Min,
                                std::optional<llvm::APSInt> Max) {
    Vars.clear();
    collectVars(Domain, Vars);
    collectVars(Where, Vars);
    for (const AffinePiece &P : Value) {
      collectVars(P.C, Vars);
      collectVars(P.E, Vars);
    }
    // Over [e, v_0, ..., v_n]: e is the distance beyond the range, for
    // lexmin to find the nearest example.
    std::vector<std::string> Dims(Vars.size() + 1);
    AffineIsl Space(
        makeSetSpace(makeParamSpace(isl::ctx(IslCtx), {}), "", Dims),
        [this](AffineVar V) -> std::optional<IslDim> {
          auto It = llvm::find(Vars, V);
          if (It == Vars.end())
            return std::nullopt;
          return IslDim{false, unsigned(It - Vars.begin()) + 1};
        });
    isl::set Facts = typeFacts(Space);
    for (const Cond &C : {Domain, Where})
      Facts = Facts.intersect(Space.toSet(C));
    for (const AffinePiece &P : Value) {
      isl::set Base = Facts.intersect(Space.toSet(P.C));
      isl::aff E = Space.toAff(P.E);
      if (Min)
        if (std::optional<Violation> V =
                findOutside(Space, Base, E, *Min, P.E, true))
          return V;
      if (Max)
        if (std::optional<Violation> V =
                findOutside(Space, Base, E, *Max, P.E, false))
          return V;
    }
    return std::nullopt;
  }

private:
  /// Every variable holds a value of its type.
  isl::set typeFacts(const AffineIsl &Space) const {
    isl::set S = isl::set::universe(Space.space());
    for (unsigned K = 0; K < Vars.size(); ++K) {
      IntegerRange R = getIntegerRange(Ctx, Vars[K]->getType());
      isl_aff *V = variable(Space, K + 1);
      // v - Min >= 0 and Max - v >= 0
      isl_aff *Low = isl_aff_sub(isl_aff_copy(V), constant(Space, R.Min));
      isl_aff *High = isl_aff_sub(constant(Space, R.Max), V);
      S = S.intersect(
               isl::manage(isl_pw_aff_nonneg_set(isl_pw_aff_from_aff(Low))))
              .intersect(isl::manage(
                  isl_pw_aff_nonneg_set(isl_pw_aff_from_aff(High))));
    }
    return S;
  }

  static isl_aff *variable(const AffineIsl &Space, unsigned Pos) {
    return isl_aff_var_on_domain(
        isl_local_space_from_space(Space.space().copy()), isl_dim_set, Pos);
  }

  static isl_aff *constant(const AffineIsl &Space, const llvm::APSInt &V) {
    return isl_aff_val_on_domain_space(Space.space().copy(),
                                       toVal(Space.space().ctx().get(), V));
  }

  /// \p V as an isl value, whatever its width.
  static isl_val *toVal(isl_ctx *Ctx, const llvm::APSInt &V) {
    unsigned Bits = V.getBitWidth() + 1;
    llvm::APInt Wide = V.isSigned() ? V.sext(Bits) : V.zext(Bits);
    bool Negative = Wide.isNegative();
    if (Negative)
      Wide.negate();
    isl_val *R = isl_val_int_from_chunks(Ctx, Wide.getNumWords(),
                                         sizeof(uint64_t), Wide.getRawData());
    return Negative ? isl_val_neg(R) : R;
  }

  /// The points of \p Base where \p E lies beyond \p Limit (below it when
  /// \p Below, else above it), e being the distance: none when there are
  /// none; the example is its lexicographic minimum: the nearest to the
  /// range, then with the smallest variables.
  std::optional<Violation> findOutside(const AffineIsl &Space,
                                       const isl::set &Base, const isl::aff &E,
                                       const llvm::APSInt &Limit,
                                       const AffineExpr &Expr, bool Below) {
    isl::set Bad;
    if (!Base.is_null() && !E.is_null()) {
      // e = Limit - E (below) or e = E - Limit (above), and e >= 1.
      isl_aff *Beyond = Below ? isl_aff_sub(constant(Space, Limit), E.copy())
                              : isl_aff_sub(E.copy(), constant(Space, Limit));
      isl_aff *Distance = variable(Space, 0);
      isl_aff *Positive = isl_aff_add_constant_si(isl_aff_copy(Distance), -1);
      isl::set Eq = isl::manage(isl_pw_aff_zero_set(
          isl_pw_aff_from_aff(isl_aff_sub(Distance, Beyond))));
      isl::set Pos =
          isl::manage(isl_pw_aff_nonneg_set(isl_pw_aff_from_aff(Positive)));
      Bad = Base.intersect(Eq).intersect(Pos);
    }
    if (!Bad.is_null() && Bad.is_empty().is_true())
      return std::nullopt;
    Violation V;
    V.Below = Below;
    if (!Bad.is_null())
      V.Example = example(Bad.lexmin().sample_point(), Expr);
    return V;
  }

  /// "i = 0, N = 3": the variables of \p E at \p Pt, sorted by name.
  std::string example(const isl::point &Pt, const AffineExpr &E) const {
    if (Pt.is_null())
      return "";
    std::vector<std::pair<std::string, std::string>> Values;
    bool Failed = false;
    E.forEachVar([&](AffineVar V) {
      int Pos = llvm::find(Vars, V) - Vars.begin();
      isl::val X = Pt.get_coordinate_val(isl::dim::set, Pos + 1);
      Failed |= X.is_null();
      if (!X.is_null())
        Values.emplace_back(V->getName().str(), toString(X));
    });
    if (Failed)
      return "";
    std::sort(Values.begin(), Values.end());
    Values.erase(std::unique(Values.begin(), Values.end()), Values.end());
    std::string S;
    for (const auto &[N, X] : Values)
      S += (S.empty() ? "" : ", ") + N + " = " + X;
    return S;
  }

  const ASTContext &Ctx;
  isl_ctx *IslCtx;
  std::vector<AffineVar> Vars;
};

std::string typeName(const ASTContext &Ctx, QualType T) {
  return "'" + T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) +
         "'";
}

std::string quoted(const ASTContext &Ctx, const Stmt *S) {
  return "'" + getQuotedText(Ctx, S) + "'";
}

std::string when(const Violation &V) {
  return V.Example.empty() ? "" : " (e.g. when " + V.Example + ")";
}

std::optional<Violation> findViolation(RangeProver &P, const RangeCheck &C,
                                       const Cond &Domain) {
  if (C.K == RangeCheck::Kind::Dividend)
    return P.find(Domain, C.Where, C.Value, llvm::APSInt::get(0), std::nullopt);
  return P.find(Domain, C.Where, C.Value, C.Type);
}

/// "below 0" or "past 4294967295": where an unsigned value wraps around.
std::string wrapLimit(const ASTContext &Ctx, QualType T, const Violation &V) {
  return V.Below ? "below 0" : "past " + toDecimal(getIntegerRange(Ctx, T).Max);
}

/// The operator whose operand \p E is (through parentheses), if any.
const BinaryOperator *operatorOf(ASTContext &Ctx, const Expr *E) {
  const Stmt *Cur = E;
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    if (Parents.empty())
      return nullptr;
    if (const auto *PE = Parents[0].get<ParenExpr>()) {
      Cur = PE;
      continue;
    }
    return Parents[0].get<BinaryOperator>();
  }
}
} // namespace

/// The rejection of a failed conversion check: a signed operand that the
/// usual arithmetic conversions make unsigned (mixed-signedness), or any
/// other conversion that changes a value (value-changing-conversion).
static RejectReason rejectConversion(NestWalker &W, const RangeCheck &C,
                                     const Violation &V) {
  ASTContext &Ctx = W.getASTContext();
  const auto *Cast = cast<CastExpr>(C.At);
  const Expr *Sub = Cast->getSubExpr();
  const BinaryOperator *BO = operatorOf(Ctx, Cast);
  bool Mixed = isa<ImplicitCastExpr>(Cast) && BO && !BO->isAssignmentOp() &&
               C.Type->isUnsignedIntegerOrEnumerationType() &&
               Sub->getType()->isSignedIntegerOrEnumerationType();
  if (Mixed) {
    const Expr *Other =
        BO->getLHS()->IgnoreParens() == Cast ? BO->getRHS() : BO->getLHS();
    std::string What = BO->isComparisonOp() ? "comparison " : "";
    return makeReject(Ctx, RejectKind::MixedSignedness, BO->getBeginLoc(),
                      What + quoted(Ctx, BO) + " mixes unsigned " +
                          quoted(Ctx, Other) + " with signed " +
                          quoted(Ctx, Sub) + ": C converts " +
                          quoted(Ctx, Sub) + " to " + typeName(Ctx, C.Type) +
                          ", which changes negative values" + when(V));
  }
  return makeReject(
      Ctx, RejectKind::ValueChangingConversion, Sub->getBeginLoc(),
      "conversion of " + quoted(Ctx, Sub) + " from " +
          typeName(Ctx, Sub->getType()) + " to " + typeName(Ctx, C.Type) +
          " may change its value" + when(V));
}

/// A dividend that may be negative: C's `/` rounds toward zero, not down.
static RejectReason rejectDividend(NestWalker &W, const RangeCheck &C,
                                   const Violation &V) {
  ASTContext &Ctx = W.getASTContext();
  const auto *BO = cast<BinaryOperator>(C.At);
  std::string Effect = BO->getOpcode() == BO_Div
                           ? "where C's division rounds toward zero, not down"
                           : "where C's remainder is negative too";
  return makeReject(Ctx, RejectKind::NegativeDividend, BO->getBeginLoc(),
                    "dividend " + quoted(Ctx, BO->getLHS()->IgnoreParens()) +
                        " of " + quoted(Ctx, BO) + " may be negative, " +
                        Effect + when(V));
}

static RejectReason rejectRange(NestWalker &W, const RangeCheck &C,
                                const Violation &V) {
  if (C.K == RangeCheck::Kind::Conversion)
    return rejectConversion(W, C, V);
  if (C.K == RangeCheck::Kind::Dividend)
    return rejectDividend(W, C, V);
  ASTContext &Ctx = W.getASTContext();
  return makeReject(Ctx, RejectKind::UnsignedWrap, C.At->getBeginLoc(),
                    quoted(Ctx, C.At) + " is computed in " +
                        typeName(Ctx, C.Type) + " and wraps around " +
                        wrapLimit(Ctx, C.Type, V) + when(V));
}

bool NestWalker::provesRanges(const AffineBuilder &B, const Cond &Domain) {
  RangeProver P(Ctx, IslCtx);
  Cond Where = Cond::conj(Domain, Assumed);
  return llvm::none_of(B.getRangeChecks(), [&](const RangeCheck &C) {
    return findViolation(P, C, Where).has_value();
  });
}

bool NestWalker::checkRanges(const AffineBuilder &B, const Cond &Domain) {
  RangeProver P(Ctx, IslCtx);
  for (const RangeCheck &C : B.getRangeChecks())
    if (std::optional<Violation> V =
            findViolation(P, C, Cond::conj(Domain, Assumed)))
      if (!assumeAtRunTime(C, Domain))
        return reject(rejectRange(*this, C, *V));
  return true;
}

namespace {
/// The expression whose value range check \p C is about.
const Expr *checkedExpr(const RangeCheck &C) {
  if (C.K == RangeCheck::Kind::Dividend)
    return cast<BinaryOperator>(C.At)->getLHS()->IgnoreParens();
  if (C.K == RangeCheck::Kind::Conversion)
    return cast<CastExpr>(C.At)->getSubExpr()->IgnoreParens();
  return C.At;
}

/// Where \p Value lies at or above \p Min (else at or below \p Max):
/// nothing when the bound does not fit the model's constants.
std::optional<Cond> withinBound(const Piecewise &Value,
                                const llvm::APSInt &Bound, bool Min) {
  if (Bound.getSignificantBits() > 63)
    return std::nullopt;
  AffineExpr Limit = AffineExpr::constant(Bound.getExtValue());
  Cond Out = Cond::makeTrue();
  for (const AffinePiece &P : Value) {
    AffineExpr Gap = Min ? P.E : Limit; // Value - Min, or Max - Value
    if (!Gap.add(Min ? Limit : P.E, -1))
      return std::nullopt;
    std::optional<Cond> Elsewhere = P.C.negate();
    if (!Elsewhere)
      return std::nullopt;
    Out = Cond::conj(std::move(Out),
                     Cond::disj(std::move(*Elsewhere), Cond::nonNeg(Gap)));
  }
  return Out;
}
} // namespace

// Parameters do not change in the nest: a fact about their values, checked
// once before it, holds wherever the expression is evaluated. The fact
// asked is the range itself, not only where the nest evaluates the
// expression (stronger, and as simple as the program's text).
bool NestWalker::assumeAtRunTime(const RangeCheck &C, const Cond &Domain) {
  // The generated check reads each parameter as a long: its type's values
  // must all be longs.
  bool ParamsOnly = true;
  auto Check = [&](AffineVar V) {
    ParamsOnly &= classify(V) == VarRole::Parameter &&
                  getIntegerRange(Ctx, V->getType()).Max.getActiveBits() <= 63;
  };
  for (const AffinePiece &P : C.Value) {
    P.E.forEachVar(Check);
    P.C.forEachAtom([&](const Cond &A) { A.E.forEachVar(Check); });
  }
  if (!ParamsOnly || C.Value.empty())
    return false;
  std::optional<llvm::APSInt> Min = llvm::APSInt::get(0), Max;
  if (C.K != RangeCheck::Kind::Dividend) {
    IntegerRange R = getIntegerRange(Ctx, C.Type);
    Min = R.Min;
    Max = R.Max;
  }
  RangeProver P(Ctx, IslCtx);
  Cond Where = Cond::conj(Domain, Assumed);
  if (!P.find(Where, C.Where, C.Value, Min, std::nullopt))
    Min.reset();
  if (Max && !P.find(Where, C.Where, C.Value, std::nullopt, Max))
    Max.reset();
  std::string Text = getQuotedText(Ctx, checkedExpr(C));
  Cond Holds = Cond::makeTrue();
  std::string Fact;
  for (bool IsMin : {true, false}) {
    const std::optional<llvm::APSInt> &Bound = IsMin ? Min : Max;
    if (!Bound)
      continue;
    std::optional<Cond> In = withinBound(C.Value, *Bound, IsMin);
    if (!In)
      return false;
    Holds = Cond::conj(std::move(Holds), std::move(*In));
    Fact += (Fact.empty() ? "" : " and ") + Text + (IsMin ? " >= " : " <= ") +
            toDecimal(*Bound);
  }
  if (Fact.empty())
    return false;
  Assumed = Cond::conj(std::move(Assumed), Holds);
  for (const ValueFactModel &F : Model.ValueFacts)
    if (F.Text == Fact)
      return true;
  std::optional<Violation> V = findViolation(P, C, Domain);
  Model.ValueFacts.push_back(
      {std::move(Holds), Fact, rejectRange(*this, C, V ? *V : Violation())});
  return true;
}

std::optional<std::string> NestWalker::findNegative(const Cond &Domain,
                                                    const AffineExpr &Value) {
  for (const NegativeAnswer &A : NegativeAnswers)
    if (A.Value == Value && A.Domain == Domain)
      return A.Example;
  RangeProver P(Ctx, IslCtx);
  std::optional<Violation> V = P.find(Domain, Cond::makeTrue(),
                                      makePiecewise(Value),
                                      llvm::APSInt::get(0), std::nullopt);
  std::optional<std::string> Example;
  if (V)
    Example = V->Example;
  NegativeAnswers.push_back({Domain, Value, Example});
  return Example;
}

bool NestWalker::checkIteratorStep(const ForStmt *For, const LoopHeader &H,
                                   const Cond &Iterations) {
  const VarDecl *Iter = H.Iter;
  QualType T = Iter->getType();
  if (overflowIsUndefined(Ctx, T) && overflowIsUndefined(Ctx, H.StepType))
    return true;
  AffineExpr Next = AffineExpr::variable(Iter);
  Next.add(AffineExpr::constant(H.Step)); // |Step| <= 2^40: no overflow
  RangeProver P(Ctx, IslCtx);
  std::optional<Violation> V =
      P.find(Iterations, Cond::makeTrue(), makePiecewise(Next), T);
  if (!V)
    return true;
  std::string Name = "'" + Iter->getName().str() + "'";
  std::string Inc = quoted(Ctx, For->getInc());
  if (T->isUnsignedIntegerOrEnumerationType())
    return reject(RejectKind::UnsignedWrap, For->getInc()->getBeginLoc(),
                  "step " + Inc + " wraps unsigned iterator " + Name +
                      " around " + wrapLimit(Ctx, T, *V) + when(*V));
  return reject(
      RejectKind::ValueChangingConversion, For->getInc()->getBeginLoc(),
      "step " + Inc + " takes iterator " + Name + " out of the range of " +
          typeName(Ctx, T) + ", where C converts its value" + when(*V));
}

} // namespace hetile
