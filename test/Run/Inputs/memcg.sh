#!/bin/sh
# memcg.sh LIMIT REPORT COMMAND [ARG...]
#
# Runs COMMAND in a memory cgroup of its own whose limit is LIMIT bytes (a
# process that needs more is killed by the kernel), then writes to REPORT
# the group's peak usage in bytes. Exits with COMMAND's status (128 + the
# signal's number when it was killed). Needs root and a writable memory
# controller: cgroup v1 (/sys/fs/cgroup/memory) or v2 (/sys/fs/cgroup with
# "memory" among its controllers); lit's feature memory-cgroup says so.
limit=$1 report=$2
shift 2
if [ -d /sys/fs/cgroup/memory ]; then
  dir=/sys/fs/cgroup/memory/hetile-memcg-$$
  max=memory.limit_in_bytes peak=memory.max_usage_in_bytes
else
  dir=/sys/fs/cgroup/hetile-memcg-$$
  max=memory.max peak=memory.peak
fi
mkdir "$dir" || exit 125
if ! echo "$limit" > "$dir/$max"; then
  rmdir "$dir"
  exit 125
fi
# The child joins the group before it runs COMMAND; this shell stays out.
sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$dir" "$@"
status=$?
cat "$dir/$peak" > "$report"
rmdir "$dir"
exit $status
