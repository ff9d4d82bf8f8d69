//===- SourceText.cpp - Source text and locations of AST nodes ------------===//

#include "hetile/Frontend/SourceText.h"
#include "hetile/Frontend/ScopBuilder.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hetile {

SourceLoc makeSourceLoc(const SourceManager &SM, SourceLocation L) {
  SourceLoc R;
  if (L.isInvalid())
    return R;
  SourceLocation F = SM.getExpansionLoc(L);
  R.RawClangLoc = F.getRawEncoding();
  PresumedLoc P = SM.getPresumedLoc(F);
  if (P.isValid()) {
    R.File = P.getFilename();
    R.Line = P.getLine();
    R.Column = P.getColumn();
  }
  R.Offset = SM.getFileOffset(F);
  return R;
}

namespace {
std::string getCharRangeText(const ASTContext &Ctx, CharSourceRange R) {
  const SourceManager &SM = Ctx.getSourceManager();
  R = Lexer::makeFileCharRange(R, SM, Ctx.getLangOpts());
  if (R.isInvalid())
    return "";
  bool Invalid = false;
  StringRef T = Lexer::getSourceText(R, SM, Ctx.getLangOpts(), &Invalid);
  return Invalid ? "" : T.str();
}
} // namespace

std::string getExprText(const ASTContext &Ctx, const Stmt *E) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = SM.getExpansionLoc(E->getBeginLoc());
  SourceLocation End = SM.getExpansionRange(E->getEndLoc()).getEnd();
  return getCharRangeText(Ctx, CharSourceRange::getTokenRange(B, End));
}

std::string getQuotedText(const ASTContext &Ctx, const Stmt *E) {
  std::string T = getExprText(Ctx, E), R;
  bool Space = false;
  for (char C : T) {
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      Space = !R.empty();
      continue;
    }
    if (Space)
      R += ' ';
    Space = false;
    R += C;
  }
  return R.size() > 80 ? R.substr(0, 77) + "..." : R;
}

SourceLocation getStmtEnd(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  if (!S)
    return {};
  if (const auto *If = dyn_cast<IfStmt>(S))
    return getStmtEnd(Ctx, If->getElse() ? If->getElse() : If->getThen());
  if (const auto *For = dyn_cast<ForStmt>(S))
    return getStmtEnd(Ctx, For->getBody());
  SourceLocation Last = SM.getExpansionRange(S->getEndLoc()).getEnd();
  SourceLocation AfterLast = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  if (isa<CompoundStmt>(S) || isa<DeclStmt>(S) || isa<NullStmt>(S))
    return AfterLast; // these end at their own `}` or `;`
  // Expression statements (and do/break/... which we reject anyway) end
  // with a `;` after the last token of their expression.
  SourceLocation AfterSemi =
      Lexer::findLocationAfterToken(Last, tok::semi, SM, LO, false);
  return AfterSemi.isValid() ? AfterSemi : AfterLast;
}

bool getStmtRangeText(const ASTContext &Ctx, const Stmt *First,
                      const Stmt *Last, SourceSpan &Span, std::string &Text) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = SM.getExpansionLoc(First->getBeginLoc());
  SourceLocation E = getStmtEnd(Ctx, Last);
  if (B.isInvalid() || E.isInvalid() || SM.getFileID(B) != SM.getFileID(E))
    return false;
  Span.Begin = makeSourceLoc(SM, B);
  Span.EndOffset = SM.getFileOffset(E);
  if (Span.EndOffset < Span.Begin.Offset)
    return false;
  Text = getCharRangeText(Ctx, CharSourceRange::getCharRange(B, E));
  return true;
}

RejectReason makeReject(const ASTContext &Ctx, RejectKind K, SourceLocation L,
                        std::string Message) {
  return RejectReason{K, makeSourceLoc(Ctx.getSourceManager(), L),
                      std::move(Message)};
}

} // namespace hetile
