//===- ReadAfter.cpp - Elements the rest of a function reads ---------------===//

#include "hetile/Frontend/ReadAfter.h"
#include "hetile/Frontend/AffineBuilder.h"
#include "hetile/Frontend/PrivateVars.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace hetile {

namespace {

/// The C library's output and clocks, MPI's and OpenMP's clocks and a few
/// of libm's functions: they touch their arguments and the streams only.
const llvm::StringRef OutputClocksMath[] = {
    "printf",        "fprintf",       "puts",          "fputs", "putchar",
    "fflush",        "clock",         "time",          "gettimeofday",
    "clock_gettime", "MPI_Wtime",     "omp_get_wtime", "sqrt",  "fabs",
    "exp",           "log",           "pow",           "floor", "ceil",
    "fmin",          "fmax"};

/// Whether \p F is the C library's function \p Names names (a declaration
/// at file scope or in namespace std).
bool isLibraryFunction(const FunctionDecl *F,
                       llvm::ArrayRef<llvm::StringRef> Names) {
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

/// Whether \p S holds a label.
bool hasLabel(const Stmt *S) {
  if (!S)
    return false;
  if (isa<LabelStmt>(S))
    return true;
  return llvm::any_of(S->children(),
                      [](const Stmt *Child) { return hasLabel(Child); });
}

/// Whether \p Nest lies in a loop of its function.
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

/// The first call in source order after \p End of a function that may
/// carry what the ranks hold to another rank: any function but the C
/// library's output, clocks, allocation, string-to-number and math
/// functions, and MPI's queries, barrier and end.
class CallsAfter : public RecursiveASTVisitor<CallsAfter> {
public:
  CallsAfter(const SourceManager &SM, SourceLocation End) : SM(SM), End(End) {}

  bool VisitCallExpr(CallExpr *Call) {
    SourceLocation At = SM.getExpansionLoc(Call->getBeginLoc());
    if (!First.empty() || !SM.isBeforeInTranslationUnit(End, At))
      return true;
    const FunctionDecl *F = Call->getDirectCallee();
    if (isLibraryFunction(F, OutputClocksMath) ||
        isLibraryFunction(F, {"fputc", "fwrite", "fopen", "fclose", "free",
                              "malloc", "calloc", "realloc", "aligned_alloc",
                              "memset", "memcpy", "atoi", "atol", "atof",
                              "strtol", "strtod", "exit", "abort",
                              "MPI_Comm_rank", "MPI_Comm_size", "MPI_Barrier",
                              "MPI_Finalize"}))
      return true;
    First = F && F->getIdentifier() ? F->getName().str() + "()"
                                    : "a function through a pointer";
    return true;
  }

  std::string First;

private:
  const SourceManager &SM;
  SourceLocation End;
};

} // namespace

std::string passesOn(ASTContext &Ctx, const FunctionDecl *Function,
                     const Stmt *Nest) {
  if (!Function || !Function->hasBody())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  CallsAfter Calls(SM, SM.getExpansionLoc(Nest->getEndLoc()));
  Calls.TraverseStmt(Function->getBody());
  if (Calls.First.empty())
    return "";
  return "its function calls " + Calls.First +
         " after it, which may pass its values on from any rank";
}

namespace {

/// The references to \p V in the body of its function.
class RefsTo : public RecursiveASTVisitor<RefsTo> {
public:
  explicit RefsTo(const VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == V)
      Refs.push_back(E);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == V)
        Captured = true;
    return true;
  }
  const VarDecl *V;
  std::vector<const DeclRefExpr *> Refs;
  bool Captured = false;
};

