//===- CExprPrinter.cpp - isl AST expressions as C text -------------------===//

#include "CExprPrinter.h"

#include <isl/ast.h>

#include <cassert>

namespace hetile {

namespace {
// C precedence levels, tightest first.
enum : int {
  PrecAtom = 0,
  PrecUnary = 1,
  PrecMul = 2,
  PrecAdd = 3,
  PrecRel = 4,
  PrecEq = 5,
  PrecAnd = 6,
  PrecOr = 7,
  PrecCond = 8,
};

struct BinaryOp {
  const char *Spelling;
  int Prec;
  bool Associative;
};

/// The infix operators; the others are printed in printOp.
bool infixOp(isl_ast_expr_op_type T, BinaryOp &Out) {
  switch (T) {
  case isl_ast_expr_op_add: Out = {"+", PrecAdd, true}; return true;
  case isl_ast_expr_op_sub: Out = {"-", PrecAdd, false}; return true;
  case isl_ast_expr_op_mul: Out = {"*", PrecMul, true}; return true;
  case isl_ast_expr_op_div:     // exact division
  case isl_ast_expr_op_pdiv_q:  // non-negative numerator
    Out = {"/", PrecMul, false}; return true;
  case isl_ast_expr_op_pdiv_r:
  case isl_ast_expr_op_zdiv_r: Out = {"%", PrecMul, false}; return true;
  case isl_ast_expr_op_and:
  case isl_ast_expr_op_and_then: Out = {"&&", PrecAnd, true}; return true;
  case isl_ast_expr_op_or:
  case isl_ast_expr_op_or_else: Out = {"||", PrecOr, true}; return true;
  case isl_ast_expr_op_eq: Out = {"==", PrecEq, false}; return true;
  case isl_ast_expr_op_le: Out = {"<=", PrecRel, false}; return true;
  case isl_ast_expr_op_lt: Out = {"<", PrecRel, false}; return true;
  case isl_ast_expr_op_ge: Out = {">=", PrecRel, false}; return true;
  case isl_ast_expr_op_gt: Out = {">", PrecRel, false}; return true;
  default: return false;
  }
}
} // namespace

std::string printIslVal(const isl::val &V) {
  std::string S = toString(V);
  bool Neg = !S.empty() && S[0] == '-';
  if (S.size() - Neg > 9)
    S += "L";
  return S;
}

std::string CExprPrinter::print(const isl::ast_expr &E) const {
  int Prec;
  return print(E, Prec);
}

std::string CExprPrinter::printComparand(const isl::ast_expr &E) const {
  return operand(E, PrecAdd);
}

std::string CExprPrinter::operand(const isl::ast_expr &E, int Max) const {
  int Prec;
  std::string S = print(E, Prec);
  return Prec > Max ? "(" + S + ")" : S;
}

std::string CExprPrinter::printId(const std::string &Name, int &Prec) const {
  auto It = Names.find(Name);
  if (It != Names.end()) {
    Prec = It->second.find_first_of(" +-*/%()") == std::string::npos
               ? PrecAtom
               : PrecCond; // a substituted expression: parenthesize it
    return It->second;
  }
  if (LongCast.count(Name)) {
    Prec = PrecUnary;
    return "(long)" + Name;
  }
  Prec = PrecAtom;
  return Name;
}

std::string CExprPrinter::print(const isl::ast_expr &E, int &Prec) const {
  switch (isl_ast_expr_get_type(E.get())) {
  case isl_ast_expr_id:
    return printId(E.as<isl::ast_expr_id>().id().name(), Prec);
  case isl_ast_expr_int: {
    std::string S = printIslVal(E.as<isl::ast_expr_int>().val());
    Prec = S[0] == '-' ? PrecUnary : PrecAtom;
    return S;
  }
  case isl_ast_expr_op:
    return printOp(E, Prec);
  default:
    Prec = PrecAtom;
    return "/* hetile: invalid isl expression */";
  }
}

std::string CExprPrinter::printOp(const isl::ast_expr &E, int &Prec) const {
  isl::ast_expr_op Op = E.as<isl::ast_expr_op>();
  isl_ast_expr_op_type T = isl_ast_expr_op_get_type(E.get());
  int N = Op.n_arg().release();
  BinaryOp B;
  if (infixOp(T, B)) {
    assert(N == 2 && "binary operator with other than two operands");
    Prec = B.Prec;
    // && inside || is parenthesized (gcc's -Wparentheses asks for it).
    int Left = B.Prec == PrecOr ? PrecAnd - 1 : B.Prec;
    // An associative operator takes an unparenthesized right operand of its
    // own precedence only when that operand is the same operator: a * b * c,
    // but a * (b % c) and a * (b / c) (C reads a * b % c as (a * b) % c).
    bool SameOpRight = false;
    if (B.Associative && isl_ast_expr_get_type(Op.arg(1).get()) == isl_ast_expr_op)
      SameOpRight = isl_ast_expr_op_get_type(Op.arg(1).get()) == T;
    int Right = B.Prec == PrecOr ? PrecAnd - 1
                : B.Associative && SameOpRight ? B.Prec
                                               : B.Prec - 1;
    return operand(Op.arg(0), Left) + " " + B.Spelling + " " +
           operand(Op.arg(1), Right);
  }
  switch (T) {
  case isl_ast_expr_op_minus:
    Prec = PrecUnary;
    return "-" + operand(Op.arg(0), PrecUnary - 1);
  case isl_ast_expr_op_min:
  case isl_ast_expr_op_max: {
    // n-ary: hetile_min(hetile_min(a, b), c)
    const char *F = T == isl_ast_expr_op_min ? "hetile_min(" : "hetile_max(";
    std::string S = print(Op.arg(0));
    for (int I = 1; I < N; ++I)
      S = F + S + ", " + print(Op.arg(I)) + ")";
    Prec = PrecAtom;
    return S;
  }
  case isl_ast_expr_op_fdiv_q:
    Prec = PrecAtom;
    return "hetile_floord(" + print(Op.arg(0)) + ", " + print(Op.arg(1)) + ")";
  case isl_ast_expr_op_cond:
  case isl_ast_expr_op_select:
    Prec = PrecCond;
    return operand(Op.arg(0), PrecOr) + " ? " + operand(Op.arg(1), PrecOr) +
           " : " + operand(Op.arg(2), PrecOr);
  case isl_ast_expr_op_call: {
    std::string S = print(Op.arg(0)) + "(";
    for (int I = 1; I < N; ++I)
      S += (I > 1 ? ", " : "") + print(Op.arg(I));
    Prec = PrecAtom;
    return S + ")";
  }
  default:
    Prec = PrecAtom;
    return "/* hetile: unsupported isl operator */";
  }
}

} // namespace hetile
