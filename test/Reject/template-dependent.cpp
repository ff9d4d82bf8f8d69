// C++: a nest of a function template that depends on a template parameter
// (the element type, a non-type parameter as a bound, a member of a class
// template reached through a dependent type) is left untouched: a rewriter
// changes the template's text once, for every instantiation. A nest of the
// same template that does not depend on its parameters is tiled.
// RUN: %hetile analyze %s -- -std=c++17 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

template <typename T> void byType(int N, T (*__restrict A)[64]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < 64; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}
// CHECK: template-dependent.cpp:[[@LINE-2]]:7: remark: nest not tiled: 'A' depends on a template parameter: the nest is rewritten once for every instantiation [hetile-reject-template-dependent]
// REPORT: nest at {{.*}}template-dependent.cpp:11:3 in function 'byType': not tiled [hetile-reject-template-dependent]

template <int N> void byValue(double (*__restrict A)[64]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < 64; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}
// CHECK: template-dependent.cpp:[[@LINE-4]]:23: remark: nest not tiled: 'N' depends on a template parameter: the nest is rewritten once for every instantiation [hetile-reject-template-dependent]
// REPORT: nest at {{.*}}template-dependent.cpp:20:3 in function 'byValue': not tiled [hetile-reject-template-dependent]

template <typename T> struct Box {
  void run(int N, double (*__restrict A)[64]) {
    T t = T();
#pragma hetile
    for (int i = 1; i < N; i++)
      for (int j = 1; j < 64; j++)
        A[i][j] = A[i - 1][j] + t;
  }
};
// CHECK: template-dependent.cpp:[[@LINE-3]]:33: remark: nest not tiled: 't' depends on a template parameter: the nest is rewritten once for every instantiation [hetile-reject-template-dependent]
// REPORT: nest at {{.*}}template-dependent.cpp:31:5 in function 'run': not tiled [hetile-reject-template-dependent]
// CHECK-NOT: template-dependent.cpp:4{{[0-9]}}:{{.*}}remark

// Not dependent: the same for every instantiation, tiled.
template <typename T> void independent(int N, double (*__restrict A)[64], T) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < 64; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}
// REPORT-LABEL: nest at {{.*}}template-dependent.cpp:43:3 in function 'independent'
// REPORT:       tilable: yes

// A generic lambda is a template too.
void generic(double (*__restrict A)[64], int N) {
  auto L = [](auto n, double (*__restrict X)[64]) {
#pragma hetile
    for (int i = 1; i < n; i++)
      for (int j = 1; j < 64; j++)
        X[i][j] = X[i - 1][j] + X[i][j - 1];
  };
  L(N, A);
}
// CHECK: template-dependent.cpp:[[@LINE-6]]:25: remark: nest not tiled: 'n' depends on a template parameter: the nest is rewritten once for every instantiation [hetile-reject-template-dependent]

void use(double (*A)[64]) {
  byType<double>(10, A);
  byValue<10>(A);
  Box<double>().run(10, A);
  independent(10, A, 1);
}
