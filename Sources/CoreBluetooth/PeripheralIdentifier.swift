import HCI

/// Derives the identifier a central manager gives a peripheral from the peer's address and address type,
/// so the same device gets the same `UUID` in every manager and every run.
///
/// The UUID reads `424C4500-00TT-8000-8000-AAAAAAAAAAAA`: TT the address type and the last twelve digits the
/// address; the version digit 8 marks a custom (RFC 9562) UUID.
package enum PeripheralIdentifier {
    /// The identifier of the peer at `address`.
    package static func make(address: BluetoothAddress, type: AddressType) -> UUID {
        let a = address.bytes
        return UUID(
            uuid: (
                0x42, 0x4C, 0x45, 0x00, 0x00, type.rawValue, 0x80, 0x00, 0x80, 0x00,
                a[0], a[1], a[2], a[3], a[4], a[5]
            ))
    }

    /// The address and address type an identifier was derived from, or nil when it was not made by ``make``.
    static func address(of identifier: UUID) -> (address: BluetoothAddress, type: AddressType)? {
        let u = identifier.uuid
        guard u.0 == 0x42, u.1 == 0x4C, u.2 == 0x45, u.3 == 0, u.4 == 0, u.6 == 0x80, u.7 == 0, u.8 == 0x80, u.9 == 0
        else { return nil }
        return (BluetoothAddress([u.10, u.11, u.12, u.13, u.14, u.15]), AddressType(rawValue: u.5))
    }
}
