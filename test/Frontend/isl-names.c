// C names that are isl keywords (min, and) or look like statement names (S0)
// are renamed with a trailing '_' in the isl objects only; the report keeps
// the C names where it lists them.
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
// CHECK:        "relation": "[N, min_] -> { S0[i, and_] -> S0_[i, and_] }",
// CHECK:        "text": "S0[i][and]"
// CHECK:        "array": "max",
// CHECK:        "relation": "[N, min_] -> { S0[i, and_] -> max_[i] }",
// CHECK:      "domain": "[N, min_] -> { S0[i, and_] : 0 <= i < N and 0 <= and_ < min_ }",
// CHECK-NEXT: "iterators": [
// CHECK-NEXT:   "i",
// CHECK-NEXT:   "and"
