// C names that are isl keywords (min, and, max) keep their names in the isl
// objects: they are built through isl's API and never parsed. Only an array
// named like a statement tuple (S0) gets a trailing '_' there; the report
// keeps the C names where it lists them.
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s

void names(int N, int min, double S0[restrict N][min], double max[restrict N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int and = 0; and < min; and++)
      S0[i][and] = max[i] + S0[i][and];
}

// CHECK:      "parameters": [
// CHECK-NEXT:   "N",
// CHECK-NEXT:   "min"
// CHECK:        "array": "S0",
// CHECK:        "relation": "[N, min] -> { S0[i, and] -> S0_[i, and] }",
// CHECK:        "text": "S0[i][and]"
// CHECK:        "array": "max",
// CHECK:        "relation": "[N, min] -> { S0[i, and] -> max[i] }",
// CHECK:      "domain": "[N, min] -> { S0[i, and] : 0 <= i < N and 0 <= and < min }",
// CHECK-NEXT: "iterators": [
// CHECK-NEXT:   "i",
// CHECK-NEXT:   "and"
