/* hetile-wait PID: waits for process PID, a child of the process that
 * became this program (exec keeps its children), and ends as it did: its
 * exit status, or the signal that killed it. The waiting parent of an
 * isolated phase of hetile (Support/Isolation.h) becomes this program once
 * the phase is over, so that it no longer holds a copy of the compiler's
 * memory while the rest of the work goes on in the child. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  pid_t pid = (pid_t)strtol(argv[1], 0, 10);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      return 2;
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    signal(sig, SIG_DFL);
    raise(sig);
    return 128 + sig;
  }
  return 2;
}
