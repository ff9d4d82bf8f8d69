// The static runtimes are self-contained (cmake/HetileSelfContained.cmake):
// one object each, pre-linked with the parts of the C++ library, the
// unwinder and libgcc that they use, which are local there, so that they
// define globally only the runtime's own names (hetile_*, namespace
// hetile). A C program links libhetile_rt.a alone, without -lstdc++ or
// -static-libgcc, loads no libstdc++.so, libgcc_s.so or libm.so, and runs
// the runtime (a profitability site, the default tile sizes, which go
// through the models' roots).
// RUN: ar t %{rt_libdir}/libhetile_rt.a | FileCheck --check-prefix=ONE %s
// ONE: libhetile_rt.a.prelinked.o
// ONE-NOT: .o
// RUN: nm -g --defined-only %{rt_libdir}/libhetile_rt.a | grep -v -e ' hetile_' -e '6hetile' | not grep ' [TDBRVW] '
// RUN: %gcc -O2 %rt_cflags %s -o %t %{rt_libdir}/libhetile_rt.a
// RUN: readelf -d %t | FileCheck --check-prefix=NEEDED %s
// NEEDED-NOT: libstdc++
// NEEDED-NOT: libgcc_s
// NEEDED-NOT: libm.so
// RUN: env HETILE_PROFIT=1 %t | FileCheck --check-prefix=RUNS %s
// RUNS: the original ran; tile sizes 16 16 16
#include <stdio.h>
#include "hetile_rt.h"

int main(void) {
  static hetile_profit_slot slot;
  hetile_profit_call call;
  int run = hetile_profit_begin(hetile_profit_site_get(&slot, "static-alone"),
                                100.0, 1, &call);
  hetile_profit_end(&call, 0);
  const long extents[3] = {1000, 1000, 1000};
  long sizes[3] = {0, 0, 0};
  if (hetile_tilesize_default(3, extents, 1, sizes) < 0) {
    printf("error: %s\n", hetile_last_error());
    return 1;
  }
  printf("%s ran; tile sizes %ld %ld %ld\n",
         run == 0 ? "the original" : "the tiled nest", sizes[0], sizes[1],
         sizes[2]);
  return 0;
}
