extension NSObject {
    /// The object's address as `%p` prints it, for `description`s in Apple's formats.
    var addressDescription: String {
        "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), radix: 16)
    }
}

extension Data {
    /// The bytes as Apple's `NSData` describes itself in messages and `description`s: `{length = 2, bytes = 0x0a00}`.
    var objectDescription: String {
        let hex = map { byte in (byte < 0x10 ? "0" : "") + String(byte, radix: 16) }.joined()
        return "{length = \(count), bytes = 0x\(hex)}"
    }
}

/// A number in upper-case hex digits, as `%lX` prints it.
func hexDigits(_ value: UInt) -> String {
    String(value, radix: 16, uppercase: true)
}

/// A value as `%@` prints it in Apple's `description`s: `(null)` for nil and `NSData`'s form for bytes.
func describe(_ value: Any?) -> String {
    switch value {
    case nil: "(null)"
    case let data as Data: data.objectDescription
    case let array as [Any]: "(" + array.map { describe($0) }.joined(separator: ", ") + ")"
    case let value?: String(describing: value)
    }
}
