void broken(int N, double A[N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    A[i] = undeclared_thing;
}
