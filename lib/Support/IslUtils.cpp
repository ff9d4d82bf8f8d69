//===- IslUtils.cpp - Small helpers over isl's C++ bindings ----------------===//

#include "hetile/Support/IslUtils.h"

#include <isl/options.h>

namespace hetile {

IslContext::IslContext() : Ctx(isl_ctx_alloc()) {
  // Errors become null objects that callers check; isl never aborts hetile.
  isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
}

IslContext::~IslContext() { isl_ctx_free(Ctx); }

} // namespace hetile
