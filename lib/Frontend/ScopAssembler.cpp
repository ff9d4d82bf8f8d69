//===- ScopAssembler.cpp - NestModel -> Scop with isl objects -------------===//

#include "hetile/Frontend/ScopAssembler.h"
#include "hetile/Frontend/AffineIsl.h"
#include "hetile/Frontend/IslNames.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/space.h>

#include <algorithm>
#include <map>

namespace hetile {

namespace {
/// Whether \p P points to a struct whose bytes may be copied as they are
/// (a C struct, a trivially copyable C++ class).
bool copyableStructPointer(const clang::VarDecl *P) {
  const auto *Ptr = P->getType()->getAs<clang::PointerType>();
  if (!Ptr)
    return false;
  const auto *RT = Ptr->getPointeeType()->getAs<clang::RecordType>();
  if (!RT || RT->getDecl()->isUnion())
    return false;
  const auto *CXX = llvm::dyn_cast<clang::CXXRecordDecl>(RT->getDecl());
  return !CXX || (CXX->hasDefinition() && CXX->isTriviallyCopyable());
}

/// One output of a 2d+1 schedule: a constant, or a dimension of the domain
/// (negated for a loop with negative step).
struct SchedOut {
  int64_t Constant = 0;
  int Dim = -1;
  bool Negate = false;
};

/// { [domain] -> [outs] }, the range unnamed.
isl::map scheduleMap(const isl::space &Domain,
                     const std::vector<SchedOut> &Outs) {
  isl_ctx *Ctx = Domain.ctx().get();
  isl_space *Range = isl_space_add_dims(
      isl_space_set_from_params(isl_space_params(Domain.copy())), isl_dim_set,
      Outs.size());
  isl_aff_list *Affs = isl_aff_list_alloc(Ctx, Outs.size());
  for (const SchedOut &O : Outs) {
    isl_aff *A;
    if (O.Dim < 0) {
      A = isl_aff_val_on_domain_space(Domain.copy(),
                                      isl_val_int_from_si(Ctx, O.Constant));
    } else {
      A = isl_aff_var_on_domain(isl_local_space_from_space(Domain.copy()),
                                isl_dim_set, O.Dim);
      if (O.Negate)
        A = isl_aff_neg(A);
    }
    Affs = isl_aff_list_add(Affs, A);
  }
  isl_space *Space = isl_space_map_from_domain_and_range(Domain.copy(), Range);
  return isl::manage(
      isl_map_from_multi_aff(isl_multi_aff_from_aff_list(Space, Affs)));
}

class Assembler {
public:
  Assembler(const NestModel &Model, isl_ctx *Ctx, Scop &S, std::string &Error)
      : Model(Model), Ctx(Ctx), S(S), Error(Error) {}

  bool run() {
    nameParams();
    nameLoops();
    nameArrays();
    for (const StmtModel &SM : Model.Stmts)
      S.Depth = std::max<unsigned>(S.Depth, SM.LoopIds.size());
    if (!buildContext())
      return false;
    for (size_t I = 0; I < Model.Stmts.size(); ++I)
      if (!buildStmt(Model.Stmts[I], I))
        return false;
    return buildRowChecks() && buildValueChecks() && buildExits() &&
           buildLoads() && buildReadAfter();
  }

private:
  void collectUsed(const Cond &C, llvm::DenseSet<AffineVar> &Used) {
    C.E.forEachVar([&](AffineVar V) { Used.insert(V); });
    for (const Cond &Kid : C.Kids)
      collectUsed(Kid, Used);
  }

  /// Parameters: those the classifier met that a domain or subscript uses.
  void nameParams() {
    llvm::DenseSet<AffineVar> Used;
    for (const StmtModel &SM : Model.Stmts) {
      collectUsed(SM.Domain, Used);
      for (const AccessModel &A : SM.Accesses) {
        for (const AffineExpr &E : A.Subscripts)
          E.forEachVar([&](AffineVar V) { Used.insert(V); });
        collectUsed(A.InRows, Used);
      }
    }
    for (const ValueFactModel &F : Model.ValueFacts)
      collectUsed(F.Holds, Used);
    std::set<std::string> Taken;
    for (AffineVar V : Model.Params) {
      if (!Used.count(V))
        continue;
      std::string Name = makeUniqueIslName(V->getName().str(), Taken);
      Taken.insert(Name);
      ParamIndex[V] = IslParams.size();
      S.Params.push_back(V->getName().str());
      IslParams.push_back(Name);
    }
    ParamSpace = makeParamSpace(isl::ctx(Ctx), IslParams);
  }

