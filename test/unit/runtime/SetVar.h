//===- SetVar.h - changing the environment in runtime tests -----*- C++ -*-===//
#ifndef HETILE_TEST_UNIT_RUNTIME_SETVAR_H
#define HETILE_TEST_UNIT_RUNTIME_SETVAR_H

#include "hetile_platform.h"

#include <cstdlib>

/// Sets (or, with a null Value, removes) a variable, and has the runtime
/// read the environment again, as it reads it once.
inline void setVar(const char *Name, const char *Value) {
  if (Value)
    setenv(Name, Value, 1);
  else
    unsetenv(Name);
  hetile_env_reload();
}

#endif
