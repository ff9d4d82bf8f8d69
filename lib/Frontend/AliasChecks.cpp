//===- AliasChecks.cpp - Run-time checks that two arrays do not overlap ---===//

#include "hetile/Frontend/AliasChecks.h"

namespace hetile {

namespace {

/// The elements of \p Array the statements of \p S access, over their
/// domains and the context; null when the nest never accesses it.
isl::set touchedElements(const Scop &S, const ScopArray &Array) {
  isl::set Touched;
  for (const ScopStmt &Stmt : S.Stmts)
    for (const MemoryAccess &A : Stmt.Accesses) {
      if (A.Array != Array.Name)
        continue;
      isl::set Elems = A.Relation.intersect_domain(Stmt.Domain).range();
      Touched = Touched.is_null() ? Elems : Touched.unite(Elems);
    }
  if (Touched.is_null())
    return Touched;
  return Touched.intersect_params(S.Context).coalesce();
}

/// \p PA, or nothing with the reason in \p Why when it is unbounded or has
/// too many pieces.
std::optional<isl::pw_aff> checkedBound(isl::pw_aff PA, const std::string &What,
                                        std::string &Why) {
  if (PA.is_null() || PA.involves_nan().is_true()) {
    Why = "the " + What + " is unbounded";
    return std::nullopt;
  }
  PA = PA.coalesce();
  isl::size Pieces = PA.n_piece();
  if (Pieces.is_error() || unsigned(Pieces) > MaxBoundPieces) {
    Why = "the " + What + " has more than " + std::to_string(MaxBoundPieces) +
          " cases";
    return std::nullopt;
  }
  return PA;
}

} // namespace

std::optional<ArrayBounds> boundArray(const Scop &S, const ScopArray &Array,
                                      std::string &Why) {
  isl::set Elems = touchedElements(S, Array);
  if (Elems.is_null()) {
    Why = "'" + Array.Name + "' is not accessed";
    return std::nullopt;
  }
  ArrayBounds B;
  B.Array = Array.Name;
  B.Touched = Elems.params().coalesce();
  isl::size TupleDims = Elems.tuple_dim();
  unsigned Dims = TupleDims.is_error() ? 0 : unsigned(TupleDims);
  if (Dims == 0) {
    Why = "'" + Array.Name + "' has no subscript";
    return std::nullopt;
  }
  for (unsigned D = 0; D < Dims; ++D) {
    std::string What =
        "subscript " + std::to_string(D + 1) + " of '" + Array.Name + "'";
    auto Min = checkedBound(Elems.dim_min(D), "lowest " + What, Why);
    if (!Min)
      return std::nullopt;
    auto Max = checkedBound(Elems.dim_max(D), "highest " + What, Why);
    if (!Max)
      return std::nullopt;
    B.Min.push_back(*Min);
    B.Max.push_back(*Max);
  }
  return B;
}

std::optional<unsigned> addBounds(Scop &S, unsigned Index, std::string &Why) {
  const ScopArray &A = S.Arrays[Index];
  for (unsigned I = 0; I < S.Bounds.size(); ++I)
    if (S.Bounds[I].Array == A.Name)
      return I;
  std::optional<ArrayBounds> B = boundArray(S, A, Why);
  if (!B)
    return std::nullopt;
  S.Bounds.push_back(std::move(*B));
  return unsigned(S.Bounds.size() - 1);
}

bool addAliasCheck(Scop &S, unsigned First, unsigned Second, std::string &Why) {
  std::optional<unsigned> A = addBounds(S, First, Why);
  if (!A)
    return false;
  std::optional<unsigned> B = addBounds(S, Second, Why);
  if (!B)
    return false;
  S.AliasChecks.push_back({*A, *B});
  return true;
}

std::optional<std::string> addLoadChecks(Scop &S) {
  for (unsigned I = 0; I < S.Arrays.size(); ++I) {
    const ScopArray &A = S.Arrays[I];
    if (!A.Written || A.Storage == ScopArray::StorageKind::Scalar ||
        S.Loads.empty())
      continue;
    std::string Why;
    std::optional<unsigned> B = addBounds(S, I, Why);
    if (!B)
      return "array '" + A.Name + "' is written and no run-time check can " +
             "tell that it misses " + S.Loads.front().Text + " (" + Why + ")";
    for (unsigned L = 0; L < S.Loads.size(); ++L)
      S.LoadChecks.push_back({*B, L});
  }
  return std::nullopt;
}

} // namespace hetile
