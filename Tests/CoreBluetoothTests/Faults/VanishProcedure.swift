import CoreBluetooth
import Host
import Testing

/// A procedure a central runs against a peer that may vanish in the middle of it, with the number of L2CAP PDUs
/// it exchanges (both directions together) against ``VanishRig``'s database.
enum VanishProcedure: String, CaseIterable, Sendable {
    case connect = "connect (with its MTU exchange)"
    case discoverServices = "discover all primary services"
    case discoverIncludedServices = "find included services"
    case discoverCharacteristics = "discover all characteristics"
    case discoverDescriptors = "discover all descriptors"
    case readLong = "read long characteristic value"
    case writeLong = "write long characteristic value"
    case subscribe = "subscribe (write the CCCD)"
    case indication = "indication and its confirmation"
    case openChannel = "credit-based channel open"

    /// The PDUs the procedure exchanges when nothing goes wrong, as counted on the wire (the first ATT use of a
    /// fresh connection also carries the host's own GATT-service discovery); cells cut after 0 up to this minus one.
    var pduCount: Int {
        switch self {
        case .connect: 2
        case .discoverServices: 18
        case .discoverIncludedServices: 4
        case .discoverCharacteristics: 4
        case .discoverDescriptors: 2
        case .readLong: 4
        case .writeLong: 8
        case .subscribe: 2
        case .indication: 2
        case .openChannel: 14
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
