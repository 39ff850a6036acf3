import HCI

/// Distributes a Long Term Key in legacy pairing's key distribution phase.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.6.2.
public struct EncryptionInformation: WireCodable, Hashable {
    /// The LTK.
    public var longTermKey: UInt128

    /// Wraps an LTK.
    public init(longTermKey: UInt128) {
        self.longTermKey = longTermKey
    }
}

extension EncryptionInformation {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        longTermKey = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(longTermKey)
    }
}
