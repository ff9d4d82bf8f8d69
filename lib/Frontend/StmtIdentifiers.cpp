//===- StmtIdentifiers.cpp - The names a statement's text uses ------------===//

#include "hetile/Frontend/StmtIdentifiers.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hetile {

namespace {
class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(const ASTContext &Ctx, std::set<std::string> &Names)
      : Ctx(Ctx), Names(Names) {}

  bool VisitStmt(Stmt *S) {
    addMacros(S->getBeginLoc());
    addMacros(S->getEndLoc());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    add(E->getDecl());
    return true;
  }
  bool VisitNamedDecl(NamedDecl *D) {
    add(D);
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    add(TL.getTypedefNameDecl());
    return true;
  }

private:
  void add(const NamedDecl *D) {
    if (D && D->getIdentifier())
      Names.insert(D->getName().str());
  }

  /// The macros whose expansions lead to \p Loc, innermost first.
  void addMacros(SourceLocation Loc) {
    const SourceManager &SM = Ctx.getSourceManager();
    while (Loc.isMacroID()) {
      StringRef Name = Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
      if (!Name.empty())
        Names.insert(Name.str());
      Loc = SM.getImmediateMacroCallerLoc(Loc);
    }
  }

  const ASTContext &Ctx;
  std::set<std::string> &Names;
};
} // namespace

void collectStmtIdentifiers(const ASTContext &Ctx, const Stmt *S,
                            std::set<std::string> &Names) {
  Collector(Ctx, Names).TraverseStmt(const_cast<Stmt *>(S));
}

} // namespace hetile
