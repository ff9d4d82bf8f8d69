/* Benchmark (not a test): how to move a piece of final values between two
 * MPI ranks of one node (docs/mpi-exchange.md, "Moving a piece").
 *
 * Rank 0 sends P pieces to rank 1, each of R runs of L bytes, S bytes apart
 * (the rows of one row of tiles of a block: L the block's width, S the
 * array's row), all posted non-blocking, then completed. Three ways, run
 * interleaved three times; the time is the slower rank's:
 *
 *   direct     one message per run, from and into the array
 *   packed     memcpy of the runs into one buffer per piece, one message,
 *              memcpy out of it at the receiver
 *   hindexed   one message per piece, an MPI_Type_create_hindexed of the
 *              runs on both sides
 *
 *   mpicc -O2 bench/mpi_transport.c -o /tmp/mpi_transport
 *   mpirun -np 2 /tmp/mpi_transport L S R P
 *
 * e.g. 30000 40004 64 157: the pieces of edit distance 10000 x 10000 with
 * rank 0 holding three quarters of the columns in one block. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { Direct, Packed, Hindexed, Modes };
static const char *const Names[Modes] = {"direct", "packed", "hindexed"};

int main(int argc, char **argv) {
  int provided, me;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (argc < 5) {
    if (me == 0)
      fprintf(stderr, "usage: mpi_transport L S R P\n");
    MPI_Finalize();
    return 2;
  }
  const size_t L = strtoul(argv[1], 0, 10), S = strtoul(argv[2], 0, 10);
  const int R = atoi(argv[3]), P = atoi(argv[4]);
  char *A = malloc(S * (size_t)R * (size_t)P);
  char **Buf = malloc(sizeof(char *) * (size_t)P);
  MPI_Request *Req = malloc(sizeof(MPI_Request) * (size_t)R * (size_t)P);
  int *Lengths = malloc(sizeof(int) * (size_t)R);
  MPI_Aint *Offsets = malloc(sizeof(MPI_Aint) * (size_t)R);
  if (!A || !Buf || !Req || !Lengths || !Offsets || L > S || R < 1 || P < 1)
    MPI_Abort(MPI_COMM_WORLD, 1);
  memset(A, me + 1, S * (size_t)R * (size_t)P);
  for (int p = 0; p < P; p++) {
    if (!(Buf[p] = malloc(L * (size_t)R)))
      MPI_Abort(MPI_COMM_WORLD, 1);
    memset(Buf[p], 0, L * (size_t)R); /* warm, as the runtime's reused ones */
  }
  for (int r = 0; r < R; r++) {
    Lengths[r] = (int)L;
    Offsets[r] = (MPI_Aint)((size_t)r * S);
  }
  MPI_Datatype Runs;
  MPI_Type_create_hindexed(R, Lengths, Offsets, MPI_BYTE, &Runs);
  MPI_Type_commit(&Runs);
  for (int Rep = 0; Rep < 3; Rep++)
    for (int M = 0; M < Modes; M++) {
      int N = 0, Done;
      MPI_Barrier(MPI_COMM_WORLD);
      double T0 = MPI_Wtime();
      for (int p = 0; p < P; p++) {
        char *Base = A + (size_t)p * S * (size_t)R;
        if (M == Direct) {
          for (int r = 0; r < R; r++)
            if (me == 0)
              MPI_Isend(Base + (size_t)r * S, (int)L, MPI_BYTE, 1, 0,
                        MPI_COMM_WORLD, &Req[N++]);
            else
              MPI_Irecv(Base + (size_t)r * S, (int)L, MPI_BYTE, 0, 0,
                        MPI_COMM_WORLD, &Req[N++]);
        } else if (M == Packed) {
          if (me == 0) {
            for (int r = 0; r < R; r++)
              memcpy(Buf[p] + (size_t)r * L, Base + (size_t)r * S, L);
            MPI_Isend(Buf[p], (int)(L * (size_t)R), MPI_BYTE, 1, 0,
                      MPI_COMM_WORLD, &Req[N++]);
          } else {
            MPI_Irecv(Buf[p], (int)(L * (size_t)R), MPI_BYTE, 0, 0,
                      MPI_COMM_WORLD, &Req[N++]);
          }
        } else if (me == 0) {
          MPI_Isend(Base, 1, Runs, 1, 0, MPI_COMM_WORLD, &Req[N++]);
        } else {
          MPI_Irecv(Base, 1, Runs, 0, 0, MPI_COMM_WORLD, &Req[N++]);
        }
        MPI_Testall(N, Req, &Done, MPI_STATUSES_IGNORE);
      }
      MPI_Waitall(N, Req, MPI_STATUSES_IGNORE);
      if (M == Packed && me == 1)
        for (int p = 0; p < P; p++)
          for (int r = 0; r < R; r++)
            memcpy(A + (size_t)p * S * (size_t)R + (size_t)r * S,
                   Buf[p] + (size_t)r * L, L);
      double T = MPI_Wtime() - T0, Slowest;
      MPI_Reduce(&T, &Slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
      double MB = (double)L * R * P / 1e6;
      if (me == 0)
        printf("rep %d %-8s runs of %zu bytes: %.0f MB in %.3f s (%.2f GB/s)\n",
               Rep + 1, Names[M], L, MB, Slowest, MB / 1e3 / Slowest);
    }
  MPI_Type_free(&Runs);
  MPI_Finalize();
  return 0;
}
