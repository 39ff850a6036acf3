import Host

/// Two ATT bearers back to back in memory: each PDU one sends reaches the other on a later turn of the
/// main actor, in order, so no bearer is re-entered while it is still acting.
@MainActor
final class WireLink {
    weak var central: ATTBearer?
    weak var peripheral: ATTBearer?
    /// Every PDU the central sent, in order.
    private(set) var centralPDUs: [ATTPDU] = []
    private var inFlight: [(toPeripheral: Bool, bytes: [UInt8])] = []
    private var isDraining = false

    /// The requests the central sent: one per ATT round trip.
    var centralRequestCount: Int { centralPDUs.count(where: { $0.opcode.kind == .request }) }

    func carry(_ bytes: [UInt8], toPeripheral: Bool) {
        if toPeripheral, let pdu = try? ATTPDU(decoding: bytes) { centralPDUs.append(pdu) }
        inFlight.append((toPeripheral, bytes))
        guard !isDraining else { return }
        isDraining = true
        Task { self.drain() }
    }

    func resetCount() {
        centralPDUs = []
    }

    private func drain() {
        while !inFlight.isEmpty {
            let next = inFlight.removeFirst()
            (next.toPeripheral ? peripheral : central)?.received(next.bytes[...])
        }
        isDraining = false
    }
}
