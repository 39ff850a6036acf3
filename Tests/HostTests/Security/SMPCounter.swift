import HCI
import Host
import Synchronization

/// A transport that passes everything through and counts the SMP PDUs the host sends (L2CAP CID 0x0006).
final class SMPCounter: HCITransport {
    private let inner: any HCITransport
    private let sent = Mutex<[SMPOpcode]>([])

    init(wrapping inner: any HCITransport) {
        self.inner = inner
    }

    var incoming: AsyncThrowingStream<HCIPacket, any Error> { inner.incoming }

    func send(_ packet: HCIPacket) async throws(TransportError) {
        if case .acl(let data) = packet, data.boundary.isFirst, data.data.count >= 5,
            data.data[2] == 0x06, data.data[3] == 0x00
        {
            sent.withLock { $0.append(SMPOpcode(rawValue: data.data[4])) }
        }
        try await inner.send(packet)
    }

    func close() async {
        await inner.close()
    }

    /// The opcodes of the SMP PDUs sent so far, in order.
    var opcodes: [SMPOpcode] { sent.withLock { $0 } }
}
