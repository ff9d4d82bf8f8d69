// C++: a nest of a method that accesses an array data member of the object
// (with or without `this->`) or writes a data member is left untouched:
// members are modelled only as values read once before the nest (a scalar
// member in a bound is, under the run-time check that the nest's writes miss
// it; docs/invariant-loads.md). The same nest through a local pointer to
// the array member is tiled.
// RUN: %hetile analyze %s -- -std=c++17 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

struct Grid {
  double A[64][64];
  int N;

  void implicitThis() {
#pragma hetile
    for (int i = 1; i < 64; i++)
      for (int j = 1; j < 64; j++)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
  }
// CHECK: member-access.cpp:[[@LINE-2]]:9: remark: nest not tiled: data member 'A' of '*this' is an array: only members read as numbers or as the base of an array are modelled (a local restrict pointer to it is) [hetile-reject-member-access]
// REPORT: nest at {{.*}}member-access.cpp:{{[0-9]+}}:5 in function 'implicitThis': not tiled [hetile-reject-member-access]

  void explicitThis(double (*__restrict B)[64]) {
#pragma hetile
    for (int i = 1; i < 64; i++)
      for (int j = 1; j < 64; j++)
        B[i][j] = B[i - 1][j] + this->A[i][j];
  }
// CHECK: member-access.cpp:[[@LINE-2]]:33: remark: nest not tiled: data member 'A' of '*this' is an array: only members read as numbers or as the base of an array are modelled (a local restrict pointer to it is) [hetile-reject-member-access]
// REPORT: nest at {{.*}}member-access.cpp:{{[0-9]+}}:5 in function 'explicitThis': not tiled [hetile-reject-member-access]

  void memberBound(double (*__restrict B)[64]) {
#pragma hetile
    for (int i = 1; i < N; i++)
      for (int j = 1; j < 64; j++)
        B[i][j] = B[i - 1][j] + B[i][j - 1];
  }
// REPORT-LABEL: nest at {{.*}}member-access.cpp:{{[0-9]+}}:5 in function 'memberBound'
// REPORT:         read once: this->N as hetile_this_N
// REPORT-NEXT:    run-time checks: the writes to B miss this->N
// REPORT:         tilable: yes

  void countsInMember(double (*__restrict B)[64]) {
#pragma hetile
    for (int i = 1; i < 64; i++)
      for (int j = 1; j < 64; j++)
        B[i][j] = B[i - 1][j] + (N = j);
  }
// CHECK: member-access.cpp:[[@LINE-2]]:34: remark: nest not tiled: data member 'N' of '*this' is written in the nest, or read through a pointer that is not a variable the nest never writes: only members read as numbers or as the base of an array are modelled (a local copy of it is) [hetile-reject-member-access]
// REPORT: nest at {{.*}}member-access.cpp:{{[0-9]+}}:5 in function 'countsInMember': not tiled [hetile-reject-member-access]

  void throughPointer(double (*__restrict B)[64]) {
    double (*__restrict P)[64] = A;
#pragma hetile
    for (int i = 1; i < 64; i++)
      for (int j = 1; j < 64; j++)
        B[i][j] = B[i - 1][j] + P[i][j];
  }
// CHECK-NOT: remark
// REPORT-LABEL: nest at {{.*}}member-access.cpp:{{[0-9]+}}:5 in function 'throughPointer'
// REPORT:       tilable: yes
};
