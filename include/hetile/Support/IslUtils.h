//===- IslUtils.h - Small helpers over isl's C++ bindings -------*- C++ -*-===//
#ifndef HETILE_SUPPORT_ISLUTILS_H
#define HETILE_SUPPORT_ISLUTILS_H

#include <isl/ctx.h>
#include <isl/isl-noexceptions.h>

#include <sstream>
#include <string>
#include <vector>

namespace hetile {

/// isl's own text form of any C++ binding object.
template <typename T> std::string toString(const T &Obj) {
  if (Obj.is_null())
    return "<null>";
  std::ostringstream OS;
  OS << Obj;
  return OS.str();
}

/// The isl_id named \p Name. It has no user pointer, so every id of one name
/// is the same id: objects built here and elsewhere align their parameters
/// by name. The name is never read by isl's parser and may be any string.
isl::id makeId(isl::ctx Ctx, const std::string &Name);

/// The parameter space with the parameters \p Names, in this order.
isl::space makeParamSpace(isl::ctx Ctx, const std::vector<std::string> &Names);

/// The set space over the parameters of \p Params with the dimensions
/// \p Dims (their names, "" for an unnamed one) and the tuple name \p Tuple
/// ("" for none).
isl::space makeSetSpace(const isl::space &Params, const std::string &Tuple,
                        const std::vector<std::string> &Dims);

/// The affine function \p Coeff * p + \p Constant of parameter \p Param,
/// over the parameter space [p].
isl::pw_aff makeParamAff(isl::ctx Ctx, const std::string &Param, long Coeff,
                         long Constant);

/// The constant \p V over the parameter space with no parameters.
isl::pw_aff makeConstantAff(isl::ctx Ctx, long V);

/// Owns the one isl_ctx of a tool run; every isl object must die before it.
class IslContext {
public:
  IslContext();
  ~IslContext();
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;
  isl_ctx *get() const { return Ctx; }

private:
  isl_ctx *Ctx;
};

} // namespace hetile

#endif
