import HCI

/// Distributes an Identity Resolving Key, with which the peer resolves the sender's private addresses.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.6.4.
public struct IdentityInformation: WireCodable, Hashable {
    /// The IRK.
    public var identityResolvingKey: UInt128

    /// Wraps an IRK.
    public init(identityResolvingKey: UInt128) {
        self.identityResolvingKey = identityResolvingKey
    }
}

extension IdentityInformation {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        identityResolvingKey = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(identityResolvingKey)
    }
}
