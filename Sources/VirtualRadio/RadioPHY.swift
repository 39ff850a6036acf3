import HCI

/// A physical layer a connection transmits on, with the coding for LE Coded, and how long a packet takes on it.
///
/// Bluetooth Core Specification Vol 6, Part B, 2.1 (packet formats) and 2.2 (coding).
enum RadioPHY: Hashable, Sendable, CaseIterable {
    case le1M
    case le2M
    /// LE Coded with two symbols per bit (500 kb/s).
    case codedS2
    /// LE Coded with eight symbols per bit (125 kb/s).
    case codedS8

    /// The inter-frame space between two packets of one connection event.
    static let interFrameSpace = Duration.microseconds(150)

    /// The air time of a data channel PDU carrying `payload` octets (MIC included when there is one).
    ///
    /// Uncoded packets are preamble, access address, header, payload and CRC: (1 + 4 + 2 + payload + 3) octets
    /// at 1 µs per bit on LE 1M, (2 + 4 + 2 + payload + 3) at 0.5 µs on LE 2M. A coded packet is an 80 µs
    /// preamble, then the access address (32 bits), coding indicator (2) and TERM1 (3) at S=8, then header,
    /// payload, CRC (24) and TERM2 (3) at S=2 or S=8.
    func airtime(payload: Int) -> Duration {
        switch self {
        case .le1M: .microseconds(Int64(10 + payload) * 8)
        case .le2M: .microseconds(Int64(11 + payload) * 4)
        case .codedS2: .microseconds(376 + Int64(16 + 8 * payload + 27) * 2)
        case .codedS8: .microseconds(376 + Int64(16 + 8 * payload + 27) * 8)
        }
    }

    /// The most payload octets a packet carries within `time` (at least the 27 every link allows); on LE Coded
    /// the time is at least 2704 µs, as for connEffectiveMaxTxTime (Vol 6, Part B, 4.5.10).
    func octets(within time: Duration) -> Int {
        let coded = self == .codedS2 || self == .codedS8
        let limit = coded ? max(time, .microseconds(2704)) : time
        var octets = 27
        while octets < 251, airtime(payload: octets + 1) <= limit { octets += 1 }
        return octets
    }

    /// The HCI PHY value the host sees.
    var hciPHY: PHY {
        switch self {
        case .le1M: .le1M
        case .le2M: .le2M
        case .codedS2, .codedS8: .leCoded
        }
    }
}
