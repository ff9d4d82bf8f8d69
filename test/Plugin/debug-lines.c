// With -g the line table of the plugin's object names this file and the
// original line of the tiled statement; no row of this file lies past its
// end: generated code keeps to the nest's lines. Rows of other files (the
// inline functions of hetile_rt.h) are not counted.
// RUN: %clang -std=c11 -g -O0 -fplugin=%{plugin} -c %s -o %t.o
// RUN: llvm-dwarfdump --debug-line %t.o | FileCheck %s
// RUN: llvm-dwarfdump --debug-line %t.o | awk '/file_names\[/ { f = $0; gsub(/[^0-9]/, "", f) } /name: "/ && f != "" { if ($0 ~ /debug-lines[.]c"/) mine[f] = 1; f = "" } $1 ~ /^0x/ && ($4 in mine) && $2 > 30 { print "row past the end:", $0; bad = 1 } END { exit bad }'

void kernel(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}
// CHECK: name: "{{.*}}debug-lines.c"
// CHECK: {{^0x[0-9a-f]+ +}}[[#@LINE-3]] {{ *}}{{[0-9]+}}
