import HCI

/// Why a C-frame received on the LE signaling channel could not be decoded.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.
public enum SignalingDecodeError: Error, Equatable, Sendable {
    /// The frame is too short to name a code and identifier, so it cannot be answered.
    case unreadableHeader(DecodeError)
    /// The code and identifier were read, but the Length field or the fields are wrong.
    case malformed(code: SignalingCode, identifier: UInt8, DecodeError)
}
