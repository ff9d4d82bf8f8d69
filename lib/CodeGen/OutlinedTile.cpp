//===- OutlinedTile.cpp - The point loops as a function of their own ------===//

#include "OutlinedTile.h"

#include <algorithm>

namespace hetile {

namespace {

bool isDeclared(const ScopArray &A) {
  return A.Storage == ScopArray::StorageKind::Static;
}
bool isPointer(const ScopArray &A) {
  return A.Storage == ScopArray::StorageKind::Pointer;
}

/// Whether \p A may be restrict: see OutlinedTile.h.
bool mayBeRestrict(const Scop &S, const ScopArray &A) {
  for (const ScopArray &B : S.Arrays)
    if (((isPointer(A) && isDeclared(B)) || (isDeclared(A) && isPointer(B))) &&
        (A.Written || B.Written))
      return false;
  return true;
}

/// `A[0][0]` with \p K subscripts.
std::string element(const std::string &Array, unsigned K) {
  std::string E = Array;
  for (unsigned I = 0; I < K; ++I)
    E += "[0]";
  return E;
}

/// The variables of the nest's function that the nest reads but that are
/// neither its parameters nor its arrays (values it never writes, e.g. a
/// double factor): handed in by value.
std::vector<std::string> readOnlyScalars(const Scop &S) {
  std::vector<std::string> Names;
  for (const std::string &L : S.Outline.Locals)
    if (!S.findArray(L) &&
        std::find(S.Params.begin(), S.Params.end(), L) == S.Params.end())
      Names.push_back(L);
  return Names;
}

/// Why the point loops must stay in the parallel region, or "".
std::string whyInline(const NestEmitter &E) {
  const Scop &S = E.S;
  const OutlineFacts &F = S.Outline;
  if (F.Offset == ~0u)
    return "nothing can go before the nest's function (C++, inner bands, a "
           "pragma or attribute line before it, or it does not begin its "
           "line)";
  if (!F.Blocker.empty())
    return F.Blocker;
  if (!E.Private.empty())
    return "each tile computes on copies of its own";
  for (const ScopArray &A : S.Arrays) {
    if (A.Storage == ScopArray::StorageKind::Scalar && A.Written)
      return "scalar '" + A.Name + "' is written";
    if (!F.Types.count(A.Name))
      return "the type of '" + A.Name + "' is unknown";
  }
  for (const std::string &P : S.Params)
    if (!F.Types.count(P))
      return "the type of '" + P + "' is unknown";
  for (const std::string &L : readOnlyScalars(S))
    if (!F.Scalars.count(L))
      return "'" + L + "' is not an array or a scalar of a built-in type";
  return "";
}

} // namespace

llvm::Expected<bool> outlineTile(NestEmitter &E, OutlinedTile &Out,
                                 std::string &WhyNot) {
  WhyNot = whyInline(E);
  if (!WhyNot.empty())
    return false;
  const Scop &S = E.S;
  const TiledNest &N = E.N;
  const std::map<std::string, std::string> &Types = S.Outline.Types;
  unsigned Where = S.Stmts.empty() || S.Stmts.front().Span.Begin.Offset == ~0u
                       ? S.Span.Begin.Offset
                       : S.Stmts.front().Span.Begin.Offset;
  std::string Name =
      "hetile_points_" + S.Function + "_" + std::to_string(Where);
  std::vector<std::string> Params, Args;
  for (const TileDim &D : N.Dims) {
    Params.push_back("const long " + D.Origin);
    Args.push_back(D.Origin);
  }
  for (const TileDim &D : N.Dims) {
    Params.push_back("const long " + D.Size);
    Args.push_back(D.Size);
  }
  for (const std::string &P : S.Params) {
    Params.push_back("const " + Types.at(P) + " " + P);
    Args.push_back(P);
  }
  for (const std::string &L : readOnlyScalars(S)) {
    Params.push_back("const " + Types.at(L) + " " + L);
    Args.push_back(L);
  }
  for (const ScopArray &A : S.Arrays) {
    const std::string &Type = Types.at(A.Name);
    if (A.Storage == ScopArray::StorageKind::Scalar) {
      Params.push_back("const " + Type + " " + A.Name);
      Args.push_back(A.Name);
      continue;
    }
    std::string Dims;
    for (unsigned K = 1; K < A.Extents.size(); ++K) {
      std::string Dim = "hetile_" + A.Name + "_e" + std::to_string(K);
      Params.push_back("const long " + Dim);
      Dims += "[" + Dim + "]";
      std::string Row = "sizeof(" + element(A.Name, K) + ")";
      std::string Elem = "sizeof(" + element(A.Name, K + 1) + ")";
      // An empty row (extent 0) makes every outer stride 0 whatever the
      // extents outside it.
      Args.push_back("(long)(" + Elem + " ? " + Row + " / " + Elem + " : 0)");
    }
    std::string Restrict = mayBeRestrict(S, A) ? "restrict " : "";
    Params.push_back(Dims.empty() ? Type + " *" + Restrict + A.Name
                                  : Type + " (*" + Restrict + A.Name + ")" +
                                        Dims);
    Args.push_back("(void *)" + A.Name);
  }
  auto List = [](const std::vector<std::string> &L, unsigned Column) {
    std::string Text;
    unsigned Col = Column;
    for (size_t I = 0; I < L.size(); ++I) {
      std::string Item = L[I] + (I + 1 < L.size() ? "," : "");
      if (I && Col + 1 + Item.size() > 80) {
        Text += "\n" + spaces(Column);
        Col = Column;
      } else if (I) {
        Text += " ";
        ++Col;
      }
      Text += Item;
      Col += Item.size();
    }
    return Text;
  };
  std::string Head = "static void " + Name + "(";
  Out.Function = "/* hetile: the point loops of one tile of the nest at line " +
                 std::to_string(S.Span.Begin.Line) + " (--backend=omp) */\n" +
                 Head + List(Params, Head.size()) + ") {\n";
  if (auto Err = E.pointLoops(E.buildInBox(), 2, Out.Function))
    return std::move(Err);
  Out.Function += "}\n\n";
  Out.Call = Name + "(" + List(Args, Name.size() + 1) + ");";
  return true;
}

} // namespace hetile
