/* Found by test/Fuzz (seeds 4, 1026), reduced with cvise: every backend
   refuses this nest with an internal error,
     remark: nest not tiled: tiled code could not be generated: isl failed to
     build the tiled schedule [hetile-reject-codegen-failed]
   The domain is the single point (0, 0) (j runs from i to 0).
     hetile rewrite codegen-failed-single-point.c --backend=seq -- -std=c99 */
void kern(double C[][72]) {
  int i, j;
#pragma hetile
  for (i = 0; i < 1; i++)
    for (j = i; j <= 0; j++)
      C[27][25] = 1.0;
}
