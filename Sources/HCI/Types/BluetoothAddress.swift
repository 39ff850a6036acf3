/// A 48-bit Bluetooth device address (BD_ADDR), written most significant byte first as `AA:BB:CC:DD:EE:FF`.
///
/// Bluetooth Core Specification Vol 6, Part B, 1.3.
public struct BluetoothAddress: Hashable, Sendable, Comparable {
    /// The address as a 48-bit number; the first printed byte is the most significant.
    public let rawValue: UInt64

    /// Makes an address from its 48-bit value; higher bits are discarded.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue & 0xFFFF_FFFF_FFFF
    }

    /// Makes an address from its six bytes in the order they are printed.
    public init(_ bytes: [UInt8]) {
        precondition(bytes.count == 6, "a Bluetooth address has 6 bytes")
        self.init(rawValue: bytes.reduce(0) { $0 << 8 | UInt64($1) })
    }

    /// Parses `AA:BB:CC:DD:EE:FF` (or with dashes); nil when the text is not an address.
    public init?(_ text: String) {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == "-" })
        guard parts.count == 6 else { return nil }
        var value: UInt64 = 0
        for part in parts {
            guard part.count == 2, let byte = UInt8(part, radix: 16) else { return nil }
            value = value << 8 | UInt64(byte)
        }
        self.init(rawValue: value)
    }

    /// The all-zero address, which controllers report when they have no public address.
    public static let zero = BluetoothAddress(rawValue: 0)

    /// The six bytes in printed order (most significant first).
    public var bytes: [UInt8] {
        (0..<6).map { UInt8(truncatingIfNeeded: rawValue >> (8 * (5 - $0))) }
    }

    /// Whether the two most significant bits are 0b11, as a static random address requires.
    public var isStaticRandom: Bool { rawValue >> 46 == 0b11 }

    /// Whether the two most significant bits are 0b01, marking a resolvable private address.
    public var isResolvablePrivate: Bool { rawValue >> 46 == 0b01 }

    public static func < (lhs: BluetoothAddress, rhs: BluetoothAddress) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension BluetoothAddress: CustomStringConvertible {
    public var description: String {
        bytes.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: ":")
    }
}

extension BluetoothAddress: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.readUInt(width: 6))
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeUInt(rawValue, width: 6)
    }
}