  /// Iterators: distinct from the parameters and the enclosing iterators.
  void nameLoops() {
    std::set<std::string> Params(IslParams.begin(), IslParams.end());
    for (const LoopModel &L : Model.Loops) {
      std::set<std::string> Taken = Params;
      for (int P = L.Parent; P >= 0; P = Model.Loops[P].Parent)
        Taken.insert(LoopNames[P]);
      LoopNames.push_back(makeUniqueIslName(L.Iter->getName().str(), Taken));
      S.Loops.push_back(L.Info);
    }
  }

  /// Arrays: distinct from each other and from the statements' tuples.
  void nameArrays() {
    std::set<std::string> Taken;
    for (const ArrayModel &A : Model.Arrays) {
      ScopArray Info = A.Info;
      Info.IslName = makeArrayIslName(Info.Name, Taken);
      // A copy of its own per tile would need the rows of a flat array.
      if (!Info.RowExtents.empty())
        Info.Privatizable = false;
      Taken.insert(Info.IslName);
      for (const StmtModel &SM : Model.Stmts)
        for (const AccessModel &Acc : SM.Accesses)
          if (Acc.Array == A.Decl && Acc.Kind != MemoryAccess::AccessKind::Read)
            Info.Written = true;
      ArrayIndex[A.Decl] = S.Arrays.size();
      S.Arrays.push_back(std::move(Info));
    }
  }

  std::optional<IslDim> paramDim(AffineVar V) const {
    auto It = ParamIndex.find(V);
    if (It == ParamIndex.end())
      return std::nullopt;
    return IslDim{true, unsigned(It->second)};
  }

  /// The translator over the set space \p Tuple[names of \p Loops], where
  /// loop k's iterator is set dimension k.
  AffineIsl translator(const std::string &Tuple,
                       const std::vector<unsigned> &Loops) const {
    std::vector<std::string> Dims;
    for (unsigned Id : Loops)
      Dims.push_back(LoopNames[Id]);
    IslDimLocator Locate = [this, Loops](AffineVar V) -> std::optional<IslDim> {
      if (std::optional<IslDim> P = paramDim(V))
        return P;
      for (unsigned K = 0; K < Loops.size(); ++K)
        if (Model.Loops[Loops[K]].Iter == V)
          return IslDim{false, K};
      return std::nullopt;
    };
    return AffineIsl(makeSetSpace(ParamSpace, Tuple, Dims), Locate);
  }

  bool buildContext() {
    Cond C = Cond::makeTrue();
    for (AffineVar V : Model.Params)
      if (ParamIndex.count(V) && V->getType()->isUnsignedIntegerType())
        C = Cond::conj(C, Cond::nonNeg(AffineExpr::variable(V)));
    AffineIsl Params(ParamSpace, [this](AffineVar V) { return paramDim(V); });
    S.Context = Params.toSet(C);
    return check(S.Context, "context");
  }

