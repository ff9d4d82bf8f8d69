//===- ScopAssembler.cpp - NestModel -> Scop with isl objects -------------===//

#include "hetile/Frontend/ScopAssembler.h"
#include "hetile/Frontend/IslNames.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace hetile {

namespace {
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
    return buildExits();
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
      for (const AccessModel &A : SM.Accesses)
        for (const AffineExpr &E : A.Subscripts)
          E.forEachVar([&](AffineVar V) { Used.insert(V); });
    }
    std::set<std::string> Taken;
    for (AffineVar V : Model.Params) {
      if (!Used.count(V))
        continue;
      std::string Name = makeIslName(V->getName().str(), Taken);
      Taken.insert(Name);
      ParamNames[V] = Name;
      S.Params.push_back(V->getName().str());
      IslParams.push_back(Name);
    }
  }

  /// Iterators: distinct from the parameters and the enclosing iterators.
  void nameLoops() {
    std::set<std::string> Params(IslParams.begin(), IslParams.end());
    for (const LoopModel &L : Model.Loops) {
      std::set<std::string> Taken = Params;
      for (int P = L.Parent; P >= 0; P = Model.Loops[P].Parent)
        Taken.insert(LoopNames[P]);
      LoopNames.push_back(makeIslName(L.Iter->getName().str(), Taken));
      S.Loops.push_back(L.Info);
    }
  }

  void nameArrays() {
    std::set<std::string> Taken;
    for (const ArrayModel &A : Model.Arrays) {
      ScopArray Info = A.Info;
      Info.IslName = makeIslName(Info.Name, Taken);
      Taken.insert(Info.IslName);
      for (const StmtModel &SM : Model.Stmts)
        for (const AccessModel &Acc : SM.Accesses)
          if (Acc.Array == A.Decl && Acc.Kind != MemoryAccess::AccessKind::Read)
            Info.Written = true;
      ArrayIndex[A.Decl] = S.Arrays.size();
      S.Arrays.push_back(std::move(Info));
    }
  }

  std::string paramPrefix() const {
    std::string P = "[";
    for (size_t I = 0; I < IslParams.size(); ++I)
      P += (I ? ", " : "") + IslParams[I];
    return P + "] -> ";
  }

  bool buildContext() {
    std::string C;
    for (AffineVar V : Model.Params)
      if (ParamNames.count(V) && V->getType()->isUnsignedIntegerType())
        C += (C.empty() ? "" : " and ") + ParamNames[V] + " >= 0";
    std::string Text = paramPrefix() + "{ : " + (C.empty() ? "0 = 0" : C) + " }";
    S.Context = isl::set(isl::ctx(Ctx), Text);
    return check(S.Context, Text);
  }

  template <typename T> bool check(const T &Obj, const std::string &Text) {
    if (!Obj.is_null())
      return true;
    Error = "isl could not read '" + Text + "'";
    return false;
  }

  bool buildStmt(const StmtModel &SM, size_t Index);
  struct ExitTexts {
    std::string Entry, Iterations, Init;
  };
  bool buildExits();
  bool exitTexts(unsigned Id, ExitTexts &T);
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
  std::string scheduleText(const StmtModel &SM, const std::string &Tuple);
  bool buildAccess(const AccessModel &A, const std::string &Tuple,
                   const AffineNamer &Namer, ScopStmt &Out);

  const NestModel &Model;
  isl_ctx *Ctx;
  Scop &S;
  std::string &Error;
  llvm::DenseMap<AffineVar, std::string> ParamNames;
  std::vector<std::string> IslParams;
  std::vector<std::string> LoopNames;
  llvm::DenseMap<const clang::VarDecl *, size_t> ArrayIndex;
};

std::string Assembler::scheduleText(const StmtModel &SM,
                                    const std::string &Tuple) {
  std::string R = paramPrefix() + "{ " + Tuple + " -> [";
  for (size_t L = 0; L < SM.LoopIds.size(); ++L) {
    const LoopModel &Loop = Model.Loops[SM.LoopIds[L]];
    R += std::to_string(SM.Positions[L]) + ", ";
    R += (Loop.Info.Step < 0 ? "-" : "") + LoopNames[SM.LoopIds[L]] + ", ";
  }
  R += std::to_string(SM.Positions.back());
  for (size_t L = SM.LoopIds.size(); L < S.Depth; ++L)
    R += ", 0, 0";
  return R + "] }";
}

bool Assembler::buildAccess(const AccessModel &A, const std::string &Tuple,
                            const AffineNamer &Namer, ScopStmt &Out) {
  const ScopArray &Array = S.Arrays[ArrayIndex.lookup(A.Array)];
  std::string Text = paramPrefix() + "{ " + Tuple + " -> " + Array.IslName + "[";
  for (size_t I = 0; I < A.Subscripts.size(); ++I)
    Text += (I ? ", " : "") + A.Subscripts[I].print(Namer);
  Text += "] }";
  MemoryAccess M;
  M.Kind = A.Kind;
  M.Array = Array.Name;
  M.Relation = isl::map(isl::ctx(Ctx), Text);
  M.Text = A.Text;
  M.Loc = A.Loc;
  if (!check(M.Relation, Text))
    return false;
  Out.Accesses.push_back(std::move(M));
  return true;
}

