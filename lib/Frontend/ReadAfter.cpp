//===- ReadAfter.cpp - Elements the rest of a function reads ---------------===//

#include "hetile/Frontend/ReadAfter.h"
#include "hetile/Frontend/AffineBuilder.h"
#include "hetile/Frontend/PrivateVars.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace hetile {

namespace {

/// Whether \p F is the C library's function \p Names names (a declaration
/// at file scope or in namespace std).
bool isLibraryFunction(const FunctionDecl *F,
                       std::initializer_list<llvm::StringRef> Names) {
  if (!F || !F->getIdentifier())
    return false;
  const DeclContext *DC = F->getDeclContext()->getRedeclContext();
  if (!DC->isTranslationUnit() && !DC->isStdNamespace())
    return false;
  return llvm::is_contained(Names, F->getName());
}

/// Whether \p E (casts aside) allocates fresh storage.
bool isAllocation(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenCasts()
                                                  : nullptr);
  return Call && isLibraryFunction(Call->getDirectCallee(),
                                   {"malloc", "calloc", "aligned_alloc"});
}

/// Whether \p E, casts aside, is the argument of a call to free.
bool isFreed(ASTContext &Ctx, const Expr *E) {
  const Stmt *P = parentOf(Ctx, E);
  while (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P)) {
    E = Cast;
    P = parentOf(Ctx, E);
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(P);
  return Call && Call->getNumArgs() == 1 &&
         Call->getArg(0)->IgnoreParens() == E &&
         isLibraryFunction(Call->getDirectCallee(), {"free"});
}

/// Whether the pointer value \p E is only tested against null: `!p`,
/// `if (p)`, `p == NULL`, `p != 0`.
bool isNullTest(ASTContext &Ctx, const Expr *E) {
  const Stmt *P = parentOf(Ctx, E);
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P))
    return Cast->getCastKind() == CK_PointerToBoolean;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
    return UO->getOpcode() == UO_LNot;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
    const Expr *Other =
        BO->getLHS()->IgnoreParens() == E ? BO->getRHS() : BO->getLHS();
    return BO->isEqualityOp() &&
           Other->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNull);
  }
  return false;
}

/// Whether \p E lies in an operand of sizeof or alignof (not evaluated).
bool isUnevaluated(ASTContext &Ctx, const Stmt *E) {
  for (const Stmt *P = parentOf(Ctx, E); P; P = parentOf(Ctx, P))
    if (isa<UnaryExprOrTypeTraitExpr>(P))
      return true;
  return false;
}

enum class UseKind {
  Harmless, ///< sizeof, free, or a write of a whole element
  Read,     ///< a read of the element whose subscripts are collected
  Any,      ///< may let code read any element
};

/// What the use \p Ref of an array of \p Dims subscripts does; \p Subs gets
/// the subscripts of the element it reads, outermost first.
UseKind classifyUse(ASTContext &Ctx, const DeclRefExpr *Ref, unsigned Dims,
                    std::vector<const Expr *> &Subs) {
  if (isUnevaluated(Ctx, Ref))
    return UseKind::Harmless;
  const Expr *E = Ref;
  while (true) {
    const Stmt *P = parentOf(Ctx, E);
    if (!P)
      return UseKind::Any;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
      CastKind K = Cast->getCastKind();
      bool Base = K == CK_ArrayToPointerDecay ||
                  (K == CK_LValueToRValue && E->getType()->isPointerType());
      if (Base) {
        const auto *Sub =
            dyn_cast_or_null<ArraySubscriptExpr>(parentOf(Ctx, Cast));
        if (Sub && Sub->getBase()->IgnoreParens() == Cast) {
          Subs.push_back(Sub->getIdx());
          E = Sub;
          continue;
        }
        if (Subs.empty() && K == CK_LValueToRValue &&
            (isFreed(Ctx, Cast) || isNullTest(Ctx, Cast)))
          return UseKind::Harmless;
        return UseKind::Any;
      }
      return K == CK_LValueToRValue && Subs.size() == Dims ? UseKind::Read
                                                           : UseKind::Any;
    }
    if (Subs.size() != Dims)
      return UseKind::Any;
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getLHS()->IgnoreParens() != E)
        return UseKind::Any;
      if (BO->getOpcode() == BO_Assign)
        return UseKind::Harmless;
      return BO->isCompoundAssignmentOp() ? UseKind::Read : UseKind::Any;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P))
      return UO->isIncrementDecrementOp() ? UseKind::Read : UseKind::Any;
    return UseKind::Any;
  }
}

