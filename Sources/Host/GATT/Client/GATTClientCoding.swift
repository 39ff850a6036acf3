/// Reads and writes the fields the discovered-attribute types share in their JSON form.
///
/// UUIDs are written as ``BluetoothUUID/uuidString`` prints them and handles as numbers;
/// decoding rejects what could not have come from a discovery, instead of trapping later.
enum GATTClientCoding {
    static func decodeUUID<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> BluetoothUUID {
        let text = try container.decode(String.self, forKey: key)
        guard let uuid = BluetoothUUID(string: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a UUID: \(text)")
        }
        return uuid
    }

    static func decodeHandle<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> AttributeHandle {
        let handle = AttributeHandle(rawValue: try container.decode(UInt16.self, forKey: key))
        guard handle.isValid else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "handle 0x0000 names no attribute")
        }
        return handle
    }

    static func decodeRange<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, start: Key, end: Key
    ) throws -> ClosedRange<AttributeHandle> {
        let first = try decodeHandle(container, forKey: start)
        let last = try decodeHandle(container, forKey: end)
        guard first <= last else {
            throw DecodingError.dataCorruptedError(
                forKey: end, in: container, debugDescription: "range ends at \(last) before it starts at \(first)")
        }
        return first...last
    }
}
