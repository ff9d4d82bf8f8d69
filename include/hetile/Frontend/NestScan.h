//===- NestScan.h - Which variables a nest writes ---------------*- C++ -*-===//
//
// A first pass over the whole nest, before it is modelled: which variables
// are written (assigned, incremented, address taken, declared in the nest)
// and which are written by loop headers (the iterators). A variable written
// anywhere in the nest is never a parameter: its value may change inside.
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
  /// Variables declared inside the nest (outside `for` headers).
  llvm::DenseSet<const clang::VarDecl *> DeclaredInside;
};

NestScan scanNest(const clang::ForStmt *Outer);

} // namespace hetile

#endif
