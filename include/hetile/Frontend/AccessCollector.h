//===- AccessCollector.h - Memory accesses of one statement -----*- C++ -*-===//
//
// Collects the array and scalar accesses of the C statements that form one
// polyhedral statement, and rejects what the model cannot express inside a
// statement: pointer arithmetic, indirect or non-affine subscripts, calls to
// functions not known to be pure, writes to iterators, struct members, ...
//
// What is modelled:
//   - A[e1][e2] with affine subscripts: an access to array A;
//   - a[e] with e a polynomial such as i * n + j: a flat access, given the
//     array's rows after the walk (Delinearize.h);
//   - a scalar declared outside the nest and written in it: a 0-d array
//     (reads and writes of it are accesses);
//   - scalars and arrays declared in the statement itself: private, not
//     modelled (a use from another statement is rejected);
//   - x = e is a must-write; x += e, x++ a read and a must-write; a write
//     that may not happen (in a branch of ?:, right of && or ||, under a
//     data-dependent `if`) is a may-write. Reads are kept whether or not
//     they happen (over-approximation);
//   - except the reads of a scalar or an element that an earlier C
//     statement of the same polyhedral statement assigns unconditionally
//     (`t = e;` or `w[i][0] = e;` at its top level, the same subscripts):
//     they read that value, inside the instance (as the model puts an
//     instance's reads before its writes, keeping them would make them read
//     the previous instance's value).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_ACCESSCOLLECTOR_H
#define HETILE_FRONTEND_ACCESSCOLLECTOR_H

#include "hetile/Frontend/NestWalker.h"

namespace hetile {

class AccessCollector {
public:
  AccessCollector(NestWalker &W, StmtModel &Out) : W(W), Out(Out) {}

  /// Adds the accesses of \p S, the next C statement of the polyhedral
  /// statement, to it; false when rejected.
  bool collect(const clang::Stmt *S);

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
  /// The model of a member of an element of an array of structs: its byte
  /// offset in the struct, and where its member-array subscripts stay in
  /// their extents when no proof was found.
  struct MemberOffset {
    AffineExpr Offset;
    Cond InRows;
    clang::QualType Type; ///< the member's
  };
  /// \p E, a member of an element of an array of structs (`a[i][j].re`,
  /// `c[k].u[1]`, ScopArray::Members): the element's access with the
  /// member's byte offset as one subscript more. Nothing when \p E is no
  /// such member, for the caller to go on as before.
  std::optional<bool> addMemberAccess(const clang::Expr *E,
                                      MemoryAccess::AccessKind K);
  /// The access \p E to the element \p Subs of the array \p VD.
  /// With \p Member, the access is to that member of the element.
  /// With \p Shift, the subscript at position Shift->first has
  /// Shift->second added (a row pointer's element, NestWalker::RowPointer).
  bool addElementAccess(
      const clang::Expr *E, const clang::VarDecl *VD,
      const std::vector<const clang::Expr *> &Subs, MemoryAccess::AccessKind K,
      const MemberOffset *Member = nullptr,
      const std::pair<unsigned, const clang::Expr *> *Shift = nullptr);
  /// The subscripts of the access through the row pointer \p R whose own
  /// subscripts are \p Subs (NestWalker::RowPointer): \p Out, and in
  /// \p Shift what adds to one of them.
  /// The array the row pointer \p R points into (for its access \p E);
  /// null, rejected, when there is none.
  const clang::VarDecl *rowPointerArray(const NestWalker::RowPointer &R,
                                        const clang::Expr *E,
                                        bool Structs = false);
  void rowPointerSubscripts(const NestWalker::RowPointer &R,
                            const std::vector<const clang::Expr *> &Subs,
                            std::vector<const clang::Expr *> &Out,
                            std::optional<std::pair<unsigned,
                                                    const clang::Expr *>>
                                &Shift);
  /// The variable whose array \p Base names: a variable, the array an
  /// inline accessor's pointer parameter stands for (\p Base becomes its
  /// argument), or a pointer member the nest never writes (the array it
  /// points to). Null, rejected, otherwise.
  const clang::VarDecl *arrayVariable(const clang::Expr *&Base);
  /// The access \p E, Table[Subs[0]][Subs[1]], of a row table: element
  /// Subs[0] * Stride + Subs[1] of \p Rows (NestWalker::rowTable).
  bool addRowTableAccess(const clang::Expr *E, const clang::VarDecl *Rows,
                         const clang::VarDecl *Stride,
                         const std::vector<const clang::Expr *> &Subs,
                         MemoryAccess::AccessKind K);
  /// Visits the call \p E of an inline accessor (NestWalker::accessorBody):
  /// its arguments, then \p Visit of its \p Body with the parameters
  /// standing for the arguments.
  bool visitAccessor(const clang::CallExpr *E, const clang::Expr *Body,
                     llvm::function_ref<bool(const clang::Expr *)> Visit,
                     bool May);
  bool addScalarAccess(const clang::DeclRefExpr *E, const clang::VarDecl *VD,
                       MemoryAccess::AccessKind K);
  /// Makes \p A, whose one subscript is not affine, a flat access
  /// (AccessModel::Flat) when its subscript is a polynomial that rows can
  /// split; false otherwise (rejected when it is computed in an unsigned
  /// type or uses a variable the nest writes).
  bool addFlat(AccessModel &A, const ScopArray &Array,
               const clang::Expr *Shift = nullptr);
  /// Where the subscripts \p Subs of a declared array \p VD (a
  /// multi-dimensional type, constant or variable-length) stay in the
  /// extents of its dimensions but the first, the atoms that the
  /// statement's domain does not prove: C leaves `A[i][m]` of
  /// `double A[n][m]` undefined, and the model, which takes it for an
  /// element other than `A[i + 1][0]`, would be wrong. True where proven.
  Cond inDeclaredRows(const clang::VarDecl *VD,
                      const std::vector<AffineExpr> &Subs);
  std::vector<std::optional<AffineExpr>>
  innerExtents(const clang::VarDecl *VD);
  /// Adds \p A, the access \p E, unless it reads what an earlier C
  /// statement of the statement assigned (assignedBefore); true.
  bool addAccessAt(AccessModel A, const clang::Expr *E);
  /// Appends \p A unless the statement already has the same access.
  void addAccess(AccessModel A);
  bool reject(RejectKind K, const clang::Stmt *At, std::string Message);
  /// Rejects a data member access: of `*this` (member-access), of another
  /// object (unsupported-type).
  bool rejectMember(const clang::MemberExpr *E);

  NestWalker &W;
  StmtModel &Out;
  /// Whether an earlier C statement assigns element \p Subs (or \p Flat)
  /// of \p VD (a scalar: no subscripts).
  bool assignedBefore(const clang::VarDecl *VD,
                      const std::vector<AffineExpr> &Subs,
                      const std::optional<Polynomial> &Flat) const;
  struct Assigned {
    const clang::VarDecl *Var;
    std::vector<AffineExpr> Subscripts;
    std::optional<Polynomial> Flat;
  };
  /// Scalars and elements assigned by `x = e;` in an earlier C statement.
  std::vector<Assigned> AssignedBefore;
};

} // namespace hetile

#endif
