import CoreBluetooth
import Host
import Testing

/// A procedure a central runs against a peer that may vanish in the middle of it, with the number of L2CAP PDUs
/// it exchanges (both directions together) against ``VanishRig``'s database.
enum VanishProcedure: String, CaseIterable, Sendable {
    case connect = "connect (MTU exchange, then Device Name read and Service Changed subscription)"
    case discoverServices = "discover all primary services"
    case discoverIncludedServices = "find included services"
    case discoverCharacteristics = "discover all characteristics"
    case discoverDescriptors = "discover all descriptors"
    case readLong = "read long characteristic value"
    case writeLong = "write long characteristic value"
    case subscribe = "subscribe (write the CCCD)"
    case indication = "indication and its confirmation"
    case openChannel = "credit-based channel open"

    /// The PDUs the procedure exchanges when nothing goes wrong, as counted on the wire; cells cut after 0 up to
    /// this minus one.
    var pduCount: Int {
        switch self {
        case .connect: 14
        case .discoverServices: 6
        case .discoverIncludedServices: 4
        case .discoverCharacteristics: 4
        case .discoverDescriptors: 2
        case .readLong: 4
        case .writeLong: 8
        case .subscribe: 2
        case .indication: 2
        case .openChannel: 2
        }
    }

    /// The PDUs of the MTU exchange that comes before a new link is reported up; cutting the link within them
    /// fails the connection, later it drops a connected peripheral.
    static let mtuExchangePDUs = 2

    /// Whether the app's connection attempt fails when the link drops after `step` PDUs of the procedure.
    func failsToConnect(cutAfter step: Int) -> Bool {
        self == .connect && step < Self.mtuExchangePDUs
    }

    /// The error the central's delegate hears when the link drops because the peer fell silent mid-procedure: the
    /// central's own ATT timeout ends the link as a connection timeout; an indication the peer never saw confirmed
    /// times out on the peer, which drops the link. Nil where silence costs no link: an unanswered credit-based
    /// connection request only fails the channel.
    var silentDisconnection: CBError.Code? {
        switch self {
        case .openChannel: nil
        case .indication: .peripheralDisconnected
        default: .connectionTimeout
        }
    }

    /// Whether the procedure runs on an established connection that the rig has discovered.
    var needsDiscovery: Bool {
        switch self {
        case .connect, .discoverServices, .openChannel: false
        default: true
        }
    }
}

/// One cell of the vanish table: a procedure and the number of its PDUs that cross before the link drops.
struct VanishCell: Sendable, CustomTestStringConvertible {
    let procedure: VanishProcedure
    let step: Int

    /// Every cell run: each procedure cut after each of its PDUs but the last.
    static let table: [VanishCell] = VanishProcedure.allCases.flatMap { procedure in
        (0..<procedure.pduCount).map { VanishCell(procedure: procedure, step: $0) }
    }

    var testDescription: String { "\(procedure.rawValue), link dropped after \(step) PDU(s)" }
}
