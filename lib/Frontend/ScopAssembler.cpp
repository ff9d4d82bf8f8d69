//===- ScopAssembler.cpp - NestModel -> Scop with isl objects -------------===//

#include "hetile/Frontend/ScopAssembler.h"
#include "hetile/Frontend/IslNames.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

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
    return true;
  }

private:
  void collectUsed(const Cond &C, llvm::DenseSet<AffineVar> &Used) {
    for (const auto &Term : C.E.terms())
      Used.insert(Term.first);
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
          for (const auto &Term : E.terms())
            Used.insert(Term.first);
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
  S.Stmts.push_back(std::move(St));
  return true;
}
} // namespace

bool assembleScop(const NestModel &Model, isl_ctx *Ctx, Scop &S,
                  std::string &Error) {
  return Assembler(Model, Ctx, S, Error).run();
}

} // namespace hetile
