//===- NestFinder.cpp - Which loop nests to tile ---------------------------===//

#include "hetile/Frontend/NestFinder.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace hetile {

void HetilePragmaHandler::HandlePragma(Preprocessor &PP,
                                       PragmaIntroducer Introducer,
                                       Token &FirstToken) {
  Locs.push_back(Introducer.Loc);
  Token Tok;
  PP.Lex(Tok);
  if (Tok.isNot(tok::eod)) {
    DiagnosticsEngine &Diags = PP.getDiagnostics();
    unsigned ID = Diags.getCustomDiagID(
        DiagnosticsEngine::Warning, "extra tokens after '#pragma hetile' ignored");
    Diags.Report(Tok.getLocation(), ID);
  }
  while (Tok.isNot(tok::eod))
    PP.Lex(Tok);
}

namespace {

/// Collects, per function of the main file, its `for` statements: free
/// functions, C++ methods, constructors, destructors and conversion
/// functions, and the primary templates of function templates (not their
/// instantiations: the source has their text once); a lambda's loops belong
/// to the function around it.
class ForCollector : public RecursiveASTVisitor<ForCollector> {
public:
  explicit ForCollector(SourceManager &SM) : SM(SM) {}

  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD)
      return RecursiveASTVisitor::TraverseDecl(D);
    if (!FD->hasBody() || FD->isTemplateInstantiation() ||
        !SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      return true;
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Current = Saved;
    return Result;
  }

  bool TraverseForStmt(ForStmt *S) {
    if (Current)
      Loops.push_back({S, Current, Depth});
    ++Depth;
    bool Result = RecursiveASTVisitor::TraverseForStmt(S);
    --Depth;
    return Result;
  }

  struct Found {
    const ForStmt *Loop;
    const FunctionDecl *Function;
    unsigned ForDepth; ///< number of enclosing `for` loops
  };
  std::vector<Found> Loops;

private:
  SourceManager &SM;
  const FunctionDecl *Current = nullptr;
  unsigned Depth = 0;
};

/// Whether \p Text holds only whitespace, comments and preprocessor lines.
bool isBlankCode(StringRef Text) {
  while (!Text.empty()) {
    Text = Text.ltrim();
    if (Text.consume_front("//") || Text.starts_with("#")) {
      Text = Text.drop_until([](char C) { return C == '\n'; });
      continue;
    }
    if (Text.consume_front("/*")) {
      size_t End = Text.find("*/");
      if (End == StringRef::npos)
        return false;
      Text = Text.drop_front(End + 2);
      continue;
    }
    return Text.empty();
  }
  return true;
}

/// Whether \p S is or contains a `for` statement.
bool containsFor(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ForStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (containsFor(Child))
      return true;
  return false;
}

std::vector<ForCollector::Found> collectLoops(ASTContext &Ctx) {
  ForCollector Collector(Ctx.getSourceManager());
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Collector.Loops;
}

} // namespace

std::vector<NestCandidate>
findMarkedNests(ASTContext &Ctx, const std::vector<SourceLocation> &PragmaLocs) {
  SourceManager &SM = Ctx.getSourceManager();
  std::vector<ForCollector::Found> Loops = collectLoops(Ctx);
  std::vector<NestCandidate> Result;
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  unsigned NotFollowed = Diags.getCustomDiagID(
      DiagnosticsEngine::Warning,
      "'#pragma hetile' is not followed by a 'for' loop; ignored");
  for (SourceLocation P : PragmaLocs) {
    if (!SM.isInMainFile(SM.getExpansionLoc(P)))
      continue;
    std::pair<FileID, unsigned> PDecomp = SM.getDecomposedExpansionLoc(P);
    const ForCollector::Found *Best = nullptr;
    unsigned BestOffset = ~0u;
    for (const ForCollector::Found &F : Loops) {
      auto LDecomp = SM.getDecomposedExpansionLoc(F.Loop->getBeginLoc());
      if (LDecomp.first != PDecomp.first || LDecomp.second <= PDecomp.second ||
          LDecomp.second >= BestOffset)
        continue;
      Best = &F;
      BestOffset = LDecomp.second;
    }
    StringRef Buffer = SM.getBufferData(PDecomp.first);
    bool Adjacent = false;
    if (Best) {
      // Skip the pragma line itself, then only blank code may separate it
      // from the loop.
      size_t LineEnd = Buffer.find('\n', PDecomp.second);
      Adjacent = LineEnd != StringRef::npos && LineEnd < BestOffset &&
                 isBlankCode(Buffer.slice(LineEnd, BestOffset));
    }
    if (!Adjacent) {
      Diags.Report(P, NotFollowed);
      continue;
    }
    Result.push_back({Best->Loop, Best->Function, P});
  }
  return Result;
}

std::vector<NestCandidate> findAllNests(ASTContext &Ctx) {
  std::vector<NestCandidate> Result;
  for (const ForCollector::Found &F : collectLoops(Ctx))
    if (F.ForDepth == 0 && containsFor(F.Loop->getBody()))
      Result.push_back({F.Loop, F.Function, SourceLocation()});
  return Result;
}

std::vector<const ForStmt *> getInnerLoops(const ForStmt *Loop) {
  std::vector<const ForStmt *> Result;
  std::vector<const Stmt *> Work = {Loop->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      Result.push_back(F);
      continue;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  std::sort(Result.begin(), Result.end(), [](const ForStmt *A, const ForStmt *B) {
    return A->getBeginLoc() < B->getBeginLoc();
  });
  return Result;
}

} // namespace hetile