/// Whether statements between two nests, and the functions they call, can
/// neither read nor write memory that a nest touches, nor leave the block:
/// declarations and expressions over local scalars (and local structs of
/// scalars such as a `struct timeval`), literals and operators, and calls
/// of the C library's output and clock functions or of functions of the
/// file whose bodies are of the same kind (a timer of the program's own);
/// and copies between local pointer variables that the function only ever
/// reads, assigns or swaps (the swap of two grids' pointers, `t = a; a = b;
/// b = t;`, `std::swap(a, b)`): they change which array a later nest names,
/// not any element, and the values left for the next nest are found by
/// their addresses. No
/// subscript, dereference, other pointer, global variable, jump, or call of
/// a function whose body is not in sight.
class TouchesNoMemory {
public:
  explicit TouchesNoMemory(ASTContext &Ctx) : Ctx(&Ctx) {}
  bool statement(const Stmt *S) { return stmt(S, /*InFunction=*/false); }

private:
  /// A local variable whose value is scalars only: a scalar that is not a
  /// pointer, or a struct (or class) of such fields, not volatile.
  static bool plainLocal(const VarDecl *V) {
    if (!V || !V->hasLocalStorage() || V->isStaticLocal() ||
        V->getType().isVolatileQualified())
      return false;
    return plainType(V->getType());
  }
  static bool plainType(QualType T) {
    T = T.getCanonicalType();
    if (T->isScalarType())
      return !T->isPointerType() && !T->isMemberPointerType();
    const auto *RT = T->getAs<RecordType>();
    if (!RT || RT->getDecl()->isUnion())
      return false;
    const RecordDecl *R = RT->getDecl()->getDefinition();
    if (!R)
      return false;
    if (const auto *C = dyn_cast<CXXRecordDecl>(R))
      if (!C->isCLike())
        return false;
    for (const FieldDecl *F : R->fields())
      if (!F->getType()->isScalarType() || F->getType()->isPointerType())
        return false;
    return true;
  }

