/// The notification throughput the Core Specification's timing allows, computed on its own from the packet
/// formats, for the timed air's bench to put beside what it measures.
///
/// In one connection event the central sends an empty packet, the peripheral answers 150 µs later with a
/// notification in one full data PDU, and 150 µs later the next exchange starts; an exchange may start only if
/// it ends at least 150 µs before the next anchor. So an exchange costs `empty + data + 2 × 150 µs`, an interval
/// holds `floor(interval / exchange)` of them, and each carries `payload − 7` octets of ATT value (4 octets of
/// L2CAP header, 3 of ATT header).
///
/// Bluetooth Core Specification Vol 6, Part B, 2.1 (packet formats), 4.5.1 (connection events) and 4.5.10
/// (data length: on LE Coded the effective transmit time is at least 2704 µs).
struct TimedAirTheory {
    /// A PHY as the bench names it.
    enum PHYName: String, CaseIterable {
        case le1M = "1M"
        case le2M = "2M"
        case codedS2 = "Coded S=2"
        case codedS8 = "Coded S=8"
    }

    let phy: PHYName
    /// The data length the hosts asked for (27 without data length extension, 251 with it).
    let requestedOctets: Int
    let interval: Duration

    /// Microseconds one packet with `payload` octets takes on the air.
    static func airtimeMicroseconds(_ phy: PHYName, payload: Int) -> Int {
        let bits = 8 * payload
        switch phy {
        case .le1M: return 8 * (1 + 4 + 2 + 3) + bits
        case .le2M: return (8 * (2 + 4 + 2 + 3) + bits) / 2
        case .codedS2: return 80 + 8 * (32 + 2 + 3) + 2 * (16 + bits + 24 + 3)
        case .codedS8: return 80 + 8 * (32 + 2 + 3) + 8 * (16 + bits + 24 + 3)
        }
    }

    /// The payload of one data PDU: the requested length, within 2120 µs (2704 µs on LE Coded).
    var octetsPerPDU: Int {
        let time = phy == .codedS2 || phy == .codedS8 ? 2704 : 2120
        var octets = 27
        while octets < requestedOctets, Self.airtimeMicroseconds(phy, payload: octets + 1) <= time { octets += 1 }
        return octets
    }

    /// The ATT value one notification carries so that it fills one PDU.
    var notificationLength: Int { octetsPerPDU - 7 }

    /// Exchanges one connection event holds.
    var exchangesPerEvent: Int {
        let exchange =
            Self.airtimeMicroseconds(phy, payload: 0) + Self.airtimeMicroseconds(phy, payload: octetsPerPDU) + 300
        return max(1, Int(interval.microseconds) / exchange)
    }

    /// ATT value throughput in kilobits per second.
    var kilobitsPerSecond: Double {
        Double(exchangesPerEvent * notificationLength * 8) / (Double(interval.microseconds) / 1000)
    }
}

extension Duration {
    /// The duration in whole microseconds.
    var microseconds: Int64 {
        components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
    }
}
