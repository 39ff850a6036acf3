import HCI

/// A Bluetooth UUID in its 16-, 32- or 128-bit form; short forms stand for values on the Bluetooth Base UUID.
///
/// Equality and hashing compare the 128-bit values, so a 16-bit UUID equals its 128-bit expansion.
/// The form a UUID was made in decides only its wire form.
///
/// Bluetooth Core Specification Vol 3, Part B, 2.5.1.
public struct BluetoothUUID: Sendable {
    // Two 64-bit halves rather than a `UInt128`: a Swift 6.3.1 debug build once crashed on a misaligned 16-byte
    // load while comparing values that held this type with `UInt128` storage.
    private let high: UInt64
    private let low: UInt64
    private let width: UInt8

    /// The Bluetooth Base UUID, 00000000-0000-1000-8000-00805F9B34FB, onto which short forms expand.
    public static let baseUUID: UInt128 = 0x0000_0000_0000_1000_8000_0080_5F9B_34FB

    /// Makes a 16-bit UUID.
    public init(uuid16: UInt16) {
        self.init(uuid32: UInt32(uuid16), width: 16)
    }

    /// Makes a 32-bit UUID.
    public init(uuid32: UInt32) {
        self.init(uuid32: uuid32, width: 32)
    }

    /// Makes a 128-bit UUID; the integer reads in the order the UUID is written.
    public init(uuid128: UInt128) {
        self.init(high: UInt64(truncatingIfNeeded: uuid128 >> 64), low: UInt64(truncatingIfNeeded: uuid128))
    }

    private init(uuid32: UInt32, width: UInt8) {
        high = UInt64(uuid32) << 32 | Self.baseHigh
        low = Self.baseLow
        self.width = width
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
        width = 128
    }

    /// Parses the forms ``uuidString`` prints (4, 8 or 36 characters, either case); nil for anything else.
    public init?(string: String) {
        let characters = Array(string.utf8)
        switch characters.count {
        case 4:
            guard let value = Self.parseHex(characters[...]) else { return nil }
            self.init(uuid16: UInt16(value))
        case 8:
            guard let value = Self.parseHex(characters[...]) else { return nil }
            self.init(uuid32: UInt32(value))
        case 36:
            let dashes = [8, 13, 18, 23]
            guard dashes.allSatisfy({ characters[$0] == UInt8(ascii: "-") }) else { return nil }
            var value: UInt128 = 0
            for group in [0..<8, 9..<13, 14..<18, 19..<23, 24..<36] {
                guard let part = Self.parseHex(characters[group]) else { return nil }
                value = value << (4 * group.count) | part
            }
            self.init(uuid128: value)
        default:
            return nil
        }
    }

    /// The 128-bit value the UUID stands for.
    public var uuid128: UInt128 {
        UInt128(high) << 64 | UInt128(low)
    }

    /// The 32-bit form, if the value lies on the Base UUID.
    public var uuid32: UInt32? {
        guard high & 0xFFFF_FFFF == Self.baseHigh, low == Self.baseLow else { return nil }
        return UInt32(truncatingIfNeeded: high >> 32)
    }

    /// The 16-bit form, if the value lies on the Base UUID within the 16-bit range.
    public var uuid16: UInt16? {
        uuid32.flatMap { UInt16(exactly: $0) }
    }

    /// How many bits the form the UUID was made in has: 16, 32 or 128.
    public var bitWidth: Int {
        Int(width)
    }

    /// The same UUID in its shortest form: 16-bit if possible, else 32-bit, else 128-bit.
    public var shortestForm: BluetoothUUID {
        if let value = uuid16 { return BluetoothUUID(uuid16: value) }
        if let value = uuid32 { return BluetoothUUID(uuid32: value) }
        return self
    }

    /// The UUID as CoreBluetooth's `CBUUID` prints it, in its shortest form, upper case.
    ///
    /// 4 hex digits for a 16-bit UUID, 8 for a 32-bit UUID, 36 characters with dashes otherwise.
    public var uuidString: String {
        if let value = uuid16 { return Self.hex(UInt128(value), digits: 4) }
        if let value = uuid32 { return Self.hex(UInt128(value), digits: 8) }
        let digits = Self.hex(uuid128, digits: 32)
        var text = ""
        for (offset, character) in digits.enumerated() {
            if [8, 12, 16, 20].contains(offset) { text.append("-") }
            text.append(character)
        }
        return text
    }

    /// The number of bytes the UUID takes in an ATT PDU: 2 for a 16-bit UUID, 16 otherwise.
    ///
    /// ATT carries only 16- and 128-bit UUIDs; a 32-bit UUID travels as its 128-bit expansion.
    public var attByteCount: Int {
        bitWidth == 16 ? 2 : 16
    }

    private static let baseHigh: UInt64 = 0x0000_0000_0000_1000
    private static let baseLow: UInt64 = 0x8000_0080_5F9B_34FB

    private static func parseHex(_ characters: ArraySlice<UInt8>) -> UInt128? {
        var value: UInt128 = 0
        for character in characters {
            let digit: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt128(digit)
        }
        return value
    }

    private static func hex(_ value: UInt128, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: digits - text.count) + text
    }
}

extension BluetoothUUID: Hashable {
    public static func == (lhs: BluetoothUUID, rhs: BluetoothUUID) -> Bool {
        lhs.high == rhs.high && lhs.low == rhs.low
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(high)
        hasher.combine(low)
    }
}

extension BluetoothUUID: CustomStringConvertible {
    public var description: String { uuidString }
}

extension BluetoothUUID {
    /// Decodes a UUID that occupies `byteCount` bytes of an ATT PDU: 2 or 16, least significant byte first.
    public init(from reader: inout ByteReader, byteCount: Int) throws(DecodeError) {
        switch byteCount {
        case 2: self.init(uuid16: try reader.read())
        case 16: self.init(uuid128: try reader.read())
        default: throw .invalidValue(field: "UUID length", raw: UInt64(truncatingIfNeeded: byteCount))
        }
    }

    /// Appends the UUID's ATT form (``attByteCount`` bytes), least significant byte first.
    public func encode(into writer: inout ByteWriter) {
        if width == 16 {
            writer.write(UInt16(truncatingIfNeeded: high >> 32))
        } else {
            writer.write(low)
            writer.write(high)
        }
    }
}
