//===- IslUtils.cpp - Small helpers over isl's C++ bindings ----------------===//

#include "hetile/Support/IslUtils.h"

#include <isl/aff.h>
#include <isl/options.h>
#include <isl/space.h>

namespace hetile {

isl::id makeId(isl::ctx Ctx, const std::string &Name) {
  return isl::manage(isl_id_alloc(Ctx.get(), Name.c_str(), nullptr));
}

isl::space makeParamSpace(isl::ctx Ctx, const std::vector<std::string> &Names) {
  isl_space *Space = isl_space_params_alloc(Ctx.get(), Names.size());
  for (unsigned I = 0; I < Names.size(); ++I)
    Space = isl_space_set_dim_id(Space, isl_dim_param, I,
                                 makeId(Ctx, Names[I]).release());
  return isl::manage(Space);
}

isl::space makeSetSpace(const isl::space &Params, const std::string &Tuple,
                        const std::vector<std::string> &Dims) {
  isl::ctx Ctx = Params.ctx();
  isl_space *Space = isl_space_set_from_params(Params.params().release());
  Space = isl_space_add_dims(Space, isl_dim_set, Dims.size());
  for (unsigned I = 0; I < Dims.size(); ++I)
    if (!Dims[I].empty())
      Space = isl_space_set_dim_id(Space, isl_dim_set, I,
                                   makeId(Ctx, Dims[I]).release());
  if (!Tuple.empty())
    Space = isl_space_set_tuple_id(Space, isl_dim_set,
                                   makeId(Ctx, Tuple).release());
  return isl::manage(Space);
}

isl::pw_aff makeParamAff(isl::ctx Ctx, const std::string &Param, long Coeff,
                         long Constant) {
  isl_space *Space = makeParamSpace(Ctx, {Param}).release();
  isl_aff *Aff = isl_aff_val_on_domain_space(
      Space, isl_val_int_from_si(Ctx.get(), Constant));
  Aff = isl_aff_set_coefficient_si(Aff, isl_dim_param, 0, Coeff);
  return isl::manage(isl_pw_aff_from_aff(Aff));
}

isl::pw_aff makeConstantAff(isl::ctx Ctx, long V) {
  isl_aff *Aff = isl_aff_val_on_domain_space(
      isl_space_params_alloc(Ctx.get(), 0), isl_val_int_from_si(Ctx.get(), V));
  return isl::manage(isl_pw_aff_from_aff(Aff));
}

IslContext::IslContext() : Ctx(isl_ctx_alloc()) {
  // Errors become null objects that callers check; isl never aborts hetile.
  isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
}

IslContext::~IslContext() { isl_ctx_free(Ctx); }

} // namespace hetile
