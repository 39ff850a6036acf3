import HCI
import Host
import Synchronization

/// A transport that passes everything through and keeps a record of each packet the host sends that
/// `record` picks out, in order, so tests can count or inspect what went to the controller.
public final class PacketTap<Record: Sendable>: HCITransport {
    private let inner: any HCITransport
    private let pick: @Sendable (HCIPacket) -> Record?
    private let kept = Mutex<[Record]>([])

    public init(wrapping inner: any HCITransport, record: @escaping @Sendable (HCIPacket) -> Record?) {
        self.inner = inner
        self.pick = record
    }

    public var incoming: AsyncThrowingStream<HCIPacket, any Error> { inner.incoming }
    public var commandTimeout: Duration? { inner.commandTimeout }

    public func send(_ packet: HCIPacket) async throws(TransportError) {
        if let record = pick(packet) { kept.withLock { $0.append(record) } }
        try await inner.send(packet)
    }

    public func close() async {
        await inner.close()
    }

    /// The records so far, oldest first.
    public var records: [Record] { kept.withLock { $0 } }

    /// Forgets the records so far.
    public func reset() {
        kept.withLock { $0 = [] }
    }

    /// The first byte of an L2CAP PDU the host starts sending on fixed channel `cid` (the ATT or SMP opcode).
    public static func opcode(of packet: HCIPacket, onChannel cid: UInt8) -> UInt8? {
        guard case .acl(let data) = packet, data.boundary.isFirst, data.data.count >= 5,
            data.data[2] == cid, data.data[3] == 0x00
        else { return nil }
        return data.data[4]
    }
}

/// Counts the ATT requests the host sends, by opcode, so tests can count a procedure's round trips.
public typealias ATTRequestCounter = PacketTap<ATTOpcode>

extension PacketTap where Record == ATTOpcode {
    /// Taps `inner` for ATT requests (L2CAP CID 0x0004).
    public convenience init(wrapping inner: any HCITransport) {
        self.init(wrapping: inner) { packet in
            guard let raw = Self.opcode(of: packet, onChannel: 0x04) else { return nil }
            let opcode = ATTOpcode(rawValue: raw)
            return opcode.kind == .request ? opcode : nil
        }
    }

    /// Requests sent so far, all kinds together.
    public var total: Int { records.count }

    /// Requests sent so far, by opcode.
    public var byOpcode: [ATTOpcode: Int] { records.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
}

/// Keeps the SMP PDUs the host sends, by opcode, in order.
public typealias SMPCounter = PacketTap<SMPOpcode>

extension PacketTap where Record == SMPOpcode {
    /// Taps `inner` for SMP PDUs (L2CAP CID 0x0006).
    public convenience init(wrapping inner: any HCITransport) {
        self.init(wrapping: inner) { packet in Self.opcode(of: packet, onChannel: 0x06).map(SMPOpcode.init(rawValue:)) }
    }

    /// The opcodes of the SMP PDUs sent so far, in order.
    public var opcodes: [SMPOpcode] { records }
}
