import Glibc

/// A connected socket pair that wakes a thread blocked in `poll`: one side signals, the poller sees the other readable.
final class WakeupPipe: Sendable {
    /// The end to poll for readability.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// Makes the pipe; both ends are non-blocking and close on exec.
    init() throws(TransportError) {
        var descriptors: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, type, 0, &descriptors) == 0 else {
            throw .io("cannot create a wakeup pipe (\(SystemCall.describe(errno)))")
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        Glibc.close(readDescriptor)
        Glibc.close(writeDescriptor)
    }

    /// Makes the read end readable; a full pipe is already readable, so a failed write loses nothing.
    func signal() {
        var byte: UInt8 = 1
        _ = Glibc.write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe so the read end is no longer readable until the next signal.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while Glibc.read(readDescriptor, &buffer, buffer.count) > 0 {}
    }
}
