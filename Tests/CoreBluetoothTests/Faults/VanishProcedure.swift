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

    /// The PDUs of the host's own discovery of the peer's GATT service, which the first ATT use of a fresh
    /// connection (discovering services, or opening a channel) waits behind.
    static let hostDiscoveryPDUs = 12

    /// The error the app's call fails with when the peer goes silent after `step` PDUs: the call whose ATT (or
    /// L2CAP signaling) transaction timed out gets "The connection has timed out unexpectedly."; a call still
    /// queued behind the host's own discovery when that timed out fails as the link goes down.
    func silentError(after step: Int) -> CBError.Code {
        switch self {
        case .discoverServices where step < Self.hostDiscoveryPDUs, .openChannel where step < Self.hostDiscoveryPDUs:
            .peripheralDisconnected
        default: .connectionTimeout
        }
    }

    /// Whether a silent peer costs the link: an ATT timeout does (the specification ends the bearer); an
    /// unanswered credit-based connection request only fails the channel.
    func silenceDropsLink(after step: Int) -> Bool {
        !(self == .openChannel && step >= Self.hostDiscoveryPDUs)
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
