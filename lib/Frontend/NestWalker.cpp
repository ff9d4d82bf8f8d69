//===- NestWalker.cpp - Walk one for nest into a NestModel ----------------===//

#include "hetile/Frontend/NestWalker.h"
#include "hetile/Frontend/AccessCollector.h"
#include "hetile/Frontend/ArrayInfo.h"
#include "hetile/Frontend/Delinearize.h"
#include "hetile/Frontend/LoopHeader.h"
#include "hetile/Frontend/ScopBuilder.h"
#include "hetile/Frontend/SourceText.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace clang;

namespace hetile {

//===-- Services ----------------------------------------------------------===//

bool NestWalker::reject(RejectKind K, SourceLocation L, std::string Message) {
  if (!Reject)
    Reject = makeReject(Ctx, K, L, std::move(Message));
  return false;
}

bool NestWalker::reject(RejectReason R) {
  if (!Reject)
    Reject = std::move(R);
  return false;
}

bool NestWalker::rejectAffine(const AffineError &E, RejectKind Kind,
                              std::string Message, RejectKind MemKind,
                              std::string MemMessage) {
  if (E.Kind == AffineFailure::Written && E.Var) {
    std::string Name = E.Var->getName().str();
    SourceLocation L = Scan.Written.lookup(E.Var);
    return reject(RejectKind::WriteToParameter, L,
                  "the nest writes '" + Name +
                      "', which its bounds or subscripts use");
  }
  SourceLocation L = E.At ? E.At->getBeginLoc() : SourceLocation();
  if (const auto *ME =
          E.At ? dyn_cast<MemberExpr>(E.At->IgnoreParenImpCasts()) : nullptr)
    if (std::optional<RejectReason> R = rejectThisMember(Ctx, ME))
      return reject(R->Kind, L, R->Message);
  if (E.Kind == AffineFailure::ReadsMemory)
    return reject(MemKind, L, std::move(MemMessage));
  if (!E.Detail.empty())
    Message += " (" + E.Detail + ")";
  return reject(Kind, L, std::move(Message));
}

VarRole NestWalker::classify(const VarDecl *VD) const {
  if (Arguments.count(VD))
    return VarRole::Defined;
  for (unsigned Id : LoopStack)
    if (Model.Loops[Id].Iter == VD)
      return VarRole::Iterator;
  if (Recomputed.count(VD))
    return VarRole::Defined;
  if (Scan.Written.count(VD))
    return VarRole::Written;
  QualType T = VD->getType();
  if (!T->isIntegralOrEnumerationType() || T.isVolatileQualified())
    return VarRole::Opaque;
  return VarRole::Parameter;
}

VarClassifier NestWalker::makeClassifier() {
  return [this](const VarDecl *VD) {
    VarRole R = classify(VD);
    if (R == VarRole::Parameter && !llvm::is_contained(Model.Params, VD))
      Model.Params.push_back(VD);
    return R;
  };
}

AffineBuilder NestWalker::makeAffineBuilder() {
  return AffineBuilder(Ctx, makeClassifier(), makeDefinition(),
                       makeLoadResolver());
}

LoadResolver NestWalker::makeLoadResolver() {
  return [this](const MemberExpr *E, const Cond &Where) {
    const VarDecl *VD = invariantLoad(E);
    if (VD && Where.K == Cond::Kind::True)
      noteSureRead(VD);
    return VD;
  };
}

//===-- Invariant loads ---------------------------------------------------===//

namespace {
/// Whether a load of type \p T can stand for a value of its own.
bool isLoadableType(QualType T) {
  if (T.isVolatileQualified())
    return false;
  if (T->isIntegralOrEnumerationType() || T->isRealFloatingType())
    return true;
  const auto *PT = T->getAs<PointerType>();
  return PT && PT->getPointeeType()->isObjectType() &&
         !PT->getPointeeType().isVolatileQualified();
}

/// "hetile_" and the letters, digits and underscores of \p Text, the
/// rest as underscores ("f->rows" -> "hetile_f_rows").
std::string loadName(llvm::StringRef Text) {
  std::string Name = "hetile_";
  bool Sep = false;
  for (char C : Text) {
    if (isalnum((unsigned char)C) || C == '_') {
      if (Sep && Name.back() != '_')
        Name += '_';
      Name += C;
      Sep = false;
    } else {
      Sep = true;
    }
  }
  return Name;
}
} // namespace

bool NestWalker::loadPath(const Expr *E, LoadPath &Out) const {
  E = E->IgnoreParenImpCasts();
  if (E->isTypeDependent() || E->isValueDependent() ||
      E->getType().isVolatileQualified())
    return false;
  std::string Path;
  const Expr *B = E;
  for (const auto *M = dyn_cast<MemberExpr>(E); M;) {
    const auto *FD = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!FD || FD->isBitField() || FD->getType().isVolatileQualified())
      return false;
    bool Arrow = M->isArrow();
    Path = (Arrow ? "->" : ".") + FD->getName().str() + Path;
    B = M->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(B)) {
      if (!Arrow)
        return false;
      Out.Text = "this" + Path;
      return true;
    }
    const auto *Inner = dyn_cast<MemberExpr>(B);
    if (Inner && Arrow) // a pointer read from memory, not a variable
      return false;
    if (!Inner) {
      const auto *DRE = dyn_cast<DeclRefExpr>(B);
      const auto *Base = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!Base || Arrow != Base->getType()->isPointerType())
        return false;
      if (Arrow)
        Out.Pointer = Base;
      break;
    }
    M = Inner;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(B);
  const auto *Base = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!Base || !isConstantVariable(Base))
    return false;
  Out.Text = Base->getName().str() + Path;
  return true;
}

