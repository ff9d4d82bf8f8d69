//===- Options.cpp - The one options struct of hetile ---------------------===//

#include "hetile/Support/Options.h"

namespace hetile {

const char *getBackendName(Backend B) {
  switch (B) {
  case Backend::Seq:
    return "seq";
  case Backend::Omp:
    return "omp";
  case Backend::Mpi:
    return "mpi";
  case Backend::MpiOmp:
    return "mpi+omp";
  }
  return "?";
}

OmpSchedule getDefaultSchedule(Backend B) {
  return B == Backend::Omp ? OmpSchedule::Auto : OmpSchedule::Pipeline;
}

bool isScheduleForBackend(OmpSchedule K, Backend B) {
  if (B == Backend::Omp)
    return true;
  return K != OmpSchedule::Wavefront &&
         (B == Backend::Mpi || B == Backend::MpiOmp);
}

} // namespace hetile
