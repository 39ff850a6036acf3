/// What `bluetooth explore` found on a peripheral: its services, included services, characteristics and
/// descriptors, with the values read (or why a read was refused).
///
/// It renders the `explore --json` format of DESIGN.md and the tree people read, and reads the JSON back.
struct ExploreReport: Equatable, Sendable {
    /// The peripheral's identifier, a UUID string.
    var identifier: String
    /// The peripheral's Bluetooth address (`AA:BB:CC:DD:EE:FF`), when known.
    var address: String?
    /// The peripheral's name, when known.
    var name: String?
    /// The services in discovery (handle) order.
    var services: [Service]

    /// One service found on the peripheral.
    struct Service: Equatable, Sendable {
        /// The service's UUID as CBUUID prints it.
        var uuid: String
        /// Whether the service is primary.
        var isPrimary: Bool
        /// The UUIDs of the services it includes.
        var includedServices: [String]
        /// The characteristics in discovery order.
        var characteristics: [Characteristic]
    }

    /// One characteristic of a service.
    struct Characteristic: Equatable, Sendable {
        /// The characteristic's UUID as CBUUID prints it.
        var uuid: String
        /// The option names of its properties (`read`, `write`, ...), in bit order.
        var properties: [String]
        /// The value read, or nil when it was not read or the read failed.
        var value: [UInt8]?
        /// The name of the ATT or CoreBluetooth error that refused the read (e.g. `insufficientEncryption`).
        var error: String?
        /// The descriptors in discovery order.
        var descriptors: [Descriptor]
    }

    /// One descriptor of a characteristic.
    struct Descriptor: Equatable, Sendable {
        /// The descriptor's UUID as CBUUID prints it.
        var uuid: String
        /// The value read, or nil when it could not be read.
        var value: [UInt8]?
    }
}