bool NestWalker::isConstantVariable(const VarDecl *VD) const {
  return !Scan.Written.count(VD) && !Scan.DeclaredInside.count(VD) &&
         !Scan.HeaderVars.count(VD) && !Recomputed.count(VD) &&
         !VD->getType().isVolatileQualified();
}

VarDecl *NestWalker::makeVariable(const std::string &Name, QualType T,
                                  SourceLocation Use) {
  SourceLocation Loc = Ctx.getSourceManager().getFileLoc(Use);
  return VarDecl::Create(Ctx, Ctx.getTranslationUnitDecl(), Loc, Loc,
                         &Ctx.Idents.get(Name), T,
                         Ctx.getTrivialTypeSourceInfo(T, Loc), SC_None);
}

const VarDecl *NestWalker::registerLoad(const LoadPath &P,
                                        const std::string &Text,
                                        const std::string &Object, QualType T,
                                        SourceLocation Use,
                                        const std::string &Spelled) {
  for (const LoadModel &L : Model.Loads)
    if (L.Text == Text)
      return L.Var;
  std::string Base = loadName(Spelled.empty() ? Text : Spelled);
  std::string Name = Base;
  for (unsigned K = 2; llvm::any_of(Model.Loads, [&](const LoadModel &L) {
         return L.Var->getName() == Name;
       });
       ++K)
    Name = Base + "_" + std::to_string(K);
  LoadModel L;
  L.Var = makeVariable(Name, T, Use);
  L.Pointer = P.Pointer;
  L.Text = Text;
  L.Spelled = Spelled.empty() ? Text : Spelled;
  L.Object = Object;
  L.Type = T.getAsString(Ctx.getPrintingPolicy());
  llvm::raw_string_ostream Decl(L.Declaration);
  T.print(Decl, Ctx.getPrintingPolicy(), Name);
  Model.Loads.push_back(std::move(L));
  return Model.Loads.back().Var;
}