  /// A local pointer variable to objects, not volatile, whose every use in
  /// its function reads its value, assigns it with a plain `=` or swaps it
  /// with another (`std::swap`): no address taken, no other reference
  /// bound to it, no capture, no increment. Memory that a nest touches
  /// cannot hold it then.
  bool copiedPointer(const VarDecl *V) {
    if (!V || !V->hasLocalStorage() || V->isStaticLocal() ||
        V->getType().isVolatileQualified() || !V->getType()->isPointerType() ||
        V->getType()->isFunctionPointerType())
      return false;
    auto [It, New] = Pointers.try_emplace(V, false);
    if (!New)
      return It->second;
    const auto *F =
        dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    if (!F || !F->hasBody())
      return false;
    RefsTo Refs(V);
    Refs.TraverseStmt(F->getBody());
    bool Ok = !Refs.Captured;
    for (const DeclRefExpr *E : Refs.Refs) {
      if (!Ok)
        break;
      if (isUnevaluated(*Ctx, E))
        continue;
      const Stmt *P = parentOf(*Ctx, E);
      while (isa_and_nonnull<ParenExpr>(P))
        P = parentOf(*Ctx, P);
      if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P))
        Ok = Cast->getCastKind() == CK_LValueToRValue;
      else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
        Ok = BO->getOpcode() == BO_Assign &&
             BO->getLHS()->IgnoreParens() == E;
      else if (const auto *Call = dyn_cast_or_null<CallExpr>(P))
        Ok = isStdSwap(Call); // exchanges the two values only
      else
        Ok = false;
    }
    return It->second = Ok;
  }

  /// `std::swap(a, b)` of two variables.
  static bool isStdSwap(const CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    return F && Call->getNumArgs() == 2 &&
           isLibraryFunction(F, {"swap"}) &&
           F->getDeclContext()->getRedeclContext()->isStdNamespace() &&
           llvm::all_of(Call->arguments(), [](const Expr *A) {
             return isa<DeclRefExpr>(A->IgnoreParens());
           });
  }

  /// The value of such a pointer variable, implicitly converted at most
  /// (`restrict` dropped; between two variably modified types, `double
  /// (*)[n]`, Clang casts the bits).
  bool pointerCopy(const Expr *E) {
    while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E->IgnoreParens())) {
      CastKind K = Cast->getCastKind();
      if (K != CK_LValueToRValue && K != CK_NoOp && K != CK_BitCast)
        return false;
      E = Cast->getSubExpr();
    }
    E = E->IgnoreParens();
    // `s % 2 ? A : B`, the grids of a step by its parity.
    if (const auto *C = dyn_cast<ConditionalOperator>(E))
      return expr(C->getCond()) && pointerCopy(C->getTrueExpr()) &&
             pointerCopy(C->getFalseExpr());
    const auto *DR = dyn_cast<DeclRefExpr>(E);
    return DR && copiedPointer(dyn_cast<VarDecl>(DR->getDecl()));
  }

  bool stmt(const Stmt *S, bool InFunction) {
    if (!S || isa<NullStmt>(S))
      return true;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(D);
        if (V && !InFunction && copiedPointer(V) && V->getInit() &&
            pointerCopy(V->getInit()))
          continue;
        if (!V || !plainLocal(V) || !expr(V->getInit()))
          return false;
      }
      return true;
    }
    // Blocks and tests of such statements (`if (verbose) printf(...)`);
    // a return only in a called function's body.
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return llvm::all_of(CS->body(),
                          [&](const Stmt *C) { return stmt(C, InFunction); });
    if (const auto *If = dyn_cast<IfStmt>(S))
      return !If->getInit() && !If->getConditionVariable() &&
             !If->isConsteval() && expr(If->getCond()) &&
             stmt(If->getThen(), InFunction) &&
             stmt(If->getElse(), InFunction);
    if (const auto *R = dyn_cast<ReturnStmt>(S))
      return InFunction && expr(R->getRetValue());
    const auto *E = dyn_cast<Expr>(S);
    return E && expr(E);
  }

  bool expr(const Expr *E) {
    if (!E)
      return true;
    E = E->IgnoreParens();
    // `a = b` between pointer variables of the nests' function (not in a
    // called function, whose pointers may be the caller's copies).
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      if (BO->getOpcode() == BO_Assign && Depth == 0)
        if (const auto *DR =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
          if (copiedPointer(dyn_cast<VarDecl>(DR->getDecl())))
            return pointerCopy(BO->getRHS());
    if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral,
            CXXBoolLiteralExpr, UnaryExprOrTypeTraitExpr>(E))
      return true;
    if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      if (isa<EnumConstantDecl>(DR->getDecl()))
        return true;
      const auto *V = dyn_cast<VarDecl>(DR->getDecl());
      return plainLocal(V) && V->getType()->isScalarType();
    }
    // `tv.tv_sec`: a field of a local struct of scalars.
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      const auto *Base =
          dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
      return !M->isArrow() && Base &&
             plainLocal(dyn_cast<VarDecl>(Base->getDecl()));
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->getOpcode() != UO_Deref && UO->getOpcode() != UO_AddrOf &&
             expr(UO->getSubExpr());
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return call(Call);
    if (isa<BinaryOperator, ConditionalOperator, ImplicitCastExpr,
            CStyleCastExpr>(E))
      return llvm::all_of(E->children(),
                          [&](const Stmt *C) { return expr(cast<Expr>(C)); });
    return false;
  }

  /// An argument of a library call: what expr allows, a string literal
  /// (a format), the standard streams, a null pointer, or the address of a
  /// local struct of scalars (`&tv`), which the call may fill.
  bool libraryArgument(const Expr *A) {
    const Expr *Bare = A->IgnoreParenImpCasts();
    if (isa<StringLiteral>(Bare) || isa<GNUNullExpr>(Bare) ||
        isa<CXXNullPtrLiteralExpr>(Bare))
      return true;
    if (A->IgnoreParenCasts()->getType()->isPointerType() &&
        A->isNullPointerConstant(*Ctx, Expr::NPC_ValueDependentIsNotNull))
      return true;
    if (const auto *DR = dyn_cast<DeclRefExpr>(Bare))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        if (V->hasGlobalStorage() && V->getIdentifier() &&
            (V->getName() == "stdout" || V->getName() == "stderr") &&
            V->getDeclContext()->getRedeclContext()->isTranslationUnit())
          return true;
    if (const auto *UO = dyn_cast<UnaryOperator>(Bare))
      if (UO->getOpcode() == UO_AddrOf)
        if (const auto *DR =
                dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens()))
          return plainLocal(dyn_cast<VarDecl>(DR->getDecl()));
    return expr(A);
  }

  bool call(const CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F)
      return false;
    if (Depth == 0 && isStdSwap(Call))
      return llvm::all_of(Call->arguments(), [&](const Expr *A) {
        const auto *DR = dyn_cast<DeclRefExpr>(A->IgnoreParens());
        return DR && copiedPointer(dyn_cast<VarDecl>(DR->getDecl()));
      });
    const FunctionDecl *Def = nullptr;
    if (F->hasBody(Def) && Def) {
      // A function of the program: scalar arguments and result, a body of
      // the same kind, a few calls deep, no recursion.
      QualType R = Def->getReturnType();
      if (Depth >= 4 || Def->isVariadic() || llvm::is_contained(Open, Def) ||
          (!R->isVoidType() && (!R->isScalarType() || R->isPointerType())))
        return false;
      for (const ParmVarDecl *P : Def->parameters())
        if (!P->getType()->isScalarType() || P->getType()->isPointerType())
          return false;
      if (!llvm::all_of(Call->arguments(),
                        [&](const Expr *A) { return expr(A); }))
        return false;
      Open.push_back(Def);
      ++Depth;
      bool Ok = stmt(Def->getBody(), /*InFunction=*/true);
      --Depth;
      Open.pop_back();
      return Ok;
    }
    // The C library's output and clocks (and MPI's and OpenMP's clocks):
    // they touch their arguments and the streams only.
    if (!isLibraryFunction(F, OutputClocksMath))
      return false;
    return llvm::all_of(Call->arguments(),
                        [&](const Expr *A) { return libraryArgument(A); });
  }

  ASTContext *Ctx;
  unsigned Depth = 0;
  llvm::SmallVector<const FunctionDecl *, 4> Open;
  llvm::DenseMap<const VarDecl *, bool> Pointers;
};

} // namespace

