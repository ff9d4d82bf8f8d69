//===- PingPongFit.cpp - a network's start-up and per-byte costs ----------===//
//
// [BDRV98] hypothesis H3 (and [AY98] (3)) price a message of b bytes
// startup + b per_byte. hetile_mpi_pingpong times round trips of messages
// of a few sizes; this fits the line. Each size's one-way time is half its
// fastest round trip: a slower one is the same transfer plus time when a
// rank was not running (on an oversubscribed or loaded machine, the
// scheduler's time slice: medians of 3.7 to 7.4 ms were measured where the
// transfer takes microseconds), which is no property of the network.
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_models.h"

#include <algorithm>
#include <cmath>

using namespace hetile::rt;

extern "C" int hetile_pingpong_fit(int nsizes, const double *bytes,
                                   int repeats, const double *round_trips,
                                   double *startup_out,
                                   double *per_byte_out) {
  if (nsizes < 1 || repeats < 1 || !bytes || !round_trips || !startup_out ||
      !per_byte_out)
    return fail(HETILE_ERR_INVALID, "hetile_pingpong_fit: need sizes, "
                "round trips and outputs");
  double N = nsizes, Sx = 0, Sy = 0, Sxx = 0, Sxy = 0;
  for (int S = 0; S < nsizes; ++S) {
    const double *T = round_trips + (long)S * repeats;
    double Fastest = *std::min_element(T, T + repeats);
    if (!(Fastest >= 0) || !std::isfinite(Fastest) || !(bytes[S] >= 0))
      return fail(HETILE_ERR_INVALID, "hetile_pingpong_fit: negative or "
                  "non-finite time or size");
    double X = bytes[S], Y = Fastest / 2;
    Sx += X;
    Sy += Y;
    Sxx += X * X;
    Sxy += X * Y;
  }
  // Least squares, both costs clamped to 0: a negative start-up or slope
  // is noise, not a property of the network.
  double Den = N * Sxx - Sx * Sx;
  double B = Den > 0 ? (N * Sxy - Sx * Sy) / Den : 0;
  B = std::max(0.0, B);
  *per_byte_out = B;
  *startup_out = std::max(0.0, (Sy - B * Sx) / N);
  return HETILE_OK;
}
