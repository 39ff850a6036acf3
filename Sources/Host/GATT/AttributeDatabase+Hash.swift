import HCI

extension AttributeDatabase {
    /// The Database Hash: AES-CMAC with a zero key over the handle, type and (for declarations and
    /// Extended Properties) value of every service, include, characteristic and descriptor declaration
    /// the specification lists, in handle order.
    ///
    /// As a number, the way the specification prints it; the characteristic value carries it least
    /// significant octet first, like every multi-octet GATT value.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 7.3.1.
    public var hash: UInt128 {
        var message = ByteWriter(capacity: attributes.count * 8)
        for attribute in attributes {
            guard let type = attribute.type.uuid16 else { continue }
            switch type {
            case 0x2800, 0x2801, 0x2802, 0x2803, 0x2900:
                guard case .fixed(let value) = attribute.value else { continue }
                attribute.handle.encode(into: &message)
                message.write(type)
                message.write(bytes: value)
            case 0x2901...0x2905:
                attribute.handle.encode(into: &message)
                message.write(type)
            default:
                continue
            }
        }
        return CryptoToolbox.aesCMAC(key: 0, message: message.bytes)
    }
}
