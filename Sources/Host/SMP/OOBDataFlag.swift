import HCI

/// Whether a device has out-of-band authentication data for its peer; unknown values stay representable.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.1.
public struct OOBDataFlag: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// No OOB authentication data is present. Spec value 0x00.
    public static let notPresent = OOBDataFlag(rawValue: 0x00)
    /// OOB authentication data from the remote device is present. Spec value 0x01.
    public static let present = OOBDataFlag(rawValue: 0x01)

    /// Whether the flag says data is present; reserved values count as not present.
    public var isPresent: Bool { self == .present }
}

extension OOBDataFlag: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
