import HCI
import Host

extension FuzzTarget {
    /// One ATT PDU as a peer sends it, decoded and, when it decodes, encoded again.
    static let attPDU = FuzzTarget(name: "att-pdu") { bytes in
        guard let pdu = try? ATTPDU(decoding: bytes) else { return }
        var writer = ByteWriter()
        pdu.encode(into: &writer)
    }
}