/// Every use of the candidate arrays and of the integer variables in a
/// function body, outside the nest.
class Uses : public RecursiveASTVisitor<Uses> {
public:
  Uses(const ASTContext &Ctx,
       const llvm::DenseSet<const DeclRefExpr *> &InNest)
      : Ctx(Ctx), InNest(InNest) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl()))
      ByVar[VD].push_back(E);
    return true;
  }
  bool VisitLabelStmt(LabelStmt *) {
    HasLabel = true;
    return true;
  }
  /// The size of a variable-length array type: the parent map does not
  /// reach inside types, so its reads are found here.
  bool VisitVariableArrayTypeLoc(VariableArrayTypeLoc TL) {
    if (const Expr *Size = TL.getSizeExpr(); Size && !Size->HasSideEffects(Ctx))
      collectSizeReads(Size);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable())
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          Captured.insert(VD);
    return true;
  }
  /// The uses of \p VD outside the nest.
  std::vector<const DeclRefExpr *> outside(const VarDecl *VD) const {
    std::vector<const DeclRefExpr *> Out;
    auto It = ByVar.find(VD);
    if (It != ByVar.end())
      for (const DeclRefExpr *E : It->second)
        if (!InNest.count(E))
          Out.push_back(E);
    return Out;
  }
  /// Whether \p VD is only ever read (in the nest too), never captured.
  bool onlyRead(ASTContext &Ctx, const VarDecl *VD) const {
    if (Captured.count(VD))
      return false;
    auto It = ByVar.find(VD);
    if (It == ByVar.end())
      return true;
    for (const DeclRefExpr *E : It->second) {
      const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(parentOf(Ctx, E));
      if (!SizeReads.count(E) && !isUnevaluated(Ctx, E) &&
          (!Cast || Cast->getCastKind() != CK_LValueToRValue))
        return false;
    }
    return true;
  }

  bool HasLabel = false;
  llvm::DenseSet<const VarDecl *> Captured;

private:
  /// The variables in \p S, the size of an array type without side
  /// effects, are only read there.
  void collectSizeReads(const Stmt *S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      SizeReads.insert(Ref);
    for (const Stmt *Child : S->children())
      if (Child)
        collectSizeReads(Child);
  }

  llvm::DenseSet<const DeclRefExpr *> SizeReads;
  const ASTContext &Ctx;
  const llvm::DenseSet<const DeclRefExpr *> &InNest;
  llvm::DenseMap<const VarDecl *, std::vector<const DeclRefExpr *>> ByVar;
};

class NestRefs : public RecursiveASTVisitor<NestRefs> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Refs.insert(E);
    return true;
  }
  llvm::DenseSet<const DeclRefExpr *> Refs;
};

/// Whether \p Nest lies in a loop of its function.
/// Whether \p S holds a label.
bool hasLabel(const Stmt *S) {
  if (!S)
    return false;
  if (isa<LabelStmt>(S))
    return true;
  return llvm::any_of(S->children(),
                      [](const Stmt *Child) { return hasLabel(Child); });
}

bool inLoop(ASTContext &Ctx, const Stmt *Nest) {
  for (const Stmt *S = Nest; S;) {
    DynTypedNodeList Parents = Ctx.getParents(*S);
    if (Parents.size() != 1)
      return Parents.size() > 1;
    S = Parents[0].get<Stmt>();
    if (S && (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
              isa<CXXForRangeStmt>(S)))
      return true;
  }
  return false;
}

/// Whether the storage of \p VD is the function's own: a local array, or a
/// local pointer to what malloc returned, never assigned again.
bool ownStorage(ASTContext &Ctx, const FunctionDecl *Function,
                const VarDecl *VD) {
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      VD->getParentFunctionOrMethod() != Function ||
      VD->getType().isVolatileQualified())
    return false;
  QualType T = VD->getType();
  if (Ctx.getAsArrayType(T))
    return true;
  return T->isPointerType() && isAllocation(VD->getInit());
}

/// The subscripts of every element read outside the nest through \p VD,
/// nullopt when code outside may read any element. With \p Flat (a
/// delinearized array), each read's one subscript as a polynomial goes to
/// \p Flat instead.
std::optional<std::vector<std::vector<AffineExpr>>>
readsOutside(ASTContext &Ctx, const Uses &U, const VarDecl *VD, unsigned Dims,
             const VarClassifier &Classify,
             std::vector<Polynomial> *Flat = nullptr) {
  if (U.Captured.count(VD))
    return std::nullopt;
  std::vector<std::vector<AffineExpr>> Reads;
  for (const DeclRefExpr *Ref : U.outside(VD)) {
    std::vector<const Expr *> Subs;
    UseKind K = classifyUse(Ctx, Ref, Dims, Subs);
    if (K == UseKind::Any)
      return std::nullopt;
    if (K == UseKind::Harmless)
      continue;
    if (Flat) {
      PolynomialError Err;
      std::optional<Polynomial> P =
          buildPolynomial(Ctx, Subs.front(), Classify, Err);
      if (!P)
        return std::nullopt;
      Flat->push_back(std::move(*P));
      continue;
    }
    std::vector<AffineExpr> Element;
    for (const Expr *S : Subs) {
      AffineBuilder B(Ctx, Classify);
      std::optional<AffineExpr> A = B.buildAffine(S);
      if (!A || !B.getRangeChecks().empty())
        return std::nullopt;
      Element.push_back(std::move(*A));
    }
    Reads.push_back(std::move(Element));
  }
  return Reads;
}

} // namespace