  /// The elements of array \p A (named \p IslName) that the function
  /// reads after the nest: its reads (ArrayModel::ReadAfter) and its flat
  /// reads split into row and column where the tiled nest runs (\p Runs).
  /// None where one of them cannot be stated (every element then moves).
  std::optional<isl::set> readElements(const ArrayModel &A,
                                       const std::string &IslName,
                                       const isl::set &Runs,
                                       const isl::space &Where,
                                       AffineIsl &Params) {
    std::optional<unsigned> Dims = Model.subscriptCount(A.Decl);
    if (!Dims)
      return std::nullopt;
    std::vector<std::vector<AffineExpr>> Reads = *A.ReadAfter;
    for (const Polynomial &P : A.FlatReadAfter) {
      std::optional<std::vector<AffineExpr>> RowCol =
          A.RowExtents.size() == 1 && !Runs.is_null()
              ? splitFlat(P, A.RowExtents.front(), Runs, Params)
              : std::nullopt;
      if (!RowCol)
        return std::nullopt;
      Reads.push_back(std::move(*RowCol));
    }
    isl::set Elements = isl::set::empty(
        makeSetSpace(ParamSpace, IslName, std::vector<std::string>(*Dims)));
    for (const std::vector<AffineExpr> &Read : Reads) {
      if (Read.size() != *Dims)
        return std::nullopt;
      isl_space *Range = makeSetSpace(ParamSpace, IslName,
                                      std::vector<std::string>(Read.size()))
                             .release();
      isl_aff_list *Affs = isl_aff_list_alloc(Ctx, Read.size());
      bool Known = true;
      for (const AffineExpr &E : Read) {
        isl::aff Aff = Params.toAff(E);
        Known &= !Aff.is_null();
        Affs = isl_aff_list_add(Affs, Aff.release());
      }
      isl_space *Space =
          isl_space_map_from_domain_and_range(Where.copy(), Range);
      isl::set Element = isl::manage(isl_map_from_multi_aff(
                                         isl_multi_aff_from_aff_list(Space, Affs)))
                             .range();
      if (!Known || Element.is_null())
        return std::nullopt;
      Elements = Elements.unite(Element);
    }
    if (Elements.is_null())
      return std::nullopt;
    return Elements;
  }

  /// ScopArray::ReadAfter from ArrayModel::ReadAfter: the union of the
  /// elements read; left null (any element) where a subscript uses a
  /// variable that is not a parameter of the nest.
  bool buildReadAfter() {
    isl::space Where = makeSetSpace(ParamSpace, "", {});
    AffineIsl Params(Where, [this](AffineVar V) { return paramDim(V); });
    // Where the tiled nest runs (the run-time checks of the version hold):
    // a flat read's column must stay in its row there.
    isl::set Runs = S.Stmts.empty()
                        ? isl::set()
                        : S.getDomains().params().intersect(S.Context);
    for (const RowCheck &C : S.RowChecks)
      if (!Runs.is_null() && !C.Holds.is_null())
        Runs = Runs.intersect(C.Holds);
    for (const ValueCheck &C : S.ValueChecks)
      if (!Runs.is_null() && !C.Holds.is_null())
        Runs = Runs.intersect(C.Holds);
    for (const ArrayModel &A : Model.Arrays) {
      if (!A.ReadAfter)
        continue;
      ScopArray &Info = S.Arrays[ArrayIndex.lookup(A.Decl)];
      if (std::optional<isl::set> Elements =
              readElements(A, Info.IslName, Runs, Where, Params))
        Info.ReadAfter = Elements->coalesce();
    }
    return true;
  }

