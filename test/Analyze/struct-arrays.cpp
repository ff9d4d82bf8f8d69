// C++ arrays of structs (docs/struct-arrays.md): a flat array of a plain
// struct, read and written through its members, is delinearized and tiled;
// a struct with a base class is refused (a member's offset is taken inside
// the class that declares it).
// RUN: %hetile analyze --auto %s -- -std=c++17 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
struct P {
  double x, y;
};
struct B {
  double b;
};
struct D : B {
  double d;
};

void flat(int n, P *p) {
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      p[i * n + j].x = p[(i - 1) * n + j].x + p[i * n + j - 1].y;
}
// CHECK-LABEL: nest at {{.*}}struct-arrays.cpp:18:3 in function 'flat'
// CHECK:         delinearized: p as p[][n], subscripts but the first in [0, n)
// CHECK:         write p[i, j, 0]
// CHECK-NEXT:    read p[-1 + i, j, 0]
// CHECK-NEXT:    read p[i, -1 + j, 8]
// CHECK:         tilable: yes

void derived(int n, D *q) {
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      q[i * n + j].d = q[(i - 1) * n + j].b;
}
// CHECK: nest at {{.*}}struct-arrays.cpp:30:3 in function 'derived': not tiled [hetile-reject-unsupported-type]
// REMARK: struct-arrays.cpp:32:7: remark: nest not tiled: 'q' has unsupported type 'D *' [hetile-reject-unsupported-type]