const VarDecl *NestWalker::invariantLoad(const MemberExpr *E) {
  LoadPath P;
  if (!isLoadableType(E->getType()))
    return nullptr;
  if (loadPath(E, P))
    return registerLoad(P, P.Text, P.Text, E->getType().getUnqualifiedType(),
                        E->getBeginLoc());
  // A member read through a pointer that is itself a member read once
  // (f->g->rows): the pointer first (hetile_f_g), then the member through
  // it (hetile_f_g->rows), read where the original surely reads both
  // (noteSureRead notes the pointer's read with each of the member's), and
  // checked, both, against the nest's writes.
  const auto *FD = dyn_cast<FieldDecl>(E->getMemberDecl());
  const auto *Inner =
      dyn_cast<MemberExpr>(E->getBase()->IgnoreParenImpCasts());
  if (!E->isArrow() || !Inner || !FD || FD->isBitField() ||
      E->isTypeDependent() || E->isValueDependent())
    return nullptr;
  const VarDecl *Base = invariantLoad(Inner);
  if (!Base)
    return nullptr;
  LoadPath Through;
  Through.Pointer = Base;
  std::string Text = Base->getName().str() + "->" + FD->getName().str();
  std::string Spelled;
  for (const LoadModel &L : Model.Loads)
    if (L.Var == Base)
      Spelled = L.Spelled + "->" + FD->getName().str();
  return registerLoad(Through, Text, Text, E->getType().getUnqualifiedType(),
                      E->getBeginLoc(), Spelled);
}

QualType vectorElement(QualType T) {
  T = T.getNonReferenceType();
  const auto *RD = T->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getName() != "vector" ||
      !Spec->getDeclContext()->isStdNamespace() ||
      Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType();
}

const VarDecl *NestWalker::vectorData(const CXXOperatorCallExpr *E,
                                      bool Structs) {
  if (E->getOperator() != OO_Subscript || E->getNumArgs() != 2)
    return nullptr;
  const Expr *Object = E->getArg(0)->IgnoreParenImpCasts();
  QualType Elem = vectorElement(Object->getType());
  LoadPath P;
  if (Elem.isNull() ||
      !(Structs ? isMemberArrayElementType(Elem)
                : isSupportedElementType(Elem)) ||
      Elem.isVolatileQualified() || !loadPath(Object, P))
    return nullptr;
  QualType T = Ctx.getPointerType(
      Object->getType().getNonReferenceType().isConstQualified()
          ? Elem.withConst()
          : Elem);
  const VarDecl *Data =
      registerLoad(P, P.Text + ".data()", P.Text, T, E->getBeginLoc());
  // `next_[k]` in the nest's own text: the member by its bare name.
  const auto *Member = dyn_cast<MemberExpr>(Object);
  const auto *This =
      Member ? dyn_cast<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts())
             : nullptr;
  const bool Bare = This && This->isImplicit() && !inAccessor() &&
                    Member->getMemberDecl()->getIdentifier();
  for (LoadModel &L : Model.Loads)
    if (L.Var == Data) {
      if (Bare && L.BareMember.empty() && L.OnlyBare)
        L.BareMember = Member->getMemberDecl()->getName().str();
      L.OnlyBare = L.OnlyBare && Bare;
    }
  return Data;
}

const Expr *NestWalker::accessorBody(const CallExpr *E) const {
  if (inAccessor())
    return nullptr;
  const FunctionDecl *FD = E->getDirectCallee();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const Expr *Obj = MC->getImplicitObjectArgument();
    if (!Obj || !isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()))
      return nullptr;
  } else if (isa<CXXOperatorCallExpr>(E)) {
    return nullptr;
  }
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Def->isVariadic() ||
      Def->getNumParams() != E->getNumArgs())
    return nullptr;
  for (const ParmVarDecl *P : Def->parameters())
    if (P->getType()->isReferenceType() || P->getType().isVolatileQualified())
      return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return nullptr;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  return Ret ? Ret->getRetValue() : nullptr;
}

void NestWalker::enterAccessor(const CallExpr *E) {
  const FunctionDecl *Def = nullptr;
  E->getDirectCallee()->hasBody(Def);
  for (unsigned K = 0; K < E->getNumArgs(); ++K)
    Arguments[Def->getParamDecl(K)] = E->getArg(K);
}

