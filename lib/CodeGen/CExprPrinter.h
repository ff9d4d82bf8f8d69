//===- CExprPrinter.h - isl AST expressions as C text -----------*- C++ -*-===//
//
// Private to CodeGen. Prints isl::ast_expr as C with the fewest parentheses
// that keep C's precedence right, renaming isl identifiers (loop iterators)
// to the names the generated code uses. min/max/floord become the
// hetile_min/hetile_max/hetile_floord macros that every generated block
// defines (see TiledCodeGen.cpp); all arithmetic is done in long: parameters
// are printed as (long)N so that an unsigned or narrow parameter can neither
// wrap nor overflow in a bound.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_CODEGEN_CEXPRPRINTER_H
#define HETILE_LIB_CODEGEN_CEXPRPRINTER_H

#include "hetile/Support/IslUtils.h"

#include <map>
#include <set>
#include <string>

namespace hetile {

class CExprPrinter {
public:
  /// isl identifier name -> C text. Names not here print unchanged.
  std::map<std::string, std::string> Names;
  /// Identifiers printed with a (long) cast (the Scop's parameters).
  std::set<std::string> LongCast;

  std::string print(const isl::ast_expr &E) const;
  /// \p E as an operand of a comparison: parenthesized unless it is
  /// arithmetic.
  std::string printComparand(const isl::ast_expr &E) const;

private:
  /// Prints \p E and sets \p Prec to its C precedence (0 binds tightest).
  std::string print(const isl::ast_expr &E, int &Prec) const;
  std::string printOp(const isl::ast_expr &E, int &Prec) const;
  std::string printId(const std::string &Name, int &Prec) const;
  /// \p E wrapped in parentheses when its precedence exceeds \p Max.
  std::string operand(const isl::ast_expr &E, int Max) const;
};

/// isl_val as C text (an 'L' suffix beyond 32 bits).
std::string printIslVal(const isl::val &V);

} // namespace hetile

#endif
