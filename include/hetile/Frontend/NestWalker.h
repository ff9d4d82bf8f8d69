//===- NestWalker.h - Walk one for nest into a NestModel --------*- C++ -*-===//
//
// The first phase of the frontend: walks the nest in textual order, turning
// loops into iteration-domain constraints, affine `if`s into guards, and runs
// of plain statements into polyhedral statements with their accesses. Stops
// at the first construct the model cannot express, with its RejectReason.
//
// Statements: a maximal run of consecutive non-loop, non-guard statements of
// one compound is one statement, so a scalar declared in it stays private.
// An `if` whose condition is not affine (it reads data, or C may evaluate it
// differently from the model: RangeChecks.cpp) and that contains no loop is
// such a plain statement: its condition's reads are reads and the
// writes under it are may-writes (MemoryAccess::AccessKind::MayWrite). So is
// an affine `if` without loops that reads a scalar declared earlier in the
// run (the scalar must stay private to one statement).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_NESTWALKER_H
#define HETILE_FRONTEND_NESTWALKER_H

#include "hetile/Frontend/AffineBuilder.h"
#include "hetile/Frontend/NestModel.h"
#include "hetile/Frontend/NestScan.h"
#include "hetile/Frontend/RejectReason.h"
#include "hetile/Support/Options.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <isl/ctx.h>

#include <optional>
#include <set>

namespace hetile {

struct LoopHeader;

class NestWalker {
public:
  /// \p IslCtx serves the proofs of range checks (RangeChecks.cpp).
  NestWalker(clang::ASTContext &Ctx, isl_ctx *IslCtx, const NestScan &Scan,
             NestModel &Model, const Options &Opts)
      : Ctx(Ctx), IslCtx(IslCtx), Scan(Scan), Model(Model), Opts(Opts) {}

  /// Walks the nest rooted at \p Outer; false when it was rejected.
  bool walk(const clang::ForStmt *Outer);
  const RejectReason &getReject() const { return *Reject; }