  /// Element \p P (a polynomial in the parameters) of a flat array whose
  /// rows have \p Row elements, a parameter plus a constant (`m + 1`), as
  /// the model's (row, column): the quotient and remainder of \p P by
  /// \p Row, or those with a row moved by one, whichever keeps the column in
  /// [0, Row) wherever the nest runs (\p Runs); nullopt when none does or
  /// they are not affine.
  static std::optional<std::vector<AffineExpr>>
  splitFlat(Polynomial P, const AffineExpr &Row, const isl::set &Runs,
            const AffineIsl &Params) {
    if (Row.terms().size() != 1 || !Row.floors().empty() ||
        Row.terms().begin()->second != 1)
      return std::nullopt;
    AffineVar V = Row.terms().begin()->first;
    std::optional<Polynomial> Divisor = Polynomial::fromAffine(Row);
    if (!Divisor)
      return std::nullopt;
    // Long division by V + c, a monomial holding V at a time.
    Polynomial Quotient = Polynomial::constant(0);
    for (unsigned Step = 0; Step < 16; ++Step) {
      auto It = llvm::find_if(P.terms(), [&](const auto &T) {
        return llvm::is_contained(T.first, V);
      });
      if (It == P.terms().end())
        break;
      Polynomial::Monomial Rest = It->first;
      Rest.erase(llvm::find(Rest, V));
      Polynomial Term = Polynomial::constant(It->second);
      for (AffineVar X : Rest)
        if (!Term.multiply(Polynomial::variable(X)))
          return std::nullopt;
      Polynomial Times = Term;
      if (!Quotient.add(Term) || !Times.multiply(*Divisor) ||
          !P.add(Times, -1))
        return std::nullopt;
    }
    auto Affine = [](const Polynomial &Q) -> std::optional<AffineExpr> {
      AffineExpr E = AffineExpr::constant(0);
      for (const auto &[M, Coeff] : Q.terms()) {
        if (M.size() > 1)
          return std::nullopt;
        AffineExpr T = M.empty() ? AffineExpr::constant(1)
                                 : AffineExpr::variable(M.front());
        if (!E.add(T, Coeff))
          return std::nullopt;
      }
      return E;
    };
    std::optional<AffineExpr> Q = Affine(Quotient), R = Affine(P);
    if (!Q || !R || llvm::any_of(P.terms(), [&](const auto &T) {
          return llvm::is_contained(T.first, V);
        }))
      return std::nullopt;
    for (int64_t Move : {0, -1, 1}) {
      AffineExpr RowOf = *Q, Col = *R;
      if (!RowOf.add(AffineExpr::constant(-Move)) || !Col.add(Row, Move))
        return std::nullopt;
      AffineExpr Room = Row;
      if (!Room.add(Col, -1) || !Room.add(AffineExpr::constant(-1)))
        return std::nullopt;
      isl::set InRow = Params.toSet(Cond::conj(Cond::nonNeg(Col),
                                               Cond::nonNeg(Room)));
      if (!InRow.is_null() && Runs.is_subset(InRow.params()).is_true())
        return std::vector<AffineExpr>{RowOf, Col};
    }
    return std::nullopt;
  }

  /// S.ValueChecks from Model.ValueFacts.
  bool buildValueChecks() {
    AffineIsl Params(ParamSpace, [this](AffineVar V) { return paramDim(V); });
    for (const ValueFactModel &F : Model.ValueFacts) {
      isl::set Holds = Params.toSet(F.Holds);
      if (!check(Holds, "run-time check " + F.Text))
        return false;
      S.ValueChecks.push_back({F.Text, Holds.coalesce()});
    }
    return true;
  }

  template <typename T> bool check(const T &Obj, const std::string &What) {
    if (!Obj.is_null())
      return true;
    Error = "isl failed to build the " + What;
    return false;
  }

  /// S.Loads from Model.Loads: the members of variables and of `*this`
  /// first, then those read through each pointer, the pointers in the
  /// order the original first surely dereferences them.
  bool buildLoads();
  bool buildStmt(const StmtModel &SM, size_t Index);
  /// Adds to OutOfRows the parameters where an instance of the statement
  /// with domain \p Domain makes access \p A leave its array's rows.
  bool addOutOfRows(const AccessModel &A, const AffineIsl &Stmt,
                    const isl::set &Domain);
  /// S.RowChecks from OutOfRows.
  bool buildRowChecks();
  bool buildExits();
  bool buildExit(unsigned Id, isl::set &Entry);
  isl::set headerSchedule(unsigned Id, const isl::set &Entry,
                          unsigned MaxOuter);
  void orderSharedExits(const std::vector<isl::set> &Headers);
  /// Indices of the loops around loop \p Id, outermost first.
  std::vector<unsigned> enclosingLoops(unsigned Id) const {
    std::vector<unsigned> Outer;
    for (int P = Model.Loops[Id].Parent; P >= 0; P = Model.Loops[P].Parent)
      Outer.insert(Outer.begin(), unsigned(P));
    return Outer;
  }
  /// The 2d+1 schedule of a statement or loop header under \p Loops at
  /// \p Positions, padded with zeros to 2 * MaxLoops + 1 outputs.
  isl::map schedule(const isl::space &Domain,
                    const std::vector<unsigned> &Loops,
                    const std::vector<int64_t> &Positions,
                    unsigned MaxLoops) const;
  bool buildAccess(const AccessModel &A, const AffineIsl &Stmt, ScopStmt &Out);

