import HCI
import Host
import Synchronization

/// A transport that passes everything through and counts the ATT requests the host sends, by opcode,
/// so tests can count a procedure's round trips.
public final class ATTRequestCounter: HCITransport {
    private let inner: any HCITransport
    private let counts = Mutex<[ATTOpcode: Int]>([:])

    public init(wrapping inner: any HCITransport) {
        self.inner = inner
    }

    public var incoming: AsyncThrowingStream<HCIPacket, any Error> { inner.incoming }

    public func send(_ packet: HCIPacket) async throws(TransportError) {
        if case .acl(let data) = packet, data.boundary.isFirst, data.data.count >= 5,
            data.data[2] == 0x04, data.data[3] == 0x00
        {
            let opcode = ATTOpcode(rawValue: data.data[4])
            if opcode.kind == .request { counts.withLock { $0[opcode, default: 0] += 1 } }
        }
        try await inner.send(packet)
    }

    public func close() async {
        await inner.close()
    }

    /// Requests sent so far, all kinds together.
    public var total: Int { counts.withLock { $0.values.reduce(0, +) } }

    /// Requests sent so far, by opcode.
    public var byOpcode: [ATTOpcode: Int] { counts.withLock { $0 } }

    /// Forgets the counts so far.
    public func reset() {
        counts.withLock { $0 = [:] }
    }
}
