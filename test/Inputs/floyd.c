// Floyd-Warshall: k must stay sequential, (i, j) is a permutable band below
// it. The input of the inner-band printer tests (test/Transform,
// test/CodeGen). The nest starts on line 8.

void floyd(int n, int path[restrict n][n]) {
  int i, j, k;
#pragma hetile
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
}
