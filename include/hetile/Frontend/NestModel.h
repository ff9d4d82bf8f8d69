//===- NestModel.h - The nest as read from the AST, before isl --*- C++ -*-===//
//
// The frontend reads a nest in two phases: the walk over the AST fills a
// NestModel (loops, statements, guards and subscripts as AffineExpr/Cond over
// Clang variables); ScopAssembler then names everything for isl and builds
// the isl objects of the Scop. The walk needs all parameters before any isl
// text can be written, hence the split.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_NESTMODEL_H
#define HETILE_FRONTEND_NESTMODEL_H

#include "hetile/Frontend/AffineExpr.h"
#include "hetile/Frontend/Scop.h"

#include "clang/AST/Decl.h"

#include <vector>

namespace hetile {

struct LoopModel {
  const clang::VarDecl *Iter = nullptr;
  /// Index of the enclosing loop in NestModel::Loops, -1 for the outermost.
  int Parent = -1;
  ScopLoop Info;
};

struct AccessModel {
  MemoryAccess::AccessKind Kind = MemoryAccess::AccessKind::Read;
  const clang::VarDecl *Array = nullptr;
  std::vector<AffineExpr> Subscripts; ///< outermost first; empty for scalars
  std::string Text;
  SourceLoc Loc;
};

struct StmtModel {
  std::vector<unsigned> LoopIds;
  /// Loop bounds and guards around the statement.
  Cond Domain;
  /// The constants of the 2d+1 schedule, one per level (LoopIds.size() + 1).
  std::vector<int64_t> Positions;
  std::vector<AccessModel> Accesses;
  std::string Text;
  SourceSpan Span;
};

struct ArrayModel {
  const clang::VarDecl *Decl = nullptr;
  ScopArray Info; ///< everything but Written, which the assembler sets
};

struct NestModel {
  std::vector<LoopModel> Loops;
  std::vector<StmtModel> Stmts;
  /// In order of first use in a bound, guard or subscript.
  std::vector<const clang::VarDecl *> Params;
  std::vector<ArrayModel> Arrays;
};

} // namespace hetile

#endif
