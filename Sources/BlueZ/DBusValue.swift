/// One D-Bus value, as a Swift value: what the BlueZ module reads from and writes into messages.
///
/// Containers carry the signatures of their elements, so an empty array or dictionary still has a type.
indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// A file descriptor (`h`): the one a message carried, owned by the reader, or one to send (libdbus sends a
    /// duplicate).
    case unixFD(BlueZFileDescriptor)
    case array(element: String, [DBusValue])
    case dictionary(key: String, value: String, [DBusDictionaryEntry])
    case structure([DBusValue])
    case variant(DBusValue)
    /// One key and value inside a dictionary, as libdbus iterates it.
    case dictionaryEntry(DBusValue, DBusValue)

    /// The value's D-Bus type signature.
    var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        case .dictionaryEntry(let key, let value): "{" + key.signature + value.signature + "}"
        }
    }

    /// An array of bytes (`ay`).
    static func bytes(_ bytes: [UInt8]) -> DBusValue {
        .array(element: "y", bytes.map(DBusValue.byte))
    }

    /// A string-keyed dictionary of variants (`a{sv}`), BlueZ's options and properties.
    static func options(_ entries: [String: DBusValue]) -> DBusValue {
        .dictionary(
            key: "s", value: "v",
            entries.sorted { $0.key < $1.key }.map {
                DBusDictionaryEntry(key: .string($0.key), value: .variant($0.value))
            })
    }

    /// The value inside a variant (the value itself when it is none).
    var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The text of a string, object path or signature.
    var text: String? {
        switch unwrapped {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// A boolean's value.
    var bool: Bool? {
        if case .boolean(let value) = unwrapped { return value }
        return nil
    }

    /// An integer's value, whatever its width, when it fits an `Int`.
    var integer: Int? {
        switch unwrapped {
        case .byte(let value): Int(value)
        case .int16(let value): Int(value)
        case .uint16(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int64(let value): Int(value)
        case .uint64(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The bytes of an `ay` array.
    var byteArray: [UInt8]? {
        guard case .array("y", let elements) = unwrapped else { return nil }
        return elements.compactMap { element in
            if case .byte(let byte) = element { return byte }
            return nil
        }
    }

    /// The texts of an array of strings or object paths.
    var texts: [String]? {
        guard case .array(_, let elements) = unwrapped else { return nil }
        return elements.compactMap(\.text)
    }

    /// The entries of a dictionary.
    var entries: [DBusDictionaryEntry]? {
        switch unwrapped {
        case .dictionary(_, _, let entries): entries
        case .array(_, let elements) where elements.isEmpty: []
        default: nil
        }
    }

    /// A string-keyed dictionary's entries, by key.
    var stringKeyed: [String: DBusValue]? {
        guard let entries else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            guard let key = entry.key.text else { continue }
            result[key] = entry.value.unwrapped
        }
        return result
    }
}

extension BlueZFileDescriptor: Equatable {
    /// Two descriptors are equal when they are the same object: each owns its own duplicate.
    public static func == (lhs: BlueZFileDescriptor, rhs: BlueZFileDescriptor) -> Bool { lhs === rhs }
}

/// One key and value of a D-Bus dictionary.
struct DBusDictionaryEntry: Equatable, Sendable {
    var key: DBusValue
    var value: DBusValue
}
