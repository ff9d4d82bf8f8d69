//===- HetilePlan.cpp - hetile-plan: the runtime's formulas from the shell ===//
//
// A thin shell over libhetile_rt: hetile-plan <command> [flags]. Tables for
// people by default, --json for scripts. Bad input: a message naming the
// flag on stderr and exit code 1.
//
//===----------------------------------------------------------------------===//
#include "Args.h"
#include "Commands.h"

#include <cstdio>
#include <cstring>

using namespace hetile::plan;

static const char Usage[] =
    "usage: hetile-plan <command> [flags]\n"
    "  alloc      --times T0,T1,... [--max-chunk S] [--strategy optimal|"
    "bounded|cyclic|block-cyclic:B|chunk]\n"
    "             [--columns N2] [--table] [--json]\n"
    "  simulate   --times ... --rows N1[xN1'...] --columns N2 [--tcom X]\n"
    "             [--strategy ...|hier] [--max-chunk S] [--gantt out.svg]\n"
    "             [--clusters '0,1;2,3' --link X [--panel B]] [--json]\n"
    "  simulate   --grid P1,P2 --tiles N0xN1xN2[x...] --times T|T0,...\n"
    "             [--tcom X[,Y]] [--row-owners R,...] [--col-owners C,...]\n"
    "             [--clusters '0,1;2,3' --link X] [--json]\n"
    "  tile-size  --model andonov-yanev --extents m1,...,m(n+1) --grid p1,...,pn\n"
    "             --beta B --tau-a A --tau-t T [--b printed|example] [--json]\n"
    "  tile-size  --model zarei3d --powers VP,VP*N,... --extents Uc,Us1,Us2\n"
    "             --cd X --cc X (--cp C[,C...] | --cp-table FILE)\n"
    "             [--cache BYTES[K|M|G][,...]] [--elem-bytes 8] [--twa X]\n"
    "             [--solver exact|ga] [--seed N] [--population N]\n"
    "             [--generations N] [--p-crossover X] [--p-mutation X]\n"
    "             [--penalty X] [--json]\n"
    "  hier       --clusters 'T,T,...;T,...' --panel B [--period K]\n"
    "             [--panels N] [--json]\n"
    "  strips     --times T,T*N,... --height H (--width W | --widths LIST|LO:HI[:STEP])\n"
    "             --tau-calc X [--tau-l2 X] [--tau-mem X] [--mem-threshold 3000]\n"
    "             [--beta X] [--tau-comm X] [--tolerance 0.02] [--json]\n"
    "cycle times: time per tile, larger = slower (Boulet et al. Table 1)\n";

int main(int Argc, char **Argv) {
  if (Argc < 2 || !std::strcmp(Argv[1], "--help") ||
      !std::strcmp(Argv[1], "help")) {
    std::fputs(Usage, Argc < 2 ? stderr : stdout);
    return Argc < 2 ? 1 : 0;
  }
  std::string Cmd = Argv[1];
  try {
    if (Cmd == "alloc")
      return runAlloc(Argc - 2, Argv + 2);
    if (Cmd == "simulate")
      return runSimulate(Argc - 2, Argv + 2);
    if (Cmd == "tile-size")
      return runTileSize(Argc - 2, Argv + 2);
    if (Cmd == "hier")
      return runHier(Argc - 2, Argv + 2);
    if (Cmd == "strips")
      return runStrips(Argc - 2, Argv + 2);
    throw UsageError("unknown command '" + Cmd + "' (try hetile-plan --help)");
  } catch (const UsageError &E) {
    std::fprintf(stderr, "hetile-plan: error: %s\n", E.what());
    return 1;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "hetile-plan: error: %s\n", E.what());
    return 1;
  }
}
