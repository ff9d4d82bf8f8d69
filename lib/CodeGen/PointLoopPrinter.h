//===- PointLoopPrinter.h - isl's point loops as C --------------*- C++ -*-===//
//
// Private to CodeGen. Prints an isl AST (the point loops of one tile) as C:
// for/if/block nodes, and each user node as its statement's verbatim source
// text with the original iterators bound to their values.
//
// A loop is named after an original iterator x (with x's C type) when every
// statement below it has x equal to the loop variable and x's type is a
// signed integer type; otherwise it keeps isl's name (c0, c1, ...; prefixed
// hetile_ when the source uses that name) and has type long. A degenerate
// loop (one iteration) prints no loop: its value is substituted.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_CODEGEN_POINTLOOPPRINTER_H
#define HETILE_LIB_CODEGEN_POINTLOOPPRINTER_H

#include "CExprPrinter.h"

#include "hetile/Frontend/Scop.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hetile {

class PointLoopPrinter {
public:
  /// \p Taken: identifiers a generated name must not take.
  PointLoopPrinter(const Scop &S, CExprPrinter &Exprs,
                   std::set<std::string> Taken);

  /// Appends \p Node at indentation \p Indent to \p Out.
  void print(const isl::ast_node &Node, unsigned Indent, std::string &Out);

  /// Loops over schedule dimensions 0..\p K-1 (isl's c0.., the band) get
  /// int counters, whose values the caller guarantees to lie within
  /// [-NarrowLimit, NarrowLimit] (Transform/Tiling.h). An expression whose
  /// counters weigh more than NarrowMaxWeight (the sum of the magnitudes of
  /// their coefficients) is printed with its counters cast to long.
  void setNarrowDims(unsigned K) { NarrowDims = K; }

private:
  void printFor(const isl::ast_node_for &For, unsigned Indent,
                std::string &Out);
  void printIf(const isl::ast_node_if &If, unsigned Indent, std::string &Out);
  void printUser(const isl::ast_node_user &User, unsigned Indent,
                 std::string &Out, bool InOwnBlock);
  /// Prints \p Body as a for/if body: braces unless it is a single
  /// statement or loop.
  void printBody(const isl::ast_node &Body, unsigned Indent, std::string &Out,
                 bool ForceBraces);
  /// The C name and type of a loop over isl iterator \p IslName.
  void chooseName(const isl::ast_node_for &For, const std::string &IslName,
                  std::string &Name, std::string &Type) const;
  const ScopStmt *findStmt(const std::string &Name) const;
  /// `const int i = <expr>;` for each iterator the statement's text uses
  /// that is not the loop variable of the same name.
  std::string declarations(const isl::ast_node_user &User,
                           const ScopStmt &Stmt) const;
  bool needsBlock(const isl::ast_node_user &User) const;
  std::string iteratorType(const ScopStmt &Stmt, unsigned K) const;
  /// Whether isl iterator \p IslName is a band dimension with int counters.
  bool isNarrowDim(const std::string &IslName) const;
  /// The sum of the magnitudes of the coefficients of int counters in \p E
  /// (a bound on |E| and its partial sums in units of NarrowLimit).
  long weightOf(const isl::ast_expr &E) const;
  /// \p E as C; with the counters cast to long when it weighs too much.
  std::string expr(const isl::ast_expr &E) const;

  const Scop &S;
  CExprPrinter &Exprs;
  std::set<std::string> Taken;
  /// C names of the enclosing loops.
  std::vector<std::string> Active;
  unsigned NarrowDims = 0;
  /// isl iterator -> its weight: 1 for an int counter; a substituted
  /// (degenerate) loop value weighs what its expression weighs.
  std::map<std::string, long> Weight;
};

} // namespace hetile

#endif