  // Services for the helpers that read loops and accesses.
  clang::ASTContext &getASTContext() const { return Ctx; }
  const NestScan &getScan() const { return Scan; }
  NestModel &getModel() const { return Model; }
  /// An affine builder that sees the iterators of the enclosing loops.
  AffineBuilder makeAffineBuilder();
  /// The classifier of makeAffineBuilder's builders (a parameter it meets
  /// becomes one of the model's).
  VarClassifier makeClassifier();
  /// The definitions of the recomputed scalars (below), for the builders.
  VarDefinition makeDefinition() const;
  /// The invariant loads (invariantLoad) for the builders: each read they
  /// meet outside a condition is a sure one (setSureReads).
  LoadResolver makeLoadResolver();
  /// Whether \p VD is a recomputed scalar: defined once in the nest, in a
  /// loop body, from iterators, parameters and other recomputed scalars,
  /// and read only after its definition in that body, at least once inside
  /// a loop that follows it (RecomputedScalars.cpp). The model drops the
  /// definition; each statement that reads it recomputes it first.
  bool isRecomputed(const clang::VarDecl *VD) const {
    return Recomputed.count(VD) != 0;
  }
  /// What a recomputed pointer points to (RecomputedScalars.cpp): an
  /// element of the array \p Array (a variable, or the subscript `v[e]` of
  /// a std::vector, whose e is then Subs[0]) at the subscripts \p Subs,
  /// outermost first. `row[e]` is then Array[Subs...][e] or, with \p AddToLast,
  /// Array[Subs... + e] (the access's first subscript added to the last of
  /// Subs); `p->x` is `p[0].x`.
  struct RowPointer {
    const clang::Expr *Array = nullptr;
    std::vector<const clang::Expr *> Subs;
    bool AddToLast = false;
  };
  /// The row pointer \p VD is, if it is a recomputed one.
  const RowPointer *rowPointer(const clang::VarDecl *VD) const {
    auto It = Recomputed.find(VD);
    return It == Recomputed.end() || !It->second.Row ? nullptr
                                                     : &*It->second.Row;
  }
  /// The row pointer \p E names (`row` in `row[j]`, `p` in `p->x`), if it
  /// is a recomputed one.
  const RowPointer *rowPointerOf(const clang::Expr *E) const {
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    return VD ? rowPointer(VD) : nullptr;
  }
  /// Why the local pointer \p VD is no row pointer, where it was tried as
  /// one (empty otherwise).
  std::string whyNotRowPointer(const clang::VarDecl *VD) const {
    auto It = NotRowPointers.find(VD);
    return It == NotRowPointers.end() ? std::string() : It->second;
  }
  /// The C declarations that recompute \p Used (and the recomputed
  /// scalars their definitions read), in definition order:
  /// "int row = (i * (m + 1)); ".
  std::string recomputation(const std::vector<const clang::VarDecl *> &Used,
                            std::set<std::string> &Identifiers,
                            llvm::ArrayRef<const clang::Stmt *> Run = {}) const;
  /// Whether \p S declares row pointers only (RowPointer).
  bool definesRowPointers(const clang::Stmt *S) const;
  /// Whether a rejection was recorded.
  bool hasRejected() const { return Reject.has_value(); }
  /// Records a rejection; always returns false.
  bool reject(RejectKind K, clang::SourceLocation L, std::string Message);
  bool reject(RejectReason R);
  /// Rejects after a failed affine build: a written variable is
  /// write-to-parameter, reading memory is \p MemKind, else \p Kind.
  bool rejectAffine(const AffineError &E, RejectKind Kind, std::string Message,
                    RejectKind MemKind, std::string MemMessage);
  /// Index in NestModel::Arrays of the array \p VD, added on first use;
  /// -1 when its type is not supported (then rejected).
  int getArray(const clang::VarDecl *VD, clang::SourceLocation Use);
  /// Checks that a variable declared inside the nest is used only by the
  /// statement that declares it (it is private to that statement).
  bool checkLocalUse(const clang::VarDecl *VD, clang::SourceLocation Use);
  void declareLocal(const clang::VarDecl *VD);
  /// Loop domains and guards around the current point.
  Cond currentDomain() const;
  /// Proves the range checks of \p B (AffineBuilder.h) wherever \p Domain
  /// holds, the points where its expressions are evaluated. A check that
  /// fails on a value of the parameters alone becomes a run-time fact
  /// (NestModel::ValueFacts), assumed by the later proofs; at the first
  /// other one that fails, rejects (mixed-signedness, unsigned-wrap,
  /// value-changing-conversion or negative-dividend) and returns false.
  bool checkRanges(const AffineBuilder &B, const Cond &Domain);
  /// Whether the range checks of \p B hold wherever \p Domain holds.
  bool provesRanges(const AffineBuilder &B, const Cond &Domain);
  /// Nothing when \p Value >= 0 wherever \p Domain holds; otherwise values
  /// of its variables where it is negative ("N = 0", possibly empty).
  std::optional<std::string> findNegative(const Cond &Domain,
                                          const AffineExpr &Value);
  /// Proves that the step of \p For keeps its iterator in the range of its
  /// type over \p Iterations, the values the loop runs, where overflow is
  /// not undefined: unsigned iterators, those narrower than int, and steps
  /// computed in an unsigned type (`i += 2u`).
  bool checkIteratorStep(const clang::ForStmt *For, const LoopHeader &H,
                         const Cond &Iterations);
  /// The variable that stands for \p E when it is a load the nest never
  /// writes (NestModel::Loads), registered on first use; null otherwise.
  /// Such a load is a member (through `.` members) of a variable, of
  /// `*this` or of `*p`, with p a pointer variable, none of them written by
  /// the nest, of arithmetic or object pointer type, neither volatile nor
  /// a bit-field.
  const clang::VarDecl *invariantLoad(const clang::MemberExpr *E);
  /// The variable that stands for the data of a std::vector the nest
  /// indexes (`v_[k]`: the array `v_.data()`), a load the nest never writes
  /// as invariantLoad's (the vector reached the same ways); null otherwise.
  /// With \p Structs, a vector of structs whose members the nest accesses
  /// (ScopArray::Members), else a vector of numbers.
  const clang::VarDecl *vectorData(const clang::CXXOperatorCallExpr *E,
                                   bool Structs = false);
  /// For \p Table, a variable `T **` (or `T *t[]`) the nest never writes,
  /// indexed r[i][j]: the variable that stands for the address of its row
  /// 0 (an array of T in rows of \p Stride elements, a parameter), read
  /// with the stride before the nest where its rows are equally spaced
  /// (NestModel::Loads); null when \p Table is not such a table.
  const clang::VarDecl *rowTable(const clang::VarDecl *Table,
                                 const clang::VarDecl *&Stride,
                                 clang::SourceLocation Use);
  /// The expression a call of an inline accessor stands for: the callee
  /// (a function, or a method called on `*this`) has a body that is one
  /// `return E;` and takes its parameters by value; E is then read with
  /// each parameter standing for its argument (enterAccessor), one accessor
  /// deep. Null otherwise.
  const clang::Expr *accessorBody(const clang::CallExpr *E) const;
  /// Makes the parameters of \p Callee stand for the arguments of \p E
  /// until leaveAccessor.
  void enterAccessor(const clang::CallExpr *E);
  void leaveAccessor() { Arguments.clear(); }
  bool inAccessor() const { return !Arguments.empty(); }
  /// The argument a parameter of the accessor being read stands for, or
  /// null when \p VD is not one.
  const clang::Expr *argumentOf(const clang::VarDecl *VD) const {
    auto It = Arguments.find(VD);
    return It == Arguments.end() ? nullptr : It->second;
  }
  /// Marks the reads met from now on as sure ones wherever \p Where holds
  /// (the original evaluates them wherever it holds); nothing: not sure.
  void setSureReads(std::optional<Cond> Where) { SureWhere = std::move(Where); }
  /// Records a read of \p Load (invariantLoad's variable) where the sure
  /// reads are marked.
  void noteSureRead(const clang::VarDecl *Load);
  const std::optional<Cond> &getSureReads() const { return SureWhere; }
  /// Whether \p VD is the iterator of a loop around the current point.
  bool isEnclosingIterator(const clang::VarDecl *VD) const {
    return classify(VD) == VarRole::Iterator;
  }

private:
  /// Registers the definitions of recomputed scalars made by \p S, the
  /// statement before \p Later in its body; false when it makes none.
  bool defineRecomputed(const clang::Stmt *S,
                        llvm::ArrayRef<const clang::Stmt *> Later);
  /// Whether \p VD, defined by \p Def, qualifies given the statements
  /// \p Later that follow the definition in its body.
  bool mayRecompute(const clang::VarDecl *VD, const clang::Stmt *Def,
                    llvm::ArrayRef<const clang::Stmt *> Later) const;
  /// Whether \p E reads only iterators of the enclosing loops, variables
  /// the nest does not write, constants and recomputed scalars, with no
  /// side effect, call or memory read.
  /// With \p Loads, also members of `this` or of such variables (through
  /// `.` and `->`), which the builders read as invariant loads.
  bool isRecomputable(const clang::Expr *E, bool Loads = false) const;
  /// Whether \p Base, the object of a member, is `this` or a variable the
  /// nest does not write, through members.
  bool isRecomputableBase(const clang::Expr *Base) const;
  /// What the value \p Value of the local pointer \p VD points to when
  /// \p VD qualifies as a recomputed row pointer given the statements
  /// \p Later that follow its definition (RecomputedScalars.cpp).
  std::optional<RowPointer>
  rowPointerValue(const clang::VarDecl *VD, const clang::Expr *Value,
                  llvm::ArrayRef<const clang::Stmt *> Later,
                  std::string &Why) const;
  /// Adds the recomputed scalars \p S refers to to \p Out.
  void collectRecomputed(const clang::Stmt *S,
                         std::vector<const clang::VarDecl *> &Out) const;
  bool visitLoop(const clang::ForStmt *For);
  bool visitBody(const clang::Stmt *S);
  bool visitStmtList(llvm::ArrayRef<const clang::Stmt *> Stmts);
  /// Reads the condition of \p If: sets \p Guard when it is affine; leaves
  /// it unset when the `if` is a plain statement (data-dependent condition,
  /// no loop inside); false when rejected.
  bool readIfGuard(const clang::IfStmt *If, std::optional<Cond> &Guard);
  /// Walks the branches of an affine `if` under its guard and complement.
  bool visitGuarded(const clang::IfStmt *If, const Cond &Guard);
  /// Whether \p If (without loops) reads a variable declared in \p Run.
  bool usesLocalOf(const clang::IfStmt *If,
                   llvm::ArrayRef<const clang::Stmt *> Run) const;
  bool emitStmt(llvm::ArrayRef<const clang::Stmt *> Run);
  bool rejectStatement(const clang::Stmt *S);
  /// Records in Model.MayAlias the pairs of pointer-based arrays that may
  /// overlap (not both restrict, at least one written).
  bool checkAliasing();
  VarRole classify(const clang::VarDecl *VD) const;
  /// Records the range check \p C, which fails on values of the parameters
  /// alone, as a run-time fact; false when it is not that simple.
  bool assumeAtRunTime(const RangeCheck &C, const Cond &Domain);

