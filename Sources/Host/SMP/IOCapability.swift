import HCI

/// What a device can show and take from its user for pairing; unknown values stay representable.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.2 and 3.5.1.
public struct IOCapability: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A display but no input. Spec value 0x00.
    public static let displayOnly = IOCapability(rawValue: 0x00)
    /// A display and a yes/no input. Spec value 0x01.
    public static let displayYesNo = IOCapability(rawValue: 0x01)
    /// A keyboard but no display. Spec value 0x02.
    public static let keyboardOnly = IOCapability(rawValue: 0x02)
    /// Neither a display nor an input. Spec value 0x03.
    public static let noInputNoOutput = IOCapability(rawValue: 0x03)
    /// A keyboard and a display. Spec value 0x04.
    public static let keyboardDisplay = IOCapability(rawValue: 0x04)

    /// Whether the specification defines the value (0x00 to 0x04).
    public var isKnown: Bool { rawValue <= 0x04 }
}

extension IOCapability: CustomStringConvertible {
    public var description: String {
        switch self {
        case .displayOnly: "DisplayOnly"
        case .displayYesNo: "DisplayYesNo"
        case .keyboardOnly: "KeyboardOnly"
        case .noInputNoOutput: "NoInputNoOutput"
        case .keyboardDisplay: "KeyboardDisplay"
        default: "IO capability 0x\(String(rawValue, radix: 16))"
        }
    }
}

extension IOCapability: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
