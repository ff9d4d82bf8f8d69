//===- IslUtils.h - Small helpers over isl's C++ bindings -------*- C++ -*-===//
#ifndef HETILE_SUPPORT_ISLUTILS_H
#define HETILE_SUPPORT_ISLUTILS_H

#include <isl/ctx.h>
#include <isl/isl-noexceptions.h>

#include <sstream>
#include <string>

namespace hetile {

/// isl's own text form of any C++ binding object.
template <typename T> std::string toString(const T &Obj) {
  if (Obj.is_null())
    return "<null>";
  std::ostringstream OS;
  OS << Obj;
  return OS.str();
}

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
