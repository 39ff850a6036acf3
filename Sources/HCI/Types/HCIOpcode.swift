/// A command opcode: a group (OGF, 6 bits) and a command within it (OCF, 10 bits).
///
/// Bluetooth Core Specification Vol 4, Part E, 5.4.1.
public struct HCIOpcode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Makes the opcode for command `ocf` of group `ogf`.
    public init(ogf: UInt8, ocf: UInt16) {
        rawValue = UInt16(ogf & 0x3F) << 10 | (ocf & 0x03FF)
    }

    /// The opcode group field.
    public var ogf: UInt8 { UInt8(rawValue >> 10) }
    /// The opcode command field.
    public var ocf: UInt16 { rawValue & 0x03FF }

    /// The opcode of Command Complete/Status events that only return command credits.
    public static let noOperation = HCIOpcode(rawValue: 0x0000)
}

extension HCIOpcode: CustomStringConvertible {
    public var description: String {
        "0x" + String(rawValue, radix: 16) + " (OGF 0x\(String(ogf, radix: 16)), OCF 0x\(String(ocf, radix: 16)))"
    }
}

extension HCIOpcode: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
