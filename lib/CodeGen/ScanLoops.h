//===- ScanLoops.h - Loops that scan a set, projecting nothing -*- C++ -*-===//
//
// Private to CodeGen. The enumeration of a set of array elements that costs
// no integer projection: the MPI backends' messages when isl's AST of the
// exact set would cost too much (its loop bounds need the integer
// projection of each dimension, which for constraints such as
// 21 + i0 <= 2 i1 <= 22 + i0 runs for seconds and prints kilobytes).
//
// One basic set B at a time, its existentially quantified variables lifted
// into dimensions after the element's (every point of the lifted set is an
// element of B with values of them, its witness; each element of B has at
// least one). The loops scan, per dimension k in order, the range that the
// rational projection of the lifted set onto its first k + 1 dimensions
// allows (Fourier-Motzkin, no integer reasoning: a superset of the integer
// projection), and test, inside loop k, the constraints of the lifted set
// whose last dimension is k (those of the parameters only around the
// loops); the constraints of the last dimension are its bounds. So the
// points reached are exactly those of the lifted set. The loops over the
// witnesses stop at the first one found, and the statement runs once per
// element of B, after them. The order depends only on the parameters:
// sender and receiver of a message scan the same sequence. A set of several
// basic sets is scanned one after the other; an element in two of them is
// seen twice, with the same value.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_CODEGEN_SCANLOOPS_H
#define HETILE_LIB_CODEGEN_SCANLOOPS_H

#include "CExprPrinter.h"
#include "ElementLoops.h"
#include "NestEmitter.h"

#include <isl/ast.h>
#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/map.h>

#include <set>
#include <string>
#include <vector>

namespace hetile {

/// The polyhedra one basic set is scanned with.
struct ScanNest {
  /// The lifted basic set: the element's Subscripts dimensions, then its
  /// witness.
  isl::basic_set Domain;
  unsigned Subscripts = 0;
  /// Per dimension k: Domain with the dimensions after k eliminated.
  std::vector<isl::basic_set> Levels;

  /// The scan of \p B. Null Domain when isl failed or a dimension is
  /// unbounded.
  static ScanNest build(const isl::basic_set &B) {
    ScanNest Result;
    unsigned Dims = unsigned(B.tuple_dim().release());
    isl_basic_set *L = isl_basic_set_flatten(isl_basic_set_lift(B.copy()));
    if (!L)
      return Result;
    isl::basic_set Lifted = isl::manage(L);
    unsigned All = unsigned(Lifted.tuple_dim().release());
    Result.Subscripts = Dims;
    for (unsigned K = 0; K < All; ++K) {
      // A superset of the projection: what isl_basic_set_eliminate leaves
      // existentially quantified is dropped (rationally).
      isl_basic_set *Level = isl_basic_set_remove_divs(isl_basic_set_eliminate(
          Lifted.copy(), isl_dim_set, K + 1, All - K - 1));
      if (!Level)
        return Result;
      Result.Levels.push_back(isl::manage(Level));
      bool Lower = false, Upper = false;
      forEachConstraint(Result.Levels.back(), [&](isl_constraint *C) {
        isl::val A =
            isl::manage(isl_constraint_get_coefficient_val(C, isl_dim_set, K));
        if (A.is_zero())
          return;
        bool Eq = isl_constraint_is_equality(C);
        Lower |= Eq || A.is_pos();
        Upper |= Eq || A.is_neg();
      });
      if (!Lower || !Upper)
        return Result;
    }
    Result.Domain = Lifted;
    return Result;
  }

  /// Calls \p F on each constraint of \p B; \p F does not own the
  /// constraint and must not free it.
  template <typename Fn>
  static void forEachConstraint(const isl::basic_set &B, Fn F) {
    auto Call = [](isl_constraint *C, void *User) -> isl_stat {
      (*static_cast<Fn *>(User))(C);
      isl_constraint_free(C);
      return isl_stat_ok;
    };
    isl_basic_set_foreach_constraint(B.get(), Call, &F);
  }
};

/// Prints the loops of a ScanNest.
class ScanLoops {
public:
  /// The loops count in long variables named \p Prefix0, \p Prefix1, ...
  ScanLoops(CExprPrinter &Exprs, std::string Array,
            std::string Prefix = "hetile_s",
            std::vector<std::string> RowExtents = {},
            std::string Member = "")
      : Exprs(Exprs), Array(std::move(Array)), Prefix(std::move(Prefix)),
        RowExtents(std::move(RowExtents)), Member(std::move(Member)) {}

