// C++: a nest of a method that accesses a data member of the object (with
// or without `this->`, in a subscript or a bound) is left untouched: only
// local variables and parameters are modelled. The same nest through a local
// pointer to the member is tiled.
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
// CHECK: member-access.cpp:[[@LINE-2]]:9: remark: nest not tiled: data member 'A' of '*this' is accessed in the nest: only local variables and parameters are modelled (a local restrict pointer to it is) [hetile-reject-member-access]
// REPORT: nest at {{.*}}member-access.cpp:14:5 in function 'implicitThis': not tiled [hetile-reject-member-access]

  void explicitThis(double (*__restrict B)[64]) {
#pragma hetile
    for (int i = 1; i < 64; i++)
      for (int j = 1; j < 64; j++)
        B[i][j] = B[i - 1][j] + this->A[i][j];
  }
// CHECK: member-access.cpp:[[@LINE-2]]:33: remark: nest not tiled: data member 'A' of '*this' is accessed in the nest: only local variables and parameters are modelled (a local restrict pointer to it is) [hetile-reject-member-access]
// REPORT: nest at {{.*}}member-access.cpp:23:5 in function 'explicitThis': not tiled [hetile-reject-member-access]

  void memberBound(double (*__restrict B)[64]) {
#pragma hetile
    for (int i = 1; i < N; i++)
      for (int j = 1; j < 64; j++)
        B[i][j] = B[i - 1][j] + B[i][j - 1];
  }
// CHECK: member-access.cpp:[[@LINE-4]]:25: remark: nest not tiled: data member 'N' of '*this' is accessed in the nest: only local variables and parameters are modelled (a local copy of it is) [hetile-reject-member-access]
// REPORT: nest at {{.*}}member-access.cpp:32:5 in function 'memberBound': not tiled [hetile-reject-member-access]

  void throughPointer(double (*__restrict B)[64]) {
    double (*__restrict P)[64] = A;
#pragma hetile
    for (int i = 1; i < 64; i++)
      for (int j = 1; j < 64; j++)
        B[i][j] = B[i - 1][j] + P[i][j];
  }
// CHECK-NOT: remark
// REPORT-LABEL: nest at {{.*}}member-access.cpp:42:5 in function 'throughPointer'
// REPORT:       tilable: yes
};
