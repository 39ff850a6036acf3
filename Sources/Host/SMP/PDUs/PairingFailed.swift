import HCI

/// Ends a pairing procedure and says why.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.5.
public struct PairingFailed: WireCodable, Hashable {
    /// Why pairing failed.
    public var reason: SMPErrorCode

    /// Wraps a reason.
    public init(reason: SMPErrorCode) {
        self.reason = reason
    }
}

extension PairingFailed {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        reason = try SMPErrorCode(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        reason.encode(into: &writer)
    }
}
