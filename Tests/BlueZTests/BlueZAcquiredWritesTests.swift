import Glibc
import Synchronization
import Testing

@testable import BlueZ

/// The write sockets handed to bluetoothd through `AcquireWrite`, with the test writing into bluetoothd's end.
@Suite("BlueZ AcquireWrite sockets", .timeLimit(.minutes(1)))
struct BlueZAcquiredWritesTests {
    static let path = "/org/corebluetooth/gatt1/service0/char0"

    /// The values forwarded, in order.
    final class Received: Sendable {
        let values = Mutex<[[UInt8]]>([])
    }

    /// Opens the socket for `path`, recording every value forwarded; bluetoothd's end.
    private func open(_ writes: BlueZAcquiredWrites, _ path: String = path, into received: Received) throws -> Int32 {
        let theirs = try writes.open(path) { values in received.values.withLock { $0.append(contentsOf: values) } }
        return try #require(theirs.take())
    }

    /// Sends one value from bluetoothd's end (non-blocking), waiting up to 10 s for room when it is full.
    private func send(_ value: [UInt8], from descriptor: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&poller, 1, 10_000) == 1 else { return false }
        return value.withUnsafeBytes {
            Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        } == value.count
    }

    @Test("every value bluetoothd writes is forwarded whole and in order, all of them once drain returns")
    func valuesInOrder() throws {
        let writes = BlueZAcquiredWrites()
        let received = Received()
        let bluetoothd = try open(writes, into: received)
        defer { close(bluetoothd) }
        let values = (0..<1000).map { [UInt8($0 & 0xFF), UInt8($0 >> 8), 0x5A] }
        for value in values { #expect(send(value, from: bluetoothd)) }
        writes.drain()
        #expect(received.values.withLock { $0 } == values)
    }

    @Test("closing an application's sockets hangs bluetoothd's end up; other applications' stay open")
    func closeUnderRoot() throws {
        let writes = BlueZAcquiredWrites()
        let received = Received()
        let first = try open(writes, into: received)
        let other = try open(writes, "/org/corebluetooth/gatt2/service0/char0", into: received)
        defer {
            close(first)
            close(other)
        }
        writes.close(under: "/org/corebluetooth/gatt1")
        var poller = pollfd(fd: first, events: 0, revents: 0)
        #expect(poll(&poller, 1, 10_000) == 1 && poller.revents & Int16(POLLHUP) != 0)
        #expect(send([7], from: other))
        writes.drain()
        #expect(received.values.withLock { $0 } == [[7]])
    }

    @Test("after bluetoothd closed its socket, the next AcquireWrite gets a new one that works")
    func reacquire() throws {
        let writes = BlueZAcquiredWrites()
        let received = Received()
        let first = try open(writes, into: received)
        #expect(send([1], from: first))
        writes.drain()
        close(first)
        let second = try open(writes, into: received)
        defer { close(second) }
        #expect(send([2], from: second))
        writes.drain()
        #expect(received.values.withLock { $0 } == [[1], [2]])
    }
}
