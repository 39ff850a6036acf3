/* Lets valgrind run Swift programs that start the concurrency runtime.
 *
 * An async `main` ends in dispatch_main(), which parks the main thread in sigsuspend() with a signal
 * mask that libdispatch keeps in read-only memory. Valgrind's rt_sigsuspend wrapper writes into the
 * mask it is given (to keep its own internal signal deliverable), so it faults on that page and dies
 * with "VALGRIND INTERNAL ERROR: signal 11". Preloaded, this sigsuspend hands the kernel a writable
 * copy of the mask instead; the program's behaviour is otherwise unchanged.
 */
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, _NSIG / 8);
}
