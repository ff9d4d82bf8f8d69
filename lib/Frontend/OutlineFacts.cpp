//===- OutlineFacts.cpp - The statements outside their function -----------===//

#include "hetile/Frontend/OutlineFacts.h"
#include "hetile/Frontend/NestScan.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hetile {

namespace {

/// Whether \p D is declared inside a function (a local type, enumerator,
/// block-scope declaration).
bool isInFunction(const Decl *D) {
  for (const DeclContext *DC = D->getLexicalDeclContext(); DC;
       DC = DC->getLexicalParent())
    if (DC->isFunctionOrMethod())
      return true;
  return false;
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(const ASTContext &Ctx, const FunctionDecl *F, const Stmt *Nest,
            const NestModel &Model, OutlineFacts &Facts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Model(Model), Facts(Facts) {
    FunctionBegin = SM.getExpansionLoc(F->getBeginLoc());
    JumpTargets = findJumpTargets(F->getBody());
    NestBegin = SM.getExpansionLoc(Nest->getBeginLoc());
    // The end of the last expansion when the nest ends in a macro.
    NestEnd = SM.getExpansionRange(Nest->getEndLoc()).getEnd();
  }

  bool VisitStmt(Stmt *S) {
    checkMacros(S->getBeginLoc());
    checkMacros(S->getEndLoc());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (const auto *VD = dyn_cast<VarDecl>(D))
      return addVariable(VD);
    if (isa<FunctionDecl>(D) || isa<EnumConstantDecl>(D)) {
      if (isInFunction(D) && !isInNest(D->getLocation()))
        block("'" + D->getNameAsString() + "' is declared inside the function");
      return true;
    }
    block("'" + D->getNameAsString() + "' is not a variable or a function");
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    checkType(TL.getTypedefNameDecl());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    checkType(TL.getDecl());
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) { return block("a goto"); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return block("a goto"); }
  bool VisitLabelStmt(LabelStmt *L) {
    // One nothing jumps to is not in the tiled statements (NestScan.h).
    return JumpTargets.count(L->getDecl()) ? block("a label") : true;
  }
  bool VisitAddrLabelExpr(AddrLabelExpr *) { return block("a label"); }
  bool VisitReturnStmt(ReturnStmt *) { return block("a return"); }
  bool VisitPredefinedExpr(PredefinedExpr *) {
    return block("__func__ names the function");
  }
  bool VisitBlockExpr(BlockExpr *) { return block("a block literal"); }
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    // sizeof(A) of an array handed in is the size of a pointer.
    if (!E->isArgumentType())
      return block("a sizeof of an expression");
    return true;
  }

private:
  bool block(const std::string &Why) {
    if (Facts.Blocker.empty())
      Facts.Blocker = Why;
    return true;
  }

  bool isIterator(const VarDecl *VD) const {
    for (const LoopModel &L : Model.Loops)
      if (L.Iter == VD)
        return true;
    return false;
  }

  /// Whether file location \p Loc lies within the nest's text.
  bool isInNest(SourceLocation Loc) const {
    Loc = SM.getExpansionLoc(Loc);
    return !SM.isBeforeInTranslationUnit(Loc, NestBegin) &&
           !SM.isBeforeInTranslationUnit(NestEnd, Loc);
  }

  bool addVariable(const VarDecl *VD) {
    // A recomputed scalar: the statements declare their own.
    if (Model.Recomputed.count(VD))
      return true;
    if (isIterator(VD) || isInNest(VD->getLocation())) {
      if (VD->isStaticLocal())
        block("'" + VD->getName().str() + "' is a static local variable");
      return true;
    }
    std::string Name = VD->getName().str();
    if (VD->isStaticLocal() ||
        (VD->hasExternalStorage() && isInFunction(VD)))
      return block("'" + Name + "' is a static local variable");
    if (VD->isLocalVarDeclOrParm())
      Facts.Locals.insert(Name);
    QualType T = VD->getType().getCanonicalType();
    if (T->isBuiltinType())
      Facts.Scalars.insert(Name);
    // The element type as spelled (a typedef's name stays).
    QualType Elem = VD->getType();
    bool Array = false;
    if (const auto *PT = Elem->getAs<PointerType>()) {
      Elem = PT->getPointeeType();
      Array = true;
    }
    while (const ArrayType *AT = Ctx.getAsArrayType(Elem)) {
      Elem = AT->getElementType();
      Array = true;
    }
    T = Elem.getCanonicalType();
    // An array of structs (ScopArray::Members) whose type is named at file
    // scope, before the function.
    if (Array && T->isStructureOrClassType()) {
      std::string Spelled =
          Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
      const NamedDecl *Named = nullptr;
      if (const auto *TT = Elem->getAs<TypedefType>())
        Named = TT->getDecl();
      else if (const auto *RT = T->getAs<RecordType>())
        Named = RT->getDecl();
      if (!Named || !Named->getIdentifier() || isInFunction(Named) ||
          !SM.isBeforeInTranslationUnit(Named->getLocation(), FunctionBegin) ||
          Spelled.find('(') != std::string::npos)
        return block("'" + Name + "' has a struct type not named before the "
                     "function");
      Facts.Types[Name] = Spelled;
      return true;
    }
    if (!T->isBuiltinType())
      return block("'" + Name + "' has a type that is not a built-in type");
    Facts.Types[Name] =
        T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    return true;
  }

  void checkType(const NamedDecl *D) {
    if (D && isInFunction(D) && !isInNest(D->getLocation()))
      block("type '" + D->getNameAsString() +
            "' is declared inside the function");
  }

  /// Every token of the text a macro expansion produced at \p Loc must
  /// come from a definition seen before the function, or from the nest
  /// itself (a macro's argument); so must each macro name along the way.
  void checkMacros(SourceLocation Loc) {
    while (Loc.isMacroID()) {
      checkSpelled(SM.getSpellingLoc(Loc));
      SourceLocation Name = SM.getImmediateExpansionRange(Loc).getBegin();
      checkSpelled(SM.getSpellingLoc(Name));
      Loc = SM.getImmediateMacroCallerLoc(Loc);
    }
  }

  void checkSpelled(SourceLocation Loc) {
    if (Loc.isInvalid())
      return;
    if (SM.isBeforeInTranslationUnit(Loc, FunctionBegin) || isInNest(Loc))
      return;
    block("a macro defined inside the function");
  }

  const ASTContext &Ctx;
  const SourceManager &SM;
  const NestModel &Model;
  OutlineFacts &Facts;
  SourceLocation FunctionBegin, NestBegin, NestEnd;
  llvm::DenseSet<const LabelDecl *> JumpTargets;
};

/// The offset of the start of the line where \p F begins, when only blanks
/// precede it there; ~0u otherwise.
unsigned insertionOffset(const ASTContext &Ctx, const FunctionDecl *F) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = F->getBeginLoc();
  if (Begin.isInvalid() || Begin.isMacroID() ||
      !SM.isWrittenInMainFile(Begin) || isInFunction(F))
    return ~0u;
  auto [FID, Offset] = SM.getDecomposedLoc(Begin);
  llvm::StringRef Buffer = SM.getBufferData(FID);
  if (Offset > Buffer.size())
    return ~0u;
  unsigned Line = Offset;
  while (Line > 0 && Buffer[Line - 1] != '\n') {
    if (Buffer[Line - 1] != ' ' && Buffer[Line - 1] != '\t')
      return ~0u;
    --Line;
  }
  // What ends before it must end a declaration, a comment or a directive
  // other than a pragma (which may apply to the function, e.g. `omp declare
  // simd`): not an attribute or a declaration specifier on a line of its
  // own, nor a line continued by a backslash.
  llvm::StringRef Before = Buffer.take_front(Line).rtrim();
  if (Before.empty())
    return Line;
  size_t Start = Before.rfind('\n');
  llvm::StringRef Last =
      Before.drop_front(Start == llvm::StringRef::npos ? 0 : Start + 1).trim();
  if (Last.ends_with("\\"))
    return ~0u;
  if (Last.starts_with("#"))
    return Last.drop_front().ltrim().starts_with("pragma") ? ~0u : Line;
  if (Last.starts_with("//") || Last.ends_with("*/") || Last.ends_with(";") ||
      Last.ends_with("}"))
    return Line;
  return ~0u;
}

} // namespace

OutlineFacts collectOutlineFacts(const ASTContext &Ctx, const FunctionDecl *F,
                                 const Stmt *Nest, const NestModel &Model) {
  OutlineFacts Facts;
  if (!F || !Nest || Ctx.getLangOpts().CPlusPlus)
    return Facts;
  Facts.Offset = insertionOffset(Ctx, F);
  if (Facts.Offset == ~0u)
    return Facts;
  Collector(Ctx, F, Nest, Model, Facts).TraverseStmt(const_cast<Stmt *>(Nest));
  return Facts;
}

} // namespace hetile