  const NestModel &Model;
  isl_ctx *Ctx;
  Scop &S;
  std::string &Error;
  llvm::DenseMap<AffineVar, size_t> ParamIndex;
  std::vector<std::string> IslParams;
  isl::space ParamSpace;
  std::vector<std::string> LoopNames;
  llvm::DenseMap<const clang::VarDecl *, size_t> ArrayIndex;
  /// Per array (index into S.Arrays): the parameters where some access
  /// leaves its rows (AccessModel::InRows).
  std::map<size_t, isl::set> OutOfRows;
  /// Per array: the first access that leaves the rows wherever its
  /// statement runs.
  llvm::DenseMap<size_t, const AccessModel *> AlwaysOut;
};

bool Assembler::buildLoads() {
  auto FirstRead = [&](const clang::VarDecl *Pointer) {
    unsigned First = ~0u;
    for (const LoadModel &L : Model.Loads)
      if (L.Pointer == Pointer)
        for (const LoadModel::Read &R : L.SureReads)
          First = std::min(First, R.Order);
    return First;
  };
  // (first sure read, first use) per pointer, sorted.
  std::vector<std::pair<std::pair<unsigned, unsigned>, const clang::VarDecl *>>
      Order;
  for (const LoadModel &L : Model.Loads)
    if (L.Pointer && llvm::none_of(Order, [&](const auto &O) {
          return O.second == L.Pointer;
        }))
      Order.push_back({{FirstRead(L.Pointer), unsigned(Order.size())},
                       L.Pointer});
  std::sort(Order.begin(), Order.end(), [](const auto &A, const auto &B) {
    return A.first < B.first;
  });
  std::vector<const clang::VarDecl *> Pointers;
  for (const auto &O : Order)
    Pointers.push_back(O.second);
  // The parameters a pointer's condition may not name: the loads read
  // after it.
  llvm::DenseSet<AffineVar> Later;
  for (const LoadModel &L : Model.Loads)
    if (L.Pointer)
      Later.insert(L.Var);
  auto Add = [&](const LoadModel &L) {
    InvariantLoad Out;
    Out.Name = L.Var->getName().str();
    Out.Text = L.Text;
    Out.Type = L.Type;
    Out.Declaration = L.Declaration;
    Out.Object = L.Object;
    if (L.Stride)
      Out.Stride = L.Stride->getName().str();
    if (L.Pointer && !L.Stride && copyableStructPointer(L.Pointer) &&
        llvm::none_of(Model.Loads, [&](const LoadModel &M) {
          return M.Var == L.Pointer; // f->g->v: the text names f, not g
        })) {
      std::string Prefix = L.Pointer->getName().str() + "->";
      llvm::StringRef Rest = llvm::StringRef(L.Text);
      if (Rest.consume_front(Prefix) && clang::isValidAsciiIdentifier(Rest)) {
        Out.ThroughPointer = L.Pointer->getName().str();
        Out.Member = Rest.str();
      }
    }
    if (L.OnlyBare && !L.Stride)
      Out.BareMember = L.BareMember;
    // A pointer other loads are read through (f->g of f->g->rows) is
    // declared for them.
    Out.Declared = ParamIndex.count(L.Var) || ArrayIndex.count(L.Var) ||
                   llvm::any_of(Model.Loads, [&](const LoadModel &M) {
                     return M.Pointer == L.Var;
                   });
    S.Loads.push_back(std::move(Out));
  };
  for (const LoadModel &L : Model.Loads)
    if (!L.Pointer)
      Add(L);
  for (const clang::VarDecl *P : Pointers) {
    isl::set Read;
    for (const LoadModel &L : Model.Loads) {
      if (L.Pointer != P)
        continue;
      for (const LoadModel::Read &R : L.SureReads) {
        llvm::DenseSet<AffineVar> Used;
        collectUsed(R.Where, Used);
        if (llvm::any_of(Used, [&](AffineVar V) { return Later.count(V); }))
          continue;
        isl::set Where = translator("", R.Loops).toSet(R.Where);
        if (Where.is_null())
          continue;
        Where = Where.params();
        Read = Read.is_null() ? Where : Read.unite(Where);
      }
    }
    if (Read.is_null()) {
      Error = "no read through '" + P->getName().str() +
              "' can be made before the nest";
      return false;
    }
    Read = Read.coalesce();
    bool First = true;
    for (const LoadModel &L : Model.Loads) {
      if (L.Pointer != P)
        continue;
      Add(L);
      if (First && !Read.is_equal(Read.universe(Read.get_space())).is_true())
        S.Loads.back().Read = Read;
      First = false;
      Later.erase(L.Var);
    }
  }
  return true;
}

isl::map Assembler::schedule(const isl::space &Domain,
                             const std::vector<unsigned> &Loops,
                             const std::vector<int64_t> &Positions,
                             unsigned MaxLoops) const {
  std::vector<SchedOut> Outs;
  for (size_t L = 0; L < Loops.size(); ++L) {
    Outs.push_back({Positions[L], -1, false});
    Outs.push_back({0, int(L), Model.Loops[Loops[L]].Info.Step < 0});
  }
  Outs.push_back({Positions[Loops.size()], -1, false});
  for (size_t L = Loops.size(); L < MaxLoops; ++L) {
    Outs.push_back({0, -1, false});
    Outs.push_back({0, -1, false});
  }
  return scheduleMap(Domain, Outs);
}

bool Assembler::buildAccess(const AccessModel &A, const AffineIsl &Stmt,
                            ScopStmt &Out) {
  const ScopArray &Array = S.Arrays[ArrayIndex.lookup(A.Array)];
  // The subscripts' dimensions carry no names.
  isl_space *Range = makeSetSpace(ParamSpace, Array.IslName,
                                  std::vector<std::string>(A.Subscripts.size()))
                         .release();
  isl_aff_list *Affs = isl_aff_list_alloc(Ctx, A.Subscripts.size());
  for (const AffineExpr &E : A.Subscripts)
    Affs = isl_aff_list_add(Affs, Stmt.toAff(E).release());
  isl_space *Space =
      isl_space_map_from_domain_and_range(Stmt.space().copy(), Range);
  MemoryAccess M;
  M.Kind = A.Kind;
  M.Array = Array.Name;
  M.Relation = isl::manage(
      isl_map_from_multi_aff(isl_multi_aff_from_aff_list(Space, Affs)));
  M.Text = A.Text;
  M.Loc = A.Loc;
  if (!check(M.Relation, "access " + A.Text))
    return false;
  Out.Accesses.push_back(std::move(M));
  return true;
}

bool Assembler::buildStmt(const StmtModel &SM, size_t Index) {
  ScopStmt St;
  St.Name = "S" + std::to_string(Index);
  St.LoopIds = std::vector<unsigned>(SM.LoopIds.begin(), SM.LoopIds.end());
  for (unsigned Id : SM.LoopIds)
    St.Iterators.push_back(Model.Loops[Id].Info.Iterator);
  AffineIsl Stmt = translator(St.Name, St.LoopIds);
  St.Domain = Stmt.toSet(SM.Domain);
  if (!check(St.Domain, "domain of " + St.Name))
    return false;
  St.Domain = St.Domain.coalesce();
  St.Schedule = schedule(Stmt.space(), St.LoopIds, SM.Positions, S.Depth);
  if (!check(St.Schedule, "schedule of " + St.Name))
    return false;
  for (const AccessModel &A : SM.Accesses)
    if (!buildAccess(A, Stmt, St) || !addOutOfRows(A, Stmt, St.Domain))
      return false;
  St.Text = SM.Text;
  St.Identifiers = SM.Identifiers;
  St.Span = SM.Span;
  St.Declares = SM.Declares;
  S.Stmts.push_back(std::move(St));
  return true;
}

bool Assembler::addOutOfRows(const AccessModel &A, const AffineIsl &Stmt,
                             const isl::set &Domain) {
  if (A.InRows.K == Cond::Kind::True)
    return true;
  std::optional<Cond> Out = A.InRows.negate();
  if (!Out) {
    Error = "the rows of access " + A.Text + " could not be stated";
    return false;
  }
  isl::set Bad = Domain.intersect(Stmt.toSet(*Out));
  if (!check(Bad, "rows of access " + A.Text))
    return false;
  size_t Index = ArrayIndex.lookup(A.Array);
  isl::set &Sum = OutOfRows[Index];
  Sum = Sum.is_null() ? Bad.params() : Sum.unite(Bad.params());
  if (!check(Sum, "rows of access " + A.Text))
    return false;
  isl::set Runs = Domain.params().intersect(S.Context);
  if (!AlwaysOut.count(Index) && !Runs.is_empty().is_true() &&
      Runs.is_subset(Bad.params()).is_true())
    AlwaysOut[Index] = &A;
  return true;
}

bool Assembler::buildRowChecks() {
  for (const auto &[Index, Bad] : OutOfRows) {
    isl::set Holds =
        isl::set::universe(ParamSpace).subtract(Bad).coalesce();
    if (!check(Holds, "rows of '" + S.Arrays[Index].Name + "'"))
      return false;
    RowCheck C{S.Arrays[Index].Name, Holds, "", SourceLoc()};
    if (const AccessModel *A = AlwaysOut.lookup(Index)) {
      C.Access = A->Text;
      C.Loc = A->Loc;
    }
    S.RowChecks.push_back(std::move(C));
  }
  return true;
}

//===-- Exit facts of the loops -------------------------------------------===//

/// The exit facts of loop \p Id into S.Exits, and its entry domain into
/// \p Entry (left null when it gets no exit facts). False only when isl
/// fails to build them.
bool Assembler::buildExit(unsigned Id, isl::set &Entry) {
  const LoopModel &L = Model.Loops[Id];
  // FIXME: an iterator declared inside the nest is dead after it and needs
  // no final value, but code generation asks one of every iterator not
  // declared in its loop's header: without facts, the nest is refused
  // (codegen-failed).
  if (L.DeclaredInNest || L.Start.empty())
    return true;
  // The facts are stated over the enclosing iterators, then the loop's own.
  std::vector<unsigned> Outer = enclosingLoops(Id);
  std::vector<std::string> Dims;
  for (unsigned O : Outer)
    Dims.push_back(LoopNames[O]);
  // A variable without a dimension (a parameter that only an empty loop
  // uses) leaves the loop without exit facts.
  bool Missing = false;
  auto Locator = [&](bool WithOwn) -> IslDimLocator {
    return [&, WithOwn](AffineVar V) -> std::optional<IslDim> {
      if (std::optional<IslDim> P = paramDim(V))
        return P;
      if (V == L.Iter && WithOwn)
        return IslDim{false, unsigned(Outer.size())};
      for (unsigned K = 0; K < Outer.size(); ++K)
        if (Model.Loops[Outer[K]].Iter == V && V != L.Iter)
          return IslDim{false, K};
      Missing = true;
      return std::nullopt;
    };
  };
  AffineIsl OuterSpace(makeSetSpace(ParamSpace, "", Dims), Locator(false));
  Dims.push_back(LoopNames[Id]);
  AffineIsl LoopSpace(makeSetSpace(ParamSpace, "", Dims), Locator(true));
  LoopExit E;
  E.Loop = Id;
  E.EntryDomain = OuterSpace.toSet(L.Entry);
  E.Iterations = LoopSpace.toSet(Cond::conj(L.Entry, L.Range));
  E.Init = OuterSpace.toMap(L.Start);
  if (Missing)
    return true;
  if (!check(E.EntryDomain, "entry domain of a loop") ||
      !check(E.Iterations, "iterations of a loop") ||
      !check(E.Init, "start of a loop"))
    return false;
  E.EntryDomain = E.EntryDomain.coalesce();
  E.Iterations = E.Iterations.coalesce();
  // The start must be one value wherever the header runs.
  isl::map InitOnEntry = E.Init.intersect_domain(E.EntryDomain);
  if (!InitOnEntry.is_single_valued().is_true() ||
      !E.EntryDomain.is_subset(InitOnEntry.domain()).is_true())
    return true;
  E.Init = InitOnEntry.coalesce();
  for (unsigned O : Outer)
    E.OuterSteps.push_back(Model.Loops[O].Info.Step);
  Entry = E.EntryDomain;
  S.Exits.push_back(std::move(E));
  return true;
}

/// [p] -> { [P_0, o_1, P_1, ..., o_n, P_n, 0, ...] }: the points of the 2d+1
/// schedule at which loop \p Id's header runs (o_k negated for a downward
/// loop, as in the statements' schedules), padded to 2 * MaxOuter + 1.
isl::set Assembler::headerSchedule(unsigned Id, const isl::set &Entry,
                                   unsigned MaxOuter) {
  return Entry.apply(schedule(Entry.get_space(), enclosingLoops(Id),
                              Model.Loops[Id].Positions, MaxOuter));
}

/// Loops that share an iterator all write it; after the nest it holds what
/// the loop whose header ran last left in it (loops sharing an iterator are
/// never nested, so each runs to its end before another's header). The
/// header schedules of two loops are disjoint (their positions differ where
/// the loops part), so for each value of the parameters the last point of
/// their union belongs to exactly one loop: each loop's LastOfShared is
/// where it is that loop's. A group with a loop that has no exit facts (its
/// header schedule null) loses them all: the frontend refuses the nest.
void Assembler::orderSharedExits(const std::vector<isl::set> &Headers) {
  llvm::DenseMap<const clang::VarDecl *, isl::set> All;
  llvm::DenseSet<const clang::VarDecl *> Unknown;
  for (unsigned Id = 0; Id < Model.Loops.size(); ++Id) {
    const clang::VarDecl *V = Model.Loops[Id].Iter;
    bool Shared = llvm::any_of(Model.Loops, [&](const LoopModel &L) {
      return &L != &Model.Loops[Id] && L.Iter == V;
    });
    if (!Shared)
      continue;
    if (Headers[Id].is_null()) {
      Unknown.insert(V);
      continue;
    }
    isl::set &U = All[V];
    U = U.is_null() ? Headers[Id] : U.unite(Headers[Id]);
  }
  llvm::DenseMap<const clang::VarDecl *, isl::set> Last;
  for (auto &[V, U] : All)
    Last[V] = U.lexmax();
  for (LoopExit &E : S.Exits) {
    const clang::VarDecl *V = Model.Loops[E.Loop].Iter;
    auto It = Last.find(V);
    if (It == Last.end() || Unknown.count(V))
      continue;
    E.LastOfShared =
        It->second.intersect(Headers[E.Loop]).params().coalesce();
  }
  llvm::erase_if(S.Exits, [&](const LoopExit &E) {
    const clang::VarDecl *V = Model.Loops[E.Loop].Iter;
    return Unknown.count(V) != 0 ||
           (Last.count(V) && E.LastOfShared.is_null());
  });
}

bool Assembler::buildExits() {
  unsigned MaxOuter = 0;
  for (unsigned Id = 0; Id < Model.Loops.size(); ++Id)
    MaxOuter = std::max<unsigned>(MaxOuter, enclosingLoops(Id).size());
  llvm::DenseMap<const clang::VarDecl *, unsigned> Uses;
  for (const LoopModel &L : Model.Loops)
    ++Uses[L.Iter];
  std::vector<isl::set> Headers(Model.Loops.size());
  for (unsigned Id = 0; Id < Model.Loops.size(); ++Id) {
    isl::set Entry;
    if (!buildExit(Id, Entry))
      return false;
    if (!Entry.is_null() && Uses.lookup(Model.Loops[Id].Iter) > 1)
      Headers[Id] = headerSchedule(Id, Entry, MaxOuter);
  }
  orderSharedExits(Headers);
  return true;
}
} // namespace

bool assembleScop(const NestModel &Model, isl_ctx *Ctx, Scop &S,
                  std::string &Error) {
  return Assembler(Model, Ctx, S, Error).run();
}

} // namespace hetile
