//===- Gantt.cpp - SVG Gantt chart of a simulated schedule ------------------===//
//
// One lane per processor; one box per row of a block (the unit of work of
// [BDRV98] section 3.2), labelled with the row and the block's columns when
// wide enough. Deterministic output: boxes in block order, row order.
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_models.h"

#include <cstdio>

using namespace hetile::rt;

namespace {

const char *const Colors[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2",
                              "#59a14f", "#edc948", "#b07aa1", "#ff9da7"};

struct Canvas {
  FILE *F;
  double Scale; // pixels per time unit
  int Lane = 24, Left = 60;
};

void box(const Canvas &C, int Q, double From, double To, long Row, long B,
         long E) {
  double X = C.Left + From * C.Scale, W = (To - From) * C.Scale;
  int Y = 20 + Q * C.Lane;
  std::fprintf(C.F, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" "
               "fill=\"%s\" stroke=\"white\" stroke-width=\"0.5\"><title>P%d "
               "row %ld columns %ld-%ld [%g, %g)</title></rect>\n",
               X, Y, W, C.Lane - 4, Colors[B % 8], Q, Row, B, E - 1, From, To);
  if (W > 40)
    std::fprintf(C.F, "<text x=\"%.2f\" y=\"%d\" font-size=\"9\" fill=\"white"
                 "\">r%ld c%ld-%ld</text>\n", X + 2, Y + 13, Row, B, E - 1);
}

} // namespace

extern "C" int hetile_sim_write_gantt(const char *path, int p, const double *t,
                                      long n1, long n2, const int *owner,
                                      const double *start) {
  if (!path || !start || p < 1 || n1 < 1 || n2 < 1)
    return fail(HETILE_ERR_INVALID, "gantt: missing schedule or path");
  double End = 0;
  for (long J = 0; J < n2; ++J)
    for (long I = 0; I < n1; ++I)
      if (start[I * n2 + J] + t[owner[J]] > End)
        End = start[I * n2 + J] + t[owner[J]];
  FILE *F = std::fopen(path, "w");
  if (!F)
    return fail(HETILE_ERR_IO, "gantt: cannot write '%s'", path);
  Canvas C{F, End > 0 ? 1000.0 / End : 1.0};
  std::fprintf(F, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
               "height=\"%d\">\n", C.Left + 1020, 40 + p * C.Lane);
  for (int Q = 0; Q < p; ++Q)
    std::fprintf(F, "<text x=\"4\" y=\"%d\" font-size=\"11\">P%d t=%g</text>\n",
                 36 + Q * C.Lane, Q, t[Q]);
  for (long B = 0; B < n2;) {
    long E = B;
    while (E < n2 && owner[E] == owner[B])
      ++E;
    for (long I = 0; I < n1; ++I)
      box(C, owner[B], start[I * n2 + B], start[I * n2 + E - 1] + t[owner[B]],
          I, B, E);
    B = E;
  }
  std::fprintf(F, "<text x=\"%d\" y=\"%d\" font-size=\"11\">makespan %g</text>"
               "\n</svg>\n", C.Left, 36 + p * C.Lane, End);
  if (std::fclose(F) != 0)
    return fail(HETILE_ERR_IO, "gantt: cannot write '%s'", path);
  return HETILE_OK;
}
