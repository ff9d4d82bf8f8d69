// Parameters and iterators named like isl's keywords, functions and
// generated names keep their C names in the isl objects, which are built
// through isl's API (nothing is parsed), and the nest is tiled.
// RUN: %hetile analyze %s -- -std=c99 | FileCheck %s

void names(int exists, int mod, int infty, int NaN, int domain, int i0,
           int c0, double xor[exists][mod]) {
#pragma hetile
  for (int floor = infty; floor < exists - NaN; floor++)
    for (int ceil = domain; ceil < mod - i0 + c0; ceil++)
      xor[floor][ceil] = xor[floor - 1][ceil] + xor[floor][ceil - 1];
}

void more(int rat, int implies, int range, int floord, int ceild,
          int S1[rat]) {
#pragma hetile
  for (int not = floord; not < rat; not++)
    for (int or = ceild; or < implies + range; or++)
      S1[not] = S1[not] + or;
}

// CHECK:      parameters: exists, mod, infty, NaN, domain, i0, c0
// CHECK:      domain: [exists, mod, infty, NaN, domain, i0, c0] -> { S0[floor, ceil] : infty <= floor < exists - NaN and domain <= ceil < mod - i0 + c0 }
// CHECK:      write xor[floor, ceil]
// CHECK:      tilable: yes
// CHECK:      parameters: rat, implies, range, floord, ceild
// CHECK:      domain: [rat, implies, range, floord, ceild] -> { S0[not, or] : floord <= not < rat and ceild <= or < implies + range }
// CHECK:      write S1_[not]
// CHECK:      tilable: yes
