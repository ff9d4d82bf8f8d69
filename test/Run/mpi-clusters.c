// REQUIRES: mpi, openmp
// Differential execution on clusters of MPI ranks (docs/clusters.md): the
// 2D SOR of sor-2d.c, 4 ranks in 2 clusters joined by an emulated slow
// link (HETILE_EMULATE_LINKS=1), allocated by the hierarchical allocation
// of Boudet, Rastello, Robert 1999 (panels of B tile columns to clusters);
// every rank must print the original's output.
// The generated code is compiled with -DHETILE_FALLBACK_ABORT: a run that
// took the original nest instead of the tiled one aborts.
//
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %S/sor-2d.c -o %t.orig
// RUN: %t.orig 61 47 > %t.want
// RUN: %hetile rewrite --backend=mpi %S/sor-2d.c -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
//
// Two clusters {0,1} and {2,3}, the runtime's tile sizes and B from the
// paper's condition (a panel row's update outlasts its message over the
// link):
// RUN: printf '{"times": [1, 1, 1, 1], "startup": 1e-5, "per_byte": 1e-9,\n "clusters": [[0, 1], [2, 3]],\n "link": {"startup": 2e-4, "per_byte": 2e-8}}\n' > %t.two.json
// RUN: rm -f %t.r.*
// RUN: env HETILE_PLATFORM=%t.two.json HETILE_EMULATE_LINKS=1 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.mpi 61 47 2> %t.two.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.1 && cmp %t.want %t.r.2 && cmp %t.want %t.r.3
// RUN: FileCheck %s --check-prefix=TWO < %t.two.err
// TWO-DAG: hetile: 4 ranks, cycle times 1,1,1,1 (HETILE_PLATFORM), allocation auto, {{[0-9]+}} tile columns; columns per rank: {{[1-9][0-9]*,[1-9][0-9]*,[1-9][0-9]*,[1-9][0-9]*}}; hierarchical [BRR99]: clusters {0,1} {2,3}, link 0.0002 s + 2e-08 s/byte, panel B = {{[0-9]+}} ({{\[BRR99\] section 3|the most columns per cluster}}: a panel row's update
// TWO-DAG: hetile: rank 3/4: {{[1-9][0-9]*}} tiles
//
// With a hostfile the job runs unchanged: the clusters are the platform
// file's (MPI_COMM_WORLD ranks), and rank 0 says which allocation it chose
// (one host here, but the file's clusters win over the hosts').
// RUN: printf 'localhost slots=4\n' > %t.hosts
// RUN: rm -f %t.r.*
// RUN: env HETILE_PLATFORM=%t.two.json HETILE_STATS=1 %mpirun --hostfile %t.hosts -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.mpi 61 47 2> %t.hosts.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.1 && cmp %t.want %t.r.2 && cmp %t.want %t.r.3
// RUN: FileCheck %s --check-prefix=TWO < %t.hosts.err
//
// Clusters of interleaved ranks {0,2} and {1,3}, heterogeneous (1,2,1,2),
// the file's panel of 3 columns, tile sizes that do not divide the extents:
// RUN: printf '{"times": [1, 2, 1, 2],\n "clusters": [[0, 2], [1, 3]],\n "link": {"startup": 1e-4, "per_byte": 0},\n "panel": 3}\n' > %t.odd.json
// RUN: rm -f %t.r.*
// RUN: env HETILE_PLATFORM=%t.odd.json HETILE_EMULATE_LINKS=1 HETILE_STATS=1 HETILE_TILE_SIZES=2,3 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.mpi 61 47 2> %t.odd.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.1 && cmp %t.want %t.r.2 && cmp %t.want %t.r.3
// RUN: FileCheck %s --check-prefix=ODD < %t.odd.err
// ODD: hierarchical [BRR99]: clusters {0,2} {1,3}, link 0.0001 s + 0 s/byte, panel B = 3 (the platform file's "panel"), panels per cluster
//
// Three clusters, one of a single rank, and a rank so slow (1000) that it
// gets no column:
// RUN: printf '{"times": [1, 1, 1, 1000], "clusters": [[0], [1, 3], [2]],\n "link": {"startup": 0, "per_byte": 0}, "panel": 2}\n' > %t.three.json
// RUN: rm -f %t.r.*
// RUN: env HETILE_PLATFORM=%t.three.json HETILE_EMULATE_LINKS=1 HETILE_STATS=1 HETILE_TILE_SIZES=3 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.mpi 61 47 2> %t.three.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.1 && cmp %t.want %t.r.2 && cmp %t.want %t.r.3
// RUN: FileCheck %s --check-prefix=THREE < %t.three.err
// THREE: columns per rank: {{[1-9][0-9]*,[1-9][0-9]*,[1-9][0-9]*}},0; hierarchical [BRR99]: clusters {0} {1,3} {2}, link 0 s + 0 s/byte, panel B = 2
//
// mpi+omp: each rank's columns split among 2 threads, the same panels.
// RUN: %hetile rewrite --backend=mpi+omp %S/sor-2d.c -o %t.omp.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.omp.c -o %t.omp %rt_mpi_libs
// RUN: rm -f %t.r.*
// RUN: env OMP_NUM_THREADS=2 HETILE_PLATFORM=%t.odd.json HETILE_EMULATE_LINKS=1 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.omp 61 47 2> %t.omp.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.1 && cmp %t.want %t.r.2 && cmp %t.want %t.r.3
// RUN: FileCheck %s --check-prefix=ODD < %t.omp.err
//
// The emulated link delays the sender: with a start-up of 0.3 s, the rank
// that sends across the clusters (once per nest at least) has communicated
// for 0.3 s or more; without HETILE_EMULATE_LINKS no rank has.
// RUN: printf '{"times": [1, 1, 1, 1], "clusters": [[0, 1], [2, 3]],\n "link": {"startup": 0.3, "per_byte": 0}}\n' > %t.slow.json
// RUN: env HETILE_PLATFORM=%t.slow.json HETILE_EMULATE_LINKS=1 HETILE_STATS=1 %mpirun -np 4 %t.mpi 61 47 2>&1 >/dev/null | FileCheck %s --check-prefix=SLOW
// SLOW: communicate {{(0\.[3-9]|[1-9])[0-9.]*}} s
// RUN: env HETILE_PLATFORM=%t.slow.json HETILE_STATS=1 %mpirun -np 4 %t.mpi 61 47 2>&1 >/dev/null | FileCheck %s --check-prefix=FAST
// FAST: hetile: rank
// FAST-NOT: communicate {{(0\.[3-9]|[1-9])[0-9.]*}} s
//
// HETILE_ALLOC overrides: the allocation is flat, and says so.
// RUN: rm -f %t.r.*
// RUN: env HETILE_PLATFORM=%t.two.json HETILE_EMULATE_LINKS=1 HETILE_STATS=1 HETILE_ALLOC=cyclic %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.mpi 61 47 2> %t.flat.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.3
// RUN: FileCheck %s --check-prefix=FLAT < %t.flat.err
// FLAT: allocation cyclic, {{.*}}; clusters {0,1} {2,3}: flat allocation (HETILE_ALLOC is not auto)
//
// Errors, on every rank, naming the variable or the processor:
// RUN: env HETILE_PLATFORM=%t.two.json HETILE_EMULATE_LINKS=yes not %mpirun -np 4 %t.mpi 61 47 2>&1 | FileCheck %s --check-prefix=ENVERR
// ENVERR: HETILE_EMULATE_LINKS: 'yes' is not 0, 1 or startup,per_byte
// RUN: printf '{"times": [1, 1, 1], "clusters": [[0, 1], [2, 3]], "link": {"startup": 0, "per_byte": 0}}' > %t.bad.json
// RUN: env HETILE_PLATFORM=%t.bad.json not %mpirun -np 3 %t.mpi 61 47 2>&1 | FileCheck %s --check-prefix=RANKS
// RANKS: names processor 3, but there are 3 (0..2)
//
// Clusters from the hosts: without the file's "clusters", the ranks of one
// host form a cluster. HETILE_EMULATE_HOSTS names each rank's host, and
// HETILE_EMULATE_LINKS=startup,per_byte slows the link between them, so
// the link's start-up measured by ping-pong (ranks 0 and 2) is at least
// 1e-4 s (2e-4 s emulated, the fitted line may lean a little below; shared
// memory gives microseconds), and the one inside a cluster (ranks 0 and 1)
// is measured too:
// RUN: printf '{"times": [1, 1, 1, 1], "startup": 1e-5, "per_byte": 1e-9}\n' > %t.flat.json
// RUN: rm -f %t.r.*
// RUN: env HETILE_PLATFORM=%t.flat.json HETILE_EMULATE_HOSTS=a,a,b,b HETILE_EMULATE_LINKS=2e-4,2e-8 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.mpi 61 47 2> %t.hosts2.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.1 && cmp %t.want %t.r.2 && cmp %t.want %t.r.3
// RUN: FileCheck %s --check-prefix=HOSTS2 < %t.hosts2.err
// HOSTS2: columns per rank: {{[1-9][0-9]*,[1-9][0-9]*,[1-9][0-9]*,[1-9][0-9]*}}; hierarchical [BRR99]: clusters {0,1} {2,3} (hosts a, b), link {{0\.000[1-9][0-9]*|0\.00[1-9][0-9]*}} s + {{[0-9.e+-]+}} s/byte measured between ranks 0 and 2; inside a cluster {{[0-9.e+-]+}} s + {{[0-9.e+-]+}} s/byte, measured between ranks 0 and 1; emulated link 0.0002 s + 2e-08 s/byte (HETILE_EMULATE_LINKS), panel B = {{[0-9]+}}
//
// Three hosts, one with a single rank, hosts interleaved (a,b,a,c gives
// {0,2} {1} {3}), heterogeneous times and tile sizes that do not divide:
// RUN: printf '{"times": [1, 2, 1, 1]}\n' > %t.het.json
// RUN: rm -f %t.r.*
// RUN: env HETILE_PLATFORM=%t.het.json HETILE_EMULATE_HOSTS=a,b,a,c HETILE_EMULATE_LINKS=1e-4,0 HETILE_STATS=1 HETILE_TILE_SIZES=2,3 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.mpi 61 47 2> %t.hosts3.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.1 && cmp %t.want %t.r.2 && cmp %t.want %t.r.3
// RUN: FileCheck %s --check-prefix=HOSTS3 < %t.hosts3.err
// HOSTS3: hierarchical [BRR99]: clusters {0,2} {1} {3} (hosts a, b, c), link {{[0-9.e+-]+}} s + {{[0-9.e+-]+}} s/byte measured between ranks 0 and 1; inside a cluster {{.*}} measured between ranks 0 and 2; emulated link 0.0001 s + 0 s/byte
//
// The file's "link" without "clusters": the clusters from the hosts, the
// link the file's (not measured); mpi+omp alike.
// RUN: printf '{"times": [1, 1, 1, 1], "link": {"startup": 1e-4, "per_byte": 0}}\n' > %t.link.json
// RUN: rm -f %t.r.*
// RUN: env OMP_NUM_THREADS=2 HETILE_PLATFORM=%t.link.json HETILE_EMULATE_HOSTS=x,x,x,y HETILE_EMULATE_LINKS=1 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.omp 61 47 2> %t.hostsomp.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.1 && cmp %t.want %t.r.2 && cmp %t.want %t.r.3
// RUN: FileCheck %s --check-prefix=LINKONLY < %t.hostsomp.err
// LINKONLY: hierarchical [BRR99]: clusters {0,1,2} {3} (hosts x, y), link 0.0001 s + 0 s/byte (the platform file's), panel B =
//
// One host: one cluster, the flat allocation as before (no cluster words).
// RUN: env HETILE_PLATFORM=%t.flat.json HETILE_EMULATE_HOSTS=a,a,a,a HETILE_STATS=1 %mpirun -np 4 %t.mpi 61 47 2>&1 >/dev/null | FileCheck %s --check-prefix=ONEHOST
// ONEHOST: hetile: 4 ranks, cycle times 1,1,1,1 (HETILE_PLATFORM)
// ONEHOST-NOT: clusters
//
// Errors, on every rank, naming the variable:
// RUN: env HETILE_PLATFORM=%t.flat.json HETILE_EMULATE_HOSTS=a,b not %mpirun -np 4 %t.mpi 61 47 2>&1 | FileCheck %s --check-prefix=HOSTCOUNT
// HOSTCOUNT: HETILE_EMULATE_HOSTS: 2 host names for 4 ranks (one per rank)
// RUN: env HETILE_PLATFORM=%t.flat.json HETILE_EMULATE_HOSTS=a,,b,b not %mpirun -np 4 %t.mpi 61 47 2>&1 | FileCheck %s --check-prefix=HOSTEMPTY
// HOSTEMPTY: HETILE_EMULATE_HOSTS: 'a,,b,b': entry 2 is empty
// RUN: env HETILE_PLATFORM=%t.flat.json HETILE_EMULATE_HOSTS=a,a,b,b HETILE_EMULATE_LINKS=1 not %mpirun -np 4 %t.mpi 61 47 2>&1 | FileCheck %s --check-prefix=NOCOSTS
// NOCOSTS: HETILE_EMULATE_LINKS=1 needs the link's costs
// RUN: env HETILE_PLATFORM=%t.flat.json HETILE_EMULATE_LINKS=1e-4,0 not %mpirun -np 4 %t.mpi 61 47 2>&1 | FileCheck %s --check-prefix=ONECLUSTER
// ONECLUSTER: HETILE_EMULATE_LINKS needs two clusters or more
