import HCI
import Host
import Synchronization

/// The application behind a test peripheral: holds dynamic values by handle and answers the
/// server's deferred reads and writes from them.
public final class ValueStore: Sendable {
    public init() {}

    private let values = Mutex<[AttributeHandle: [UInt8]]>([:])

    public subscript(handle: AttributeHandle) -> [UInt8]? {
        get { values.withLock { $0[handle] } }
        set { values.withLock { $0[handle] = newValue } }
    }

    public func answer(_ request: GATTServerRequest) -> GATTServerRequest.Answer {
        switch request.kind {
        case .read(let reads):
            return .values(reads.map { read in Array((self[read.handle] ?? []).dropFirst(read.offset)) })
        case .write(let writes):
            for write in writes { apply(write) }
            return .written
        case .writeWithoutResponse(let write):
            apply(write)
            return .written
        }
    }

    private func apply(_ write: GATTServerRequest.Write) {
        values.withLock { values in
            var value = values[write.handle] ?? []
            if value.count < write.offset { value += Array(repeating: 0, count: write.offset - value.count) }
            value.replaceSubrange(write.offset..<min(value.count, write.offset + write.value.count), with: write.value)
            values[write.handle] = value
        }
    }
}
