//===- StmtIdentifiers.h - The names a statement's text uses ----*- C++ -*-===//
//
// What a name that code generation declares around a statement's verbatim
// text must not be: every name the text refers to or declares, read from the
// AST (not from the text): variables, functions and enumerators it refers
// to (DeclRefExpr), names it declares, typedef names it uses, and the macros
// whose expansions produce its expressions.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_STMTIDENTIFIERS_H
#define HETILE_FRONTEND_STMTIDENTIFIERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <set>
#include <string>

namespace hetile {

/// Adds the names \p S uses to \p Names.
void collectStmtIdentifiers(const clang::ASTContext &Ctx, const clang::Stmt *S,
                            std::set<std::string> &Names);

} // namespace hetile

#endif