std::string runsAgain(ASTContext &Ctx, const FunctionDecl *Function,
                      const Stmt *Nest) {
  if (inLoop(Ctx, Nest))
    return "a loop of its function around it runs it again";
  if (!Function || !Function->hasBody() || !hasLabel(Function->getBody()))
    return "";
  return "its function has a label, from which a goto may run it again";
}

namespace {

/// Whether \p S, a statement between two nests, can neither read nor write
/// memory that a nest touches, nor leave the block: declarations and
/// expressions over scalar variables, literals and operators only (no
/// call, subscript, dereference, address, member, jump or nested
/// statement).
bool touchesNoMemory(const Stmt *S) {
  if (!S)
    return true;
  if (isa<NullStmt>(S))
    return true;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || V->isStaticLocal() || !V->getType()->isScalarType() ||
          V->getType()->isPointerType() ||
          !touchesNoMemory(V->getInit()))
        return false;
    }
    return true;
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral,
          CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DR->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(DR->getDecl());
    return V && V->hasLocalStorage() && V->getType()->isScalarType() &&
           !V->getType()->isPointerType() &&
           !V->getType().isVolatileQualified();
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() != UO_Deref && UO->getOpcode() != UO_AddrOf &&
           touchesNoMemory(UO->getSubExpr());
  if (isa<BinaryOperator, ConditionalOperator, ImplicitCastExpr,
          CStyleCastExpr>(E)) {
    for (const Stmt *C : E->children())
      if (!touchesNoMemory(C))
        return false;
    return true;
  }
  return false;
}

} // namespace

std::optional<unsigned> nextNestAfter(ASTContext &Ctx, const Stmt *Nest) {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(parentOf(Ctx, Nest));
  if (!Block)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  bool After = false;
  for (const Stmt *S : Block->body()) {
    if (S == Nest) {
      After = true;
      continue;
    }
    if (!After)
      continue;
    if (isa<ForStmt>(S))
      return SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc()));
    if (!touchesNoMemory(S))
      return std::nullopt;
  }
  return std::nullopt;
}

void markReadAfter(ASTContext &Ctx, const FunctionDecl *Function,
                   const Stmt *Nest, NestModel &Model) {
  if (!Function || !Function->hasBody() || inLoop(Ctx, Nest))
    return;
  NestRefs InNest;
  InNest.TraverseStmt(const_cast<Stmt *>(Nest));
  Uses U(Ctx, InNest.Refs);
  U.TraverseStmt(Function->getBody());
  if (U.HasLabel)
    return;
  // Integer variables the function only reads hold at every read after
  // the nest the value the nest saw.
  llvm::DenseMap<const VarDecl *, bool> ReadOnly;
  VarClassifier Classify = [&](const VarDecl *V) {
    if (!V || !V->hasLocalStorage() || !V->getType()->isIntegerType() ||
        !llvm::is_contained(Model.Params, V))
      return VarRole::Opaque;
    auto [It, New] = ReadOnly.try_emplace(V, false);
    if (New)
      It->second = U.onlyRead(Ctx, V);
    return It->second ? VarRole::Parameter : VarRole::Opaque;
  };
  for (ArrayModel &A : Model.Arrays) {
    if (A.Info.Members || A.RowExtents.size() > 1 ||
        !ownStorage(Ctx, Function, A.Decl))
      continue;
    // A flat array with rows of one length, `d[i * (m + 1) + j]`: its reads
    // after the nest have one subscript, split by the assembler.
    if (A.RowExtents.size() == 1) {
      std::vector<Polynomial> Flat;
      if (readsOutside(Ctx, U, A.Decl, 1, Classify, &Flat)) {
        A.ReadAfter.emplace();
        A.FlatReadAfter = std::move(Flat);
      }
      continue;
    }
    // The model's subscripts: those of the nest's accesses.
    std::optional<unsigned> Dims = Model.subscriptCount(A.Decl);
    if (!Dims)
      continue;
    A.ReadAfter = readsOutside(Ctx, U, A.Decl, *Dims, Classify);
  }
}

} // namespace hetile
