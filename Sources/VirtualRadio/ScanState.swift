import HCI

/// Which family of commands a host uses; the spec forbids mixing legacy and extended advertising commands.
///
/// Bluetooth Core Specification Vol 4, Part E, 3.1.1.
enum CommandFamily: Hashable, Sendable {
    case legacy
    case extended
}

/// How a controller scans, as LE Set (Extended) Scan Parameters gave it.
struct ScanParameters: Hashable, Sendable {
    var type: ScanType = .passive
    var ownAddressType: AddressType = .public
    /// 0: accept all; 1: only the filter accept list (2 and 3 behave as 0 and 1 here).
    var filterPolicy: UInt8 = 0
    /// Scan interval and window, in units of 0.625 ms (the defaults of LE Set Scan Parameters: 10 ms each).
    var interval: UInt16 = 0x0010
    var window: UInt16 = 0x0010
}

/// An enabled scan: its parameters, the report format the host asked for and the duplicate filter.
struct ScanState {
    /// Legacy scanning reports with LE Advertising Report; extended scanning with LE Extended Advertising Report.
    var family: CommandFamily
    var parameters: ScanParameters
    var filterDuplicates: Bool
    /// When and on which channel it listens, on a timed air; nil on an instant air, where it hears every event.
    var listening: ScanWindow?
    /// Reports already delivered, when duplicates are filtered.
    var seen: Set<ReportKey> = []

    /// What makes two reports duplicates: the same advertiser, kind of PDU, set and data.
    struct ReportKey: Hashable {
        var advertiser: DeviceAddress?
        var isScanResponse: Bool
        var eventType: UInt16
        var sid: UInt8
        var data: [UInt8]
    }

    /// Whether a report is new (and remembers it when duplicates are filtered).
    mutating func admits(_ key: ReportKey) -> Bool {
        guard filterDuplicates else { return true }
        return seen.insert(key).inserted
    }
}

/// A pending LE (Extended) Create Connection: what to connect to and with which parameters.
struct Initiator {
    var family: CommandFamily
    /// 0: connect to `peer`; 1: connect to any device on the filter accept list.
    var filterPolicy: UInt8
    var peer: DeviceAddress
    var ownAddressType: AddressType
    var parameters: ConnectionParameters
}

/// The timing of a connection, in the units HCI uses.
struct ConnectionParameters: Hashable, Sendable {
    /// Connection interval, in units of 1.25 ms.
    var interval: UInt16
    var latency: UInt16
    /// Supervision timeout, in units of 10 ms.
    var supervisionTimeout: UInt16

    /// Checks a requested range as LE Create Connection and LE Connection Update must.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.12 (parameter ranges and the timeout rule).
    static func validated(
        intervalMin: UInt16, intervalMax: UInt16, latency: UInt16, supervisionTimeout: UInt16
    ) throws(ControllerError) -> ConnectionParameters {
        guard (0x0006...0x0C80).contains(intervalMin), (0x0006...0x0C80).contains(intervalMax),
            intervalMin <= intervalMax, latency <= 0x01F3, (0x000A...0x0C80).contains(supervisionTimeout)
        else { throw .invalidCommandParameters }
        // Timeout (10 ms units) must exceed (1 + latency) * interval (1.25 ms units) * 2.
        guard UInt32(supervisionTimeout) * 4 > (1 + UInt32(latency)) * UInt32(intervalMax) else {
            throw .invalidCommandParameters
        }
        return ConnectionParameters(interval: intervalMin, latency: latency, supervisionTimeout: supervisionTimeout)
    }
}
