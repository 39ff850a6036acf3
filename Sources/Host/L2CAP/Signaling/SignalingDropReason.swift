import HCI

/// Why the LE signaling channel discarded a C-frame without answering it.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.
public enum SignalingDropReason: Equatable, Sendable {
    /// The frame is too short to name a code and identifier.
    case unreadableHeader(DecodeError)
    /// The command carries identifier 0, which is never valid.
    case invalidIdentifier(code: SignalingCode)
    /// A response or Command Reject could not be decoded; responses are never rejected.
    case malformedResponse(code: SignalingCode, identifier: UInt8, DecodeError)
    /// A response longer than the signaling MTU arrived; responses are never rejected.
    case responseExceedsMTU(code: SignalingCode, identifier: UInt8, length: Int)
    /// A response or Command Reject matches no outstanding request of its kind.
    case unexpectedResponse(code: SignalingCode, identifier: UInt8)
}
