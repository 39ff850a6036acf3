import HCI

/// The attribute types the GATT client procedures search for.
///
/// Bluetooth Core Specification Vol 3, Part G, 3; Assigned Numbers, 3.6 and 3.7.
enum GATTClientAttributeType {
    /// «Primary Service», 0x2800, as Find By Type Value carries it.
    static let primaryService16: UInt16 = 0x2800
    /// «Primary Service», 0x2800.
    static let primaryService = BluetoothUUID(uuid16: primaryService16)
    /// «Include», 0x2802.
    static let include = BluetoothUUID(uuid16: 0x2802)
    /// «Characteristic», 0x2803.
    static let characteristic = BluetoothUUID(uuid16: 0x2803)
    /// Client Characteristic Configuration, 0x2902.
    static let clientCharacteristicConfiguration = BluetoothUUID(uuid16: 0x2902)
}

extension GATTClientAttributeType {
    /// The UUID a declaration's value carries in 2 or 16 bytes; `what` names the declaration in the error.
    static func uuid(fromValue bytes: ArraySlice<UInt8>, of what: String) throws(GATTClientError) -> BluetoothUUID {
        var reader = ByteReader(bytes)
        guard let uuid = try? BluetoothUUID(from: &reader, byteCount: bytes.count) else {
            throw .invalidResponse("\(what) UUID of \(bytes.count) bytes")
        }
        return uuid
    }
}