bool Assembler::buildStmt(const StmtModel &SM, size_t Index) {
  ScopStmt St;
  St.Name = "S" + std::to_string(Index);
  St.LoopIds = std::vector<unsigned>(SM.LoopIds.begin(), SM.LoopIds.end());
  std::string Tuple = St.Name + "[";
  for (size_t L = 0; L < SM.LoopIds.size(); ++L) {
    St.Iterators.push_back(Model.Loops[SM.LoopIds[L]].Info.Iterator);
    Tuple += (L ? ", " : "") + LoopNames[SM.LoopIds[L]];
  }
  Tuple += "]";
  AffineNamer Namer = [&](AffineVar V) -> std::string {
    if (ParamNames.count(V))
      return ParamNames.lookup(V);
    for (unsigned Id : SM.LoopIds)
      if (Model.Loops[Id].Iter == V)
        return LoopNames[Id];
    return "<unknown>"; // cannot happen: isl then rejects the text
  };
  std::string Dom =
      paramPrefix() + "{ " + Tuple + " : " + SM.Domain.print(Namer) + " }";
  St.Domain = isl::set(isl::ctx(Ctx), Dom);
  if (!check(St.Domain, Dom))
    return false;
  St.Domain = St.Domain.coalesce();
  std::string Sched = scheduleText(SM, Tuple);
  St.Schedule = isl::map(isl::ctx(Ctx), Sched);
  if (!check(St.Schedule, Sched))
    return false;
  for (const AccessModel &A : SM.Accesses)
    if (!buildAccess(A, Tuple, Namer, St))
      return false;
  St.Text = SM.Text;
  St.Span = SM.Span;
  St.Declares = SM.Declares;
  S.Stmts.push_back(std::move(St));
  return true;
}

//===-- Exit facts of the loops -------------------------------------------===//

/// The isl texts of loop \p Id's entry domain, iterations and start over
/// its enclosing iterators; false when one names a variable that has no isl
/// name (a parameter that only an empty loop uses).
bool Assembler::exitTexts(unsigned Id, ExitTexts &T) {
  const LoopModel &L = Model.Loops[Id];
  std::vector<unsigned> Outer = enclosingLoops(Id);
  bool Unnamed = false;
  AffineNamer Namer = [&](AffineVar V) -> std::string {
    if (ParamNames.count(V))
      return ParamNames.lookup(V);
    if (V == L.Iter)
      return LoopNames[Id];
    for (unsigned O : Outer)
      if (Model.Loops[O].Iter == V)
        return LoopNames[O];
    Unnamed = true;
    return "0";
  };
  std::string Tuple;
  for (unsigned O : Outer)
    Tuple += (Tuple.empty() ? "" : ", ") + LoopNames[O];
  std::string Iters = Tuple + (Tuple.empty() ? "" : ", ") + LoopNames[Id];
  T.Entry =
      paramPrefix() + "{ [" + Tuple + "] : " + L.Entry.print(Namer) + " }";
  T.Iterations = paramPrefix() + "{ [" + Iters + "] : " +
                 Cond::conj(L.Entry, L.Range).print(Namer) + " }";
  T.Init = paramPrefix() + "{ ";
  for (size_t P = 0; P < L.Start.size(); ++P)
    T.Init += (P ? "; [" : "[") + Tuple + "] -> [" +
              L.Start[P].E.print(Namer) + "] : " + L.Start[P].C.print(Namer);
  T.Init += " }";
  return !Unnamed;
}

/// The exit facts of loop \p Id into S.Exits, and its entry domain into
/// \p Entry (left null when it gets no exit facts). False only when isl
/// cannot read a generated text.
bool Assembler::buildExit(unsigned Id, isl::set &Entry) {
  const LoopModel &L = Model.Loops[Id];
  // FIXME: an iterator declared inside the nest is dead after it and needs
  // no final value, but code generation asks one of every iterator not
  // declared in its loop's header: without facts, the nest is refused
  // (codegen-failed).
  ExitTexts T;
  if (L.DeclaredInNest || L.Start.empty() || !exitTexts(Id, T))
    return true;
  LoopExit E;
  E.Loop = Id;
  E.EntryDomain = isl::set(isl::ctx(Ctx), T.Entry);
  E.Iterations = isl::set(isl::ctx(Ctx), T.Iterations);
  E.Init = isl::map(isl::ctx(Ctx), T.Init);
  if (!check(E.EntryDomain, T.Entry) || !check(E.Iterations, T.Iterations) ||
      !check(E.Init, T.Init))
    return false;
  E.EntryDomain = E.EntryDomain.coalesce();
  E.Iterations = E.Iterations.coalesce();
  // The start must be one value wherever the header runs.
  isl::map InitOnEntry = E.Init.intersect_domain(E.EntryDomain);
  if (!InitOnEntry.is_single_valued().is_true() ||
      !E.EntryDomain.is_subset(InitOnEntry.domain()).is_true())
    return true;
  E.Init = InitOnEntry.coalesce();
  for (unsigned O : enclosingLoops(Id))
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
  const LoopModel &L = Model.Loops[Id];
  std::vector<unsigned> Outer = enclosingLoops(Id);
  std::string In, Out;
  for (size_t K = 0; K < Outer.size(); ++K) {
    const std::string &Name = LoopNames[Outer[K]];
    In += (K ? ", " : "") + Name;
    Out += std::to_string(L.Positions[K]) + ", " +
           (Model.Loops[Outer[K]].Info.Step < 0 ? "-" : "") + Name + ", ";
  }
  Out += std::to_string(L.Positions.back());
  for (size_t K = Outer.size(); K < MaxOuter; ++K)
    Out += ", 0, 0";
  isl::map ToSchedule(isl::ctx(Ctx),
                      paramPrefix() + "{ [" + In + "] -> [" + Out + "] }");
  return Entry.apply(ToSchedule);
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
