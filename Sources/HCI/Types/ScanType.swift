/// Whether a scanner only listens or also sends scan requests; unknown values stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.10 (LE_Scan_Type).
public struct ScanType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Listen only; send no scan requests. Spec value 0x00.
    public static let passive = ScanType(rawValue: 0x00)
    /// Send scan requests to scannable advertisers. Spec value 0x01.
    public static let active = ScanType(rawValue: 0x01)
}

extension ScanType: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
