import Glibc
import Synchronization

/// Writes an HCI log in the btsnoop format (version 1, datalink 1002: HCI UART, H4) that Wireshark and tshark open.
///
/// Each record is written straight to the file with no user-space buffering, so the log can be read
/// while it grows. A write failure (a full disk) stops the log without disturbing the transport;
/// ``failure`` tells why.
public final class BTSnoopWriter: Sendable {
    /// Which way a logged packet went, seen from the host.
    public enum Direction: Sendable {
        /// Host to controller.
        case sent
        /// Controller to host.
        case received
    }

    /// The btsnoop datalink type for H4-framed packets.
    public static let datalinkH4: UInt32 = 1002
    /// Microseconds from midnight 1 January of year 0 (the btsnoop epoch) to the Unix epoch.
    public static let epochOffset: Int64 = 0x00DC_DDB3_0F2F_8000

    private struct State {
        var descriptor: Int32
        var failure: TransportError?
    }

    /// The log's path.
    public let path: String
    /// When a packet passes, in microseconds since the Unix epoch: the system's time unless a simulated clock's.
    private let now: @Sendable () -> Int64
    private let state: Mutex<State>

    /// Creates (or truncates) the file at `path` and writes the btsnoop file header; records are stamped with `now`
    /// (microseconds since the Unix epoch), the system's time by default.
    public init(path: String, now: @escaping @Sendable () -> Int64 = BTSnoopWriter.currentTime) throws(TransportError) {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .openFailed(spec: path, reason: "cannot create the btsnoop log (\(SystemCall.describe(errno)))")
        }
        var header = ByteWriter(capacity: 16)
        header.write(bytes: Array("btsnoop".utf8) + [0])
        header.write(UInt32(1).bigEndian)
        header.write(Self.datalinkH4.bigEndian)
        if let reason = Self.writeAll(header.bytes, to: descriptor) {
            Glibc.close(descriptor)
            throw .openFailed(spec: path, reason: "cannot write the btsnoop log (\(reason))")
        }
        self.path = path
        self.now = now
        self.state = Mutex(State(descriptor: descriptor))
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { Glibc.close(state.descriptor) }
        }
    }

    /// Why the log stopped, if a write failed.
    public var failure: TransportError? { state.withLock { $0.failure } }

    /// Appends one record: the packet with its H4 indicator, its direction and when it passed (by default now, as
    /// the writer's time source tells).
    public func write(_ packet: HCIPacket, direction: Direction, microsecondsSince1970: Int64? = nil) {
        let data = packet.encoded
        var flags: UInt32 = direction == .received ? 0b01 : 0b00
        if packet.indicator == .command || packet.indicator == .event { flags |= 0b10 }
        var record = ByteWriter(capacity: 24 + data.count)
        record.write(UInt32(data.count).bigEndian)
        record.write(UInt32(data.count).bigEndian)
        record.write(flags.bigEndian)
        record.write(UInt32(0).bigEndian)
        record.write(((microsecondsSince1970 ?? now()) + Self.epochOffset).bigEndian)
        record.write(bytes: data)
        state.withLock { state in
            guard state.descriptor >= 0, state.failure == nil else { return }
            if let reason = Self.writeAll(record.bytes, to: state.descriptor) {
                state.failure = .io("cannot write the btsnoop log \(path) (\(reason))")
            }
        }
    }

    /// Closes the file; later records are ignored.
    public func close() {
        state.withLock { state in
            if state.descriptor >= 0 { Glibc.close(state.descriptor) }
            state.descriptor = -1
        }
    }

    /// The current time in microseconds since the Unix epoch.
    public static func currentTime() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return written < 0 ? SystemCall.describe(errno) : "nothing written"
            }
        }
        return nil
    }
}
