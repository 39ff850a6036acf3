/// A GATT server's attributes, ordered by handle and built from service definitions.
///
/// Handles are given out in definition order from a start handle. Services added later go after the
/// last handle, and removing a service leaves a gap, so the handles of the others never move.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.2 and Vol 3, Part G, 3.
public struct AttributeDatabase: Hashable, Sendable {
    /// Every attribute, in ascending handle order.
    public internal(set) var attributes: [Attribute]
    /// Every service, in ascending handle order.
    public internal(set) var services: [ServiceLayout]
    /// The handle the first attribute gets when the database is empty.
    public let startHandle: AttributeHandle

    /// The attribute with `handle`, if there is one.
    public subscript(handle: AttributeHandle) -> Attribute? {
        let index = firstIndex(atOrAfter: handle)
        guard index < attributes.count, attributes[index].handle == handle else { return nil }
        return attributes[index]
    }

    /// The attributes whose handles lie in `range`, in handle order.
    public func attributes(in range: ClosedRange<AttributeHandle>) -> ArraySlice<Attribute> {
        let lower = firstIndex(atOrAfter: range.lowerBound)
        let upper =
            range.upperBound == .max
            ? attributes.count
            : firstIndex(atOrAfter: AttributeHandle(rawValue: range.upperBound.rawValue + 1))
        return attributes[lower..<max(lower, upper)]
    }

    /// The first service with `uuid`, in handle order.
    public func service(_ uuid: BluetoothUUID) -> ServiceLayout? {
        services.first { $0.uuid == uuid }
    }

    /// The service whose handle range holds `handle`.
    public func service(containing handle: AttributeHandle) -> ServiceLayout? {
        services.first { $0.handles.contains(handle) }
    }

    /// The characteristic whose handle range holds `handle`.
    public func characteristic(containing handle: AttributeHandle) -> CharacteristicLayout? {
        service(containing: handle)?.characteristics.first { $0.handles.contains(handle) }
    }

    /// The characteristic whose value has `valueHandle`.
    public func characteristic(valueHandle: AttributeHandle) -> CharacteristicLayout? {
        characteristic(containing: valueHandle).flatMap { $0.valueHandle == valueHandle ? $0 : nil }
    }

    /// The handles in use, from the first attribute's to the last's; nil when the database is empty.
    public var handleRange: ClosedRange<AttributeHandle>? {
        guard let first = attributes.first, let last = attributes.last else { return nil }
        return first.handle...last.handle
    }

    private func firstIndex(atOrAfter handle: AttributeHandle) -> Int {
        var low = 0
        var high = attributes.count
        while low < high {
            let middle = (low + high) / 2
            if attributes[middle].handle < handle {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
