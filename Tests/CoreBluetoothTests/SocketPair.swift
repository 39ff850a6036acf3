import BlueZ
import Glibc

/// Two connected `SOCK_SEQPACKET` sockets: `ours` for the code under test, `bluetoothd` standing in for bluetoothd's
/// end, as `AcquireWrite` and `AcquireNotify` make them.
struct SocketPair {
    let ours: BlueZFileDescriptor
    let bluetoothd: Int32
    private let oursRaw: Int32

    init() {
        var pair: [Int32] = [-1, -1]
        let made = socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair)
        precondition(made == 0, "socketpair failed")
        oursRaw = pair[0]
        ours = BlueZFileDescriptor(adopting: pair[0])
        bluetoothd = pair[1]
    }

    /// Sends one datagram from bluetoothd's end.
    func send(_ value: [UInt8]) -> Bool {
        value.withUnsafeBytes { Glibc.send(bluetoothd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == value.count
    }

    /// Sends one datagram from bluetoothd's end if its buffer takes it now, as bluetoothd sends (false when full).
    func sendWithoutWaiting(_ value: [UInt8]) -> Bool {
        value.withUnsafeBytes {
            Glibc.send(bluetoothd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        } == value.count
    }

    /// Receives one datagram at bluetoothd's end, waiting at most 10 s; nil when none came.
    func receive() -> [UInt8]? {
        var poller = pollfd(fd: bluetoothd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 10_000) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 2048)
        let count = buffer.withUnsafeMutableBytes { recv(bluetoothd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count < 0 ? nil : Array(buffer[..<count])
    }

    /// Whether bluetoothd's end sees our end closed, within 10 s: the socket then has no descriptor left open.
    func seesHangUp() -> Bool {
        var poller = pollfd(fd: bluetoothd, events: 0, revents: 0)
        return poll(&poller, 1, 10_000) == 1 && poller.revents & Int16(POLLHUP) != 0
    }

    /// Makes bluetoothd's end stop receiving into a small buffer, so that our sends fill it.
    func shrinkBuffers() {
        var size: Int32 = 1
        _ = setsockopt(bluetoothd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        _ = setsockopt(oursRaw, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    func closeBluetoothd() {
        Glibc.close(bluetoothd)
    }
}
