//===- SourceText.h - Source text and locations of AST nodes ----*- C++ -*-===//
//
// Verbatim source text of statements and expressions (through macro
// expansions: the text the user wrote at the expansion site), their byte
// spans, and RejectReason construction at an exact location.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_SOURCETEXT_H
#define HETILE_FRONTEND_SOURCETEXT_H

#include "hetile/Frontend/RejectReason.h"
#include "hetile/Frontend/SourceLoc.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include <string>

namespace hetile {

/// The text of \p E as written (expansion range), e.g. "A[i - 1][j]".
std::string getExprText(const clang::ASTContext &Ctx, const clang::Stmt *E);

/// The same text on one line (runs of white space become one space), for
/// messages.
std::string getQuotedText(const clang::ASTContext &Ctx, const clang::Stmt *E);

/// File location just past the end of statement \p S, including the `;`
/// that ends an expression statement; invalid if it cannot be found.
clang::SourceLocation getStmtEnd(const clang::ASTContext &Ctx,
                                 const clang::Stmt *S);

/// Span and verbatim text of the statements First..Last (in one compound).
bool getStmtRangeText(const clang::ASTContext &Ctx, const clang::Stmt *First,
                      const clang::Stmt *Last, SourceSpan &Span,
                      std::string &Text);

RejectReason makeReject(const clang::ASTContext &Ctx, RejectKind K,
                        clang::SourceLocation L, std::string Message);

} // namespace hetile

#endif