const VarDecl *NestWalker::rowTable(const VarDecl *Table,
                                    const VarDecl *&Stride,
                                    SourceLocation Use) {
  QualType Row;
  if (const auto *PT = Table->getType()->getAs<PointerType>())
    Row = PT->getPointeeType();
  else if (const ArrayType *AT = Ctx.getAsArrayType(Table->getType()))
    Row = AT->getElementType();
  const auto *RP = Row.isNull() ? nullptr : Row->getAs<PointerType>();
  if (!RP || Row.isVolatileQualified() || !isConstantVariable(Table))
    return nullptr;
  QualType Elem = RP->getPointeeType();
  if (!isSupportedElementType(Elem) || Elem.isVolatileQualified())
    return nullptr;
  LoadPath P;
  P.Text = Table->getName().str();
  const VarDecl *Rows = registerLoad(P, P.Text, P.Text,
                                     Ctx.getPointerType(Elem), Use);
  for (LoadModel &L : Model.Loads) {
    if (L.Var != Rows)
      continue;
    if (!L.Stride)
      L.Stride =
          makeVariable(Rows->getName().str() + "_stride", Ctx.LongTy, Use);
    Stride = L.Stride;
  }
  return Rows;
}

void NestWalker::noteSureRead(const VarDecl *Load) {
  if (!SureWhere)
    return;
  // A load through another load's pointer (f->g->rows) reads that pointer
  // too, first.
  const VarDecl *Through = nullptr;
  for (const LoadModel &L : Model.Loads)
    if (L.Var == Load)
      Through = L.Pointer;
  if (Through && Through != Load &&
      llvm::any_of(Model.Loads,
                   [&](const LoadModel &L) { return L.Var == Through; }))
    noteSureRead(Through);
  for (LoadModel &L : Model.Loads)
    if (L.Var == Load)
      L.SureReads.push_back({*SureWhere, LoopStack, SureReadCount++});
}

bool NestWalker::checkLoadPointers() {
  for (const LoadModel &L : Model.Loads) {
    if (!L.Pointer)
      continue;
    bool Sure = llvm::any_of(Model.Loads, [&](const LoadModel &M) {
      return M.Pointer == L.Pointer && !M.SureReads.empty();
    });
    if (!Sure)
      return reject(RejectKind::MemberAccess, L.Var->getLocation(),
                    "the nest reads '" + L.Text +
                        "' only under a condition: the value cannot be read "
                        "once before the nest without dereferencing '" +
                        L.Pointer->getName().str() +
                        "' where the original may not");
  }
  return true;
}

int NestWalker::getArray(const VarDecl *VD, SourceLocation Use) {
  for (size_t I = 0; I < Model.Arrays.size(); ++I)
    if (Model.Arrays[I].Decl == VD)
      return static_cast<int>(I);
  std::string Problem;
  std::optional<ArrayDescription> D = describeArray(Ctx, VD, Problem);
  if (!D) {
    reject(RejectKind::UnsupportedType, Use, Problem);
    return -1;
  }
  Model.Arrays.push_back(ArrayModel{VD, D->Info, {}, std::nullopt, {}});
  ArrayFirstUse.push_back(Use);
  return static_cast<int>(Model.Arrays.size() - 1);
}

void NestWalker::declareLocal(const VarDecl *VD) {
  LocalOwner[VD] = Model.Stmts.size();
}

bool NestWalker::checkLocalUse(const VarDecl *VD, SourceLocation Use) {
  auto It = LocalOwner.find(VD);
  if (It != LocalOwner.end() && It->second == Model.Stmts.size())
    return true;
  return reject(RejectKind::UnsupportedStatement, Use,
                "variable '" + VD->getName().str() +
                    "' declared in the nest is used by more than one "
                    "statement");
}

std::string whyNotLoaded(const MemberExpr *E) {
  QualType T = E->getType();
  const auto *FD = dyn_cast<FieldDecl>(E->getMemberDecl());
  if (T->isArrayType())
    return "is an array";
  if (FD && FD->isBitField())
    return "is a bit-field";
  if (T.isVolatileQualified())
    return "is volatile";
  if (!T->isScalarType())
    return "is not a number or a pointer";
  return "is written in the nest, or read through a pointer that is not a "
         "variable the nest never writes";
}

