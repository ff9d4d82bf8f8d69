/* The runtime's C API from C99 (gcc) and C11 (clang), linked and run.
 * RUN: %gcc -std=c99 -Wall -Werror -pedantic %rt_cflags %s -o %t.gcc %rt_libs
 * RUN: %t.gcc | FileCheck %s
 * RUN: %clang -std=c11 -Wall -Werror %rt_cflags %s -o %t.clang %rt_libs
 * RUN: %t.clang | FileCheck %s
 * RUN: env HETILE_SPEEDS=1,2,0 %t.gcc | FileCheck %s --check-prefix=BAD
 */
#include "hetile_platform.h"

#include <stdio.h>

int main(void) {
  const long t[3] = {3, 5, 8};
  long counts[3], chunk, num, den;
  double speeds[3] = {3, 5, 8};
  int owner[14], j, rc;

  if (hetile_alloc_bounded(3, t, 7, counts, &chunk) != HETILE_OK)
    return 1;
  hetile_alloc_cost(3, t, counts, &num, &den);
  // CHECK: bounded: 3 2 1 chunk 6 cost 10/6
  printf("bounded: %ld %ld %ld chunk %ld cost %ld/%ld\n", counts[0],
         counts[1], counts[2], chunk, num, den);

  rc = hetile_env_speeds(3, speeds);
  if (rc < 0) {
    // BAD: error: HETILE_SPEEDS: entry 3 '0' is not a positive number
    printf("error: %s\n", hetile_last_error());
    return 0;
  }
  hetile_alloc_owners(3, speeds, 14, HETILE_ALLOC_BOUNDED, 7, owner);
  // CHECK: owners: 0 0 0 1 1 2 0 0 0 1 1 2 0 0
  printf("owners:");
  for (j = 0; j < 14; ++j)
    printf(" %d", owner[j]);
  printf("\n");
  // What `hetile-plan alloc --times 3,5,8 --strategy auto --columns 10`
  // prints (test/Plan/alloc.test): the bound max(P, N2/4) = 3.
  // CHECK: auto: 0 0 1 0 0 1 0 0 1 0 bound 3
  hetile_alloc_owners(3, speeds, 10, HETILE_ALLOC_AUTO, 0, owner);
  printf("auto:");
  for (j = 0; j < 10; ++j)
    printf(" %d", owner[j]);
  printf(" bound %ld\n", hetile_alloc_default_bound(3, 10));
  // CHECK: error: -1 owners: need p >= 1 and n2 >= 0
  rc = hetile_alloc_owners(0, speeds, 14, HETILE_ALLOC_AUTO, 0, owner);
  printf("error: %d %s\n", rc, hetile_last_error());
  {
    // Clusters from host names, in the order of their first rank.
    const char *hosts[5] = {"b", "b", "a", "c", "a"};
    // CHECK: hosts: 3 clusters: 0 0 1 2 1
    rc = hetile_clusters_from_hosts(5, hosts, owner);
    printf("hosts: %d clusters:", rc);
    for (j = 0; j < 5; ++j)
      printf(" %d", owner[j]);
    printf("\n");
  }
  return 0;
}