  clang::ASTContext &Ctx;
  isl_ctx *IslCtx;
  const NestScan &Scan;
  NestModel &Model;
  const Options &Opts;
  std::optional<RejectReason> Reject;

  /// Indices into Model.Loops of the loops around the current point.
  std::vector<unsigned> LoopStack;
  /// Loop domains and guards around the current point.
  std::vector<Cond> Guards;
  /// Schedule constants of the enclosing loops, and the next one per level.
  std::vector<int64_t> PathPositions;
  std::vector<int64_t> NextPosition{0};
  /// Statement that declares each variable declared inside the nest.
  llvm::DenseMap<const clang::VarDecl *, unsigned> LocalOwner;
  /// First use of each array (where an aliasing problem is reported).
  std::vector<clang::SourceLocation> ArrayFirstUse;
  /// The conjunction of Model.ValueFacts: the proofs may assume it.
  Cond Assumed = Cond::makeTrue();
  /// The nest's outermost loop.
  const clang::ForStmt *Root = nullptr;
  struct Definition {
    const clang::Expr *Value = nullptr;
    /// "int row = (i * (m + 1)); "
    std::string Decl;
    unsigned Order = 0;
    /// Set for a pointer (RowPointer).
    std::optional<RowPointer> Row;
    /// The statement that defines it.
    const clang::Stmt *Def = nullptr;
  };
  llvm::DenseMap<const clang::VarDecl *, Definition> Recomputed;
  /// findNegative's answers, per domain and value: a nest's accesses ask
  /// the same few (a subscript i + 1 in a row of n) many times.
  struct NegativeAnswer {
    Cond Domain;
    AffineExpr Value;
    std::optional<std::string> Example;
  };
  std::vector<NegativeAnswer> NegativeAnswers;
  /// See whyNotRowPointer.
  llvm::DenseMap<const clang::VarDecl *, std::string> NotRowPointers;
  /// The parameters of the accessor being read and their arguments.
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Arguments;
  /// See setSureReads.
  std::optional<Cond> SureWhere;
  unsigned SureReadCount = 0;
  /// Where a load is read from: its C text ("f->box.n", "this->v_", "v")
  /// and the pointer dereferenced on the way, if any.
  struct LoadPath {
    std::string Text;
    const clang::VarDecl *Pointer = nullptr;
  };
  /// The path of \p E, a member (through `.` members) of a variable, of
  /// `*this` or of `*p`, or a variable, none of them written by the nest;
  /// false when it is not one.
  bool loadPath(const clang::Expr *E, LoadPath &Out) const;
  /// Whether \p VD is a variable the nest never writes or declares, not an
  /// iterator, not recomputed and not volatile: its value is the nest's.
  bool isConstantVariable(const clang::VarDecl *VD) const;
  /// A variable of the model's own (a load, a row table's stride), located
  /// at \p Use; it is not part of the program.
  clang::VarDecl *makeVariable(const std::string &Name, clang::QualType T,
                               clang::SourceLocation Use);
  /// The variable of the load \p Text (of type \p T, whose bytes are those
  /// of \p Object), registered on first use; named after \p Spelled, the
  /// source's text, where it differs from Text (f->g->rows, read as
  /// hetile_f_g->rows).
  const clang::VarDecl *registerLoad(const LoadPath &P, const std::string &Text,
                                     const std::string &Object,
                                     clang::QualType T,
                                     clang::SourceLocation Use,
                                     const std::string &Spelled = "");
  /// Every pointer that loads are read through is surely dereferenced
  /// somewhere; false (rejected) otherwise.
  bool checkLoadPointers();
};

/// Whether \p S contains a loop (for, while or do).
bool containsLoop(const clang::Stmt *S);
/// The element type of \p T when it is std::vector<T> (or a reference to
/// one), null otherwise.
clang::QualType vectorElement(clang::QualType T);

/// The member-access rejection of \p E when it names a data member of
/// `*this` (C++ methods): only local variables and parameters are modelled.
/// Why \p E is not a load the nest never writes (NestWalker::invariantLoad):
/// "is an array", "is a bit-field", ...
std::string whyNotLoaded(const clang::MemberExpr *E);
std::optional<RejectReason> rejectThisMember(const clang::ASTContext &Ctx,
                                             const clang::MemberExpr *E);

/// The rejection of a statement kind that breaks the structured control flow
/// of the nest (while, do, goto, break, continue, return, switch, labels), or
/// any other statement the model does not cover; nullopt for plain ones.
std::optional<RejectReason> rejectControlFlow(const clang::ASTContext &Ctx,
                                              const clang::Stmt *S);

} // namespace hetile

#endif
