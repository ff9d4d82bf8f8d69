//===- Error.cpp - thread-local last error ----------------------------------===//
#include "Error.h"

#include "hetile_rt.h"

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace {
thread_local char LastError[512];
} // namespace

int hetile::rt::fail(int Code, const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  std::vsnprintf(LastError, sizeof(LastError), Fmt, Args);
  va_end(Args);
  return Code;
}

int hetile::rt::checkTimes(int P, const long *T, const char *Fn) {
  if (P < 1 || P > (1 << 20))
    return fail(HETILE_ERR_INVALID, "%s: the number of processors must be in "
                "1..1048576, got %d", Fn, P);
  if (!T)
    return fail(HETILE_ERR_INVALID, "%s: no cycle times", Fn);
  for (int I = 0; I < P; ++I)
    if (T[I] < 1)
      return fail(HETILE_ERR_INVALID, "%s: cycle time t_%d = %ld must be a "
                  "positive integer", Fn, I, T[I]);
  return HETILE_OK;
}

bool hetile::rt::parseLong(const char *Text, long Min, long &Out) {
  char *End;
  errno = 0;
  long V = std::strtol(Text, &End, 10);
  if (!*Text || *End || errno == ERANGE || V < Min)
    return false;
  Out = V;
  return true;
}

extern "C" const char *hetile_last_error(void) { return LastError; }