std::optional<RejectReason> rejectThisMember(const ASTContext &Ctx,
                                            const MemberExpr *E) {
  if (!isa<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts()))
    return std::nullopt;
  bool Array = E->getType()->isArrayType() || E->getType()->isPointerType();
  return makeReject(Ctx, RejectKind::MemberAccess, E->getBeginLoc(),
                    "data member '" + E->getMemberDecl()->getNameAsString() +
                        "' of '*this' " + whyNotLoaded(E) +
                        ": only members read as numbers or as the base of "
                        "an array are modelled (" +
                        (Array ? "a local restrict pointer to it is"
                               : "a local copy of it is") +
                        ")");
}

//===-- The walk ----------------------------------------------------------===//

bool NestWalker::walk(const ForStmt *Outer) {
  Root = Outer;
  if (!visitLoop(Outer) || !delinearizeArrays(*this) || !checkLoadPointers())
    return false;
  // Parameters in declaration order (function parameters as declared).
  const SourceManager &SM = Ctx.getSourceManager();
  std::sort(Model.Params.begin(), Model.Params.end(),
                   [&](const VarDecl *A, const VarDecl *B) {
                     return SM.isBeforeInTranslationUnit(A->getLocation(),
                                                         B->getLocation());
                   });
  return checkAliasing();
}

Cond NestWalker::currentDomain() const {
  Cond D = Cond::makeTrue();
  for (const Cond &G : Guards)
    D = Cond::conj(std::move(D), G);
  return D;
}

bool NestWalker::visitLoop(const ForStmt *For) {
  LoopHeader H;
  if (!readLoopHeader(*this, For, H))
    return false;
  for (unsigned Id : LoopStack)
    if (Model.Loops[Id].Iter == H.Iter)
      return reject(RejectKind::WriteToIterator, For->getInit()->getBeginLoc(),
                    "the nest writes iterator '" + H.Iter->getName().str() +
                        "'");
  LoopModel L;
  // The original evaluates the header's start and condition wherever the
  // loops and guards around it hold.
  setSureReads(currentDomain());
  std::optional<Cond> Start = readLoopStart(*this, H, L.Start);
  if (!Start)
    return false;
  L.Iter = H.Iter;
  L.Parent = LoopStack.empty() ? -1 : static_cast<int>(LoopStack.back());
  L.Info.Iterator = H.Iter->getName().str();
  L.Info.IteratorType = H.Iter->getType().getUnqualifiedType().getAsString(
      Ctx.getPrintingPolicy());
  L.Info.Step = H.Step;
  L.Info.Loc = makeSourceLoc(Ctx.getSourceManager(), For->getBeginLoc());
  // A C89 iterator declared in a body for its loops only is as dead after
  // them as one declared in the header (NestScan.h).
  L.Info.DeclaredInHeader =
      H.DeclaredInHeader || Scan.BodyIterators.count(H.Iter);
  L.DeclaredInNest =
      !L.Info.DeclaredInHeader && Scan.DeclaredInside.count(H.Iter);
  L.Entry = currentDomain();
  Model.Loops.push_back(L);
  unsigned Id = Model.Loops.size() - 1;
  LoopStack.push_back(Id);
  std::optional<Cond> Bound = readLoopCondition(*this, For, H, L, *Start);
  setSureReads(std::nullopt);
  if (!Bound)
    return false;
  Guards.push_back(Cond::conj(std::move(*Start), std::move(*Bound)));
  if (!checkIteratorStep(For, H, currentDomain()))
    return false;
  PathPositions.push_back(NextPosition.back()++);
  Model.Loops[Id].Range = Guards.back();
  Model.Loops[Id].Positions = PathPositions;
  NextPosition.push_back(0);
  bool Ok = visitBody(For->getBody());
  NextPosition.pop_back();
  PathPositions.pop_back();
  Guards.pop_back();
  LoopStack.pop_back();
  return Ok;
}

