// The calls that generated code makes at every call of a nest (the run-time
// decision, the statistics switch) are bound when the program starts, not
// through the PLT at their first call (HETILE_RT_EAGER in hetile_rt.h): a
// program built by GCC holds GLOB_DAT relocations for them and no JUMP_SLOT.
// REQUIRES: x86_64-elf-gcc
// RUN: %gcc -O2 -fPIE -pie %rt_cflags %s -o %t %rt_libs
// RUN: readelf -rW %t | FileCheck %s
// RUN: env HETILE_PROFIT=1 %t | FileCheck --check-prefix=CHOICE %s
// CHECK-NOT: JUMP_SLOT {{.*}} hetile_profit_begin
// CHECK: GLOB_DAT {{.*}} hetile_profit_begin
// CHECK-NOT: JUMP_SLOT {{.*}} hetile_profit_begin
// CHOICE: the original ran
#include <stdio.h>
#include "hetile_rt.h"

int main(void) {
  static hetile_profit_slot slot;
  hetile_profit_call call;
  int run = hetile_profit_begin(hetile_profit_site_get(&slot, "eager-calls"),
                                100.0, 1, &call);
  hetile_profit_end(&call, 0);
  printf("%s ran\n", run == 0 ? "the original" : "the tiled nest");
  return hetile_env_stats() ? 1 : 0;
}
