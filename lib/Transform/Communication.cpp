//===- Communication.cpp - What tiles owned by different ranks exchange ---===//
//
// See Communication.h. Exact isl set arithmetic only; printing the loops
// that pack and unpack these sets is CodeGen's job.
//
//===----------------------------------------------------------------------===//

#include "hetile/Transform/Communication.h"

#include <optional>
#include <sstream>

namespace hetile {

const char *const ColumnOriginParam = "hetile_dc";
const char *const BlockLowParam = "hetile_blo";
const char *const BlockHighParam = "hetile_bhi";

namespace {

llvm::Error makeError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// The accesses of \p Array of kind Read (\p Writes false) or write, each
/// restricted to its statement's domain.
isl::union_map accessesOf(const Scop &S, const std::string &Array,
                          bool Writes) {
  isl::union_map Result;
  for (const ScopStmt &Stmt : S.Stmts)
    for (const MemoryAccess &A : Stmt.Accesses) {
      if (A.Array != Array || A.Relation.is_null() || A.isWrite() != Writes)
        continue;
      isl::union_map M(A.Relation.intersect_domain(Stmt.Domain));
      Result = Result.is_null() ? M : Result.unite(M);
    }
  return Result;
}

/// Whether a statement of \p S has a may-write.
bool hasMayWrite(const Scop &S) {
  for (const ScopStmt &Stmt : S.Stmts)
    for (const MemoryAccess &A : Stmt.Accesses)
      if (A.Kind == MemoryAccess::AccessKind::MayWrite && !A.Relation.is_null())
        return true;
  return false;
}

/// \p S with each may-write turned into a read of its element followed by
/// a must-write of it (see Communication.h).
Scop withMayWritesAsUpdates(const Scop &S) {
  Scop Result = S;
  for (ScopStmt &Stmt : Result.Stmts) {
    std::vector<MemoryAccess> Reads;
    for (MemoryAccess &A : Stmt.Accesses)
      if (A.Kind == MemoryAccess::AccessKind::MayWrite &&
          !A.Relation.is_null()) {
        MemoryAccess Read = A;
        Read.Kind = MemoryAccess::AccessKind::Read;
        Reads.push_back(std::move(Read));
        A.Kind = MemoryAccess::AccessKind::MustWrite;
      }
    Stmt.Accesses.insert(Stmt.Accesses.begin(), Reads.begin(), Reads.end());
  }
  return Result;
}

/// The instances whose band dimension \p C lies in [dc, dc + T_c - 1].
isl::union_set columnInstances(const Scop &S, const PermutableBand &B,
                               const TiledNest &N) {
  unsigned C = N.ColumnDim;
  std::ostringstream OS;
  OS << "[" << ColumnOriginParam << ", " << N.Dims[C].Size << "] -> { [";
  for (unsigned M = 0; M < N.Dims.size(); ++M)
    OS << (M ? ", " : "") << "b" << M;
  OS << "] : " << ColumnOriginParam << " <= b" << C << " <= "
     << ColumnOriginParam << " + " << N.Dims[C].Size << " - 1 }";
  isl::set Col(S.Stmts.front().Domain.ctx(), OS.str());
  return B.BandSchedule.intersect_domain(S.getDomains())
      .intersect_range(isl::union_set(Col))
      .domain();
}

/// The instances whose band dimension \p C lies in [hetile_blo,
/// hetile_bhi]: a block of tile columns.
isl::union_set blockInstances(const Scop &S, const PermutableBand &B,
                              const TiledNest &N) {
  unsigned C = N.ColumnDim;
  std::ostringstream OS;
  OS << "[" << BlockLowParam << ", " << BlockHighParam << "] -> { [";
  for (unsigned M = 0; M < N.Dims.size(); ++M)
    OS << (M ? ", " : "") << "b" << M;
  OS << "] : " << BlockLowParam << " <= b" << C << " <= " << BlockHighParam
     << " }";
  isl::set Block(S.Stmts.front().Domain.ctx(), OS.str());
  return B.BandSchedule.intersect_domain(S.getDomains())
      .intersect_range(isl::union_set(Block))
      .domain();
}

/// The one set of \p U (elements of one array); empty in \p Space's array
/// when \p U has none.
isl::set onlySet(const isl::union_set &U, const isl::set &EmptyLike) {
  isl::set Result = EmptyLike;
  U.foreach_set([&](isl::set S) -> isl::stat {
    Result = S;
    return isl::stat::ok();
  });
  return Result.coalesce();
}

/// max of b_c(sink) - b_c(source) over the flow dependences; null if
/// unbounded.
isl::pw_aff maxColumnDistance(const Scop &S, const PermutableBand &B,
                              const TiledNest &N, const Dependences &D) {
  if (D.Flow.is_null())
    return {};
  isl::union_map Band = B.BandSchedule.intersect_domain(S.getDomains());
  isl::union_map Pairs = D.Flow.apply_domain(Band).apply_range(Band);
  isl::union_set Deltas = Pairs.deltas();
  unsigned K = N.Dims.size(), C = N.ColumnDim;
  isl::set Zero(S.Stmts.front().Domain.ctx(), "{ [d] : d = 0 }");
  isl::set Dist = Zero;
  bool Ok = true;
  Deltas.foreach_set([&](isl::set Set) -> isl::stat {
    if (unsigned(Set.tuple_dim().release()) != K) {
      Ok = false;
      return isl::stat::ok();
    }
    isl::set One = Set.project_out(isl::dim::set, C + 1, K - C - 1)
                       .project_out(isl::dim::set, 0, C);
    Dist = Dist.unite(One.project_out_all_params().coalesce());
    return isl::stat::ok();
  });
  if (!Ok || Dist.is_null() || !Dist.is_bounded().is_true())
    return {};
  // Parameters projected out: the bound holds whatever their values.
  isl::pw_aff Max = Dist.dim_max(0);
  if (Max.is_null() || Max.involves_nan().is_true())
    return {};
  return Max;
}

} // namespace

llvm::Expected<Communication>
computeCommunication(const Scop &Original, const PermutableBand &B,
                     const TiledNest &N, const Dependences &OriginalDeps) {
  // A may-write is modelled as an update (see Communication.h); the
  // dependences of that model are computed only when the nest has one.
  std::optional<Scop> Updates;
  std::optional<Dependences> UpdateDeps;
  if (hasMayWrite(Original)) {
    Updates = withMayWritesAsUpdates(Original);
    UpdateDeps = computeDependences(*Updates);
  }
  const Scop &S = Updates ? *Updates : Original;
  const Dependences &D = UpdateDeps ? *UpdateDeps : OriginalDeps;
  if (S.Stmts.empty() || N.Dims.empty() || N.InTile.is_null())
    return makeError("no tiled band");
  for (const std::string &P : S.Params)
    if (P == ColumnOriginParam || P == BlockLowParam || P == BlockHighParam)
      return makeError("parameter '" + P + "' clashes with a generated name");
  Communication Result;
  isl::union_set InCol = columnInstances(S, B, N);
  isl::union_set InBlock = blockInstances(S, B, N);
  for (const ScopArray &A : S.Arrays) {
    if (!A.Written)
      continue;
    isl::union_map W = accessesOf(S, A.Name, true);
    isl::union_map R = accessesOf(S, A.Name, false);
    // A write under a guard that never holds writes nothing: no traffic.
    if (W.is_null() || W.is_empty().is_true())
      continue;
    isl::set EmptyLike;
    W.range().foreach_set([&](isl::set Set) -> isl::stat {
      EmptyLike = Set.subtract(Set);
      return isl::stat::ok();
    });
    ArrayTraffic T;
    T.Array = A.Name;
    T.Dims = unsigned(EmptyLike.tuple_dim().release());
    auto FIt = D.FlowByArray.find(A.Name);
    auto LIt = D.LastWriteByArray.find(A.Name);
    isl::union_map Flow = FIt == D.FlowByArray.end() ? isl::union_map() : FIt->second;
    isl::union_set Out;
    auto EIt = D.FlowElementsByArray.find(A.Name);
    if (EIt != D.FlowElementsByArray.end()) {
      // A statement writes two elements: the element a read sees, not
      // every element both instances touch (the reader may see another
      // write of one of them, which a stale copy would undo).
      if (EIt->second.is_null())
        return makeError("isl failed on the flow of array '" + A.Name + "'");
      Out = EIt->second.intersect_domain(N.InTile)
                .range()
                .unwrap()
                .intersect_domain(InCol)
                .range();
    } else if (!Flow.is_null() && !R.is_null()) {
      isl::union_map Pairs = Flow.intersect_domain(N.InTile).intersect_range(InCol);
      Out = Pairs.apply_range(R).intersect(W).range();
    }
    T.FlowOut = Out.is_null() ? EmptyLike : onlySet(Out, EmptyLike);
    // Per element, the tile of its last write (see Communication.h).
    if (LIt == D.LastWriteByArray.end() || LIt->second.is_null())
      return makeError("isl failed on the last writes of array '" + A.Name +
                       "'");
    T.LiveOut =
        onlySet(LIt->second.intersect_domain(N.InTile).range(), EmptyLike);
    // Null if isl fails: the exchange then falls back to LiveOut.
    T.BlockLiveOut =
        onlySet(LIt->second.intersect_domain(InBlock).range(), EmptyLike);
    if (T.FlowOut.is_null() || T.LiveOut.is_null())
      return makeError("isl failed on the traffic of array '" + A.Name + "'");
    Result.Arrays.push_back(std::move(T));
  }
  Result.MaxColumnDistance = maxColumnDistance(S, B, N, D);
  return Result;
}

} // namespace hetile
