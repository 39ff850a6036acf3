import CoreBluetooth

/// A peripheral described in a GATT file (the input of `bluetooth serve` and of world files): what it advertises
/// and the services it publishes, already checked against what CoreBluetooth accepts.
///
/// The format is fixed in DESIGN.md ("GATT file").
package struct GATTFile: Equatable, Sendable {
    /// The local name to advertise, if any; also the GAP Device Name the peripheral serves.
    package var name: String?
    /// The GAP Appearance the peripheral serves (`"appearance"`, a number 0 to 65535 from the Bluetooth SIG's
    /// Appearance list, e.g. 832 (0x0340) for a heart rate sensor), if any.
    package var appearance: UInt16? = nil
    /// The service UUIDs to advertise.
    package var advertisedServices: [CBUUID]
    /// The services, in file order, which is also the order to publish them in.
    package var services: [Service]

    /// One service of the file; a file may hold several services of one UUID, and a service several
    /// characteristics of one UUID, as GATT allows.
    package struct Service: Equatable, Sendable {
        /// The service's UUID (16- or 128-bit).
        package var uuid: CBUUID
        /// Whether the service is primary; false makes it secondary.
        package var isPrimary: Bool
        /// The UUIDs of the services it includes, each defined earlier in the same file.
        package var includes: [CBUUID]
        /// The characteristics, in file order.
        package var characteristics: [Characteristic]
    }

    /// One characteristic of a service.
    package struct Characteristic: Equatable, Sendable {
        /// The characteristic's UUID.
        package var uuid: CBUUID
        /// How centrals may use the value.
        package var properties: CBCharacteristicProperties
        /// Who may read and write the value.
        package var permissions: CBAttributePermissions
        /// The cached value of a static characteristic (`value`); nil makes the characteristic dynamic.
        package var staticValue: [UInt8]?
        /// The first value of a dynamic characteristic (`initialValue`), answered until one is written or notified.
        package var initialValue: [UInt8]?
        /// The values to send in turn to subscribed centrals, if any.
        package var notify: Notify?
        /// The descriptors the app adds (never 2900 or 2902, which the stack makes).
        package var descriptors: [Descriptor]
    }

    /// Values a characteristic sends to its subscribers in turn, one every interval.
    package struct Notify: Equatable, Sendable {
        /// Milliseconds between two values.
        package var intervalMs: Int
        /// The values, sent in order and then again from the first.
        package var values: [[UInt8]]
    }

    /// A descriptor of a characteristic.
    package struct Descriptor: Equatable, Sendable {
        /// The descriptor's UUID.
        package var uuid: CBUUID
        /// The descriptor's value as bytes (UTF-8 for the User Description, 2901).
        package var value: [UInt8]
    }
}