  /// \p Stmt receives the C lvalue of the element (e.g. "A[s2][s3]").
  template <typename Fn>
  void print(const ScanNest &S, unsigned Indent, std::string &Out, Fn Stmt) {
    unsigned All = unsigned(S.Levels.size());
    // In a block of its own: the bounds' variables are declared per scan.
    Out += spaces(Indent) + "{\n";
    unsigned In = Indent + 2, Open = 1, OpenWitness = 0;
    std::string Hit = Prefix + "_hit";
    // Tests[k + 1]: the constraints of the domain whose last dimension is k,
    // tested inside loop k (those of the last dimension are its bounds);
    // Tests[0]: those of the parameters only, around the loops.
    std::vector<std::string> Tests(All + 1);
    std::vector<std::set<std::string>> Bounds(All);
    for (unsigned K = 0; K < All; ++K)
      ScanNest::forEachConstraint(S.Levels[K], [&](isl_constraint *C) {
        if (!isl::manage(isl_constraint_get_coefficient_val(C, isl_dim_set, K))
                 .is_zero())
          Bounds[K].insert("(" + rest(C, All, All) +
                           (isl_constraint_is_equality(C) ? ") == 0"
                                                          : ") >= 0"));
      });
    ScanNest::forEachConstraint(S.Domain, [&](isl_constraint *C) {
      unsigned Last = 0;
      for (unsigned K = 0; K < All; ++K)
        if (!isl::manage(isl_constraint_get_coefficient_val(C, isl_dim_set, K))
                 .is_zero())
          Last = K + 1;
      std::string Test = "(" + rest(C, All, All) +
                         (isl_constraint_is_equality(C) ? ") == 0" : ") >= 0");
      // A constraint of the last dimension of its level is a bound there.
      if (Last > 0 && Bounds[Last - 1].count(Test))
        return;
      std::string &T = Tests[Last];
      T += (T.empty() ? "" : " && ") + Test;
    });
    if (!Tests[0].empty()) {
      Out += spaces(In) + "if (" + Tests[0] + ") {\n";
      In += 2;
      ++Open;
    }
    if (S.Subscripts == 0 && All > 0)
      Out += spaces(In) + "int " + Hit + " = 0;\n";
    for (unsigned K = 0; K < All; ++K) {
      std::string V = var(K), Lo = V + "_lo", Hi = V + "_hi";
      std::vector<std::string> Lower, Upper;
      ScanNest::forEachConstraint(S.Levels[K], [&](isl_constraint *C) {
        isl::val A =
            isl::manage(isl_constraint_get_coefficient_val(C, isl_dim_set, K));
        if (A.is_zero())
          return;
        bool Eq = isl_constraint_is_equality(C);
        // A v + R >= 0: v >= ceil(-R / A) when A > 0, v <= floor(R / -A)
        // when A < 0; an equality gives one bound of each, the test below
        // keeps the points where it holds.
        std::string R = rest(C, K, All), MinusR = rest(C, K, All, true);
        bool Pos = A.is_pos();
        isl::val D = A.abs();
        const std::string &X = Pos ? R : MinusR, &NX = Pos ? MinusR : R;
        if (Pos || Eq) // v >= ceil(NX / D) = -floor(X / D)
          Lower.push_back(D.is_one() ? NX
                                     : "-hetile_floord(" + X + ", " +
                                           printIslVal(D) + ")");
        if (!Pos || Eq) // v <= floor(NX / D)
          Upper.push_back(D.is_one() ? NX
                                     : "hetile_floord(" + NX + ", " +
                                           printIslVal(D) + ")");
      });
      Out += spaces(In) + "long " + Lo + " = " + Lower.front() + ", " + Hi +
             " = " + Upper.front() + ";\n";
      for (size_t I = 1; I < Lower.size(); ++I)
        Out += spaces(In) + "if ((" + Lower[I] + ") > " + Lo + ")\n" +
               spaces(In + 2) + Lo + " = " + Lower[I] + ";\n";
      for (size_t I = 1; I < Upper.size(); ++I)
        Out += spaces(In) + "if ((" + Upper[I] + ") < " + Hi + ")\n" +
               spaces(In + 2) + Hi + " = " + Upper[I] + ";\n";
      bool Witness = K >= S.Subscripts;
      Out += spaces(In) + "for (long " + V + " = " + Lo + "; " + V +
             " <= " + Hi + (Witness ? " && !" + Hit : std::string()) + "; " +
             V + "++) {\n";
      In += 2;
      ++(Witness ? OpenWitness : Open);
      if (K + 1 < All && !Tests[K + 1].empty()) {
        Out += spaces(In) + "if (" + Tests[K + 1] + ") {\n";
        In += 2;
        ++(Witness ? OpenWitness : Open);
      }
      if (K + 1 == S.Subscripts && S.Subscripts < All)
        Out += spaces(In) + "int " + Hit + " = 0;\n";
    }
    std::vector<std::string> Subs;
    for (unsigned K = 0; K < S.Subscripts; ++K)
      Subs.push_back(var(K));
    std::string Lvalue = elementLvalue(Array, Subs, RowExtents, Member);
    if (S.Subscripts < All) {
      Out += spaces(In) + Hit + " = 1;\n";
      for (; OpenWitness > 0; --OpenWitness) {
        In -= 2;
        Out += spaces(In) + "}\n";
      }
      Out += spaces(In) + "if (" + Hit + ") {\n" + spaces(In + 2) +
             Stmt(Lvalue) + "\n" + spaces(In) + "}\n";
    } else {
      Out += spaces(In) + Stmt(Lvalue) + "\n";
    }
    for (; Open > 0; --Open) {
      In -= 2;
      Out += spaces(In) + "}\n";
    }
  }

private:
  CExprPrinter &Exprs;
  std::string Array;
  std::string Prefix;
  std::vector<std::string> RowExtents;
  std::string Member; ///< see elementLvalue

