import HCI

/// Distributes a Connection Signature Resolving Key, with which the peer checks the sender's signed data.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.6.6.
public struct SigningInformation: WireCodable, Hashable {
    /// The CSRK.
    public var signatureKey: UInt128

    /// Wraps a CSRK.
    public init(signatureKey: UInt128) {
        self.signatureKey = signatureKey
    }
}

extension SigningInformation {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        signatureKey = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(signatureKey)
    }
}