namespace {

/// Whether \p S holds a jump that can leave a loop around it other than
/// by its end or a `break` of it (return, goto, a label to jump to, throw).
bool leavesOtherwise(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
      isa<LabelStmt>(S) || isa<CXXThrowExpr>(S) || isa<CoreturnStmt>(S))
    return true;
  return llvm::any_of(S->children(),
                      [](const Stmt *Child) { return leavesOtherwise(Child); });
}

/// The loop whose body is \p Block, where it can serve as the back edge
/// between two nests: a `for` or `while` statement of a block (a statement
/// can follow it) whose condition and increment touch no memory a nest
/// may touch and whose body has no other exit than its end or a `break`.
const Stmt *backEdgeLoop(ASTContext &Ctx, const CompoundStmt *Block,
                         TouchesNoMemory &Between) {
  const Stmt *Loop = parentOf(Ctx, Block);
  const Expr *Cond = nullptr, *Inc = nullptr;
  if (const auto *For = dyn_cast_or_null<ForStmt>(Loop)) {
    if (For->getBody() != Block)
      return nullptr;
    Cond = For->getCond();
    Inc = For->getInc();
  } else if (const auto *While = dyn_cast_or_null<WhileStmt>(Loop)) {
    if (While->getBody() != Block || While->getConditionVariable())
      return nullptr;
    Cond = While->getCond();
  } else {
    return nullptr;
  }
  if (!isa_and_nonnull<CompoundStmt>(parentOf(Ctx, Loop)) ||
      leavesOtherwise(Block) || (Cond && !Between.statement(Cond)) ||
      (Inc && !Between.statement(Inc)))
    return nullptr;
  return Loop;
}

} // namespace

std::optional<NextNest> nextNestAfter(ASTContext &Ctx, const Stmt *Nest) {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(parentOf(Ctx, Nest));
  if (!Block)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  auto OffsetOf = [&](SourceLocation L) {
    return SM.getFileOffset(SM.getExpansionLoc(L));
  };
  TouchesNoMemory Between(Ctx);
  // The first `for` of Stmts, where every statement before it is of
  // TouchesNoMemory's kind; Ends: whether Stmts holds no other kind.
  auto FirstFor = [&](llvm::ArrayRef<Stmt *> Stmts,
                      bool &Ends) -> const Stmt * {
    Ends = false;
    for (const Stmt *S : Stmts) {
      if (isa<ForStmt>(S))
        return S;
      if (!Between.statement(S))
        return nullptr;
    }
    Ends = true;
    return nullptr;
  };
  llvm::ArrayRef<Stmt *> Body(Block->body_begin(), Block->body_end());
  const auto *At = llvm::find(Body, Nest);
  if (At == Body.end())
    return std::nullopt;
  bool Ends = false;
  if (const Stmt *Next = FirstFor(Body.drop_front(At - Body.begin() + 1), Ends))
    return NextNest{OffsetOf(Next->getBeginLoc())};
  // The nest ends its block: across the back edge of a loop whose body the
  // block is, the first `for` of the block runs next (the nest itself when
  // it is the only one), every time but after the last step.
  const Stmt *Loop = Ends ? backEdgeLoop(Ctx, Block, Between) : nullptr;
  const Stmt *First = Loop ? FirstFor(Body, Ends) : nullptr;
  if (!First)
    return std::nullopt;
  SourceLocation End = Lexer::getLocForEndOfToken(
      SM.getExpansionLoc(Loop->getEndLoc()), 0, SM, Ctx.getLangOpts());
  if (End.isInvalid())
    return std::nullopt;
  return NextNest{OffsetOf(First->getBeginLoc()), SM.getFileOffset(End),
                  SM.getExpansionLineNumber(Loop->getBeginLoc())};
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
