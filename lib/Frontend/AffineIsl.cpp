//===- AffineIsl.cpp - The affine model as isl objects --------------------===//

#include "hetile/Frontend/AffineIsl.h"

#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/set.h>

namespace hetile {

namespace {
isl_val *value(isl_ctx *Ctx, int64_t V) {
  static_assert(sizeof(long) == sizeof(int64_t),
                "isl_val_int_from_si takes a long");
  return isl_val_int_from_si(Ctx, static_cast<long>(V));
}
} // namespace

isl::aff AffineIsl::toAff(const AffineExpr &E) const {
  isl_ctx *Ctx = Space.ctx().get();
  isl_aff *Aff =
      isl_aff_val_on_domain_space(Space.copy(), value(Ctx, E.getConstant()));
  for (const auto &[V, C] : E.terms()) {
    std::optional<IslDim> D = Locate(V);
    if (!D) {
      isl_aff_free(Aff);
      return {};
    }
    Aff = isl_aff_set_coefficient_val(
        Aff, D->Param ? isl_dim_param : isl_dim_in, D->Pos, value(Ctx, C));
  }
  for (const AffineExpr::FloorTerm &T : E.floors()) {
    isl::aff Num = toAff(*T.Num);
    if (Num.is_null()) {
      isl_aff_free(Aff);
      return {};
    }
    isl_aff *Floor =
        isl_aff_floor(isl_aff_scale_down_val(Num.release(), value(Ctx, T.Den)));
    Floor = isl_aff_scale_val(Floor, value(Ctx, T.Coeff));
    Aff = isl_aff_add(Aff, Floor);
  }
  return isl::manage(Aff);
}

isl::set AffineIsl::toSet(const Cond &C) const {
  switch (C.K) {
  case Cond::Kind::True:
    return isl::set::universe(Space);
  case Cond::Kind::False:
    return isl::set::empty(Space);
  case Cond::Kind::NonNeg:
  case Cond::Kind::Zero:
  case Cond::Kind::Divisible: {
    isl::aff E = toAff(C.E);
    if (E.is_null())
      return {};
    isl_aff *A = E.release();
    if (C.K == Cond::Kind::Divisible) {
      // E mod Div = 0, or (negated) E mod Div - 1 >= 0.
      A = isl_aff_mod_val(A, value(Space.ctx().get(), C.Div));
      if (!C.Negated)
        return isl::manage(isl_pw_aff_zero_set(isl_pw_aff_from_aff(A)));
      A = isl_aff_add_constant_si(A, -1);
    } else if (C.K == Cond::Kind::Zero) {
      return isl::manage(isl_pw_aff_zero_set(isl_pw_aff_from_aff(A)));
    }
    return isl::manage(isl_pw_aff_nonneg_set(isl_pw_aff_from_aff(A)));
  }
  case Cond::Kind::And:
  case Cond::Kind::Or: {
    isl::set Result = C.K == Cond::Kind::And ? isl::set::universe(Space)
                                             : isl::set::empty(Space);
    for (const Cond &Kid : C.Kids) {
      isl::set S = toSet(Kid);
      if (S.is_null())
        return {};
      Result = C.K == Cond::Kind::And ? Result.intersect(S) : Result.unite(S);
    }
    return Result;
  }
  }
  return {};
}

isl::map AffineIsl::toMap(const Piecewise &P) const {
  isl_space *Range = isl_space_add_dims(
      isl_space_set_from_params(isl_space_params(Space.copy())), isl_dim_set,
      1);
  isl::map Result = isl::manage(
      isl_map_empty(isl_space_map_from_domain_and_range(Space.copy(), Range)));
  for (const AffinePiece &Piece : P) {
    isl::aff E = toAff(Piece.E);
    isl::set Where = toSet(Piece.C);
    if (E.is_null() || Where.is_null())
      return {};
    Result = Result.unite(
        isl::manage(isl_map_from_aff(E.release())).intersect_domain(Where));
  }
  return Result;
}

} // namespace hetile
