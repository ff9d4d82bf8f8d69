//===- TemplateCheck.cpp - Nests inside C++ templates ---------------------===//

#include "hetile/Frontend/TemplateCheck.h"
#include "hetile/Frontend/ScopBuilder.h"
#include "hetile/Frontend/SourceText.h"

#include "clang/AST/Expr.h"

using namespace clang;

namespace hetile {

namespace {

bool isDependent(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S))
    return E->isInstantiationDependent();
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (VD->getType()->isInstantiationDependentType())
          return true;
  return false;
}

/// The innermost dependent construct of \p S in textual order (an
/// expression none of whose operands is dependent, or a declaration of a
/// dependent type), or null.
const Stmt *firstDependent(const Stmt *S) {
  if (!S)
    return nullptr;
  for (const Stmt *Child : S->children())
    if (const Stmt *Found = firstDependent(Child))
      return Found;
  return isDependent(S) ? S : nullptr;
}

} // namespace

std::optional<RejectReason>
checkTemplateDependence(ASTContext &Ctx, const Stmt *Nest) {
  const Stmt *Dep = firstDependent(Nest);
  if (!Dep)
    return std::nullopt;
  std::string What = isa<DeclStmt>(Dep) ? "the declaration " : "";
  return makeReject(Ctx, RejectKind::TemplateDependent, Dep->getBeginLoc(),
                    What + "'" + getQuotedText(Ctx, Dep) +
                        "' depends on a template parameter: the nest is "
                        "rewritten once for every instantiation");
}

} // namespace hetile
