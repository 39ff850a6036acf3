/// Why bytes received from a peer or a controller could not be decoded.
public enum DecodeError: Error, Equatable, Sendable {
    /// The input ended before a field: `needed` more bytes were required, `available` remained.
    case truncated(needed: Int, available: Int)
    /// The input had bytes left over after the last field.
    case trailingBytes(count: Int)
    /// A length field disagrees with the bytes present.
    case lengthMismatch(field: String, declared: Int, actual: Int)
    /// A field holds a value the format does not allow.
    case invalidValue(field: String, raw: UInt64)
}

extension DecodeError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .truncated(let needed, let available):
            "truncated: needed \(needed) more byte(s), \(available) available"
        case .trailingBytes(let count):
            "\(count) unexpected trailing byte(s)"
        case .lengthMismatch(let field, let declared, let actual):
            "length mismatch in \(field): declared \(declared), actual \(actual)"
        case .invalidValue(let field, let raw):
            "invalid value 0x\(String(raw, radix: 16)) for \(field)"
        }
    }
}