bool NestWalker::visitBody(const Stmt *S) {
  if (!S)
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return visitStmtList(llvm::ArrayRef<const Stmt *>(CS->body_begin(),
                                                      CS->body_end()));
  return visitStmtList(llvm::ArrayRef<const Stmt *>(&S, 1));
}

namespace {
void collectDecls(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        Out.insert(VD);
  for (const Stmt *Child : S->children())
    collectDecls(Child, Out);
}

bool refersTo(const Stmt *S, const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && Vars.count(VD))
      return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return refersTo(C, Vars); });
}
} // namespace

bool NestWalker::usesLocalOf(const IfStmt *If,
                             llvm::ArrayRef<const Stmt *> Run) const {
  if (Run.empty() || containsLoop(If))
    return false;
  llvm::SmallPtrSet<const VarDecl *, 8> Locals;
  for (const Stmt *S : Run)
    collectDecls(S, Locals);
  return !Locals.empty() && refersTo(If, Locals);
}

bool NestWalker::visitStmtList(llvm::ArrayRef<const Stmt *> Stmts) {
  std::vector<const Stmt *> Run;
  auto Flush = [&] {
    bool Ok = Run.empty() || emitStmt(Run);
    Run.clear();
    return Ok;
  };
  for (size_t Index = 0; Index < Stmts.size(); ++Index) {
    const Stmt *S = Stmts[Index];
    // A label nothing jumps to: the statement it labels starts a new run,
    // whose text (from that statement on) leaves the label out.
    while (const auto *L = dyn_cast_or_null<LabelStmt>(S)) {
      if (!Scan.UnusedLabels.count(L->getDecl()))
        break;
      if (!Flush())
        return false;
      S = L->getSubStmt();
    }
    if (!S)
      continue;
    // The declaration of C89 iterators of the loops that follow: the tiled
    // code declares its own counters.
    if (const auto *DS = dyn_cast<DeclStmt>(S);
        DS && Scan.BodyIteratorDecls.count(DS)) {
      if (!Flush())
        return false;
      continue;
    }
    // The definition of scalars recomputed where they are read: no
    // statement of the model (RecomputedScalars.cpp). Row pointers defined
    // within a run stay in its text, which then declares them (the run is
    // not parted: it may hold a scalar its later statements read).
    if (defineRecomputed(S, Stmts.drop_front(Index + 1))) {
      if (!Run.empty() && definesRowPointers(S)) {
        Run.push_back(S);
        continue;
      }
      if (!Flush())
        return false;
      continue;
    }
    if (isa<ForStmt>(S) || isa<CompoundStmt>(S)) {
      if (!Flush())
        return false;
      bool Ok = isa<ForStmt>(S) ? visitLoop(cast<ForStmt>(S)) : visitBody(S);
      if (!Ok)
        return false;
      continue;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      std::optional<Cond> Guard;
      if (!readIfGuard(If, Guard))
        return false;
      // A data-dependent `if`, or one that reads a scalar declared in the
      // run (it must stay in the statement that declares it): part of the
      // run, its writes may-writes.
      if (!Guard || usesLocalOf(If, Run)) {
        Run.push_back(S);
        continue;
      }
      if (!Flush() || !visitGuarded(If, *Guard))
        return false;
      continue;
    }
    if (!isa<Expr>(S) && !isa<DeclStmt>(S) && !isa<NullStmt>(S))
      return rejectStatement(S);
    Run.push_back(S);
  }
  return Flush();
}

bool NestWalker::rejectStatement(const Stmt *S) {
  std::optional<RejectReason> R = rejectControlFlow(Ctx, S);
  if (!R)
    R = makeReject(Ctx, RejectKind::UnsupportedStatement, S->getBeginLoc(),
                   "statement '" + getQuotedText(Ctx, S) +
                       "' is not supported");
  if (!Reject)
    Reject = std::move(*R);
  return false;
}

} // namespace hetile
