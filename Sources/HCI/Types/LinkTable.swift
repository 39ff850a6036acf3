/// Values per link, for the few links a host or a controller has at once: a short array kept in handle order and
/// searched in order, which costs less than hashing the handle on every packet as a dictionary does. The subset of
/// `Dictionary`'s interface its users need; inlinable, so that each user's table is specialized for its values.
public struct LinkTable<Value> {
    @usableFromInline var entries: [(handle: ConnectionHandle, value: Value)] = []

    /// Makes an empty table.
    @inlinable public init() {}

    /// The value on `handle`, nil when it has none; setting nil forgets the link.
    @inlinable public subscript(handle: ConnectionHandle) -> Value? {
        get {
            for entry in entries where entry.handle == handle { return entry.value }
            return nil
        }
        set {
            guard let index = entries.firstIndex(where: { $0.handle == handle }) else {
                guard let newValue else { return }
                let position = entries.firstIndex { $0.handle > handle } ?? entries.endIndex
                entries.insert((handle, newValue), at: position)
                return
            }
            if let newValue {
                entries[index].value = newValue
            } else {
                entries.remove(at: index)
            }
        }
    }

    /// The value on `handle`, `fallback` when it has none; changed in place.
    @inlinable public subscript(handle: ConnectionHandle, default fallback: @autoclosure () -> Value) -> Value {
        get { self[handle] ?? fallback() }
        set { self[handle] = newValue }
    }

    /// Forgets the link and returns its value, if it had one.
    @inlinable @discardableResult
    public mutating func removeValue(forKey handle: ConnectionHandle) -> Value? {
        guard let index = entries.firstIndex(where: { $0.handle == handle }) else { return nil }
        return entries.remove(at: index).value
    }

    /// The links with a value, in handle order.
    @inlinable public var keys: [ConnectionHandle] { entries.map(\.handle) }

    /// The links with a value and their values, in handle order, without copying them into an array.
    @inlinable public var elements: some Sequence<(handle: ConnectionHandle, value: Value)> { entries }

    /// How many links have a value.
    @inlinable public var count: Int { entries.count }

    /// Whether no link has a value.
    @inlinable public var isEmpty: Bool { entries.isEmpty }
}

extension LinkTable: Sendable where Value: Sendable {}
