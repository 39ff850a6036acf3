/// Tells the host how many ACL packets per connection the controller has sent and freed buffers for.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.19.
public struct NumberOfCompletedPacketsEvent: HCIEvent, Hashable {
    public static let code = HCIEventCode.numberOfCompletedPackets

    /// Completed packets on one connection.
    public struct Entry: Hashable, Sendable {
        public var handle: ConnectionHandle
        public var completedPackets: UInt16
        public init(handle: ConnectionHandle, completedPackets: UInt16) {
            self.handle = handle
            self.completedPackets = completedPackets
        }
    }

    /// One entry per connection that completed packets (at most 63 fit in one event).
    public var entries: [Entry]

    public init(entries: [Entry]) {
        precondition(entries.count <= 63, "at most 63 entries fit in one event")
        self.entries = entries
    }
}

/// Entries are interleaved (handle, count, handle, count ...), per Vol 4, Part E, 5.2 on arrayed parameters.
extension NumberOfCompletedPacketsEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let count: UInt8 = try reader.read()
        guard reader.remaining >= Int(count) * 4 else {
            throw .truncated(needed: Int(count) * 4, available: reader.remaining)
        }
        var entries: [Entry] = []
        for _ in 0..<count {
            entries.append(Entry(handle: try ConnectionHandle(from: &reader), completedPackets: try reader.read()))
        }
        self.entries = entries
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(UInt8(entries.count))
        for entry in entries {
            entry.handle.encode(into: &writer)
            writer.write(entry.completedPackets)
        }
    }
}
