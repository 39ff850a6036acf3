import HCI

/// Why a GATT server dropped a Signed Write Command; it is a command, so the client is never told.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.5.4 and Vol 3, Part G, 4.9.2.
public enum SignedWriteRefusal: Error, Hashable, Sendable {
    /// The link is encrypted, where a client writes with a Write Command instead.
    case encryptedLink
    /// The handle is not the value of a characteristic whose properties include Authenticated Signed Writes.
    case notSignable(AttributeHandle)
    /// No bond holds the client's CSRK, the signature does not match, or the SignCounter is not above the last
    /// one taken.
    case signatureRejected
}
