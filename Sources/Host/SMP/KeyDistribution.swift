import HCI

/// The keys a device offers or asks for in the key distribution phase; reserved bits are kept as received.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.6.1.
public struct KeyDistribution: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// EncKey: the LTK with EDIV and Rand in legacy pairing; ignored in Secure Connections (bit 0).
    public static let encKey = KeyDistribution(rawValue: 1 << 0)
    /// IdKey: the IRK and the identity address (bit 1).
    public static let idKey = KeyDistribution(rawValue: 1 << 1)
    /// SignKey: the CSRK (bit 2).
    public static let signKey = KeyDistribution(rawValue: 1 << 2)
    /// LinkKey: derive the BR/EDR link key from the LTK (bit 3).
    public static let linkKey = KeyDistribution(rawValue: 1 << 3)
}

extension KeyDistribution: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