  std::string var(unsigned K) const { return Prefix + std::to_string(K); }

  /// The C text of constraint \p C's affine expression without its term in
  /// dimension \p Skip (none when Skip >= the dimensions), over the first
  /// \p Dims dimensions, the parameters and the constant.
  std::string rest(isl_constraint *C, unsigned Skip, unsigned Dims,
                   bool Negate = false) const {
    std::string Sum;
    auto Term = [&](const isl::val &V, const std::string &Name) {
      if (V.is_zero())
        return;
      bool Neg = V.is_neg() != Negate;
      isl::val Abs = V.abs();
      std::string T = Abs.is_one() ? Name : printIslVal(Abs) + " * " + Name;
      if (Sum.empty())
        Sum = Neg ? "-" + T : T;
      else
        Sum += (Neg ? " - " : " + ") + T;
    };
    for (unsigned K = 0; K < Dims; ++K)
      if (K != Skip)
        Term(isl::manage(isl_constraint_get_coefficient_val(C, isl_dim_set, K)),
             var(K));
    isl_local_space *LS = isl_constraint_get_local_space(C);
    int Params = isl_local_space_dim(LS, isl_dim_param);
    for (int P = 0; P < Params; ++P) {
      isl::val V = isl::manage(
          isl_constraint_get_coefficient_val(C, isl_dim_param, P));
      if (V.is_zero())
        continue;
      isl::ast_expr Id = isl::manage(isl_ast_expr_from_id(
          isl_local_space_get_dim_id(LS, isl_dim_param, P)));
      Term(V, Exprs.printComparand(Id));
    }
    isl_local_space_free(LS);
    isl::val K0 = isl::manage(isl_constraint_get_constant_val(C));
    if (!K0.is_zero() || Sum.empty()) {
      bool Neg = !K0.is_zero() && K0.is_neg() != Negate;
      std::string T = printIslVal(K0.abs());
      if (Sum.empty())
        Sum = Neg ? "-" + T : T;
      else
        Sum += (Neg ? " - " : " + ") + T;
    }
    return Sum;
  }
};

} // namespace hetile

#endif
