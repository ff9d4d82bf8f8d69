//===- Error.h - the runtime's error reporting (internal) -------*- C++ -*-===//
//
// Library code never prints: a failing function records a message with
// fail() and returns the negative code; hetile_last_error() reads it back.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_ERROR_H
#define HETILE_RT_ERROR_H

namespace hetile::rt {

/// Records a printf-style message as this thread's last error and returns
/// Code, so that callers write `return fail(HETILE_ERR_INVALID, "...")`.
int fail(int Code, const char *Fmt, ...) __attribute__((format(printf, 2, 3)));

/// Checks the common inputs of an allocation: 1 <= P <= 1<<20, T[i] >= 1.
int checkTimes(int P, const long *T, const char *Fn);

/// Parses all of Text as a decimal long >= Min into Out; false (Out
/// untouched) if it is empty, has other characters, overflows or is less.
bool parseLong(const char *Text, long Min, long &Out);

} // namespace hetile::rt

#endif
