import CEpoll
import Glibc

/// A Linux `epoll` instance: descriptors registered once and kept, instead of handed to the kernel on every wait
/// as `poll` does (which links the waiting thread into, and then out of, each descriptor's wait queue per call).
///
/// Each registration carries a token that the wait gives back with the events. One thread uses it.
struct EventPoll: ~Copyable {
    private let descriptor: Int32
    private let ready: UnsafeMutableBufferPointer<epoll_event>

    /// Makes the instance, closed on exec; a wait reports at most `capacity` descriptors.
    init(capacity: Int = 64) throws(TransportError) {
        descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard descriptor >= 0 else { throw .io("cannot create an epoll instance (\(SystemCall.describe(errno)))") }
        ready = .allocate(capacity: capacity)
        ready.initialize(repeating: epoll_event())
    }

    deinit {
        Glibc.close(descriptor)
        ready.deallocate()
    }

    /// Registers `fd` for `events` (`POLLIN`, `POLLOUT`: `poll`'s bits, which `epoll` shares), or changes what it is
    /// registered for; zero events removes it. `current` is what it is registered for now (zero: nothing).
    /// Returns false, with `errno` set, when the kernel refused.
    func register(_ fd: Int32, for events: Int16, token: UInt64, current: Int16) -> Bool {
        guard events != current else { return true }
        var event = epoll_event()
        event.events = UInt32(UInt16(bitPattern: events))
        event.data.u64 = token
        let operation = events == 0 ? EPOLL_CTL_DEL : current == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
        return epoll_ctl(descriptor, operation, fd, &event) == 0
    }

    /// Waits up to `timeout` milliseconds (-1: until something is ready; 0: not at all) and returns how many
    /// registrations are ready, each read with ``ready(_:)``.
    func wait(timeout: Int32) -> Int {
        max(0, Int(epoll_wait(descriptor, ready.baseAddress, Int32(ready.count), timeout)))
    }

    /// The token and events (in `poll`'s bits) of the `index`th registration the last wait found ready.
    func ready(_ index: Int) -> (token: UInt64, events: Int16) {
        (ready[index].data.u64, Int16(truncatingIfNeeded: ready[index].events))
    }
}
