/// A Bluetooth UUID in 16-, 32- or 128-bit form; equal values compare equal whatever their form.
///
/// TEMPORARY stand-in for Sources/Host/ATT/BluetoothUUID.swift, to be deleted when that file is merged.
/// Bluetooth Core Specification Vol 3, Part B, 2.5.1.
public struct BluetoothUUID: Hashable, Sendable {
    private static let base: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0x80, 0x5F, 0x9B, 0x34, 0xFB,
    ]

    private let value: [UInt8]

    /// Makes a UUID from its 16-bit alias of the Bluetooth Base UUID.
    public init(uint16: UInt16) {
        self.init(uint32: UInt32(uint16))
    }

    /// Makes a UUID from its 32-bit alias of the Bluetooth Base UUID.
    public init(uint32: UInt32) {
        var value = Self.base
        for index in 0..<4 {
            value[index] = UInt8(truncatingIfNeeded: uint32 >> (8 * (3 - index)))
        }
        self.value = value
    }

    /// Makes a UUID from its 16 bytes in printed order.
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 16, "a 128-bit UUID has 16 bytes")
        value = bytes
    }

    /// The 32-bit alias when the UUID is derived from the Bluetooth Base UUID.
    public var uint32: UInt32? {
        guard value[4...] == Self.base[4...] else { return nil }
        return value[0..<4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The 16-bit alias when the UUID has one.
    public var uint16: UInt16? {
        guard let uint32, uint32 <= 0xFFFF else { return nil }
        return UInt16(uint32)
    }

    /// Whether the UUID is written in 16-bit form.
    public var is16Bit: Bool { uint16 != nil }

    /// Whether the UUID is written in 32-bit form.
    public var is32Bit: Bool { uint32 != nil && uint16 == nil }

    /// Whether the UUID is written in 128-bit form.
    public var is128Bit: Bool { uint32 == nil }

    /// The bytes in printed order: 2, 4 or 16 of them by form.
    public var bytes: [UInt8] {
        if is16Bit { return Array(value[2..<4]) }
        if is32Bit { return Array(value[0..<4]) }
        return value
    }

    /// The UUID as CBUUID prints it, upper case.
    public var uuidString: String {
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        guard is128Bit else { return hex.joined() }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }
}
