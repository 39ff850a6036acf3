// Linux's epoll interface, which Swift's Glibc module does not include; the HCI module's polling executor uses it.
#ifndef CEPOLL_H
#define CEPOLL_H

#include <sys/epoll.h>

#endif
