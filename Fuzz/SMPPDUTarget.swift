import Host

extension FuzzTarget {
    /// One SMP PDU as a peer sends it.
    static let smpPDU = FuzzTarget(name: "smp-pdu") { bytes in
        _ = try? SMPPDU(decoding: bytes)
    }
}
