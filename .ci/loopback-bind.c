/* Keeps a server on the loopback interface: preloaded, bind() of an IPv4 or IPv6 socket to the wildcard
 * address binds it to 127.0.0.1 (or ::1) instead, on the same port. Root Canal listens on every interface and
 * has no option to choose one; CI's servers must bind to 127.0.0.1 only.
 */
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

int bind(int fd, const struct sockaddr *address, socklen_t length) {
    struct sockaddr_in in4;
    struct sockaddr_in6 in6;
    if (address->sa_family == AF_INET && length >= sizeof in4) {
        memcpy(&in4, address, sizeof in4);
        if (in4.sin_addr.s_addr == htonl(INADDR_ANY)) {
            in4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            return (int)syscall(SYS_bind, fd, &in4, sizeof in4);
        }
    } else if (address->sa_family == AF_INET6 && length >= sizeof in6) {
        memcpy(&in6, address, sizeof in6);
        if (memcmp(&in6.sin6_addr, &in6addr_any, sizeof in6addr_any) == 0) {
            in6.sin6_addr = in6addr_loopback;
            return (int)syscall(SYS_bind, fd, &in6, sizeof in6);
        }
    }
    return (int)syscall(SYS_bind, fd, address, length);
}
