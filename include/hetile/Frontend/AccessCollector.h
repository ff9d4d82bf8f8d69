//===- AccessCollector.h - Memory accesses of one statement -----*- C++ -*-===//
//
// Collects the array and scalar accesses of the C statements that form one
// polyhedral statement, and rejects what the model cannot express inside a
// statement: pointer arithmetic, indirect or non-affine subscripts, calls to
// functions not known to be pure, writes to iterators, struct members, ...
//
// What is modelled:
//   - A[e1][e2] with affine subscripts: an access to array A;
//   - a scalar declared outside the nest and written in it: a 0-d array
//     (reads and writes of it are accesses);
//   - scalars and arrays declared in the statement itself: private, not
//     modelled (a use from another statement is rejected);
//   - x = e is a must-write; x += e, x++ a read and a must-write; a write
//     that may not happen (in a branch of ?:, right of && or ||, under a
//     data-dependent `if`) is a may-write. Reads are kept whether or not
//     they happen (over-approximation).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_ACCESSCOLLECTOR_H
#define HETILE_FRONTEND_ACCESSCOLLECTOR_H

#include "hetile/Frontend/NestWalker.h"

namespace hetile {

class AccessCollector {
public:
  AccessCollector(NestWalker &W, StmtModel &Out) : W(W), Out(Out) {}

  /// Adds the accesses of \p S to the statement; false when rejected.
  bool collect(const clang::Stmt *S) { return visitStmt(S, /*May=*/false); }

private:
  bool visitStmt(const clang::Stmt *S, bool May);
  bool visitDecl(const clang::Decl *D, bool May);
  bool visitExpr(const clang::Expr *E, bool May);
  bool visitOperator(const clang::BinaryOperator *E, bool May);
  bool visitUnary(const clang::UnaryOperator *E, bool May);
  bool visitCall(const clang::CallExpr *E, bool May);
  bool visitRead(const clang::DeclRefExpr *E);
  /// The target of an assignment; \p AlsoRead for x += e and x++.
  bool visitWrite(const clang::Expr *LHS, bool May, bool AlsoRead);
  bool addArrayAccess(const clang::ArraySubscriptExpr *E,
                      MemoryAccess::AccessKind K);
  bool addScalarAccess(const clang::DeclRefExpr *E, const clang::VarDecl *VD,
                       MemoryAccess::AccessKind K);
  /// Appends \p A unless the statement already has the same access.
  void addAccess(AccessModel A);
  bool reject(RejectKind K, const clang::Stmt *At, std::string Message);

  NestWalker &W;
  StmtModel &Out;
};

} // namespace hetile

#endif
