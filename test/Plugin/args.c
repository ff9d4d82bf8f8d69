// Bad -fplugin-arg-hetile-* arguments are errors that name the argument
// and what is accepted; every bad one is reported, not only the first.
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-backend=cuda -Xclang -verify=backend %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-tile-size=32 -Xclang -verify=unknown %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-tile-sizes=32,0 -Xclang -verify=sizes %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-tile-sizes=8,x -Xclang -verify=sizes2 %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-tile-sizes= -Xclang -verify=novalue %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-emit -Xclang -verify=emit %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-auto=yes -Xclang -verify=flag %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-backend=omp -Xclang -verify=omp %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-backend=mpi+omp -Xclang -verify=mpiomp %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-no-skew=1 -fplugin-arg-hetile-backend=gpu -Xclang -verify=two %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-isl-max-operations=-3 -fplugin-arg-hetile-nest-time-budget=soon -Xclang -verify=bounds %s
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=omp -fplugin-arg-hetile-omp-schedule=diamond -Xclang -verify=schedule %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-omp-schedule=strips -Xclang -verify=scheduleseq %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-backend=mpi -fplugin-arg-hetile-omp-schedule=wavefront -Xclang -verify=schedulempi %s
// Good arguments give no diagnostic at all; backend=mpi+omp with -fopenmp
// is one.
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=mpi+omp -Xclang -verify=good %s
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-omp-schedule=auto -fplugin-arg-hetile-backend=mpi+omp -Xclang -verify=good %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-backend=mpi -fplugin-arg-hetile-omp-schedule=strips -Xclang -verify=good %s
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=omp -fplugin-arg-hetile-omp-schedule=wavefront -Xclang -verify=good %s
// RUN: %clang -fsyntax-only -fplugin=%{plugin} -fplugin-arg-hetile-backend=seq -fplugin-arg-hetile-tile-sizes=32,64 -fplugin-arg-hetile-auto -fplugin-arg-hetile-no-skew -fplugin-arg-hetile-isl-max-operations=5000000 -fplugin-arg-hetile-nest-time-budget=2.5 -fplugin-arg-hetile-emit=%t.c -Xclang -verify=good %s
// And without -verify, the compile fails.
// RUN: not %clang -c -fplugin=%{plugin} -fplugin-arg-hetile-backend=cuda %s -o %t.o 2>&1 | FileCheck %s
// RUN: not ls %t.o

// backend-error@*:* {{-fplugin-arg-hetile: unknown backend 'cuda' in 'backend=': use seq, omp, mpi or mpi+omp}}
// unknown-error@*:* {{-fplugin-arg-hetile: unknown argument 'tile-size=32'; the arguments are: backend=seq|omp|mpi|mpi+omp, omp-schedule=pipeline|wavefront|strips|auto, tile-sizes=a,b,..., auto, no-skew, isl-max-operations=N, nest-time-budget=SECONDS, max-nest-code-bytes=N, isl-in-process, emit=PATH}}
// sizes-error@*:* {{-fplugin-arg-hetile: 'tile-sizes=' takes integers >= 1 separated by commas, got '32,0'}}
// sizes2-error@*:* {{-fplugin-arg-hetile: 'tile-sizes=' takes integers >= 1 separated by commas, got '8,x'}}
// novalue-error@*:* {{-fplugin-arg-hetile: 'tile-sizes' needs a value: 'tile-sizes=...'}}
// emit-error@*:* {{-fplugin-arg-hetile: 'emit' needs a value: 'emit=...'}}
// flag-error@*:* {{-fplugin-arg-hetile: 'auto' takes no value}}
// omp-error@*:* {{-fplugin-arg-hetile: backend=omp needs -fopenmp}}
// mpiomp-error@*:* {{-fplugin-arg-hetile: backend=mpi+omp needs -fopenmp}}
// two-error@*:* {{-fplugin-arg-hetile: 'no-skew' takes no value}}
// two-error@*:* {{-fplugin-arg-hetile: unknown backend 'gpu'}}
// bounds-error@*:* {{-fplugin-arg-hetile: 'isl-max-operations=' takes an integer >= 0, got '-3'}}
// bounds-error@*:* {{-fplugin-arg-hetile: 'nest-time-budget=' takes a number of seconds >= 0, got 'soon'}}
// schedule-error@*:* {{-fplugin-arg-hetile: unknown schedule 'diamond' in 'omp-schedule=': use pipeline, wavefront, strips or auto}}
// scheduleseq-error@*:* {{-fplugin-arg-hetile: 'omp-schedule=' needs backend=omp (pipeline, strips, auto: also mpi, mpi+omp)}}
// schedulempi-error@*:* {{-fplugin-arg-hetile: 'omp-schedule=' needs backend=omp (pipeline, strips, auto: also mpi, mpi+omp)}}
// good-no-diagnostics

// CHECK: error: -fplugin-arg-hetile: unknown backend 'cuda'
int NotANest;
