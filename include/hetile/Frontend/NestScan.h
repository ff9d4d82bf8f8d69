//===- NestScan.h - Which variables a nest writes ---------------*- C++ -*-===//
//
// A first pass over the whole nest, before it is modelled: which variables
// are written (assigned, incremented, address taken, declared in the nest)
// and which are written by loop headers (the iterators). A variable written
// anywhere in the nest is never a parameter: its value may change inside.
//
// A C89 iterator declared in a body of the nest, `{ int x; for (x = 0; ...)
// ... }`, is one of the iterators (HeaderVars, not DeclaredInside) when
// nothing else uses it: declared without initializer, with automatic
// storage, in a declaration of such iterators only, and referred to, in the
// rest of its block, only inside `for` statements that assign it in their
// initialization (the loops it is the iterator of). Its value is then dead
// after those loops, as a header-declared iterator's is after its loop; a
// read elsewhere (`x = x0` in another loop's header, or after the loop
// inside one of them) is refused by the walk as any iterator's.
//
// A label that no `goto` (nor `&&label`, nor `asm goto`) of the function
// names is ignored: nothing enters the nest there. The tiled code does not
// repeat it (a label may appear once in a function; the original nest, kept
// for the run-time checks' other branch, holds it).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_NESTSCAN_H
#define HETILE_FRONTEND_NESTSCAN_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace hetile {

struct NestScan {
  /// Every variable written in the nest (headers included), with the
  /// location of its first write in textual order.
  llvm::DenseMap<const clang::VarDecl *, clang::SourceLocation> Written;
  /// Variables written by a `for` header of the nest (the iterators).
  llvm::DenseSet<const clang::VarDecl *> HeaderVars;
  /// Variables declared inside the nest (outside `for` headers), less the
  /// BodyIterators.
  llvm::DenseSet<const clang::VarDecl *> DeclaredInside;
  /// C89 iterators declared in a body of the nest for its loops only (see
  /// above): dead after their loops, as header-declared ones.
  llvm::DenseSet<const clang::VarDecl *> BodyIterators;
  /// The declarations that declare BodyIterators only: no statement of the
  /// nest holds them (the tiled code declares its own counters).
  llvm::DenseSet<const clang::DeclStmt *> BodyIteratorDecls;
  /// The labels in the nest that nothing in the function jumps to.
  llvm::DenseSet<const clang::LabelDecl *> UnusedLabels;
  /// The variables that the function refers to outside the nest (all of
  /// them when the function is unknown: then UsedOutsideKnown is false).
  llvm::DenseSet<const clang::VarDecl *> UsedOutside;
  bool UsedOutsideKnown = false;

  /// Whether nothing outside the nest refers to \p VD: its value after
  /// the nest is never read.
  bool onlyInNest(const clang::VarDecl *VD) const {
    return UsedOutsideKnown && !UsedOutside.count(VD);
  }
};

/// \p FunctionBody: the body of the function around the nest (its jumps);
/// null when unknown (then every label counts as a jump target).
NestScan scanNest(const clang::ForStmt *Outer,
                  const clang::Stmt *FunctionBody);

/// The labels that a `goto`, a `&&label` or an `asm goto` in \p S names.
llvm::DenseSet<const clang::LabelDecl *> findJumpTargets(const clang::Stmt *S);

} // namespace hetile

#endif
