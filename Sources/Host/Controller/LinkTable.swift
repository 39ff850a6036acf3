import HCI

/// Values per link, for the few links a host has at once: a short array searched in order, which costs less than
/// hashing the handle on every packet as a dictionary does. The subset of `Dictionary`'s interface the host uses.
struct LinkTable<Value> {
    private var entries: [(handle: ConnectionHandle, value: Value)] = []

    /// Makes an empty table.
    init() {}

    /// The value on `handle`, nil when it has none; setting nil forgets the link.
    subscript(handle: ConnectionHandle) -> Value? {
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
    subscript(handle: ConnectionHandle, default fallback: @autoclosure () -> Value) -> Value {
        get { self[handle] ?? fallback() }
        set { self[handle] = newValue }
    }

    /// Forgets the link and returns its value, if it had one.
    @discardableResult
    mutating func removeValue(forKey handle: ConnectionHandle) -> Value? {
        guard let index = entries.firstIndex(where: { $0.handle == handle }) else { return nil }
        return entries.remove(at: index).value
    }

    /// The links with a value, in handle order.
    var keys: [ConnectionHandle] { entries.map(\.handle) }

    /// The links with a value and their values, in handle order, without copying them into an array.
    var elements: some Sequence<(handle: ConnectionHandle, value: Value)> { entries }

    /// Whether no link has a value.
    var isEmpty: Bool { entries.isEmpty }
}
